import { randomUUID } from "node:crypto";
import {
  addItemToBasket,
  type CheckoutContext,
  createAccountAuth,
  type Db,
  getOrderByNumber,
  listAudit,
  type PaymentMethodId,
  registerReturn,
  type Shop,
  saveCheckoutAddresses,
  saveCheckoutContact,
  saveCheckoutDelivery,
  saveCheckoutPayment,
  shipOrder,
  shopByCode,
  submitOrder,
  systemActor,
  systemClock,
} from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffBrowser } from "./admin-fixtures.ts";
import { findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * The back office's orders, returns and customers screens over HTTP: every action checks the role on the server
 * (warehouse ships but never refunds nor sees customers; customer service refunds and sees customers), a shop
 * customer gets nothing from /admin, and the changes land in the audit log.
 */
let shop: TestShop;
let db: Db;
let variant: number;

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  variant = (await findDemoVariants(db)).inStock[0] as number;
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

async function placeOrder(options: { quantity?: number; payment?: PaymentMethodId; lastName?: string } = {}) {
  const ctx: CheckoutContext = {
    ...testCtx(db, { shop: shopByCode("de") as Shop, config: { PUBLIC_URL: "https://shop.example" } }),
    auth: createAccountAuth({
      db,
      clock: systemClock,
      secret: "admin-orders-test-secret-0123456789",
      baseURL: "https://shop.example",
      secureCookies: false,
      passwordResetMail: (m) => ({ kind: "password-reset", to: m.email, subject: "", text: "", html: "" }),
    }),
  };
  const shopper = { kind: "guest" as const, browserId: randomUUID() };
  expect((await addItemToBasket(ctx, shopper, { variantId: variant, quantity: options.quantity ?? 2 })).ok).toBe(true);
  await saveCheckoutContact(ctx, shopper, { email: `admin.${randomUUID().slice(0, 8)}@example.com` });
  await saveCheckoutAddresses(ctx, shopper, {
    shipping: {
      firstName: "Lena",
      lastName: options.lastName ?? "Berg",
      street: "Gartenstraße 5",
      zipCode: "10115",
      city: "Berlin",
      countryCode: "DE",
    },
    billingSameAsShipping: true,
  });
  await saveCheckoutDelivery(ctx, shopper, "standard");
  await saveCheckoutPayment(ctx, shopper, options.payment ?? "invoice");
  const outcome = await submitOrder(ctx, shopper, { idempotencyKey: randomUUID() });
  if (!outcome.ok || outcome.kind !== "placed") throw new Error(JSON.stringify(outcome));
  return outcome.order;
}

const post = (browser: TestBrowser, path: string, fields: Record<string, string>) => browser.submit(path, fields);

describe("back office: orders, returns and customers over HTTP", () => {
  it("lets a warehouse user list, open and ship part of an order, and refuses refunds, cancellations and customers", async () => {
    const { browser } = await staffBrowser(shop, db, "warehouse");
    const order = await placeOrder({ quantity: 2, lastName: "Lagerfeld" });
    const line = order.lines[0];
    if (!line) throw new Error("no line");
    const list = await browser.fetch("/admin/orders/?q=lagerfeld");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(order.number);
    const page = await browser.fetch(`/admin/orders/${order.number}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="tracking"');
    expect(html).not.toContain('value="refund"');

    const path = `/admin/orders/${order.number}/`;
    for (const intent of ["refund", "cancel", "pay", "resend", "refund_return", "reject_return"]) {
      const refused = await post(browser, path, { intent, amount: "1", reason: "x", mail: "1", return: "R1" });
      expect(refused.status, intent).toBe(403);
    }
    expect((await browser.fetch("/admin/customers/")).status).toBe(403);
    expect((await browser.fetch("/admin/customers/4000000000/")).status).toBe(403);
    expect((await browser.fetch("/admin/customers/4000000000/export.json")).status).toBe(403);

    const shipped = await post(browser, path, {
      intent: "ship",
      [`qty-${line.id}`]: "1",
      carrier: "dhl",
      tracking: "00340434161094015777",
    });
    expect(shipped.status).toBe(200);
    const after = await getOrderByNumber(testCtx(db, {}), order.number);
    expect(after?.status).toBe("shipped");
    expect(after?.lines[0]?.shippedQuantity).toBe(1);
    const audit = await listAudit({ db }, { subjectType: "order", subjectId: order.number });
    expect(audit.entries[0]).toMatchObject({ action: "order.ship", actor: { type: "staff" } });
    // Shipping more than is left is refused with the reason, nothing shipped.
    const tooMany = await post(browser, path, {
      intent: "ship",
      [`qty-${line.id}`]: "5",
      carrier: "dhl",
      tracking: "00340434161094015778",
    });
    expect(tooMany.status).toBe(400);

    const csv = await browser.fetch("/admin/orders/export.csv?q=lagerfeld");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(`${order.number},`);
  });

  it("lets customer service receive and refund a return, refund part of an order and work with customers", async () => {
    const { browser } = await staffBrowser(shop, db, "customer_service");
    const order = await placeOrder({ quantity: 2, payment: "prepayment", lastName: "Kundendienst" });
    const path = `/admin/orders/${order.number}/`;
    expect((await post(browser, path, { intent: "pay" })).status).toBe(200);
    await shipOrder(testCtx(db, {}), systemActor("test"), order.number, {
      carrier: "dhl",
      trackingNumber: "00340434161094015779",
    });
    const line = order.lines[0];
    if (!line) throw new Error("no line");
    const registered = await registerReturn(testCtx(db, {}), order.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "too_small" }],
    });
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    const queue = await browser.fetch("/admin/returns/");
    expect(await queue.text()).toContain(registered.returnNumber);
    expect(
      (
        await post(browser, path, {
          intent: "receive_return",
          return: registered.returnNumber,
          [`condition-${line.id}`]: "resellable",
        })
      ).status,
    ).toBe(200);
    expect((await post(browser, path, { intent: "refund_return", return: registered.returnNumber })).status).toBe(200);
    expect((await post(browser, path, { intent: "refund", amount: "99999", reason: "zu viel" })).status).toBe(409);
    expect((await post(browser, path, { intent: "refund", amount: "1,50", reason: "Kulanz", key: "k-1" })).status).toBe(
      200,
    );
    const after = await getOrderByNumber(testCtx(db, {}), order.number);
    expect(after?.returns[0]?.status).toBe("refunded");
    const actions = (await listAudit({ db }, { subjectType: "order", subjectId: order.number })).entries.map(
      (e) => e.action,
    );
    expect(actions.slice(0, 3)).toEqual(["order.refund", "order.return.refund", "order.return.receive"]);

    const customers = await browser.fetch("/admin/customers/?q=kundendienst");
    expect(customers.status).toBe(200);
    const number = /\/admin\/customers\/(\d{10})\//.exec(await customers.text())?.[1];
    expect(number).toBeDefined();
    expect((await browser.fetch(`/admin/customers/${number}/`)).status).toBe(200);
    const exported = await browser.fetch(`/admin/customers/${number}/export.json`);
    expect(exported.status).toBe(200);
    expect(JSON.parse(await exported.text()).orders[0].number).toBe(order.number);
    const erase = await post(browser, `/admin/customers/${number}/`, { intent: "erase", confirm: "no" });
    expect(erase.status).toBe(400);
    expect((await post(browser, `/admin/customers/${number}/`, { intent: "erase", confirm: "erase" })).status).toBe(
      302,
    );
    expect((await getOrderByNumber(testCtx(db, {}), order.number))?.email).toMatch(/@erased\.invalid$/);
  });

  it("gives a shop customer nothing from /admin and answers 404 for an unknown order", async () => {
    const visitor = shop.browser();
    const answer = await visitor.fetch("/admin/orders/");
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.get("location")).toMatch(/^\/admin\/sign-in\//);
    expect([302, 303]).toContain((await visitor.submit("/admin/orders/12345678/", { intent: "refund" })).status);
    const { browser } = await staffBrowser(shop, db, "owner");
    expect((await browser.fetch("/admin/orders/12345678/")).status).toBe(404);
    expect((await browser.fetch("/admin/returns/")).status).toBe(200);
  });
});
