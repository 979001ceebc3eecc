import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliActor, listAudit } from "../audit/audit.ts";
import { V } from "../basket/test-fixtures.ts";
import { applyCheckoutGiftCard, completeCheckoutPayment, submitOrder } from "../checkout/service.ts";
import {
  ADDRESSES,
  addToBasket,
  type CheckoutTestContext,
  createCheckoutTestContext,
  fillCheckout,
  GIFT_CARDS,
  newKey,
  placed,
  stockOf,
} from "../checkout/test-support.ts";
import type { Ctx } from "../context.ts";
import { signIn, signUp } from "../customers/accounts.ts";
import { addAddress } from "../customers/addresses.ts";
import { registerFashionCard } from "../customers/loyalty.ts";
import { searchCustomers } from "../customers/operator.ts";
import { subscribeNewsletter } from "../customers/subscriptions.ts";
import { testCtx } from "../db/testing.ts";
import { currentEventCursor, readEventsAfter } from "../events/feed.ts";
import { addOrderNote, getOrderOperatorView, resendOrderMail } from "../orders/operator.ts";
import { exportOrdersCsv, searchOrders } from "../orders/order-list.ts";
import { getOrderByNumber } from "../orders/orders.ts";
import { deliverOutbox } from "../orders/outbox.ts";
import { refundOrder } from "../orders/refunds.ts";
import { listReturns, receiveReturn, refundReturn, registerReturn, rejectReturn } from "../orders/returns.ts";
import { cancelOrder, deliverOrder, markOrderPaid, shipOrder } from "../orders/status.ts";
import { findGiftCard } from "../payments/gift-cards.ts";
import type { PaymentMethodId } from "../payments/methods.ts";
import { getPayment } from "../payments/payments.ts";
import { SANDBOX_TEST_CARDS, sandboxPayWithCard } from "../payments/sandbox.ts";
import type { StoreCode } from "../shop/shops.ts";
import {
  adjustCustomerPoints,
  eraseCustomer,
  exportCustomerData,
  exportNewsletterSubscribers,
  getCustomerOperatorView,
} from "./customers.ts";
import { blockGiftCardAs, findGiftCardForOperator, issueGiftCardAs } from "./gift-cards.ts";

/** The back office's services (orders, returns, refunds, customers, gift cards) on SQLite and PostgreSQL. */
const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite";
const staff = { type: "staff", id: "staff-1", label: "anna@shop.example" } as const;
const other = { type: "staff", id: "staff-2", label: "ben@shop.example" } as const;
const cli = cliActor("ops");

let t: CheckoutTestContext;
let ops: Ctx;

beforeAll(async () => {
  t = await createCheckoutTestContext();
  ops = testCtx(t.accounts.db, { clock: t.clock, config: { PUBLIC_URL: "https://shop.example" } });
});
afterAll(async () => {
  await t?.destroy();
});

async function newOrder(
  options: {
    payment?: PaymentMethodId;
    store?: StoreCode;
    quantity?: number;
    giftCard?: string;
    email?: string;
    lastName?: string;
  } = {},
) {
  const ctx = t.ctx(options.store ?? "de");
  const shopper = t.guest();
  await addToBasket(ctx, shopper, V.teeM, options.quantity ?? 2);
  const base = ADDRESSES[ctx.shop.country];
  await fillCheckout(ctx, shopper, {
    payment: options.payment === "credit_card" ? "credit_card" : (options.payment ?? "invoice"),
    ...(options.email ? { email: options.email } : {}),
    address: { ...base, ...(options.lastName ? { lastName: options.lastName } : {}) },
  });
  if (options.giftCard) await applyCheckoutGiftCard(ctx, shopper, options.giftCard);
  const outcome = await submitOrder(ctx, shopper, { idempotencyKey: newKey() });
  if (options.payment === "credit_card") {
    if (!outcome.ok || outcome.kind !== "payment") throw new Error(`expected a payment: ${JSON.stringify(outcome)}`);
    const card = { number: SANDBOX_TEST_CARDS.success, expiry: "12/30", cvc: "123", holder: "Lena Berg" };
    await sandboxPayWithCard(ctx, outcome.payment.id, card, t.clock.now());
    return placed(await completeCheckoutPayment(ctx, shopper, outcome.payment.id));
  }
  return placed(outcome);
}

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

