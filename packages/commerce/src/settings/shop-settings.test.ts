import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cliActor, listAudit } from "../audit/audit.ts";
import { V } from "../basket/test-fixtures.ts";
import { getCheckout, saveCheckoutPayment, submitOrder } from "../checkout/service.ts";
import {
  addToBasket,
  type CheckoutTestContext,
  createCheckoutTestContext,
  fillCheckout,
  NOW,
  newKey,
  placed,
} from "../checkout/test-support.ts";
import { fixedClock } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { testCtx } from "../db/testing.ts";
import { currentEventCursor, readEventsAfter } from "../events/feed.ts";
import type { MailMessage } from "../mail/mail.ts";
import { testPicture } from "../media/test-pictures.ts";
import { deliverOutbox } from "../orders/outbox.ts";
import { registerReturn, returnWindow } from "../orders/returns.ts";
import { deliverOrder, shipOrder } from "../orders/status.ts";
import { paymentSettings } from "../payments/methods.ts";
import { DEFAULT_SHIPPING_RATES, deliveryMethodsFor, RETURN_PERIOD_DAYS } from "../shop/delivery.ts";
import { changeShopLogo, shopLogo, shopLogoImage } from "./shop-logo.ts";
import {
  concernsShopSettings,
  defaultShopSettings,
  flatten,
  mailSender,
  narrowPaymentSettings,
  readShopSettings,
  SHOP_SETTINGS_KEY,
  settingsPatch,
  shippingRatesOf,
  shopSettings,
  updateShopSettings,
  validateShopSettings,
} from "./shop-settings.ts";

/**
 * Shop settings (back-office issue, item 6): defaults equal to the constants they replace, validation that names
 * every problem at once, audit and event in the change's transaction, and the shop following them: checkout's
 * delivery prices and threshold, the return window, the payment methods per store, the mails' sender and name.
 */

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite";
const actor = cliActor("owner-test");
let t: CheckoutTestContext;
let ctx: Ctx;

beforeAll(async () => {
  t = await createCheckoutTestContext();
  ctx = testCtx(t.accounts.db, { clock: t.clock, config: { PUBLIC_URL: "https://shop.example" } });
});
afterAll(async () => {
  await t?.destroy();
});
/** Every test starts from an untouched shop. */
beforeEach(async () => {
  const result = await updateShopSettings(ctx, actor, defaultShopSettings());
  expect(result.ok).toBe(true);
  await changeShopLogo(ctx, actor, null);
});

