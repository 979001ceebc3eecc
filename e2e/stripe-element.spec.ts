import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { expect, type Page, type Route, test } from "@playwright/test";
import { createDatabase } from "@vitrine/commerce";
import { FakeStripe } from "@vitrine/commerce/payment-fakes";
import { expectNoSeriousA11yViolations, hydrated, purchasableVariants, startExtraShop } from "./fixtures.ts";

/**
 * The Stripe payment step in Chromium: a shop with Stripe keys (its server talks to a local fake of Stripe's API)
 * loads Stripe.js from js.stripe.com under its Content-Security-Policy, mounts the Payment Element in a frame of
 * js.stripe.com, and confirms the payment against api.stripe.com. The machines have no internet, so those three
 * origins are answered here: a small stand-in of Stripe.js (the calls the payment page makes: `Stripe(key)`,
 * `elements({clientSecret})`, `create("payment").mount()`, `confirmPayment()`, with card input in Stripe's frame
 * and a redirect to the return address on success) and the confirm call, which moves the fake's PaymentIntent.
 * What runs for real: the shop's page, its policy, its loader of Stripe.js, the return and the order's placement.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 3210);
const shopPort = e2ePort + 3;
const shop = `http://127.0.0.1:${shopPort}`;
const SCREENSHOTS = "test-results/payments";
const DECLINED_CARD = "4000 0000 0000 0002";
const GOOD_CARD = "4242 4242 4242 4242";
test.describe.configure({ timeout: 240_000 });

let stripe: FakeStripe;
let shopProcess: ChildProcess;
let variant: number;

test.beforeAll(async () => {
  stripe = await new FakeStripe().start();
  shopProcess = await startExtraShop(shopPort, {
    PUBLIC_URL: shop,
    STRIPE_SECRET_KEY: "sk_test_e2e_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_0123456789",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e_0123456789",
    STRIPE_API_URL: stripe.url,
  });
  const db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${shopPort}/vitrine.sqlite`) });
  [variant] = (await purchasableVariants(db, { order: "asc" })) as [number];
  await db.destroy();
});

test.afterAll(async () => {
  shopProcess?.kill("SIGTERM");
  await stripe?.stop();
});

/** The stand-in of Stripe.js: the page's calls, card input in a frame of js.stripe.com that posts to its parent. */
const STRIPE_JS = `(() => {
  let card = "";
  window.addEventListener("message", (event) => {
    if (event.origin === "https://js.stripe.com" && event.data && event.data.type === "card") card = event.data.value;
  });
  window.Stripe = (publishableKey) => ({
    elements: ({ clientSecret, locale }) => {
      const frames = [];
      return {
        clientSecret,
        create: () => ({
          mount(target) {
            const frame = document.createElement("iframe");
            frame.src = "https://js.stripe.com/v3/elements-inner-payment.html#locale=" + locale + "&key=" + publishableKey;
            frame.title = "Secure payment input frame";
            frame.style.cssText = "width:100%;height:96px;border:0";
            target.appendChild(frame);
            frames.push(frame);
          },
          destroy() { for (const frame of frames) frame.remove(); },
        }),
      };
    },
    confirmPayment: async ({ elements, confirmParams }) => {
      const id = elements.clientSecret.split("_secret_")[0];
      const response = await fetch("https://api.stripe.com/v1/payment_intents/" + id + "/confirm", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_secret: elements.clientSecret, "payment_method_data[card][number]": card }),
      });
      const answer = await response.json();
      if (answer.error) return { error: answer.error };
      const back = new URL(confirmParams.return_url);
      back.searchParams.set("payment_intent", id);
      back.searchParams.set("payment_intent_client_secret", elements.clientSecret);
      back.searchParams.set("redirect_status", "succeeded");
      window.location.assign(back.toString());
      return new Promise(() => {});
    },
  });
})();`;

const INNER_FRAME = `<!doctype html><html lang="de"><body style="font:16px sans-serif;margin:0">
<label>Kartennummer <input id="number" autocomplete="cc-number" inputmode="numeric"></label>
<script>
  const input = document.getElementById("number");
  input.addEventListener("input", () => parent.postMessage({ type: "card", value: input.value }, "*"));
</script></body></html>`;

