import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/** Baskets and wishlists: one per shopper (browser or customer) and store, with their lines. */
export async function up(db: MigrationDb): Promise<void> {
  await withAutoId(db, db.schema.createTable("basket"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("store_code", "text", notNull)
    .addColumn("owner_kind", "text", notNull)
    .addColumn("owner_id", "text", notNull)
    .addColumn("custom_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addUniqueConstraint("basket_owner_uq", ["store_code", "owner_kind", "owner_id"])
    .execute();
  await db.schema.createIndex("basket_owner_idx").on("basket").columns(["owner_kind", "owner_id"]).execute();

  await db.schema
    .createTable("basket_item")
    .addColumn("basket_id", "integer", (c) => c.notNull().references("basket.id").onDelete("cascade"))
    .addColumn("key", "text", notNull)
    .addColumn("variant_id", "integer", notNull)
    .addColumn("product_id", "integer", notNull)
    .addColumn("group_key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quantity", "integer", notNull)
    .addColumn("promotion_id", "text")
    .addColumn("item_group_id", "text")
    .addColumn("item_group_main", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("item_group_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("custom_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("display_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("position", "integer", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addPrimaryKeyConstraint("basket_item_pk", ["basket_id", "key"])
    .addUniqueConstraint("basket_item_line_uq", ["basket_id", "variant_id", "group_key"])
    .execute();

  await withAutoId(db, db.schema.createTable("wishlist"))
    .addColumn("store_code", "text", notNull)
    .addColumn("owner_kind", "text", notNull)
    .addColumn("owner_id", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addUniqueConstraint("wishlist_owner_uq", ["store_code", "owner_kind", "owner_id"])
    .execute();
  await db.schema.createIndex("wishlist_owner_idx").on("wishlist").columns(["owner_kind", "owner_id"]).execute();

  await db.schema
    .createTable("wishlist_item")
    .addColumn("wishlist_id", "integer", (c) => c.notNull().references("wishlist.id").onDelete("cascade"))
    .addColumn("key", "text", notNull)
    .addColumn("product_id", "integer", notNull)
    .addColumn("variant_id", "integer")
    .addColumn("position", "integer", notNull)
    .addColumn("created_at", "text", notNull)
    .addPrimaryKeyConstraint("wishlist_item_pk", ["wishlist_id", "key"])
    .addUniqueConstraint("wishlist_item_product_uq", ["wishlist_id", "product_id"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["wishlist_item", "wishlist", "basket_item", "basket"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
