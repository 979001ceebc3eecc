import { describe, expect, it } from "vitest";
import { runCli } from "../cli.ts";
import { commands } from "./index.ts";
import { cliHarness } from "./test-harness.ts";

/** `vitrine worker` and `vitrine jobs …` on their own database. */
const harness = cliHarness("jobs");
const { cli } = harness;

describe("vitrine worker and vitrine jobs", () => {
  it("says when no job has run, runs one on demand and refuses unknown jobs", async () => {
    expect(await cli("jobs")).toMatchObject({
      code: 0,
      out: ["No job has run yet (start the shop or vitrine worker)"],
    });
    expect(await cli("jobs", "runs")).toMatchObject({ code: 0, out: ["No runs"] });
    expect((await cli("jobs", "run", "nothing")).code).toBe(2);
    expect(await cli("jobs", "run", "retention")).toMatchObject({ code: 0 });
    const runs = await cli("jobs", "runs", "--job", "retention");
    expect(runs.out).toHaveLength(1);
    expect(runs.out[0]).toMatch(
      /^\d+ retention \S+ ok \(sentMails 0, guestBaskets 0, guestDrafts 0, rateLimits 0, events \d+\)$/,
    );
  });

  it("runs every job in a worker until stopped, and lists their runs and failures", async () => {
    const out: string[] = [];
    const err: string[] = [];
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = runCli(commands, ["worker"], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      untilStopped: () => stopped,
    });
    // The first tick runs every job (each is due the first time a worker sees it).
    for (let i = 0; i < 100; i++) {
      const listed = (await cli("jobs")).out;
      if (listed.length === 6 && listed.every((line) => / ok /.test(line))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    stop();
    expect(await running).toBe(0);
    expect(out[0]).toMatch(
      /^Worker \S+ running mail, prepayment-expiry, payment-reconcile, media-cleanup, retention, search-analytics$/,
    );
    expect(out.at(-1)).toBe("Worker stopped");

    const listed = (await cli("jobs")).out;
    expect(listed.map((line) => line.split(":")[0])).toEqual([
      "mail",
      "media-cleanup",
      "payment-reconcile",
      "prepayment-expiry",
      "retention",
      "search-analytics",
    ]);
    expect(listed[0]).toMatch(/^mail: every 5 s, last \S+ ok \(sent 0, failed 0\), next \S+$/);
    expect(listed[1]).toMatch(/^media-cleanup: every 3600 s, last \S+ ok \(checked 0, deleted 0\)/);
    expect(listed[2]).toMatch(
      /^payment-reconcile: every 900 s, last \S+ ok \(synced 0, placed 0, voided 0, captured 0, settled 0, failed 0\)/,
    );
    expect(listed[5]).toMatch(/^search-analytics: every 3600 s, last \S+ ok \(days 0, through null, pruned 0\)/);

    // A failed run is kept with its error, and `--failed` shows only those.
    await harness.db
      .insertInto("job_run")
      .values({
        job: "mail",
        worker_id: "w",
        started_at: "2026-01-01T00:00:00.000Z",
        finished_at: "2026-01-01T00:00:01.000Z",
        status: "failed",
        error: "Error: SMTP down\n    at send",
        summary: "{}",
      })
      .execute();
    expect((await cli("jobs", "runs", "--failed")).out).toEqual([
      expect.stringMatching(/^\d+ mail 2026-01-01T00:00:00.000Z failed: Error: SMTP down$/),
    ]);
  });
});
