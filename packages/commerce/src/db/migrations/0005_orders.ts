import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/** Checkout sessions, orders with lines, history and packages, payments, gift cards, the mail outbox, returns. */
export async function up(db: MigrationDb): Promise<void> {
  await withAutoId(db, db.schema.createTable("checkout_session"))
    .addColumn("store_code", "text", notNull)
    .addColumn("owner_kind", "text", notNull)
    .addColumn("owner_id", "text", notNull)
    .addColumn("draft", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addUniqueConstraint("checkout_session_owner_uq", ["store_code", "owner_kind", "owner_id"])
    .execute();

  await withAutoId(db, db.schema.createTable("shop_order"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("store_code", "text", notNull)
    .addColumn("currency", "text", notNull)
    .addColumn("customer_id", "text", notNull)
    .addColumn("owner_kind", "text", notNull)
    .addColumn("owner_id", "text", notNull)
    .addColumn("email", "text", notNull)
    .addColumn("phone", "text")
    .addColumn("status", "text", notNull)
    .addColumn("payment_status", "text", notNull)
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("shipping_address", "text", notNull)
    .addColumn("billing_address", "text", notNull)
    .addColumn("shipping_country", "text", notNull)
    .addColumn("delivery_method", "text", notNull)
    .addColumn("delivery_min", "text", notNull)
    .addColumn("delivery_max", "text", notNull)
    .addColumn("payment_method", "text")
    .addColumn("payment_id", "text")
    .addColumn("items_list_total", "integer", notNull)
    .addColumn("items_total", "integer", notNull)
    .addColumn("reductions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("delivery_price", "integer", notNull)
    .addColumn("payment_fee", "integer", notNull)
    .addColumn("total", "integer", notNull)
    .addColumn("gift_card_code", "text")
    .addColumn("gift_card_amount", "integer", notNull)
    .addColumn("amount_due", "integer", notNull)
    .addColumn("vat_rate_bp", "integer", notNull)
    .addColumn("tax_total", "integer", notNull)
    .addColumn("net_total", "integer", notNull)
    .addColumn("placed_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema
    .createIndex("shop_order_customer_idx")
    .on("shop_order")
    .columns(["customer_id", "placed_at"])
    .execute();
  await db.schema.createIndex("shop_order_status_idx").on("shop_order").columns(["status", "placed_at"]).execute();

  await withAutoId(db, db.schema.createTable("order_line"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("position", "integer", notNull)
    .addColumn("product_id", "integer", notNull)
    .addColumn("variant_id", "integer", notNull)
    .addColumn("name", "text", notNull)
    .addColumn("brand", "text", notNull)
    .addColumn("color_label", "text", notNull)
    .addColumn("size_label", "text", notNull)
    .addColumn("product_path", "text", notNull)
    .addColumn("image_url", "text")
    .addColumn("quantity", "integer", notNull)
    .addColumn("unit_price", "integer", notNull)
    .addColumn("unit_discounted", "integer", notNull)
    .addColumn("total", "integer", notNull)
    .addColumn("tax", "integer", notNull)
    .addColumn("reductions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("promotion_id", "text")
    .addColumn("is_gift", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("backorder", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("order_line_order_idx").on("order_line").columns(["order_id", "position"]).execute();

  await withAutoId(db, db.schema.createTable("order_event"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("type", "text", notNull)
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("order_event_order_idx").on("order_event").column("order_id").execute();

  await withAutoId(db, db.schema.createTable("order_package"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("carrier", "text", notNull)
    .addColumn("tracking_number", "text", notNull)
    .addColumn("lines", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("shipped_at", "text", notNull)
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("order_package_order_idx").on("order_package").column("order_id").execute();

  await db.schema
    .createTable("payment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_code", "text", notNull)
    .addColumn("owner_kind", "text", notNull)
    .addColumn("owner_id", "text", notNull)
    .addColumn("method", "text", notNull)
    .addColumn("provider", "text", notNull)
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("amount", "integer", notNull)
    .addColumn("currency", "text", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("quote_fingerprint", "text", notNull)
    .addColumn("order_id", "integer")
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("decline_code", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await db.schema
    .createTable("gift_card")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("currency", "text", notNull)
    .addColumn("initial_balance", "integer", notNull)
    .addColumn("balance", "integer", notNull)
    .addColumn("expires_at", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withAutoId(db, db.schema.createTable("gift_card_transaction"))
    .addColumn("gift_card_code", "text", (c) => c.notNull().references("gift_card.code"))
    .addColumn("order_id", "integer")
    .addColumn("amount", "integer", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema
    .createIndex("gift_card_transaction_code_idx")
    .on("gift_card_transaction")
    .column("gift_card_code")
    .execute();

  await withAutoId(db, db.schema.createTable("mail_outbox"))
    .addColumn("kind", "text", notNull)
    .addColumn("recipient", "text", notNull)
    .addColumn("subject", "text", notNull)
    .addColumn("text", "text", notNull)
    .addColumn("html", "text", notNull)
    .addColumn("status", "text", notNull)
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("available_at", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("mail_outbox_pending_idx")
    .on("mail_outbox")
    .columns(["status", "available_at"])
    .execute();

  await withAutoId(db, db.schema.createTable("order_return"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "integer", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("label_token", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("order_return_order_idx").on("order_return").column("order_id").execute();

  await db.schema
    .createTable("order_return_line")
    .addColumn("return_id", "integer", (c) => c.notNull().references("order_return.id").onDelete("cascade"))
    .addColumn("order_line_id", "integer", (c) => c.notNull().references("order_line.id").onDelete("cascade"))
    .addColumn("quantity", "integer", notNull)
    .addColumn("reason", "text", notNull)
    .addPrimaryKeyConstraint("order_return_line_pk", ["return_id", "order_line_id"])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    "order_return_line",
    "order_return",
    "mail_outbox",
    "gift_card_transaction",
    "gift_card",
    "payment",
    "order_package",
    "order_event",
    "order_line",
    "shop_order",
    "checkout_session",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
