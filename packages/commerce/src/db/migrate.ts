import { type DatabaseIntrospector, sql } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import { type Db, dialect } from "./database.ts";
import { migrations } from "./migrations/index.ts";

/**
 * On PostgreSQL the migration tables are looked up in the connection's own schema: without it Kysely's check
 * for `kysely_migration_lock` matches the table of any schema in the database (another shop, or a parallel test
 * run), skips creating its own, and fails.
 */
async function migrator(db: Db, modules: readonly ModuleMigrations[]): Promise<Migrator> {
  const all = shopMigrations(modules);
  // Modules and parallel work reserve migration numbers ahead (0015–0019 landed after 0020): a database that has
  // run a later one still gets an earlier one that arrives afterwards. Each migration creates or changes only
  // its own module's tables, so their relative order across modules does not matter.
  const options = { provider: { getMigrations: async () => all }, allowUnorderedMigrations: true };
  if (dialect(db) !== "postgres") return new Migrator({ db, ...options });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) return new Migrator({ db, ...options });
  return new Migrator({ db: withSchemaIntrospection(db, schema), ...options, migrationTableSchema: schema });
}

/**
 * Kysely's migrator asks whether its tables exist by introspecting every table of every schema, and its query
 * resolves each table by name (`pg_get_serial_sequence`): a schema dropped meanwhile by another process (a
 * parallel test file, another shop in the database) fails our migration with "relation … does not exist". The
 * migrator only needs table names of its own schema, so it gets an introspection limited to that schema.
 */
function withSchemaIntrospection(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string; type: string }>`
        select table_name as name, table_type as type from information_schema.tables where table_schema = ${schema}`.execute(
        db,
      );
      return rows.map((row) => ({
        name: row.name,
        schema,
        isView: row.type === "VIEW",
        isForeign: row.type === "FOREIGN",
        columns: [],
      }));
    },
  };
  return new Proxy(db, {
    // Kysely keeps its state in private fields: its methods must run on the instance itself, not the proxy.
    get: (target, property) => {
      if (property === "introspection") return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Migrations of a module outside the commerce package (search): its tables are its own, and so are the
 * migrations that create them. Names share the commerce sequence (`0002_search`), so the shop's database runs
 * one ordered list.
 */
export type ModuleMigrations = Readonly<Record<string, Migration>>;

/**
 * The shop's whole migration list: commerce's and every other module's, in name order. Every caller that migrates
 * or checks a shop's database names the same modules (the storefront, the CLI and the search server pass search's),
 * which is why the parameter has no default.
 */
export function shopMigrations(modules: readonly ModuleMigrations[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...migrations };
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module)) {
      if (name in all) throw new Error(`Two migrations are named ${name}`);
      all[name] = migration;
    }
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

export async function migrateToLatest(db: Db, modules: readonly ModuleMigrations[]): Promise<MigrationResultSet> {
  const runner = await migrator(db, modules);
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

export async function migrateDown(db: Db, modules: readonly ModuleMigrations[]): Promise<MigrationResultSet> {
  return (await migrator(db, modules)).migrateDown();
}

/** The names of this code's migrations the database has not run yet (readiness: a database behind the code). */
export async function pendingMigrations(db: Db, modules: readonly ModuleMigrations[]): Promise<string[]> {
  const runner = await migrator(db, modules);
  return (await runner.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
