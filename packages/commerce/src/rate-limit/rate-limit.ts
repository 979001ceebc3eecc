import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Ctx } from "../context.ts";

/**
 * A small rate limiter on the shop's database, so a limit holds across every storefront process: fixed windows
 * counted with one atomic upsert per hit (SQLite and PostgreSQL). Used for sign-in, sign-up and password reset
 * (per IP and per e-mail) and reusable for anything else a shopper can hammer (order tracking).
 */
export interface RateLimitRule {
  /** Stable name, part of the stored key: `sign-in`, `password-reset`… */
  name: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/** One subject of a rule: `{ scope: "ip", value: "203.0.113.9" }` or `{ scope: "email", value: "…" }`. */
export interface RateLimitSubject {
  scope: string;
  value: string;
}

/** Expired windows are removed now and then by the hits themselves: no background job needed. */
const PRUNE_EVERY_HITS = 200;
let hitsSincePrune = 0;

function storageKey(rule: RateLimitRule, subject: RateLimitSubject): string {
  // Subjects (e-mail addresses, IPs) are stored hashed: the table holds counters, not personal data.
  const digest = createHash("sha256").update(subject.value.trim().toLowerCase()).digest("base64url").slice(0, 32);
  return `${rule.name}:${subject.scope}:${digest}`;
}

/** Counts one hit for the subject and says whether it is within the rule's limit. */
export async function hitRateLimit(
  ctx: Pick<Ctx, "db" | "clock">,
  rule: RateLimitRule,
  subject: RateLimitSubject,
): Promise<RateLimitResult> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const windowEnd = new Date(now.getTime() + rule.windowMs).toISOString();
  const expired = sql<boolean>`rate_limit.window_ends_at <= ${nowIso}`;
  const row = await ctx.db
    .insertInto("rate_limit")
    .values({ key: storageKey(rule, subject), hits: 1, window_ends_at: windowEnd })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limit.hits + 1 end`,
        window_ends_at: sql<string>`case when ${expired} then ${windowEnd} else rate_limit.window_ends_at end`,
      }),
    )
    .returning(["hits", "window_ends_at"])
    .executeTakeFirstOrThrow();

  if (++hitsSincePrune >= PRUNE_EVERY_HITS) {
    hitsSincePrune = 0;
    await pruneRateLimits(ctx);
  }

  const hits = Number(row.hits);
  const allowed = hits <= rule.limit;
  const retryAfterMs = new Date(row.window_ends_at).getTime() - now.getTime();
  return {
    allowed,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}

/**
 * Counts one hit for each subject (all of them, so an attacker cannot dodge the per-e-mail counter by tripping
 * the per-IP one first) and answers for the most restrictive.
 */
export async function hitRateLimits(
  ctx: Pick<Ctx, "db" | "clock">,
  checks: readonly { rule: RateLimitRule; subject: RateLimitSubject }[],
): Promise<RateLimitResult> {
  let verdict: RateLimitResult = { allowed: true, remaining: Number.POSITIVE_INFINITY, retryAfterSeconds: 0 };
  for (const { rule, subject } of checks) {
    const result = await hitRateLimit(ctx, rule, subject);
    verdict = {
      allowed: verdict.allowed && result.allowed,
      remaining: Math.min(verdict.remaining, result.remaining),
      retryAfterSeconds: Math.max(verdict.retryAfterSeconds, result.retryAfterSeconds),
    };
  }
  return verdict;
}

/** Forgets the subject's hits (after a successful sign-in the per-e-mail counter starts again). */
export async function resetRateLimit(ctx: Pick<Ctx, "db" | "clock">, rule: RateLimitRule, subject: RateLimitSubject) {
  await ctx.db.deleteFrom("rate_limit").where("key", "=", storageKey(rule, subject)).execute();
}

export async function pruneRateLimits(ctx: Pick<Ctx, "db" | "clock">): Promise<number> {
  const result = await ctx.db
    .deleteFrom("rate_limit")
    .where("window_ends_at", "<=", ctx.clock.now().toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows per statement of `addRateLimitHits` (3 parameters a row: far below either database's limit). */
const HITS_PER_STATEMENT = 500;

/**
 * Adds several subjects' hits of one rule at once (one upsert per 500 subjects) and returns each subject's count
 * in its current window with the window's end: the batched writes of `SharedRateLimiter`.
 */
export async function addRateLimitHits(
  ctx: Pick<Ctx, "db" | "clock">,
  rule: RateLimitRule,
  hits: ReadonlyMap<string, number>,
): Promise<Map<string, { hits: number; windowEndsAt: number }>> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const windowEnd = new Date(now.getTime() + rule.windowMs).toISOString();
  const expired = sql<boolean>`rate_limit.window_ends_at <= ${nowIso}`;
  const subjectOf = new Map<string, string>();
  const rows = [...hits].map(([value, count]) => {
    const key = storageKey(rule, { scope: "ip", value });
    subjectOf.set(key, value);
    return { key, hits: count, window_ends_at: windowEnd };
  });
  const out = new Map<string, { hits: number; windowEndsAt: number }>();
  for (let i = 0; i < rows.length; i += HITS_PER_STATEMENT) {
    const written = await ctx.db
      .insertInto("rate_limit")
      .values(rows.slice(i, i + HITS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          hits: sql<number>`case when ${expired} then excluded.hits else rate_limit.hits + excluded.hits end`,
          window_ends_at: sql<string>`case when ${expired} then excluded.window_ends_at else rate_limit.window_ends_at end`,
        }),
      )
      .returning(["key", "hits", "window_ends_at"])
      .execute();
    for (const row of written) {
      const subject = subjectOf.get(row.key);
      if (subject !== undefined)
        out.set(subject, { hits: Number(row.hits), windowEndsAt: new Date(row.window_ends_at).getTime() });
    }
  }
  hitsSincePrune += rows.length;
  if (hitsSincePrune >= PRUNE_EVERY_HITS) {
    hitsSincePrune = 0;
    await pruneRateLimits(ctx);
  }
  return out;
}
