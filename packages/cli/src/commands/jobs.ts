import {
  coreJobs,
  createLogger,
  createWorker,
  type JobDefinition,
  listJobRuns,
  listJobs,
  type VitrineConfig,
} from "@vitrine/commerce";
import { searchJobs } from "@vitrine/search";
import { type Command, type CommandContext, numberOption, UsageError } from "../cli.ts";

/**
 * `vitrine worker` and `vitrine jobs …`: the background jobs (mail delivery, retention, search-analytics roll-ups,
 * prepayment expiry) as their own process, and the operator's view of their runs.
 */

function shopJobs(config: VitrineConfig): JobDefinition[] {
  return [...coreJobs(config), ...searchJobs(config)];
}

function workerFor(ctx: CommandContext, db: Awaited<ReturnType<CommandContext["db"]>>) {
  return createWorker({
    db,
    clock: { now: () => ctx.now() },
    config: ctx.config,
    // JSON logs on stderr: a worker under systemd sends both to the journal; stdout keeps the human lines.
    log: createLogger({ level: ctx.config.LOG_LEVEL, destination: 2, name: "vitrine-worker" }),
    jobs: shopJobs(ctx.config),
  });
}

const summary = (s: Record<string, unknown>) =>
  Object.entries(s)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.length : String(v)}`)
    .join(", ");

export const jobCommands: Command[] = [
  {
    path: ["worker"],
    summary: "Run the background jobs until stopped (mails, retention, search analytics, prepayment expiry)",
    usage: "vitrine worker",
    details:
      "For shops whose web processes run with WORKER=off. Any number of workers may run: each job runs in one of them at a time. Stops on Ctrl-C or SIGTERM after the running jobs finish.",
    async run(ctx) {
      const worker = workerFor(ctx, await ctx.db());
      worker.start();
      ctx.out(
        `Worker ${worker.id} running ${shopJobs(ctx.config)
          .map((j) => j.name)
          .join(", ")}`,
      );
      try {
        await ctx.untilStopped();
      } finally {
        await worker.stop();
      }
      ctx.out("Worker stopped");
      return 0;
    },
  },
  {
    path: ["jobs"],
    summary: "List the background jobs: period, last run, its outcome, next run",
    usage: "vitrine jobs",
    async run(ctx) {
      const c = await ctx.ctx();
      const jobs = await listJobs(c);
      const periods = new Map(shopJobs(ctx.config).map((j) => [j.name, j.intervalMs / 1000]));
      if (jobs.length === 0) {
        ctx.out("No job has run yet (start the shop or vitrine worker)");
        return 0;
      }
      for (const job of jobs) {
        const last = job.lastRun;
        const lastText = last
          ? `last ${last.startedAt} ${last.status}${last.status === "ok" ? ` (${summary(last.summary)})` : ""}`
          : "never run";
        const running = job.runningOn ? `, running on ${job.runningOn}` : "";
        ctx.out(`${job.name}: every ${periods.get(job.name) ?? "?"} s, ${lastText}, next ${job.nextRunAt}${running}`);
      }
      return 0;
    },
  },
  {
    path: ["jobs", "runs"],
    summary: "Show recent job runs, newest first, with the error of failed ones",
    usage: "vitrine jobs runs [--job NAME] [--failed] [--limit N]",
    options: {
      job: { type: "string", description: "Only this job" },
      failed: { type: "boolean", description: "Only failed runs" },
      limit: { type: "string", description: "How many (default 20)" },
    },
    async run(ctx) {
      const runs = await listJobRuns(await ctx.ctx(), {
        ...(typeof ctx.options.job === "string" ? { job: ctx.options.job } : {}),
        failed: ctx.options.failed === true,
        limit: numberOption(ctx.options.limit, "limit", 20),
      });
      if (runs.length === 0) {
        ctx.out("No runs");
        return 0;
      }
      for (const run of runs) {
        const outcome = run.status === "failed" ? `failed: ${(run.error ?? "").split("\n")[0]}` : run.status;
        ctx.out(
          `${run.id} ${run.job} ${run.startedAt} ${outcome}${run.status === "ok" ? ` (${summary(run.summary)})` : ""}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["jobs", "run"],
    summary: "Run one job now in this process (unless a worker is running it)",
    usage: "vitrine jobs run NAME",
    args: [1, 1],
    async run(ctx) {
      const name = ctx.args[0] as string;
      const names = shopJobs(ctx.config).map((j) => j.name);
      if (!names.includes(name)) throw new UsageError(`NAME must be one of ${names.join(", ")}`);
      const worker = workerFor(ctx, await ctx.db());
      try {
        const status = await worker.runNow(name);
        if (status === "busy") {
          ctx.err(`${name} is running in another worker now`);
          return 75;
        }
        const [run] = await listJobRuns(await ctx.ctx(), { job: name, limit: 1 });
        if (status === "failed") {
          ctx.err(`${name} failed: ${(run?.error ?? "").split("\n")[0]}`);
          return 1;
        }
        ctx.out(`${name}: ok (${summary(run?.summary ?? {})})`);
        return 0;
      } finally {
        await worker.stop();
      }
    },
  },
];
