import { sql } from "kysely";
import type { Ctx } from "../context.ts";
import { gatewayOf, ProviderError, type ProviderState } from "./gateways.ts";
import {
  addPaymentEvent,
  capturable,
  getPayment,
  type Payment,
  type PaymentStatus,
  paymentEvents,
  refundable,
  transitionPayment,
} from "./payments.ts";

/**
 * Money follows the goods: a hosted payment is authorized when the order is placed, captured as its lines ship,
 * voided when the order is cancelled, and refunded through its provider (never more than captured). Each
 * function calls the payment's gateway first and writes the ledger (the payment row and its history) after, in
 * the caller's transaction: a provider that fails or times out leaves the ledger and the order change unwritten.
 */

type PaymentCtx = Pick<Ctx, "db" | "config">;

async function load(ctx: Pick<Ctx, "db">, id: string): Promise<Payment> {
  const payment = await getPayment(ctx, id);
  if (!payment) throw new Error(`payment ${id} not found`);
  return payment;
}

/**
 * Starts the payment at its provider (a Stripe PaymentIntent, a PayPal order) once; the sandbox needs nothing.
 * Returns what the payment page needs: Stripe's client secret, PayPal's approval address.
 */
export async function startProviderPayment(
  ctx: PaymentCtx,
  payment: Payment,
  urls: { returnUrl: string; cancelUrl: string },
  now: Date,
): Promise<{ payment: Payment; clientSecret?: string; approveUrl?: string }> {
  const gateway = gatewayOf(ctx.config, payment.provider);
  if (gateway.id === "sandbox" || payment.status !== "pending") return { payment };
  if (payment.providerRef) {
    const clientSecret = (await gateway.clientSecret?.(payment)) ?? undefined;
    const approveUrl = await startedApproveUrl(ctx, payment.id);
    return { payment, clientSecret, approveUrl };
  }
  const started = await gateway.start(payment, urls);
  await ctx.db
    .updateTable("payment")
    .set({ provider_ref: started.providerRef, updated_at: now.toISOString() })
    .where("id", "=", payment.id)
    .where("provider_ref", "is", null)
    .execute();
  await addPaymentEvent(
    ctx,
    payment.id,
    { kind: "started", amount: payment.amount, providerRef: started.providerRef, detail: started.approveUrl ?? "" },
    now,
  );
  return { payment: await load(ctx, payment.id), clientSecret: started.clientSecret, approveUrl: started.approveUrl };
}

async function startedApproveUrl(ctx: Pick<Ctx, "db">, paymentId: string): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom("payment_event")
    .select("detail")
    .where("payment_id", "=", paymentId)
    .where("kind", "=", "started")
    .executeTakeFirst();
  return row?.detail || undefined;
}

const BEFORE_AUTHORIZATION: PaymentStatus[] = ["pending", "requires_action"];

/**
 * Reads the provider's state of a payment that is not authorized yet and moves the row forward (authorized,
 * declined, cancelled). Idempotent and order-free: it reads the provider's current state, so webhooks that come
 * twice or out of order, the shopper's return and the reconciliation all end in the same state.
 */
export async function syncPayment(ctx: PaymentCtx, id: string, now: Date): Promise<Payment> {
  const payment = await load(ctx, id);
  if (!BEFORE_AUTHORIZATION.includes(payment.status)) return payment;
  const state = await gatewayOf(ctx.config, payment.provider).sync(payment);
  if (state) await applyState(ctx, payment, state, now);
  return load(ctx, id);
}

