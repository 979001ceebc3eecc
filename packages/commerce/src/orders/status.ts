import { type Actor, recordAudit } from "../audit/audit.ts";
import { putBackStock } from "../catalog/stock.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { loadCustomer } from "../customers/customers.ts";
import { creditLoyaltyPoints, loyaltyPointsFor } from "../customers/loyalty.ts";
import { type Db, dialect } from "../db/database.ts";
import { refundGiftCard } from "../payments/gift-cards.ts";
import type { OrderPaymentStatus } from "../payments/methods.ts";
import { captureForShipment, ProviderError, refundThroughProvider, voidPayment } from "../payments/money.ts";
import { getPayment } from "../payments/payments.ts";
import { shopSettings } from "../settings/shop-settings.ts";
import { carrierById } from "./carriers.ts";
import { type StatusMailEvent, statusMail } from "./mails.ts";
import { getOrderById, getOrderByNumber, type OrderDetails, type OrderStatus } from "./orders.ts";
import { enqueueMail } from "./outbox.ts";
import { addOrderEvent } from "./place.ts";
import { insertRefund, refundedSoFar } from "./refunds.ts";

/**
 * The order lifecycle after placement, as the operator drives it (CLI `vitrine orders pay|ship|deliver|cancel`):
 * placed → paid → shipped (one or more packages, each with carrier and tracking number) → delivered, or cancelled
 * before shipping. Each change is a history entry and a mail, written in one transaction with the change.
 */

export type OrderChangeResult =
  | { ok: true; order: OrderDetails }
  | { ok: false; error: "OrderNotFound" }
  | { ok: false; error: "InvalidTransition"; status: OrderStatus }
  /** A prepayment order ships only once the money is in. */
  | { ok: false; error: "AwaitingPayment" }
  | { ok: false; error: "InvalidPackage"; reason: string }
  /** A refund larger than what is left of the money paid. */
  | { ok: false; error: "RefundExceedsPaid"; refundable: number }
  | { ok: false; error: "InvalidInput"; detail: string }
  | { ok: false; error: "NotFound"; detail: string }
  /** The payment provider refused or did not answer (capture, void, refund): nothing changed. */
  | { ok: false; error: "PaymentProviderFailed"; detail: string };

export type OrderChangeFailure = Exclude<OrderChangeResult, { ok: true }>;

/** What a change did: the mail it sends and what its audit entry says beyond the status. */
export type Change =
  | { failure: OrderChangeFailure }
  /** Asked again after it was done (the same request key): the order as it is, nothing written. */
  | { unchanged: true }
  | { mail: StatusMailEvent | null; audit?: { after?: Record<string, unknown>; note?: string | null } };

/** Thrown inside a change's transaction to undo what it wrote so far and answer `failure`. */
export class RollbackChange extends Error {
  readonly failure: OrderChangeFailure;
  constructor(failure: OrderChangeFailure) {
    super(failure.error);
    this.failure = failure;
  }
}

const auditState = (order: OrderDetails) => ({ status: order.status, paymentStatus: order.paymentStatus });

/**
 * Runs a change on the locked order row, in one transaction with its history entry, its events, its mail and
 * its audit entry (`order.<action>` by `actor`); nothing is written when the change refuses.
 */
export async function changeOrder(
  ctx: Ctx,
  actor: Actor,
  action: string,
  number: string,
  apply: (trx: Db, order: OrderDetails, now: Date) => Promise<Change>,
): Promise<OrderChangeResult> {
  const found = await getOrderByNumber(ctx, number);
  if (!found) return { ok: false, error: "OrderNotFound" };
  const customer = await loadCustomer(ctx, found.customerId);
  const hasAccount = !!customer && !customer.status.isGuestCustomer;
  const now = ctx.clock.now();
  try {
    return await withTransaction(ctx, async (tx): Promise<OrderChangeResult> => {
      const trx = tx.db;
      const lock = trx.selectFrom("shop_order").select("id").where("id", "=", found.id);
      await (dialect(trx) === "postgres" ? lock.forUpdate() : lock).executeTakeFirst();
      const order = (await getOrderById(tx, found.id)) as OrderDetails;
      const change = await apply(trx, order, now);
      if ("failure" in change) return change.failure;
      if ("unchanged" in change) return { ok: true as const, order };
      await trx.updateTable("shop_order").set({ updated_at: now.toISOString() }).where("id", "=", order.id).execute();
      const updated = (await getOrderById(tx, order.id)) as OrderDetails;
      if (change.mail) {
        const { returnDays } = await shopSettings(tx);
        await enqueueMail(
          tx,
          statusMail(updated, change.mail, { publicUrl: ctx.publicUrl, hasAccount }, returnDays),
          now,
        );
      }
      await recordAudit(tx, actor, {
        action: `order.${action}`,
        subjectType: "order",
        subjectId: order.number,
        before: auditState(order),
        after: { ...auditState(updated), ...change.audit?.after },
        note: change.audit?.note ?? null,
      });
      return { ok: true as const, order: updated };
    });
  } catch (error) {
    if (error instanceof RollbackChange) return error.failure;
    if (error instanceof ProviderError) {
      ctx.log.warn({ order: number, action, error: error.message }, "payment provider failed, order unchanged");
      return { ok: false, error: "PaymentProviderFailed", detail: error.message };
    }
    throw error;
  }
}

