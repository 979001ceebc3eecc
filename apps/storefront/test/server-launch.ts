import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

/**
 * The production server (server.ts, the build: `npm run build` first) as a child process on 127.0.0.1, for the
 * fault and multi-instance suites (Vitest) and the two-process browser journey (Playwright; so no test runner is
 * imported here): started, stopped, killed and started again on the same database.
 */
export const root = resolve(import.meta.dirname, "../../..");

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything written to standard output (JSON log lines) and standard error so far. */
  stdout(): string;
  stderr(): string;
  /** The JSON log lines so far. */
  logs(): Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A TCP port nobody listens on now, chosen by the kernel: a fixed or pid-derived port can be taken on a CI machine
 * (a server that cannot listen exits before it is ready).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const probe = createServer();
    await new Promise<void>((done, fail) => {
      probe.once("error", fail);
      probe.listen(0, "127.0.0.1", done);
    });
    const address = probe.address();
    await new Promise((done) => probe.close(done));
    if (address === null || typeof address === "string") throw new Error("no free port");
    // Never the same port twice in one test file (a shop and the cache in front of it).
    if (!givenPorts.has(address.port)) {
      givenPorts.add(address.port);
      return address.port;
    }
  }
}
const givenPorts = new Set<number>();

/** Starts server.ts with the environment (PORT and HOST set here) and waits until /readyz answers 200. */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv,
  readyWithinMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(root, "apps/storefront/server.ts")], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    stdout: () => out,
    stderr: () => err,
    logs: () =>
      out
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
  };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server on port ${port} exited: ${err.slice(-2000)}`);
    const status = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the server on port ${port} was not ready within ${readyWithinMs} ms: ${err.slice(-2000)}`);
}

/** Stops a server: SIGTERM (or the given signal) and waits for its exit, SIGKILL after 15 s. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}
