import { type MigrationDb, notNull } from "../migration-helpers.ts";

/**
 * Labels per language for the values of the merchant's text attributes (issue 20): a product says `"sleeve":
 * ["long"]` once, and the stores show and find it as "Lang", "Longues", "Long". A value without a label, or without
 * one in a store's language, shows along the language fallback chain, else as written.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("vocabulary_attribute_value")
    .addColumn("attribute_key", "text", notNull)
    .addColumn("value", "text", notNull)
    .addColumn("label_de", "text")
    .addColumn("label_fr", "text")
    .addColumn("label_en", "text")
    .addPrimaryKeyConstraint("vocabulary_attribute_value_pk", ["attribute_key", "value"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("vocabulary_attribute_value").execute();
}
