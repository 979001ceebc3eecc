import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";

/**
 * The embedded shared HTTP cache of one server process (`npm start` without a cache in front): it keeps what the
 * shop's answers allow a shared cache to keep and nothing else, as Varnish in front would (deploy/varnish/):
 * - stored: answers 200 to GET whose `Cache-Control` says `public` with `s-maxage`, without `Set-Cookie`, kept
 *   as sent (compressed by the server's normal compression, so one copy per `Accept-Encoding`);
 * - fresh for `s-maxage` seconds; then, for `stale-while-revalidate` seconds, one request renders the page again
 *   while the others get the stale copy;
 * - purged by the tags of its `Surrogate-Key` as the event feed brings changes (lib/cache-purge.server.ts); a
 *   render during which one of its tags was purged is sent but not kept (it may hold what the change replaced);
 * - never used for requests in preview mode (drafts), nor while the shop is in maintenance mode;
 * - the least recently used answers make room within the memory budget (`PAGE_CACHE_MB`, lru-cache);
 * - an answer's note (a header the app sets and `withholdNote` takes off before anything is sent: the search or
 *   listing the page logged) is kept with it and handed to `onView` for each view a kept copy answers.
 * `X-Cache: hit | miss | stale` says how an answer came about; `Age` how old a kept one is.
 */

interface Stored {
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  tags: string[];
  note: string | undefined;
  storedAt: number;
  freshMs: number;
  staleMs: number;
  refreshing: boolean;
}

/** Headers that belong to one answer, not to the kept page. */
const PER_ANSWER = new Set(["set-cookie", "date", "connection", "keep-alive", "transfer-encoding", "x-request-id"]);

export interface HttpCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export class HttpCache {
  readonly #entries: LRUCache<string, Stored>;
  readonly #byTag = new Map<string, Set<string>>();
  readonly #now: () => number;
  readonly #onView: ((note: string, req: IncomingMessage) => void) | undefined;
  #hits = 0;
  #misses = 0;
  /** Counts purges: a render remembers the count when it starts. */
  #purges = 0;
  /** The count at each tag's last purge (the most recent tags; an older purge is long past any render). */
  readonly #purgedAt = new LRUCache<string, number>({ max: 10_000 });
  /** The count at the last `clear()`. */
  #clearedAt = 0;

