// `npm run bench:import [-- PRODUCTS]`: the streaming catalogue import at scale. Writes a generated catalogue of
// PRODUCTS products (the argument, e.g. `1000000` or `1M`, else BENCH_IMPORT_PRODUCTS, else 100,000; the target is
// ≤ 300 MB peak memory at 1,000,000) as JSON Lines — the demo
// generator's products cloned under new ids, written as they are made, so the file can be any size — then runs
// `vitrine catalog import` on a fresh SQLite database (or PostgreSQL with BENCH_DATABASE_URL) under GNU time and
// prints the lines, the time and the peak memory (maximum resident set size) of the import process.
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
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
const loadBefore = loadavg()[0];
const started = performance.now();
const run = spawnSync(
  "/usr/bin/time",
  ["-v", process.execPath, join(root, "packages/cli/src/main.ts"), "catalog", "import", file],
  {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  },
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1] ?? Number.NaN);
const peakMb = peakKb / 1024;
console.log(
  `\nVitrine catalogue import — ${products} products, ${megabytes} MB of JSON Lines, ${env.DATABASE_URL ? "PostgreSQL" : "SQLite"}, Node ${process.version}`,
);
console.log(`  ${run.stdout.trim() || run.stderr.split("\n").slice(0, 5).join("\n  ")}`);
console.log(`  wall time ${seconds} s, peak memory of the import process ${peakMb.toFixed(0)} MB`);
console.log(
  `  target: ≤ ${TARGET_MB} MB at 1,000,000 products${
    products >= 1_000_000 ? (peakMb <= TARGET_MB ? " — met" : " — MISSED") : " (run with 1M to check it)"
  }; machine load ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after (1-minute average)`,
);
// BENCH_IMPORT_KEEP=1 keeps the generated file (and the database) to look at or import again.
if (process.env.BENCH_IMPORT_KEEP === "1") console.log(`  kept ${file}`);
else rmSync(folder, { recursive: true, force: true });
process.exit(run.status ?? 1);
