import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("category")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("parent_id", "integer", (c) => c.references("category.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", notNull)
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("regular"))
    .addColumn("is_sale", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tracking_key", "text", notNull)
    .addColumn("shop_base_category", "text", notNull)
    .addColumn("product_type", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("category_parent_idx").on("category").column("parent_id").execute();

  await db.schema
    .createTable("category_translation")
    .addColumn("category_id", "integer", (c) => c.notNull().references("category.id").onDelete("cascade"))
    .addColumn("language", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("category_translation_pk", ["category_id", "language"])
    .execute();
  await db.schema
    .createIndex("category_translation_slug_idx")
    .on("category_translation")
    .columns(["language", "slug"])
    .execute();

  await db.schema
    .createTable("product")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("master_key", "text", notNull)
    .addColumn("reference_key", "text", (c) => c.notNull().unique())
    .addColumn("brand", "text", notNull)
    .addColumn("product_type", "text", notNull)
    .addColumn("color_id", "text", notNull)
    .addColumn("pattern", "text", (c) => c.notNull().defaultTo("plain"))
    .addColumn("material", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("fit", "text")
    .addColumn("care", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("season_month", "integer", notNull)
    .addColumn("season_year", "integer", notNull)
    .addColumn("campaign", "text")
    .addColumn("arrival_date", "text", notNull)
    .addColumn("promotion_id", "text")
    .addColumn("attributes", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema.createIndex("product_master_idx").on("product").column("master_key").execute();

  await db.schema
    .createTable("product_translation")
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("language", "text", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("free_text_badge", "text")
    .addPrimaryKeyConstraint("product_translation_pk", ["product_id", "language"])
    .execute();

  await db.schema
    .createTable("product_category")
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("category.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_category_pk", ["product_id", "category_id"])
    .execute();
  await db.schema.createIndex("product_category_cat_idx").on("product_category").column("category_id").execute();

  await db.schema
    .createTable("product_image")
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("asset_name", "text", notNull)
    .addColumn("position", "integer", notNull)
    .addColumn("path", "text", notNull)
    .addPrimaryKeyConstraint("product_image_pk", ["product_id", "asset_name"])
    .execute();

  await db.schema
    .createTable("variant")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("size", "text", notNull)
    .addColumn("position", "integer", notNull)
    .addColumn("ean", "text")
    .addColumn("stock_quantity", "integer", notNull)
    .addColumn("sellable_without_stock", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_min_days", "integer", notNull)
    .addColumn("delivery_max_days", "integer", notNull)
    .execute();
  await db.schema.createIndex("variant_product_idx").on("variant").column("product_id").execute();

  await db.schema
    .createTable("variant_price")
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variant.id").onDelete("cascade"))
    .addColumn("price_zone", "text", notNull)
    .addColumn("currency", "text", notNull)
    .addColumn("list_price", "integer", notNull)
    .addColumn("sale_price", "integer")
    .addColumn("reduction_category", "text")
    .addPrimaryKeyConstraint("variant_price_pk", ["variant_id", "price_zone"])
    .execute();

  await withAutoId(db, db.schema.createTable("catalog_change"))
    .addColumn("entity", "text", notNull)
    .addColumn("entity_id", "text", notNull)
    .addColumn("changed_at", "text", notNull)
    .execute();

  await db.schema
    .createTable("promotion")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("priority", "integer", notNull)
    .addColumn("effect_type", "text", notNull)
    .addColumn("effect", "text", notNull)
    .addColumn("conditions", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("color_hex", "text", notNull)
    .addColumn("names", "text", notNull)
    .addColumn("store_codes", "text", notNull)
    .addColumn("valid_from", "text", notNull)
    .addColumn("valid_to", "text", notNull)
    .execute();

  await db.schema
    .createTable("outfit")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("names", "text", notNull)
    .addColumn("descriptions", "text", notNull)
    .addColumn("gender", "text", notNull)
    .addColumn("product_ids", "text", notNull)
    .execute();

  await db.schema
    .createTable("physical_store")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", notNull)
    .addColumn("street", "text", notNull)
    .addColumn("zip_code", "text", notNull)
    .addColumn("city", "text", notNull)
    .addColumn("country_code", "text", notNull)
    .addColumn("latitude", "real", notNull)
    .addColumn("longitude", "real", notNull)
    .addColumn("phone", "text", notNull)
    .addColumn("email", "text", notNull)
    .addColumn("opening_hours", "text", notNull)
    .execute();

  await db.schema
    .createTable("store_stock")
    .addColumn("store_id", "text", (c) => c.notNull().references("physical_store.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variant.id").onDelete("cascade"))
    .addColumn("quantity", "integer", notNull)
    .addPrimaryKeyConstraint("store_stock_pk", ["store_id", "variant_id"])
    .execute();
  await db.schema.createIndex("store_stock_variant_idx").on("store_stock").column("variant_id").execute();

  await withAutoId(db, db.schema.createTable("redirect"))
    .addColumn("source_path", "text", notNull)
    .addColumn("store_code", "text", notNull)
    .addColumn("target", "text", notNull)
    .addColumn("status_code", "integer", notNull)
    .addColumn("created_at", "text", notNull)
    .addUniqueConstraint("redirect_source_uq", ["source_path", "store_code"])
    .execute();

  await db.schema
    .createTable("setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withAutoId(db, db.schema.createTable("content_entry"))
    .addColumn("language", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("page_type", "text", notNull)
    .addColumn("title", "text", notNull)
    .addColumn("seo_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("draft_blocks", "text", notNull)
    .addColumn("published_blocks", "text")
    .addColumn("published_at", "text")
    .addColumn("updated_at", "text", notNull)
    .addUniqueConstraint("content_entry_uq", ["language", "page_type", "slug"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    "content_entry",
    "setting",
    "redirect",
    "store_stock",
    "physical_store",
    "outfit",
    "promotion",
    "catalog_change",
    "variant_price",
    "variant",
    "product_image",
    "product_category",
    "product_translation",
    "product",
    "category_translation",
    "category",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
