/** A token bucket per client: `capacity` requests at once, refilled at `refillPerSecond`. */
export interface RateLimitOptions {
  capacity: number;
  refillPerSecond: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 120, refillPerSecond: 40 };
/** Events per client and store: a burst of many pages' worth, then one a second, more than browsing sends. */
export const DEFAULT_EVENT_RATE_LIMIT: RateLimitOptions = { capacity: 300, refillPerSecond: 1 };
const MAX_CLIENTS = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly options: RateLimitOptions;

  constructor(options: RateLimitOptions = DEFAULT_RATE_LIMIT) {
    this.options = options;
  }

  /** Takes `cost` (one request, or a batch's events) from the client's bucket; false when it holds less. */
  take(client: string, nowMs: number, cost = 1): boolean {
    const { capacity, refillPerSecond } = this.options;
    let bucket = this.buckets.get(client);
    if (!bucket) {
      if (this.buckets.size >= MAX_CLIENTS) this.evictFull(nowMs);
      bucket = { tokens: capacity, at: nowMs };
      this.buckets.set(client, bucket);
    } else {
      bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.at) / 1000) * refillPerSecond);
      bucket.at = nowMs;
    }
    if (bucket.tokens < cost) return false;
    bucket.tokens -= cost;
    return true;
  }

  /** Seconds until the client may send again (`cost` as much as it was refused). */
  retryAfter(client: string, cost = 1): number {
    const bucket = this.buckets.get(client);
    if (!bucket) return 0;
    return Math.max(1, Math.ceil((cost - bucket.tokens) / this.options.refillPerSecond));
  }

  /** Forgets clients whose bucket has refilled (they behave like new ones). */
  private evictFull(nowMs: number): void {
    for (const [client, bucket] of this.buckets) {
      const tokens = bucket.tokens + ((nowMs - bucket.at) / 1000) * this.options.refillPerSecond;
      if (tokens >= this.options.capacity) this.buckets.delete(client);
    }
    if (this.buckets.size >= MAX_CLIENTS) this.buckets.clear();
  }
}

/**
 * A limiter the HTTP handlers ask per request. The in-process token bucket (`localLimiter`) holds per process; the
 * shop passes `SharedRateLimiter` (commerce) so the limit holds across all its processes.
 */
export interface RequestLimiter {
  take(client: string, cost?: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

export function localLimiter(options: RateLimitOptions): RequestLimiter {
  const limiter = new RateLimiter(options);
  return {
    async take(client, cost = 1) {
      if (limiter.take(client, Date.now(), cost)) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: limiter.retryAfter(client, cost) };
    },
  };
}

/**
 * The shop's limits of the search and help APIs across processes (fixed windows on the database): 200 requests in
 * 5 s per client address, the in-process bucket's 40 a second with a burst that covers a page's requests.
 */
export const SEARCH_API_RATE_RULE = { name: "search-api", limit: 200, windowMs: 5000 } as const;
export const HELP_API_RATE_RULE = { name: "help-api", limit: 200, windowMs: 5000 } as const;