describe(`orders for the operator (${dialectName})`, () => {
  it("audits every order action with its actor, in the change's transaction", async () => {
    const order = await newOrder({ quantity: 3 });
    const line = order.lines[0];
    if (!line) throw new Error("no line");
    ok(await markOrderPaid(ops, staff, order.number));
    ok(
      await shipOrder(ops, other, order.number, {
        carrier: "dhl",
        trackingNumber: "00340434161094015902",
        lines: [{ lineId: line.id, quantity: 1 }],
      }),
    );
    ok(await addOrderNote(ops, cli, order.number, "Kundin rief an: Rest bitte zusammen"));
    const audit = await listAudit(ops, { subjectType: "order", subjectId: order.number });
    expect(audit.entries.map((e) => [e.action, e.actor.label])).toEqual([
      ["order.note", "cli:ops"],
      ["order.ship", "ben@shop.example"],
      ["order.pay", "anna@shop.example"],
    ]);
    expect(audit.entries[2]).toMatchObject({
      before: { status: "placed", paymentStatus: "awaiting_payment" },
      after: { status: "paid", paymentStatus: "paid" },
    });
    expect(audit.entries[1]?.after).toMatchObject({ status: "shipped", package: { carrier: "dhl" } });
    // A refused change writes no audit entry.
    expect(await markOrderPaid(ops, staff, order.number)).toMatchObject({ ok: false, error: "InvalidTransition" });
    expect(await addOrderNote(ops, staff, order.number, "   ")).toMatchObject({ ok: false, error: "InvalidInput" });
    expect((await listAudit(ops, { subjectType: "order", subjectId: order.number })).entries).toHaveLength(3);
    const view = await getOrderOperatorView(ops, order.number);
    expect(view?.notes).toEqual([
      expect.objectContaining({ text: "Kundin rief an: Rest bitte zusammen", actor: "cli:ops" }),
    ]);
  });

  it("ships once when two staff ship the same order at the same moment", async () => {
    for (let round = 0; round < 3; round++) {
      const order = await newOrder({ quantity: 2 });
      const cursor = await currentEventCursor(ops.db);
      const results = await Promise.all([
        shipOrder(ops, staff, order.number, { carrier: "dhl", trackingNumber: `1111111111${round}` }),
        shipOrder(ops, other, order.number, { carrier: "dpd", trackingNumber: `2222222222${round}` }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({
        ok: false,
        error: "InvalidPackage",
        reason: "nothing left to ship",
      });
      const after = await getOrderByNumber(ops, order.number);
      expect(after?.packages).toHaveLength(1);
      expect(after?.lines[0]?.shippedQuantity).toBe(2);
      const events = (await readEventsAfter(ops.db, cursor, 100)).events.filter((e) => e.type === "order.shipped");
      expect(events).toHaveLength(1);
      expect((await listAudit(ops, { action: "order.ship", subjectId: order.number })).entries).toHaveLength(1);
    }
  });

  it("refunds part of an order, never more than paid across refunds, once per request key", async () => {
    const order = await newOrder({ payment: "credit_card", quantity: 2 });
    expect(order.paymentStatus).toBe("paid");
    const total = order.totals.total;
    const first = ok(
      await refundOrder(ops, staff, order.number, { amount: 1000, reason: "Kulanz", idempotencyKey: "k1" }),
    );
    expect(first.order.history.at(-1)).toMatchObject({ type: "refunded", data: { amount: 1000, method: "sandbox" } });
    // The same request again refunds nothing more.
    ok(await refundOrder(ops, staff, order.number, { amount: 1000, reason: "Kulanz", idempotencyKey: "k1" }));
    let view = await getOrderOperatorView(ops, order.number);
    expect(view?.refunds.map((r) => r.amount)).toEqual([1000]);
    expect(view?.refundable).toMatchObject({ paid: total, refunded: 1000, left: total - 1000 });
    expect(await refundOrder(ops, staff, order.number, { amount: total, reason: "zu viel" })).toEqual({
      ok: false,
      error: "RefundExceedsPaid",
      refundable: total - 1000,
    });
    expect(await refundOrder(ops, staff, order.number, { amount: -5, reason: "x" })).toMatchObject({
      error: "InvalidInput",
    });
    // Two refunds of the rest at once: one of them.
    const both = await Promise.all([
      refundOrder(ops, staff, order.number, { amount: total - 1000, reason: "Rest" }),
      refundOrder(ops, other, order.number, { amount: total - 1000, reason: "Rest" }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    view = await getOrderOperatorView(ops, order.number);
    expect(view?.refunds.reduce((s, r) => s + r.amount, 0)).toBe(total);
    expect(view?.order.paymentStatus).toBe("refunded");
    const payment = await ops.db
      .selectFrom("shop_order")
      .select("payment_id")
      .where("number", "=", order.number)
      .executeTakeFirstOrThrow();
    // Refunded before anything shipped: nothing was captured, the whole authorization is released (voided).
    expect(await getPayment(ops, payment.payment_id as string)).toMatchObject({
      status: "voided",
      capturedAmount: 0,
      releasedAmount: total,
    });
    const mails = view?.mails.map((m) => m.kind);
    expect(mails?.filter((k) => k === "order-refunded")).toHaveLength(2);
  });

  it("refunds a gift card's part back onto the card after the payment method's part", async () => {
    const before = await findGiftCard(ops, GIFT_CARDS.eur20, "EUR", t.clock.now());
    const order = await newOrder({ payment: "invoice", giftCard: GIFT_CARDS.eur20 });
    expect(order.totals.giftCard).toBeGreaterThan(0);
    const due = order.totals.amountDue;
    // The invoice is unpaid: its amount is credited (a credit note), then the gift card gets money back.
    const refund = ok(await refundOrder(ops, staff, order.number, { amount: due + 500, reason: "Reklamation" }));
    expect(refund.order.history.at(-1)?.data).toMatchObject({ method: "invoice_credit" });
    const view = await getOrderOperatorView(ops, order.number);
    expect(view?.refunds[0]).toMatchObject({ paymentAmount: due, giftCardAmount: 500 });
    const card = await findGiftCard(ops, GIFT_CARDS.eur20, "EUR", t.clock.now());
    expect(card.ok && before.ok && card.card.balance).toBe(
      before.ok ? before.card.balance - order.totals.giftCard + 500 : -1,
    );
  });

  it("cancels a paid card order: stock back, payment refunded and recorded, no refund after that", async () => {
    const order = await newOrder({ payment: "credit_card", quantity: 1 });
    const stock = await stockOf(ops.db, V.teeM);
    ok(await cancelOrder(ops, staff, order.number, "Kundin storniert"));
    expect(await stockOf(ops.db, V.teeM)).toBe(stock + 1);
    const view = await getOrderOperatorView(ops, order.number);
    expect(view?.refunds).toEqual([expect.objectContaining({ amount: order.totals.total, reason: "cancelled" })]);
    expect(view?.refundable.left).toBe(0);
    expect(await refundOrder(ops, staff, order.number, { amount: 100, reason: "x" })).toMatchObject({
      ok: false,
      error: "InvalidTransition",
    });
  });

  it("lists the order's mails with their outbox state and resends them", async () => {
    const order = await newOrder();
    await deliverOutbox(
      { db: ops.db, clock: ops.clock, config: { SMTP_URL: undefined, MAIL_FROM: "s@x", VITRINE_DATA_DIR: "/x" } },
      { send: async () => undefined },
    );
    const view = await getOrderOperatorView(ops, order.number);
    const confirmation = view?.mails.find((m) => m.kind === "order-confirmation");
    expect(confirmation).toMatchObject({ status: "sent", recipient: order.email });
    ok(await resendOrderMail(ops, staff, order.number, confirmation?.id as number));
    const again = await getOrderOperatorView(ops, order.number);
    expect(again?.mails.filter((m) => m.kind === "order-confirmation").map((m) => m.status)).toEqual([
      "sent",
      "pending",
    ]);
    // A failed mail is retried in place.
    const pending = again?.mails.at(-1)?.id as number;
    await ops.db
      .updateTable("mail_outbox")
      .set({ status: "failed", attempts: 8, last_error: "550" })
      .where("id", "=", pending)
      .execute();
    ok(await resendOrderMail(ops, staff, order.number, pending));
    const retried = await ops.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", pending)
      .executeTakeFirstOrThrow();
    expect(retried).toMatchObject({ status: "pending", attempts: 0, last_error: null });
    expect(await resendOrderMail(ops, staff, order.number, 999_999)).toMatchObject({ ok: false, error: "NotFound" });
    expect((await listAudit(ops, { action: "order.resend_mail", subjectId: order.number })).entries).toHaveLength(2);
  });

  it("searches, filters, sorts, pages and exports the order list", async () => {
    const a = await newOrder({ email: "zora.quist@example.com", lastName: "Quist" });
    const b = await newOrder({ store: "at", payment: "prepayment", email: "zoe.quist@example.com", lastName: "Quist" });
    const c = await newOrder({ store: "ch", lastName: "Quistorp" });
    const numbers = (rows: { number: string }[]) => rows.map((r) => r.number).sort();
    expect((await searchOrders(ops, { search: a.number })).rows.map((r) => r.number)).toEqual([a.number]);
    expect(numbers((await searchOrders(ops, { search: "ZORA.QUIST@" })).rows)).toEqual([a.number]);
    expect(numbers((await searchOrders(ops, { search: "quist" })).rows)).toEqual(numbers([a, b, c]));
    expect(numbers((await searchOrders(ops, { search: "anna quist" })).rows)).toEqual([b.number]);
    expect(numbers((await searchOrders(ops, { search: "1003", storeCodes: ["ch"] })).rows)).toContain(c.number);
    expect(numbers((await searchOrders(ops, { search: "quist", storeCodes: ["at"] })).rows)).toEqual([b.number]);
    expect(numbers((await searchOrders(ops, { search: "quist", paymentMethods: ["prepayment"] })).rows)).toEqual([
      b.number,
    ]);
    expect((await searchOrders(ops, { search: "quist", statuses: ["shipped"] })).rows).toEqual([]);
    expect((await searchOrders(ops, { search: "quist", from: "2026-06-02" })).rows).toEqual([]);
    expect((await searchOrders(ops, { search: "quist", to: "2026-06-01" })).rows).toHaveLength(3);

    // Keyset paging through everything, newest first and by total: each order once.
    for (const sort of ["newest", "total_asc"] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await searchOrders(ops, { sort, limit: 4, ...(cursor ? { cursor } : {}) });
        seen.push(...page.rows.map((r) => r.number));
        cursor = page.next;
      } while (cursor);
      const all = await ops.db.selectFrom("shop_order").select(["number", "total"]).execute();
      expect(seen.slice().sort()).toEqual(all.map((r) => r.number).sort());
      if (sort === "total_asc") {
        const totals = seen.map((n) => all.find((r) => r.number === n)?.total ?? 0);
        expect(totals).toEqual(totals.slice().sort((x, y) => x - y));
      }
    }

    let csv = "";
    for await (const chunk of exportOrdersCsv(ops, { search: "quist" })) csv += chunk;
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe(
      "number,placed_at,store,status,payment_status,payment_method,currency,total,email,name,postcode",
    );
    expect(lines).toHaveLength(4);
    expect(csv).toContain(`${b.number},`);
    expect(csv).toContain(`,${(b.totals.total / 100).toFixed(2)},zoe.quist@example.com,Anna Quist,1010`);
  });
});

describe(`returns for the operator (${dialectName})`, () => {
  async function deliveredOrder(quantity = 2, payment: PaymentMethodId = "credit_card") {
    const order = await newOrder({ quantity, payment });
    ok(await shipOrder(ops, staff, order.number, { carrier: "dhl", trackingNumber: "00340434161094015999" }));
    ok(await deliverOrder(ops, staff, order.number));
    return order;
  }

  it("receives a return line by line, restocks the resellable units, refunds it and mails the customer", async () => {
    const delivered = await deliveredOrder(3);
    const line = delivered.lines[0];
    if (!line) throw new Error("no line");
    const registered = await registerReturn(ops, delivered.number, {
      lines: [{ lineId: line.id, quantity: 2, reason: "too_small" }],
    });
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    const queue = await listReturns(ops);
    expect(queue.entries.find((e) => e.number === registered.returnNumber)).toMatchObject({
      orderNumber: delivered.number,
      name: "Lena Berg",
      units: 2,
    });
    expect(await refundReturn(ops, staff, registered.returnNumber)).toEqual({
      ok: false,
      error: "InvalidReturnTransition",
      status: "registered",
    });

    const stock = await stockOf(ops.db, V.teeM);
    const received = ok(
      await receiveReturn(ops, staff, registered.returnNumber, [{ lineId: line.id, condition: "resellable" }]),
    );
    expect(received.order.returns[0]).toMatchObject({ status: "received", lines: [{ condition: "resellable" }] });
    expect(await stockOf(ops.db, V.teeM)).toBe(stock + 2);
    expect(await receiveReturn(ops, other, registered.returnNumber)).toEqual({ ok: false, error: "AlreadyReceived" });
    expect((await listReturns(ops, { status: "received" })).entries.map((e) => e.number)).toContain(
      registered.returnNumber,
    );

    const refunded = ok(await refundReturn(ops, staff, registered.returnNumber));
    const value = Math.round((line.total * 2) / line.quantity);
    expect(refunded.order.returns[0]).toMatchObject({ status: "refunded" });
    expect(refunded.order.history.map((h) => h.type).slice(-3)).toEqual([
      "return_received",
      "refunded",
      "return_refunded",
    ]);
    const view = await getOrderOperatorView(ops, delivered.number);
    expect(view?.refunds).toEqual([expect.objectContaining({ amount: value, method: "sandbox" })]);
    expect(view?.mails.map((m) => m.kind)).toContain("return-refunded");
    expect(await refundReturn(ops, staff, registered.returnNumber)).toMatchObject({ error: "InvalidReturnTransition" });
    const audit = await listAudit(ops, { subjectId: delivered.number });
    expect(audit.entries.map((e) => e.action).slice(0, 2)).toEqual(["order.return.refund", "order.return.receive"]);
  });

  it("does not restock damaged units, and rejects a return with a reason (stock taken back out)", async () => {
    const delivered = await deliveredOrder(2);
    const line = delivered.lines[0];
    if (!line) throw new Error("no line");
    const first = await registerReturn(ops, delivered.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "quality" }],
    });
    if (!first.ok) throw new Error("not registered");
    const stock = await stockOf(ops.db, V.teeM);
    ok(await receiveReturn(ops, staff, first.returnNumber, [{ lineId: line.id, condition: "damaged" }]));
    expect(await stockOf(ops.db, V.teeM)).toBe(stock);

    const second = await registerReturn(ops, delivered.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "changed_mind" }],
    });
    if (!second.ok) throw new Error("not registered");
    ok(await receiveReturn(ops, staff, second.returnNumber));
    expect(await stockOf(ops.db, V.teeM)).toBe(stock + 1);
    expect(await rejectReturn(ops, staff, second.returnNumber, " ")).toMatchObject({ error: "InvalidInput" });
    const rejected = ok(await rejectReturn(ops, staff, second.returnNumber, "Getragen, Etikett entfernt"));
    expect(rejected.order.returns[1]).toMatchObject({ status: "rejected", rejectReason: "Getragen, Etikett entfernt" });
    expect(await stockOf(ops.db, V.teeM)).toBe(stock);
    const view = await getOrderOperatorView(ops, delivered.number);
    expect(view?.mails.map((m) => m.kind)).toContain("return-rejected");
    expect(await rejectReturn(ops, staff, second.returnNumber, "again")).toMatchObject({
      error: "InvalidReturnTransition",
      status: "rejected",
    });
    expect(await receiveReturn(ops, staff, "R00000000-9")).toEqual({ ok: false, error: "ReturnNotFound" });
  });
});

