import type { MigrationDb } from "../migration-helpers.ts";

/**
 * Issue 22: the reconciliation compares each open payment's amounts with its provider's (a refund or a cancelled
 * hold made in the provider's dashboard) and records when it last did, so that every run checks the payments that
 * waited longest.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("payment").addColumn("provider_checked_at", "text").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("payment").dropColumn("provider_checked_at").execute();
}
