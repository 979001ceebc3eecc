import type { Logger } from "@vitrine/commerce";
import { ALL_PAGES_TAG, MANY_PRODUCTS_TAG, productTag } from "./http-cache.ts";

/**
 * Turns the event feed into cache purges by tag (lib/http-cache.ts). Every process's search service follows the
 * feed (polling, and woken by LISTEN/NOTIFY on PostgreSQL) and tells this purger each time it applied events
 * (`onFeedEvents`): no timer of its own, only a one-shot one for the deferred purge below. What it applied:
 * - a change of categories, promotions, merchandising rules or content (`version`) drops every page;
 * - a change of products (`catalog.changed`, `stock.changed`: every order changes stock) drops those products'
 *   pages at once, and the pages showing many products (home, listings, search) at most every
 *   `MANY_PRODUCTS_PURGE_MS`, so that a busy shop does not render its listings again on every order.
 * Listeners: the in-process HTTP cache of this process (server.ts), and, when `HTTP_CACHE_PURGE_URL` is set, a
 * shared cache in front (Varnish, deploy/varnish/) gets `PURGE` with the tags in `Surrogate-Key`.
 */

/** How long pages showing many products may still be answered after one of them changed. */
export const MANY_PRODUCTS_PURGE_MS = 2_000;

export type PurgeListener = (tags: readonly string[]) => void;

/** What the purger reads of the search service (`SearchService` is one). */
export interface FollowedCatalogue {
  readonly version: number;
  readonly productVersion: number;
  productChangesSince(productVersion: number): { ids: ReadonlySet<number> } | undefined;
  /** Called after each batch of feed events it applied (the versions above are up to date then). */
  onFeedEvents(listener: () => void): () => void;
}

export interface CachePurger {
  onPurge(listener: PurgeListener): () => void;
  /** Purges now (tests, the CLI). */
  purge(tags: readonly string[]): void;
  stop(): void;
}

export function createCachePurger(
  catalogue: FollowedCatalogue,
  options: { purgeUrl?: string | undefined; log: Logger; now?: () => number },
): CachePurger {
  const listeners = new Set<PurgeListener>();
  const now = options.now ?? Date.now;
  let version = catalogue.version;
  let productVersion = catalogue.productVersion;
  let manyDue: number | undefined;
  let manyTimer: ReturnType<typeof setTimeout> | undefined;
  let lastMany = 0;

  function purge(tags: readonly string[]): void {
    if (tags.length === 0) return;
    for (const listener of listeners) {
      try {
        listener(tags);
      } catch (error) {
        options.log.warn({ err: error }, "cache purge listener failed");
      }
    }
    if (options.purgeUrl) void sendPurge(options.purgeUrl, tags, options.log);
  }

  function purgeMany(): void {
    if (manyTimer) clearTimeout(manyTimer);
    manyTimer = undefined;
    manyDue = undefined;
    lastMany = now();
    purge([MANY_PRODUCTS_TAG]);
  }

  function check(): void {
    if (catalogue.version !== version) {
      version = catalogue.version;
      productVersion = catalogue.productVersion;
      if (manyTimer) clearTimeout(manyTimer);
      manyTimer = undefined;
      manyDue = undefined;
      lastMany = now();
      purge([ALL_PAGES_TAG]);
      return;
    }
    if (catalogue.productVersion === productVersion) return;
    const changes = catalogue.productChangesSince(productVersion);
    productVersion = catalogue.productVersion;
    if (!changes) {
      // Too many changes to name them: every page.
      if (manyTimer) clearTimeout(manyTimer);
      manyTimer = undefined;
      manyDue = undefined;
      lastMany = now();
      purge([ALL_PAGES_TAG]);
      return;
    }
    purge([...changes.ids].map(productTag));
    if (manyDue !== undefined) return;
    manyDue = Math.max(now(), lastMany + MANY_PRODUCTS_PURGE_MS);
    if (manyDue <= now()) {
      purgeMany();
      return;
    }
    manyTimer = setTimeout(purgeMany, manyDue - now());
    manyTimer.unref?.();
  }

  const unsubscribe = catalogue.onFeedEvents(check);
  return {
    onPurge(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    purge,
    stop() {
      unsubscribe();
      if (manyTimer) clearTimeout(manyTimer);
      listeners.clear();
    },
  };
}

/** `PURGE` with the tags in `Surrogate-Key`: what deploy/varnish/vitrine.vcl turns into a ban. */
async function sendPurge(url: string, tags: readonly string[], log: Logger): Promise<void> {
  try {
    const response = await fetch(url, {
      method: "PURGE",
      headers: { "surrogate-key": tags.join(" ") },
      signal: AbortSignal.timeout(5_000),
    });
    await response.arrayBuffer();
    if (!response.ok) log.warn({ status: response.status, tags }, "the HTTP cache refused a purge");
  } catch (error) {
    log.warn({ err: error, tags }, "purging the HTTP cache failed");
  }
}