describe(`customers for the operator (${dialectName})`, () => {
  it("finds customers and guests by name, e-mail and customer number, with orders, returns, card and newsletter", async () => {
    const email = `mara.${Date.now()}@example.com`;
    const account = await signUp(
      t.accounts,
      { headers: new Headers(), clientAddress: "10.1.0.1" },
      { email, password: "Sommer-2026!", firstName: "Mara", lastName: "Wendeler" },
    );
    if (!account.ok) throw new Error("sign-up failed");
    const id = account.customer.id;
    await addAddress(t.ctx("de"), id, ADDRESSES.DE);
    await registerFashionCard(t.ctx("de"), id);
    await subscribeNewsletter(t.ctx("de"), id, "de");
    await newOrder({ email: `gast.${Date.now()}@example.com`, lastName: "Wendeler" });

    const byName = await searchCustomers(ops, "wendel");
    expect(byName.map((c) => c.isGuest).sort()).toEqual([false, true]);
    expect((await searchCustomers(ops, "mara wendeler")).map((c) => c.id)).toEqual([id]);
    expect((await searchCustomers(ops, email.toUpperCase())).map((c) => c.id)).toEqual([id]);
    expect((await searchCustomers(ops, account.customer.referenceKey)).map((c) => c.id)).toEqual([id]);
    expect(await searchCustomers(ops, "%")).toEqual([]);

    const view = await getCustomerOperatorView(ops, account.customer.referenceKey);
    expect(view).toMatchObject({
      customer: { email, firstName: "Mara" },
      addresses: [expect.objectContaining({ city: "Berlin" })],
      newsletter: [expect.objectContaining({ language: "de" })],
    });
    expect(view?.fashionCard?.loyalty.points.balance).toBe(0);

    expect(await adjustCustomerPoints(ops, staff, id, 250, "")).toMatchObject({ error: "InvalidInput" });
    expect(await adjustCustomerPoints(ops, staff, id, 250, "Bon vergessen")).toEqual({
      ok: true,
      before: 0,
      after: 250,
    });
    expect(await adjustCustomerPoints(ops, staff, id, -1000, "Korrektur")).toEqual({ ok: true, before: 250, after: 0 });
    const audit = await listAudit(ops, { subjectType: "customer", subjectId: id });
    expect(audit.entries[1]).toMatchObject({
      action: "customer.points",
      after: { points: 250 },
      note: "Bon vergessen",
    });

    let csv = "";
    for await (const chunk of await exportNewsletterSubscribers(ops, staff, "de")) csv += chunk;
    expect(csv).toContain(`${email},Mara,Wendeler,de,`);
    let fr = "";
    for await (const chunk of await exportNewsletterSubscribers(ops, staff, "fr")) fr += chunk;
    expect(fr).not.toContain(email);
  });

  it("exports a customer's data as JSON and erases the customer: anonymised, orders kept, no more sign-in", async () => {
    const email = `erase.${Date.now()}@example.com`;
    const client = { headers: new Headers(), clientAddress: "10.1.0.2" };
    const account = await signUp(t.accounts, client, {
      email,
      password: "Sommer-2026!",
      firstName: "Edda",
      lastName: "Löschmann",
    });
    if (!account.ok) throw new Error("sign-up failed");
    const id = account.customer.id;
    const ctx = t.ctx("de");
    const shopper = { kind: "customer" as const, customerId: id };
    await addAddress(ctx, id, ADDRESSES.DE);
    await addToBasket(ctx, shopper, V.teeM, 1);
    await fillCheckout(ctx, shopper, { payment: "invoice", email });
    const order = placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));

    const data = await exportCustomerData(ops, staff, id);
    expect(data?.customer).toMatchObject({ email, lastName: "Löschmann" });
    expect(data?.orders.map((o) => o.number)).toEqual([order.number]);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);

    const cursor = await currentEventCursor(ops.db);
    expect(await eraseCustomer(ops, staff, id, "Anfrage per E-Mail")).toEqual({ ok: true, customerId: id, orders: 1 });
    expect(await eraseCustomer(ops, staff, id)).toMatchObject({ ok: false, error: "Conflict" });
    const events = (await readEventsAfter(ops.db, cursor, 50)).events.map((e) => e.type);
    expect(events).toEqual(["customer.erased"]);

    const after = await getCustomerOperatorView(ops, id);
    expect(after?.customer).toMatchObject({ firstName: "", lastName: "", phone: null });
    expect(after?.customer.email).toMatch(/@erased\.invalid$/);
    expect(after?.erasedAt).not.toBeNull();
    expect(after?.addresses).toEqual([]);
    expect(await searchCustomers(ops, email)).toEqual([]);
    expect(await signIn(t.accounts, client, { email, password: "Sommer-2026!" })).toMatchObject({ ok: false });
    const kept = await getOrderByNumber(ops, order.number);
    expect(kept).toMatchObject({ status: "placed", totals: { total: order.totals.total } });
    expect(kept?.email).toMatch(/@erased\.invalid$/);
    expect(kept?.shippingAddress).toMatchObject({ firstName: "", street: "", zipCode: "10115" });
    expect((await searchOrders(ops, { search: "löschmann" })).rows).toEqual([]);
    expect(await ops.db.selectFrom("mail_outbox").select("id").where("recipient", "=", email).execute()).toEqual([]);
    expect((await listAudit(ops, { action: "customer.erase", subjectId: id })).entries[0]?.note).toBe(
      "Anfrage per E-Mail",
    );
    expect((await listAudit(ops, { action: "customer.export", subjectId: id })).entries).toHaveLength(1);
  });
});

