import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressParts, gzipPage, PageCache } from "./page-cache.server.ts";

function page(parts: string[], version = 1, storedAt = 0) {
  const bytes = parts.join("").length * 2;
  return { status: 200, headers: [] as [string, string][], parts, bytes, version, storedAt, captures: [] };
}

describe("PageCache", () => {
  it("answers a kept page for the same catalogue version and not for another", () => {
    let now = 0;
    const cache = new PageCache(1024 * 1024, 60_000, () => now);
    cache.put("http://shop/de/", page(["<p>", "</p>"], 3));
    expect(cache.get("http://shop/de/", 3)?.parts).toEqual(["<p>", "</p>"]);
    expect(cache.get("http://shop/en/", 3)).toBeUndefined();
    now = 1000;
    // The catalogue changed: the page is dropped, and stays dropped for the old version too.
    expect(cache.get("http://shop/de/", 4)).toBeUndefined();
    expect(cache.get("http://shop/de/", 3)).toBeUndefined();
    expect(cache.stats()).toMatchObject({ pages: 0, bytes: 0, hits: 1, misses: 3 });
  });

  it("drops a page after the time to live", () => {
    let now = 0;
    const cache = new PageCache(1024 * 1024, 60_000, () => now);
    cache.put("k", page(["a"], 1, now));
    now = 59_999;
    expect(cache.get("k", 1)).toBeDefined();
    now = 60_000;
    expect(cache.get("k", 1)).toBeUndefined();
  });

  it("makes room by dropping the least recently used pages, and refuses a page larger than an eighth", () => {
    const cache = new PageCache(64 * 1024, 60_000, () => 0);
    const big = "x".repeat(3000); // some 9 KB with its UTF-8 and compressed copies: seven fit
    for (const key of ["a", "b", "c", "d", "e", "f", "g"]) cache.put(key, page([big]));
    expect(cache.get("a", 1)).toBeDefined(); // used: now the most recent
    for (const key of ["h", "i", "j"]) cache.put(key, page([big]));
    const { pages, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(pages).toBeGreaterThan(0);
    expect(cache.get("a", 1)).toBeDefined();
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("j", 1)).toBeDefined();
    cache.put("huge", page(["y".repeat(5000)]));
    expect(cache.get("huge", 1)).toBeUndefined();
  });
});

describe("compressed pages", () => {
  it("joins compressed parts and a token into one valid gzip stream, without compressing again", () => {
    const html = `<!doctype html><html><body>${"<p>Kleid · Größe M — 59,95 €</p>".repeat(500)}<input value="@@">${"<li>Jacke</li>".repeat(300)}<script>window.t="@@"</script></body></html>`;
    const parts = html.split("@@");
    const gzip = compressParts(parts);
    for (const token of ["abc.DEF-ghi_123", "x".repeat(300), ""]) {
      const body = gzipPage(gzip, Buffer.from(token));
      expect(gunzipSync(body).toString("utf8")).toBe(parts.join(token));
    }
    // The compressed page is far smaller than the page.
    expect(gzipPage(gzip, Buffer.from("t")).length).toBeLessThan(Buffer.byteLength(html) / 10);
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
