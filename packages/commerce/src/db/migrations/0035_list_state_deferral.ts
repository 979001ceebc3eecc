import { sql } from "kysely";
import { dialect } from "../database.ts";
import type { MigrationDb } from "../migration-helpers.ts";
import { POSTGRES_FUNCTIONS, SQLITE_TRIGGERS } from "./0032_product_list_state.ts";

/**
 * The catalogue write (`writeProductRecords`: the import, the editor) works out the product list's kept columns
 * (migration 0032) itself, in one set-based statement per batch: the triggers, one product update per variant row on
 * SQLite and one per statement on PostgreSQL, made a 20,000-product import twice as slow. While a row of
 * `product_list_state_deferral` exists the triggers do nothing. The writer inserts it and deletes it again inside
 * its own transaction, so no other connection ever sees it (SQLite has one writer; PostgreSQL shows no uncommitted
 * row), and a transaction that fails rolls it back with everything else: every other write keeps its triggers.
 *
 * The triggers and functions are 0032's, with that one condition added.
 */
const DEFERRED = "exists (select 1 from product_list_state_deferral)";

function sqliteGuarded(statement: string): string {
  const head = /^(create trigger \w+\s[\s\S]*?)(?:\s+when\s+([\s\S]*?))?\s+begin\n/.exec(statement);
  if (!head) throw new Error(`0035: unexpected trigger ${statement.slice(0, 60)}`);
  const [matched, start, when] = head;
  const condition = when ? `(${when}) and not ${DEFERRED}` : `not ${DEFERRED}`;
  return `${start} when ${condition} begin\n${statement.slice(matched.length)}`;
}

function postgresGuarded(statement: string): string {
  const begin = "$$\n  begin\n";
  if (!statement.includes(begin)) throw new Error(`0035: unexpected function ${statement.slice(0, 60)}`);
  return statement
    .replace("create function", "create or replace function")
    .replace(begin, () => `${begin}    if ${DEFERRED} then return null; end if;\n`);
}

const triggerName = (statement: string) => /^create trigger (\w+)/.exec(statement)?.[1] as string;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("product_list_state_deferral")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .execute();
  if (dialect(db) === "postgres") {
    for (const statement of POSTGRES_FUNCTIONS) await sql.raw(postgresGuarded(statement)).execute(db);
  } else {
    for (const statement of SQLITE_TRIGGERS) {
      await sql.raw(`drop trigger ${triggerName(statement)}`).execute(db);
      await sql.raw(sqliteGuarded(statement)).execute(db);
    }
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialect(db) === "postgres") {
    for (const statement of POSTGRES_FUNCTIONS) {
      await sql.raw(statement.replace("create function", "create or replace function")).execute(db);
    }
  } else {
    for (const statement of SQLITE_TRIGGERS) {
      await sql.raw(`drop trigger ${triggerName(statement)}`).execute(db);
      await sql.raw(statement).execute(db);
    }
  }
  await db.schema.dropTable("product_list_state_deferral").execute();
}
