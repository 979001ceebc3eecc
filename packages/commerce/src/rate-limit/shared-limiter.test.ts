import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../clock.ts";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import type { RateLimitRule } from "./rate-limit.ts";
import { SharedRateLimiter } from "./shared-limiter.ts";

/**
 * The batched shared limiter of the search and help APIs: two limiters on one database stand for two processes.
 * The clock is the test's; writes happen when a client runs out of slack or on `flush()` (the timer's work), so
 * nothing depends on time.
 */

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
let testDb: TestDatabase;
let now = new Date("2026-03-01T10:00:00Z");
const clock: Clock = { now: () => new Date(now) };
const rule: RateLimitRule = { name: "shared-test", limit: 50, windowMs: 5000 };
const limiters: SharedRateLimiter[] = [];

function processLimiter(slack: number, r: RateLimitRule = rule, db = testDb.db): SharedRateLimiter {
  // A long timer: the test writes with flush() or by running out of slack.
  const limiter = new SharedRateLimiter({ db, clock }, { rule: r, slack, syncMs: 60_000 });
  limiters.push(limiter);
  return limiter;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const limiter of limiters) await limiter.stop().catch(() => undefined);
  await testDb?.destroy();
});

async function allowedOf(limiter: SharedRateLimiter, client: string, count: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < count; i++) if ((await limiter.take(client)).allowed) allowed++;
  return allowed;
}

describe(`shared rate limiter (${dialectName})`, () => {
  it("holds the limit across two processes within their slack, whatever the client spreads over them", async () => {
    const slack = 4;
    const a = processLimiter(slack);
    const b = processLimiter(slack);
    const client = "203.0.113.10";
    let allowed = 0;
    for (let i = 0; i < 200; i++) if ((await (i % 2 === 0 ? a : b).take(client)).allowed) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(rule.limit);
    expect(allowed).toBeLessThanOrEqual(rule.limit + 2 * slack);
    // On either process now: refused, with the window's rest as Retry-After.
    now = new Date(now.getTime() + 2000);
    expect(await a.take(client)).toEqual({ allowed: false, retryAfterSeconds: 3 });
    expect(await b.take(client)).toEqual({ allowed: false, retryAfterSeconds: 3 });
    // Another client is not affected.
    expect(await allowedOf(a, "203.0.113.11", 10)).toBe(10);
    // After the window: allowed again.
    now = new Date(now.getTime() + 3000);
    expect(await allowedOf(b, client, 10)).toBe(10);
  });

  it("with a slack of 1, a client alternating between two processes gets exactly the limit", async () => {
    const a = processLimiter(1);
    const b = processLimiter(1);
    const client = "198.51.100.7";
    let allowed = 0;
    for (let i = 0; i < 120; i++) if ((await (i % 2 === 0 ? a : b).take(client)).allowed) allowed++;
    expect(allowed).toBeLessThanOrEqual(rule.limit + 2);
    expect(allowed).toBeGreaterThanOrEqual(rule.limit);
  });

  it("lets an ordinary client through without waiting for the database, and writes its hits in a batch", async () => {
    const a = processLimiter(8);
    const b = processLimiter(8);
    const client = "192.0.2.44";
    // Five requests: below the slack, nothing written yet.
    expect(await allowedOf(a, client, 5)).toBe(5);
    const stored = () => testDb.db.selectFrom("rate_limit").select("hits").where("key", "like", "shared-test:%");
    const before = (await stored().execute()).reduce((sum, row) => sum + Number(row.hits), 0);
    await a.flush();
    const after = (await stored().execute()).reduce((sum, row) => sum + Number(row.hits), 0);
    expect(after - before).toBe(5);
    // B learns A's count with its first write: the client has 50 - 5 left there, within B's slack.
    const onB = await allowedOf(b, client, 100);
    expect(onB).toBeGreaterThanOrEqual(rule.limit - 5);
    expect(onB).toBeLessThanOrEqual(rule.limit - 5 + 8);
  });

  it("keeps limiting in memory, per process, when the database does not take the counts", async () => {
    const gone = await createTestDatabase();
    await gone.destroy();
    const limiter = processLimiter(4, rule, gone.db);
    const client = "203.0.113.99";
    expect(await allowedOf(limiter, client, 80)).toBe(rule.limit);
    expect((await limiter.take(client)).retryAfterSeconds).toBeGreaterThan(0);
    // A window later the unwritten hits are forgotten.
    now = new Date(now.getTime() + rule.windowMs);
    expect((await limiter.take(client)).allowed).toBe(true);
  });
});
