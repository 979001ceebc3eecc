import { type ExpressionBuilder, sql } from "kysely";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { Language, PriceZone } from "../shop/shops.ts";

/**
 * The catalogue as the sitemap needs it, in slices that stay small at 100,000 products and more: product ids
 * are split into buckets of `SITEMAP_BUCKET_SIZE` consecutive ids (one sitemap file each, far below the
 * protocol's 50,000 URLs), and a bucket is read in batches by id (keyset, no OFFSET).
 */
export const SITEMAP_BUCKET_SIZE = 10_000;
const BATCH_SIZE = 1000;

export interface SitemapBucket {
  bucket: number;
  products: number;
}

export interface SitemapProduct {
  id: number;
  name: string;
  /** Last change, ISO timestamp. */
  updatedAt: string;
}

/** Products sold in a price zone: in the shop, and at least one variant has a price there. */
function soldInZone(eb: ExpressionBuilder<Database & { p: Database["product"] }, "p">, zone: PriceZone) {
  return eb.and([
    eb("p.status", "=", "active"),
    eb.exists(
      eb
        .selectFrom("variant as v")
        .innerJoin("variant_price as vp", "vp.variant_id", "v.id")
        .select(sql.lit(1).as("one"))
        .whereRef("v.product_id", "=", "p.id")
        .where("vp.price_zone", "=", zone),
    ),
  ]);
}

/** The non-empty id buckets of the products sold in a zone, with their product counts. */
export async function productSitemapBuckets(ctx: Pick<Ctx, "db">, zone: PriceZone): Promise<SitemapBucket[]> {
  const { db } = ctx;
  const bucket = sql<number>`p.id / ${sql.lit(SITEMAP_BUCKET_SIZE)}`;
  const rows = await db
    .selectFrom("product as p")
    .select([bucket.as("bucket"), (eb) => eb.fn.countAll<number>().as("products")])
    .where((eb) => soldInZone(eb, zone))
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  return rows.map((r) => ({ bucket: Number(r.bucket), products: Number(r.products) }));
}

/** The products of one bucket sold in a zone, with their names in a language, in id order, batch by batch. */
export async function* productSitemapEntries(
  db: Db,
  options: { zone: PriceZone; language: Language; bucket: number; batchSize?: number },
): AsyncGenerator<SitemapProduct[]> {
  const first = options.bucket * SITEMAP_BUCKET_SIZE;
  const end = first + SITEMAP_BUCKET_SIZE;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let after = first - 1;
  for (;;) {
    const rows = await db
      .selectFrom("product as p")
      .innerJoin("product_translation as t", (j) =>
        j.onRef("t.product_id", "=", "p.id").on("t.language", "=", options.language),
      )
      .select(["p.id", "t.name", "p.updated_at"])
      .where("p.id", ">", after)
      .where("p.id", "<", end)
      .where((eb) => soldInZone(eb, options.zone))
      .orderBy("p.id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ id: Number(r.id), name: r.name, updatedAt: r.updated_at }));
    if (rows.length < batchSize) return;
    after = Number(rows[rows.length - 1]?.id);
  }
}
