import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDatabase, type Db, migrateDown, pendingMigrations, quoteIdent, resolveSecret } from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { searchMigrations } from "@vitrine/search";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { cliHarness, placeOrder } from "./test-harness.ts";

/** `vitrine backup` and `vitrine restore` against their own database (SQLite, or a PostgreSQL schema of their own). */
const harness = cliHarness("backup", async (cli) => {
  expect((await cli("demo", "load", "--products", "30")).code).toBe(0);
});
const { cli, dir } = harness;
const postgres = /^postgres/.test(process.env.DATABASE_URL ?? "");

/** A connection of the test's own, opened and closed around each use (a restore replaces the SQLite file). */
async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const db = createDatabase({
    url: process.env.DATABASE_URL || join(dir, "vitrine.sqlite"),
    ...(postgres ? { schema: process.env.DATABASE_SCHEMA as string } : {}),
  });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** What must survive a round trip: orders, customers, stock and the generated secret. */
async function snapshot(db: Db) {
  return {
    orders: await db.selectFrom("shop_order").select(["number", "customer_id", "total"]).orderBy("number").execute(),
    customers: (await db.selectFrom("customer").select(["id"]).orderBy("id").execute()).map((c) => c.id),
    stock: await db.selectFrom("variant").select(["id", "stock_quantity"]).orderBy("id").execute(),
    secret: (await db.selectFrom("setting").select("value").where("key", "=", "app_secret").executeTakeFirst())?.value,
  };
}

/** Removes the shop's database: the SQLite file, or every table of the PostgreSQL schema. */
async function wipe(): Promise<void> {
  if (postgres) {
    await withDb(async (db) => {
      const schema = quoteIdent(process.env.DATABASE_SCHEMA as string);
      await sql.raw(`drop schema ${schema} cascade`).execute(db);
      await sql.raw(`create schema ${schema}`).execute(db);
    });
  } else {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(join(dir, `vitrine.sqlite${suffix}`), { force: true });
  }
}

describe("vitrine backup and restore", () => {
  it("round trip: orders placed, backed up, wiped, restored and all found again", async () => {
    const before = await withDb(async (db) => {
      await placeOrder(db, { quantity: 2 });
      await placeOrder(db, { quantity: 2 });
      await resolveSecret(testCtx(db, { config: { VITRINE_SECRET: undefined } }), new Date());
      return snapshot(db);
    });
    expect(before.orders).toHaveLength(2);
    expect(before.secret).toBeTruthy();

    const file = join(dir, "shop.backup");
    const backup = await cli("backup", "--out", file);
    expect(backup.code, backup.err.join("\n")).toBe(0);
    expect(backup.out).toHaveLength(1);
    expect(backup.out[0]).toContain(`Wrote ${file}`);
    expect(backup.out[0]).toContain("2 orders");
    expect(backup.out[0]).toContain("30 products");

    await wipe();
    expect((await cli("db", "migrate")).code).toBe(0);
    expect((await withDb(snapshot)).orders).toEqual([]);

    const restored = await cli("restore", file);
    expect(restored.code, restored.err.join("\n")).toBe(0);
    expect(restored.out[0]).toMatch(
      /^Restored .*: 2 orders, \d+ customers, 30 products; the backup holds \d+ migrations/,
    );
    expect(await withDb(snapshot)).toEqual(before);

    // The restored shop works on: another order goes through.
    await withDb((db) => placeOrder(db, { quantity: 2 }));
  });

  it("refuses to restore over a shop with data unless --force", async () => {
    const file = join(dir, "refuse.backup");
    expect((await cli("backup", "--out", file)).code).toBe(0);
    const refused = await cli("restore", file);
    expect(refused.code).toBe(1);
    expect(refused.err).toHaveLength(1);
    expect(refused.err[0]).toMatch(/is not empty .*--force/);
    const forced = await cli("restore", file, "--force");
    expect(forced.code, forced.err.join("\n")).toBe(0);
  });

  it("refuses a file that is not a backup", async () => {
    const file = join(dir, "not-a-backup.txt");
    writeFileSync(file, "hello, this is not a database\n".repeat(100));
    const refused = await cli("restore", file, "--force");
    expect(refused.code).toBe(1);
    expect(refused.err).toHaveLength(1);
    expect(refused.err[0]).toContain("is not a Vitrine backup");
    expect((await cli("restore", join(dir, "missing.backup"), "--force")).code).toBe(1);
  });

  it("fails with one line when the backup cannot be written", async () => {
    const locked = join(dir, "locked");
    rmSync(locked, { recursive: true, force: true });
    const missingFolder = await cli("backup", "--out", join(dir, "no", "such", "folder", "shop.backup"));
    expect(missingFolder.code).toBe(1);
    expect(missingFolder.err).toHaveLength(1);
    expect(missingFolder.err[0]).toMatch(/^Error: /);
    expect(existsSync(join(dir, "no"))).toBe(false);
    expect((await cli("backup")).code).toBe(1);
  });

  it("brings a backup of an older version up to date when restoring it", async () => {
    // The shop as it was before the newest migration: that migration taken back down, then backed up.
    const undone = await withDb(async (db) => {
      const result = await migrateDown(db, [searchMigrations]);
      expect(result.error).toBeUndefined();
      return result.results?.[0]?.migrationName ?? "";
    });
    expect(undone).toMatch(/^\d{4}_/);
    const file = join(dir, "older.backup");
    const backup = await cli("backup", "--out", file);
    expect(backup.code, backup.err.join("\n")).toBe(0);
    expect(backup.out[0]).not.toContain(undone);
    const restored = await cli("restore", file, "--force");
    expect(restored.code, restored.err.join("\n")).toBe(0);
    expect(restored.out[0]).toMatch(
      new RegExp(`the backup holds \\d+ migrations up to \\w+, applied since: ${undone}$`),
    );
    await withDb(async (db) => {
      expect(await pendingMigrations(db, [searchMigrations])).toEqual([]);
    });
  });

  it("names what to install when pg_dump is missing", async () => {
    const saved = { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL };
    process.env.PATH = join(dir, "empty-path");
    process.env.DATABASE_URL = "postgres://vitrine:s3cret-password@127.0.0.1:5432/shop";
    try {
      const run = await cli("backup", "--out", join(dir, "x.backup"));
      expect(run.code).toBe(1);
      expect(run.err).toEqual([
        "Error: pg_dump not found: install the PostgreSQL client tools of your server's version (Debian/Ubuntu: apt install postgresql-client)",
      ]);
      expect(existsSync(join(dir, "x.backup"))).toBe(false);
    } finally {
      process.env.PATH = saved.PATH;
      process.env.DATABASE_URL = saved.DATABASE_URL;
    }
  });
});
