import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliActor } from "../audit/audit.ts";
import { V } from "../basket/test-fixtures.ts";
import { submitOrder } from "../checkout/service.ts";
import {
  addToBasket,
  type CheckoutTestContext,
  createCheckoutTestContext,
  fillCheckout,
  NOW,
  newKey,
  placed,
  stockOf,
} from "../checkout/test-support.ts";
import { addDays, fixedClock } from "../clock.ts";
import { testCtx } from "../db/testing.ts";
import type { PaymentMethodId } from "../payments/methods.ts";
import { cancelUnpaidPrepayments, UNPAID_PREPAYMENT_REASON } from "./expiry.ts";
import { getOrderByNumber } from "./orders.ts";
import { markOrderPaid } from "./status.ts";

const TEST_ACTOR = cliActor("test");

let t: CheckoutTestContext;
beforeAll(async () => {
  t = await createCheckoutTestContext();
});
afterAll(async () => {
  await t?.destroy();
});

async function newOrder(payment: PaymentMethodId) {
  const ctx = t.ctx("de");
  const shopper = t.guest();
  await addToBasket(ctx, shopper, V.teeM, 2);
  await fillCheckout(ctx, shopper, { payment });
  return placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
}

/** The job's context on a given day after the orders were placed. */
const jobCtx = (days: number, cancelDays = 10) =>
  testCtx(t.accounts.db, { clock: fixedClock(addDays(NOW, days)), config: { PREPAYMENT_CANCEL_DAYS: cancelDays } });

describe("cancelling unpaid prepayment orders", () => {
  it("cancels prepayment orders unpaid after the period: stock back, history, cancellation mail queued", async () => {
    const stockBefore = await stockOf(t.accounts.db, V.teeM);
    const unpaid = await newOrder("prepayment");
    const paid = await newOrder("prepayment");
    const invoice = await newOrder("invoice");
    expect(await stockOf(t.accounts.db, V.teeM)).toBe(stockBefore - 6);
    expect((await markOrderPaid(jobCtx(0), TEST_ACTOR, paid.number)).ok).toBe(true);

    // Not yet: nine days and a bit.
    expect(await cancelUnpaidPrepayments(jobCtx(9.9))).toEqual({ cancelled: [], skipped: [] });

    const mailsBefore = await t.accounts.db.selectFrom("mail_outbox").select("id").execute();
    const report = await cancelUnpaidPrepayments(jobCtx(10.1));
    expect(report).toEqual({ cancelled: [unpaid.number], skipped: [] });

    const cancelled = await getOrderByNumber(jobCtx(11), unpaid.number);
    expect(cancelled?.status).toBe("cancelled");
    expect(cancelled?.history.at(-1)).toMatchObject({ type: "cancelled", data: { reason: UNPAID_PREPAYMENT_REASON } });
    expect((await getOrderByNumber(jobCtx(11), paid.number))?.status).toBe("paid");
    expect((await getOrderByNumber(jobCtx(11), invoice.number))?.status).toBe("placed");
    expect(await stockOf(t.accounts.db, V.teeM)).toBe(stockBefore - 4);

    const mails = await t.accounts.db
      .selectFrom("mail_outbox")
      .select(["kind", "recipient"])
      .where("id", "not in", mailsBefore.length ? mailsBefore.map((m) => m.id) : [-1])
      .execute();
    expect(mails).toEqual([{ kind: "order-cancelled", recipient: unpaid.email }]);

    // A second run finds nothing left to cancel.
    expect(await cancelUnpaidPrepayments(jobCtx(12))).toEqual({ cancelled: [], skipped: [] });
  });

  it("follows the period setting", async () => {
    const order = await newOrder("prepayment");
    expect((await cancelUnpaidPrepayments(jobCtx(3, 5))).cancelled).not.toContain(order.number);
    expect((await cancelUnpaidPrepayments(jobCtx(6, 5))).cancelled).toContain(order.number);
  });
});
