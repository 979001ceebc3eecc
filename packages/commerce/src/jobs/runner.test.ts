import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { silentLogger } from "../log.ts";
import { createWorker, type JobDefinition, wakeJob, workerHeartbeatAge } from "./runner.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

/** A clock the test moves by hand. */
function manualClock(iso: string): Clock & { advance(ms: number): void } {
  let at = Date.parse(iso);
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

const worker = (clock: Clock, jobs: JobDefinition[], id: string) =>
  createWorker({ db: t.db, clock, config: loadConfig({}), log: silentLogger, jobs, id });

describe("job runner", () => {
  it("runs a job once per period across two workers on one database, and records every run", async () => {
    const clock = manualClock("2026-05-01T12:00:00.000Z");
    let runs = 0;
    const job: JobDefinition = {
      name: "count",
      intervalMs: 60_000,
      async run() {
        runs += 1;
        // Both workers are inside their tick while this runs.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { runs };
      },
    };
    const a = worker(clock, [job], "a");
    const b = worker(clock, [job], "b");
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    // Not due yet: nobody runs it.
    clock.advance(30_000);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toBe(1);
    clock.advance(31_000);
    await Promise.all([b.tick(), a.tick()]);
    expect(runs).toBe(2);

    const recorded = await t.db.selectFrom("job_run").selectAll().where("job", "=", "count").orderBy("id").execute();
    expect(recorded.map((run) => [run.status, JSON.parse(run.summary)])).toEqual([
      ["ok", { runs: 1 }],
      ["ok", { runs: 2 }],
    ]);
    expect(recorded.every((run) => run.finished_at !== null)).toBe(true);
    await a.stop();
    await b.stop();
  });

  it("records a failed run with its error and runs the job again next period", async () => {
    const clock = manualClock("2026-05-02T12:00:00.000Z");
    let fail = true;
    const job: JobDefinition = {
      name: "flaky",
      intervalMs: 1_000,
      async run() {
        if (fail) throw new Error("smtp down");
        return { sent: 1 };
      },
    };
    const w = worker(clock, [job], "flaky-worker");
    await w.tick();
    fail = false;
    clock.advance(1_000);
    await w.tick();
    const recorded = await t.db.selectFrom("job_run").selectAll().where("job", "=", "flaky").orderBy("id").execute();
    expect(recorded.map((run) => run.status)).toEqual(["failed", "ok"]);
    expect(recorded[0]?.error).toContain("smtp down");
    await w.stop();
  });

  it("runNow runs a job that is not due, but not while another worker holds it", async () => {
    const clock = manualClock("2026-05-03T12:00:00.000Z");
    let release: () => void = () => {};
    let runs = 0;
    const job: JobDefinition = {
      name: "slow",
      intervalMs: 3_600_000,
      async run() {
        runs += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return undefined;
      },
    };
    const a = worker(clock, [job], "slow-a");
    const b = worker(clock, [job], "slow-b");
    const first = a.runNow("slow");
    await expect.poll(() => runs).toBe(1);
    expect(await b.runNow("slow")).toBe("busy");
    // stop() waits for the running job.
    let stopped = false;
    const stopping = a.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    expect(await first).toBe("ok");
    await stopping;
    expect(stopped).toBe(true);
    // Not due for an hour, but runNow runs it.
    const again = b.runNow("slow");
    await expect.poll(() => runs).toBe(2);
    release();
    expect(await again).toBe("ok");
    await b.stop();
  });

  it("reports the age of the freshest heartbeat", async () => {
    await t.db.deleteFrom("worker").execute();
    const clock = manualClock("2026-05-04T12:00:00.000Z");
    expect(await workerHeartbeatAge(t.db, clock.now())).toBeUndefined();
    const w = worker(clock, [], "beat");
    await w.tick();
    clock.advance(5_000);
    expect(await workerHeartbeatAge(t.db, clock.now())).toBe(5_000);
    await w.stop();
    expect(await workerHeartbeatAge(t.db, clock.now())).toBeUndefined();
  });

  it("runs a job again at the next tick when it was woken while it ran, and at its period otherwise", async () => {
    const clock = manualClock("2026-05-02T12:00:00.000Z");
    let runs = 0;
    let release: () => void = () => {};
    const job: JobDefinition = {
      name: "woken",
      intervalMs: 60_000,
      async run() {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        return {};
      },
    };
    const w = worker(clock, [job], "w");
    const first = w.tick();
    while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Work is queued after the run looked for it: the wake must not be lost when the run ends.
    clock.advance(1_000);
    await wakeJob({ db: t.db, clock }, "woken");
    release();
    await first;
    clock.advance(1_000);
    await w.tick();
    expect(runs).toBe(2);
    // Not woken this time: the next run waits for the period.
    clock.advance(1_000);
    await w.tick();
    expect(runs).toBe(2);
    await w.stop();
  });
});