async function applyState(ctx: Pick<Ctx, "db">, payment: Payment, state: ProviderState, now: Date): Promise<void> {
  const card = state.card ? { card_brand: state.card.brand, card_last4: state.card.last4 || null } : {};
  let moved = false;
  switch (state.status) {
    case "authorized":
      // A hold for less than the order costs does not pay it.
      if (state.authorized < payment.amount) {
        moved = await transitionPayment(ctx, payment.id, BEFORE_AUTHORIZATION, "declined", now, {
          ...card,
          decline_code: "amount_mismatch",
        });
        break;
      }
      moved = await transitionPayment(ctx, payment.id, BEFORE_AUTHORIZATION, "authorized", now, {
        ...card,
        authorization_ref: state.authorizationRef ?? null,
        authorized_at: now.toISOString(),
      });
      break;
    case "declined":
      moved = await transitionPayment(ctx, payment.id, BEFORE_AUTHORIZATION, "declined", now, {
        ...card,
        decline_code: state.declineCode ?? "card_declined",
      });
      break;
    case "cancelled":
      moved = await transitionPayment(ctx, payment.id, BEFORE_AUTHORIZATION, "cancelled", now);
      break;
    case "requires_action":
      if (payment.status === "pending") {
        moved = await transitionPayment(ctx, payment.id, ["pending"], "requires_action", now);
      }
      break;
    default:
      break;
  }
  if (moved) {
    await addPaymentEvent(
      ctx,
      payment.id,
      {
        kind: state.status,
        amount: state.authorized,
        providerRef: state.authorizationRef ?? payment.providerRef,
        detail: state.declineCode ?? "",
      },
      now,
    );
  }
}

/** Releases an authorization no order will use (a changed basket, stock gone, the order cancelled). */
export async function voidPayment(ctx: PaymentCtx, id: string, now: Date): Promise<boolean> {
  const payment = await load(ctx, id);
  if (!["authorized", "pending", "requires_action"].includes(payment.status)) return false;
  if (payment.capturedAmount > 0) return false;
  await gatewayOf(ctx.config, payment.provider).void(payment, `vitrine-void-${payment.id}`);
  const moved = await transitionPayment(ctx, id, ["authorized", "pending", "requires_action"], "voided", now);
  if (moved) {
    await ctx.db.updateTable("payment").set({ released_amount: payment.amount }).where("id", "=", id).execute();
    await addPaymentEvent(ctx, id, { kind: "voided", amount: payment.amount, providerRef: payment.providerRef }, now);
  }
  return moved;
}

/**
 * A package ships: captures its value from the authorization (`final`: the last package, the rest of the
 * hold). Returns the amount captured (0 when nothing is left to capture).
 */
export async function captureForShipment(
  ctx: PaymentCtx,
  id: string,
  amount: number,
  final: boolean,
  key: string,
  now: Date,
): Promise<number> {
  const payment = await load(ctx, id);
  const left = capturable(payment);
  const want = final ? left : Math.min(amount, left);
  if (want <= 0) return 0;
  const done = await gatewayOf(ctx.config, payment.provider).capture(payment, want, want === left, key);
  const rest = left - done.captured;
  const settled = !done.more || rest <= 0;
  const result = await ctx.db
    .updateTable("payment")
    .set({
      captured_amount: sql<number>`captured_amount + ${done.captured}`,
      // A provider that captures once releases what it did not capture.
      released_amount: settled ? sql<number>`released_amount + ${rest}` : sql<number>`released_amount`,
      status: settled ? "captured" : "authorized",
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "authorized")
    .where("captured_amount", "=", payment.capturedAmount)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    // A webhook or the reconciliation may have read this very capture from the provider first (settleWithProvider).
    const after = await load(ctx, id);
    if (after.capturedAmount !== payment.capturedAmount + done.captured)
      throw new Error(`payment ${id} changed during its capture`);
    return done.captured;
  }
  await addPaymentEvent(ctx, id, { kind: "captured", amount: done.captured, providerRef: done.ref }, now);
  return done.captured;
}

/**
 * Pays `amount` back: first what is still only authorized (released, never taken), then captured money refunded
 * through the provider. False when the payment does not hold that much.
 */
