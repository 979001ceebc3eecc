import { type MigrationDb, notNull } from "../migration-helpers.ts";

/**
 * Staging tables of the streaming catalogue import (packages/commerce/src/catalog/import.ts): an import reads its
 * file line by line into these, checks it there with SQL (duplicates, references, stock), and only then writes
 * the catalogue in one transaction, reading the staged records back in batches — so memory stays flat whatever
 * the size of the file, and nothing of a refused file reaches the shop.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("catalog_import_run")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("started_at", "text", notNull)
    .execute();
  await db.schema
    .createTable("catalog_import_record")
    .addColumn("run_id", "text", notNull)
    .addColumn("line", "integer", notNull)
    .addColumn("kind", "text", notNull)
    .addColumn("record_id", "integer", notNull)
    .addColumn("record_key", "text", notNull)
    .addColumn("body", "text", notNull)
    .addPrimaryKeyConstraint("catalog_import_record_pk", ["run_id", "line"])
    .execute();
  await db.schema
    .createIndex("catalog_import_record_id_idx")
    .on("catalog_import_record")
    .columns(["run_id", "kind", "record_id"])
    .execute();
  await db.schema
    .createIndex("catalog_import_record_key_idx")
    .on("catalog_import_record")
    .columns(["run_id", "kind", "record_key"])
    .execute();
  await db.schema
    .createTable("catalog_import_variant")
    .addColumn("run_id", "text", notNull)
    .addColumn("line", "integer", notNull)
    .addColumn("position", "integer", notNull)
    .addColumn("product_id", "integer", notNull)
    .addColumn("variant_id", "integer", notNull)
    .addColumn("size_key", "text", notNull)
    .addColumn("quantity", "integer", notNull)
    .addColumn("version", "integer")
    .execute();
  await db.schema
    .createIndex("catalog_import_variant_idx")
    .on("catalog_import_variant")
    .columns(["run_id", "variant_id"])
    .execute();
  await db.schema
    .createTable("catalog_import_reference")
    .addColumn("run_id", "text", notNull)
    .addColumn("line", "integer", notNull)
    .addColumn("field", "text", notNull)
    .addColumn("category_id", "integer", notNull)
    .execute();
  await db.schema
    .createIndex("catalog_import_reference_idx")
    .on("catalog_import_reference")
    .columns(["run_id", "category_id"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("catalog_import_reference").execute();
  await db.schema.dropTable("catalog_import_variant").execute();
  await db.schema.dropTable("catalog_import_record").execute();
  await db.schema.dropTable("catalog_import_run").execute();
}
