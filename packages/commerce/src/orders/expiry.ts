import { systemActor } from "../audit/audit.ts";
import { addDays } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { cancelOrder } from "./status.ts";

/**
 * Prepayment orders ship only once the transfer arrives; their units stay reserved meanwhile. An order still unpaid
 * `PREPAYMENT_CANCEL_DAYS` after placement is cancelled like an operator would cancel it (`cancelOrder`: stock back,
 * the history entry, the cancellation mail through the outbox), one order per transaction.
 */
export interface ExpiryReport {
  cancelled: string[];
  /** Orders that changed meanwhile (paid at the last moment): left alone. */
  skipped: string[];
}

export const UNPAID_PREPAYMENT_REASON = "prepayment not received";

export async function cancelUnpaidPrepayments(ctx: Ctx, options: { limit?: number } = {}): Promise<ExpiryReport> {
  const before = addDays(ctx.clock.now(), -ctx.config.PREPAYMENT_CANCEL_DAYS).toISOString();
  const due = await ctx.db
    .selectFrom("shop_order")
    .select("number")
    .where("payment_method", "=", "prepayment")
    .where("status", "=", "placed")
    .where("payment_status", "=", "awaiting_payment")
    .where("placed_at", "<", before)
    .orderBy("placed_at")
    .limit(options.limit ?? 200)
    .execute();
  const report: ExpiryReport = { cancelled: [], skipped: [] };
  for (const { number } of due) {
    // cancelOrder locks the order and checks its status again: a transfer booked in between wins.
    const result = await cancelOrder(ctx, systemActor("prepayment-expiry"), number, UNPAID_PREPAYMENT_REASON, {
      unlessPaid: true,
    });
    (result.ok ? report.cancelled : report.skipped).push(number);
  }
  return report;
}
