import { sql } from "kysely";
import { type MigrationDb, notNull } from "../migration-helpers.ts";

/**
 * The back office's catalogue (issue 21): a product's `status` (`active` in the shop, `hidden` or `archived` out of
 * it but kept), tombstones of deleted products and their variants (their pages answer 410 Gone), and
 * indexes the product list's filters use at 100,000 products.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("product")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .execute();
  await db.schema.createIndex("product_status_idx").on("product").columns(["status", "id"]).execute();
  await db.schema.createIndex("product_brand_idx").on("product").columns(["brand", "id"]).execute();
  await db.schema.createIndex("product_category_product_idx").on("product_category").column("product_id").execute();
  await db.schema.createIndex("variant_ean_idx").on("variant").column("ean").execute();
  // Only reduced prices: the list's "on sale" filter reads these few rows instead of every price.
  await db.schema
    .createIndex("variant_price_sale_idx")
    .on("variant_price")
    .column("variant_id")
    .where(sql.ref("sale_price"), "is not", null)
    .execute();
  await db.schema
    .createTable("product_tombstone")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("reference_key", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("deleted_at", "text", notNull)
    .execute();
  await db.schema
    .createTable("product_tombstone_variant")
    .addColumn("variant_id", "integer", (c) => c.primaryKey())
    .addColumn("product_id", "integer", notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("product_tombstone_variant").execute();
  await db.schema.dropTable("product_tombstone").execute();
  await db.schema.dropIndex("variant_price_sale_idx").execute();
  await db.schema.dropIndex("variant_ean_idx").execute();
  await db.schema.dropIndex("product_category_product_idx").execute();
  await db.schema.dropIndex("product_brand_idx").execute();
  await db.schema.dropIndex("product_status_idx").execute();
  await db.schema.alterTable("product").dropColumn("status").execute();
}
