import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { createDatabase, type Db, type DialectName, ensureSchema, isPostgresUrl, quoteIdent } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

export interface TestDatabase {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default, or a new PostgreSQL schema when
 * DATABASE_URL points at PostgreSQL (CI runs every service suite both ways). Destroying drops the schema.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const schema = `vt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = createDatabase({ url, poolSize: 1 });
    await ensureSchema(admin, schema);
    await admin.destroy();
    const db = createDatabase({ url, schema, poolSize: 20 });
    if (options.migrate !== false) await migrateToLatest(db);
    return {
      db,
      dialect: "postgres",
      async destroy() {
        await db.destroy();
        const cleanup = createDatabase({ url, poolSize: 1 });
        await sql.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).execute(cleanup);
        await cleanup.destroy();
      },
    };
  }
  const db = createDatabase({ url: ":memory:" });
  if (options.migrate !== false) await migrateToLatest(db);
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}
