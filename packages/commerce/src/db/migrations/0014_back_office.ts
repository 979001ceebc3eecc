import { sql } from "kysely";
import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/**
 * The back office's orders, returns and customers work (issue 19):
 * - `shop_order` gets lower-cased search columns (e-mail, first and last name, postcode: the operator's search)
 *   filled from the order's addresses, and indexes for the filtered, sorted and paged list at 100,000 orders;
 * - `order_refund`: every refund of an order (a return, a partial refund, a cancellation), never more than paid;
 * - `order_note`: the operator's internal notes on an order;
 * - `order_return` gets its states (received, refunded, rejected with a reason), `order_return_line` the
 *   condition of each received line;
 * - `mail_outbox.order_id`: the mails of an order, for the order's page and a resend;
 * - `payment.refunded_amount`: partial refunds of a hosted payment;
 * - `gift_card.blocked_at`: a blocked card pays nothing;
 * - `customer.erased_at`: a GDPR erasure (the row stays, anonymised, for the orders that name it).
 */
export async function up(db: MigrationDb): Promise<void> {
  for (const column of ["search_email", "search_first_name", "search_last_name", "search_postcode"]) {
    await db.schema
      .alterTable("shop_order")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  // Fill the search columns of the orders that exist, in batches (JSON is read in code: one path for both dialects).
  let last = 0;
  for (;;) {
    const rows: { id: number; email: string; shipping_address: string; billing_address: string }[] = await db
      .selectFrom("shop_order")
      .select(["id", "email", "shipping_address", "billing_address"])
      .where("id", ">", last)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const search = orderSearchColumns(row.email, row.shipping_address, row.billing_address);
      await db.updateTable("shop_order").set(search).where("id", "=", row.id).execute();
    }
    last = Number(rows.at(-1)?.id);
  }
  const indexes: [string, string[]][] = [
    ["shop_order_placed_idx", ["placed_at", "id"]],
    ["shop_order_store_placed_idx", ["store_code", "placed_at", "id"]],
    ["shop_order_payment_placed_idx", ["payment_method", "placed_at", "id"]],
    ["shop_order_total_idx", ["total", "id"]],
    ["shop_order_search_email_idx", ["search_email"]],
    // Both name orders: "lena berg" checks the other name inside the index, without reading the order rows.
    ["shop_order_search_last_idx", ["search_last_name", "search_first_name"]],
    ["shop_order_search_first_idx", ["search_first_name", "search_last_name"]],
    ["shop_order_search_postcode_idx", ["search_postcode"]],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on("shop_order").columns(columns).execute();
  }

  await withAutoId(db, db.schema.createTable("order_refund"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("return_id", "integer")
    .addColumn("amount", "integer", notNull)
    .addColumn("payment_amount", "integer", notNull)
    .addColumn("gift_card_amount", "integer", notNull)
    /** `sandbox` (a hosted payment), `invoice_credit`, `bank_transfer`, `gift_card`. */
    .addColumn("method", "text", notNull)
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("actor_label", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("order_refund_order_idx").on("order_refund").column("order_id").execute();

  await withAutoId(db, db.schema.createTable("order_note"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("text", "text", notNull)
    .addColumn("actor_label", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("order_note_order_idx").on("order_note").column("order_id").execute();

  await db.schema.alterTable("order_return").addColumn("received_at", "text").execute();
  await db.schema.alterTable("order_return").addColumn("refunded_at", "text").execute();
  await db.schema.alterTable("order_return").addColumn("rejected_at", "text").execute();
  await db.schema.alterTable("order_return").addColumn("reject_reason", "text").execute();
  await db.schema.createIndex("order_return_status_idx").on("order_return").columns(["status", "id"]).execute();
  await db.schema.alterTable("order_return_line").addColumn("condition", "text").execute();
  // Returns received before: everything went back into stock, as resellable.
  await sql`update order_return_line set condition = 'resellable' where return_id in (select id from order_return where status = 'received')`.execute(
    db,
  );

  await db.schema.alterTable("mail_outbox").addColumn("order_id", "integer").execute();
  await db.schema.createIndex("mail_outbox_order_idx").on("mail_outbox").column("order_id").execute();
  await db.schema
    .alterTable("payment")
    .addColumn("refunded_amount", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("gift_card").addColumn("blocked_at", "text").execute();
  await db.schema.alterTable("gift_card").addColumn("block_reason", "text").execute();
  await db.schema.alterTable("customer").addColumn("erased_at", "text").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("customer").dropColumn("erased_at").execute();
  await db.schema.alterTable("gift_card").dropColumn("block_reason").execute();
  await db.schema.alterTable("gift_card").dropColumn("blocked_at").execute();
  await db.schema.alterTable("payment").dropColumn("refunded_amount").execute();
  await db.schema.dropIndex("mail_outbox_order_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("order_id").execute();
  await db.schema.alterTable("order_return_line").dropColumn("condition").execute();
  await db.schema.dropIndex("order_return_status_idx").execute();
  for (const column of ["reject_reason", "rejected_at", "refunded_at", "received_at"]) {
    await db.schema.alterTable("order_return").dropColumn(column).execute();
  }
  await db.schema.dropTable("order_note").execute();
  await db.schema.dropTable("order_refund").execute();
  for (const name of [
    "shop_order_placed_idx",
    "shop_order_store_placed_idx",
    "shop_order_payment_placed_idx",
    "shop_order_total_idx",
    "shop_order_search_email_idx",
    "shop_order_search_last_idx",
    "shop_order_search_first_idx",
    "shop_order_search_postcode_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  for (const column of ["search_postcode", "search_last_name", "search_first_name", "search_email"]) {
    await db.schema.alterTable("shop_order").dropColumn(column).execute();
  }
}

/** The order's search columns: lower case, from the billing address (the shipping address where it is empty). */
export function orderSearchColumns(email: string, shippingJson: string, billingJson: string) {
  const parse = (text: string): Record<string, unknown> => {
    try {
      const value = JSON.parse(text);
      return value && typeof value === "object" ? value : {};
    } catch {
      return {};
    }
  };
  const shipping = parse(shippingJson);
  const billing = parse(billingJson);
  const pick = (key: string) =>
    String(billing[key] || shipping[key] || "")
      .trim()
      .toLowerCase();
  return {
    search_email: email.trim().toLowerCase(),
    search_first_name: pick("firstName"),
    search_last_name: pick("lastName"),
    search_postcode: String(shipping.zipCode ?? "")
      .replace(/\s+/g, "")
      .toLowerCase(),
  };
}