  constructor(
    maxBytes: number,
    options: { now?: () => number; onView?: (note: string, req: IncomingMessage) => void } = {},
  ) {
    this.#now = options.now ?? Date.now;
    this.#onView = options.onView;
    this.#entries = new LRUCache<string, Stored>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
      dispose: (entry, key) => this.#untag(key, entry.tags),
    });
  }

  /** Where a request's answer is kept: the address and the encodings the client takes (the answer varies by them). */
  static key(req: IncomingMessage): string {
    const encodings = (req.headers["accept-encoding"] ?? "").toString().toLowerCase().replace(/\s+/g, "");
    return `${req.headers.host ?? ""}${req.url ?? "/"}\n${encodings}`;
  }

  /**
   * Answers the request from the cache when it can (true); otherwise prepares `res` so that a cacheable answer is
   * kept when it finishes. Call before the compression middleware wraps `res`, so the kept body is compressed.
   */
  answer(req: IncomingMessage, res: ServerResponse, note: () => string | undefined = () => undefined): boolean {
    const key = HttpCache.key(req);
    const entry = this.#entries.get(key);
    if (entry) {
      const age = this.#now() - entry.storedAt;
      if (age < entry.freshMs) return this.#send(req, res, entry, "hit", age);
      if (age < entry.freshMs + entry.staleMs && entry.refreshing) return this.#send(req, res, entry, "stale", age);
      // The first request after it went stale renders it again; the others get the stale copy meanwhile.
      if (age < entry.freshMs + entry.staleMs) entry.refreshing = true;
    }
    this.#misses++;
    if (req.method === "GET") this.#capture(key, res, entry, note);
    res.setHeader("x-cache", "miss");
    return false;
  }

  /** Drops every kept answer carrying one of the tags. */
  purge(tags: readonly string[]): void {
    this.#purges++;
    for (const tag of tags) {
      this.#purgedAt.set(tag, this.#purges);
      const keys = this.#byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.#entries.delete(key);
    }
  }

  clear(): void {
    this.#clearedAt = ++this.#purges;
    this.#entries.clear();
  }

  stats(): HttpCacheStats {
    return { entries: this.#entries.size, bytes: this.#entries.calculatedSize, hits: this.#hits, misses: this.#misses };
  }

  #send(req: IncomingMessage, res: ServerResponse, entry: Stored, how: string, ageMs: number): boolean {
    this.#hits++;
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("age", String(Math.floor(ageMs / 1000)));
    res.setHeader("x-cache", how);
    res.end(req.method === "HEAD" ? undefined : entry.body);
    if (entry.note && req.method === "GET") this.#onView?.(entry.note, req);
    return true;
  }

  #capture(key: string, res: ServerResponse, previous: Stored | undefined, note: () => string | undefined): void {
    const chunks: Buffer[] = [];
    const startedAt = this.#purges;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.once("finish", () => {
      if (previous) previous.refreshing = false;
      const policy = sharedPolicy(res);
      if (!policy || res.statusCode !== 200 || res.hasHeader("set-cookie")) return;
      const headers: [string, string | string[]][] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined || PER_ANSWER.has(name) || name === "x-cache") continue;
        headers.push([name, typeof value === "number" ? String(value) : value]);
      }
      const tags = (res.getHeader("surrogate-key") ?? "").toString().split(/\s+/).filter(Boolean);
      // A purge of one of its tags while it rendered: it may hold what the change replaced (its data was read
      // before). It goes to this shopper but is not kept; the next request renders it again.
      if (this.#clearedAt > startedAt || tags.some((tag) => (this.#purgedAt.get(tag) ?? 0) > startedAt)) return;
      const entry: Stored = {
        status: res.statusCode,
        headers,
        body: Buffer.concat(chunks),
        tags,
        note: note(),
        storedAt: this.#now(),
        freshMs: policy.sMaxAge * 1000,
        staleMs: policy.staleWhileRevalidate * 1000,
        refreshing: false,
      };
      this.#entries.set(key, entry);
      // Tags are indexed only while it is kept (the size limit may refuse it).
      if (this.#entries.has(key)) this.#tag(key, tags);
    });
  }

  #tag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.#byTag.get(tag) ?? new Set<string>();
      this.#byTag.set(tag, keys);
      keys.add(key);
    }
  }

  #untag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}

/**
 * Takes the header `name` off the answer before its head is sent (whoever sets it: the app's headers pass through
 * `writeHead`, possibly after the compression middleware moved them to `setHeader`) and returns a reader of its
 * value.
 */
export function withholdNote(res: ServerResponse, name: string): () => string | undefined {
  let note: string | undefined;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const value = res.getHeader(name);
    if (value !== undefined) {
      note = value.toString();
      res.removeHeader(name);
    }
    for (const arg of args) {
      if (arg && typeof arg === "object" && !Array.isArray(arg) && name in arg) {
        const headers = arg as Record<string, unknown>;
        note = String(headers[name]);
        delete headers[name];
      }
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
  return () => note;
}

/** `s-maxage` and `stale-while-revalidate` of an answer a shared cache may keep (`public`), else undefined. */
export function sharedPolicy(res: {
  getHeader(name: string): number | string | string[] | undefined;
}): { sMaxAge: number; staleWhileRevalidate: number } | undefined {
  const cacheControl = (res.getHeader("cache-control") ?? "").toString().toLowerCase();
  const directives = new Map(
    cacheControl.split(",").map((part) => {
      const [name = "", value = ""] = part.trim().split("=");
      return [name, value] as const;
    }),
  );
  if (!directives.has("public") || directives.has("no-store") || directives.has("private")) return undefined;
  const sMaxAge = Number(directives.get("s-maxage"));
  if (!Number.isFinite(sMaxAge) || sMaxAge <= 0) return undefined;
  const stale = Number(directives.get("stale-while-revalidate") ?? 0);
  return { sMaxAge, staleWhileRevalidate: Number.isFinite(stale) ? stale : 0 };
}
