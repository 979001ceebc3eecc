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
