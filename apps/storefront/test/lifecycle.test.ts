import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, createServer as createTcpServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";

/**
 * Starting and stopping the production server (server.ts) as an operator does, each as a child process on
 * 127.0.0.1 with its own SQLite database: a stop lets requests in flight finish, `npm start` stops on SIGTERM,
 * and a start that cannot succeed ends with one clear line. Build first (`npm run build`).
 */

const root = resolve(import.meta.dirname, "../../..");
const PORTS = {
  drain: 4310,
  taken: 4311,
  npmStart: 4312,
  orphan: 4313,
  badDatabase: 4314,
  configFile: 4315,
  drainTimeout: 4316,
  cluster: 4317,
  clusterTaken: 4318,
} as const;
const STEP_MS = 15_000;

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function serverEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const dataDir = mkdtempSync(join(tmpdir(), "vitrine-lifecycle-"));
  folders.push(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    VITRINE_DATA_DIR: dataDir,
    DATABASE_URL: "",
    DEMO_PRODUCTS: "40",
    NODE_ENV: "production",
    LOG_LEVEL: "info",
  };
  delete env.DATABASE_SCHEMA;
  delete env.VITRINE_CONFIG;
  return { ...env, ...extra };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
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
  return { child, stdout: () => out, stderr: () => err, exited };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`timed out: ${what}`)), ms).unref()),
  ]);
}

async function untilReady(port: number, running: Running): Promise<void> {
  const deadline = Date.now() + STEP_MS * 2;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.stderr()}`);
    const status = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready on ${port}: ${running.stderr()} ${running.stdout().slice(-2000)}`);
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code === "ECONNREFUSED"));
  });
}