describe(`shop settings (${dialectName})`, () => {
  it("defaults to today's constants, so an untouched shop does not change", async () => {
    const settings = await readShopSettings(ctx);
    expect(settings.name).toBe("Vitrine");
    expect(settings.returnDays).toBe(RETURN_PERIOD_DAYS);
    expect(settings.mail).toEqual({ fromName: "", fromAddress: "" });
    expect(settings.stores.de.shipping.DE).toEqual({ standard: 495, express: 995, freeFrom: 5000 });
    expect(settings.stores.ch.shipping.DE).toEqual({ standard: 590, express: 1190, freeFrom: 6000 });
    for (const code of ["de", "at", "ch", "fr-ch", "en"] as const) {
      const currency = code === "ch" || code === "fr-ch" ? "CHF" : "EUR";
      for (const country of ["DE", "AT", "CH", "GB"] as const) {
        const rates = shippingRatesOf(settings, code);
        expect(deliveryMethodsFor(country, currency, rates)).toEqual(deliveryMethodsFor(country, currency));
      }
    }
    expect(mailSender(settings, "Vitrine <shop@vitrine.example>")).toBe("Vitrine <shop@vitrine.example>");
    const payment = paymentSettings({
      SHOP_LEGAL_NAME: undefined,
      BANK_ACCOUNT_EUR: undefined,
      BANK_ACCOUNT_CHF: undefined,
      INVOICE_DUE_DAYS: 14,
      PREPAYMENT_DUE_DAYS: 7,
      PAYMENT_METHODS: "",
    });
    expect(narrowPaymentSettings(payment, settings).methods).toEqual(payment.methods);
  });

  it("refuses invalid settings with every problem at once and stores nothing", async () => {
    const result = await updateShopSettings(ctx, actor, {
      name: "  ",
      returnDays: 7,
      mail: { fromAddress: "not-an-address", fromName: 'Shop "A"' },
      stores: { de: { shipping: { DE: { standard: -1, freeFrom: 12.5 } }, payments: [] } },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { field: "name", code: "required" },
        { field: "returnDays", code: "return_days" },
        { field: "mail.fromAddress", code: "email" },
        { field: "mail.fromName", code: "sender_name" },
        { field: "stores.de.shipping.DE.standard", code: "negative" },
        { field: "stores.de.shipping.DE.freeFrom", code: "whole" },
        { field: "stores.de.payments", code: "payments_empty" },
      ]),
    );
    expect(result.issues).toHaveLength(7);
    expect(result.detail).toContain("returnDays: between 14 and 365 days");
    expect(validateShopSettings(defaultShopSettings(), { unknown: 1 })).toMatchObject({ ok: false });
    expect((await readShopSettings(ctx)).name).toBe("Vitrine");
  });

  it("audits a change (changed fields only) and publishes it in the same transaction", async () => {
    const cursor = await currentEventCursor(ctx.db);
    const result = await updateShopSettings(ctx, actor, settingsPatch("name", "Atelier Nord"));
    expect(result).toMatchObject({ ok: true, changed: true, settings: { name: "Atelier Nord" } });
    const { events } = await readEventsAfter(ctx.db, cursor, 10);
    const published = events.filter((e) => e.type === "setting.changed");
    expect(published.map((e) => [e.entityId, e.payload])).toEqual([[SHOP_SETTINGS_KEY, { fields: ["name"] }]]);
    expect(concernsShopSettings(published)).toBe(true);
    expect(concernsShopSettings([{ type: "setting.changed", entityId: "maintenance_mode" }])).toBe(false);
    const audit = (await listAudit(ctx, { subjectType: "setting", subjectId: SHOP_SETTINGS_KEY })).entries;
    expect(audit[0]).toMatchObject({
      action: "settings.update",
      actor: { type: "cli", label: expect.stringContaining("owner-test") },
      before: { name: "Vitrine" },
      after: { name: "Atelier Nord" },
    });
    // The same value again changes nothing: no event, no audit entry.
    const again = await updateShopSettings(ctx, actor, { name: "Atelier Nord" });
    expect(again).toMatchObject({ ok: true, changed: false });
    expect((await listAudit(ctx, { subjectType: "setting", subjectId: SHOP_SETTINGS_KEY })).entries.length).toBe(
      audit.length,
    );
    expect((await shopSettings(ctx)).name).toBe("Atelier Nord");
    expect(flatten({ a: { b: 1, c: [1] } })).toEqual({ "a.b": 1, "a.c": [1] });
  });

  it("prices checkout with the store's changed delivery prices and free-shipping threshold", async () => {
    await updateShopSettings(ctx, actor, {
      stores: { de: { shipping: { DE: { standard: 390, express: 1290, freeFrom: 3000 } } } },
    });
    const de = t.ctx("de");
    const small = t.guest();
    await addToBasket(de, small, V.teeS, 1);
    await fillCheckout(de, small);
    // 19.95 < 30.00: standard costs the new 3.90, 10.05 missing for free delivery.
    const view = await getCheckout(de, small);
    expect(view.quote.delivery).toMatchObject({ id: "standard", price: 390, freeFrom: 3000, missingForFree: 1005 });
    expect(view.quote.deliveryOptions[1]).toMatchObject({ id: "express", price: 1290 });
    expect(view.quote.total).toBe(1995 + 390);

    const large = t.guest();
    await addToBasket(de, large, V.teeS, 2);
    await fillCheckout(de, large);
    // 39.90 ≥ 30.00 (below the default 50.00): free.
    expect((await getCheckout(de, large)).quote.delivery).toMatchObject({ price: 0, regularPrice: 390 });

    // Other stores keep their own prices.
    const at = t.ctx("at");
    const other = t.guest();
    await addToBasket(at, other, V.teeS, 1);
    await fillCheckout(at, other);
    expect((await getCheckout(at, other)).quote.delivery.price).toBe(DEFAULT_SHIPPING_RATES.AT.EUR.standard);

    // Never free: no threshold.
    await updateShopSettings(ctx, actor, settingsPatch("stores.de.shipping.DE.freeFrom", null));
    expect((await getCheckout(de, large)).quote.delivery).toMatchObject({ price: 390, freeFrom: null });
  });

  it("narrows the payment methods per store (transfers still need a bank account)", async () => {
    const de = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(de, shopper, V.teeS, 1);
    await fillCheckout(de, shopper);
    const before = (await getCheckout(de, shopper)).paymentOptions.map((o) => o.id);
    expect(before).toEqual(expect.arrayContaining(["invoice", "paypal", "credit_card"]));

    await updateShopSettings(ctx, actor, { stores: { de: { payments: ["paypal", "credit_card"] } } });
    const after = (await getCheckout(de, shopper)).paymentOptions.map((o) => o.id);
    expect(after).toEqual(before.filter((id) => id === "paypal" || id === "credit_card"));
    expect(await saveCheckoutPayment(de, shopper, "invoice")).toMatchObject({ ok: false });
    // The Austrian store still offers what it did.
    const at = t.ctx("at");
    const other = t.guest();
    await addToBasket(at, other, V.teeS, 1);
    await fillCheckout(at, other);
    expect((await getCheckout(at, other)).paymentOptions.map((o) => o.id)).toContain("invoice");

    // A setting never widens the environment's list: without a bank account there is no invoice.
    const noAccount = paymentSettings({
      SHOP_LEGAL_NAME: undefined,
      BANK_ACCOUNT_EUR: undefined,
      BANK_ACCOUNT_CHF: undefined,
      INVOICE_DUE_DAYS: 14,
      PREPAYMENT_DUE_DAYS: 7,
      PAYMENT_METHODS: "de:paypal",
    });
    expect(narrowPaymentSettings(noAccount, defaultShopSettings()).methods.de).toEqual(["paypal"]);
  });

  it("opens returns for the changed window and names it in the delivered mail", async () => {
    await updateShopSettings(ctx, actor, { returnDays: 14 });
    const de = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(de, shopper, V.teeM, 1);
    await fillCheckout(de, shopper, { payment: "invoice" });
    const order = placed(await submitOrder(de, shopper, { idempotencyKey: newKey() }));
    await shipOrder(ctx, actor, order.number, { carrier: "dhl", trackingNumber: "1234567893" });
    const delivered = await deliverOrder(ctx, actor, order.number);
    if (!delivered.ok) throw new Error("not delivered");
    const line = delivered.order.lines[0];
    if (!line) throw new Error("no line");
    const day = 86_400_000;
    expect(returnWindow(delivered.order, new Date(NOW.getTime() + 13 * day), 14).open).toBe(true);
    // 15 days after delivery: closed with a 14-day window, open with the default 30 days.
    const late = { ...ctx, clock: fixedClock(new Date(NOW.getTime() + 15 * day)) };
    expect(returnWindow(delivered.order, late.clock.now()).open).toBe(true);
    expect(
      await registerReturn(late, order.number, { lines: [{ lineId: line.id, quantity: 1, reason: "size" }] }),
    ).toMatchObject({ ok: false, error: "ReturnClosed", window: { reason: "expired" } });

    const sent: MailMessage[] = [];
    await deliverOutbox(
      { db: ctx.db, clock: ctx.clock, config: { SMTP_URL: undefined, MAIL_FROM: "x@y", VITRINE_DATA_DIR: "/none" } },
      { send: async (m) => void sent.push(m) },
    );
    const deliveredMail = sent.find((m) => m.kind === "order-delivered");
    expect(deliveredMail?.text).toContain("14");
    expect(deliveredMail?.text).not.toContain(" 30 ");
  });

  it("sends mails from the settings' sender, in the shop's name, with its logo", async () => {
    await updateShopSettings(ctx, actor, {
      name: "Atelier Nord",
      mail: { fromName: "Atelier Nord", fromAddress: "hallo@atelier.example" },
    });
    const logo = await changeShopLogo(ctx, actor, await testPicture("png", 900, 300));
    expect(logo).toMatchObject({ ok: true, logo: { width: 480, height: 160 } });
    const ref = await shopLogo(ctx);
    if (!ref) throw new Error("no logo");
    expect(await shopLogoImage(ctx, ref.hash)).toBeInstanceOf(Buffer);
    expect(await shopLogoImage(ctx, "0000000000000000")).toBeNull();
    expect(await changeShopLogo(ctx, actor, new TextEncoder().encode("<svg/>"))).toMatchObject({
      ok: false,
      error: "not_an_image",
    });
    const audit = (await listAudit(ctx, { subjectType: "setting", subjectId: SHOP_SETTINGS_KEY })).entries;
    expect(audit.map((a) => a.action)).toContain("settings.logo");

    const de = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(de, shopper, V.teeS, 1);
    await fillCheckout(de, shopper, { payment: "invoice" });
    placed(await submitOrder(de, shopper, { idempotencyKey: newKey() }));
    const sent: MailMessage[] = [];
    await deliverOutbox(
      {
        db: ctx.db,
        clock: ctx.clock,
        config: {
          SMTP_URL: undefined,
          MAIL_FROM: "Vitrine <shop@vitrine.example>",
          VITRINE_DATA_DIR: "/none",
          PUBLIC_URL: "https://shop.example",
        },
      },
      { send: async (m) => void sent.push(m) },
    );
    const mail = sent.find((m) => m.kind === "order-confirmation");
    expect(mail?.from).toBe('"Atelier Nord" <hallo@atelier.example>');
    expect(mail?.subject).toContain("Atelier Nord");
    expect(mail?.subject).not.toContain("Vitrine");
    expect(mail?.html).toContain(`<img src="https://shop.example/images/shop-logo/${ref.hash}.png"`);
    expect(mail?.text).not.toContain("Vitrine");
  });
});
