/**
 * The long fuzz run (`npm run fuzz`): generated hostile requests against the built storefront in this process,
 * on a fresh database (SQLite, or a fresh PostgreSQL schema when DATABASE_URL points at PostgreSQL). Prints the
 * counts by status and by target and every 5xx (with the request that caused it); exits 1 when any answer was a
 * 5xx, broke its channel's error shape, or the shop was not healthy afterwards.
 *
 *   npm run build && npm run fuzz -- [--count 50000] [--seed 1] [--channel rpc|search|form|page] [--from-batch N]
 *
 * The bounded version of the same generators runs in CI: apps/storefront/test/fuzz.test.ts.
 */
import { parseArgs } from "node:util";
import fc from "fast-check";
import { openShopDatabase } from "../apps/storefront/test/basket-fixtures.ts";
import {
  answerProblems,
  anyRequest,
  customerBrowser,
  type FuzzRequest,
  formRequest,
  fuzzWorld,
  healthy,
  pageRequest,
  rpcPayloads,
  rpcRequest,
  searchRequest,
  send,
} from "../apps/storefront/test/fuzz-inputs.ts";
import { startTestShop } from "../apps/storefront/test/shop-client.ts";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: process.env.FUZZ_COUNT ?? "50000" },
    seed: { type: "string", default: process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000) },
    channel: { type: "string" },
    /** Start at this batch of 250 (seed + batch), to replay the part of a long run where a failure was seen. */
    "from-batch": { type: "string", default: "0" },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error("usage: npm run fuzz -- [--count N] [--seed N] [--channel rpc|search|form|page]");
  process.exit(2);
}

// The shop logs every refused request it finds worth a line; the run prints its own summary instead.
const started = performance.now();
// Only warnings and errors are kept (in memory): tens of thousands of access lines would only fill it.
const shop = await startTestShop({}, { logLevel: "warn" });
const db = openShopDatabase();
const world = await fuzzWorld(db);
let browsers = { guest: shop.browser(), customer: await customerBrowser(shop) };
const methods = Object.keys(rpcPayloads(world));
const arbitrary: fc.Arbitrary<FuzzRequest> =
  values.channel === "rpc"
    ? rpcRequest(world, methods)
    : values.channel === "search"
      ? searchRequest(world)
      : values.channel === "form"
        ? formRequest(world)
        : values.channel === "page"
          ? pageRequest(world)
          : anyRequest(world, methods);

const dialect = /^postgres/.test(process.env.DATABASE_URL ?? "") ? "PostgreSQL" : "SQLite";
console.log(
  `fuzz: ${count} requests, seed ${seed}, ${dialect}, set up in ${Math.round(performance.now() - started)} ms`,
);

const byStatus = new Map<number, number>();
const byTarget = new Map<string, Map<number, number>>();
const failures: { request: FuzzRequest; status: number; problems: string[] }[] = [];
const BATCH = 250;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => (stopping = true));
const runStarted = performance.now();
let sent = 0;
for (let batch = Number(values["from-batch"]); sent < count && !stopping; batch++) {
  const requests = fc.sample(arbitrary, { seed: seed + batch, numRuns: Math.min(BATCH, count - sent) });
  for (const request of requests) {
    if (stopping) break;
    const response = await send(request, browsers);
    const problems = await answerProblems(request, response);
    byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
    const target = byTarget.get(request.target) ?? new Map<number, number>();
    target.set(response.status, (target.get(response.status) ?? 0) + 1);
    byTarget.set(request.target, target);
    if (problems.length > 0) failures.push({ request, status: response.status, problems });
    sent++;
  }
  // A fresh pair of browsers now and then: one fuzzed sign-out or cleared cookie should not shape the rest.
  if (batch % 20 === 19) browsers = { guest: shop.browser(), customer: await customerBrowser(shop) };
  if (batch % 8 === 7) {
    const seconds = (performance.now() - runStarted) / 1000;
    console.log(`  ${sent} sent, ${Math.round(sent / seconds)}/s, ${failures.length} failing`);
  }
}
await finish(stopping);

/** Prints the counts so far (also when the run is stopped early with Ctrl-C or SIGTERM) and exits. */
async function finish(stopped: boolean): Promise<never> {
  const seconds = (performance.now() - runStarted) / 1000;
  const isHealthy = await healthy(shop);

  const line = (counts: Map<number, number>) =>
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
  console.log(`\nby status: ${line(byStatus)}`);
  console.log("by target:");
  for (const [target, counts] of [...byTarget].sort(([a], [b]) => a.localeCompare(b))) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    console.log(`  ${target.padEnd(44)} ${String(total).padStart(6)}  ${line(counts)}`);
  }
  const fiveHundreds = [...byStatus].filter(([status]) => status >= 500).reduce((a, [, n]) => a + n, 0);
  console.log(
    `\n${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), ${fiveHundreds} × 5xx, ` +
      `${failures.length} failing, healthy afterwards: ${isHealthy ? "yes" : "NO"} (seed ${seed})`,
  );
  for (const failure of failures.slice(0, 20)) {
    const { request } = failure;
    const body = typeof request.body === "string" ? request.body.slice(0, 300) : request.body ? "(bytes)" : "";
    console.log(
      `  ${failure.problems.join(", ")}: ${request.method} ${request.path.slice(0, 200)} ${request.as} ${body}`,
    );
  }
  if (stopped) console.log("stopped before the planned count");
  await db.destroy();
  await shop.close();
  process.exit(failures.length > 0 || !isHealthy || stopped ? 1 : 0);
}
