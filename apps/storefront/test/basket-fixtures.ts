import { createDatabase, type Db } from "@vitrine/commerce";

/**
 * Finds demo-catalogue variants for basket tests in the database of the running test shop (the same SQLite file
 * or PostgreSQL schema `startTestShop()` configured through the environment).
 */
export function openShopDatabase(): Db {
  return createDatabase({
    url: process.env.DATABASE_URL || undefined,
    ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
    poolSize: 2,
  });
}

export interface DemoVariants {
  /** Variants with plenty of stock, of different products, sold in every store. */
  inStock: number[];
  soldOut: number;
  /** A variant with little stock (quantity between 1 and 3). */
  lowStock: { id: number; stock: number };
  /** Socks variants (3 for 2), of different products where possible. */
  socks: number[];
  /** A product with stock, for the wishlist. */
  productId: number;
}

export async function findDemoVariants(db: Db): Promise<DemoVariants> {
  const base = db
    .selectFrom("variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .innerJoin("variant_price as de", (j) => j.onRef("de.variant_id", "=", "v.id").on("de.price_zone", "=", "DE"))
    .innerJoin("variant_price as ch", (j) => j.onRef("ch.variant_id", "=", "v.id").on("ch.price_zone", "=", "CH"));
  const inStockRows = await base
    .select(["v.id", "v.product_id"])
    .where("v.stock_quantity", ">=", 15)
    .where("p.product_type", "not in", ["socks", "tshirt", "top"])
    .orderBy("v.id")
    .limit(400)
    .execute();
  const seen = new Set<number>();
  const inStock: number[] = [];
  for (const row of inStockRows) {
    if (seen.has(row.product_id)) continue;
    seen.add(row.product_id);
    inStock.push(row.id);
  }
  const soldOut = await base
    .select("v.id")
    .where("v.stock_quantity", "=", 0)
    .where("v.sellable_without_stock", "=", 0)
    .orderBy("v.id")
    .executeTakeFirstOrThrow();
  const low = await base
    .select(["v.id", "v.stock_quantity"])
    .where("v.stock_quantity", ">=", 1)
    .where("v.stock_quantity", "<=", 3)
    .where("v.sellable_without_stock", "=", 0)
    .orderBy("v.id")
    .executeTakeFirstOrThrow();
  const socks = await base
    .select("v.id")
    .where("p.product_type", "=", "socks")
    .where("v.stock_quantity", ">=", 5)
    .orderBy("v.id")
    .limit(3)
    .execute();
  const firstInStock = inStockRows[0];
  if (!firstInStock || socks.length === 0) throw new Error("the demo catalogue lacks the variants the tests need");
  return {
    inStock,
    soldOut: soldOut.id,
    lowStock: { id: low.id, stock: low.stock_quantity },
    socks: socks.map((s) => s.id),
    productId: firstInStock.product_id,
  };
}
