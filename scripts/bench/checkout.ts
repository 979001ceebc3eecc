import { type LoadResult, percentile } from "./load.ts";

/**
 * Order placement under load: shoppers with a filled checkout (one item, invoice) press "place order" at the same
 * time, 10 at once. Only the placement request is timed (stock, order, basket, mail outbox in one transaction, and
 * the redirect to the confirmation); the steps before it are set up first. A second row times the whole checkout
 * (every step as a form post) per shopper.
 */

const CONCURRENCY = 10;
const ORDERS = 100;

/** A browser without JavaScript: a cookie jar, form posts with the CSRF token, redirects not followed. */
class Shopper {
  private cookies = new Map<string, string>();
  private baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.method && init.method !== "GET") headers.set("origin", new URL(this.baseUrl).origin);
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      if (index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  }

  async submit(path: string, fields: Record<string, string>): Promise<Response> {
    const body = new URLSearchParams(fields);
    const response = await this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    await response.arrayBuffer();
    return response;
  }

  /** False when the size sold out meanwhile. */
  async addToBasket(variantId: number): Promise<boolean> {
    const response = await this.fetch("/api/rpc/addItemToBasket", {
      method: "POST",
      headers: { "content-type": "application/json", "x-shop-id": "10028" },
      body: JSON.stringify({ payload: { variantId, quantity: 1 } }),
    });
    await response.arrayBuffer();
    if (response.status === 412) return false;
    if (response.status !== 200) throw new Error(`add to basket: ${response.status}`);
    return true;
  }
}

let counter = 0;

/** Every step but the last: contact, address, delivery, payment; answers the review form's fields. */
async function fillCheckout(shopper: Shopper, nextVariant: () => number): Promise<Record<string, string>> {
  for (let tries = 0; !(await shopper.addToBasket(nextVariant())); tries++) {
    if (tries > 20) throw new Error("every size tried is sold out");
  }
  const base = "/de/checkout/";
  await shopper.submit(base, { intent: "contact", email: `bench.${Date.now()}.${++counter}@example.com` });
  await shopper.submit(base, {
    intent: "address",
    "shipping.firstName": "Lena",
    "shipping.lastName": "Berg",
    "shipping.street": "Gartenstraße 5",
    "shipping.zipCode": "10115",
    "shipping.city": "Berlin",
    "shipping.countryCode": "DE",
    billingSame: "on",
  });
  await shopper.submit(base, { intent: "delivery", deliveryMethod: "standard" });
  await shopper.submit(base, { intent: "payment", paymentMethod: "invoice" });
  const html = await (await shopper.fetch(base)).text();
  const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
  const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)?.[1];
  if (!idempotencyKey || !expectedTotal) throw new Error("the checkout did not reach the review");
  return { intent: "place", idempotencyKey, expectedTotal };
}

const placed = (response: Response) =>
  response.status === 302 && /\/success\/\?order=\d{8}$/.test(response.headers.get("location") ?? "");

/** Sizes that can be bought, one per product page, from the first listing pages. */
async function buyableVariants(baseUrl: string, wanted: number): Promise<number[]> {
  const variants: number[] = [];
  for (const listing of ["/de/c/damen/", "/de/c/herren/", "/de/c/kinder/"]) {
    for (let page = 0; page < 6 && variants.length < wanted; page++) {
      const html = await (await fetch(new URL(`${listing}?page=${page}`, baseUrl))).text();
      const products = [...new Set([...html.matchAll(/href="(\/de\/p\/[^"]+)"/g)].map((m) => m[1] as string))];
      for (const path of products) {
        if (variants.length >= wanted) break;
        const product = await (await fetch(new URL(path, baseUrl))).text();
        const sizes = [...product.matchAll(/<input class="size__input"[^>]*>/g)].map((m) => m[0]);
        // A size without a low-stock note has several units: enough for one order each.
        const id = sizes.find((s) => !s.includes("disabled"))?.match(/value="(\d+)"/)?.[1];
        if (id && !variants.includes(Number(id))) variants.push(Number(id));
      }
    }
  }
  return variants;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** Runs `tasks` with `concurrency` at a time; answers their results in order. */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

function resultOf(name: string, latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    concurrency: CONCURRENCY,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
  };
}

export async function benchCheckout(baseUrl: string): Promise<(string | LoadResult)[]> {
  const variants = await buyableVariants(baseUrl, ORDERS + 40);
  if (variants.length < 20) return [`not enough buyable variants found (${variants.length})`];
  // Each order takes the next size in turn, so stock lasts.
  let cursor = 0;
  const nextVariant = () => variants[cursor++ % variants.length] as number;

  // Warm-up: a few orders through every step, not measured.
  await pool(CONCURRENCY, CONCURRENCY, async () => {
    const shopper = new Shopper(baseUrl);
    const form = await fillCheckout(shopper, nextVariant);
    await shopper.submit("/de/checkout/", form);
  });

  // Placement only: every shopper is at the review, then they place 10 at a time.
  const ready = await pool(ORDERS, CONCURRENCY, async () => {
    const shopper = new Shopper(baseUrl);
    return { shopper, form: await fillCheckout(shopper, nextVariant) };
  });
  const started = performance.now();
  const placements = await pool(ORDERS, CONCURRENCY, (i) => {
    const { shopper, form } = ready[i] as { shopper: Shopper; form: Record<string, string> };
    return timed(() => shopper.submit("/de/checkout/", form));
  });
  const placementSeconds = (performance.now() - started) / 1000;
  const placementErrors = placements.filter((p) => !placed(p.value)).length;

  // The whole checkout per shopper: basket add, four steps, the review page and the placement.
  const fullStarted = performance.now();
  const full = await pool(ORDERS / 2, CONCURRENCY, () =>
    timed(async () => {
      const shopper = new Shopper(baseUrl);
      const form = await fillCheckout(shopper, nextVariant);
      return shopper.submit("/de/checkout/", form);
    }),
  );
  const fullSeconds = (performance.now() - fullStarted) / 1000;

  return [
    resultOf(
      "order placement (POST place order)",
      placements.map((p) => p.ms),
      placementErrors,
      placementSeconds,
    ),
    resultOf(
      "whole checkout (7 requests per order)",
      full.map((p) => p.ms),
      full.filter((p) => !placed(p.value)).length,
      fullSeconds,
    ),
  ];
}
