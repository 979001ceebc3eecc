/**
 * Standard HTTP caching of the pages that are the same for every shopper of a store (home, listings, search,
 * product, outfit and content pages): `Cache-Control: public, s-maxage, stale-while-revalidate` for a shared
 * cache (the in-process one of `npm start`, or Varnish in front: deploy/varnish/), and the page's tags in
 * `Surrogate-Key` (space separated, Varnish/Fastly) and `Cache-Tag` (comma separated, other CDNs). The event
 * feed purges by tag (lib/cache-purge.server.ts). Browsers keep nothing (`max-age=0`): a shopper's next page view
 * asks the shared cache again. Everything personal comes from the personal-data request (routes/personal.ts).
 */

export const SURROGATE_KEY_HEADER = "surrogate-key";
export const CACHE_TAG_HEADER = "cache-tag";

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
}

/** Whether an answer may be kept by a shared cache (and so must never carry a cookie). */
export function isSharedCacheable(response: { headers: { get(name: string): string | null } }): boolean {
  const cacheControl = response.headers.get("cache-control")?.toLowerCase() ?? "";
  return /(^|,)\s*public\b/.test(cacheControl) && /s-maxage=\d+/.test(cacheControl);
}
