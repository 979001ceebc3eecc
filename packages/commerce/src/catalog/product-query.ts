import { sql } from "kysely";
import { isoDay } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { PriceZone } from "../shop/shops.ts";

/** Which products to pick for a short list (a content slider): the newest first. */
export interface ProductIdQuery {
  /** The store's price zone: only products sold there. */
  priceZone: PriceZone;
  /** Products in any of these categories (give a category and its descendants). */
  categoryIds?: readonly number[];
  /** Products that arrived on or after this day, and never products that have not arrived yet. */
  arrivedSince?: Date;
  today: Date;
  /** Only products with a reduced price in the zone. */
  reducedOnly?: boolean;
  /** Only products with at least one sellable variant. */
  sellableOnly?: boolean;
  /** One product per master (its newest colour): a short list shows different products, not colours. */
  onePerMaster?: boolean;
  limit: number;
}

/** Product ids for a query, newest arrival first (ties by id, so the order is stable). */
export async function findProductIds(ctx: Pick<Ctx, "db">, query: ProductIdQuery): Promise<number[]> {
  const { db } = ctx;
  if (query.limit <= 0 || (query.categoryIds && query.categoryIds.length === 0)) return [];
  let select = db
    .selectFrom("product as p")
    .select("p.id")
    .where("p.status", "=", "active")
    .where("p.arrival_date", "<=", isoDay(query.today))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("variant as v")
          .innerJoin("variant_price as vp", "vp.variant_id", "v.id")
          .select(sql<number>`1`.as("one"))
          .whereRef("v.product_id", "=", "p.id")
          .where("vp.price_zone", "=", query.priceZone)
          .$if(query.sellableOnly === true, (q) =>
            q.where((eb) => eb.or([eb("v.stock_quantity", ">", 0), eb("v.sellable_without_stock", "=", 1)])),
          )
          .$if(query.reducedOnly === true, (q) =>
            q.where("vp.sale_price", "is not", null).whereRef("vp.sale_price", "<", "vp.list_price"),
          ),
      ),
    );
  if (query.categoryIds) {
    const ids = [...query.categoryIds];
    select = select.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("product_category as pc")
          .select(sql<number>`1`.as("one"))
          .whereRef("pc.product_id", "=", "p.id")
          .where("pc.category_id", "in", ids),
      ),
    );
  }
  if (query.arrivedSince) select = select.where("p.arrival_date", ">=", isoDay(query.arrivedSince));
  if (query.onePerMaster) {
    const ranked = select
      .select([
        "p.arrival_date",
        sql<number>`row_number() over (partition by p.master_key order by p.arrival_date desc, p.id desc)`.as("rank"),
      ])
      .as("ranked");
    const rows = await db
      .selectFrom(ranked)
      .select("ranked.id")
      .where("ranked.rank", "=", 1)
      .orderBy("ranked.arrival_date", "desc")
      .orderBy("ranked.id", "desc")
      .limit(query.limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }
  const rows = await select.orderBy("p.arrival_date", "desc").orderBy("p.id", "desc").limit(query.limit).execute();
  return rows.map((r) => Number(r.id));
}
