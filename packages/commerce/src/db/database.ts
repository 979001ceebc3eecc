import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export interface DatabaseConfig {
  /** `postgres://…` selects PostgreSQL; `file:…`, a path or `:memory:` selects SQLite. */
  url?: string;
  /** PostgreSQL only: the schema to use (created when missing). Tests use one schema per run. */
  schema?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

const dialectOf = new WeakMap<object, DialectName>();

/** The default SQLite file: `data/vitrine.sqlite` under the working directory unless VITRINE_DATA_DIR says otherwise. */
export function defaultSqlitePath(): string {
  return resolve(process.env.VITRINE_DATA_DIR ?? "data", "vitrine.sqlite");
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function createDatabase(config: DatabaseConfig = {}): Db {
  const url = config.url ?? process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: config.poolSize ?? 10,
      ...(config.schema ? { options: `-c search_path=${quoteIdent(config.schema)}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    dialectOf.set(db, "postgres");
    return db;
  }
  const file = sqlitePathFromUrl(url);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // Another process (the CLI) may write while the shop runs: wait for its lock instead of failing.
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  dialectOf.set(db, "sqlite");
  return db;
}

export function sqlitePathFromUrl(url: string | undefined): string {
  if (!url) return defaultSqlitePath();
  if (url === ":memory:" || url === "file::memory:") return ":memory:";
  const path = url.replace(/^(file|sqlite):(\/\/)?/i, "");
  return resolve(path);
}

/** The dialect of a Kysely instance (transactions inherit it from their database). */
export function dialect(db: Kysely<Database>): DialectName {
  const known = dialectOf.get(db);
  if (known) return known;
  // Transactions are new Kysely instances: recognise them by their adapter.
  const name = db.getExecutor().adapter.constructor.name;
  return name.toLowerCase().includes("postgres") ? "postgres" : "sqlite";
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Invalid identifier: ${name}`);
  return `"${name}"`;
}

/** Makes sure a PostgreSQL schema exists (no-op on SQLite). */
export async function ensureSchema(db: Db, schema: string): Promise<void> {
  if (dialect(db) !== "postgres") return;
  await sql.raw(`create schema if not exists ${quoteIdent(schema)}`).execute(db);
}
