import type { MigrationDb } from "../migration-helpers.ts";

/**
 * Partial translations (issue 20): a product needs a name in one language only. It keeps a row per language in
 * `product_translation` (so every join by language finds a name); a row whose texts come from another language
 * along the fallback chain says which in `text_language` (null: the row's own language).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("product_translation").addColumn("text_language", "text").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("product_translation").dropColumn("text_language").execute();
}
