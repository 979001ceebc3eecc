import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium.ts";

/**
 * A small closed-loop load generator for the benchmarks: `concurrency` clients each send their next request as
 * soon as the previous one answered, until `requests` are done. Reports latency percentiles and throughput.
 */
export interface LoadResult {
  name: string;
  requests: number;
  concurrency: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export interface LoadOptions {
  name: string;
  concurrency?: number;
  requests?: number;
  /** Warm-up requests (not measured). */
  warmup?: number;
  /** One request; `client` is the index of the simulated client, `i` the request number. */
  run(client: number, i: number): Promise<Response>;
  /** Which answers count as success (default: 2xx and 3xx). */
  ok?(response: Response): boolean;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * GET as a browser asks for a page (keep-alive, `Accept-Encoding: gzip, deflate, br`), without decompressing the
 * answer: the load client runs on the same two cores as the shop, and undici's fetch, which decompresses every
 * body, spent about 2 ms of CPU per 200 KB page itself (a static 28 KB gzip answer measured p95 39 ms at c=10
 * with it), so it measured mostly itself. Like wrk or autocannon, this client only reads the bytes.
 */
export function pageGet(url: string | URL, headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolvePromise, reject) => {
    const request = httpGet(
      url,
      { agent, headers: { "accept-encoding": "gzip, deflate, br", ...headers } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", reject);
        answer.on("end", () => {
          const responseHeaders = new Headers();
          for (let i = 0; i < answer.rawHeaders.length; i += 2) {
            responseHeaders.append(answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string);
          }
          const status = answer.statusCode ?? 0;
          const body = status === 204 || status === 304 ? null : new Uint8Array(Buffer.concat(chunks));
          resolvePromise(new Response(body, { status, headers: responseHeaders }));
        });
      },
    );
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout: ${url}`)));
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const concurrency = options.concurrency ?? 10;
  const total = options.requests ?? 500;
  const ok = options.ok ?? ((r: Response) => r.status < 400);
  for (let i = 0; i < (options.warmup ?? concurrency * 2); i++)
    await (await options.run(i % concurrency, -1 - i)).arrayBuffer();
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          const response = await options.run(client, i);
          await response.arrayBuffer();
          if (!ok(response)) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: options.name,
    requests: total,
    concurrency,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: total / seconds,
  };
}

/** Debian's wrk (scripts/ensure-apt.sh installs it): a load generator in C. */
export const WRK_PATH = "/usr/bin/wrk";

/**
 * Throughput of one address with wrk, which costs the machine far less per request than a Node client: on 2 cores
 * shared with the server, the Node client's own CPU caps what it can measure (3,400 against wrk's 5,500 req/s for
 * the same cached listing and server process). Undefined without wrk.
 */
export function measureWithWrk(options: {
  name: string;
  url: string;
  concurrency?: number;
  seconds?: number;
  headers?: Record<string, string>;
}): LoadResult | undefined {
  if (!existsSync(WRK_PATH)) return undefined;
  const concurrency = options.concurrency ?? 10;
  const headers = { "accept-encoding": "gzip, deflate, br", ...options.headers };
  const args = [
    "-t1",
    `-c${concurrency}`,
    `-d${options.seconds ?? 5}s`,
    "-s",
    join(import.meta.dirname, "wrk-report.lua"),
  ];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  // The Node client's kept-alive connections sit idle meanwhile, longer than the server keeps them: a later request
  // on one would fail with a reset. They are closed, and the next requests open new ones.
  agent.destroy();
  const run = spawnSync(WRK_PATH, [...args, options.url], { encoding: "utf8", timeout: 120_000 });
  const line = run.stdout.split("\n").find((l) => l.startsWith("{"));
  if (run.status !== 0 || !line) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const report = JSON.parse(line) as {
    requests: number;
    errors: number;
    seconds: number;
    p50: number;
    p95: number;
    p99: number;
  };
  return {
    name: options.name,
    requests: report.requests,
    concurrency,
    errors: report.errors,
    p50: report.p50,
    p95: report.p95,
    p99: report.p99,
    rps: report.requests / report.seconds,
  };
}

export function formatLoadResult(r: LoadResult): string {
  const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
  return `${r.name.padEnd(38)} c=${String(r.concurrency).padStart(2)} n=${String(r.requests).padStart(5)}  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  ${r.rps.toFixed(0).padStart(6)} req/s${r.errors ? `  errors ${r.errors}` : ""}`;
}

/** The issue's budget for the JavaScript a page loads: KB gzip as the server sends it, in 1000-byte KB. */
export const JS_BUDGET_KB = 110;

export interface JavaScriptBytes {
  files: number;
  raw: number;
  gzip: number;
  br: number;
}

/** One row: files, gzip (against the budget), Brotli and raw size, in 1000-byte KB. */
export function formatJavaScriptBytes(name: string, js: JavaScriptBytes): string {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(6);
  const over = js.gzip / 1000 > JS_BUDGET_KB;
  return `JS ${name.padEnd(34)} ${String(js.files).padStart(3)} files  ${kb(js.gzip)} KB gzip (budget ${JS_BUDGET_KB} KB${over ? ", OVER" : ""})  ${kb(js.br)} KB br  ${kb(js.raw)} KB raw`;
}

/** After the page's load event, the first view is over once no script has been asked for this long. */
const SCRIPT_QUIET_MS = 2000;
const FIRST_VIEW_LIMIT_MS = 15_000;

/**
 * JavaScript a page loads on first view, as Chromium loads it: the module scripts and preloads of its HTML and
 * whatever the page fetches by itself until no script has been asked for two seconds after the load event
 * (code loaded once hydration has run counts too; code loaded only on a shopper's action does not). Each file
 * is then counted as the bytes the server sends a browser that accepts only gzip (the budget's measure), one
 * that accepts Brotli, and uncompressed.
 */
export async function pageJavaScriptBytes(baseUrl: string, path: string): Promise<JavaScriptBytes> {
  const sources = await scriptsLoadedOnFirstView(new URL(path, baseUrl).href);
  const wireBytes = async (src: string, acceptEncoding: string) => {
    const answer = await pageGet(src, { "accept-encoding": acceptEncoding });
    if (!answer.ok) throw new Error(`${src}: ${answer.status}`);
    return (await answer.arrayBuffer()).byteLength;
  };
  const totals = { files: sources.length, raw: 0, gzip: 0, br: 0 };
  for (const src of sources) {
    totals.raw += await wireBytes(src, "identity");
    totals.gzip += await wireBytes(src, "gzip");
    totals.br += await wireBytes(src, "gzip, deflate, br");
  }
  return totals;
}

async function scriptsLoadedOnFirstView(url: string): Promise<string[]> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const scripts = new Set<string>();
    let lastScriptAt = Date.now();
    page.on("request", (request) => {
      if (request.resourceType() !== "script") return;
      scripts.add(request.url());
      lastScriptAt = Date.now();
    });
    await page.goto(url, { waitUntil: "load" });
    const started = Date.now();
    while (Date.now() - lastScriptAt < SCRIPT_QUIET_MS && Date.now() - started < FIRST_VIEW_LIMIT_MS) {
      await page.waitForTimeout(200);
    }
    return [...scripts].filter((src) => new URL(src).origin === new URL(url).origin);
  } finally {
    await browser.close();
  }
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`: 100 on Linux everywhere this runs). */
const CLOCK_TICKS_PER_S = 100;

/**
 * CPU time (user + system, ms) used so far by the shop's server: the process bench.ts started (its pid in
 * `BENCH_SERVER_PID`) and every process under it (the cluster's workers). Undefined where /proc is missing.
 */
export function serverCpuMs(): number | undefined {
  const root = Number(process.env.BENCH_SERVER_PID);
  if (!root) return undefined;
  let ticks = 0;
  const pending = [root];
  try {
    for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces), from field 3: utime is field 14, stime field 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
      if (children) pending.push(...children.split(" ").map(Number));
    }
  } catch {
    return undefined;
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}
