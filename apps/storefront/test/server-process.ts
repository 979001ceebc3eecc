import { expect } from "vitest";
import type { TestBrowser } from "./shop-client.ts";

export { freePort, root, type ServerProcess, startServer, stopServer } from "./server-launch.ts";

/** The checkout steps of a guest without JavaScript, up to the review page: its idempotency key and total. */
export async function checkoutUpToReview(
  browser: TestBrowser,
  email: string,
): Promise<{ idempotencyKey: string; expectedTotal: string }> {
  const steps: Record<string, string>[] = [
    { intent: "contact", email },
    {
      intent: "address",
      "shipping.firstName": "Lena",
      "shipping.lastName": "Berg",
      "shipping.street": "Gartenstraße 5",
      "shipping.zipCode": "10115",
      "shipping.city": "Berlin",
      "shipping.countryCode": "DE",
      billingSame: "on",
    },
    { intent: "delivery", deliveryMethod: "standard" },
    { intent: "payment", paymentMethod: "invoice" },
  ];
  for (const step of steps) {
    const answer = await browser.submit("/de/checkout/", step);
    expect(answer.status, `${step.intent}: ${(await answer.clone().text()).slice(0, 300)}`).toBe(302);
  }
  const review = await (await browser.fetch("/de/checkout/")).text();
  const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(review)?.[1] ?? "";
  const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(review)?.[1] ?? "";
  expect(idempotencyKey).not.toBe("");
  expect(expectedTotal).not.toBe("");
  return { idempotencyKey, expectedTotal };
}

/** Places the order of the review page; answers the order number, or undefined with the status when refused. */
export async function placeReviewedOrder(
  browser: TestBrowser,
  review: { idempotencyKey: string; expectedTotal: string },
): Promise<{ status: number; number?: string }> {
  const placed = await browser.submit("/de/checkout/", { intent: "place", ...review });
  const number = /order=(\d{8})/.exec(placed.headers.get("location") ?? "")?.[1];
  return { status: placed.status, number };
}

/** Polls `check` every `intervalMs` until it returns true or `timeoutMs` passed; answers the elapsed time or throws. */
export async function within(check: () => Promise<boolean>, timeoutMs: number, what: string, intervalMs = 50) {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
