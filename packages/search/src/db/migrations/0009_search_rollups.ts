import type { MigrationDb } from "@vitrine/commerce/migration-helpers";

/**
 * Daily roll-ups of the raw search events (search module): per store and query (searches, searches without results,
 * clicks on their results) and per store and product (the popularity score that ranks listings). The search-analytics
 * job fills them for every finished day, then deletes that day's raw events; processes read the roll-ups plus
 * today's raw events instead of aggregating two weeks of raw events.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("search_query_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("store_code", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("searches", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("zero_results", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("search_query_daily_pk", ["day", "store_code", "query"])
    .execute();
  await db.schema
    .createTable("product_popularity_daily")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("store_code", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_popularity_daily_pk", ["day", "store_code", "product_id"])
    .execute();
  // Clicks find the search they came from by its response id.
  await db.schema.createIndex("search_event_response_idx").on("search_event").column("response_id").execute();
  await db.schema.createIndex("search_event_created_idx").on("search_event").column("created_at").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("search_event_created_idx").execute();
  await db.schema.dropIndex("search_event_response_idx").execute();
  await db.schema.dropTable("product_popularity_daily").execute();
  await db.schema.dropTable("search_query_daily").execute();
}