async function until(check: () => Promise<boolean> | boolean, what: string, ms = STEP_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function logLines(text: string): Record<string, unknown>[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Sends raw bytes on a socket and collects everything the server writes back until it closes the connection. */
function rawConnection(port: number): Promise<{ socket: Socket; received: Promise<string> }> {
  return new Promise((done, fail) => {
    const socket = connect(port, "127.0.0.1", () => {
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      const received = new Promise<string>((closed) => socket.once("close", () => closed(text)));
      done({ socket, received });
    });
    socket.once("error", fail);
  });
}

/** A browser's cookies (from a personal page: shared pages and the personal data set no browser id), for an RPC call. */
async function browserSession(port: number): Promise<{ cookies: string[] }> {
  const personal = await fetch(`http://127.0.0.1:${port}/de/cart/`, { signal: AbortSignal.timeout(STEP_MS) });
  expect(personal.status).toBe(200);
  const cookies = personal.headers.getSetCookie().map((c) => c.split(";")[0] as string);
  expect(cookies.some((c) => c.startsWith("vitrine_sid="))).toBe(true);
  return { cookies };
}

describe("a server that stops", () => {
  it("fails readiness, refuses new connections, finishes the requests in flight, then exits 0", async () => {
    const port = PORTS.drain;
    const server = run(process.execPath, [join(root, "apps/storefront/server.ts")], serverEnv(port));
    await untilReady(port, server);

    const { cookies } = await browserSession(port);

    // A slow upload: the request is in flight (headers sent, half of the body) when the stop begins.
    const body = JSON.stringify({ payload: null });
    const half = Math.floor(body.length / 2);
    let finishUpload = () => {};
    const answer = new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((done, fail) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/rpc/getBasket",
          headers: {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            "x-shop-id": "10028",
            "x-request-id": "slow-upload-1",
            origin: `http://127.0.0.1:${port}`,
            cookie: cookies.join("; "),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, text }));
          res.on("error", fail);
        },
      );
      req.on("error", fail);
      req.write(body.slice(0, half));
      finishUpload = () => req.end(body.slice(half));
    });

    // A probe whose request has begun (its headers are not complete) is not an idle connection: it stays open.
    const probe = await rawConnection(port);
    probe.socket.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // A kept-alive connection between two requests is idle: the stop closes it.
    const idle = await rawConnection(port);
    idle.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await until(() => server.stdout().includes('"path":"/healthz"'), "the kept-alive request's access line");
    await until(() => server.stdout().includes('"path":"/de/cart/"'), "the basket page's access line");
    await new Promise((r) => setTimeout(r, 300));

    server.child.kill("SIGTERM");
    await until(() => server.stdout().includes("stopping"), "the stop to begin");
    await until(() => refused(port), "new connections to be refused");
    expect(await within(idle.received, STEP_MS, "the idle connection to close")).toMatch(/^HTTP\/1\.1 200/);

    // Readiness fails at once for whoever still asks.
    probe.socket.write("\r\n");
    const probed = await within(probe.received, STEP_MS, "the readiness answer");
    expect(probed).toMatch(/^HTTP\/1\.1 503/);
    expect(probed).toContain('"shutdown"');

    // The request in flight still gets its whole answer.
    expect(server.child.exitCode).toBeNull();
    finishUpload();
    const response = await within(answer, STEP_MS, "the slow request's answer");
    expect(response.status).toBe(200);
    expect(response.headers.connection).toBe("close");
    expect(response.headers["x-request-id"]).toBe("slow-upload-1");
    expect(JSON.parse(response.text)).toHaveProperty("items");

    expect(await within(server.exited, STEP_MS, "the exit")).toEqual({ code: 0, signal: null });
    const lines = logLines(server.stdout());
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "info",
        msg: "request",
        requestId: "slow-upload-1",
        method: "POST",
        path: "/api/rpc/getBasket",
        status: 200,
        ms: expect.any(Number),
      }),
    );
    expect(lines.at(-1)).toMatchObject({ msg: "stopped", signal: "SIGTERM" });
    expect(server.stderr()).toBe("");
  }, 90_000);

  it("closes the connections of requests still in flight after SHUTDOWN_DRAIN_MS, and exits 0", async () => {
    const port = PORTS.drainTimeout;
    const server = run(
      process.execPath,
      [join(root, "apps/storefront/server.ts")],
      serverEnv(port, { SHUTDOWN_DRAIN_MS: "500" }),
    );
    await untilReady(port, server);
    // An RPC call whose upload never ends: a request in flight until the drain timeout.
    const { cookies } = await browserSession(port);
    const stuck = await rawConnection(port);
    stuck.socket.write(
      [
        "POST /api/rpc/getBasket HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        "Content-Type: application/json",
        "Content-Length: 100",
        "X-Shop-Id: 10028",
        `Cookie: ${cookies.join("; ")}`,
        "",
        "{",
      ].join("\r\n"),
    );
    await new Promise((r) => setTimeout(r, 300));
    const stopped = Date.now();
    server.child.kill("SIGTERM");
    await within(stuck.received, STEP_MS, "the stuck connection to close");
    expect(await within(server.exited, STEP_MS, "the exit")).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(450);
    expect(logLines(server.stdout())).toContainEqual(expect.objectContaining({ level: "warn", requests: 1 }));
  }, 60_000);

  it("stops `npm start` on SIGTERM: the node process behind it stops too", async () => {
    const port = PORTS.npmStart;
    const npm = run("npm", ["start", "--silent"], serverEnv(port));
    await untilReady(port, npm);
    npm.child.kill("SIGTERM");
    await within(npm.exited, STEP_MS, "npm to exit");
    await until(() => refused(port), "the server behind npm to stop");
    expect(npm.stdout()).toContain('"msg":"stopped"');
  }, 90_000);

  it("stops when a wrapper that does not pass signals on dies (the start script watches its parent)", async () => {
    const port = PORTS.orphan;
    const shell = run("sh", ["-c", "node scripts/start.ts; true"], serverEnv(port));
    await untilReady(port, shell);
    shell.child.kill("SIGKILL");
    await until(() => refused(port), "the orphaned server to stop");
  }, 90_000);
});

