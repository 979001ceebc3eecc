import { sql } from "kysely";
import { type MigrationResultSet, Migrator } from "kysely/migration";
import { type Db, dialect } from "./database.ts";
import { migrations } from "./migrations/index.ts";

/**
 * On PostgreSQL the migration tables are looked up in the connection's own schema: without it Kysely's check
 * for `kysely_migration_lock` matches the table of any schema in the database (another shop, or a parallel test
 * run), skips creating its own, and fails.
 */
async function migrator(db: Db): Promise<Migrator> {
  const provider = { getMigrations: async () => migrations };
  if (dialect(db) !== "postgres") return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const runner = await migrator(db);
  // Migrating takes a lock, a write: a SQLite file already up to date is left alone (it may be read-only). Not on
  // PostgreSQL, where Kysely's listing of executed migrations looks at the tables of every schema.
  const upToDate = async () => (await runner.getMigrations()).every((migration) => migration.executedAt !== undefined);
  if (dialect(db) === "sqlite" && (await upToDate())) return { results: [] };
  const result = await runner.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    const error = result.error instanceof Error ? result.error : new Error(String(result.error));
    error.message = `Migration ${failed?.migrationName ?? "?"} failed: ${error.message}`;
    throw error;
  }
  return result;
}

export async function migrateDown(db: Db): Promise<MigrationResultSet> {
  return (await migrator(db)).migrateDown();
}
