import { randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { getBasketCount, getWishlistCount, isMaintenanceMode, SESSION_COOKIE_PREFIX } from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";
import type { CapturedAnswer, ListingRequest, ProductChanges, SearchRequest } from "@vitrine/search";
import type { MiddlewareFunction } from "react-router";
import { requestContext, servicesContext, shopContext } from "./context.ts";
import { errorReportingOrigins } from "./error-reporting.ts";
import { BROWSER_COOKIE, storeCookie, visitorCookies } from "./middleware.server.ts";
import { EDITOR_MODE_PARAM, PREVIEW_COOKIE } from "./preview.server.ts";
import { visitorClientId } from "./search.server.ts";
import { isHttps, newNonce, servesHttps, setSecurityHeaders, thirdPartyScriptOrigins } from "./security.server.ts";
import { getServices, type Services } from "./services.server.ts";
import { parseStorePath, readCookie } from "./store.ts";

/**
 * The page cache: rendered pages of anonymous visitors, kept in memory per process and served without running
 * loaders or React again.
 *
 * A page is the same for every visitor who is not signed in and whose basket and wishlist are empty: the header
 * shows no counts and no name, the product page's heart is empty. The one thing that differs is the CSRF token
 * (double-submit: each browser has its own, in its cookie, in the page's data and in every form), and the nonce
 * of the Content-Security-Policy, new for every answer. Such a page is therefore rendered with placeholders in
 * place of the token and the nonce, kept split at them, and joined with the visitor's own token and a fresh nonce
 * on every answer. Cookies (browser id, CSRF token, store) are set per request as always.
 *
 * What may be kept: only pages whose loader says so (`StoreRequest.cachePage`): home, content and service pages,
 * listings, search results, product and outfit pages; only answers 200 that set no cookie of their own. Never
 * data requests of client navigations, preview mode, a signed-in visitor or a browser with a basket or wishlist.
 *
 * How long: the event feed (commerce events/), which every process's search service follows within a second
 * (polling, and woken by LISTEN/NOTIFY on PostgreSQL), decides. A change of categories, promotions, merchandising
 * rules or content drops every page. A change of products (`catalog.changed`, `stock.changed`: every order changes
 * stock) drops the pages of those products at once, and pages showing many products (home, listings, search)
 * `MANY_PRODUCTS_STALE_MS` after it, so that a busy shop does not render its listings again on every order. Every page goes after `PAGE_CACHE_TTL_MS` at the latest (popularity,
 * relative dates, delivery dates move with time). The least recently used pages make room when the memory budget
 * (`PAGE_CACHE_MB`) is reached.
 */

const PAGE_CACHE_TTL_MS = 60_000;
/** How long a page showing many products is still answered after one of them changed (the index's own bound). */
export const MANY_PRODUCTS_STALE_MS = 2_000;

/** The answer header that says how a page was answered: `hit`, `miss` (rendered and kept) or `pass`. */
const PAGE_CACHE_HEADER = "x-vitrine-page-cache";

/** A listing or search a page made: logged again on every hit, so search logs and learned queries count it. */
export interface CaptureReplay {
  kind: "listing" | "search";
  input: ListingRequest | SearchRequest;
  answered: CapturedAnswer;
}

/** What a page's loaders tell the cache while it renders (see `StoreRequest.cachePage`). */
export interface PageRender {
  cacheable: boolean;
  captures: CaptureReplay[];
  /** The products the page is about (a product or outfit page); null for a page showing many. */
  products: readonly number[] | null;
}

/** The catalogue's state as the search service follows it (`SearchService` is one). */
export interface CatalogueState {
  readonly version: number;
  readonly productVersion: number;
  productChangesSince(productVersion: number): ProductChanges | undefined;
}

interface CachedPage {
  /** The page's URL. */
  key: string;
  status: number;
  headers: [string, string][];
  /** The HTML in UTF-8, split at every place the CSRF token or the nonce goes. */
  raw: Buffer[];
  /** What goes between `raw[i]` and `raw[i + 1]`. */
  gaps: ("token" | "nonce")[];
  /** The same parts compressed each on its own (see `gzipPage`): made when the page is first answered again. */
  deflated?: Buffer[];
  bytes: number;
  /** The catalogue `version` and `productVersion` the page was made from (the latter moves on when checked). */
  version: number;
  productVersion: number;
  products: readonly number[] | null;
  storedAt: number;
  captures: CaptureReplay[];
}

export interface PageCacheStats {
  pages: number;
  bytes: number;
  hits: number;
  misses: number;
}

/** Pages by URL, least recently used first, within a byte budget. */
export class PageCache {
  /** Stands for the CSRF token while a cacheable page renders: letters, digits and dashes, never escaped. */
  readonly placeholder = `csrf-placeholder-${randomBytes(12).toString("hex")}`;
  /** Stands for the Content-Security-Policy nonce the same way. */
  readonly noncePlaceholder = `nonce-placeholder-${randomBytes(12).toString("hex")}`;
  readonly #entries = new Map<string, CachedPage>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly now: () => number;

  constructor(maxBytes: number, ttlMs = PAGE_CACHE_TTL_MS, now: () => number = Date.now) {
    this.maxBytes = maxBytes;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  /** The page kept for `key` if nothing it shows has changed since and it is not too old. */
  get(key: string, catalogue: CatalogueState): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (page && this.#current(page, catalogue)) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, page);
      this.#hits++;
      return page;
    }
    if (page) this.#remove(key, page);
    this.#misses++;
    return undefined;
  }

  put(page: CachedPage): void {
    const { key } = page;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    if (page.bytes > this.maxBytes / 8) return;
    this.#entries.set(key, page);
    this.#bytes += page.bytes;
    this.#makeRoom();
  }

  /**
   * The page's compressed parts, made on first use: a page answered once (a rare filter combination, a crawler)
   * never costs the compression, which the server's compression then does for that one answer anyway.
   */
  deflated(page: CachedPage): Buffer[] {
    if (page.deflated) return page.deflated;
    page.deflated = compressParts(page.raw);
    const added = page.deflated.reduce((sum, part) => sum + part.length, 0);
    page.bytes += added;
    if (this.#entries.get(page.key) === page) {
      this.#bytes += added;
      this.#makeRoom();
    }
    return page.deflated;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  stats(): PageCacheStats {
    return { pages: this.#entries.size, bytes: this.#bytes, hits: this.#hits, misses: this.#misses };
  }

  #current(page: CachedPage, catalogue: CatalogueState): boolean {
    const now = this.now();
    if (page.version !== catalogue.version || now - page.storedAt >= this.ttlMs) return false;
    if (page.productVersion === catalogue.productVersion) return true;
    const changes = catalogue.productChangesSince(page.productVersion);
    if (!changes) return false;
    if (page.products === null) return now - changes.firstAt < MANY_PRODUCTS_STALE_MS;
    if (page.products.some((id) => changes.ids.has(id))) return false;
    // None of its products changed: checked up to now.
    page.productVersion = catalogue.productVersion;
    return true;
  }

  #makeRoom(): void {
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldest, entry);
    }
  }

  #remove(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#bytes -= page.bytes;
  }
}

