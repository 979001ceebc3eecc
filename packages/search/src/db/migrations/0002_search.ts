import { type MigrationDb, notNull, withAutoId } from "@vitrine/commerce/migration-helpers";

/** Tables of the search service: event log, learned queries, merchandising rules and synonyms. */
export async function up(db: MigrationDb): Promise<void> {
  await withAutoId(db, db.schema.createTable("search_event"))
    .addColumn("store_code", "text", notNull)
    .addColumn("type", "text", notNull)
    .addColumn("client_id", "text")
    .addColumn("query", "text")
    .addColumn("product_id", "integer")
    .addColumn("action", "text")
    .addColumn("quantity", "integer")
    .addColumn("transaction_id", "text")
    .addColumn("response_id", "text")
    .addColumn("results", "integer")
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema
    .createIndex("search_event_store_type_idx")
    .on("search_event")
    .columns(["store_code", "type", "created_at"])
    .execute();
  await db.schema.createIndex("search_event_product_idx").on("search_event").columns(["product_id", "type"]).execute();
  await db.schema.createIndex("search_event_transaction_idx").on("search_event").column("transaction_id").execute();

  await db.schema
    .createTable("search_query")
    .addColumn("store_code", "text", notNull)
    .addColumn("query", "text", notNull)
    .addColumn("searches", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("results", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_searched_at", "text", notNull)
    .addPrimaryKeyConstraint("search_query_pk", ["store_code", "query"])
    .execute();

  await withAutoId(db, db.schema.createTable("search_rule"))
    .addColumn("kind", "text", notNull)
    .addColumn("store_code", "text", (c) => c.notNull().defaultTo("*"))
    .addColumn("query", "text")
    .addColumn("match", "text", (c) => c.notNull().defaultTo("exact"))
    .addColumn("category_key", "text")
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("product_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", notNull)
    .execute();

  await withAutoId(db, db.schema.createTable("search_synonym"))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("*"))
    .addColumn("terms", "text", notNull)
    .addColumn("one_way", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["search_synonym", "search_rule", "search_query", "search_event"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
