/**
 * `npm run bench:ratelimit`: what the search and help APIs' rate limit costs a request. Compares the in-process
 * token bucket (per process only), a database write per request (`hitRateLimit`, as sign-in uses) and the batched
 * shared limiter the shop uses (`SharedRateLimiter`), with two limiters on one database standing for two processes.
 * SQLite file by default; PostgreSQL when DATABASE_URL says so.
 *
 * Options: `--clients 500` `--requests 20000`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createDatabase,
  type Db,
  ensureSchema,
  hitRateLimit,
  migrateToLatest,
  quoteIdent,
  SharedRateLimiter,
  systemClock,
} from "@vitrine/commerce";
import { sql } from "kysely";
import { localLimiter, type RequestLimiter, SEARCH_API_RATE_RULE } from "../src/api/rate-limit.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const CLIENTS = Number(option("clients", "500"));
const REQUESTS = Number(option("requests", "20000"));
const url = process.env.DATABASE_URL ?? "";
const postgres = url.startsWith("postgres");

// A rule no client reaches: the cost of counting, not of refusing.
const rule = { ...SEARCH_API_RATE_RULE, name: "bench", limit: 1_000_000 };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function run(name: string, limiters: RequestLimiter[], after?: () => Promise<void>): Promise<void> {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const client = `198.51.${(i % CLIENTS) >> 8}.${(i % CLIENTS) & 255}`;
    const t = performance.now();
    await (limiters[i % limiters.length] as RequestLimiter).take(client);
    samples.push((performance.now() - t) * 1000);
  }
  await after?.();
  const total = performance.now() - started;
  samples.sort((x, y) => x - y);
  console.log(
    `${name.padEnd(46)}${percentile(samples, 50).toFixed(1).padStart(9)} µs${percentile(samples, 99).toFixed(0).padStart(9)} µs${(samples.reduce((s, v) => s + v, 0) / samples.length).toFixed(1).padStart(10)} µs${Math.round(
      REQUESTS / (total / 1000),
    )
      .toLocaleString("en")
      .padStart(12)} /s`,
  );
}

let folder: string | undefined;
let schema: string | undefined;
let db: Db;
if (postgres) {
  schema = `bench_rl_${process.pid}`;
  const admin = createDatabase({ url, poolSize: 1 });
  await ensureSchema(admin, schema);
  await admin.destroy();
  db = createDatabase({ url, schema, poolSize: 4 });
} else {
  folder = mkdtempSync(join(tmpdir(), "vitrine-rl-bench-"));
  db = createDatabase({ url: join(folder, "bench.sqlite") });
}
await migrateToLatest(db, []);
const ctx = { db, clock: systemClock };

console.log(
  `rate limit cost per request, ${REQUESTS.toLocaleString("en")} requests from ${CLIENTS} clients, ${postgres ? "PostgreSQL" : "SQLite file"}`,
);
console.log(
  `${"limiter".padEnd(46)}${"p50".padStart(12)}${"p99".padStart(12)}${"mean".padStart(13)}${"throughput".padStart(15)}`,
);
await run("in-process token bucket (per process only)", [localLimiter({ capacity: 1e9, refillPerSecond: 1e9 })]);
await run("database write per request (2 processes)", [
  { take: async (client) => hitRateLimit(ctx, rule, { scope: "ip", value: client }).then((r) => r) },
  { take: async (client) => hitRateLimit(ctx, rule, { scope: "ip", value: client }).then((r) => r) },
]);
const a = new SharedRateLimiter(ctx, { rule: { ...rule, name: "bench-shared" } });
const b = new SharedRateLimiter(ctx, { rule: { ...rule, name: "bench-shared" } });
await run("shared, batched (2 processes, slack 8, 200 ms)", [a, b], async () => {
  await a.stop();
  await b.stop();
});
const stored = await db
  .selectFrom("rate_limit")
  .select((eb) => eb.fn.sum<number>("hits").as("hits"))
  .where("key", "like", "bench-shared:%")
  .executeTakeFirst();
console.log(
  `shared limiter: ${Number(stored?.hits ?? 0).toLocaleString("en")} hits stored of ${REQUESTS.toLocaleString("en")} taken`,
);

await db.destroy();
if (folder) rmSync(folder, { recursive: true, force: true });
if (schema) {
  const admin = createDatabase({ url, poolSize: 1 });
  await sql.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).execute(admin);
  await admin.destroy();
}
