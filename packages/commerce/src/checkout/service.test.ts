import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliActor } from "../audit/audit.ts";
import { getBasket } from "../basket/service.ts";
import { V } from "../basket/test-fixtures.ts";
import type { Shopper } from "../basket/types.ts";
import { signUp } from "../customers/accounts.ts";
import { addAddress, listAddresses, MAX_ADDRESSES } from "../customers/addresses.ts";
import { loadCustomer } from "../customers/customers.ts";
import { getFashionCard, loyaltyPointsFor, registerFashionCard } from "../customers/loyalty.ts";
import { uniqueEmail } from "../customers/test-context.ts";
import { testCtx } from "../db/testing.ts";
import { readOutbox } from "../mail/mail.ts";
import { getOrderByNumber } from "../orders/orders.ts";
import { deliverOutbox } from "../orders/outbox.ts";
import { cancelOrder } from "../orders/status.ts";
import { getPayment } from "../payments/payments.ts";
import {
  SANDBOX_TEST_CARDS,
  sandboxCompleteChallenge,
  sandboxPayPal,
  sandboxPayWithCard,
} from "../payments/sandbox.ts";
import { setShippingCountries, shippingCountriesOf } from "../settings/shipping-countries.ts";
import { CASH_ON_DELIVERY_FEE } from "../shop/delivery.ts";
import {
  applyCheckoutGiftCard,
  type CheckoutContext,
  type CheckoutOutcome,
  completeCheckoutPayment,
  getCheckout,
  saveCheckoutAddresses,
  saveCheckoutContact,
  saveCheckoutDelivery,
  saveCheckoutPayment,
  submitOrder,
} from "./service.ts";
import {
  ADDRESSES,
  addToBasket,
  type CheckoutTestContext,
  createCheckoutTestContext,
  fillCheckout,
  GIFT_CARDS,
  NOW,
  newKey,
  placed,
  stockOf,
} from "./test-support.ts";

const TEST_ACTOR = cliActor("test");

const LONDON = {
  firstName: "Sam",
  lastName: "Taylor",
  street: "10 Downing Street",
  addressLine2: "Flat 3",
  zipCode: "SW1A 2AA",
  city: "London",
  countryCode: "GB",
} as const;

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite";
let t: CheckoutTestContext;
let outboxDirectory: string;

beforeAll(async () => {
  t = await createCheckoutTestContext();
  outboxDirectory = mkdtempSync(join(tmpdir(), "vitrine-checkout-mail-"));
});
afterAll(async () => {
  await t?.destroy();
  rmSync(outboxDirectory, { recursive: true, force: true });
});

async function setStock(variantId: number, quantity: number) {
  await t.accounts.db.updateTable("variant").set({ stock_quantity: quantity }).where("id", "=", variantId).execute();
}

