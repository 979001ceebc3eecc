import type { MigrationDb } from "../migration-helpers.ts";

/**
 * The back office's catalogue editing (issue 24, item 1): a size removed from a product stays as a row marked
 * `removed_at` (orders, returns and cancellations still move its stock; the shop no longer sells it), a category
 * can be hidden from the shop (`hidden`), and a deleted product remembers its name in every language (`names`,
 * JSON) so an open basket can say in the shopper's language which product was removed.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("variant").addColumn("removed_at", "text").execute();
  await db.schema
    .alterTable("category")
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("product_tombstone")
    .addColumn("names", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("variant_product_size_idx").on("variant").columns(["product_id", "size"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("variant_product_size_idx").execute();
  await db.schema.alterTable("product_tombstone").dropColumn("names").execute();
  await db.schema.alterTable("category").dropColumn("hidden").execute();
  await db.schema.alterTable("variant").dropColumn("removed_at").execute();
}
