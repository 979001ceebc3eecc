import { openSession, rpc, type Session, sellableVariants } from "./basket.ts";
import {
  formatJavaScriptBytes,
  type LoadResult,
  measureLoad,
  measureWithWrk,
  pageGet,
  pageJavaScriptBytes,
  serverCpuMs,
} from "./load.ts";

/** Server response time and throughput of the main page types at 10 concurrent requests, and their JavaScript. */
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
  // Anonymous visitors without cookies: after the warm-up requests the HTTP cache answers (the steady state).
  // 1000 requests after 100 warm-up ones: with 400 after 20, as before, the p95 moved by 20 ms between runs
  // with the start-up's compilation and garbage collection still in the sample.
  for (const [name, path] of pages) {
    rows.push(
      await measureLoad({
        name,
        concurrency: 10,
        requests: 1000,
        warmup: 100,
        run: () => pageGet(new URL(path, baseUrl)),
      }),
    );
  }
  // The same, measured with wrk (when Debian's wrk is there): the Node client above spends as much CPU per request
  // as the cache's answer does, on the same 2 cores, so it caps the figure. 5 seconds of load each.
  for (const [name, path] of pages) {
    const measured = measureWithWrk({ name: `${name.slice(0, 30)} (wrk)`, url: new URL(path, baseUrl).href });
    if (measured) rows.push(measured);
  }
  // The same pages rendered on every request: each request has an address of its own (an extra parameter the
  // page ignores), so the HTTP cache cannot answer it. This is what a page costs after a catalogue change.
  for (const [name, path] of pages.slice(0, 4)) {
    const separator = path.includes("?") ? "&" : "?";
    rows.push(
      await measureLoad({
        name: `${name.slice(0, 24)}, not cached`,
        concurrency: 10,
        requests: 200,
        warmup: 0,
        run: (_client, i) => pageGet(new URL(`${path}${separator}bench=${i}`, baseUrl)),
      }),
    );
  }
  // What rendering a page costs the server: its CPU time per request (all processes, user + system), one request at
  // a time, each address new to the cache. CPU time, unlike latency, is not inflated by other work on the machine.
  for (const [name, path] of [pages[0], pages[1], pages[3], pages[5]] as [string, string][]) {
    rows.push(await renderCpu(name, path, baseUrl));
  }
  // A shopper who buys: a session of their own with a basket (one line), the address the same, as when they browse.
  // Pages are the same for every shopper (the HTTP cache answers them); what is theirs comes with the
  // personal-data request each page view makes (its own row).
  const shoppers = await shoppersWithBasket(baseUrl);
  for (const [name, path] of [pages[0], pages[1], pages[3], pages[5]] as [string, string][]) {
    rows.push(
      await measureLoad({
        name: `${name.slice(0, 24)}, shopper with basket`,
        concurrency: 10,
        requests: 300,
        warmup: 20,
        run: (client) => pageGet(new URL(path, baseUrl), { cookie: (shoppers[client] as Session).cookie }),
      }),
    );
  }
  for (const [name, path] of [pages[0], pages[1], pages[3], pages[5]] as [string, string][]) {
    const measured = measureWithWrk({
      name: `${name.slice(0, 18)}, shopper w/ basket (wrk)`,
      url: new URL(path, baseUrl).href,
      headers: { cookie: (shoppers[0] as Session).cookie },
    });
    if (measured) rows.push(measured);
  }
  rows.push(
    await measureLoad({
      name: "personal data /de/personal.json, shopper with basket",
      concurrency: 10,
      requests: 300,
      warmup: 20,
      run: (client) => pageGet(new URL("/de/personal.json", baseUrl), { cookie: (shoppers[client] as Session).cookie }),
    }),
  );
  for (const [name, path] of pages) {
    rows.push(formatJavaScriptBytes(name, await pageJavaScriptBytes(baseUrl, path)));
  }
  return rows;
}

/** The target for a listing render (CPU on this machine). */
const LISTING_RENDER_TARGET_MS = 8;
const RENDERS = 100;

async function renderCpu(name: string, path: string, baseUrl: string): Promise<string> {
  const separator = path.includes("?") ? "&" : "?";
  const render = async (i: number) => {
    const answer = await pageGet(new URL(`${path}${separator}render=${i}`, baseUrl));
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    if (answer.headers.get("x-cache") === "hit") throw new Error(`${path}: answered from the cache`);
  };
  for (let i = 0; i < 10; i++) await render(-1 - i);
  const before = serverCpuMs();
  if (before === undefined) return `render CPU ${name}: no /proc here`;
  for (let i = 0; i < RENDERS; i++) await render(i);
  const perRender = ((serverCpuMs() as number) - before) / RENDERS;
  const target = name.includes("listing") ? ` (target ${LISTING_RENDER_TARGET_MS} ms)` : "";
  return `render CPU ${name.padEnd(30)} ${perRender.toFixed(1).padStart(6)} ms per page, one at a time, n=${RENDERS}${target}`;
}

async function firstProductPath(baseUrl: string): Promise<string | undefined> {
  const html = await (await fetch(new URL("/de/c/damen/", baseUrl))).text();
  return /href="(\/de\/p\/[^"]+)"/.exec(html)?.[1];
}

/** Ten shoppers, each with a session and a basket of one line. */
async function shoppersWithBasket(baseUrl: string): Promise<Session[]> {
  const setup = await openSession(baseUrl);
  const [variantId] = await sellableVariants(baseUrl, setup);
  return Promise.all(
    Array.from({ length: 10 }, async () => {
      const shopper = await openSession(baseUrl);
      const added = await rpc(baseUrl, shopper, "addItemToBasket", { variantId, quantity: 1 });
      if (!added.ok) throw new Error(`addItemToBasket answered ${added.status}`);
      await added.arrayBuffer();
      return shopper;
    }),
  );
}