describe("a server configured by a file", () => {
  it("takes its settings from VITRINE_CONFIG, under the environment", async () => {
    const folder = mkdtempSync(join(tmpdir(), "vitrine-config-file-"));
    folders.push(folder);
    const file = join(folder, "vitrine.json");
    const dataDir = join(folder, "state");
    writeFileSync(
      file,
      JSON.stringify({ PORT: PORTS.configFile, HOST: "127.0.0.1", VITRINE_DATA_DIR: dataDir, LOG_LEVEL: "info" }),
    );
    const env = serverEnv(0, { VITRINE_CONFIG: file, LOG_LEVEL: "warn" });
    for (const name of ["PORT", "HOST", "VITRINE_DATA_DIR"]) delete env[name];
    const server = run(process.execPath, [join(root, "apps/storefront/server.ts")], env);
    await untilReady(PORTS.configFile, server);
    expect(existsSync(join(dataDir, "vitrine.sqlite"))).toBe(true);
    // LOG_LEVEL=warn from the environment wins over the file's info: no access lines.
    expect((await fetch(`http://127.0.0.1:${PORTS.configFile}/healthz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await within(server.exited, STEP_MS, "the exit")).toEqual({ code: 0, signal: null });
    expect(server.stdout()).not.toContain('"msg":"request"');
  }, 60_000);
});

describe("a start that cannot succeed", () => {
  /** Runs a start to its end: exit code and standard error. */
  async function failedStart(env: NodeJS.ProcessEnv, command = [join(root, "apps/storefront/server.ts")]) {
    const running = run(process.execPath, command, env);
    const { code } = await within(running.exited, STEP_MS * 2, "the failed start to end");
    return { code, stderr: running.stderr(), stdout: running.stdout() };
  }

  function expectOneLine(stderr: string, pattern: RegExp): void {
    const lines = stderr.split("\n").filter((line) => line !== "");
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(stderr).not.toMatch(/\n\s+at /);
  }

  it("names a bad setting in one line (server and CLI)", async () => {
    const server = await failedStart(serverEnv(PORTS.drain, { SHUTDOWN_DRAIN_MS: "soon" }));
    expect(server.code).toBe(1);
    expectOneLine(server.stderr, /^vitrine: cannot start: invalid setting SHUTDOWN_DRAIN_MS="soon": /);
    const cli = await failedStart(serverEnv(PORTS.drain, { LOG_LEVEL: "loud" }), [
      join(root, "packages/cli/src/main.ts"),
      "stats",
    ]);
    expect(cli.code).toBe(1);
    expectOneLine(cli.stderr, /invalid setting LOG_LEVEL="loud"/);
  }, 60_000);

  it("says so in one line when the database cannot be reached, password masked (server and CLI)", async () => {
    // Nothing listens on port 1 of this machine.
    const env = serverEnv(PORTS.badDatabase, { DATABASE_URL: "postgres://shop:hunter22@127.0.0.1:1/shop" });
    const server = await failedStart(env);
    expect(server.code).toBe(1);
    expectOneLine(
      server.stderr,
      /^vitrine: cannot start: cannot reach the database postgres:\/\/shop:\*+@127\.0\.0\.1:1/,
    );
    expect(server.stderr + server.stdout).not.toContain("hunter22");
    const cli = await failedStart(env, [join(root, "packages/cli/src/main.ts"), "stats"]);
    expect(cli.code).toBe(1);
    expectOneLine(cli.stderr, /cannot reach the database postgres:\/\/shop:\*+@127\.0\.0\.1:1/);
    expect(cli.stderr).not.toContain("hunter22");
  }, 60_000);

  it("says so in one line when the port is taken", async () => {
    const taken = createTcpServer();
    taken.listen(PORTS.taken, "127.0.0.1");
    await once(taken, "listening");
    try {
      const server = await failedStart(serverEnv(PORTS.taken));
      expect(server.code).toBe(1);
      expectOneLine(server.stderr, /^vitrine: cannot start: port 4311 on 127\.0\.0\.1 is already in use/);
    } finally {
      taken.close();
    }
  }, 60_000);
});

describe("npm start with one server process per core (WEB_CONCURRENCY)", () => {
  /** The pids of a process's children. */
  function childPids(pid: number): number[] {
    try {
      return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
        .split("\n")
        .map((line) => Number(line.trim()))
        .filter((n) => n > 0);
    } catch {
      return [];
    }
  }

  /** A request on a connection of its own, so the primary hands it to the next process. */
  function freshGet(port: number, path: string): Promise<number> {
    return new Promise((done, fail) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path, agent: false, headers: { connection: "close" } },
        (res) => {
          res.resume();
          res.once("end", () => done(res.statusCode ?? 0));
        },
      );
      req.once("error", fail);
      req.end();
    });
  }

  it("shares the port between the processes, seeds once, restarts a killed one and stops them all", async () => {
    const port = PORTS.cluster;
    const shop = run(process.execPath, [join(root, "scripts/start.ts")], serverEnv(port, { WEB_CONCURRENCY: "2" }));
    await untilReady(port, shop);
    const primary = shop.child.pid as number;
    // A second process starts only once the first is ready (it migrated and seeded): slow on a busy machine.
    await until(() => shop.stderr().includes("2 server processes ready"), "both processes ready", STEP_MS * 3);
    const first = childPids(primary);
    expect(first).toHaveLength(2);

    for (let i = 0; i < 12; i++) expect(await freshGet(port, "/healthz")).toBe(200);
    await until(
      () =>
        new Set(
          logLines(shop.stdout())
            .filter((line) => line.msg === "request" && line.path === "/healthz")
            .map((line) => line.pid),
        ).size === 2,
      "requests answered by both processes",
    );
    expect(shop.stderr()).toContain("2 server processes ready");
    // The first process loaded the demo catalogue before the second started: once, not twice.
    expect(logLines(shop.stdout()).filter((line) => line.msg === "demo catalogue loaded")).toHaveLength(1);

    const victim = first[0] as number;
    process.kill(victim, "SIGKILL");
    await until(
      () => {
        const now = childPids(primary);
        return now.length === 2 && !now.includes(victim);
      },
      "a new process in place of the killed one",
      STEP_MS * 3,
    );
    // The primary's line reaches this test through a pipe, possibly after the new process shows in `ps`.
    const replaced = new RegExp(`server process ${victim} exited \\(signal SIGKILL\\); starting a new one`);
    await until(() => replaced.test(shop.stderr()), "the primary to report the replacement");
    await untilReady(port, shop);
    for (let i = 0; i < 4; i++) expect(await freshGet(port, "/de/")).toBe(200);

    const living = childPids(primary);
    shop.child.kill("SIGTERM");
    expect(await within(shop.exited, STEP_MS, "the primary to exit")).toEqual({ code: 0, signal: null });
    await until(() => refused(port), "the port to close");
    for (const pid of living) expect(() => process.kill(pid, 0), `process ${pid} stopped`).toThrow();
    expect(logLines(shop.stdout()).filter((line) => line.msg === "stopped")).toHaveLength(2);
  }, 180_000);

  it("a start that cannot succeed still ends with one line and exit code 1", async () => {
    const taken = createTcpServer();
    taken.listen(PORTS.clusterTaken, "127.0.0.1");
    await once(taken, "listening");
    try {
      const shop = run(
        process.execPath,
        [join(root, "scripts/start.ts")],
        serverEnv(PORTS.clusterTaken, { WEB_CONCURRENCY: "2" }),
      );
      const { code } = await within(shop.exited, STEP_MS * 2, "the failed start to end");
      expect(code).toBe(1);
      const lines = shop
        .stderr()
        .split("\n")
        .filter((line) => line !== "");
      expect(lines).toEqual([
        expect.stringMatching(/^vitrine: cannot start: port 4318 on 127\.0\.0\.1 is already in use/),
      ]);
    } finally {
      taken.close();
    }
  }, 60_000);
});
