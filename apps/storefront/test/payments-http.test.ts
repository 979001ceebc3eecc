import type { Db } from "@vitrine/commerce";
import { FakeStripe, stripeSignature } from "@vitrine/commerce/payment-fakes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./account-fixtures.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { type DemoVariants, findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * A shop connected to Stripe (a local fake of Stripe's API on 127.0.0.1) over HTTP: the payment step with Stripe's
 * origins in its Content-Security-Policy and nowhere else, the return from Stripe placing the order, and the
 * webhook endpoint with its signature check.
 */
const SECRET = "whsec_http_test_0123456789";
let shop: TestShop;
let stripe: FakeStripe;
let db: Db;
let demo: DemoVariants;

beforeAll(async () => {
  stripe = await new FakeStripe().start();
  shop = await startTestShop({
    STRIPE_SECRET_KEY: "sk_test_http_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_http_0123456789",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  });
  db = openShopDatabase();
  demo = await findDemoVariants(db);
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
  await stripe?.stop();
});

describe("Stripe over HTTP", () => {
  it("shows the payment step with Stripe allowed there only, and places the order on the return", async () => {
    const browser = shop.browser();
    expect((await browser.rpc("addItemToBasket", { variantId: demo.inStock[0], quantity: 1 }, 10028)).status).toBe(200);
    const base = "/de/checkout/";
    const steps: Record<string, string>[] = [
      { intent: "contact", email: uniqueEmail("stripe") },
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
      { intent: "payment", paymentMethod: "credit_card" },
    ];
    for (const step of steps) expect((await browser.submit(base, step)).status).toBe(302);
    const checkoutPage = await browser.fetch(base);
    expect(checkoutPage.headers.get("content-security-policy")).not.toContain("stripe");
    const review = await checkoutPage.text();
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(review)?.[1] ?? "";
    const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(review)?.[1] ?? "";
    const placed = await browser.submit(base, { intent: "place", idempotencyKey, expectedTotal, html: "" });
    const paymentPath = placed.headers.get("location") ?? "";
    expect(paymentPath).toMatch(/^\/de\/payment\/provider\/[\w-]+\/$/);

    const page = await browser.fetch(paymentPath);
    expect(page.status).toBe(200);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("https://js.stripe.com");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    const html = await page.text();
    expect(html).toContain("Testmodus");
    // Card data never passes the shop: the page has no card field of its own.
    expect(html).not.toMatch(/name="(number|cvc)"/);
    // Another browser does not see it.
    expect((await shop.browser().fetch(paymentPath)).status).toBe(404);

    const intent = [...stripe.intents.values()].at(-1);
    if (!intent) throw new Error("no payment intent");
    expect(intent).toMatchObject({ capture_method: "manual", currency: "eur" });
    stripe.confirm(intent.id, "authorize");
    const paymentId = paymentPath.split("/")[4] as string;
    const back = await browser.fetch(`${base}?payment=${paymentId}&payment_intent=${intent.id}`);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(/^\/de\/success\/\?order=\d{8}$/);

    const body = stripe.event("payment_intent.amount_capturable_updated", intent.id);
    const post = (signature: string) =>
      fetchHandler("/api/payments/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
    expect((await post("t=1,v1=00")).status).toBe(400);
    const ok = await post(stripeSignature(body, SECRET));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ received: true });
    expect(await (await post(stripeSignature(body, SECRET))).json()).toMatchObject({ duplicate: true });
    expect((await fetchHandler("/api/payments/adyen/webhook", { method: "POST", body: "{}" })).status).toBe(404);

    // The back office's order page: the payment section with Stripe's reference and a link to its dashboard.
    const number = /order=(\d{8})/.exec(back.headers.get("location") ?? "")?.[1] as string;
    const { browser: staff } = await staffBrowser(shop, db, "owner");
    const admin = await (await staff.fetch(`/admin/orders/${number}/`)).text();
    expect(admin).toContain('data-testid="order-payment"');
    expect(admin).toContain(`https://dashboard.stripe.com/test/payments/${intent.id}`);
    expect(admin).toContain("Testmodus");
    expect(admin).toMatch(/Autorisiert<\/dt><dd>[^<]+€/);

    // The hold cancelled in Stripe's dashboard: its webhook brings it into the ledger and the order page says where.
    stripe.dashboardCancel(intent.id);
    const cancelled = stripe.event("payment_intent.canceled", intent.id);
    const answer = await fetchHandler("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": stripeSignature(cancelled, SECRET) },
      body: cancelled,
    });
    expect(answer.status).toBe(200);
    const after = await (await staff.fetch(`/admin/orders/${number}/`)).text();
    expect(after).toContain("im Dashboard des Anbieters, nicht über den Shop");
    expect(after).toMatch(/Freigegeben \(nie eingezogen\)<\/dt><dd>[^<]+€/);
  });
});

function fetchHandler(path: string, init: RequestInit): Promise<Response> {
  return shop.handler(new Request(`http://localhost:3000${path}`, init));
}
