import { type LoadResult, measureLoad, pageJavaScriptBytes } from "./load.ts";

/** Server response time and throughput of the main page types at 10 concurrent requests, and their JS (gzip). */
export async function benchPages(baseUrl: string): Promise<(string | LoadResult)[]> {
  const productPath = await firstProductPath(baseUrl);
  const pages: [string, string][] = [
    ["home /de/", "/de/"],
    ["category listing /de/c/damen/", "/de/c/damen/"],
    [
      "category listing (leaf, filtered)",
      "/de/c/damen/bekleidung/kleider/?f-ec_brand=Nordlicht&sortCriteria=ec_price%20asc",
    ],
    ["search /de/search/?searchTerm=kleid", "/de/search/?searchTerm=kleid"],
    ["search with typo (pulover)", "/de/search/?searchTerm=pulover"],
    ["product page", productPath ?? "/de/"],
  ];
  const rows: (string | LoadResult)[] = [];
  for (const [name, path] of pages) {
    rows.push(await measureLoad({ name, concurrency: 10, requests: 400, run: () => fetch(new URL(path, baseUrl)) }));
  }
  for (const [name, path] of pages) {
    const js = await pageJavaScriptBytes(baseUrl, path);
    rows.push(
      `JS ${name.padEnd(34)} ${String(js.files).padStart(3)} files  ${(js.gzip / 1024).toFixed(1).padStart(6)} KB gzip  (${(js.raw / 1024).toFixed(0)} KB raw)`,
    );
  }
  return rows;
}

async function firstProductPath(baseUrl: string): Promise<string | undefined> {
  const html = await (await fetch(new URL("/de/c/damen/", baseUrl))).text();
  return /href="(\/de\/p\/[^"]+)"/.exec(html)?.[1];
}
