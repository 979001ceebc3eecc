import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../clock.ts";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { hitRateLimit, hitRateLimits, pruneRateLimits, type RateLimitRule, resetRateLimit } from "./rate-limit.ts";

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
let testDb: TestDatabase;
let now = new Date("2026-03-01T10:00:00Z");
const clock: Clock = { now: () => new Date(now) };
const rule: RateLimitRule = { name: "test", limit: 3, windowMs: 60_000 };

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.destroy();
});

const ctx = () => ({ db: testDb.db, clock });

describe(`rate limiter (${dialectName})`, () => {
  it("allows the limit per window, then refuses until the window ends", async () => {
    const subject = { scope: "ip", value: "203.0.113.1" };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(ctx(), rule, subject));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]?.retryAfterSeconds).toBe(60);
    now = new Date(now.getTime() + 30_000);
    expect(await hitRateLimit(ctx(), rule, subject)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    now = new Date(now.getTime() + 30_000);
    expect(await hitRateLimit(ctx(), rule, subject)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts subjects and rules apart, case-insensitively, and stores no raw subject", async () => {
    const a = { scope: "email", value: "Kim@Example.com" };
    for (let i = 0; i < 3; i++) await hitRateLimit(ctx(), rule, a);
    expect((await hitRateLimit(ctx(), rule, { scope: "email", value: "kim@example.com" })).allowed).toBe(false);
    expect((await hitRateLimit(ctx(), rule, { scope: "email", value: "other@example.com" })).allowed).toBe(true);
    expect((await hitRateLimit(ctx(), { ...rule, name: "other-rule" }, a)).allowed).toBe(true);
    const keys = await testDb.db.selectFrom("rate_limit").select("key").execute();
    expect(keys.some((k) => k.key.toLowerCase().includes("example"))).toBe(false);
  });

  it("counts concurrent hits exactly (one atomic upsert each)", async () => {
    const subject = { scope: "ip", value: "203.0.113.50" };
    const big = { ...rule, name: "burst", limit: 10 };
    const results = await Promise.all(Array.from({ length: 15 }, () => hitRateLimit(ctx(), big, subject)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("answers for the most restrictive of several limits and counts every one", async () => {
    const ip = { scope: "ip", value: "203.0.113.9" };
    const email = { scope: "email", value: "x@example.com" };
    const strict = { ...rule, name: "strict", limit: 1 };
    const loose = { ...rule, name: "loose", limit: 5 };
    expect(
      (
        await hitRateLimits(ctx(), [
          { rule: loose, subject: ip },
          { rule: strict, subject: email },
        ])
      ).allowed,
    ).toBe(true);
    const second = await hitRateLimits(ctx(), [
      { rule: loose, subject: ip },
      { rule: strict, subject: email },
    ]);
    expect(second).toMatchObject({ allowed: false, remaining: 0 });
    expect((await hitRateLimit(ctx(), loose, ip)).remaining).toBe(2);
    await resetRateLimit(ctx(), strict, email);
    expect((await hitRateLimit(ctx(), strict, email)).allowed).toBe(true);
  });

  it("prunes ended windows", async () => {
    await hitRateLimit(ctx(), { ...rule, name: "prune" }, { scope: "ip", value: "1" });
    now = new Date(now.getTime() + 120_000);
    expect(await pruneRateLimits(ctx())).toBeGreaterThan(0);
    const left = await testDb.db.selectFrom("rate_limit").select("key").execute();
    expect(left).toEqual([]);
  });
});
