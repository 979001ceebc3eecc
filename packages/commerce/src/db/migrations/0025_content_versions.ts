import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/**
 * Every published version of a content entry (packages/commerce/src/content/versions.ts): the history the back
 * office shows and rolls back to. A version keeps the page's title, SEO texts and blocks as they went live, who
 * published them and when.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withAutoId(db, db.schema.createTable("content_version"))
    .addColumn("entry_id", "integer", (c) => c.notNull().references("content_entry.id").onDelete("cascade"))
    .addColumn("title", "text", notNull)
    .addColumn("seo_title", "text", notNull)
    .addColumn("seo_description", "text", notNull)
    .addColumn("blocks", "text", notNull)
    .addColumn("published_at", "text", notNull)
    .addColumn("published_by", "text", notNull)
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("content_version_entry_idx").on("content_version").columns(["entry_id", "id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("content_version_entry_idx").execute();
  await db.schema.dropTable("content_version").execute();
}
