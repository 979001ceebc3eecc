import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "../audit/audit.ts";
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
} from "../checkout/test-support.ts";
import { fixedClock } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { testCtx } from "../db/testing.ts";
import type { PaymentMethodId } from "../payments/methods.ts";
import type { StoreCode } from "../shop/shops.ts";
import { registerReturn } from "./returns.ts";
import { orderStats } from "./stats.ts";
import { cancelOrder, deliverOrder, shipOrder } from "./status.ts";

const TEST_ACTOR = systemActor("test");

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite";
let t: CheckoutTestContext;
let orders: Ctx;
// Two hours after the orders were placed (NOW is 10:00 UTC, 12:00 in Berlin).
const LATER = new Date(NOW.getTime() + 2 * 3_600_000);

beforeAll(async () => {
  t = await createCheckoutTestContext();
  orders = testCtx(t.accounts.db, { clock: t.clock, config: { PUBLIC_URL: "https://shop.example" } });
});
afterAll(async () => {
  await t?.destroy();
});

async function newOrder(payment: PaymentMethodId, store: StoreCode, items: [variant: number, quantity: number][]) {
  const ctx = t.ctx(store);
  const shopper = t.guest();
  for (const [variant, quantity] of items) await addToBasket(ctx, shopper, variant, quantity);
  await fillCheckout(ctx, shopper, { payment });
  return placed(await submitOrder(ctx, shopper, { idempotencyKey: newKey() }));
}

describe(`order stats (${dialectName})`, () => {
  it("counts a store's orders, revenue, basket, returns rate, top products and open work per period", async () => {
    const shipped = await newOrder("invoice", "de", [[V.teeM, 3]]);
    const prepaid = await newOrder("prepayment", "de", [
      [V.teeM, 1],
      [V.jeans, 1],
    ]);
    const cod = await newOrder("cash_on_delivery", "de", [[V.jeans, 1]]);
    const cancelled = await newOrder("invoice", "de", [[V.jeans, 1]]);
    const austrian = await newOrder("invoice", "at", [[V.teeM, 5]]);
    const old = await newOrder("invoice", "de", [[V.teeM, 1]]);
    expect(austrian.storeCode).toBe("at");
    await cancelOrder(orders, TEST_ACTOR, cancelled.number);
    await shipOrder(orders, TEST_ACTOR, shipped.number, { carrier: "dhl", trackingNumber: "1234567892" });
    await deliverOrder(orders, TEST_ACTOR, shipped.number);
    const line = shipped.lines[0];
    if (!line) throw new Error("no line");
    const returned = await registerReturn(orders, shipped.number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "too_small" }],
    });
    expect(returned.ok).toBe(true);
    // Ten days earlier: in the 30 days, not in the 7.
    await t.accounts.db
      .updateTable("shop_order")
      .set({ placed_at: new Date(NOW.getTime() - 10 * 86_400_000).toISOString() })
      .where("id", "=", old.id)
      .execute();

    const ctx = { db: t.accounts.db, clock: fixedClock(LATER) };
    const week = await orderStats(ctx, { storeCode: "de", days: 7 });
    const counted = [shipped, prepaid, cod];
    const revenue = counted.reduce((sum, o) => sum + o.totals.total, 0);
    const units = counted.flatMap((o) => o.lines).reduce((sum, l) => sum + l.quantity, 0);
    expect(week).toMatchObject({
      storeCode: "de",
      days: 7,
      orders: 3,
      revenue,
      averageBasket: Math.round(revenue / 3),
      unitsSold: units,
      unitsReturned: 1,
      // Open work whatever the age: the old invoice order is unpaid and to ship too; the prepayment waits for money.
      open: { unpaid: 3, toShip: 2, returnsToReceive: 1 },
    });
    expect(week.returnsRate).toBeCloseTo(1 / units);
    expect(week.series).toHaveLength(7);
    expect(week.series.at(-1)).toEqual({ bucket: "2026-06-01", orders: 3, revenue });
    expect(week.series.slice(0, 6).every((p) => p.orders === 0)).toBe(true);
    expect(week.from).toBe("2026-05-25T22:00:00.000Z");
    const byProduct = new Map<number, number>();
    for (const l of counted.flatMap((o) => o.lines))
      byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
    expect(week.topProducts.map((p) => [p.productId, p.units])).toEqual(
      [...byProduct].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 5),
    );
    expect(week.topProducts[0]?.units).toBeGreaterThanOrEqual(4);

    const today = await orderStats(ctx, { storeCode: "de", days: 1 });
    expect(today.orders).toBe(3);
    // Hourly from local midnight to 14:00 Berlin time; the orders at 12:00.
    expect(today.series).toHaveLength(15);
    expect(today.series.find((p) => p.orders > 0)?.bucket).toBe("2026-06-01T12");

    const month = await orderStats(ctx, { storeCode: "de", days: 30 });
    expect(month.orders).toBe(4);
    expect(month.series).toHaveLength(30);
    expect(month.series.find((p) => p.bucket === "2026-05-22")?.orders).toBe(1);

    const at = await orderStats(ctx, { storeCode: "at", days: 7 });
    expect(at).toMatchObject({
      orders: 1,
      unitsSold: austrian.lines.reduce((sum, l) => sum + l.quantity, 0),
      revenue: austrian.totals.total,
    });
    expect((await orderStats(ctx, { storeCode: "ch-fr", days: 30 })).orders).toBe(0);
  });
});
