import { resolveSecret } from "../config.ts";
import { type Ctx, shopCtx } from "../context.ts";
import { type AccountAuth, createAccountAuth } from "../customers/auth.ts";
import { ProviderError } from "../payments/gateways.ts";
import {
  captureForShipment,
  expiringAuthorizations,
  paymentsToCompare,
  paymentsToReconcile,
  settleWithProvider,
  syncPayment,
  voidPayment,
} from "../payments/money.ts";
import { getPayment } from "../payments/payments.ts";
import { shopByCode } from "../shop/shops.ts";
import { completeCheckoutPayment } from "./service.ts";

/**
 * The worker's payment reconciliation (job `payment-reconcile`): never an order without payment, never a payment
 * without an order or a refund.
 * - a payment still open at its provider after a while is read again (a webhook that never came);
 * - an authorized payment without an order (the shopper paid and closed the tab) gets its order, as if the
 *   shopper had come back; when the order cannot be placed any more (stock gone, basket changed) the
 *   authorization is voided;
 * - a payment that was never completed is cancelled at its provider after a day;
 * - an authorization about to expire (Stripe: 7 days, PayPal: 29) is captured for what is left of the order;
 * - the amounts of payments past authorization are compared with the provider's, those compared longest ago first:
 *   a refund, capture or cancelled hold made in the provider's dashboard comes into the ledger and the log.
 */

const MINUTE = 60_000;
/** The shopper's own return wins: a payment is the job's only after this. */
export const RECONCILE_AFTER_MS = 10 * MINUTE;
/** A payment never completed is given up after a day. */
export const ABANDON_AFTER_MS = 24 * 60 * MINUTE;
/** Capture this long before the provider lets the hold lapse. */
const HOLD_DAYS: Record<string, number> = { stripe: 6, paypal: 27 };
/** Payments changed this recently are compared with their provider (refunds come within the return window and after). */
export const COMPARE_DAYS = 120;
/** Payments compared per run. */
export const COMPARE_PER_RUN = 100;

export interface ReconcileReport {
  synced: number;
  placed: number;
  voided: number;
  captured: number;
  /** Payments whose ledger the provider's amounts changed. */
  settled: number;
  failed: number;
}

async function checkoutAuth(ctx: Ctx): Promise<AccountAuth> {
  return createAccountAuth({
    db: ctx.db,
    clock: ctx.clock,
    secret: await resolveSecret(ctx, ctx.clock.now()),
    baseURL: ctx.publicUrl,
    secureCookies: ctx.publicUrl.startsWith("https:"),
    passwordResetMail: () => {
      throw new Error("the payment reconciliation sends no password mails");
    },
  });
}

export async function reconcilePayments(ctx: Ctx): Promise<ReconcileReport> {
  const report: ReconcileReport = { synced: 0, placed: 0, voided: 0, captured: 0, settled: 0, failed: 0 };
  const now = ctx.clock.now();
  const settled = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  const abandoned = new Date(now.getTime() - ABANDON_AFTER_MS).toISOString();
  const attempt = async (id: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      report.failed++;
      ctx.log.warn({ paymentId: id, error: error.message }, "payment reconciliation: provider failed");
    }
  };

  // Open at the provider: read its state again; given up after a day.
  const open = await paymentsToReconcile(ctx, "open", settled, 200);
  for (const row of open) {
    await attempt(row.id, async () => {
      const payment = row.provider === "sandbox" ? await getPayment(ctx, row.id) : await syncPayment(ctx, row.id, now);
      report.synced++;
      if (
        payment &&
        (payment.status === "pending" || payment.status === "requires_action") &&
        row.createdAt < abandoned
      ) {
        if (await voidPayment(ctx, row.id, now)) report.voided++;
      }
    });
  }

  // Authorized without an order: place it for the shopper, or void it.
  const orphans = await paymentsToReconcile(ctx, "orphaned", settled, 100);
  let auth: AccountAuth | null = null;
  for (const row of orphans) {
    await attempt(row.id, async () => {
      const payment = await getPayment(ctx, row.id);
      const shop = shopByCode(payment?.storeCode);
      if (!payment || !shop) return;
      auth ??= await checkoutAuth(ctx);
      const shopper =
        payment.owner.kind === "customer"
          ? ({ kind: "customer", customerId: payment.owner.id } as const)
          : ({ kind: "guest", browserId: payment.owner.id } as const);
      const outcome = await completeCheckoutPayment({ ...shopCtx(ctx, shop), auth }, shopper, payment.id);
      if (outcome.ok && outcome.kind === "placed") {
        report.placed++;
        ctx.log.info({ paymentId: payment.id, order: outcome.order.number }, "payment reconciliation: order placed");
        return;
      }
      // Placement refused (it voids the payment itself); a void that failed there is tried again here.
      const after = await getPayment(ctx, payment.id);
      if (after?.status === "authorized" && after.orderId === null) await voidPayment(ctx, payment.id, now);
      report.voided++;
    });
  }

  // Holds about to lapse: captured for what is left of the order.
  for (const [provider, days] of Object.entries(HOLD_DAYS)) {
    const before = new Date(now.getTime() - days * 24 * 60 * MINUTE).toISOString();
    for (const id of await expiringAuthorizations(ctx, provider, before, 100)) {
      await attempt(id, async () => {
        const amount = await captureForShipment(ctx, id, 0, true, `vitrine-capture-expiry-${id}`, now);
        if (amount > 0) report.captured++;
      });
    }
  }

  // Changed at the provider, not by the shop: the ledger follows.
  const since = new Date(now.getTime() - COMPARE_DAYS * 24 * 60 * MINUTE).toISOString();
  for (const id of await paymentsToCompare(ctx, since, COMPARE_PER_RUN)) {
    await attempt(id, async () => {
      const differences = await settleWithProvider(ctx, id, now);
      if (differences.length === 0) return;
      report.settled++;
      ctx.log.warn({ paymentId: id, differences }, "payment reconciliation: changed at the provider");
    });
  }
  return report;
}
