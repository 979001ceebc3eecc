/**
 * Standard HTTP caching of the pages that are the same for every shopper of a store (home, listings, search,
 * product, outfit and content pages): `Cache-Control: public, s-maxage, stale-while-revalidate` for a shared
 * cache (the in-process one of `npm start`, or Varnish in front: deploy/varnish/), and the page's tags in
 * `Surrogate-Key` (space separated, Varnish/Fastly) and `Cache-Tag` (comma separated, other CDNs). The event
 * feed purges by tag (lib/cache-purge.server.ts). Browsers keep nothing (`max-age=0`): a shopper's next page view
 * asks the shared cache again. Everything personal comes from the personal-data request (routes/personal.ts).
 */

import type { CapturedAnswer, ListingRequest, SearchRequest } from "@vitrine/search";

export const SURROGATE_KEY_HEADER = "surrogate-key";
export const CACHE_TAG_HEADER = "cache-tag";
/**
 * The search or listing a cacheable page logged (`PageCapture`), for the server's own HTTP cache (http-cache.ts
 * beside server.ts), which logs it again for each view it answers from its copy. The server takes it off every
 * answer: no client or cache in front ever sees it.
 */
export const CACHE_NOTE_HEADER = "x-vitrine-cache-note";

/** How long a shared cache answers a page without asking the shop, and how long after that it may answer stale. */
export const SHARED_MAX_AGE_S = 300;
export const STALE_WHILE_REVALIDATE_S = 30;

/** Every cacheable page carries this tag: purging it drops every page (a category, promotion or content change). */
export const ALL_PAGES_TAG = "vitrine";
/** Pages that show many products (home, listings, search): dropped when any product changes. */
export const MANY_PRODUCTS_TAG = "products";

export function productTag(id: number): string {
  return `p-${id}`;
}

export function storeTag(code: string): string {
  return `store-${code}`;
}

/** What a cacheable page says about itself while it renders (`StoreRequest.cachePage`). */
export interface PageCaching {
  /** The products the page is about (a product or outfit page); undefined for a page showing many. */
  products?: readonly number[] | undefined;
  /** More tags: the page type, a content entry (`content-<slug>`), a category (`c-<id>`). */
  tags: string[];
  /** The search or listing the page logged as it rendered: a kept copy logs it again for each view it answers. */
  capture?: PageCapture | undefined;
}

/** A logged listing or search (`SearchService.recordCapture`) as a cached page keeps it. */
export interface PageCapture {
  kind: "listing" | "search";
  input: ListingRequest | SearchRequest;
  answered: CapturedAnswer;
}

/**
 * What a page that logged a listing or search (`context.capture`) keeps of it: the request and the parts of the
 * answer the log needs (the header that carries it to the cache stays small).
 */
export function pageCapture(
  kind: PageCapture["kind"],
  input: ListingRequest | SearchRequest,
  response: CapturedAnswer,
): PageCapture | undefined {
  if (input.context.capture !== true) return undefined;
  const corrected = response.queryCorrection?.correctedQuery;
  return {
    kind,
    input,
    answered: {
      responseId: response.responseId,
      pagination: { totalEntries: response.pagination.totalEntries },
      ...(corrected ? { queryCorrection: { correctedQuery: corrected } } : {}),
    },
  };
}

/** The headers of a page every shopper of the store shares. */
export function setSharedCacheHeaders(headers: Headers, storeCode: string, caching: PageCaching): void {
  const tags = [
    ALL_PAGES_TAG,
    storeTag(storeCode),
    ...(caching.products ? caching.products.map(productTag) : [MANY_PRODUCTS_TAG]),
    ...caching.tags,
  ];
  const unique = [...new Set(tags)];
  headers.set(
    "cache-control",
    `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`,
  );
  headers.set(SURROGATE_KEY_HEADER, unique.join(" "));
  headers.set(CACHE_TAG_HEADER, unique.join(","));
  if (caching.capture) headers.set(CACHE_NOTE_HEADER, encodeCacheNote(caching.capture));
}

/** A header value (ASCII, one line) of any capture: its JSON in base64url. */
export function encodeCacheNote(capture: PageCapture): string {
  return Buffer.from(JSON.stringify(capture), "utf8").toString("base64url");
}

export function decodeCacheNote(note: string): PageCapture | undefined {
  try {
    const capture = JSON.parse(Buffer.from(note, "base64url").toString("utf8")) as PageCapture;
    return capture?.input?.context && capture.answered?.pagination ? capture : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A kept page's capture as this view logs it: the visitor and browser of this view, not of the one whose request
 * rendered the page.
 */
export function viewCapture(
  capture: PageCapture,
  visitor: string | undefined,
  userAgent: string | undefined,
): PageCapture {
  const { clientId: _renderer, ...input } = capture.input;
  const { user: _rendererUser, ...context } = input.context;
  return {
    ...capture,
    input: {
      ...input,
      ...(visitor ? { clientId: visitor } : {}),
      context: { ...context, ...(userAgent ? { user: { userAgent } } : {}) },
    },
  };
}

/** Whether an answer may be kept by a shared cache (and so must never carry a cookie). */
export function isSharedCacheable(response: { headers: { get(name: string): string | null } }): boolean {
  const cacheControl = response.headers.get("cache-control")?.toLowerCase() ?? "";
  return /(^|,)\s*public\b/.test(cacheControl) && /s-maxage=\d+/.test(cacheControl);
}
