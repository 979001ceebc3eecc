import type { Actor } from "../audit/audit.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { refundGiftCard } from "../payments/gift-cards.ts";
import { refundThroughProvider } from "../payments/money.ts";
import { getPayment } from "../payments/payments.ts";
import type { OrderDetails } from "./orders.ts";
import { addOrderEvent } from "./place.ts";
import { type Change, changeOrder, type OrderChangeResult, RollbackChange } from "./status.ts";

/**
 * Refunds: money paid for an order going back to the customer, by the way it came — a hosted payment through its
 * provider (`sandbox`), an invoice as a credit note (`invoice_credit`) while it is unpaid, money transferred
 * (prepayment, a paid invoice, cash on delivery) by `bank_transfer`, and a gift card's part back onto the card.
 * The payment method's part goes back first, then the gift card's. Across all refunds of an order (returns,
 * goodwill, cancellation) never more than was paid: every refund runs on the locked order and checks the sum.
 */

/** `sandbox`, `stripe`, `paypal`: back through the hosted payment's provider. */
export type RefundMethod = "sandbox" | "stripe" | "paypal" | "invoice_credit" | "bank_transfer" | "gift_card";

export interface OrderRefund {
  id: number;
  returnId: number | null;
  amount: number;
  paymentAmount: number;
  giftCardAmount: number;
  method: RefundMethod;
  reason: string;
  actor: string;
  at: string;
}

export async function refundedSoFar(trx: Db, orderId: number): Promise<{ payment: number; giftCard: number }> {
  const row = await trx
    .selectFrom("order_refund")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("payment_amount"), eb.lit(0)).as("payment"),
      eb.fn.coalesce(eb.fn.sum<number>("gift_card_amount"), eb.lit(0)).as("gift"),
    ])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return { payment: Number(row?.payment ?? 0), giftCard: Number(row?.gift ?? 0) };
}

export interface RefundRow {
  orderId: number;
  returnId: number | null;
  paymentAmount: number;
  giftCardAmount: number;
  method: RefundMethod;
  reason: string;
  idempotencyKey: string | null;
  actorLabel: string;
  now: Date;
}

export async function insertRefund(trx: Db, row: RefundRow): Promise<number> {
  const inserted = await trx
    .insertInto("order_refund")
    .values({
      order_id: row.orderId,
      return_id: row.returnId,
      amount: row.paymentAmount + row.giftCardAmount,
      payment_amount: row.paymentAmount,
      gift_card_amount: row.giftCardAmount,
      method: row.method,
      reason: row.reason.slice(0, 200),
      idempotency_key: row.idempotencyKey,
      actor_label: row.actorLabel,
      created_at: row.now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function listOrderRefunds(ctx: Pick<Ctx, "db">, orderId: number): Promise<OrderRefund[]> {
  const rows = await ctx.db
    .selectFrom("order_refund")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    returnId: r.return_id === null ? null : Number(r.return_id),
    amount: r.amount,
    paymentAmount: r.payment_amount,
    giftCardAmount: r.gift_card_amount,
    method: r.method as RefundMethod,
    reason: r.reason,
    actor: r.actor_label,
    at: r.created_at,
  }));
}

/** The part of the order the payment method has paid (or, for an unpaid invoice, claims). */
function paymentPortion(order: OrderDetails): number {
  if (order.payment.method === null) return 0;
  if (order.paymentStatus === "paid" || order.paymentStatus === "refunded") return order.totals.amountDue;
  return order.payment.method === "invoice" && order.paymentStatus === "awaiting_payment" ? order.totals.amountDue : 0;
}

function paymentRefundMethod(order: OrderDetails): RefundMethod {
  switch (order.payment.method) {
    case "credit_card":
    case "paypal":
      return "sandbox";
    case "invoice":
      return order.paymentStatus === "awaiting_payment" ? "invoice_credit" : "bank_transfer";
    default:
      return "bank_transfer";
  }
}

export interface Refundable {
  /** Paid in all (payment method + gift card). */
  paid: number;
  refunded: number;
  /** What can still be refunded. */
  left: number;
  payment: number;
  giftCard: number;
}

export async function refundableOf(trx: Db, order: OrderDetails): Promise<Refundable> {
  const done = await refundedSoFar(trx, order.id);
  const payment = Math.max(0, paymentPortion(order) - done.payment);
  const giftCard = Math.max(0, order.totals.giftCard - done.giftCard);
  const paid = paymentPortion(order) + order.totals.giftCard;
  return { paid, refunded: done.payment + done.giftCard, left: payment + giftCard, payment, giftCard };
}

