import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  acceptsGzip,
  type CatalogueState,
  compressParts,
  gzipPage,
  MANY_PRODUCTS_STALE_MS,
  PageCache,
} from "./page-cache.server.ts";

/** The search service's view of catalogue changes, driven by the test. */
class Catalogue implements CatalogueState {
  version = 1;
  productVersion = 0;
  readonly log: { version: number; at: number; ids: number[] }[] = [];
  changeProducts(ids: number[], at: number): void {
    this.productVersion++;
    this.log.push({ version: this.productVersion, at, ids });
  }
  productChangesSince(since: number) {
    const later = this.log.filter((entry) => entry.version > since);
    if (since === this.productVersion) return { ids: new Set<number>(), firstAt: Number.POSITIVE_INFINITY };
    if (later[0]?.version !== since + 1) return undefined;
    return { ids: new Set(later.flatMap((entry) => entry.ids)), firstAt: later[0].at };
  }
}

function page(
  key: string,
  parts: string[],
  options: { version?: number; storedAt?: number; products?: number[] | null } = {},
) {
  const raw = parts.map((part) => Buffer.from(part));
  return {
    key,
    status: 200,
    headers: [] as [string, string][],
    raw,
    gaps: raw.slice(1).map(() => "token" as const),
    bytes: raw.reduce((sum, part) => sum + part.length, 0),
    version: options.version ?? 1,
    productVersion: 0,
    products: options.products ?? null,
    storedAt: options.storedAt ?? 0,
    captures: [],
  };
}

const at = (version: number): CatalogueState => {
  const catalogue = new Catalogue();
  catalogue.version = version;
  return catalogue;
};

