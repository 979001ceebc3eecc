import { type MigrationDb, notNull } from "../migration-helpers.ts";

/**
 * Staff of the back office (packages/commerce/src/staff): accounts separate from customers, their sessions, and
 * the single-use links that set a staff member's password and two-factor key.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("staff_user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", notNull)
    .addColumn("role", "text", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("password_hash", "text")
    .addColumn("totp_secret", "text")
    .addColumn("totp_pending_secret", "text")
    .addColumn("totp_last_step", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("backup_codes", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addColumn("last_sign_in_at", "text")
    .execute();
  await db.schema
    .createTable("staff_session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("staff_id", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("last_seen_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("staff_session_staff_idx").on("staff_session").columns(["staff_id"]).execute();
  await db.schema
    .createTable("staff_setup_token")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("staff_setup_token_staff_idx").on("staff_setup_token").columns(["staff_id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("staff_setup_token_staff_idx").execute();
  await db.schema.dropTable("staff_setup_token").execute();
  await db.schema.dropIndex("staff_session_staff_idx").execute();
  await db.schema.dropTable("staff_session").execute();
  await db.schema.dropTable("staff_user").execute();
}
