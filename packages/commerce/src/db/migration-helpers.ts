import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import { dialect } from "./database.ts";

// Migrations receive Kysely<any>: they describe tables that the Database type may not know yet.
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it is at that point.
export type MigrationDb = Kysely<any>;

/** Adds an auto-incrementing integer primary key `id`, portable across SQLite and PostgreSQL. */
export function withAutoId<T extends string, C extends string>(
  db: MigrationDb,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | "id"> {
  if (dialect(db) === "postgres") return table.addColumn("id", "serial", (c) => c.primaryKey());
  return table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
