import type { Clock } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { Logger } from "../log.ts";
import { addRateLimitHits, type RateLimitRule } from "./rate-limit.ts";

/**
 * A rate limit that holds across every process on the shop's database, for hot paths (the search and help APIs)
 * where a database write per request would cost too much. Each process counts hits in memory and adds them to the
 * shared fixed-window counters (`rate_limit`, both dialects) in batches: every `syncMs` for all clients, and at once
 * for a client that sent `slack` hits since the last write. A client is refused once the shared count plus what this
 * process has not written yet reaches the limit, so across N processes it gets at most N × `slack` hits more than the
 * limit, whatever it spreads over them; an ordinary shopper never waits for the database.
 *
 * When the database cannot take the counts (an outage, a read-only disk) the limiter keeps counting in memory,
 * per process, and tries again after `retryMs`: searching goes on.
 */

export interface SharedLimiterOptions {
  rule: RateLimitRule;
  /** Hits of one client this process may take before it writes them (default 8). */
  slack?: number;
  /** How often counts are written (default 200 ms). */
  syncMs?: number;
  /** After a failed write, how long to count in memory only (default 1000 ms). */
  retryMs?: number;
  log?: Pick<Logger, "warn">;
}

export interface SharedLimitVerdict {
  allowed: boolean;
  /** Seconds until the client may send again (0 when allowed). */
  retryAfterSeconds: number;
}

interface ClientState {
  /** The shared count of the window as last read (all processes' hits, ours included). */
  shared: number;
  /** End of that window (ms), 0 before the first write. */
  windowEndsAt: number;
  /** Hits taken here and not written yet. */
  pending: number;
  /** When the oldest of them was taken (hits older than a window that never reached the database are dropped). */
  pendingSince: number;
  /** Hits being written. */
  writing: number;
  writingSince: number;
}

const MAX_CLIENTS = 100_000;
const WARN_EVERY_MS = 60_000;

export class SharedRateLimiter {
  private readonly states = new Map<string, ClientState>();
  private readonly rule: RateLimitRule;
  private readonly slack: number;
  private readonly syncMs: number;
  private readonly retryMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private failedUntil = 0;
  private warnedAt = Number.NEGATIVE_INFINITY;
  private stopped = false;

  private readonly ctx: Pick<Ctx, "db"> & { clock: Clock };
  private readonly options: SharedLimiterOptions;

  constructor(ctx: Pick<Ctx, "db"> & { clock: Clock }, options: SharedLimiterOptions) {
    this.ctx = ctx;
    this.options = options;
    this.rule = options.rule;
    this.slack = Math.max(1, options.slack ?? 8);
    this.syncMs = options.syncMs ?? 200;
    this.retryMs = options.retryMs ?? 1000;
  }

  /** Counts `cost` hits of the client, if the limit allows them. */
  async take(client: string, cost = 1): Promise<SharedLimitVerdict> {
    let state = this.state(client);
    if (state.pending + cost > this.slack && this.now() >= this.failedUntil) {
      // This client sends fast: learn what the other processes counted before letting it go on.
      await this.flush();
      state = this.state(client);
    }
    const now = this.now();
    if (state.pending > 0 && now - state.pendingSince >= this.rule.windowMs) state.pending = 0;
    const shared = now < state.windowEndsAt ? state.shared : 0;
    if (shared + state.writing + state.pending + cost > this.rule.limit) {
      const left = state.windowEndsAt > now ? state.windowEndsAt - now : this.rule.windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    }
    if (state.pending === 0) state.pendingSince = now;
    state.pending += cost;
    this.schedule();
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /** Writes the counts taken so far (one flush at a time; a call during one waits for it and writes after it). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    const run = this.write().finally(() => {
      this.flushing = undefined;
    });
    this.flushing = run;
    await run;
  }

  /** Writes what is left and stops the timer (at the end of the process). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private now(): number {
    return this.ctx.clock.now().getTime();
  }

  private state(client: string): ClientState {
    let state = this.states.get(client);
    if (!state) {
      if (this.states.size >= MAX_CLIENTS) this.forgetIdle();
      state = { shared: 0, windowEndsAt: 0, pending: 0, pendingSince: 0, writing: 0, writingSince: 0 };
      this.states.set(client, state);
    }
    return state;
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.syncMs);
    this.timer.unref?.();
  }

  private async write(): Promise<void> {
    const batch = new Map<string, number>();
    for (const [client, state] of this.states) {
      if (state.pending === 0) continue;
      batch.set(client, state.pending);
      state.writing += state.pending;
      state.writingSince = state.pendingSince;
      state.pending = 0;
    }
    if (batch.size === 0) return;
    try {
      const counts = await addRateLimitHits(this.ctx, this.rule, batch);
      for (const [client, sent] of batch) {
        const state = this.state(client);
        state.writing -= sent;
        const count = counts.get(client);
        if (count) {
          state.shared = count.hits;
          state.windowEndsAt = count.windowEndsAt;
        }
      }
      this.failedUntil = 0;
      if (this.states.size > MAX_CLIENTS / 2) this.forgetIdle();
    } catch (error) {
      // Counted in memory until the database takes them: the hits are written with the next batch.
      for (const [client, sent] of batch) {
        const state = this.state(client);
        state.writing -= sent;
        state.pendingSince = state.pending > 0 ? Math.min(state.pendingSince, state.writingSince) : state.writingSince;
        state.pending += sent;
      }
      this.failedUntil = this.now() + this.retryMs;
      if (this.now() - this.warnedAt >= WARN_EVERY_MS) {
        this.warnedAt = this.now();
        this.options.log?.warn(
          { err: error, rule: this.rule.name },
          `rate limit ${this.rule.name}: counts kept in this process (the database did not take them)`,
        );
      }
      this.schedule();
    }
  }

  /** Forgets clients with nothing pending whose window ended. */
  private forgetIdle(): void {
    const now = this.now();
    for (const [client, state] of this.states) {
      if (state.pending === 0 && state.writing === 0 && state.windowEndsAt <= now) this.states.delete(client);
    }
  }
}
