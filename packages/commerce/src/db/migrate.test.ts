import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { dialect } from "./database.ts";
import { migrateDown, migrateToLatest } from "./migrate.ts";
import { migrations } from "./migrations/index.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

let testDb: TestDatabase | undefined;
afterEach(async () => {
  await testDb?.destroy();
  testDb = undefined;
});

async function tableNames(t: TestDatabase): Promise<string[]> {
  const tables = await t.db.introspection.getTables();
  return tables.map((table) => table.name).sort();
}

describe(`migrations (${process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite"})`, () => {
  it("create every catalogue table on a fresh database", async () => {
    testDb = await createTestDatabase({ migrate: false });
    const result = await migrateToLatest(testDb.db, []);
    expect(result.error).toBeUndefined();
    expect(result.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
    const names = await tableNames(testDb);
    for (const table of [
      "category",
      "category_translation",
      "product",
      "product_translation",
      "variant",
      "variant_price",
      "promotion",
      "outfit",
      "physical_store",
      "redirect",
      "setting",
      "content_entry",
      "event",
    ]) {
      expect(names).toContain(table);
    }
    expect(dialect(testDb.db)).toBe(testDb.dialect);
  });

  it("are idempotent: a second run applies nothing", async () => {
    testDb = await createTestDatabase();
    const again = await migrateToLatest(testDb.db, []);
    expect(again.results).toEqual([]);
  });

  it("apply a migration that arrives after a later-numbered one has run (numbers reserved ahead)", async () => {
    testDb = await createTestDatabase();
    const table = (name: string): Migration => ({
      up: async (db) => {
        await db.schema
          .createTable(name)
          .addColumn("id", "integer", (c) => c.primaryKey())
          .execute();
      },
      down: async (db) => {
        await db.schema.dropTable(name).execute();
      },
    });
    const late = { "9990_late_module": table("late_module_table") };
    expect((await migrateToLatest(testDb.db, [late])).results?.map((r) => r.migrationName)).toEqual([
      "9990_late_module",
    ]);
    const next = { ...late, "9980_reserved_earlier": table("earlier_module_table") };
    const result = await migrateToLatest(testDb.db, [next]);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([["9980_reserved_earlier", "Success"]]);
    expect(await tableNames(testDb)).toEqual(expect.arrayContaining(["late_module_table", "earlier_module_table"]));
  });

  it("can be rolled back one step and re-applied", async () => {
    testDb = await createTestDatabase();
    const last = Object.keys(migrations).at(-1);
    const down = await migrateDown(testDb.db, []);
    expect(down.results?.[0]?.migrationName).toBe(last);
    const up = await migrateToLatest(testDb.db, []);
    expect(up.results?.[0]?.migrationName).toBe(last);
  });

  it("give auto-increment ids on both dialects", async () => {
    testDb = await createTestDatabase();
    const now = new Date().toISOString();
    await testDb.db
      .insertInto("redirect")
      .values([
        { source_path: "/a/", store_code: "*", target: "/b/", status_code: 301, created_at: now },
        { source_path: "/c/", store_code: "*", target: "/d/", status_code: 301, created_at: now },
      ])
      .execute();
    const rows = await testDb.db.selectFrom("redirect").select("id").orderBy("id").execute();
    expect(rows.map((r) => Number(r.id))).toEqual([1, 2]);
    const count = await sql<{ n: number }>`select count(*) as n from redirect`.execute(testDb.db);
    expect(Number(count.rows[0]?.n)).toBe(2);
  });
});
