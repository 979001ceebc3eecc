import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliActor } from "../audit/audit.ts";
import { V } from "../basket/test-fixtures.ts";
import type { Shopper } from "../basket/types.ts";
import { reconcilePayments } from "../checkout/reconcile.ts";
import {
  type CheckoutContext,
  type CheckoutOutcome,
  completeCheckoutPayment,
  submitOrder,
} from "../checkout/service.ts";
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
import type { VitrineConfig } from "../config.ts";
import { failureAnswer } from "../errors.ts";
import { getOrderByNumber } from "../orders/orders.ts";
import { refundOrder } from "../orders/refunds.ts";
import { cancelOrder, shipOrder } from "../orders/status.ts";
import type { StoreCode } from "../shop/shops.ts";
import { paymentsInTestMode } from "./gateways.ts";
import { AT_PROVIDER, startProviderPayment } from "./money.ts";
import { getPayment, type Payment, paymentEvents } from "./payments.ts";
import { FakePayPal, FakeStripe, stripeSignature } from "./test-provider-fakes.ts";
import { handlePaymentWebhook } from "./webhooks.ts";

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite";
const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";
const actor = cliActor("ops");
const urls = { returnUrl: "https://shop.example/de/payment/return", cancelUrl: "https://shop.example/de/checkout" };

let t: CheckoutTestContext;
let stripe: FakeStripe;
let paypal: FakePayPal;
let config: VitrineConfig;

beforeAll(async () => {
  t = await createCheckoutTestContext();
  stripe = await new FakeStripe().start();
  paypal = await new FakePayPal().start();
  paypal.webhookId = "WH-ID-FAKE-1";
  config = {
    ...t.ctx().config,
    STRIPE_SECRET_KEY: "sk_test_fake_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake_0123456789",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PAYPAL_CLIENT_ID: "paypal-client-fake",
    PAYPAL_CLIENT_SECRET: "paypal-secret-fake",
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_URL: paypal.url,
    PAYMENT_PROVIDER_TIMEOUT_MS: 1500,
  };
});
afterAll(async () => {
  await stripe?.stop();
  await paypal?.stop();
  await t?.destroy();
});

function ctxOf(store: StoreCode = "de", at: Date = NOW): CheckoutContext {
  return { ...t.ctx(store), config, clock: fixedClock(at) };
}

function hosted(outcome: CheckoutOutcome): Payment {
  if (!outcome.ok || outcome.kind !== "payment") throw new Error(`expected a payment, got ${JSON.stringify(outcome)}`);
  return outcome.payment;
}

