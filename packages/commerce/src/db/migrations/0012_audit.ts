import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/**
 * The audit log (packages/commerce/src/audit): one row per change an operator made — in the back office or with
 * the `vitrine` command — with who, when, what, and the subject's state before and after.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withAutoId(db, db.schema.createTable("audit_log"))
    .addColumn("at", "text", notNull)
    .addColumn("actor_type", "text", notNull)
    .addColumn("actor_id", "text")
    .addColumn("actor_label", "text", notNull)
    .addColumn("action", "text", notNull)
    .addColumn("subject_type", "text", notNull)
    .addColumn("subject_id", "text", notNull)
    .addColumn("before_state", "text")
    .addColumn("after_state", "text")
    .addColumn("note", "text")
    .addColumn("request_id", "text", notNull)
    .execute();
  await db.schema
    .createIndex("audit_log_subject_idx")
    .on("audit_log")
    .columns(["subject_type", "subject_id"])
    .execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("audit_log_actor_idx").execute();
  await db.schema.dropIndex("audit_log_subject_idx").execute();
  await db.schema.dropTable("audit_log").execute();
}
