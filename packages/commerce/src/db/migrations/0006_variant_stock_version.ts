import type { MigrationDb } from "../migration-helpers.ts";

/**
 * A counter per variant that every stock movement raises (sales, cancellations, imports that set stock). An export
 * carries it, so an import that sets stock can tell that units sold since the export would be given back.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("variant")
    .addColumn("stock_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("variant").dropColumn("stock_version").execute();
}
