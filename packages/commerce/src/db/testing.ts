import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Clock, systemClock } from "../clock.ts";
import { loadConfig, type VitrineConfig } from "../config.ts";
import { type Ctx, createCtx, type ShopCtx, shopCtx } from "../context.ts";
import { silentLogger } from "../log.ts";
import { DEMO_PAYMENT_SETTINGS } from "../payments/demo-settings.ts";
import type { Shop } from "../shop/shops.ts";
import { createDatabase, type Db, type DialectName, ensureSchema, isPostgresUrl, quoteIdent } from "./database.ts";
import { type ModuleMigrations, migrateToLatest } from "./migrate.ts";

export interface TestDatabase {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default, or a new PostgreSQL schema when
 * DATABASE_URL points at PostgreSQL (CI runs every service suite both ways). Destroying drops the schema.
 */
export async function createTestDatabase(
  options: {
    migrate?: boolean /** Other modules' migrations (search's). */;
    modules?: readonly ModuleMigrations[];
  } = {},
): Promise<TestDatabase> {
  const modules = options.modules ?? [];
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const schema = `vt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = createDatabase({ url, poolSize: 1 });
    await ensureSchema(admin, schema);
    await admin.destroy();
    const db = createDatabase({ url, schema, poolSize: 20 });
    if (options.migrate !== false) await migrateToLatest(db, modules);
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
  if (options.migrate !== false) await migrateToLatest(db, modules);
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}

/**
 * The context of a service test: the test's database and clock, the default configuration (overridable) and a
 * silent logger; with `shop`, a store's context.
 */
export function testCtx(db: Db, options: { clock?: Clock; config?: Partial<VitrineConfig>; requestId?: string }): Ctx;
export function testCtx(
  db: Db,
  options: { clock?: Clock; config?: Partial<VitrineConfig>; requestId?: string; shop: Shop },
): ShopCtx;
export function testCtx(
  db: Db,
  options: { clock?: Clock; config?: Partial<VitrineConfig>; requestId?: string; shop?: Shop } = {},
): Ctx | ShopCtx {
  // The demo shop's bank accounts, as a shop started with demo data has them (invoice and prepayment need them).
  const config = { ...loadConfig({ ...DEMO_PAYMENT_SETTINGS }), ...options.config };
  const ctx = createCtx({
    db,
    clock: options.clock ?? systemClock,
    config,
    log: silentLogger,
    requestId: options.requestId ?? "test",
  });
  return options.shop ? shopCtx(ctx, options.shop) : ctx;
}

/** A transaction left open by `openTransaction`: it commits when `commit` is called, and `done` settles then. */
export interface OpenTransaction {
  commit(): void;
  /** Settles once the transaction has committed (or rejects with what failed in it). */
  done: Promise<void>;
}

/**
 * Runs `write` in a transaction and leaves it open until `commit()`: a long import or report, as the event feed's
 * readers meet it (on PostgreSQL, events committed meanwhile by other transactions wait behind it). Resolves once
 * `write` has run.
 */
export async function openTransaction(db: Db, write: (trx: Db) => Promise<unknown>): Promise<OpenTransaction> {
  let commit!: () => void;
  const mayCommit = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let wrote!: () => void;
  let failed!: (error: unknown) => void;
  const written = new Promise<void>((resolve, reject) => {
    wrote = resolve;
    failed = reject;
  });
  const done = db.transaction().execute(async (trx) => {
    try {
      await write(trx);
    } catch (error) {
      failed(error);
      throw error;
    }
    wrote();
    await mayCommit;
  });
  done.catch(() => undefined);
  await written;
  return { commit, done };
}
