import { sql } from "kysely";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";

/**
 * Stock movements of the catalogue: orders take units, cancellations put them back. Both run inside the caller's
 * transaction (`trx`), so an order that fails later takes nothing. Each raises the variant's `stock_version`, which
 * an export carries: a catalogue import sets stock only where it has not moved since (catalog/import.ts).
 */

export interface StockLine {
  variantId: number;
  quantity: number;
}

export type TakeStockResult = { ok: true } | { ok: false; error: "OutOfStock"; variantIds: number[] };

/** Sums quantities per variant and sorts by variant id: every transaction locks rows in the same order (no deadlock). */
function byVariant(lines: readonly StockLine[]): [number, number][] {
  const totals = new Map<number, number>();
  for (const line of lines) {
    if (line.quantity > 0) totals.set(line.variantId, (totals.get(line.variantId) ?? 0) + line.quantity);
  }
  return [...totals].sort((a, b) => a[0] - b[0]);
}

/**
 * Takes the units of an order. A variant in stock loses the quantity only when that many are there: one atomic
 * conditional update, so concurrent orders of the last units cannot oversell (PostgreSQL re-checks the condition
 * on the row it waited for; SQLite runs one writer at a time). A variant sold without stock takes what is there
 * and sells the rest without stock. Any variant short of units: nothing is taken (the caller rolls back) and
 * every short variant is named.
 */
export async function takeStock(
  ctx: Pick<Ctx, "db">,
  lines: readonly StockLine[],
  now: Date,
): Promise<TakeStockResult> {
  const { db: trx } = ctx;
  const short: number[] = [];
  const touched: number[] = [];
  for (const [variantId, quantity] of byVariant(lines)) {
    const taken = await trx
      .updateTable("variant")
      .set({ stock_quantity: sql<number>`stock_quantity - ${quantity}`, stock_version: sql<number>`stock_version + 1` })
      .where("id", "=", variantId)
      .where("stock_quantity", ">=", quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) {
      touched.push(variantId);
      continue;
    }
    const backorder = await trx
      .updateTable("variant")
      .set({ stock_quantity: 0, stock_version: sql<number>`stock_version + 1` })
      .where("id", "=", variantId)
      .where("sellable_without_stock", "=", 1)
      .executeTakeFirst();
    if (Number(backorder.numUpdatedRows) === 1) touched.push(variantId);
    else short.push(variantId);
  }
  if (short.length > 0) return { ok: false, error: "OutOfStock", variantIds: short };
  await recordStockChange(trx, touched, now);
  return { ok: true };
}

/** Puts units back (a cancelled order, returned items). */
export async function putBackStock(ctx: Pick<Ctx, "db">, lines: readonly StockLine[], now: Date): Promise<void> {
  const { db: trx } = ctx;
  const touched: number[] = [];
  for (const [variantId, quantity] of byVariant(lines)) {
    await trx
      .updateTable("variant")
      .set({ stock_quantity: sql<number>`stock_quantity + ${quantity}`, stock_version: sql<number>`stock_version + 1` })
      .where("id", "=", variantId)
      .execute();
    touched.push(variantId);
  }
  await recordStockChange(trx, touched, now);
}

/**
 * Stock decides "sold out" in listings and on product pages: one `stock.changed` event per product whose variants
 * moved, in the transaction that moved them, so every process's search index and page cache follow.
 */
async function recordStockChange(trx: Db, variantIds: readonly number[], now: Date): Promise<void> {
  if (variantIds.length === 0) return;
  const rows = await trx
    .selectFrom("variant")
    .select(["id", "product_id"])
    .where("id", "in", variantIds)
    .orderBy("product_id")
    .orderBy("id")
    .execute();
  const byProduct = new Map<number, number[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row.id]);
  await publishEvents(
    trx,
    [...byProduct].map(([productId, ids]) => ({
      type: "stock.changed" as const,
      entity: "product",
      entityId: productId,
      payload: { variantIds: ids },
    })),
    now,
  );
}
