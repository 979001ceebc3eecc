import type { MigrationDb } from "../migration-helpers.ts";

/**
 * The page a content entry translates: entries of one page in its languages share a key (`shipping` for
 * `versand`, `livraison` and `shipping`), so the language switch and the footer find a page's other slugs in the
 * database instead of in the shipped demo content.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("content_entry").addColumn("page_key", "text").execute();
  await db.schema.createIndex("content_entry_page_key").on("content_entry").columns(["page_key", "language"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("content_entry_page_key").execute();
  await db.schema.alterTable("content_entry").dropColumn("page_key").execute();
}
