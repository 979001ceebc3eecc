import { describe, expect, it } from "vitest";
import { createPrefetchQueue, MAX_CONCURRENT_PREFETCHES, prefetchAllowed } from "./prefetch.ts";

describe("route prefetch", () => {
  it("runs at most 4 prefetches at once and starts the next when one completes", () => {
    expect(MAX_CONCURRENT_PREFETCHES).toBe(4);
    const queue = createPrefetchQueue();
    let notifications = 0;
    queue.subscribe(() => notifications++);
    for (let i = 1; i <= 6; i++) queue.request(`/de/c/${i}/`);
    expect(queue.active()).toEqual(["/de/c/1/", "/de/c/2/", "/de/c/3/", "/de/c/4/"]);
    queue.complete("/de/c/2/");
    expect(queue.active()).toEqual(["/de/c/1/", "/de/c/3/", "/de/c/4/", "/de/c/5/"]);
    queue.complete("/de/c/1/");
    queue.complete("/de/c/3/");
    expect(queue.active()).toEqual(["/de/c/4/", "/de/c/5/", "/de/c/6/"]);
    expect(notifications).toBeGreaterThan(0);
  });

  it("prefetches a path only once", () => {
    const queue = createPrefetchQueue(4);
    queue.request("/de/cart/");
    queue.complete("/de/cart/");
    queue.request("/de/cart/");
    expect(queue.active()).toEqual([]);
  });

  it("ignores completions of paths it is not running", () => {
    const queue = createPrefetchQueue(1);
    queue.request("/a/");
    queue.request("/b/");
    queue.complete("/b/");
    expect(queue.active()).toEqual(["/a/"]);
  });

  it("is skipped on data saver and on 2g connections", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "3g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
  });
});
