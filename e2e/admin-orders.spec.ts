import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  addItemToBasket,
  type CheckoutContext,
  createAccountAuth,
  createDatabase,
  type Db,
  registerReturn,
  type Shop,
  saveCheckoutAddresses,
  saveCheckoutContact,
  saveCheckoutDelivery,
  saveCheckoutPayment,
  shopByCode,
  submitOrder,
  systemClock,
} from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { E2E_DATABASE, staffSignedIn } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, newPage, purchasableVariants } from "./fixtures.ts";

/**
 * The back office's daily work in Chromium: a warehouse user ships part of an order and cannot open customers;
 * customer service receives the return and refunds it; the customer sees the refunded return in the returns
 * portal; the owner finds all of it in the audit log. axe on every screen, screenshots at 1440 and 375 px.
 */
const SCREENSHOTS = "test-results/screenshots/admin-orders";
let db: Db;
let variant: number;

test.beforeAll(async () => {
  db = createDatabase({ url: join(process.cwd(), E2E_DATABASE) });
  variant = (await purchasableVariants(db, { order: "asc" }))[7] as number;
});
test.afterAll(async () => {
  await db?.destroy();
});

/** A guest order of two units in the German store, placed through the checkout services. */
async function placeOrder(email: string, lastName: string): Promise<{ number: string; lineId: number }> {
  const ctx: CheckoutContext = {
    ...testCtx(db, { shop: shopByCode("de") as Shop, config: { PUBLIC_URL: "https://shop.example" } }),
    auth: createAccountAuth({
      db,
      clock: systemClock,
      secret: "e2e-admin-orders-secret-0123456789abc",
      baseURL: "https://shop.example",
      secureCookies: false,
      passwordResetMail: (m) => ({ kind: "password-reset", to: m.email, subject: "", text: "", html: "" }),
    }),
  };
  const shopper = { kind: "guest" as const, browserId: randomUUID() };
  expect((await addItemToBasket(ctx, shopper, { variantId: variant, quantity: 2 })).ok).toBe(true);
  await saveCheckoutContact(ctx, shopper, { email });
  await saveCheckoutAddresses(ctx, shopper, {
    shipping: {
      firstName: "Wiebke",
      lastName,
      street: "Hafenweg 3",
      zipCode: "20457",
      city: "Hamburg",
      countryCode: "DE",
    },
    billingSameAsShipping: true,
  });
  await saveCheckoutDelivery(ctx, shopper, "standard");
  await saveCheckoutPayment(ctx, shopper, "invoice");
  const outcome = await submitOrder(ctx, shopper, { idempotencyKey: randomUUID() });
  if (!outcome.ok || outcome.kind !== "placed") throw new Error(JSON.stringify(outcome));
  return { number: outcome.order.number, lineId: outcome.order.lines[0]?.id as number };
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("warehouse ships part of an order, customer service receives and refunds the return, the customer sees it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `wiebke.${randomUUID().slice(0, 6)}@example.com`;
  const lastName = `Hafenkamp${randomUUID().slice(0, 4)}`;
  const { number, lineId } = await placeOrder(email, lastName);

  // The warehouse: finds the order, ships one of two units by keyboard, may not open customers.
  const warehouse = await newPage(browser, { width: 1440, height: 900 });
  await staffSignedIn(warehouse.context, "warehouse");
  const w = warehouse.page;
  await w.goto(`/admin/orders/?q=${lastName.toLowerCase()}`);
  await expect(w.getByRole("heading", { level: 1, name: "Bestellungen" })).toBeVisible();
  await expectNoSeriousA11yViolations(w);
  await screenshot(w, "orders-list");
  await w.getByRole("link", { name: number }).click();
  await expect(w.getByRole("heading", { level: 1, name: `Bestellung ${number}` })).toBeVisible();
  await expect(w.getByRole("button", { name: "Erstatten" })).toHaveCount(0);
  await w.locator(`input[name="qty-${lineId}"]`).fill("1");
  await w.getByLabel("Versanddienst").selectOption("dhl");
  await w.getByLabel("Sendungsnummer").fill("00340434161094015555");
  await w.getByLabel("Sendungsnummer").press("Enter");
  await expect(w.getByRole("status").filter({ hasText: "Paket versendet" })).toBeVisible();
  await expect(w.locator(".admin-status").first()).toHaveText("Versendet");
  await expectNoSeriousA11yViolations(w);
  await screenshot(w, "order-shipped");
  const forbidden = await w.goto("/admin/customers/");
  expect(forbidden?.status()).toBe(403);
  await warehouse.context.close();

  // The customer registers a return of the shipped unit (the portal journey is checkout.spec's).
  const returned = await registerReturn(testCtx(db, { config: { PUBLIC_URL: "https://shop.example" } }), number, {
    lines: [{ lineId, quantity: 1, reason: "too_small" }],
  });
  if (!returned.ok) throw new Error(JSON.stringify(returned));

  // Customer service: the queue, receiving line by line, the refund.
  const service = await newPage(browser, { width: 1440, height: 900 });
  await staffSignedIn(service.context, "customer_service");
  const s = service.page;
  await s.goto("/admin/returns/");
  await expect(s.getByRole("link", { name: returned.returnNumber })).toBeVisible();
  await expectNoSeriousA11yViolations(s);
  await screenshot(s, "returns-queue");
  await s.getByRole("link", { name: returned.returnNumber }).click();
  await s.getByRole("combobox", { name: /Zu klein/ }).selectOption("resellable");
  await s.getByRole("button", { name: "Annehmen" }).click();
  await expect(s.getByRole("status").filter({ hasText: "Rücksendung eingegangen" })).toBeVisible();
  await s.getByRole("button", { name: `Rücksendung ${returned.returnNumber} erstatten` }).click();
  await expect(s.getByRole("status").filter({ hasText: "Rücksendung erstattet" })).toBeVisible();
  await expect(s.locator(`#return-${returned.returnNumber} .admin-status`)).toHaveText("Erstattet");
  await expectNoSeriousA11yViolations(s);
  await screenshot(s, "order-refunded");
  await s.goto(`/admin/customers/?q=${encodeURIComponent(email)}`);
  await s.getByRole("link", { name: `Wiebke ${lastName}` }).click();
  await expect(s.getByRole("heading", { level: 1, name: `Wiebke ${lastName}` })).toBeVisible();
  await expectNoSeriousA11yViolations(s);
  await screenshot(s, "customer");
  await service.context.close();

  // The customer: the returns portal shows the refunded return.
  const customer = await newPage(browser, { width: 1440, height: 900 });
  const c = customer.page;
  await c.goto("/de/returns-portal/");
  await c.locator("#navigation[data-enhanced]").waitFor({ state: "attached" });
  await c.getByLabel("Bestellnummer").fill(number);
  await c.getByLabel("E-Mail-Adresse oder Postleitzahl").fill(email);
  await c.getByRole("button", { name: "Bestellung finden" }).click();
  await expect(c.locator(".order-return__status--refunded")).toContainText("Erstattet am");
  await expectNoSeriousA11yViolations(c);
  await screenshot(c, "returns-portal-refunded");
  await customer.context.close();

  // The owner: the audit log has all of it.
  const owner = await newPage(browser, { width: 1440, height: 900 });
  await staffSignedIn(owner.context, "owner");
  const o = owner.page;
  await o.goto(`/admin/audit/?subject_type=order&subject_id=${number}`);
  for (const action of ["order.ship", "order.return.receive", "order.return.refund"]) {
    await expect(o.getByRole("cell", { name: action, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(o);
  await owner.context.close();
});
