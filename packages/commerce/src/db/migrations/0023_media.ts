import { type MigrationDb, notNull } from "../migration-helpers.ts";

/**
 * The media module's tables (packages/commerce/src/media): uploaded pictures, stored once per content (the key
 * names the content's hash and the picture's size), and the alt text of each picture of a product per language.
 * Which pictures a product shows, in which order, stays the catalogue's (`product_image` rows whose path is
 * `media/{key}`).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("media_asset")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("width", "integer", notNull)
    .addColumn("height", "integer", notNull)
    .addColumn("bytes", "integer", notNull)
    .addColumn("source_type", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema
    .createTable("media_alt")
    .addColumn("product_id", "integer", notNull)
    .addColumn("path", "text", notNull)
    .addColumn("language", "text", notNull)
    .addColumn("alt", "text", notNull)
    .addPrimaryKeyConstraint("media_alt_pk", ["product_id", "path", "language"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("media_alt").execute();
  await db.schema.dropTable("media_asset").execute();
}
