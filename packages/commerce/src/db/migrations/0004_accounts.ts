import { sql } from "kysely";
import { dialect } from "../database.ts";
import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/**
 * Customer accounts.
 *
 * `auth_*` are better-auth's tables (user, session, account, verification) under our names, with the columns its
 * Kysely adapter writes: that adapter stores dates and flags natively on PostgreSQL (timestamptz, boolean) and as
 * ISO text and 0/1 on SQLite, so those two column types follow the dialect. better-auth checks this schema
 * against its own at first use and refuses to run on a mismatch (see customers/auth.ts).
 *
 * The shop's own tables (customer profile, addresses, loyalty card, newsletter, rate limits) follow the portable
 * conventions of ../schema.ts.
 */
export async function up(db: MigrationDb): Promise<void> {
  const pg = dialect(db) === "postgres";
  const timestamp = pg ? "timestamptz" : "text";
  const boolean = pg ? "boolean" : "integer";

  await db.schema
    .createTable("auth_user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", notNull)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", boolean, notNull)
    .addColumn("image", "text")
    .addColumn("created_at", timestamp, notNull)
    .addColumn("updated_at", timestamp, notNull)
    .execute();

  await db.schema
    .createTable("auth_session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", timestamp, notNull)
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", timestamp, notNull)
    .addColumn("updated_at", timestamp, notNull)
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("auth_session_user_idx").on("auth_session").column("user_id").execute();

  await db.schema
    .createTable("auth_account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", notNull)
    .addColumn("provider_id", "text", notNull)
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", timestamp)
    .addColumn("refresh_token_expires_at", timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", timestamp, notNull)
    .addColumn("updated_at", timestamp, notNull)
    .execute();
  await db.schema.createIndex("auth_account_user_idx").on("auth_account").column("user_id").execute();

  await db.schema
    .createTable("auth_verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", notNull)
    .addColumn("value", "text", notNull)
    .addColumn("expires_at", timestamp, notNull)
    .addColumn("created_at", timestamp, notNull)
    .addColumn("updated_at", timestamp, notNull)
    .execute();
  await db.schema
    .createIndex("auth_verification_identifier_idx")
    .on("auth_verification")
    .column("identifier")
    .execute();

  await db.schema
    .createTable("customer")
    .addColumn("id", "text", (c) => c.primaryKey().references("auth_user.id").onDelete("cascade"))
    .addColumn("reference_key", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text")
    .addColumn("birth_date", "text")
    .addColumn("is_guest", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_order_at", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withAutoId(db, db.schema.createTable("customer_address"))
    .addColumn("customer_id", "text", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("first_name", "text", notNull)
    .addColumn("last_name", "text", notNull)
    .addColumn("street", "text", notNull)
    .addColumn("zip_code", "text", notNull)
    .addColumn("city", "text", notNull)
    .addColumn("country_code", "text", notNull)
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema.createIndex("customer_address_customer_idx").on("customer_address").column("customer_id").execute();
  // At most one default address per customer, whatever races between requests.
  await db.schema
    .createIndex("customer_address_default_idx")
    .on("customer_address")
    .column("customer_id")
    .unique()
    .where(sql.ref("is_default"), "=", 1)
    .execute();

  await db.schema
    .createTable("loyalty_card")
    .addColumn("number", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "text", (c) => c.notNull().unique().references("customer.id").onDelete("cascade"))
    .addColumn("tier", "text", notNull)
    .addColumn("points_balance", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lifetime_points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await db.schema
    .createTable("newsletter_subscription")
    .addColumn("customer_id", "text", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("language", "text", notNull)
    .addColumn("subscribed_at", "text", notNull)
    .addPrimaryKeyConstraint("newsletter_subscription_pk", ["customer_id", "language"])
    .execute();

  await withAutoId(db, db.schema.createTable("subscription_cancellation"))
    .addColumn("customer_id", "text", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("language", "text", notNull)
    .addColumn("reason", "text", notNull)
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", notNull)
    .execute();

  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", notNull)
    .addColumn("window_ends_at", "text", notNull)
    .execute();
  await db.schema.createIndex("rate_limit_window_idx").on("rate_limit").column("window_ends_at").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    "rate_limit",
    "subscription_cancellation",
    "newsletter_subscription",
    "loyalty_card",
    "customer_address",
    "customer",
    "auth_verification",
    "auth_account",
    "auth_session",
    "auth_user",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
