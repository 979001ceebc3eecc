import { type MigrationDb, notNull } from "../migration-helpers.ts";

/**
 * Catalogue imports started in the back office (issue 21): each runs in the background of the process that took
 * the upload and writes its progress and result here, so the page polling it may be answered by any process.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("catalog_import_job")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("format", "text", notNull)
    .addColumn("file_name", "text", notNull)
    .addColumn("actor", "text", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("phase", "text", notNull)
    .addColumn("done", "integer", notNull)
    .addColumn("total", "integer")
    .addColumn("result", "text")
    .addColumn("started_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("catalog_import_job").execute();
}
