import { silentLogger } from "@vitrine/commerce";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCachePurger, type FollowedCatalogue, MANY_PRODUCTS_PURGE_MS } from "./cache-purge.server.ts";
import { ALL_PAGES_TAG, MANY_PRODUCTS_TAG, productTag } from "./http-cache.ts";

/** A search service as the purger sees it: versions, the product change log and its feed listeners. */
function fakeCatalogue() {
  const listeners = new Set<() => void>();
  const log: { version: number; ids: number[] }[] = [];
  const catalogue = {
    version: 1,
    productVersion: 1,
    productChangesSince(since: number) {
      if (since < (log[0]?.version ?? 2) - 1) return undefined;
      return { ids: new Set(log.filter((entry) => entry.version > since).flatMap((entry) => entry.ids)) };
    },
    onFeedEvents(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies FollowedCatalogue;
  return {
    catalogue,
    listeners,
    products(...ids: number[]) {
      catalogue.productVersion++;
      log.push({ version: catalogue.productVersion, ids });
      for (const listener of listeners) listener();
    },
    everything() {
      catalogue.version++;
      for (const listener of listeners) listener();
    },
  };
}

describe("cache purger: the event feed's changes as purges by tag", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("purges a changed product's pages at once and the pages of many products at most every interval", () => {
    const feed = fakeCatalogue();
    const purger = createCachePurger(feed.catalogue, { log: silentLogger });
    const purged: string[][] = [];
    purger.onPurge((tags) => purged.push([...tags]));

    feed.products(7);
    expect(purged).toEqual([[productTag(7)], [MANY_PRODUCTS_TAG]]);
    purged.length = 0;

    // Within the interval: the products at once, the listings once when it ends.
    feed.products(8);
    feed.products(9, 10);
    expect(purged).toEqual([[productTag(8)], [productTag(9), productTag(10)]]);
    vi.advanceTimersByTime(MANY_PRODUCTS_PURGE_MS - 1);
    expect(purged).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(purged.at(-1)).toEqual([MANY_PRODUCTS_TAG]);
    expect(purged.filter((tags) => tags.includes(MANY_PRODUCTS_TAG))).toHaveLength(1);

    // Nothing applied: nothing purged, however long.
    purged.length = 0;
    vi.advanceTimersByTime(10 * MANY_PRODUCTS_PURGE_MS);
    expect(purged).toEqual([]);
    purger.stop();
  });

  it("drops every page on a change of categories, rules or content, and stops listening when stopped", () => {
    const feed = fakeCatalogue();
    const purger = createCachePurger(feed.catalogue, { log: silentLogger });
    const purged: string[][] = [];
    purger.onPurge((tags) => purged.push([...tags]));
    feed.products(3);
    feed.products(4);
    feed.everything();
    expect(purged.at(-1)).toEqual([ALL_PAGES_TAG]);
    // The deferred listing purge is covered by the whole-shop purge.
    purged.length = 0;
    vi.advanceTimersByTime(MANY_PRODUCTS_PURGE_MS);
    expect(purged).toEqual([]);

    purger.stop();
    expect(feed.listeners.size).toBe(0);
    feed.everything();
    expect(purged).toEqual([]);
  });
});
