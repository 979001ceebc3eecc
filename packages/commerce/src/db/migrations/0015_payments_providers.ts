import { sql } from "kysely";
import { type MigrationDb, notNull, withAutoId } from "../migration-helpers.ts";

/**
 * Real payment providers and payment settings (issue 22, payments/gateways.ts):
 * - `shop_order.payment_terms`: the bank account and due date an invoice or prepayment order was placed with
 *   (settings, not constants: a later change of account does not rewrite what a customer was told);
 * - `payment.provider_ref`: the provider's id of the payment (Stripe PaymentIntent, PayPal order);
 *   `payment.authorization_ref`: PayPal's authorization id (what captures and voids name);
 * - `payment.captured_amount` / `payment.released_amount`: money follows the goods — what shipments captured so
 *   far, and what of the authorization will never be captured (refunded before shipping, released);
 *   `payment.authorized_at`: when the hold was placed (the worker captures before it expires);
 * - `payment_event`: the payment's history (authorized, captured, voided, refunded, webhooks) for the back office;
 * - a unique index over the provider webhooks recorded in the core's event table (entity `payment_webhook`,
 *   entity id `provider:event id`): a webhook delivered twice is applied once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("shop_order").addColumn("payment_terms", "text").execute();
  // The orders placed before: the account and days that were in the code then are what their customers were told.
  const before = {
    EUR: { holder: "Vitrine GmbH", bank: "Commerzbank Köln", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
    CHF: { holder: "Vitrine Schweiz AG", bank: "PostFinance", iban: "CH93 0076 2011 6238 5295 7", bic: "POFICHBEXXX" },
  } as Record<string, unknown>;
  let last = 0;
  for (;;) {
    const rows: { id: number; payment_method: string; currency: string; placed_at: string }[] = await db
      .selectFrom("shop_order")
      .select(["id", "payment_method", "currency", "placed_at"])
      .where("payment_method", "in", ["invoice", "prepayment"])
      .where("id", ">", last)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const due = new Date(row.placed_at);
      due.setUTCDate(due.getUTCDate() + (row.payment_method === "invoice" ? 14 : 7));
      const terms = { account: before[row.currency], dueDate: due.toISOString().slice(0, 10) };
      await db
        .updateTable("shop_order")
        .set({ payment_terms: JSON.stringify(terms) })
        .where("id", "=", row.id)
        .execute();
    }
    last = Number(rows.at(-1)?.id);
  }
  await db.schema.alterTable("payment").addColumn("provider_ref", "text").execute();
  await db.schema.alterTable("payment").addColumn("authorization_ref", "text").execute();
  await db.schema
    .alterTable("payment")
    .addColumn("captured_amount", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("payment")
    .addColumn("released_amount", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("payment").addColumn("authorized_at", "text").execute();
  await db.schema.createIndex("payment_provider_ref_idx").on("payment").columns(["provider", "provider_ref"]).execute();
  await db.schema.createIndex("payment_status_idx").on("payment").columns(["status", "updated_at"]).execute();

  await withAutoId(db, db.schema.createTable("payment_event"))
    .addColumn("payment_id", "text", notNull)
    .addColumn("kind", "text", notNull)
    .addColumn("amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider_ref", "text")
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("payment_event_payment_idx").on("payment_event").columns(["payment_id", "id"]).execute();

  await db.schema
    .createIndex("event_payment_webhook_idx")
    .on("event")
    .columns(["entity", "entity_id"])
    .unique()
    .where(sql.raw<boolean>("entity = 'payment_webhook'"))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("event_payment_webhook_idx").execute();
  await db.schema.dropTable("payment_event").execute();
  await db.schema.dropIndex("payment_status_idx").execute();
  await db.schema.dropIndex("payment_provider_ref_idx").execute();
  for (const column of ["authorized_at", "released_amount", "captured_amount", "authorization_ref", "provider_ref"]) {
    await db.schema.alterTable("payment").dropColumn(column).execute();
  }
  await db.schema.alterTable("shop_order").dropColumn("payment_terms").execute();
}
