import type { MigrationDb } from "../migration-helpers.ts";

/** The second address line ("Adresszusatz": c/o, floor, Packstation customer number) of saved addresses. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("customer_address")
    .addColumn("address_line2", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("customer_address").dropColumn("address_line2").execute();
}
