import { sql } from "kysely";
import type { Ctx } from "../context.ts";

/**
 * Figures of a store for the back office's dashboard: orders, revenue, average basket, returns rate and top
 * products over today, the last 7 or the last 30 days (days in the shop's time zone, Europe/Berlin), a series per
 * hour (today) or per day, and the open work of the store (unpaid, to ship, returns to receive) whatever its age.
 * Cancelled orders count nowhere but in the open work's absence. Aggregated in SQL; the series comes back by UTC
 * hour and is folded into local hours or days here, so both dialects answer the same. The returns rate is the
 * units returned of the units the period's orders sold.
 */
export const STATS_PERIODS = [1, 7, 30] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_TIME_ZONE = "Europe/Berlin";

export interface StatsPoint {
  /** `2026-11-27` for a day, `2026-11-27T14` for an hour (local time). */
  bucket: string;
  orders: number;
  /** Cents. */
  revenue: number;
}

export interface TopProduct {
  productId: number;
  name: string;
  brand: string;
  units: number;
  /** Cents. */
  revenue: number;
}

export interface OrderStats {
  storeCode: string;
  days: StatsPeriod;
  /** ISO instants: from the start of the first local day to now. */
  from: string;
  to: string;
  orders: number;
  revenue: number;
  /** Revenue per order (cents, rounded); 0 without orders. */
  averageBasket: number;
  unitsSold: number;
  unitsReturned: number;
  /** Units returned of the units sold by the period's orders (0 to 1). */
  returnsRate: number;
  series: StatsPoint[];
  topProducts: TopProduct[];
  open: { unpaid: number; toShip: number; returnsToReceive: number };
}

const localParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: STATS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

/** The local date and hour of an instant: `2026-11-27`, `14`. */
function local(at: Date): { day: string; hour: string } {
  const parts = Object.fromEntries(localParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: parts.hour ?? "00" };
}

/** The instant a local day starts (the zone's offset at that day's noon; DST changes happen at night). */
function startOfLocalDay(day: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const { hour } = local(noonUtc);
  return new Date(noonUtc.getTime() - (Number(hour) - 12) * 3_600_000 - 12 * 3_600_000);
}