async function orderCount(): Promise<number> {
  const row = await t.accounts.db
    .selectFrom("shop_order")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function hostedPayment(outcome: CheckoutOutcome) {
  if (!outcome.ok || outcome.kind !== "payment") throw new Error(`expected a payment, got ${JSON.stringify(outcome)}`);
  return outcome.payment;
}

const card = (number: string) => ({ number, expiry: "12/30", cvc: "123", holder: "Lena Berg" });

/** A new account with a German default address, as a checkout shopper. */
async function customerWithAddress(ctx: CheckoutContext, email: string, name: [string, string], clientAddress: string) {
  const account = await signUp(
    t.accounts,
    { headers: new Headers(), clientAddress },
    { email, password: "Sommer-2026!", firstName: name[0], lastName: name[1] },
  );
  if (!account.ok) throw new Error("sign-up failed");
  await addAddress(ctx, account.customer.id, ADDRESSES.DE);
  const shopper: Shopper = { kind: "customer", customerId: account.customer.id };
  return { customerId: account.customer.id, shopper };
}

describe(`checkout and order placement (${dialectName})`, () => {
  it("places a guest order with invoice: stock taken, basket emptied, guest customer, confirmation queued", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    const stockBefore = { tee: await stockOf(t.accounts.db, V.teeS), bag: await stockOf(t.accounts.db, V.giftBag) };
    await addToBasket(ctx, shopper, V.teeS, 2);
    const email = uniqueEmail("gast");
    await fillCheckout(ctx, shopper, { email, payment: "invoice" });
    const view = await getCheckout(ctx, shopper);
    expect(view.nextStep).toBe("review");
    // Two T-shirts earn the gift bag: a free line that is also taken from stock.
    expect(view.quote.lines.map((l) => [l.variantId, l.quantity, l.isGift])).toEqual([
      [V.teeS, 2, false],
      [V.giftBag, 1, true],
    ]);

    const order = placed(
      await submitOrder(ctx, shopper, { idempotencyKey: newKey(), expectedTotal: view.quote.total }),
    );
    expect(order).toMatchObject({
      storeCode: "de",
      status: "placed",
      paymentStatus: "awaiting_payment",
      email,
      currency: "EUR",
      shippingCountry: "DE",
    });
    expect(order.number).toMatch(/^\d{8}$/);
    expect(order.totals.total).toBe(view.quote.total);
    expect(order.payment.instructions).toMatchObject({
      kind: "bank_transfer",
      method: "invoice",
      reference: order.number,
    });
    expect(order.history.map((h) => h.type)).toEqual(["placed"]);
    expect(await stockOf(t.accounts.db, V.teeS)).toBe(stockBefore.tee - 2);
    expect(await stockOf(t.accounts.db, V.giftBag)).toBe(stockBefore.bag - 1);
    expect((await getBasket(ctx, shopper)).isEmpty).toBe(true);
    expect((await getCheckout(ctx, shopper)).complete.contact).toBe(false);

    const customer = await loadCustomer(ctx, order.customerId);
    expect(customer?.status.isGuestCustomer).toBe(true);
    expect(customer?.email).toBe(email);
    // The group `new` ends with the first order.
    expect(customer?.groups).not.toContain("new");

    const mailCtx = {
      db: ctx.db,
      clock: ctx.clock,
      config: { SMTP_URL: undefined, MAIL_FROM: "Vitrine <shop@vitrine.example>", VITRINE_DATA_DIR: outboxDirectory },
    };
    expect(await deliverOutbox(mailCtx)).toMatchObject({ failed: 0 });
    const mail = (await readOutbox(mailCtx.config)).find((m) => m.to.includes(email));
    expect(mail?.kind).toBe("order-confirmation");
    expect(mail?.subject).toContain(order.number);
    expect(mail?.text).toContain("DE89 3704 0044 0532 0130 00");
    expect(mail?.text).toContain(`https://shop.example/de/order-trackform/?order=${order.number}`);
    // Delivered once: a second run finds nothing due.
    expect(await deliverOutbox(mailCtx)).toEqual({ sent: 0, failed: 0 });
  });

  it("gives one order for the same request twice, in a row and at the same time", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.socksCheap, 1);
    await fillCheckout(ctx, shopper, { payment: "prepayment" });
    const key = newKey();
    const before = await orderCount();
    const [a, b] = await Promise.all([
      submitOrder(ctx, shopper, { idempotencyKey: key }),
      submitOrder(ctx, shopper, { idempotencyKey: key }),
    ]);
    const retry = await submitOrder(ctx, shopper, { idempotencyKey: key });
    expect(placed(a).number).toBe(placed(b).number);
    expect(placed(retry).number).toBe(placed(a).number);
    expect(retry.ok && retry.kind === "placed" && retry.replayed).toBe(true);
    expect(await orderCount()).toBe(before + 1);
    // Another shopper cannot replay someone else's key.
    expect(await submitOrder(ctx, t.guest(), { idempotencyKey: key })).toEqual({ ok: false, error: "InvalidRequest" });
  });

  it("sells the last 5 units to exactly 5 of 20 concurrent checkouts; the others get out of stock", async () => {
    const ctx = t.ctx("de");
    const variant = V.bulkFirst + 1;
    await setStock(variant, 5);
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 20; i++) {
      const shopper = t.guest();
      await addToBasket(ctx, shopper, variant, 1);
      await fillCheckout(ctx, shopper, { payment: "invoice" });
      shoppers.push(shopper);
    }
    const before = await orderCount();
    const outcomes = await Promise.all(shoppers.map((s) => submitOrder(ctx, s, { idempotencyKey: newKey() })));
    const orders = outcomes.filter((o) => o.ok && o.kind === "placed");
    const refused = outcomes.filter((o) => !o.ok);
    expect(orders).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r).toEqual({ ok: false, error: "OutOfStock", variantIds: [variant] });
    expect(await stockOf(t.accounts.db, variant)).toBe(0);
    expect(await orderCount()).toBe(before + 5);
    // The refused shoppers keep their baskets.
    for (const [i, outcome] of outcomes.entries()) {
      if (!outcome.ok) expect((await getBasket(ctx, shoppers[i] as Shopper)).count).toBe(1);
    }
  });

  it("sells items that are sellable without stock beyond the stock", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.backorderDress, 2);
    await fillCheckout(ctx, shopper, { payment: "invoice" });
    const order = placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    expect(order.lines[0]).toMatchObject({ variantId: V.backorderDress, quantity: 2, backorder: true });
    expect(await stockOf(t.accounts.db, V.backorderDress)).toBe(0);
    // Sold without stock: delivered in the variant's own, longer range (14–21 working days, no Sundays).
    expect(order.delivery.dateRange).toEqual({ min: "2026-06-17", max: "2026-06-25" });
  });

  it("leaves no order and the basket intact when the card is declined", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeM, 1);
    await fillCheckout(ctx, shopper, { payment: "credit_card" });
    const stock = await stockOf(t.accounts.db, V.teeM);
    const before = await orderCount();
    const payment = hostedPayment(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    const declined = await sandboxPayWithCard(ctx, payment.id, card(SANDBOX_TEST_CARDS.declined), NOW);
    expect(declined.ok && declined.payment.status).toBe("declined");
    expect(await completeCheckoutPayment(ctx, shopper, payment.id)).toEqual({
      ok: false,
      error: "PaymentDeclined",
      declineCode: "card_declined",
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t.accounts.db, V.teeM)).toBe(stock);
    expect((await getBasket(ctx, shopper)).count).toBe(1);
    expect((await getCheckout(ctx, shopper)).nextStep).toBe("review");
  });

  it("places a card order after the payment page authorizes it, once however often the shopper returns", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeM, 1);
    await fillCheckout(ctx, shopper, { payment: "credit_card" });
    const key = newKey();
    const payment = hostedPayment(await submitOrder(ctx, shopper, { idempotencyKey: key }));
    expect(payment).toMatchObject({ status: "pending", method: "credit_card", currency: "EUR" });
    // A double submit leads to the same payment.
    expect(hostedPayment(await submitOrder(ctx, shopper, { idempotencyKey: key })).id).toBe(payment.id);
    expect(await completeCheckoutPayment(ctx, shopper, payment.id)).toEqual({
      ok: false,
      error: "PaymentPending",
      paymentId: payment.id,
    });
    const invalid = await sandboxPayWithCard(ctx, payment.id, { ...card("4242 4242 4242 4241"), expiry: "01/20" }, NOW);
    expect(invalid).toMatchObject({ ok: false, error: "invalid" });
    await sandboxPayWithCard(ctx, payment.id, card(SANDBOX_TEST_CARDS.success), NOW);
    // Someone else's browser cannot complete it.
    expect(await completeCheckoutPayment(ctx, t.guest(), payment.id)).toEqual({ ok: false, error: "PaymentNotFound" });
    const order = placed(await completeCheckoutPayment(ctx, shopper, payment.id));
    expect(order).toMatchObject({ status: "paid", paymentStatus: "paid", payment: { method: "credit_card" } });
    expect(order.payment.card).toEqual({ brand: "visa", last4: "4242" });
    expect(order.history.map((h) => h.type)).toEqual(["placed", "paid"]);
    expect(placed(await completeCheckoutPayment(ctx, shopper, payment.id)).number).toBe(order.number);
    expect(placed(await submitOrder(ctx, shopper, { idempotencyKey: key })).number).toBe(order.number);
    // Authorized for the order; the money is captured when the goods ship (payments/money.ts).
    expect(await getPayment(ctx, payment.id)).toMatchObject({ status: "authorized", capturedAmount: 0 });
  });

  it("authorizes a 3-D Secure card after the challenge, and declines a failed challenge", async () => {
    const ctx = t.ctx("fr-ch");
    for (const passed of [true, false]) {
      const shopper = t.guest();
      await addToBasket(ctx, shopper, V.teeS, 1);
      await fillCheckout(ctx, shopper, { payment: "credit_card" });
      const payment = hostedPayment(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
      expect(payment.currency).toBe("CHF");
      const challenged = await sandboxPayWithCard(ctx, payment.id, card(SANDBOX_TEST_CARDS.threeDSecure), NOW);
      expect(challenged.ok && challenged.payment.status).toBe("requires_action");
      await sandboxCompleteChallenge(ctx, payment.id, passed, NOW);
      const outcome = await completeCheckoutPayment(ctx, shopper, payment.id);
      if (passed) expect(placed(outcome)).toMatchObject({ status: "paid", storeCode: "fr-ch", currency: "CHF" });
      else expect(outcome).toEqual({ ok: false, error: "PaymentDeclined", declineCode: "authentication_failed" });
    }
  });

  it("pays with PayPal, and a cancelled PayPal payment places nothing", async () => {
    const ctx = t.ctx("at");
    for (const approve of [true, false]) {
      const shopper = t.guest();
      await addToBasket(ctx, shopper, V.teeS, 1);
      await fillCheckout(ctx, shopper, { payment: "paypal" });
      const payment = hostedPayment(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
      await sandboxPayPal(ctx, payment.id, approve, NOW);
      const outcome = await completeCheckoutPayment(ctx, shopper, payment.id);
      if (approve) expect(placed(outcome)).toMatchObject({ status: "paid", payment: { method: "paypal" } });
      else expect(outcome).toEqual({ ok: false, error: "PaymentCancelled" });
    }
  });

  it("voids an authorized payment when the last unit sold meanwhile", async () => {
    const ctx = t.ctx("de");
    const variant = V.bulkFirst + 2;
    await setStock(variant, 1);
    const shopper = t.guest();
    await addToBasket(ctx, shopper, variant, 1);
    await fillCheckout(ctx, shopper, { payment: "credit_card" });
    const payment = hostedPayment(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    await sandboxPayWithCard(ctx, payment.id, card(SANDBOX_TEST_CARDS.success), NOW);
    await setStock(variant, 0);
    expect(await completeCheckoutPayment(ctx, shopper, payment.id)).toEqual({
      ok: false,
      error: "OutOfStock",
      variantIds: [variant],
    });
    expect((await getPayment(ctx, payment.id))?.status).toBe("voided");
    expect((await getBasket(ctx, shopper)).count).toBe(1);
  });

  it("charges prepayment with bank details and cash on delivery (Germany only) with its fee", async () => {
    const de = t.ctx("de");
    const prepaid = t.guest();
    await addToBasket(de, prepaid, V.teeS, 1);
    await fillCheckout(de, prepaid, { payment: "prepayment" });
    const prepayment = placed(await submitOrder(de, prepaid, { idempotencyKey: newKey() }));
    expect(prepayment.payment.instructions).toMatchObject({
      kind: "bank_transfer",
      method: "prepayment",
      amount: prepayment.totals.total,
      dueDate: "2026-06-08",
      account: { iban: "DE89 3704 0044 0532 0130 00" },
    });

    const cod = t.guest();
    await addToBasket(de, cod, V.teeS, 1);
    await fillCheckout(de, cod, { payment: "cash_on_delivery" });
    const view = await getCheckout(de, cod);
    expect(view.quote.paymentFee).toBe(CASH_ON_DELIVERY_FEE);
    expect(view.quote.total).toBe(view.quote.itemsTotal + view.quote.delivery.price + CASH_ON_DELIVERY_FEE);
    const order = placed(await submitOrder(de, cod, { idempotencyKey: newKey() }));
    expect(order).toMatchObject({ status: "placed", paymentStatus: "due_on_delivery" });
    expect(order.payment.instructions).toEqual({
      kind: "cash_on_delivery",
      amount: order.totals.total,
      fee: 300,
      currency: "EUR",
    });

    // Delivered to Austria, or from the Austrian store: no cash on delivery.
    const toAustria = t.guest();
    await addToBasket(de, toAustria, V.teeS, 1);
    await fillCheckout(de, toAustria, { address: ADDRESSES.AT });
    expect((await getCheckout(de, toAustria)).paymentOptions.map((o) => o.id)).not.toContain("cash_on_delivery");
    expect(await saveCheckoutPayment(de, toAustria, "cash_on_delivery")).toMatchObject({ ok: false });
    const at = t.ctx("at");
    const austrian = t.guest();
    await addToBasket(at, austrian, V.teeS, 1);
    await fillCheckout(at, austrian);
    expect((await getCheckout(at, austrian)).paymentOptions.map((o) => o.id)).toEqual([
      "credit_card",
      "paypal",
      "invoice",
      "prepayment",
    ]);
    // The international store takes no invoices.
    const en = t.ctx("en");
    const english = t.guest();
    await addToBasket(en, english, V.teeS, 1);
    await fillCheckout(en, english);
    expect((await getCheckout(en, english)).paymentOptions.map((o) => o.id)).not.toContain("invoice");
  });

  it("pays part with a gift card and the rest with another method; a card covering all needs no method", async () => {
    const ctx = t.ctx("de");
    const partial = t.guest();
    await addToBasket(ctx, partial, V.jeans, 1);
    await fillCheckout(ctx, partial, { payment: "invoice" });
    expect(await applyCheckoutGiftCard(ctx, partial, "test gift 20eu")).toEqual({ ok: true, balance: 2000 });
    const view = await getCheckout(ctx, partial);
    expect(view.quote.giftCard).toMatchObject({ amount: 2000 });
    expect(view.quote.amountDue).toBe(view.quote.total - 2000);
    const order = placed(await submitOrder(ctx, partial, { idempotencyKey: newKey() }));
    expect(order.payment).toMatchObject({ method: "invoice", giftCard: { amount: 2000, maskedCode: "•••• 20EU" } });
    expect(order.payment.instructions).toMatchObject({ amount: order.totals.total - 2000 });
    // Used up: the next checkout is told so.
    const next = t.guest();
    await addToBasket(ctx, next, V.teeS, 1);
    expect(await applyCheckoutGiftCard(ctx, next, GIFT_CARDS.eur20)).toEqual({ ok: false, error: "GiftCardEmpty" });

    const full = t.guest();
    await addToBasket(ctx, full, V.teeS, 1);
    await fillCheckout(ctx, full);
    expect((await getCheckout(ctx, full)).nextStep).toBe("payment");
    await applyCheckoutGiftCard(ctx, full, GIFT_CARDS.eur500);
    const covered = await getCheckout(ctx, full);
    expect(covered).toMatchObject({ nextStep: "review", quote: { amountDue: 0 } });
    const paid = placed(await submitOrder(ctx, full, { idempotencyKey: newKey() }));
    expect(paid).toMatchObject({ status: "paid", paymentStatus: "paid", payment: { method: null } });
    const card = await ctx.db
      .selectFrom("gift_card")
      .select("balance")
      .where("code", "=", "TESTGIFT500E")
      .executeTakeFirstOrThrow();
    expect(card.balance).toBe(50_000 - paid.totals.total);

    expect(await applyCheckoutGiftCard(ctx, full, GIFT_CARDS.expired)).toEqual({ ok: false, error: "GiftCardExpired" });
    expect(await applyCheckoutGiftCard(ctx, full, GIFT_CARDS.chf50)).toEqual({
      ok: false,
      error: "GiftCardWrongCurrency",
    });
    expect(await applyCheckoutGiftCard(ctx, full, "NOPE-NOPE-NOPE")).toEqual({ ok: false, error: "GiftCardNotFound" });
  });

  it("refuses an order whose gift card another order spent after the review, and charges no one more than reviewed", async () => {
    const ctx = t.ctx("de");
    await setStock(V.jeans, 10);
    await t.accounts.db.updateTable("gift_card").set({ balance: 2000 }).where("code", "=", "TESTGIFT20EU").execute();
    const reviewWithCard = async () => {
      const shopper = t.guest();
      await addToBasket(ctx, shopper, V.jeans, 1);
      await fillCheckout(ctx, shopper, { payment: "invoice" });
      expect(await applyCheckoutGiftCard(ctx, shopper, GIFT_CARDS.eur20)).toEqual({ ok: true, balance: 2000 });
      const { quote } = await getCheckout(ctx, shopper);
      expect(quote.amountDue).toBe(quote.total - 2000);
      return { shopper, reviewed: { expectedTotal: quote.total, expectedAmountDue: quote.amountDue } };
    };
    const a = await reviewWithCard();
    const b = await reviewWithCard();
    placed(await submitOrder(ctx, b.shopper, { idempotencyKey: newKey(), ...b.reviewed }));
    const before = await orderCount();
    // The total is what A reviewed, the card pays nothing now: A would pay 20 € more than shown.
    expect(await submitOrder(ctx, a.shopper, { idempotencyKey: newKey(), ...a.reviewed })).toEqual({
      ok: false,
      error: "GiftCardInsufficient",
    });
    expect(await orderCount()).toBe(before);
    expect((await getBasket(ctx, a.shopper)).count).toBe(1);
    // Reviewed again (the card's problem shown), the order goes through at the full amount.
    const again = await getCheckout(ctx, a.shopper);
    expect(again).toMatchObject({ giftCard: null, giftCardProblem: "GiftCardEmpty" });
    const order = placed(
      await submitOrder(ctx, a.shopper, {
        idempotencyKey: newKey(),
        expectedTotal: again.quote.total,
        expectedAmountDue: again.quote.amountDue,
      }),
    );
    expect(order.payment.giftCard).toBeNull();

    // Both at once with the same card: one order spends it, the other is refused; never an order without it.
    await t.accounts.db.updateTable("gift_card").set({ balance: 2000 }).where("code", "=", "TESTGIFT20EU").execute();
    const c = await reviewWithCard();
    const d = await reviewWithCard();
    const outcomes = await Promise.all(
      [c, d].map((x) => submitOrder(ctx, x.shopper, { idempotencyKey: newKey(), ...x.reviewed })),
    );
    const orders = outcomes.filter((o) => o.ok);
    expect(orders).toHaveLength(1);
    expect(placed(orders[0] as CheckoutOutcome).payment.giftCard).toMatchObject({ amount: 2000 });
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, error: "GiftCardInsufficient" }]);
  });

  it("refuses a guest checkout with the e-mail of an account, and a changed total", async () => {
    const ctx = t.ctx("de");
    const email = uniqueEmail("konto");
    const account = await signUp(
      t.accounts,
      { headers: new Headers(), clientAddress: "203.0.113.7" },
      { email, password: "Sommer-2026!", firstName: "Lena", lastName: "Berg" },
    );
    expect(account.ok).toBe(true);
    const shopper = t.guest();
    await addToBasket(ctx, shopper, V.teeS, 1);
    await fillCheckout(ctx, shopper, { email, payment: "invoice" });
    expect(await submitOrder(ctx, shopper, { idempotencyKey: newKey() })).toEqual({
      ok: false,
      error: "EmailRegistered",
    });

    await saveCheckoutContact(ctx, shopper, { email: uniqueEmail("gast") });
    const total = (await getCheckout(ctx, shopper)).quote.total;
    expect(await submitOrder(ctx, shopper, { idempotencyKey: newKey(), expectedTotal: total - 1 })).toEqual({
      ok: false,
      error: "TotalChanged",
      total,
    });
    expect(await submitOrder(ctx, shopper, { idempotencyKey: "short" })).toEqual({
      ok: false,
      error: "InvalidRequest",
    });
  });

  it("refuses to place an incomplete checkout or an empty basket", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    expect(await submitOrder(ctx, shopper, { idempotencyKey: newKey() })).toEqual({ ok: false, error: "EmptyBasket" });
    await addToBasket(ctx, shopper, V.teeS, 1);
    expect(await submitOrder(ctx, shopper, { idempotencyKey: newKey() })).toEqual({
      ok: false,
      error: "Incomplete",
      step: "contact",
    });
    const refused = await saveCheckoutAddresses(ctx, shopper, {
      shipping: { ...ADDRESSES.DE, zipCode: "1234" },
      billingSameAsShipping: false,
      billing: { ...ADDRESSES.CH, city: "" },
    });
    expect(refused.ok ? [] : refused.issues.map((i) => [i.field, i.code])).toEqual([
      ["shipping.zipCode", "zip_code_digits"],
      ["billing.city", "required"],
    ]);
    // The German store delivers to Germany, Austria and Switzerland, not to the United Kingdom.
    const british = await saveCheckoutAddresses(ctx, shopper, { shipping: LONDON, billingSameAsShipping: true });
    expect(british.ok ? [] : british.issues.map((i) => [i.field, i.code])).toEqual([
      ["shipping.countryCode", "country_not_shipped"],
    ]);
    expect(await saveCheckoutAddresses(ctx, shopper, { shipping: ADDRESSES.CH, billingSameAsShipping: true })).toEqual({
      ok: true,
    });
  });

  it("delivers where the store's shipping-countries setting says, with each country's postcode rule", async () => {
    const en = t.ctx("en");
    const shopper = t.guest();
    await addToBasket(en, shopper, V.teeS, 1);
    expect(await shippingCountriesOf(en, en.shop)).toEqual(["DE", "AT", "CH", "GB"]);
    // A UK postcode is checked as one, and never as "5 digits (Germany)".
    const wrong = await saveCheckoutAddresses(en, shopper, {
      shipping: { ...LONDON, zipCode: "12345" },
      billingSameAsShipping: true,
    });
    expect(wrong.ok ? [] : wrong.issues.map((i) => [i.field, i.code, i.values])).toEqual([
      ["shipping.zipCode", "zip_code_format", { example: "SW1A 1AA", country: "GB" }],
    ]);
    const austrian = await saveCheckoutAddresses(en, shopper, {
      shipping: { ...ADDRESSES.AT, zipCode: "10115" },
      billingSameAsShipping: true,
    });
    expect(austrian.ok ? [] : austrian.issues.map((i) => [i.code, i.values])).toEqual([
      ["zip_code_digits", { digits: 4, country: "AT" }],
    ]);
    await fillCheckout(en, shopper, { address: { ...LONDON, zipCode: "sw1a1aa" }, payment: "prepayment" });
    const view = await getCheckout(en, shopper);
    expect(view.shippingAddress).toMatchObject({ zipCode: "SW1A 1AA", addressLine2: "Flat 3" });
    // Delivery to the United Kingdom: its own rates and dates, UK VAT.
    expect(view.quote).toMatchObject({ shippingCountry: "GB", vatRate: 0.2, delivery: { price: 995 } });
    const order = placed(await submitOrder(en, shopper, { idempotencyKey: newKey() }));
    expect(order.shippingAddress).toMatchObject({ addressLine2: "Flat 3", zipCode: "SW1A 1AA", countryCode: "GB" });

    // The merchant narrows the Austrian store to Austria: checkout follows the one setting.
    const at = t.ctx("at");
    await setShippingCountries(at, at.shop, ["AT"], NOW);
    try {
      const atShopper = t.guest();
      await addToBasket(at, atShopper, V.teeS, 1);
      expect((await getCheckout(at, atShopper)).shippingCountries).toEqual(["AT"]);
      const german = await saveCheckoutAddresses(at, atShopper, {
        shipping: ADDRESSES.DE,
        billingSameAsShipping: true,
      });
      expect(german.ok ? [] : german.issues.map((i) => i.code)).toEqual(["country_not_shipped"]);
    } finally {
      await setShippingCountries(at, at.shop, ["AT", "DE", "CH"], NOW);
    }
  });

  it("keeps the second address line on the order and in the confirmation mail", async () => {
    const ctx = t.ctx("de");
    const shopper = t.guest();
    const email = uniqueEmail("packstation");
    await addToBasket(ctx, shopper, V.teeS, 1);
    const packstation = { ...ADDRESSES.DE, street: "Packstation 123", addressLine2: "Postnummer 987654321" };
    await fillCheckout(ctx, shopper, { email, address: packstation, payment: "invoice" });
    const order = placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    expect(order.shippingAddress.addressLine2).toBe("Postnummer 987654321");
    expect((await getOrderByNumber(ctx, order.number))?.shippingAddress.addressLine2).toBe("Postnummer 987654321");
    const mailCtx = {
      db: ctx.db,
      clock: ctx.clock,
      config: { SMTP_URL: undefined, MAIL_FROM: "Vitrine <shop@vitrine.example>", VITRINE_DATA_DIR: outboxDirectory },
    };
    await deliverOutbox(mailCtx);
    const mail = (await readOutbox(mailCtx.config)).find((m) => m.to.includes(email));
    expect(mail?.text).toContain("Packstation 123, Postnummer 987654321, 10115 Berlin");
  });

  it("checks out a signed-in customer with the default address and no guest step", async () => {
    const ctx = t.ctx("de");
    const email = uniqueEmail("kundin");
    const { customerId, shopper } = await customerWithAddress(ctx, email, ["Mara", "Stein"], "203.0.113.8");
    await addToBasket(ctx, shopper, V.teeS, 1);
    const view = await getCheckout(ctx, shopper);
    expect(view).toMatchObject({ email, nextStep: "delivery", shippingAddress: ADDRESSES.DE });
    await saveCheckoutDelivery(ctx, shopper, "standard");
    await saveCheckoutPayment(ctx, shopper, "invoice");
    const order = placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    expect(order.customerId).toBe(customerId);
    expect((await loadCustomer(ctx, customerId))?.groups).not.toContain("new");
    expect((await getOrderByNumber(ctx, order.number))?.email).toBe(email);
    const mail = await ctx.db
      .selectFrom("mail_outbox")
      .select("text")
      .where("recipient", "=", email)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`https://shop.example/de/account/order-details/${order.number}/`);
  });

  it("saves a signed-in customer's new shipping address to the address book with the order, once", async () => {
    const ctx = t.ctx("de");
    const { customerId, shopper } = await customerWithAddress(
      ctx,
      uniqueEmail("umzug"),
      ["Ida", "Roth"],
      "203.0.113.9",
    );
    const office = { ...ADDRESSES.AT, firstName: "Ida", lastName: "Roth" };
    await addToBasket(ctx, shopper, V.teeS, 1);
    expect(
      (await saveCheckoutAddresses(ctx, shopper, { shipping: office, billingSameAsShipping: true, saveAddress: true }))
        .ok,
    ).toBe(true);
    expect((await getCheckout(ctx, shopper)).saveShippingAddress).toBe(true);
    // Nothing is saved before the order is placed.
    expect(await listAddresses(ctx, customerId)).toHaveLength(1);
    await saveCheckoutDelivery(ctx, shopper, "standard");
    await saveCheckoutPayment(ctx, shopper, "invoice");
    placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    const book = await listAddresses(ctx, customerId);
    expect(book).toHaveLength(2);
    expect(book[0]).toMatchObject({ ...ADDRESSES.DE, isDefault: true });
    expect(book[1]).toMatchObject({ ...office, isDefault: false });

    // The same address typed in again (other letter case) is not added a second time.
    await addToBasket(ctx, shopper, V.teeS, 1);
    const again = { ...office, city: office.city.toUpperCase(), street: ` ${office.street}` };
    await saveCheckoutAddresses(ctx, shopper, { shipping: again, billingSameAsShipping: true, saveAddress: true });
    expect((await getCheckout(ctx, shopper)).saveShippingAddress).toBe(false);
    await saveCheckoutDelivery(ctx, shopper, "standard");
    await saveCheckoutPayment(ctx, shopper, "invoice");
    placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    expect(await listAddresses(ctx, customerId)).toHaveLength(2);
  });

  it("keeps the address book as it is when the customer unticks the offer or picks a saved address", async () => {
    const ctx = t.ctx("de");
    const { customerId, shopper } = await customerWithAddress(
      ctx,
      uniqueEmail("nein"),
      ["Jan", "Koch"],
      "203.0.113.10",
    );
    const [saved] = await listAddresses(ctx, customerId);
    await addToBasket(ctx, shopper, V.teeS, 1);
    const elsewhere = { ...ADDRESSES.DE, street: "Hafenweg 2", zipCode: "20457", city: "Hamburg" };
    await saveCheckoutAddresses(ctx, shopper, { shipping: elsewhere, billingSameAsShipping: true, saveAddress: false });
    expect((await getCheckout(ctx, shopper)).saveShippingAddress).toBe(false);
    await saveCheckoutDelivery(ctx, shopper, "standard");
    await saveCheckoutPayment(ctx, shopper, "invoice");
    placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    expect(await listAddresses(ctx, customerId)).toHaveLength(1);

    await addToBasket(ctx, shopper, V.teeS, 1);
    await saveCheckoutAddresses(ctx, shopper, {
      shippingAddressId: saved?.id ?? null,
      billingSameAsShipping: true,
      saveAddress: true,
    });
    expect((await getCheckout(ctx, shopper)).saveShippingAddress).toBe(false);
    await saveCheckoutDelivery(ctx, shopper, "standard");
    await saveCheckoutPayment(ctx, shopper, "invoice");
    placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    expect(await listAddresses(ctx, customerId)).toHaveLength(1);
  });

  it("offers a guest no address book", async () => {
    const ctx = t.ctx("de");
    const guest = t.guest();
    await addToBasket(ctx, guest, V.teeS, 1);
    await saveCheckoutContact(ctx, guest, { email: uniqueEmail("gast") });
    await saveCheckoutAddresses(ctx, guest, { shipping: ADDRESSES.DE, billingSameAsShipping: true, saveAddress: true });
    expect(await getCheckout(ctx, guest)).toMatchObject({ saveShippingAddress: false, canSaveAddress: false });
  });

  it("offers nothing to save when the address book is full", async () => {
    const ctx = t.ctx("de");
    const { customerId, shopper } = await customerWithAddress(
      ctx,
      uniqueEmail("voll"),
      ["Eva", "Lang"],
      "203.0.113.11",
    );
    for (let i = 1; i < MAX_ADDRESSES; i++) {
      await addAddress(ctx, customerId, { ...ADDRESSES.DE, street: `Ackerstraße ${i}` });
    }
    await addToBasket(ctx, shopper, V.teeS, 1);
    const elsewhere = { ...ADDRESSES.DE, street: "Hafenweg 2", zipCode: "20457", city: "Hamburg" };
    await saveCheckoutAddresses(ctx, shopper, { shipping: elsewhere, billingSameAsShipping: true, saveAddress: true });
    expect(await getCheckout(ctx, shopper)).toMatchObject({ saveShippingAddress: false, canSaveAddress: false });
    await saveCheckoutDelivery(ctx, shopper, "standard");
    await saveCheckoutPayment(ctx, shopper, "invoice");
    placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    expect(await listAddresses(ctx, customerId)).toHaveLength(MAX_ADDRESSES);
  });

  it("credits fashion card points for an order (a temporary card becomes basic) and takes them back on cancel", async () => {
    const ctx = t.ctx("de");
    const { customerId, shopper } = await customerWithAddress(
      ctx,
      uniqueEmail("karte"),
      ["Lea", "Berg"],
      "203.0.113.9",
    );
    const registered = await registerFashionCard(ctx, customerId);
    expect(registered).toMatchObject({ ok: true, card: { tier: "Temporary_Card" } });
    await addToBasket(ctx, shopper, V.teeS, 3);
    await saveCheckoutDelivery(ctx, shopper, "standard");
    await saveCheckoutPayment(ctx, shopper, "invoice");
    const order = placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
    const points = loyaltyPointsFor(order.totals.total);
    expect(points).toBe(Math.floor(order.totals.total / 100));
    expect(points).toBeGreaterThan(0);
    expect(await getFashionCard(ctx, customerId)).toMatchObject({
      tier: "Basic_Card",
      loyalty: { points: { balance: points } },
    });

    const cancelled = await cancelOrder(
      testCtx(ctx.db, { clock: t.clock, config: { PUBLIC_URL: "https://shop.example" } }),
      TEST_ACTOR,
      order.number,
    );
    expect(cancelled.ok).toBe(true);
    expect((await getFashionCard(ctx, customerId))?.loyalty.points.balance).toBe(0);
  });
});