/** better-auth's cookies (session token, session data) start with the shop's prefix. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.`);

/** What the cache reads of a request: a Fetch `Request`, or the server's lighter view of a Node request. */
export interface PageRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

/** Who asks: the browser id and CSRF token from the request's cookies (or new ones), preview mode. */
interface Visitor {
  browserId: string;
  csrfToken: string;
  editorMode: boolean;
}

/**
 * Whether the request is a page view of an anonymous visitor: GET of a document (not a data request), no
 * preview, no session cookie, and, for a browser that has been here before, an empty basket and wishlist.
 */
async function isAnonymousPageView(
  request: PageRequest,
  services: Services,
  shop: Shop,
  visitor: Visitor,
): Promise<boolean> {
  if (request.method !== "GET" || visitor.editorMode || new URL(request.url).pathname.endsWith(".data")) return false;
  const cookies = request.headers.get("cookie");
  if (cookies === null) return true;
  if (SESSION_COOKIE.test(cookies)) return false;
  // A browser id the request did not bring is new: nothing can be in its basket yet.
  if (readCookie(cookies, BROWSER_COOKIE) !== visitor.browserId) return true;
  const shopper = { kind: "guest", browserId: visitor.browserId } as const;
  const [basket, wishlist] = await Promise.all([
    getBasketCount(services, shop.code, shopper),
    getWishlistCount(services, shop.code, shopper),
  ]);
  return basket === 0 && wishlist === 0;
}

