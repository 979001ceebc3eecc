import { formatJavaScriptBytes, type LoadResult, measureLoad, pageGet, pageJavaScriptBytes } from "./load.ts";

/** Target of the content issue: the home page answers within 50 ms (p95) at 10 concurrent requests. */
const P95_TARGET_MS = 50;

/**
 * The home page of three stores (three languages, two currencies) and a service page under load: 10
 * concurrent clients, each with its own cookies like a real browser (first request without, then with the
 * browser id and CSRF cookies the shop set), p50/p95 and requests per second; then the home page's JavaScript.
 */
export async function benchHome(baseUrl: string): Promise<(string | LoadResult)[]> {
  const pages: [name: string, path: string][] = [
    ["home /de/", "/de/"],
    ["home /fr-ch/", "/fr-ch/"],
    ["home /en/", "/en/"],
    ["service page /de/s/versand/", "/de/s/versand/"],
    ["content page /de/nachhaltigkeit/", "/de/nachhaltigkeit/"],
  ];
  const rows: (string | LoadResult)[] = [];
  for (const [name, path] of pages) {
    const cookies: string[] = Array.from({ length: 10 }, () => "");
    const result = await measureLoad({
      name,
      concurrency: 10,
      requests: 500,
      async run(client) {
        const response = await pageGet(new URL(path, baseUrl), cookies[client] ? { cookie: cookies[client] } : {});
        const set = response.headers.getSetCookie().map((c) => c.split(";")[0]);
        if (set.length > 0) cookies[client] = set.join("; ");
        return response;
      },
      ok: (response) => response.status === 200,
    });
    rows.push(result);
    if (name.startsWith("home")) {
      rows.push(
        `  ${result.p95 <= P95_TARGET_MS ? "meets" : "MISSES"} the target p95 < ${P95_TARGET_MS} ms (p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s)`,
      );
    }
  }
  rows.push(formatJavaScriptBytes("home /de/", await pageJavaScriptBytes(baseUrl, "/de/")));
  return rows;
}
