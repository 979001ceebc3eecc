import { starterVocabularyValues } from "../../catalog/starter-vocabulary.ts";
import { type MigrationDb, notNull } from "../migration-helpers.ts";

/**
 * The catalogue's vocabulary as data (issue 20): product types, colours, materials, fits, patterns and care
 * symbols (`vocabulary_value`, labels per language, any of them may be missing) and the merchant's own attributes
 * (`vocabulary_attribute`). The starter fashion vocabulary is written once here; from then on it is the shop's
 * data. `catalog_import_vocabulary` stages the vocabulary an import file uses, to check it with SQL.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("vocabulary_value")
    .addColumn("kind", "text", notNull)
    .addColumn("id", "text", notNull)
    .addColumn("label_de", "text")
    .addColumn("label_fr", "text")
    .addColumn("label_en", "text")
    .addColumn("hex", "text")
    .addColumn("size_system", "text")
    .addColumn("position", "integer", notNull)
    .addPrimaryKeyConstraint("vocabulary_value_pk", ["kind", "id"])
    .execute();
  await db.schema
    .createTable("vocabulary_attribute")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value_type", "text", notNull)
    .addColumn("facetable", "integer", notNull)
    .addColumn("searchable", "integer", notNull)
    .addColumn("label_de", "text")
    .addColumn("label_fr", "text")
    .addColumn("label_en", "text")
    .addColumn("position", "integer", notNull)
    .execute();
  await db.schema
    .createTable("catalog_import_vocabulary")
    .addColumn("run_id", "text", notNull)
    .addColumn("line", "integer", notNull)
    .addColumn("field", "text", notNull)
    .addColumn("kind", "text", notNull)
    .addColumn("value", "text", notNull)
    .execute();
  await db.schema
    .createIndex("catalog_import_vocabulary_idx")
    .on("catalog_import_vocabulary")
    .columns(["run_id", "kind", "value"])
    .execute();
  const rows = starterVocabularyValues().map((v) => ({
    kind: v.kind,
    id: v.id,
    label_de: v.labels.de ?? null,
    label_fr: v.labels.fr ?? null,
    label_en: v.labels.en ?? null,
    hex: v.hex,
    size_system: v.sizeSystem,
    position: v.position,
  }));
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto("vocabulary_value")
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("catalog_import_vocabulary").execute();
  await db.schema.dropTable("vocabulary_attribute").execute();
  await db.schema.dropTable("vocabulary_value").execute();
}