/**
 * Inside an order change: refunds `amount` (payment method first, then gift card), records it and the history
 * entry. Throws `RollbackChange` when the money is not there (so nothing written before stays).
 */
export async function applyRefund(
  ctx: Ctx,
  trx: Db,
  order: OrderDetails,
  input: { amount: number; reason: string; returnId: number | null; idempotencyKey: string | null; actor: Actor },
  now: Date,
): Promise<{ refundId: number; method: RefundMethod; paymentAmount: number; giftCardAmount: number }> {
  const refundable = await refundableOf(trx, order);
  if (input.amount > refundable.left)
    throw new RollbackChange({ ok: false, error: "RefundExceedsPaid", refundable: refundable.left });
  const paymentAmount = Math.min(input.amount, refundable.payment);
  const giftCardAmount = input.amount - paymentAmount;
  const method = paymentAmount > 0 ? paymentRefundMethod(order) : "gift_card";
  const row = await trx
    .selectFrom("shop_order")
    .select(["payment_id", "gift_card_code"])
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  let refundMethod: RefundMethod = method;
  if (paymentAmount > 0 && method === "sandbox") {
    const key = `vitrine-refund-${row.payment_id}-${input.idempotencyKey ?? `${order.id}-${now.getTime()}`}`;
    if (
      !row.payment_id ||
      !(await refundThroughProvider({ ...ctx, db: trx }, row.payment_id, paymentAmount, key, now))
    ) {
      throw new RollbackChange({ ok: false, error: "RefundExceedsPaid", refundable: refundable.left });
    }
    const provider = (await getPayment({ db: trx }, row.payment_id))?.provider;
    if (provider === "stripe" || provider === "paypal") refundMethod = provider;
  }
  if (giftCardAmount > 0 && row.gift_card_code) {
    await refundGiftCard({ db: trx }, row.gift_card_code, giftCardAmount, order.id, now);
  }
  const refundId = await insertRefund(trx, {
    orderId: order.id,
    returnId: input.returnId,
    paymentAmount,
    giftCardAmount,
    method: refundMethod,
    reason: input.reason,
    idempotencyKey: input.idempotencyKey,
    actorLabel: input.actor.label,
    now,
  });
  if (input.amount === refundable.left && refundable.paid > 0) {
    await trx.updateTable("shop_order").set({ payment_status: "refunded" }).where("id", "=", order.id).execute();
  }
  await addOrderEvent(trx, order.id, "refunded", { amount: input.amount, method: refundMethod, refundId }, now);
  return { refundId, method: refundMethod, paymentAmount, giftCardAmount };
}

export interface RefundInput {
  /** Cents. */
  amount: number;
  reason: string;
  /** The same key again refunds once (a double click, a retried request). */
  idempotencyKey?: string;
}

/** Refunds part of an order (goodwill, a price correction): never more than what is left of the money paid. */
export function refundOrder(ctx: Ctx, actor: Actor, number: string, input: RefundInput): Promise<OrderChangeResult> {
  return changeOrder(ctx, actor, "refund", number, async (trx, order, now): Promise<Change> => {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      return { failure: { ok: false, error: "InvalidInput", detail: "The amount must be a positive number of cents" } };
    }
    const reason = input.reason.trim();
    if (reason === "") return { failure: { ok: false, error: "InvalidInput", detail: "A refund needs a reason" } };
    if (input.idempotencyKey) {
      const twin = await trx
        .selectFrom("order_refund")
        .select(["order_id"])
        .where("idempotency_key", "=", input.idempotencyKey)
        .executeTakeFirst();
      if (twin && Number(twin.order_id) === order.id) return { unchanged: true };
      if (twin)
        return { failure: { ok: false, error: "InvalidInput", detail: "The request key belongs to another order" } };
    }
    if (order.status === "cancelled")
      return { failure: { ok: false, error: "InvalidTransition", status: order.status } };
    const done = await applyRefund(
      ctx,
      trx,
      order,
      { amount: input.amount, reason, returnId: null, idempotencyKey: input.idempotencyKey ?? null, actor },
      now,
    );
    return {
      mail: { type: "refunded", amount: input.amount },
      audit: { after: { refund: { amount: input.amount, ...done } }, note: reason },
    };
  });
}
