import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliActor } from "../audit/audit.ts";
import { V } from "../basket/test-fixtures.ts";
import { applyCheckoutGiftCard, submitOrder } from "../checkout/service.ts";
import {
  addToBasket,
  type CheckoutTestContext,
  createCheckoutTestContext,
  fillCheckout,
  GIFT_CARDS,
  NOW,
  newKey,
  placed,
  stockOf,
} from "../checkout/test-support.ts";
import { fixedClock } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { testCtx } from "../db/testing.ts";
import { currentEventCursor, readEventsAfter } from "../events/feed.ts";
import type { MailMessage } from "../mail/mail.ts";
import type { PaymentMethodId } from "../payments/methods.ts";
import type { StoreCode } from "../shop/shops.ts";
import { getCustomerOrder, getOrderByNumber, listCustomerOrders, listOrders } from "./orders.ts";
import { deliverOutbox, pendingMailCount } from "./outbox.ts";
import { getReturnLabel, receiveReturn, registerReturn, returnWindow } from "./returns.ts";
import { cancelOrder, deliverOrder, markOrderPaid, shipOrder } from "./status.ts";
import { findOrderForLookup } from "./tracking.ts";

const TEST_ACTOR = cliActor("test");

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite";
let t: CheckoutTestContext;
let orders: Ctx;

beforeAll(async () => {
  t = await createCheckoutTestContext();
  orders = testCtx(t.accounts.db, { clock: t.clock, config: { PUBLIC_URL: "https://shop.example" } });
});
afterAll(async () => {
  await t?.destroy();
});

async function newOrder(
  payment: PaymentMethodId = "invoice",
  store: StoreCode = "de",
  quantity = 2,
  giftCard?: string,
) {
  const ctx = t.ctx(store);
  const shopper = t.guest();
  await addToBasket(ctx, shopper, V.teeM, quantity);
  await fillCheckout(ctx, shopper, { payment });
  if (giftCard) await applyCheckoutGiftCard(ctx, shopper, giftCard);
  return placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
}

/** Sends the outbox into a list (as SMTP would), and returns what was sent. */
async function sentMails(): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  await deliverOutbox(
    {
      db: orders.db,
      clock: orders.clock,
      config: { SMTP_URL: undefined, MAIL_FROM: "shop@x", VITRINE_DATA_DIR: "/nonexistent" },
    },
    { send: async (m) => void sent.push(m) },
  );
  return sent;
}

