import { randomBytes } from "node:crypto";
import { type Selectable, sql } from "kysely";
import type { Ctx } from "../context.ts";
import type { PaymentTable } from "../db/tables/orders.ts";
import type { Currency, StoreCode } from "../shop/shops.ts";

/**
 * Hosted payments (card, PayPal): a payment is created for one checkout attempt, the shopper authorizes it on the
 * provider's page, the order captures it in its own transaction. Every transition is a conditional update from
 * the state it expects, so a double submit, a replayed return or two processes cannot move it twice.
 */

export type HostedMethod = "credit_card" | "paypal";
export type PaymentStatus =
  | "pending"
  | "requires_action"
  | "authorized"
  | "declined"
  | "cancelled"
  | "captured"
  | "voided"
  | "refunded";

export interface Payment {
  id: string;
  storeCode: StoreCode;
  owner: { kind: string; id: string };
  method: HostedMethod;
  provider: string;
  idempotencyKey: string;
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  quoteFingerprint: string;
  orderId: number | null;
  card: { brand: string; last4: string } | null;
  declineCode: string | null;
  createdAt: string;
}

export function toPayment(row: Selectable<PaymentTable>): Payment {
  return {
    id: row.id,
    storeCode: row.store_code as StoreCode,
    owner: { kind: row.owner_kind, id: row.owner_id },
    method: row.method as HostedMethod,
    provider: row.provider,
    idempotencyKey: row.idempotency_key,
    amount: row.amount,
    currency: row.currency as Currency,
    status: row.status as PaymentStatus,
    quoteFingerprint: row.quote_fingerprint,
    orderId: row.order_id,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    declineCode: row.decline_code,
    createdAt: row.created_at,
  };
}

export interface HostedPaymentInput {
  storeCode: StoreCode;
  owner: { kind: string; id: string };
  method: HostedMethod;
  idempotencyKey: string;
  amount: number;
  currency: Currency;
  quoteFingerprint: string;
}

/** The payment of a checkout attempt: created once per idempotency key, the same one on a repeated submit. */
export async function createHostedPayment(
  ctx: Pick<Ctx, "db">,
  input: HostedPaymentInput,
  now: Date,
): Promise<Payment> {
  const { db } = ctx;
  const at = now.toISOString();
  await db
    .insertInto("payment")
    .values({
      id: randomBytes(18).toString("base64url"),
      store_code: input.storeCode,
      owner_kind: input.owner.kind,
      owner_id: input.owner.id,
      method: input.method,
      provider: "sandbox",
      idempotency_key: input.idempotencyKey,
      amount: input.amount,
      currency: input.currency,
      status: "pending",
      quote_fingerprint: input.quoteFingerprint,
      order_id: null,
      card_brand: null,
      card_last4: null,
      decline_code: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .execute();
  const row = await db
    .selectFrom("payment")
    .selectAll()
    .where("idempotency_key", "=", input.idempotencyKey)
    .executeTakeFirstOrThrow();
  return toPayment(row);
}

export async function getPayment(ctx: Pick<Ctx, "db">, id: string): Promise<Payment | null> {
  const { db } = ctx;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) return null;
  const row = await db.selectFrom("payment").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPayment(row) : null;
}

/** The card a payment was made with, as an order shows it; null for other methods or an unknown payment. */
export async function paymentCard(ctx: Pick<Ctx, "db">, id: string): Promise<Payment["card"]> {
  const { db } = ctx;
  const row = await db
    .selectFrom("payment")
    .select(["card_brand", "card_last4"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null;
}

/** Moves a payment from one of `from` to `to` (with extra columns); false when it was not in such a state. */
export async function transitionPayment(
  ctx: Pick<Ctx, "db">,
  id: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  now: Date,
  extra: Partial<Pick<Selectable<PaymentTable>, "card_brand" | "card_last4" | "decline_code" | "order_id">> = {},
): Promise<boolean> {
  const { db } = ctx;
  const result = await db
    .updateTable("payment")
    .set({ status: to, updated_at: now.toISOString(), ...extra })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inside the order's transaction: the authorized payment now pays this order. */
export function capturePayment(ctx: Pick<Ctx, "db">, id: string, orderId: number, now: Date): Promise<boolean> {
  return transitionPayment(ctx, id, ["authorized"], "captured", now, { order_id: orderId });
}

/** Releases an authorization that no order will use (out of stock, changed basket). */
export function voidPayment(ctx: Pick<Ctx, "db">, id: string, now: Date): Promise<boolean> {
  return transitionPayment(ctx, id, ["authorized", "pending", "requires_action"], "voided", now);
}

/** Pays back what is left of a captured payment (a cancelled order); returns the amount paid back. */
export async function refundPayment(ctx: Pick<Ctx, "db">, id: string, now: Date): Promise<number> {
  const row = await ctx.db
    .selectFrom("payment")
    .select(["amount", "refunded_amount"])
    .where("id", "=", id)
    .where("status", "=", "captured")
    .executeTakeFirst();
  if (!row) return 0;
  const moved = await transitionPayment(ctx, id, ["captured"], "refunded", now);
  if (!moved) return 0;
  await ctx.db.updateTable("payment").set({ refunded_amount: row.amount }).where("id", "=", id).execute();
  return row.amount - row.refunded_amount;
}

/** What of a captured payment can still be paid back (0 for an unknown, uncaptured or refunded payment). */
export async function refundablePaymentAmount(ctx: Pick<Ctx, "db">, id: string): Promise<number> {
  const row = await ctx.db
    .selectFrom("payment")
    .select(["amount", "refunded_amount"])
    .where("id", "=", id)
    .where("status", "=", "captured")
    .executeTakeFirst();
  return row ? row.amount - row.refunded_amount : 0;
}

/**
 * Pays back part of a captured payment through its provider (the sandbox here); the whole amount paid back makes
 * it `refunded`. A conditional update: two refunds at once never pay back more than was captured. False when the
 * amount is not there any more.
 */
export async function refundPaymentPart(ctx: Pick<Ctx, "db">, id: string, amount: number, now: Date): Promise<boolean> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return false;
  const result = await ctx.db
    .updateTable("payment")
    .set((eb) => ({
      refunded_amount: eb("refunded_amount", "+", amount),
      status: sql<string>`case when refunded_amount + ${amount} >= amount then 'refunded' else status end`,
      updated_at: now.toISOString(),
    }))
    .where("id", "=", id)
    .where("status", "=", "captured")
    .where(sql<boolean>`refunded_amount + ${amount} <= amount`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