export async function refundThroughProvider(
  ctx: PaymentCtx,
  id: string,
  amount: number,
  key: string,
  now: Date,
): Promise<boolean> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return false;
  const payment = await load(ctx, id);
  const hold = capturable(payment);
  const release = Math.min(amount, hold);
  const refund = amount - release;
  if (refund > refundable(payment)) return false;
  const gateway = gatewayOf(ctx.config, payment.provider);
  let ref: string | null = null;
  if (refund > 0) ref = (await gateway.refund(payment, refund, key)).ref;
  // Nothing left to capture and nothing captured: the hold is voided at the provider.
  const voidsHold = release > 0 && release === hold && payment.capturedAmount === 0;
  if (voidsHold) await gateway.void(payment, `vitrine-void-${payment.id}`);
  const refundedAll = payment.refundedAmount + refund >= payment.capturedAmount && release === hold;
  const status: PaymentStatus = voidsHold
    ? "voided"
    : refundedAll && payment.capturedAmount > 0
      ? "refunded"
      : release === hold && hold > 0
        ? "captured"
        : payment.status;
  const result = await ctx.db
    .updateTable("payment")
    .set({
      released_amount: sql<number>`released_amount + ${release}`,
      refunded_amount: sql<number>`refunded_amount + ${refund}`,
      status,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("refunded_amount", "=", payment.refundedAmount)
    .where("released_amount", "=", payment.releasedAmount)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    // A webhook or the reconciliation may have read this very refund from the provider first (settleWithProvider).
    const after = await load(ctx, id);
    if (release > 0 || after.refundedAmount !== payment.refundedAmount + refund)
      throw new Error(`payment ${id} changed during its refund`);
    return true;
  }
  if (release > 0) await addPaymentEvent(ctx, id, { kind: voidsHold ? "voided" : "released", amount: release }, now);
  if (refund > 0) await addPaymentEvent(ctx, id, { kind: "refunded", amount: refund, providerRef: ref }, now);
  return true;
}

/** A change made at the provider, not through the shop, now in the shop's ledger. */
export interface ProviderDifference {
  kind: "captured" | "refunded" | "voided" | "released";
  amount: number;
}

/** The payment events' detail of a change the shop learned from its provider (the back office says so). */
export const AT_PROVIDER = "at_provider";

const PAST_AUTHORIZATION: PaymentStatus[] = ["authorized", "captured", "refunded"];

/**
 * Brings the ledger of a payment past its authorization to the provider's amounts: a refund, a capture or a
 * cancelled hold made in the provider's dashboard. Amounts only grow (the provider keeps the money's history), so
 * a webhook, the reconciliation and a second call agree. Returns what changed (empty: the ledger matches).
 */
