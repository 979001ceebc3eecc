// `npm run bench:import [-- PRODUCTS]`: the streaming catalogue import at scale. Writes a generated catalogue of
// PRODUCTS products (the argument, e.g. `1000000` or `1M`, else BENCH_IMPORT_PRODUCTS, else 100,000; the target is
// ≤ 300 MB peak memory at 1,000,000) as JSON Lines — the demo
// generator's products cloned under new ids, written as they are made, so the file can be any size — then runs
// `vitrine catalog import` on a fresh SQLite database (or PostgreSQL with BENCH_DATABASE_URL) under GNU time and
// prints the lines, the time and the peak memory (maximum resident set size) of the import process.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { generateDemoCatalog } from "@vitrine/demo-data";

const root = join(import.meta.dirname, "..");
const size = (process.argv[2] ?? process.env.BENCH_IMPORT_PRODUCTS ?? "100000").replace(/_/g, "");
const products = /^\d+(\.\d+)?[kKmM]$/.test(size)
  ? Number(size.slice(0, -1)) * (/[mM]$/.test(size) ? 1_000_000 : 1000)
  : Number(size);
if (!Number.isInteger(products) || products < 1) {
  console.error(`bench:import: not a number of products: ${size}`);
  process.exit(2);
}
/** The goal: a 1,000,000-product file imported in constant memory. */
const TARGET_MB = 300;
const folder = mkdtempSync(join(tmpdir(), "vitrine-bench-import-"));
const file = join(folder, "catalog.jsonl");

const base = generateDemoCatalog({ products: 2000, seed: 11, today: new Date("2026-11-01T00:00:00Z") });
const out = createWriteStream(file);
const write = async (line: string) => {
  if (!out.write(`${line}\n`)) await once(out, "drain");
};
for (const category of base.categories) await write(JSON.stringify(category));
for (let i = 0; i < products; i++) {
  const template = base.products[i % base.products.length] as (typeof base.products)[number];
  const id = 10_000_000 + i;
  await write(
    JSON.stringify({
      ...template,
      id,
      masterKey: `B${id}`,
      referenceKey: `B${id}`,
      variants: template.variants.map((variant, v) => ({ ...variant, id: id * 20 + v })),
    }),
  );
}
out.end();
await once(out, "finish");
const megabytes = (statSync(file).size / 1e6).toFixed(0);

const env = {
  ...process.env,
  VITRINE_DATA_DIR: join(folder, "data"),
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
  LOG_LEVEL: "warn",
};
/**
 * Resident memory of a process and all its descendants, in kB (Linux /proc): `catalog import` runs in a child
 * process of the `vitrine` launcher, and both count.
 */
function treeRssKb(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const queue = [root];
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

const loadBefore = loadavg()[0];
const started = performance.now();
const run = spawn(
  "/usr/bin/time",
  ["-v", process.execPath, join(root, "packages/cli/src/main.ts"), "catalog", "import", file],
  { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
);
let stdout = "";
let stderr = "";
run.stdout.setEncoding("utf8").on("data", (text: string) => {
  stdout += text;
});
run.stderr.setEncoding("utf8").on("data", (text: string) => {
  stderr += text;
});
let treePeakKb = 0;
const sampler = setInterval(() => {
  treePeakKb = Math.max(treePeakKb, treeRssKb(run.pid as number));
}, 500);
const [status] = (await once(run, "close")) as [number | null];
clearInterval(sampler);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const processPeakMb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024;
const peakMb = Math.max(processPeakMb, treePeakKb / 1024);
console.log(
  `\nVitrine catalogue import — ${products} products, ${megabytes} MB of JSON Lines, ${env.DATABASE_URL ? "PostgreSQL" : "SQLite"}, Node ${process.version}`,
);
console.log(`  ${stdout.trim() || stderr.split("\n").slice(0, 5).join("\n  ")}`);
console.log(
  `  wall time ${seconds} s; peak memory ${peakMb.toFixed(0)} MB: the import process ${processPeakMb.toFixed(0)} MB (GNU time), with its launcher ${(treePeakKb / 1024).toFixed(0)} MB (sampled every 0.5 s)`,
);
console.log(
  `  target: ≤ ${TARGET_MB} MB at 1,000,000 products${
    products >= 1_000_000 ? (peakMb <= TARGET_MB ? " — met" : " — MISSED") : " (run with 1M to check it)"
  }; machine load ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after (1-minute average)`,
);
// BENCH_IMPORT_KEEP=1 keeps the generated file (and the database) to look at or import again.
if (process.env.BENCH_IMPORT_KEEP === "1") console.log(`  kept ${file}`);
else rmSync(folder, { recursive: true, force: true });
process.exit(status ?? 1);
