import { formatJavaScriptBytes, type LoadResult, measureLoad, pageGet, pageJavaScriptBytes } from "./load.ts";

/**
 * Product page benchmark: server response time and throughput of product pages (a spread of demo products, so
 * no single page is hot in every cache) and of an outfit page, at 10 concurrent requests, plus the JavaScript
 * a product page loads (gzip). Targets: p95 under 50 ms, at most 120 KB of JavaScript.
 */

/** The first demo product id (packages/demo-data) and how many products the benchmark cycles through. */
const FIRST_PRODUCT_ID = 1001;
const PRODUCTS = 60;
const CONCURRENCY = 10;
const REQUESTS = 600;

/** The canonical path of a product: its id-only path redirects there (unknown ids answer 404). */
async function canonicalPath(baseUrl: string, path: string): Promise<string | undefined> {
  const response = await fetch(new URL(path, baseUrl), { redirect: "manual" });
  await response.arrayBuffer();
  if (response.status === 200) return path;
  const location = response.headers.get("location");
  return response.status === 301 && location ? new URL(location, baseUrl).pathname : undefined;
}

export async function benchProduct(baseUrl: string): Promise<(string | LoadResult)[]> {
  const paths: string[] = [];
  for (let id = FIRST_PRODUCT_ID; paths.length < PRODUCTS && id < FIRST_PRODUCT_ID + PRODUCTS * 2; id++) {
    const store = ["de", "ch", "fr-ch", "en"][id % 4];
    const path = await canonicalPath(baseUrl, `/${store}/p/${id}/`);
    if (path) paths.push(path);
  }
  if (paths.length === 0) return ["no product pages found: is the demo catalogue loaded?"];
  const outfit = await canonicalPath(baseUrl, "/de/p/shop-the-look/1/");

  const rows: (string | LoadResult)[] = [];
  // Each page rendered once first: the row measures the steady state, in which the page cache holds them; the
  // next row measures rendering (a new address every request, as for a page nobody asked for since a change).
  for (const path of paths) await (await pageGet(new URL(path, baseUrl))).arrayBuffer();
  rows.push(
    await measureLoad({
      name: `product page (${paths.length} products)`,
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      run: (_client, i) => pageGet(new URL(paths[Math.abs(i) % paths.length] as string, baseUrl)),
      ok: (r) => r.status === 200,
    }),
  );
  rows.push(
    await measureLoad({
      name: "product page, not cached (rendered)",
      concurrency: CONCURRENCY,
      requests: REQUESTS / 3,
      warmup: 0,
      run: (_client, i) => pageGet(new URL(`${paths[Math.abs(i) % paths.length]}?bench=${i}`, baseUrl)),
      ok: (r) => r.status === 200,
    }),
  );
  if (outfit) {
    rows.push(
      await measureLoad({
        name: "shop-the-look page",
        concurrency: CONCURRENCY,
        requests: REQUESTS / 2,
        run: () => pageGet(new URL(outfit, baseUrl)),
        ok: (r) => r.status === 200,
      }),
    );
  }
  rows.push(formatJavaScriptBytes("product page", await pageJavaScriptBytes(baseUrl, paths[0] as string)));
  return rows;
}