export async function settleWithProvider(ctx: PaymentCtx, id: string, now: Date): Promise<ProviderDifference[]> {
  const payment = await load(ctx, id);
  if (!PAST_AUTHORIZATION.includes(payment.status)) return [];
  const amounts = await gatewayOf(ctx.config, payment.provider).amounts(payment);
  const checked = ctx.db.updateTable("payment").set({ provider_checked_at: now.toISOString() }).where("id", "=", id);
  if (!amounts) {
    await checked.execute();
    return [];
  }
  const captured = Math.min(payment.amount, Math.max(payment.capturedAmount, amounts.captured));
  const refunded = Math.min(captured, Math.max(payment.refundedAmount, amounts.refunded));
  const hold = payment.amount - captured - payment.releasedAmount;
  const holdEnded = payment.status === "authorized" && hold > 0 && (amounts.voided || amounts.capturable <= 0);
  const differences: ProviderDifference[] = [];
  if (captured > payment.capturedAmount)
    differences.push({ kind: "captured", amount: captured - payment.capturedAmount });
  if (holdEnded) differences.push({ kind: captured === 0 ? "voided" : "released", amount: hold });
  if (refunded > payment.refundedAmount)
    differences.push({ kind: "refunded", amount: refunded - payment.refundedAmount });
  if (differences.length === 0) {
    await checked.execute();
    return [];
  }
  const settled = holdEnded || hold <= 0;
  const status: PaymentStatus =
    holdEnded && captured === 0
      ? "voided"
      : settled && captured > 0 && refunded >= captured
        ? "refunded"
        : settled && captured > 0
          ? "captured"
          : payment.status;
  const result = await ctx.db
    .updateTable("payment")
    .set({
      captured_amount: captured,
      refunded_amount: refunded,
      released_amount: payment.releasedAmount + (holdEnded ? hold : 0),
      status,
      updated_at: now.toISOString(),
      provider_checked_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("captured_amount", "=", payment.capturedAmount)
    .where("refunded_amount", "=", payment.refundedAmount)
    .where("released_amount", "=", payment.releasedAmount)
    .executeTakeFirst();
  // Changed by the shop meanwhile (a shipment's capture, a refund): the next check compares again.
  if (Number(result.numUpdatedRows) !== 1) return [];
  for (const difference of differences) {
    await addPaymentEvent(
      ctx,
      id,
      { kind: difference.kind, amount: difference.amount, providerRef: payment.providerRef, detail: AT_PROVIDER },
      now,
    );
  }
  return differences;
}

/** Payments past authorization at a provider, those compared longest ago first (the reconciliation's share). */
export async function paymentsToCompare(ctx: Pick<Ctx, "db">, changedAfter: string, limit: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom("payment")
    .select("id")
    .where("provider", "!=", "sandbox")
    .where("status", "in", PAST_AUTHORIZATION)
    .where("updated_at", ">", changedAfter)
    .orderBy(sql`coalesce(provider_checked_at, '')`)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** What a payment can still pay back (held or captured, less what went back). */
export async function paymentRefundable(ctx: Pick<Ctx, "db">, id: string): Promise<number> {
  const payment = await getPayment(ctx, id);
  return payment ? capturable(payment) + refundable(payment) : 0;
}

export { ProviderError };

/** The back office's payment section of an order: the provider's reference, the amounts, the history. */
export interface PaymentPanel {
  provider: string;
  providerRef: string | null;
  authorizationRef: string | null;
  status: string;
  authorized: number;
  captured: number;
  released: number;
  refunded: number;
  currency: string;
  dashboardUrl: string | null;
  testMode: boolean;
  events: Awaited<ReturnType<typeof paymentEvents>>;
}

export async function paymentPanel(ctx: PaymentCtx, paymentId: string | null): Promise<PaymentPanel | null> {
  const payment = paymentId ? await getPayment(ctx, paymentId) : null;
  if (!payment) return null;
  const gateway = gatewayOf(ctx.config, payment.provider);
  return {
    provider: payment.provider,
    providerRef: payment.providerRef,
    authorizationRef: payment.authorizationRef,
    status: payment.status,
    authorized: payment.authorizedAt || payment.provider === "sandbox" ? payment.amount : 0,
    captured: payment.capturedAmount,
    released: payment.releasedAmount,
    refunded: payment.refundedAmount,
    currency: payment.currency,
    dashboardUrl: gateway.dashboardUrl(payment),
    testMode: gateway.testMode,
    events: await paymentEvents(ctx, payment.id),
  };
}

/** Payments for the reconciliation (checkout/reconcile.ts), oldest first. */
export async function paymentsToReconcile(
  ctx: Pick<Ctx, "db">,
  kind: "open" | "orphaned",
  changedBefore: string,
  limit: number,
): Promise<{ id: string; provider: string; createdAt: string }[]> {
  const rows = await ctx.db
    .selectFrom("payment")
    .select(["id", "provider", "created_at"])
    .$if(kind === "open", (q) => q.where("status", "in", ["pending", "requires_action"]))
    .$if(kind === "orphaned", (q) => q.where("status", "=", "authorized").where("order_id", "is", null))
    .where("updated_at", "<", changedBefore)
    .orderBy("updated_at")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, provider: r.provider, createdAt: r.created_at }));
}

/** Authorizations of orders at a provider held since before `authorizedBefore` (about to lapse). */
export async function expiringAuthorizations(
  ctx: Pick<Ctx, "db">,
  provider: string,
  authorizedBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom("payment")
    .select("id")
    .where("provider", "=", provider)
    .where("status", "=", "authorized")
    .where("order_id", "is not", null)
    .where("authorized_at", "<", authorizedBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
