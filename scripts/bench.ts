// `npm run bench`: starts the built shop on 127.0.0.1 with a fresh SQLite database and the demo catalogue, then
// measures pages and API calls under load from a local client and prints the figures (nothing is asserted:
// targets are compared by reading the output).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { formatLoadResult, type LoadResult } from "./bench/load.ts";

const root = join(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3290);
const baseUrl = `http://127.0.0.1:${port}`;
const products = process.env.BENCH_PRODUCTS ?? "2000";
const buildDir = join(root, "apps/storefront", process.env.VITRINE_BUILD_DIR ?? "build");
const dataDir = join(root, "bench-results", `data-${port}`);

// The throughput rows load the server with Debian's wrk (bench/load.ts): installed when missing; without it (no
// package source) those rows are left out and the Node client's rows remain.
if (
  spawnSync("bash", [join(root, "scripts/ensure-apt.sh"), "/usr/bin/wrk", "wrk"], { stdio: "inherit" }).status !== 0
) {
  console.error("bench: wrk could not be installed; its rows are left out");
}

if (!existsSync(join(buildDir, "server/index.js"))) {
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// As `npm start` runs the shop: one server process per core unless BENCH_PROCESSES (WEB_CONCURRENCY) says otherwise.
const processes = process.env.BENCH_PROCESSES ?? process.env.WEB_CONCURRENCY ?? "0";
const server = spawn(process.execPath, [join(root, "scripts/start.ts")], {
  cwd: root,
  env: {
    ...process.env,
    WEB_CONCURRENCY: processes,
    PORT: String(port),
    HOST: "127.0.0.1",
    VITRINE_DATA_DIR: dataDir,
    DATABASE_URL: "",
    DEMO_PRODUCTS: products,
    // One access line per request would fill the report (and cost time); warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // React picks its production build by NODE_ENV; without it the shop would be measured in development mode.
    NODE_ENV: "production",
  },
  stdio: ["ignore", "inherit", "pipe"],
});
// The pages section reads the server's CPU time from /proc (bench/load.ts serverCpuMs).
process.env.BENCH_SERVER_PID = String(server.pid);
// With several processes the first is ready before the others have built their index: wait for the primary's line.
let allReady = processes === "1";
server.stderr?.on("data", (chunk: Buffer) => {
  process.stderr.write(chunk);
  if (chunk.toString("utf8").includes("server processes ready")) allReady = true;
});
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  server.kill("SIGTERM");
};
process.on("exit", stop);

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if (allReady && (await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the shop did not start");
}

export interface BenchSection {
  title: string;
  rows: string[];
  results?: LoadResult[];
}

/** Each area's benchmark: a module in scripts/bench/ exporting a function (baseUrl) => rows. */
const SECTIONS: [file: string, exportName: string, title: string][] = [
  ["pages.ts", "benchPages", "Pages (server response under load, JS per page)"],
  ["home.ts", "benchHome", "Home page"],
  ["product.ts", "benchProduct", "Product page"],
  ["basket.ts", "benchBasket", "Basket RPC"],
  ["checkout.ts", "benchCheckout", "Order placement"],
  ["lighthouse.ts", "benchLighthouse", "Lighthouse 13 mobile (Debian Chromium, offline)"],
  ["answers.ts", "benchAnswers", "Help centre answers (quality on the demo help content)"],
  ["admin-orders.ts", "benchAdminOrders", "Back office: order list and search (100,000 orders, SQLite, p95 < 100 ms)"],
  ["media.ts", "benchMedia", "Image processing per upload (AVIF + WebP at the storefront's widths)"],
  [
    "admin-catalog.ts",
    "benchAdminCatalog",
    "Back office: product list and search (100,000 products, SQLite, p95 < 100 ms)",
  ],
];

await waitForServer();
const processCount = processes === "0" ? availableParallelism() : Number(processes);
console.log(
  `\nVitrine benchmark — ${products} demo products, SQLite, ${processCount} server process(es), ${baseUrl}, Node ${process.version}\n`,
);
const report: Record<string, string[]> = {};
// BENCH_ONLY=pages,checkout runs only those sections (file names without .ts).
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
for (const [file, exportName, title] of SECTIONS) {
  if (only && !only.includes(file.replace(/\.ts$/, ""))) continue;
  const path = join(import.meta.dirname, "bench", file);
  if (!existsSync(path)) continue;
  const module = (await import(path)) as Record<string, (baseUrl: string) => Promise<(string | LoadResult)[]>>;
  const bench = module[exportName];
  if (!bench) continue;
  console.log(`== ${title}`);
  const rows = (await bench(baseUrl)).map((row) => (typeof row === "string" ? row : formatLoadResult(row)));
  for (const row of rows) console.log(`  ${row}`);
  report[title] = rows;
  console.log("");
}
writeFileSync(
  join(root, "bench-results", "latest.json"),
  `${JSON.stringify({ products, processes: processCount, at: new Date().toISOString(), report }, null, 2)}\n`,
);
stop();
process.exit(0);
