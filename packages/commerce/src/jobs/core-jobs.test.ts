import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { silentLogger } from "../log.ts";
import { readOutbox } from "../mail/mail.ts";
import { enqueueMail } from "../orders/outbox.ts";
import { coreJobs } from "./core-jobs.ts";
import { createWorker } from "./runner.ts";

let t: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "vitrine-jobs-"));
});
afterAll(async () => {
  await t?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe("core jobs", () => {
  it("the worker's mail job delivers queued mails with the worker's configuration and records what it sent", async () => {
    const clock = fixedClock("2026-05-01T12:00:00.000Z");
    await enqueueMail(
      t,
      { kind: "password-reset", to: "ada@example.com", subject: "Reset", text: "link", html: "<p>link</p>" },
      clock.now(),
    );
    // No SMTP_URL: the worker's process writes mails to its data directory's outbox folder.
    const config = { ...loadConfig({}), VITRINE_DATA_DIR: dataDir };
    const worker = createWorker({ db: t.db, clock, config, log: silentLogger, jobs: coreJobs(config), id: "w" });
    await worker.tick();
    await worker.stop();
    const delivered = await readOutbox(config);
    expect(delivered.map((mail) => [mail.kind, mail.to])).toEqual([["password-reset", ["ada@example.com"]]]);
    const runs = await t.db.selectFrom("job_run").select(["job", "status", "summary"]).orderBy("job").execute();
    expect(runs.map((run) => [run.job, run.status])).toEqual([
      ["mail", "ok"],
      ["media-cleanup", "ok"],
      ["payment-reconcile", "ok"],
      ["prepayment-expiry", "ok"],
      ["retention", "ok"],
    ]);
    expect(JSON.parse(runs[0]?.summary ?? "{}")).toEqual({ sent: 1, failed: 0 });
    const pending = await t.db.selectFrom("mail_outbox").select("status").execute();
    expect(pending.map((mail) => mail.status)).toEqual(["sent"]);
  });
});