/** js.stripe.com and api.stripe.com, answered in the test (no internet); everything else goes to the shop. */
async function stripeOrigins(page: Page, confirmed: string[]) {
  await page.route("https://js.stripe.com/v3/", (route) =>
    route.fulfill({ contentType: "text/javascript", body: STRIPE_JS }),
  );
  await page.route("https://js.stripe.com/v3/elements-inner-payment.html*", (route) =>
    route.fulfill({ contentType: "text/html", body: INNER_FRAME }),
  );
  await page.route("https://api.stripe.com/v1/payment_intents/*/confirm", async (route: Route) => {
    const id = new URL(route.request().url()).pathname.split("/")[3] as string;
    const form = new URLSearchParams(route.request().postData() ?? "");
    const number = (form.get("payment_method_data[card][number]") ?? "").replace(/\s/g, "");
    const declined = number !== GOOD_CARD.replace(/\s/g, "");
    stripe.confirm(id, declined ? "decline" : "authorize");
    confirmed.push(`${id}:${declined ? "declined" : "authorized"}`);
    const cors = { "access-control-allow-origin": shop };
    if (declined) {
      await route.fulfill({
        status: 402,
        headers: cors,
        contentType: "application/json",
        body: JSON.stringify({
          error: { type: "card_error", code: "card_declined", message: "Ihre Karte wurde abgelehnt." },
        }),
      });
      return;
    }
    await route.fulfill({
      headers: cors,
      contentType: "application/json",
      body: JSON.stringify({ id, object: "payment_intent", status: "requires_capture" }),
    });
  });
}

async function checkoutToPayment(page: Page) {
  await page.goto(`${shop}/de/`);
  await hydrated(page);
  const added = await page.request.post(`${shop}/api/rpc/addItemToBasket`, {
    headers: { "x-shop-id": "10028", origin: shop },
    data: { payload: { variantId: variant, quantity: 1 } },
  });
  expect(added.status()).toBe(200);
  await page.goto(`${shop}/de/checkout/`);
  await page.locator("main[data-ready]").waitFor({ state: "attached" });
  await page.getByLabel("E-Mail-Adresse").fill(`stripe.${Date.now().toString(36)}@example.com`);
  await page.getByRole("button", { name: "Weiter" }).click();
  for (const [field, value] of Object.entries({
    firstName: "Lena",
    lastName: "Berg",
    street: "Gartenstraße 5",
    zipCode: "10115",
    city: "Berlin",
  })) {
    await page.locator(`[name="shipping.${field}"]`).fill(value);
  }
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.locator('[data-step="delivery"].checkout-step--active')).toBeVisible();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("radio", { name: /^Kreditkarte/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/de\/payment\/provider\/[^/]+\/$/);
}

test("a shopper pays by card in Stripe's Payment Element: a decline is said, a good card places the order", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  const confirmed: string[] = [];
  await stripeOrigins(page, confirmed);
  await checkoutToPayment(page);

  // The policy of the payment step (the same shopper's cookies) names Stripe's origins.
  const csp = (await page.request.get(page.url())).headers()["content-security-policy"] ?? "";
  expect(csp).toContain("https://js.stripe.com");
  expect(csp).toContain("https://api.stripe.com");

  await expect(page.getByTestId("payment-test-mode")).toBeVisible();
  const frame = page.frameLocator('iframe[title="Secure payment input frame"]');
  await expect(frame.getByLabel("Kartennummer")).toBeVisible();
  const pay = page.getByRole("button", { name: /bezahlen$/ });
  await expect(pay).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/stripe-element-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Declined by the bank: Stripe's words on the page, the shopper stays and tries again.
  await frame.getByLabel("Kartennummer").fill(DECLINED_CARD);
  await pay.click();
  await expect(page.getByRole("alert")).toHaveText("Ihre Karte wurde abgelehnt.");
  await expect(page).toHaveURL(/\/de\/payment\/provider\//);
  await expect(pay).toBeEnabled();

  await frame.getByLabel("Kartennummer").fill(GOOD_CARD);
  await pay.click();
  await expect(page).toHaveURL(/\/de\/success\/\?order=\d{8}$/);
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
  expect(number).toMatch(/^\d{8}$/);
  expect(confirmed.map((c) => c.split(":")[1])).toEqual(["declined", "authorized"]);
  // The shop's server asked Stripe (the fake) how it went and holds the authorization: nothing captured yet.
  const intentId = (confirmed[1] as string).split(":")[0] as string;
  expect(stripe.intents.get(intentId)).toMatchObject({ status: "requires_capture", amount_received: 0 });
  expect(violations).toEqual([]);
});
