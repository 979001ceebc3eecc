import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "kysely";
import type { Clock } from "../clock.ts";
import type { VitrineConfig } from "../config.ts";
import { type Ctx, createCtx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { parseJson } from "../json.ts";
import type { Logger } from "../log.ts";

/** A named job: run every `intervalMs` by exactly one worker process at a time. */
export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** Returns a small summary recorded with the run (e.g. `{ sent: 3, failed: 1 }`). */
  run(ctx: Ctx): Promise<Record<string, unknown> | undefined>;
}

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  config: VitrineConfig;
  log: Logger;
  jobs: readonly JobDefinition[];
  /** How often the worker looks for due jobs and writes its heartbeat. */
  tickMs?: number;
  /** How long a claim holds without being finished: a crashed worker's job is free again after it. */
  leaseMs?: number;
  id?: string;
}

export type RunStatus = "ok" | "failed" | "busy";

export interface Worker {
  readonly id: string;
  start(): void;
  /** Looks for due jobs once and runs the ones this worker claims; resolves when they are done. */
  tick(): Promise<void>;
  /** Runs one job now, whether due or not, unless another worker holds it (`busy`). */
  runNow(name: string): Promise<RunStatus>;
  /** Stops ticking and waits for the running jobs; removes the heartbeat. */
  stop(): Promise<void>;
}

const DEFAULT_TICK_MS = 1_000;
const DEFAULT_LEASE_MS = 10 * 60_000;

export function createWorker(options: WorkerOptions): Worker {
  const { db, clock, jobs } = options;
  const id = options.id ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log.child({ worker: id });
  const running = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let registered = false;

  const iso = (ms = 0) => new Date(clock.now().getTime() + ms).toISOString();

  async function register(): Promise<void> {
    if (registered) return;
    const now = iso();
    // Every job is due at once the first time any worker sees it.
    for (const job of jobs) {
      await db
        .insertInto("job")
        .values({ name: job.name, next_run_at: now, locked_by: null, locked_until: null })
        .onConflict((c) => c.column("name").doNothing())
        .execute();
    }
    registered = true;
  }

  async function heartbeat(): Promise<void> {
    const now = iso();
    await db
      .insertInto("worker")
      .values({ id, host: hostname(), pid: process.pid, started_at: now, last_seen: now })
      .onConflict((c) => c.column("id").doUpdateSet({ last_seen: now }))
      .execute();
  }

  /** Claims a job with a conditional update: of several workers, only one sees its update take. */
  /** Returns the claim's time, or undefined when another worker has the job or it is not due. */
  async function claim(name: string, dueOnly: boolean): Promise<string | undefined> {
    const now = iso();
    let query = db
      .updateTable("job")
      .set({ locked_by: id, locked_until: iso(leaseMs) })
      .where("name", "=", name)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]));
    if (dueOnly) query = query.where("next_run_at", "<=", now);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? now : undefined;
  }

  async function execute(job: JobDefinition, claimedAt: string): Promise<RunStatus> {
    const startedAt = iso();
    const inserted = await db
      .insertInto("job_run")
      .values({
        job: job.name,
        worker_id: id,
        started_at: startedAt,
        status: "running",
        error: null,
        finished_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ctx = createCtx({ db, clock, config: options.config, log, requestId: `job:${job.name}:${inserted.id}` });
    let status: "ok" | "failed" = "ok";
    let error: string | null = null;
    let summary: Record<string, unknown> = {};
    try {
      summary = (await job.run(ctx)) ?? {};
    } catch (cause) {
      status = "failed";
      error = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
      ctx.log.error({ err: cause, job: job.name }, "job failed");
    }
    await db
      .updateTable("job_run")
      .set({ finished_at: iso(), status, error, summary: JSON.stringify(summary) })
      .where("id", "=", inserted.id)
      .execute();
    // The next period counts from the end of this run, so a slow job never runs back to back; unless the job was
    // woken while it ran (`wakeJob`: work queued after this run looked for it), then it stays due.
    const next = iso(job.intervalMs);
    await db
      .updateTable("job")
      .set({
        locked_by: null,
        locked_until: null,
        next_run_at: sql<string>`case when next_run_at > ${claimedAt} then next_run_at else ${next} end`,
      })
      .where("name", "=", job.name)
      .where("locked_by", "=", id)
      .execute();
    return status;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => {});
    return work;
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    await register();
    await heartbeat();
    // One read finds what is due; only those are claimed (a write each), so an idle tick writes the heartbeat only.
    const now = iso();
    const due = new Set(
      (await db.selectFrom("job").select("name").where("next_run_at", "<=", now).execute()).map((r) => r.name),
    );
    const runs: Promise<unknown>[] = [];
    for (const job of jobs) {
      if (stopped) break;
      const claimedAt = due.has(job.name) ? await claim(job.name, true) : undefined;
      if (claimedAt) runs.push(track(execute(job, claimedAt)));
    }
    await Promise.all(runs);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void track(tick())
        .catch((error: unknown) => log.error({ err: error }, "worker tick failed"))
        .finally(schedule);
    }, tickMs);
    timer.unref?.();
  }

  return {
    id,
    start() {
      stopped = false;
      void track(tick())
        .catch((error: unknown) => log.error({ err: error }, "worker tick failed"))
        .finally(schedule);
    },
    tick,
    async runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`unknown job: ${name}`);
      await register();
      const claimedAt = await claim(name, false);
      if (!claimedAt) return "busy";
      return track(execute(job, claimedAt));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running.size > 0) await Promise.allSettled([...running]);
      await db.deleteFrom("worker").where("id", "=", id).execute();
    },
  };
}

