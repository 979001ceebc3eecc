import cluster, { type Worker } from "node:cluster";

/**
 * `npm start` with several server processes on one port (node:cluster; the primary hands out connections round
 * robin). The primary runs no shop code: it starts the first server process alone — it migrates the database and
 * loads the demo catalogue when asked — and, once that one is ready, the others; it restarts a process that dies
 * after it was ready, and stops the shop when one cannot start at all. A stop (SIGTERM, SIGINT) is passed to every
 * process as a message, so each drains its requests as a single server does, then the primary exits.
 *
 * Each process keeps its own search index and page cache and follows the database's event feed, so a change made
 * through one is seen by all; rate limits, sessions and baskets live in the database and hold across them.
 */

/** Messages between the primary and its server processes. */
export const CLUSTER_READY = "vitrine:ready";
export const CLUSTER_STOP = "vitrine:stop";

/** A process that dies this often within RESTART_WINDOW_MS is not started again: the shop stops. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

interface ClusterLog {
  info(message: string): void;
  error(message: string): void;
}

const stderrLog: ClusterLog = {
  info: (message) => process.stderr.write(`vitrine: ${message}\n`),
  error: (message) => process.stderr.write(`vitrine: ${message}\n`),
};

export async function runCluster(options: { processes: number; exec: string; log?: ClusterLog }): Promise<void> {
  const { processes, exec } = options;
  const log = options.log ?? stderrLog;
  cluster.setupPrimary({ exec });

  const ready = new Set<number>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  function fork(): Promise<Worker | undefined> {
    const worker = cluster.fork();
    return new Promise((done) => {
      worker.on("message", (message: unknown) => {
        if (message === CLUSTER_READY) {
          ready.add(worker.id);
          done(worker);
        }
      });
      worker.once("exit", () => done(undefined));
    });
  }

  function living(): Worker[] {
    return Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  }

  function stop(code: number, signal: NodeJS.Signals = "SIGTERM"): void {
    if (stopping) {
      // A second signal: the processes stop now instead of draining.
      for (const worker of living()) worker.process.kill(signal);
      return;
    }
    stopping = true;
    exitCode = code;
    const workers = living();
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) if (worker.isConnected()) worker.send({ type: CLUSTER_STOP, signal });
  }

  cluster.on("exit", (worker, code, signal) => {
    const wasReady = ready.delete(worker.id);
    if (stopping) {
      if (living().length === 0) process.exit(exitCode);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!wasReady) {
      // A failed start printed its one line (a bad setting, the database away, the port taken) and exited 1; the
      // others would fail the same way. Anything else (a crash, a signal) is named here.
      if (code !== 1 || signal) log.error(`a server process could not start (${how}); stopping`);
      stop(1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] ?? now) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      log.error(`server processes died ${restarts.length} times within a minute; stopping`);
      stop(1);
      return;
    }
    log.error(`server process ${worker.process.pid} exited (${how}); starting a new one`);
    void fork();
  });

  process.on("SIGINT", () => stop(0, "SIGINT"));
  process.on("SIGTERM", () => stop(0, "SIGTERM"));

  // The first process alone: it migrates and seeds, so the others find the database ready.
  if (!(await fork())) return;
  await Promise.all(Array.from({ length: processes - 1 }, () => (stopping ? undefined : fork())));
  if (!stopping) log.info(`${living().length} server processes ready (WEB_CONCURRENCY)`);
}
