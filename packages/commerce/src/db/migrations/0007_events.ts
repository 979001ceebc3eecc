import { sql } from "kysely";
import { dialect } from "../database.ts";
import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/**
 * The event feed (packages/commerce/src/events): one row per domain event, written in the transaction of the
 * change. On PostgreSQL each row carries the id of the transaction that wrote it: readers only read rows of
 * transactions that have ended, which is what makes the feed gap-free (events/feed.ts).
 *
 * It replaces `catalog_change`. Its rows are not carried over: each process builds its search index from the
 * database when it starts, so changes recorded before the upgrade are in every index already.
 */
export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialect(db) === "postgres";
  let table = withAutoId(db, db.schema.createTable("event"))
    .addColumn("type", "text", notNull)
    .addColumn("entity", "text", notNull)
    .addColumn("entity_id", "text", notNull)
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", notNull);
  if (postgres) table = table.addColumn("xid", sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`));
  await table.execute();
  // The feed is read in (xid, id) order on PostgreSQL and in id order (the primary key) on SQLite.
  if (postgres) await db.schema.createIndex("event_feed_idx").on("event").columns(["xid", "id"]).execute();
  await db.schema.createIndex("event_created_idx").on("event").column("created_at").execute();
  await db.schema.dropTable("catalog_change").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await withAutoId(db, db.schema.createTable("catalog_change"))
    .addColumn("entity", "text", notNull)
    .addColumn("entity_id", "text", notNull)
    .addColumn("changed_at", "text", notNull)
    .execute();
  await db.schema.dropTable("event").execute();
}