/**
 * A kept page is compressed once, not on every answer, although each answer carries another token and nonce:
 * every part between two of them is compressed on its own into raw deflate blocks that end on a byte boundary (a sync flush,
 * no final block). An answer is then a gzip header, the compressed parts with the token between them as a
 * stored (uncompressed) block, an empty final block, and the CRC-32 and length of the whole page (RFC 1951 and
 * 1952). Only the CRC is computed per answer, which is some 50 times cheaper than compressing.
 */
export function compressParts(raw: readonly Buffer[]): Buffer[] {
  return raw.map((part) => deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }));
}

/** Gzip member header: magic, deflate, no flags, no time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed Huffman codes: BFINAL 1, BTYPE 01, end-of-block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** `fills[i]` goes between the parts `i` and `i + 1`. */
export function gzipPage(raw: readonly Buffer[], deflated: readonly Buffer[], fills: readonly Buffer[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  deflated.forEach((part, i) => {
    if (i > 0) {
      const token = fills[i - 1] as Buffer;
      // A stored block: BFINAL 0 and BTYPE 00 padded to a byte, then LEN and its ones' complement, little-endian.
      const stored = Buffer.alloc(5);
      stored.writeUInt16LE(token.length, 1);
      stored.writeUInt16LE(~token.length & 0xffff, 3);
      chunks.push(stored, token);
      crc = crc32(token, crc);
      size += token.length;
    }
    const plain = raw[i] as Buffer;
    chunks.push(part);
    crc = crc32(plain, crc);
    size += plain.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** Whether the client takes gzip (`Accept-Encoding`; a q of 0 refuses). */
export function acceptsGzip(request: Pick<PageRequest, "headers">): boolean {
  const header = request.headers.get("accept-encoding");
  if (!header) return false;
  return header.split(",").some((item) => {
    const [name, ...params] = item.split(";").map((part) => part.trim().toLowerCase());
    if (name !== "gzip" && name !== "*") return false;
    const q = params.find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The page with the visitor's token and the answer's nonce: gzip compressed from its kept compressed parts when
 * `cache` is given (a hit) and the client takes gzip, else as it is (the server compresses it then, as any page).
 */
function answer(
  request: PageRequest,
  page: CachedPage,
  fill: { token: string; nonce: string },
  how: string,
  cache?: PageCache,
): Response {
  const headers = new Headers(page.headers);
  headers.set(PAGE_CACHE_HEADER, how);
  const values = { token: Buffer.from(fill.token, "utf8"), nonce: Buffer.from(fill.nonce, "utf8") };
  const fills = page.gaps.map((gap) => values[gap]);
  if (cache && acceptsGzip(request)) {
    const body = gzipPage(page.raw, cache.deflated(page), fills);
    headers.set("content-encoding", "gzip");
    headers.set("content-length", String(body.length));
    headers.append("vary", "accept-encoding");
    return new Response(new Uint8Array(body), { status: page.status, headers });
  }
  const body = Buffer.concat(page.raw.flatMap((part, i) => (i === 0 ? [part] : [fills[i - 1] as Buffer, part])));
  return new Response(new Uint8Array(body), { status: page.status, headers });
}

function replay(services: Services, request: PageRequest, capture: CaptureReplay): void {
  const { clientId: _first, ...input } = capture.input;
  const visitor = visitorClientId(request);
  try {
    services.search.recordCapture(capture.kind, visitor ? { ...input, clientId: visitor } : input, capture.answered);
  } catch (error) {
    services.log.warn({ err: error }, "logging a cached page's search failed");
  }
}

/** The kept page for this request, with the visitor's token and the nonce; undefined when there is none. */
function hit(
  request: PageRequest,
  services: Services,
  cache: PageCache,
  visitor: Visitor,
  nonce: string,
): Response | undefined {
  const kept = cache.get(request.url, services.search);
  if (!kept) return undefined;
  for (const capture of kept.captures) replay(services, request, capture);
  return answer(request, kept, { token: visitor.csrfToken, nonce }, "hit", cache);
}

/** Headers a kept page must not carry to the next visitor (cookies are set per request). */
const PER_ANSWER_HEADERS = new Set(["set-cookie", "content-length", PAGE_CACHE_HEADER]);

/** Store middleware: answers anonymous page views from the cache, and keeps what loaders allow. */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const cache = services.pageCache;
  const state = context.get(requestContext);
  if (!cache || !(await isAnonymousPageView(request, services, context.get(shopContext), state))) return next();
  const kept = hit(request, services, cache, state, state.nonce);
  if (kept) return kept;

  const { version, productVersion } = services.search;
  const { csrfToken: token, nonce } = state;
  const render: PageRender = { cacheable: false, captures: [], products: null };
  const cookiesBefore = state.setCookies.length;
  state.csrfToken = cache.placeholder;
  state.nonce = cache.noncePlaceholder;
  state.pageRender = render;
  let response: Response;
  try {
    response = await next();
  } finally {
    state.csrfToken = token;
    state.nonce = nonce;
    state.pageRender = undefined;
  }
  if (!response.body) return response;
  const html = await response.text();
  // Split at both placeholders, keeping which one stood in each gap (odd entries of the split).
  const pieces = html.split(new RegExp(`(${cache.placeholder}|${cache.noncePlaceholder})`));
  const raw = pieces.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part, "utf8"));
  const gaps = pieces.filter((_, i) => i % 2 === 1).map((gap) => (gap === cache.placeholder ? "token" : "nonce"));
  const page: CachedPage = {
    key: request.url,
    status: response.status,
    headers: [...response.headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)),
    raw,
    gaps,
    bytes: raw.reduce((sum, part) => sum + part.length, 0),
    version,
    productVersion,
    products: render.products,
    storedAt: cache.now(),
    captures: render.captures,
  };
  const keep =
    render.cacheable &&
    response.status === 200 &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    state.setCookies.length === cookiesBefore;
  if (keep) cache.put(page);
  return answer(request, page, { token, nonce }, keep ? "miss" : "pass");
};

/**
 * The server's fast path (server.ts calls it before React Router): a hit answered without building a Fetch
 * request, matching routes or running the middleware chain. It does what those would do for such a request
 * (browser id, CSRF and store cookies) and leaves everything else to React Router by answering undefined:
 * anything but a GET of a store page path, preview mode, maintenance mode, a visitor who is not anonymous, a page
 * not in the cache.
 */
export async function answerFromPageCache(request: PageRequest): Promise<Response | undefined> {
  const services = await getServices();
  const cache = services.pageCache;
  if (!cache || request.method !== "GET") return undefined;
  const url = new URL(request.url);
  const inStore = parseStorePath(url.pathname);
  if (!inStore || inStore.shop.code !== url.pathname.split("/")[1] || !url.pathname.endsWith("/")) return undefined;
  if (url.searchParams.has(EDITOR_MODE_PARAM) || readCookie(request.headers.get("cookie"), PREVIEW_COOKIE)) {
    return undefined;
  }
  if (await isMaintenanceMode(services)) return undefined;
  const cookies = visitorCookies(services.secret, request.headers.get("cookie"), isHttps(request, services.config));
  const visitor = { ...cookies, editorMode: false };
  if (!(await isAnonymousPageView(request, services, inStore.shop, visitor))) return undefined;
  const nonce = newNonce();
  const response = hit(request, services, cache, visitor, nonce);
  if (!response) return undefined;
  setSecurityHeaders(response.headers, {
    nonce,
    https: servesHttps(request, services.config),
    scriptOrigins: thirdPartyScriptOrigins(services.config),
    connectOrigins: errorReportingOrigins(services.config),
  });
  const remember = storeCookie(request, inStore.shop, services.config);
  for (const cookie of remember ? [...cookies.setCookies, remember] : cookies.setCookies) {
    response.headers.append("set-cookie", cookie);
  }
  return response;
}