/** A checkout up to the hosted payment, started at its provider. */
async function startPayment(
  method: "credit_card" | "paypal",
  options: { store?: StoreCode; quantity?: number; shopper?: Shopper } = {},
) {
  const ctx = ctxOf(options.store);
  const shopper = options.shopper ?? t.guest();
  await addToBasket(ctx, shopper, V.teeM, options.quantity ?? 2);
  await fillCheckout(ctx, shopper, { payment: method });
  const payment = hosted(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
  const started = await startProviderPayment(ctx, payment, urls, NOW);
  return { ctx, shopper, payment: started.payment, started };
}

async function orderCount(): Promise<number> {
  const row = await t.accounts.db
    .selectFrom("shop_order")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function i18n(lang: "de" | "fr" | "en"): Record<string, string> {
  const file = new URL(`../../../../apps/storefront/app/i18n/${lang}/checkout.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8"));
}

async function stripeWebhook(ctx: CheckoutContext, body: string, signature = stripeSignature(body, WEBHOOK_SECRET)) {
  return handlePaymentWebhook(ctx, "stripe", (name) => (name === "stripe-signature" ? signature : null), body);
}

describe(`Stripe behind the provider interface (${dialectName})`, () => {
  it("places the order after the authorization, captures part per shipment, refunds, never more than captured", async () => {
    const { ctx, shopper, payment, started } = await startPayment("credit_card");
    expect(payment).toMatchObject({ provider: "stripe", status: "pending" });
    expect(payment.providerRef).toMatch(/^pi_/);
    expect(started.clientSecret).toMatch(/_secret_/);
    const intent = stripe.intents.get(payment.providerRef as string);
    expect(intent).toMatchObject({ amount: payment.amount, currency: "eur", capture_method: "manual" });
    expect(paymentsInTestMode(config)).toBe(true);

    stripe.confirm(payment.providerRef as string, "authorize");
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    expect(order.payment.card).toEqual({ brand: "visa", last4: "4242" });
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "authorized", orderId: expect.any(Number) });

    const line = order.lines.find((l) => l.quantity === 2);
    if (!line) throw new Error("no line of two");
    const first = await shipOrder(ctx, actor, order.number, {
      carrier: "dhl",
      trackingNumber: "00340434161094042557",
      lines: [{ lineId: line.id, quantity: 1 }],
    });
    expect(first.ok).toBe(true);
    let now = (await getPayment(ctx, payment.id)) as Payment;
    expect(now).toMatchObject({ status: "authorized", capturedAmount: line.unitPrice });
    const captures = stripe.calls.filter((c) => c.path.endsWith("/capture"));
    expect(captures.at(-1)?.body).toMatchObject({ amount_to_capture: String(line.unitPrice), final_capture: "false" });

    expect(
      (await shipOrder(ctx, actor, order.number, { carrier: "dhl", trackingNumber: "00340434161094042558" })).ok,
    ).toBe(true);
    now = (await getPayment(ctx, payment.id)) as Payment;
    expect(now).toMatchObject({ status: "captured", capturedAmount: payment.amount });
    expect(stripe.intents.get(payment.providerRef as string)).toMatchObject({
      status: "succeeded",
      amount_received: payment.amount,
    });

    const refund = await refundOrder(ctx, actor, order.number, {
      amount: 1000,
      reason: "Goodwill",
      idempotencyKey: newKey(),
    });
    expect(refund.ok).toBe(true);
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: payment.providerRef, amount: 1000 });
    expect((await getPayment(ctx, payment.id))?.refundedAmount).toBe(1000);
    const tooMuch = await refundOrder(ctx, actor, order.number, { amount: payment.amount, reason: "Too much" });
    expect(tooMuch).toMatchObject({ ok: false, error: "RefundExceedsPaid" });
    expect(stripe.refunds).toHaveLength(1);
    const history = (await paymentEvents(ctx, payment.id)).map((e) => e.kind);
    expect(history).toEqual(["started", "authorized", "captured", "captured", "refunded"]);
    const refreshed = await getOrderByNumber(ctx, order.number);
    expect(refreshed?.history.find((h) => h.type === "refunded")).toMatchObject({ data: { method: "stripe" } });
  });

  it("leaves no order on a decline or a failed 3-D Secure check, with the store's words for it", async () => {
    const before = await orderCount();
    for (const [outcome, store, key, lang] of [
      ["decline", "de", "payment_declined", "de"],
      ["3ds_failed", "fr-ch", "payment_authentication_failed", "fr"],
    ] as const) {
      const { ctx, shopper, payment } = await startPayment("credit_card", { store });
      stripe.confirm(payment.providerRef as string, outcome);
      const result = await completeCheckoutPayment(ctx, shopper, payment.id);
      expect(result).toMatchObject({ ok: false, error: "PaymentDeclined" });
      const answer = failureAnswer(result as Exclude<CheckoutOutcome, { ok: true }>);
      expect(answer.messageKey).toBe(`checkout.error.${key}`);
      expect(i18n(lang)[answer.messageKey]).toMatch(lang === "fr" ? /Rien n’a été commandé/ : /Es wurde nichts/);
      expect((await getPayment(ctx, payment.id))?.status).toBe("declined");
    }
    expect(await orderCount()).toBe(before);
  });

  it("voids the authorization when the order is cancelled", async () => {
    const { ctx, shopper, payment } = await startPayment("credit_card", { quantity: 1 });
    stripe.confirm(payment.providerRef as string, "authorize");
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    const cancelled = await cancelOrder(ctx, actor, order.number, "customer asked");
    expect(cancelled).toMatchObject({ ok: true, order: { status: "cancelled" } });
    expect(stripe.intents.get(payment.providerRef as string)?.status).toBe("canceled");
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "voided", capturedAmount: 0 });
    expect(stripe.refunds.filter((r) => r.payment_intent === payment.providerRef)).toEqual([]);
  });

  it("takes webhooks once, in any order, and refuses a wrong signature", async () => {
    const { ctx, payment } = await startPayment("credit_card", { quantity: 1 });
    const ref = payment.providerRef as string;
    const created = stripe.event("payment_intent.created", ref);
    stripe.confirm(ref, "authorize");
    const authorized = stripe.event("payment_intent.amount_capturable_updated", ref);

    const forged = await stripeWebhook(ctx, authorized, stripeSignature(authorized, "whsec_someone_else_123"));
    expect(forged).toEqual({ status: 400, body: { error: "InvalidSignature" } });
    expect((await getPayment(ctx, payment.id))?.status).toBe("pending");

    expect(await stripeWebhook(ctx, authorized)).toMatchObject({ status: 200, body: { paymentId: payment.id } });
    expect((await getPayment(ctx, payment.id))?.status).toBe("authorized");
    // The same event again, then an older one that arrives late: nothing moves back.
    expect(await stripeWebhook(ctx, authorized)).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await stripeWebhook(ctx, created)).toMatchObject({ status: 200 });
    expect((await getPayment(ctx, payment.id))?.status).toBe("authorized");
    const recorded = await ctx.db
      .selectFrom("event")
      .select("entity_id")
      .where("entity", "=", "payment_webhook")
      .where("entity_id", "like", "stripe:%")
      .execute();
    const ids = recorded.map((r) => r.entity_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(`stripe:${JSON.parse(authorized).id}`);
  });

  it("gives a paid checkout whose shopper never came back its order, and voids one that cannot be placed", async () => {
    const { ctx, payment } = await startPayment("credit_card", { quantity: 1 });
    stripe.confirm(payment.providerRef as string, "authorize");
    await stripeWebhook(ctx, stripe.event("payment_intent.amount_capturable_updated", payment.providerRef as string));
    // The shopper closed the tab: nothing happens before the reconciliation's grace period.
    expect((await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 60_000)))).placed).toBe(0);
    const later = ctxOf("de", new Date(NOW.getTime() + 11 * 60_000));
    const report = await reconcilePayments(later);
    expect(report.placed).toBeGreaterThanOrEqual(1);
    const paid = await getPayment(ctx, payment.id);
    expect(paid?.orderId).not.toBeNull();

    // Another shopper paid, but the basket is gone meanwhile: the authorization is voided.
    const other = await startPayment("credit_card", { quantity: 1 });
    stripe.confirm(other.payment.providerRef as string, "authorize");
    await t.accounts.db.deleteFrom("basket_item").execute();
    await t.accounts.db.deleteFrom("basket").execute();
    await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 11 * 60_000)));
    // The payment was never synced by a webhook: the reconciliation reads it, then a later run places or voids it.
    await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 22 * 60_000)));
    const voided = await getPayment(ctx, other.payment.id);
    expect(voided?.orderId).toBeNull();
    expect(voided?.status).toBe("voided");
    expect(stripe.intents.get(other.payment.providerRef as string)?.status).toBe("canceled");
  });

  it("follows a refund and a cancelled hold made in Stripe's dashboard (webhook and reconciliation)", async () => {
    const { ctx, shopper, payment } = await startPayment("credit_card", { quantity: 2 });
    const ref = payment.providerRef as string;
    stripe.confirm(ref, "authorize");
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    await shipOrder(ctx, actor, order.number, { carrier: "dhl", trackingNumber: "00340434161094042570" });
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "captured", capturedAmount: payment.amount });

    // Refunded in the dashboard: Stripe's webhook brings it into the ledger, once.
    stripe.dashboardRefund(ref, 500);
    const refunded = stripe.event("charge.refunded", ref);
    expect(await stripeWebhook(ctx, refunded)).toMatchObject({ status: 200, body: { paymentId: payment.id } });
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "captured", refundedAmount: 500 });
    expect(await stripeWebhook(ctx, refunded)).toMatchObject({ body: { duplicate: true } });
    const atProvider = (await paymentEvents(ctx, payment.id)).filter((e) => e.detail === AT_PROVIDER);
    expect(atProvider.map((e) => [e.kind, e.amount])).toEqual([["refunded", 500]]);

    // The rest refunded there, and its webhook lost: the reconciliation finds it.
    stripe.dashboardRefund(ref, payment.amount - 500);
    const report = await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 60_000)));
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "refunded", refundedAmount: payment.amount });
    // Nothing more to bring in: the next run changes nothing, and the shop refunds nothing twice.
    await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 120_000)));
    expect((await getPayment(ctx, payment.id))?.refundedAmount).toBe(payment.amount);
    expect(await refundOrder(ctx, actor, order.number, { amount: 100, reason: "Again" })).toMatchObject({
      ok: false,
      error: "RefundExceedsPaid",
    });

    // A hold cancelled in the dashboard before anything shipped: voided and released in the ledger.
    const other = await startPayment("credit_card", { quantity: 1 });
    stripe.confirm(other.payment.providerRef as string, "authorize");
    placed(await completeCheckoutPayment(other.ctx, other.shopper, other.payment.id));
    stripe.dashboardCancel(other.payment.providerRef as string);
    await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 180_000)));
    expect(await getPayment(ctx, other.payment.id)).toMatchObject({
      status: "voided",
      capturedAmount: 0,
      releasedAmount: other.payment.amount,
    });
  });

  it("places nothing when Stripe does not answer, and places the order once it does", async () => {
    const { ctx, shopper, payment } = await startPayment("credit_card", { quantity: 1 });
    stripe.confirm(payment.providerRef as string, "authorize");
    const before = await orderCount();
    stripe.hang = true;
    try {
      const result = await completeCheckoutPayment(ctx, shopper, payment.id);
      expect(result).toEqual({ ok: false, error: "PaymentPending", paymentId: payment.id });
    } finally {
      stripe.hang = false;
    }
    expect(await orderCount()).toBe(before);
    expect((await getPayment(ctx, payment.id))?.status).toBe("pending");
    placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    expect(await orderCount()).toBe(before + 1);
  });

  it("leaves the shipment unrecorded when the capture fails at Stripe", async () => {
    const { ctx, shopper, payment } = await startPayment("credit_card", { quantity: 1 });
    stripe.confirm(payment.providerRef as string, "authorize");
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    stripe.hang = true;
    let result: Awaited<ReturnType<typeof shipOrder>>;
    try {
      result = await shipOrder(ctx, actor, order.number, { carrier: "dhl", trackingNumber: "00340434161094042559" });
    } finally {
      stripe.hang = false;
    }
    expect(result).toMatchObject({ ok: false, error: "PaymentProviderFailed" });
    expect((await getOrderByNumber(ctx, order.number))?.packages).toEqual([]);
    expect((await getPayment(ctx, payment.id))?.capturedAmount).toBe(0);
  });
});

describe(`PayPal behind the provider interface (${dialectName})`, () => {
  it("approves on PayPal, authorizes at placement, captures per shipment and refunds", async () => {
    const { ctx, shopper, payment, started } = await startPayment("paypal", { store: "at" });
    expect(payment).toMatchObject({ provider: "paypal", status: "pending" });
    expect(started.approveUrl).toBe(`https://www.paypal.com/checkoutnow?token=${payment.providerRef}`);
    // Not approved yet: no order.
    expect(await completeCheckoutPayment(ctx, shopper, payment.id)).toMatchObject({
      ok: false,
      error: "PaymentPending",
    });
    paypal.approve(payment.providerRef as string);
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    expect(await getPayment(ctx, payment.id)).toMatchObject({
      status: "authorized",
      authorizationRef: `AUTH-${payment.providerRef}`,
    });
    const line = order.lines.find((l) => l.quantity === 2);
    if (!line) throw new Error("no line of two");
    await shipOrder(ctx, actor, order.number, {
      carrier: "dhl",
      trackingNumber: "00340434161094042560",
      lines: [{ lineId: line.id, quantity: 1 }],
    });
    const captureCalls = paypal.calls.filter((c) => c.path.endsWith("/capture"));
    expect(captureCalls.at(-1)?.body).toMatchObject({
      amount: { value: (line.unitPrice / 100).toFixed(2), currency_code: "EUR" },
      final_capture: false,
    });
    await shipOrder(ctx, actor, order.number, { carrier: "dhl", trackingNumber: "00340434161094042561" });
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "captured", capturedAmount: payment.amount });
    // More than the second package's capture: the refund spans both captures, the newest first.
    const amount = payment.amount - line.unitPrice + 100;
    const refund = await refundOrder(ctx, actor, order.number, { amount, reason: "Return" });
    expect(refund.ok).toBe(true);
    const refunds = paypal.calls.filter((c) => c.path.endsWith("/refund"));
    expect(refunds.map((c) => (c.body.amount as { value: string }).value)).toEqual([
      ((payment.amount - line.unitPrice) / 100).toFixed(2),
      "1.00",
    ]);
    expect((await getPayment(ctx, payment.id))?.refundedAmount).toBe(amount);
  });

  it("voids the authorization of a cancelled order and checks webhooks with PayPal's verification", async () => {
    const { ctx, shopper, payment } = await startPayment("paypal", { quantity: 1 });
    const approved = paypal.webhook("CHECKOUT.ORDER.APPROVED", payment.providerRef as string);
    paypal.approve(payment.providerRef as string);
    const tampered = approved.body.replace("CHECKOUT.ORDER.APPROVED", "CHECKOUT.ORDER.COMPLETED");
    expect(await handlePaymentWebhook(ctx, "paypal", approved.header, tampered)).toEqual({
      status: 400,
      body: { error: "InvalidSignature" },
    });
    expect(await handlePaymentWebhook(ctx, "paypal", approved.header, approved.body)).toMatchObject({ status: 200 });
    // The webhook authorized the approved order (authorize at placement, even when the shopper does not return).
    expect((await getPayment(ctx, payment.id))?.status).toBe("authorized");
    expect(await handlePaymentWebhook(ctx, "paypal", approved.header, approved.body)).toMatchObject({
      body: { duplicate: true },
    });
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    expect((await cancelOrder(ctx, actor, order.number)).ok).toBe(true);
    expect(paypal.orders.get(payment.providerRef as string)?.authorization?.status).toBe("VOIDED");
    expect((await getPayment(ctx, payment.id))?.status).toBe("voided");
  });

  it("follows a refund and a voided authorization made in PayPal's dashboard", async () => {
    const { ctx, shopper, payment } = await startPayment("paypal", { quantity: 1 });
    paypal.approve(payment.providerRef as string);
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    await shipOrder(ctx, actor, order.number, { carrier: "dhl", trackingNumber: "00340434161094042571" });
    paypal.dashboardRefund(payment.providerRef as string, 250);
    const report = await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 60_000)));
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "captured", refundedAmount: 250 });
    // The shop's own refund takes what is left, not more.
    expect((await refundOrder(ctx, actor, order.number, { amount: payment.amount - 250, reason: "Return" })).ok).toBe(
      true,
    );
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "refunded", refundedAmount: payment.amount });

    const other = await startPayment("paypal", { quantity: 1 });
    paypal.approve(other.payment.providerRef as string);
    placed(await completeCheckoutPayment(other.ctx, other.shopper, other.payment.id));
    paypal.dashboardVoid(other.payment.providerRef as string);
    await reconcilePayments(ctxOf("de", new Date(NOW.getTime() + 120_000)));
    expect(await getPayment(ctx, other.payment.id)).toMatchObject({ status: "voided", capturedAmount: 0 });
    const kinds = (await paymentEvents(ctx, other.payment.id)).filter((e) => e.detail === AT_PROVIDER);
    expect(kinds.map((e) => e.kind)).toEqual(["voided"]);
  });

  it("answers 404 for a provider that is not configured", async () => {
    const sandbox = { ...t.ctx("de") };
    expect(await handlePaymentWebhook(sandbox, "stripe", () => null, "{}")).toEqual({
      status: 404,
      body: { error: "UnknownProvider" },
    });
    expect(paymentsInTestMode(sandbox.config)).toBe(true);
  });
});
