import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Ctx } from "../context.ts";
import type { PaymentTable } from "../db/tables/orders.ts";
import type { Currency, StoreCode } from "../shop/shops.ts";
import { providerFor } from "./gateways.ts";

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
  /** The provider's id (Stripe PaymentIntent, PayPal order); null for the sandbox. */
  providerRef: string | null;
  authorizationRef: string | null;
  capturedAmount: number;
  releasedAmount: number;
  refundedAmount: number;
  authorizedAt: string | null;
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
    providerRef: row.provider_ref ?? null,
    authorizationRef: row.authorization_ref ?? null,
    capturedAmount: Number(row.captured_amount ?? 0),
    releasedAmount: Number(row.released_amount ?? 0),
    refundedAmount: Number(row.refunded_amount ?? 0),
    authorizedAt: row.authorized_at ?? null,
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
  ctx: Pick<Ctx, "db" | "config">,
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
      provider: providerFor(ctx.config, input.method),
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
  extra: Partial<
    Pick<
      Selectable<PaymentTable>,
      "card_brand" | "card_last4" | "decline_code" | "order_id" | "authorization_ref" | "authorized_at" | "amount"
    >
  > = {},
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

/**
 * Inside the order's transaction: the authorized payment now pays this order. The money stays authorized: it is
 * captured when the goods ship (money.ts).
 */
export function attachPayment(ctx: Pick<Ctx, "db">, id: string, orderId: number, now: Date): Promise<boolean> {
  return transitionPayment(ctx, id, ["authorized"], "authorized", now, { order_id: orderId });
}

/** One entry of a payment's history (payment_event). */
export interface PaymentEvent {
  id: number;
  kind: string;
  amount: number;
  providerRef: string | null;
  detail: string;
  createdAt: string;
}

export async function addPaymentEvent(
  ctx: Pick<Ctx, "db">,
  paymentId: string,
  event: { kind: string; amount?: number; providerRef?: string | null; detail?: string },
  now: Date,
): Promise<void> {
  await ctx.db
    .insertInto("payment_event")
    .values({
      payment_id: paymentId,
      kind: event.kind,
      amount: event.amount ?? 0,
      provider_ref: event.providerRef ?? null,
      detail: (event.detail ?? "").slice(0, 500),
      created_at: now.toISOString(),
    })
    .execute();
}

export async function paymentEvents(ctx: Pick<Ctx, "db">, paymentId: string): Promise<PaymentEvent[]> {
  const rows = await ctx.db
    .selectFrom("payment_event")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    amount: Number(r.amount),
    providerRef: r.provider_ref,
    detail: r.detail,
    createdAt: r.created_at,
  }));
}

/** What of an authorization can still be captured. */
export const capturable = (p: Payment) =>
  p.status === "authorized" ? Math.max(0, p.amount - p.capturedAmount - p.releasedAmount) : 0;
/** What of the captured money can still be paid back. */
export const refundable = (p: Payment) => Math.max(0, p.capturedAmount - p.refundedAmount);