describe(`gift cards for the operator (${dialectName})`, () => {
  it("issues, looks up and blocks a card; a blocked card pays nothing", async () => {
    const issued = await issueGiftCardAs(ops, cli, { currency: "EUR", amount: 5000 });
    if (!issued.ok) throw new Error("not issued");
    const code = issued.card.code;
    expect((await findGiftCard(ops, code, "EUR", t.clock.now())).ok).toBe(true);
    expect(await blockGiftCardAs(ops, staff, code, "")).toMatchObject({ error: "InvalidInput" });
    const blocked = await blockGiftCardAs(ops, staff, code.toLowerCase(), "gestohlen gemeldet");
    expect(blocked).toMatchObject({ ok: true, changed: true, card: { blockReason: "gestohlen gemeldet" } });
    expect(await blockGiftCardAs(ops, staff, code, "again")).toMatchObject({ ok: true, changed: false });
    expect(await findGiftCard(ops, code, "EUR", t.clock.now())).toEqual({ ok: false, error: "GiftCardNotFound" });
    expect((await findGiftCardForOperator(ops, code))?.blockedAt).not.toBeNull();
    expect(await blockGiftCardAs(ops, staff, "NOPE-NOPE-NOPE", "x")).toMatchObject({ error: "NotFound" });
    const audit = await listAudit(ops, { subjectType: "gift_card" });
    const mine = audit.entries.filter((e) => e.subjectId === `•••• ${code.slice(-4)}`).map((e) => e.action);
    expect(mine).toEqual(["gift_card.block", "gift_card.issue"]);
  });
});