describe("PageCache", () => {
  it("answers a kept page for the same catalogue version and not for another", () => {
    let now = 0;
    const cache = new PageCache(1024 * 1024, 60_000, () => now);
    cache.put(page("http://shop/de/", ["<p>", "</p>"], { version: 3 }));
    expect(cache.get("http://shop/de/", at(3))?.raw.join("")).toBe("<p></p>");
    expect(cache.get("http://shop/en/", at(3))).toBeUndefined();
    now = 1000;
    // The catalogue changed: the page is dropped, and stays dropped for the old version too.
    expect(cache.get("http://shop/de/", at(4))).toBeUndefined();
    expect(cache.get("http://shop/de/", at(3))).toBeUndefined();
    expect(cache.stats()).toMatchObject({ pages: 0, bytes: 0, hits: 1, misses: 3 });
  });

  it("drops a page after the time to live", () => {
    let now = 0;
    const cache = new PageCache(1024 * 1024, 60_000, () => now);
    cache.put(page("k", ["a"], { storedAt: now }));
    now = 59_999;
    expect(cache.get("k", at(1))).toBeDefined();
    now = 60_000;
    expect(cache.get("k", at(1))).toBeUndefined();
  });

  it("drops a product's page when that product changes, and keeps the others", () => {
    const catalogue = new Catalogue();
    const cache = new PageCache(1024 * 1024, 60_000, () => 10);
    cache.put(page("/p/kleid-7/", ["Kleid"], { products: [7, 8] }));
    cache.put(page("/p/jacke-9/", ["Jacke"], { products: [9] }));
    catalogue.changeProducts([8, 12], 5);
    expect(cache.get("/p/kleid-7/", catalogue)).toBeUndefined();
    expect(cache.get("/p/jacke-9/", catalogue)?.raw.join("")).toBe("Jacke");
    catalogue.changeProducts([9], 6);
    expect(cache.get("/p/jacke-9/", catalogue)).toBeUndefined();
  });

  it("answers a page showing many products for a short while after one of them changed", () => {
    let now = 1000;
    const catalogue = new Catalogue();
    const cache = new PageCache(1024 * 1024, 60_000, () => now);
    cache.put(page("/c/damen/", ["Damen"], { storedAt: now }));
    catalogue.changeProducts([3], now);
    now += MANY_PRODUCTS_STALE_MS - 1;
    expect(cache.get("/c/damen/", catalogue)).toBeDefined();
    now += 1;
    expect(cache.get("/c/damen/", catalogue)).toBeUndefined();
  });

  it("drops a page when the record of product changes no longer reaches back to it", () => {
    const catalogue = new Catalogue();
    const cache = new PageCache(1024 * 1024, 60_000, () => 0);
    cache.put(page("/p/hose-4/", ["Hose"], { products: [4] }));
    catalogue.changeProducts([1], 0);
    catalogue.log.shift();
    catalogue.changeProducts([2], 0);
    expect(cache.get("/p/hose-4/", catalogue)).toBeUndefined();
  });

  it("makes room by dropping the least recently used pages, and refuses a page larger than an eighth", () => {
    const cache = new PageCache(64 * 1024, 60_000, () => 0);
    const big = "x".repeat(8000); // eight fit
    for (const key of ["a", "b", "c", "d", "e", "f", "g"]) cache.put(page(key, [big]));
    expect(cache.get("a", at(1))).toBeDefined(); // used: now the most recent
    for (const key of ["h", "i", "j"]) cache.put(page(key, [big]));
    const { pages, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(pages).toBeGreaterThan(0);
    expect(cache.get("a", at(1))).toBeDefined();
    expect(cache.get("b", at(1))).toBeUndefined();
    expect(cache.get("j", at(1))).toBeDefined();
    cache.put(page("huge", ["y".repeat(9000)]));
    expect(cache.get("huge", at(1))).toBeUndefined();
  });
});

describe("compressed pages", () => {
  it("compresses a kept page once, when it is first answered again, and counts the memory", () => {
    const cache = new PageCache(1024 * 1024, 60_000, () => 0);
    const kept = page("/de/", ["<ul>", "<li>Kleid</li>".repeat(200)]);
    cache.put(kept);
    const before = cache.stats().bytes;
    const deflated = cache.deflated(kept);
    expect(cache.deflated(kept)).toBe(deflated);
    expect(cache.stats().bytes).toBe(before + deflated.reduce((sum, part) => sum + part.length, 0));
  });

  it("joins compressed parts and a token into one valid gzip stream, without compressing again", () => {
    const html = `<!doctype html><html><body>${"<p>Kleid · Größe M — 59,95 €</p>".repeat(500)}<input value="@@">${"<li>Jacke</li>".repeat(300)}<script>window.t="@@"</script></body></html>`;
    const parts = html.split("@@");
    const raw = parts.map((part) => Buffer.from(part));
    const deflated = compressParts(raw);
    for (const token of ["abc.DEF-ghi_123", "x".repeat(300), ""]) {
      const body = gzipPage(
        raw,
        deflated,
        raw.slice(1).map(() => Buffer.from(token)),
      );
      expect(gunzipSync(body).toString("utf8")).toBe(parts.join(token));
    }
    // The compressed page is far smaller than the page.
    expect(gzipPage(raw, deflated, [Buffer.from("t"), Buffer.from("t")]).length).toBeLessThan(
      Buffer.byteLength(html) / 10,
    );
  });

  it("takes gzip only when the client accepts it", () => {
    const request = (value?: string) => ({
      headers: { get: (name: string) => (name === "accept-encoding" ? (value ?? null) : null) },
    });
    expect(acceptsGzip(request("gzip, deflate, br"))).toBe(true);
    expect(acceptsGzip(request("br;q=1.0, gzip;q=0.8"))).toBe(true);
    expect(acceptsGzip(request("*"))).toBe(true);
    expect(acceptsGzip(request("gzip;q=0"))).toBe(false);
    expect(acceptsGzip(request("br, deflate"))).toBe(false);
    expect(acceptsGzip(request(undefined))).toBe(false);
  });
});