function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The figures of one store over the period ending now. */
export async function orderStats(
  ctx: Pick<Ctx, "db" | "clock">,
  input: { storeCode: string; days: StatsPeriod; topProducts?: number },
): Promise<OrderStats> {
  const now = ctx.clock.now();
  const today = local(now).day;
  const firstDay = addDays(today, 1 - input.days);
  const from = startOfLocalDay(firstDay).toISOString();
  const to = now.toISOString();
  const inPeriod = ctx.db
    .selectFrom("shop_order")
    .where("store_code", "=", input.storeCode)
    .where("status", "!=", "cancelled")
    .where("placed_at", ">=", from)
    .where("placed_at", "<=", to);

  const hourOf = sql<string>`substr(placed_at, 1, 13)`;
  const [byHour, sold, returned, top, unpaid, toShip, returnsToReceive] = await Promise.all([
    inPeriod
      .select([
        hourOf.as("hour"),
        (eb) => eb.fn.countAll<number>().as("orders"),
        (eb) => eb.fn.sum<number>("total").as("revenue"),
      ])
      .groupBy(hourOf)
      .execute(),
    ctx.db
      .selectFrom("order_line as l")
      .innerJoin("shop_order as o", "o.id", "l.order_id")
      .where("o.store_code", "=", input.storeCode)
      .where("o.status", "!=", "cancelled")
      .where("o.placed_at", ">=", from)
      .where("o.placed_at", "<=", to)
      .select((eb) => eb.fn.sum<number>("l.quantity").as("units"))
      .executeTakeFirst(),
    ctx.db
      .selectFrom("order_return_line as rl")
      .innerJoin("order_return as r", "r.id", "rl.return_id")
      .innerJoin("shop_order as o", "o.id", "r.order_id")
      .where("o.store_code", "=", input.storeCode)
      .where("o.status", "!=", "cancelled")
      .where("o.placed_at", ">=", from)
      .where("o.placed_at", "<=", to)
      .select((eb) => eb.fn.sum<number>("rl.quantity").as("units"))
      .executeTakeFirst(),
    ctx.db
      .selectFrom("order_line as l")
      .innerJoin("shop_order as o", "o.id", "l.order_id")
      .where("o.store_code", "=", input.storeCode)
      .where("o.status", "!=", "cancelled")
      .where("o.placed_at", ">=", from)
      .where("o.placed_at", "<=", to)
      .select([
        "l.product_id",
        (eb) => eb.fn.max("l.name").as("name"),
        (eb) => eb.fn.max("l.brand").as("brand"),
        (eb) => eb.fn.sum<number>("l.quantity").as("units"),
        (eb) => eb.fn.sum<number>("l.total").as("revenue"),
      ])
      .groupBy("l.product_id")
      .orderBy("units", "desc")
      .orderBy("revenue", "desc")
      .orderBy("l.product_id")
      .limit(input.topProducts ?? 5)
      .execute(),
    ctx.db
      .selectFrom("shop_order")
      .where("store_code", "=", input.storeCode)
      .where("status", "!=", "cancelled")
      .where("payment_status", "=", "awaiting_payment")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom("shop_order")
      .where("store_code", "=", input.storeCode)
      .where("status", "in", ["placed", "paid"])
      // A prepayment ships when the money is in; an invoice ships before it is paid.
      .where((eb) =>
        eb.or([
          eb("payment_method", "is", null),
          eb("payment_method", "!=", "prepayment"),
          eb("payment_status", "!=", "awaiting_payment"),
        ]),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom("order_return as r")
      .innerJoin("shop_order as o", "o.id", "r.order_id")
      .where("o.store_code", "=", input.storeCode)
      .where("r.status", "=", "registered")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);

  // Every bucket of the period, empty ones too (a chart shows the quiet hours and days).
  const buckets = new Map<string, StatsPoint>();
  if (input.days === 1) {
    const hours = Number(local(now).hour);
    for (let h = 0; h <= hours; h++) {
      const bucket = `${today}T${String(h).padStart(2, "0")}`;
      buckets.set(bucket, { bucket, orders: 0, revenue: 0 });
    }
  } else {
    for (let d = 0; d < input.days; d++) {
      const bucket = addDays(firstDay, d);
      buckets.set(bucket, { bucket, orders: 0, revenue: 0 });
    }
  }
  let orders = 0;
  let revenue = 0;
  for (const row of byHour) {
    const at = local(new Date(`${row.hour}:00:00Z`));
    const key = input.days === 1 ? `${at.day}T${at.hour}` : at.day;
    const point = buckets.get(key);
    const count = Number(row.orders);
    const sum = Number(row.revenue ?? 0);
    orders += count;
    revenue += sum;
    if (point) {
      point.orders += count;
      point.revenue += sum;
    }
  }
  const unitsSold = Number(sold?.units ?? 0);
  const unitsReturned = Number(returned?.units ?? 0);
  return {
    storeCode: input.storeCode,
    days: input.days,
    from,
    to,
    orders,
    revenue,
    averageBasket: orders > 0 ? Math.round(revenue / orders) : 0,
    unitsSold,
    unitsReturned,
    returnsRate: unitsSold > 0 ? unitsReturned / unitsSold : 0,
    series: [...buckets.values()],
    topProducts: top.map((r) => ({
      productId: r.product_id,
      name: String(r.name ?? ""),
      brand: String(r.brand ?? ""),
      units: Number(r.units),
      revenue: Number(r.revenue),
    })),
    open: { unpaid: Number(unpaid.n), toShip: Number(toShip.n), returnsToReceive: Number(returnsToReceive.n) },
  };
}