describe(`order lifecycle (${dialectName})`, () => {
  it("goes placed → paid → shipped (two packages) → delivered with a history and a mail for each change", async () => {
    const order = await newOrder("invoice", "de", 3);
    await sentMails();
    const line = order.lines[0];
    if (!line) throw new Error("no line");

    const paid = await markOrderPaid(orders, TEST_ACTOR, order.number);
    expect(paid.ok && paid.order).toMatchObject({ status: "paid", paymentStatus: "paid" });
    expect(paid.ok && paid.order.payment.instructions).toBeNull();
    expect(await markOrderPaid(orders, TEST_ACTOR, order.number)).toEqual({
      ok: false,
      error: "InvalidTransition",
      status: "paid",
    });

    const first = await shipOrder(orders, TEST_ACTOR, order.number, {
      carrier: "DHL",
      trackingNumber: "00340434161094015902",
      lines: [{ lineId: line.id, quantity: 1 }],
    });
    if (!first.ok) throw new Error(JSON.stringify(first));
    expect(first.order.status).toBe("shipped");
    expect(first.order.packages[0]).toMatchObject({
      carrier: "dhl",
      trackingNumber: "00340434161094015902",
      trackingUrl: "https://www.dhl.de/de/privatkunden/dhl-sendungsverfolgung.html?piececode=00340434161094015902",
      lines: [{ lineId: line.id, quantity: 1 }],
    });
    expect(
      await shipOrder(orders, TEST_ACTOR, order.number, {
        carrier: "dhl",
        trackingNumber: "00340434161094015999",
        lines: [{ lineId: line.id, quantity: 5 }],
      }),
    ).toEqual({ ok: false, error: "InvalidPackage", reason: `line ${line.id}: at most 2 left` });
    const second = await shipOrder(orders, TEST_ACTOR, order.number, {
      carrier: "dpd",
      trackingNumber: "01234567890123",
    });
    expect(second.ok && second.order.lines[0]?.shippedQuantity).toBe(3);
    expect(
      await shipOrder(orders, TEST_ACTOR, order.number, { carrier: "dpd", trackingNumber: "01234567890124" }),
    ).toEqual({
      ok: false,
      error: "InvalidPackage",
      reason: "nothing left to ship",
    });

    const delivered = await deliverOrder(orders, TEST_ACTOR, order.number);
    if (!delivered.ok) throw new Error(JSON.stringify(delivered));
    expect(delivered.order.status).toBe("delivered");
    expect(delivered.order.packages.every((p) => p.deliveredAt !== null)).toBe(true);
    expect(delivered.order.history.map((h) => h.type)).toEqual(["placed", "paid", "shipped", "shipped", "delivered"]);
    expect(delivered.order.history[2]?.data).toMatchObject({ carrier: "dhl", trackingNumber: "00340434161094015902" });

    const mails = await sentMails();
    expect(mails.map((m) => m.kind)).toEqual(["order-paid", "order-shipped", "order-shipped", "order-delivered"]);
    expect(mails.every((m) => m.to === order.email)).toBe(true);
    expect(mails[1]?.text).toContain("00340434161094015902");
    expect(mails[3]?.text).toContain(`https://shop.example/de/returns-portal/?order=${order.number}`);
    expect(await cancelOrder(orders, TEST_ACTOR, order.number)).toEqual({
      ok: false,
      error: "InvalidTransition",
      status: "delivered",
    });
  });

  it("cancels an order before shipping: stock back, gift card refunded, card refunded, mail sent", async () => {
    const before = await stockOf(orders.db, V.teeM);
    const order = await newOrder("invoice", "de", 2, GIFT_CARDS.eur20);
    expect(await stockOf(orders.db, V.teeM)).toBe(before - 2);
    const balance = async () =>
      (
        await orders.db
          .selectFrom("gift_card")
          .select("balance")
          .where("code", "=", "TESTGIFT20EU")
          .executeTakeFirstOrThrow()
      ).balance;
    expect(await balance()).toBe(0);
    await sentMails();
    const cancelled = await cancelOrder(orders, TEST_ACTOR, order.number, "customer asked");
    if (!cancelled.ok) throw new Error(JSON.stringify(cancelled));
    expect(cancelled.order).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(cancelled.order.payment.instructions).toBeNull();
    expect(cancelled.order.history.at(-1)).toMatchObject({ type: "cancelled", data: { reason: "customer asked" } });
    expect(await stockOf(orders.db, V.teeM)).toBe(before);
    expect(await balance()).toBe(2000);
    expect((await sentMails()).map((m) => m.kind)).toEqual(["order-cancelled"]);
    expect(
      await shipOrder(orders, TEST_ACTOR, order.number, { carrier: "dhl", trackingNumber: "1234567890" }),
    ).toMatchObject({
      ok: false,
      error: "InvalidTransition",
    });
  });

  it("ships a prepayment order only once it is paid, and takes cash on delivery at delivery", async () => {
    const prepaid = await newOrder("prepayment");
    expect(
      await shipOrder(orders, TEST_ACTOR, prepaid.number, { carrier: "dhl", trackingNumber: "1234567890" }),
    ).toEqual({
      ok: false,
      error: "AwaitingPayment",
    });
    await markOrderPaid(orders, TEST_ACTOR, prepaid.number);
    expect(
      (await shipOrder(orders, TEST_ACTOR, prepaid.number, { carrier: "dhl", trackingNumber: "1234567890" })).ok,
    ).toBe(true);

    const cod = await newOrder("cash_on_delivery");
    expect(await markOrderPaid(orders, TEST_ACTOR, cod.number)).toMatchObject({
      ok: false,
      error: "InvalidTransition",
    });
    await shipOrder(orders, TEST_ACTOR, cod.number, { carrier: "dhl", trackingNumber: "1234567891" });
    const delivered = await deliverOrder(orders, TEST_ACTOR, cod.number);
    expect(delivered.ok && delivered.order).toMatchObject({ status: "delivered", paymentStatus: "paid" });
    expect(delivered.ok && delivered.order.history.map((h) => h.type)).toEqual([
      "placed",
      "shipped",
      "paid",
      "delivered",
    ]);
    expect(await shipOrder(orders, TEST_ACTOR, "99999999", { carrier: "dhl", trackingNumber: "1234567890" })).toEqual({
      ok: false,
      error: "OrderNotFound",
    });
    const fresh = await newOrder("invoice");
    expect(
      await shipOrder(orders, TEST_ACTOR, fresh.number, { carrier: "pigeon", trackingNumber: "1234567890" }),
    ).toEqual({
      ok: false,
      error: "InvalidPackage",
      reason: "unknown carrier pigeon",
    });
    expect(
      await shipOrder(orders, TEST_ACTOR, fresh.number, { carrier: "dhl", trackingNumber: "12 34" }),
    ).toMatchObject({
      error: "InvalidPackage",
    });
  });

  it("registers returns within the return period, with a label, a history entry and a mail", async () => {
    const order = await newOrder("invoice", "de", 2);
    expect(returnWindow(order, NOW)).toEqual({ open: false, reason: "not_shipped", deadline: null });
    expect(await registerReturn(orders, order.number, { lines: [] })).toMatchObject({
      ok: false,
      error: "ReturnClosed",
    });
    await shipOrder(orders, TEST_ACTOR, order.number, { carrier: "dhl", trackingNumber: "1234567892" });
    await deliverOrder(orders, TEST_ACTOR, order.number);
    await sentMails();
    const line = order.lines[0];
    if (!line) throw new Error("no line");

    expect(await registerReturn(orders, order.number, { lines: [] })).toEqual({
      ok: false,
      error: "invalid",
      issues: [{ lineId: null, code: "no_items" }],
    });
    expect(
      await registerReturn(orders, order.number, { lines: [{ lineId: line.id, quantity: 3, reason: "weird" }] }),
    ).toEqual({
      ok: false,
      error: "invalid",
      issues: [
        { lineId: line.id, code: "quantity" },
        { lineId: line.id, code: "reason" },
      ],
    });
    const result = await registerReturn(orders, order.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "too_small" }],
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.returnNumber).toBe(`R${order.number}-1`);
    expect(result.order.lines[0]?.returnedQuantity).toBe(1);
    expect(result.order.history.at(-1)).toMatchObject({
      type: "return_registered",
      data: { returnNumber: result.returnNumber },
    });
    const mails = await sentMails();
    expect(mails.map((m) => m.kind)).toEqual(["return-label"]);
    expect(mails[0]?.text).toContain(`https://shop.example/de/returns-label/${result.labelToken}/`);

    const label = await getReturnLabel(orders, result.labelToken);
    expect(label).toMatchObject({
      returnNumber: result.returnNumber,
      orderNumber: order.number,
      carrier: "dhl",
      sender: order.shippingAddress,
      items: [{ name: line.name, quantity: 1, reason: "too_small" }],
    });
    expect(await getReturnLabel(orders, "not-a-real-token-000000")).toBeNull();

    // One unit is left to return; then nothing.
    const second = await registerReturn(orders, order.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "changed_mind" }],
    });
    expect(second.ok && second.returnNumber).toBe(`R${order.number}-2`);
    expect(
      await registerReturn(orders, order.number, { lines: [{ lineId: line.id, quantity: 1, reason: "other" }] }),
    ).toMatchObject({ ok: false, error: "invalid" });

    // 30 days after delivery the period is over.
    const late = { ...orders, clock: fixedClock(new Date(NOW.getTime() + 31 * 86_400_000)) };
    expect(await registerReturn(late, order.number, { lines: [] })).toMatchObject({
      ok: false,
      error: "ReturnClosed",
      window: { open: false, reason: "expired" },
    });
  });

  it("receives a returned parcel once: its units go back into stock and the history says so", async () => {
    const order = await newOrder("invoice", "de", 2);
    await shipOrder(orders, TEST_ACTOR, order.number, { carrier: "dhl", trackingNumber: "1234567893" });
    const line = order.lines[0];
    if (!line) throw new Error("no line");
    const registered = await registerReturn(orders, order.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "too_big" }],
    });
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    const before = await stockOf(orders.db, line.variantId);
    const received = await receiveReturn(orders, TEST_ACTOR, registered.returnNumber);
    if (!received.ok) throw new Error(JSON.stringify(received));
    expect(await stockOf(orders.db, line.variantId)).toBe(before + 1);
    expect(received.order.history.at(-1)).toMatchObject({
      type: "return_received",
      data: { returnNumber: registered.returnNumber },
    });
    expect(await receiveReturn(orders, TEST_ACTOR, registered.returnNumber)).toEqual({
      ok: false,
      error: "AlreadyReceived",
    });
    expect(await stockOf(orders.db, line.variantId)).toBe(before + 1);
    expect(await receiveReturn(orders, TEST_ACTOR, "R00000000-1")).toEqual({ ok: false, error: "ReturnNotFound" });
  });

  it("publishes every change as an event in its transaction, stock moves included", async () => {
    const from = await currentEventCursor(orders.db);
    const order = await newOrder("invoice", "de", 2);
    await markOrderPaid(orders, TEST_ACTOR, order.number);
    await shipOrder(orders, TEST_ACTOR, order.number, { carrier: "dhl", trackingNumber: "1234567894" });
    await deliverOrder(orders, TEST_ACTOR, order.number);
    const line = order.lines[0];
    if (!line) throw new Error("no line");
    const registered = await registerReturn(orders, order.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "quality" }],
    });
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    await receiveReturn(orders, TEST_ACTOR, registered.returnNumber);
    const cancelled = await newOrder("invoice", "de", 1);
    await cancelOrder(orders, TEST_ACTOR, cancelled.number);
    // Changes refused publish nothing.
    expect((await markOrderPaid(orders, TEST_ACTOR, cancelled.number)).ok).toBe(false);

    const product = String(line.productId);
    const ofOrder = (o: { id: number }, type: string) => [type, "order", String(o.id)];
    // One stock event per product whose units moved (the order's free gift included), by product id.
    const stockMoves = (o: typeof order) =>
      [...new Set(o.lines.map((l) => l.productId))]
        .sort((a, b) => a - b)
        .map((id) => ["stock.changed", "product", String(id)]);
    const expected = [
      ...stockMoves(order),
      ofOrder(order, "order.placed"),
      ofOrder(order, "order.paid"),
      ofOrder(order, "order.shipped"),
      ofOrder(order, "order.delivered"),
      ofOrder(order, "return.registered"),
      ["stock.changed", "product", product],
      ofOrder(order, "return.received"),
      ...stockMoves(cancelled),
      ofOrder(cancelled, "order.placed"),
      ...stockMoves(cancelled),
      ofOrder(cancelled, "order.cancelled"),
    ];
    // PostgreSQL hands events out once every transaction before them has ended (other test files write too).
    await expect
      .poll(async () => (await readEventsAfter(orders.db, from)).events.map((e) => [e.type, e.entity, e.entityId]))
      .toEqual(expected);
    const { events } = await readEventsAfter(orders.db, from);
    const find = (type: string) => events.find((e) => e.type === type);
    expect(events.find((e) => e.type === "stock.changed" && e.entityId === product)?.payload).toEqual({
      variantIds: [line.variantId],
    });
    expect(find("order.placed")?.payload).toEqual({
      number: order.number,
      storeCode: "de",
      customerId: order.customerId,
    });
    expect(find("order.shipped")?.payload).toMatchObject({ carrier: "dhl", trackingNumber: "1234567894" });
    expect(find("return.received")?.payload).toMatchObject({ returnNumber: registered.returnNumber });
  });

  it("finds an order by number and e-mail or postcode, and says nothing for wrong details", async () => {
    const order = await newOrder();
    expect(
      (await findOrderForLookup(orders, { number: order.number, emailOrZipCode: order.email.toUpperCase() }))?.id,
    ).toBe(order.id);
    expect((await findOrderForLookup(orders, { number: ` ${order.number} `, emailOrZipCode: "10115" }))?.id).toBe(
      order.id,
    );
    expect(await findOrderForLookup(orders, { number: order.number, emailOrZipCode: "10117" })).toBeNull();
    expect(await findOrderForLookup(orders, { number: order.number, emailOrZipCode: "" })).toBeNull();
    expect(await findOrderForLookup(orders, { number: "12345678", emailOrZipCode: "10115" })).toBeNull();
    expect(await findOrderForLookup(orders, { number: "x'; drop", emailOrZipCode: "10115" })).toBeNull();
  });

  it("lists a customer's orders newest first and shows only their own", async () => {
    const a = await newOrder();
    const b = await newOrder();
    const own = await listCustomerOrders(orders, a.customerId);
    expect(own.map((o) => o.number)).toEqual([a.number]);
    expect(own[0]).toMatchObject({ status: "placed", units: 2, total: a.totals.total, currency: "EUR" });
    expect(await getCustomerOrder(orders, a.customerId, b.number)).toBeNull();
    expect((await getCustomerOrder(orders, b.customerId, b.number))?.number).toBe(b.number);
    expect(await getCustomerOrder(orders, a.customerId, "not-a-number")).toBeNull();
    const all = await listOrders(orders, { status: "placed", limit: 500 });
    expect(all.map((o) => o.number)).toEqual(expect.arrayContaining([a.number, b.number]));
    expect((await getOrderByNumber(orders, a.number))?.email).toBe(a.email);
  });

  it("keeps a mail whose sending failed and sends it on a later run", async () => {
    await newOrder();
    const pending = await pendingMailCount(orders.db);
    expect(pending).toBeGreaterThan(0);
    const config = { SMTP_URL: undefined, MAIL_FROM: "shop@x", VITRINE_DATA_DIR: "/nonexistent" };
    const failing = await deliverOutbox(
      { db: orders.db, clock: orders.clock, config },
      {
        send: async () => {
          throw new Error("SMTP down");
        },
      },
    );
    expect(failing).toEqual({ sent: 0, failed: pending });
    expect(await pendingMailCount(orders.db)).toBe(pending);
    // Not before the back-off: a run now sends nothing, a run later sends everything.
    expect((await sentMails()).length).toBe(0);
    const later = fixedClock(new Date(NOW.getTime() + 10 * 60_000));
    const sent: MailMessage[] = [];
    await deliverOutbox({ db: orders.db, clock: later, config }, { send: async (m) => void sent.push(m) });
    expect(sent).toHaveLength(pending);
    expect(await pendingMailCount(orders.db)).toBe(0);
  });
});