/**
 * Milliseconds since the freshest worker heartbeat, or undefined when no worker has ever written one: the readiness
 * probe compares it with a few tick periods.
 */
export async function workerHeartbeatAge(db: Db, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom("worker")
    .select((eb) => eb.fn.max("last_seen").as("last_seen"))
    .executeTakeFirst();
  if (!row?.last_seen) return undefined;
  return now.getTime() - Date.parse(row.last_seen);
}

/**
 * Makes a job due now, so that whichever worker ticks next (within a second) runs it: how a mail queued in a request
 * or a CLI command leaves without waiting for the job's period. Call it in the transaction that queued the work.
 */
export async function wakeJob(ctx: Pick<Ctx, "db" | "clock">, name: string): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .updateTable("job")
    .set({ next_run_at: now })
    .where("name", "=", name)
    // Not yet due, or running now: a run that already looked for work would miss what was just queued.
    .where((eb) => eb.or([eb("next_run_at", ">", now), eb("locked_until", ">", now)]))
    .execute();
}

export interface JobState {
  name: string;
  nextRunAt: string;
  /** The worker running it now, if any. */
  runningOn: string | null;
  lastRun: JobRunView | null;
}

export interface JobRunView {
  id: number;
  job: string;
  worker: string;
  startedAt: string;
  finishedAt: string | null;
  status: string;
  error: string | null;
  summary: Record<string, unknown>;
}

function runView(row: {
  id: number;
  job: string;
  worker_id: string;
  started_at: string;
  finished_at: string | null;
  status: string;
  error: string | null;
  summary: string;
}): JobRunView {
  return {
    id: Number(row.id),
    job: row.job,
    worker: row.worker_id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status,
    error: row.error,
    summary: parseJson<Record<string, unknown>>(row.summary, {}),
  };
}

/** The jobs any worker registered, each with its last run (for `vitrine jobs`). */
export async function listJobs(ctx: Pick<Ctx, "db" | "clock">): Promise<JobState[]> {
  const now = ctx.clock.now().toISOString();
  const jobs = await ctx.db.selectFrom("job").selectAll().orderBy("name").execute();
  // The newest run of every job, in one query.
  const lastRuns = await ctx.db
    .selectFrom("job_run")
    .selectAll()
    .where("id", "in", (eb) =>
      eb
        .selectFrom("job_run")
        .select((f) => f.fn.max("id").as("id"))
        .groupBy("job"),
    )
    .execute();
  const lastByJob = new Map(lastRuns.map((run) => [run.job, runView(run)]));
  return jobs.map((job) => ({
    name: job.name,
    nextRunAt: job.next_run_at,
    runningOn: job.locked_until && job.locked_until > now ? job.locked_by : null,
    lastRun: lastByJob.get(job.name) ?? null,
  }));
}

/** Recent runs, newest first: of one job, or only the failed ones. */
export async function listJobRuns(
  ctx: Pick<Ctx, "db">,
  options: { job?: string; failed?: boolean; limit?: number } = {},
): Promise<JobRunView[]> {
  let query = ctx.db.selectFrom("job_run").selectAll();
  if (options.job) query = query.where("job", "=", options.job);
  if (options.failed) query = query.where("status", "=", "failed");
  const rows = await query
    .orderBy("id", "desc")
    .limit(options.limit ?? 20)
    .execute();
  return rows.map(runView);
}