async function setStatus(trx: Db, orderId: number, status: OrderStatus, paymentStatus?: OrderPaymentStatus) {
  await trx
    .updateTable("shop_order")
    .set({ status, ...(paymentStatus ? { payment_status: paymentStatus } : {}) })
    .where("id", "=", orderId)
    .execute();
}

const invalid = (order: OrderDetails): Change => ({
  failure: { ok: false, error: "InvalidTransition", status: order.status },
});

/** The money for an invoice or prepayment order has arrived. */
export function markOrderPaid(ctx: Ctx, actor: Actor, number: string): Promise<OrderChangeResult> {
  return changeOrder(ctx, actor, "pay", number, async (trx, order, now) => {
    if (order.paymentStatus !== "awaiting_payment" || order.status === "cancelled") return invalid(order);
    await setStatus(trx, order.id, order.status === "placed" ? "paid" : order.status, "paid");
    await addOrderEvent(trx, order.id, "paid", {}, now);
    return { mail: { type: "paid" } };
  });
}

export interface ShipmentInput {
  carrier: string;
  trackingNumber: string;
  /** What the package holds; every unit not shipped yet when left out. */
  lines?: { lineId: number; quantity: number }[];
}

/** A package leaves the warehouse: the order is shipped (a later package of the same order adds to it). */
export function shipOrder(ctx: Ctx, actor: Actor, number: string, input: ShipmentInput): Promise<OrderChangeResult> {
  return changeOrder(ctx, actor, "ship", number, async (trx, order, now) => {
    if (!["placed", "paid", "shipped"].includes(order.status)) return invalid(order);
    if (order.payment.method === "prepayment" && order.paymentStatus === "awaiting_payment") {
      return { failure: { ok: false, error: "AwaitingPayment" } };
    }
    const carrier = carrierById(input.carrier);
    const trackingNumber = input.trackingNumber.trim();
    if (!carrier)
      return { failure: { ok: false, error: "InvalidPackage", reason: `unknown carrier ${input.carrier}` } };
    if (!/^[A-Za-z0-9-]{6,40}$/.test(trackingNumber)) {
      return { failure: { ok: false, error: "InvalidPackage", reason: "tracking number: 6 to 40 letters or digits" } };
    }
    const remaining = new Map(order.lines.map((l) => [l.id, l.quantity - l.shippedQuantity]));
    const contents = input.lines ?? order.lines.map((l) => ({ lineId: l.id, quantity: remaining.get(l.id) ?? 0 }));
    const packed = contents.filter((c) => c.quantity > 0);
    for (const c of packed) {
      const left = remaining.get(c.lineId);
      if (left === undefined) return { failure: { ok: false, error: "InvalidPackage", reason: `no line ${c.lineId}` } };
      if (!Number.isInteger(c.quantity) || c.quantity > left) {
        return { failure: { ok: false, error: "InvalidPackage", reason: `line ${c.lineId}: at most ${left} left` } };
      }
    }
    if (packed.length === 0) return { failure: { ok: false, error: "InvalidPackage", reason: "nothing left to ship" } };
    const inserted = await trx
      .insertInto("order_package")
      .values({
        order_id: order.id,
        carrier: carrier.id,
        tracking_number: trackingNumber,
        lines: JSON.stringify(packed),
        shipped_at: now.toISOString(),
        delivered_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await setStatus(trx, order.id, "shipped");
    // Money follows the goods: the package's value is captured from the authorization, the last package the rest.
    const captured = await captureShipped(ctx, trx, order, packed, Number(inserted.id), now);
    await addOrderEvent(
      trx,
      order.id,
      "shipped",
      { packageId: Number(inserted.id), carrier: carrier.id, trackingNumber },
      now,
    );
    const pkg = (await getOrderById({ ...ctx, db: trx }, order.id))?.packages.find((p) => p.id === Number(inserted.id));
    return {
      mail: pkg ? { type: "shipped", package: pkg } : null,
      audit: {
        after: {
          package: { id: Number(inserted.id), carrier: carrier.id, trackingNumber, lines: packed },
          ...(captured > 0 ? { captured } : {}),
        },
      },
    };
  });
}

async function captureShipped(
  ctx: Ctx,
  trx: Db,
  order: OrderDetails,
  packed: { lineId: number; quantity: number }[],
  packageId: number,
  now: Date,
): Promise<number> {
  const row = await trx.selectFrom("shop_order").select("payment_id").where("id", "=", order.id).executeTakeFirst();
  if (!row?.payment_id) return 0;
  const value = packed.reduce(
    (sum, p) => sum + (order.lines.find((l) => l.id === p.lineId)?.unitPrice ?? 0) * p.quantity,
    0,
  );
  const last = order.lines.every(
    (l) => l.shippedQuantity + (packed.find((p) => p.lineId === l.id)?.quantity ?? 0) >= l.quantity,
  );
  const key = `vitrine-capture-${row.payment_id}-${packageId}`;
  return captureForShipment({ ...ctx, db: trx }, row.payment_id, value, last, key, now);
}

/** The parcels have arrived; cash on delivery is paid now. */
export function deliverOrder(ctx: Ctx, actor: Actor, number: string): Promise<OrderChangeResult> {
  return changeOrder(ctx, actor, "deliver", number, async (trx, order, now) => {
    if (order.status !== "shipped") return invalid(order);
    await trx
      .updateTable("order_package")
      .set({ delivered_at: now.toISOString() })
      .where("order_id", "=", order.id)
      .where("delivered_at", "is", null)
      .execute();
    const paysNow = order.paymentStatus === "due_on_delivery";
    await setStatus(trx, order.id, "delivered", paysNow ? "paid" : undefined);
    if (paysNow) await addOrderEvent(trx, order.id, "paid", {}, now);
    await addOrderEvent(trx, order.id, "delivered", {}, now);
    return { mail: { type: "delivered" } };
  });
}

/** Cancellation: the authorization is voided (or, once captured, what is left is refunded through the provider). */
async function releaseOnCancel(
  ctx: Ctx,
  trx: Db,
  paymentId: string,
  now: Date,
): Promise<{ amount: number; method: "sandbox" | "stripe" | "paypal" } | null> {
  const payment = await getPayment({ db: trx }, paymentId);
  if (!payment) return null;
  const method = payment.provider === "stripe" || payment.provider === "paypal" ? payment.provider : "sandbox";
  if (payment.status === "authorized" && payment.capturedAmount === 0) {
    return (await voidPayment({ ...ctx, db: trx }, paymentId, now)) ? { amount: payment.amount, method } : null;
  }
  const left = payment.amount - payment.releasedAmount - payment.refundedAmount;
  if (left <= 0) return null;
  const done = await refundThroughProvider({ ...ctx, db: trx }, paymentId, left, `vitrine-cancel-${paymentId}`, now);
  return done ? { amount: left, method } : null;
}

/**
 * Cancels an order that has not shipped: the units go back into stock, a gift card gets its amount back, a card
 * or PayPal payment is refunded.
 */
export function cancelOrder(
  ctx: Ctx,
  actor: Actor,
  number: string,
  reason = "",
  options: { unlessPaid?: boolean } = {},
): Promise<OrderChangeResult> {
  return changeOrder(ctx, actor, "cancel", number, async (trx, order, now) => {
    if (order.status !== "placed" && order.status !== "paid") return invalid(order);
    // The expiry job cancels only what is still unpaid when it holds the lock.
    if (options.unlessPaid && (order.status !== "placed" || order.paymentStatus === "paid")) return invalid(order);
    await putBackStock(
      { ...ctx, db: trx },
      order.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
      now,
    );
    const row = await trx
      .selectFrom("shop_order")
      .select(["gift_card_code", "gift_card_amount", "payment_id"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    const refunded = await refundedSoFar(trx, order.id);
    const giftCardBack = row.gift_card_amount - refunded.giftCard;
    if (row.gift_card_code && giftCardBack > 0) {
      await refundGiftCard({ ...ctx, db: trx }, row.gift_card_code, giftCardBack, order.id, now);
    }
    const paymentBack = row.payment_id ? await releaseOnCancel(ctx, trx, row.payment_id, now) : null;
    if (giftCardBack > 0 || paymentBack) {
      await insertRefund(trx, {
        orderId: order.id,
        returnId: null,
        paymentAmount: paymentBack?.amount ?? 0,
        giftCardAmount: Math.max(0, giftCardBack),
        method: paymentBack ? paymentBack.method : "gift_card",
        reason: "cancelled",
        idempotencyKey: null,
        actorLabel: actor.label,
        now,
      });
    }
    const moneyTaken = order.paymentStatus === "paid" || row.gift_card_amount > 0;
    await setStatus(trx, order.id, "cancelled", moneyTaken ? "refunded" : undefined);
    await creditLoyaltyPoints({ ...ctx, db: trx }, order.customerId, -loyaltyPointsFor(order.totals.total));
    await addOrderEvent(trx, order.id, "cancelled", reason ? { reason: reason.slice(0, 200) } : {}, now);
    return { mail: { type: "cancelled" }, audit: { note: reason ? reason.slice(0, 200) : null } };
  });
}
