import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { SearchTables } from "@vitrine/search";
import { describe, expect, it } from "vitest";
import type { Database } from "./db/schema.ts";
import { boundaryViolations, TABLE_OWNERS, tableReferences } from "./module-boundaries.ts";

const COMMERCE = fileURLToPath(new URL(".", import.meta.url));
const SEARCH = fileURLToPath(new URL("../../search/src/", import.meta.url));

type OwnedTable = (typeof TABLE_OWNERS)[keyof typeof TABLE_OWNERS][number];
/** Every table of the shop: the commerce schema's and the search package's own (`searchDb`). */
type ShopTable = keyof Database | keyof SearchTables;
// Compile-time: a table added to the schema without an owner (or an owner naming no table) fails the typecheck.
const everyTableOwned: [Exclude<ShopTable, OwnedTable>] extends [never] ? true : false = true;
const noUnknownTable: [Exclude<OwnedTable, ShopTable>] extends [never] ? true : false = true;
// Compile-time: the commerce schema does not know search's tables, so no commerce service can query them.
const searchTablesOutsideCommerce: [Extract<keyof Database, keyof SearchTables>] extends [never] ? true : false = true;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Tests and their fixtures set up rows across modules on purpose, and migrations are the schema's history
 * (they create every module's tables): neither is a module's service code.
 */
function isServiceCode(path: string): boolean {
  const name = path.split("/").at(-1) ?? "";
  return !(
    name.endsWith(".test.ts") ||
    name.startsWith("test-") ||
    path.includes("/db/migrations/") ||
    path.endsWith("/db/testing.ts")
  );
}

/** A commerce file belongs to its top folder (`catalog/…` → catalog); files at the root belong to no module. */
function moduleOf(path: string): string {
  if (path.startsWith(SEARCH)) return "search";
  const [top, ...rest] = relative(COMMERCE, path).split("/");
  return rest.length > 0 ? (top ?? "") : "(core root)";
}

describe("module boundaries", () => {
  it("give every table of the schema exactly one owner", () => {
    expect(everyTableOwned && noUnknownTable && searchTablesOutsideCommerce).toBe(true);
    const tables = Object.values(TABLE_OWNERS).flat();
    expect(new Set(tables).size).toBe(tables.length);
  });

  it("find table names in query builder calls, joins, arrays and raw SQL, not in comments", () => {
    const sample = `
      // db.selectFrom("payment") in a comment does not count
      const a = await db.selectFrom("shop_order as o")
        .innerJoin(
          "payment as p", "p.id", "o.payment_id")
        .selectAll().execute();
      await trx.deleteFrom(["basket_item", 'basket']).execute();
      await sql\`update variant set stock_quantity = 0 where id in (select variant_id from store_stock)\`.execute(db);
      await sql<{ n: number }>\`select count(*) as n from "customer"\`.execute(db);
      await db.selectFrom("ranked").selectAll().execute(); /* not a table: ignored */
      /* db.updateTable("product") */
    `;
    expect(tableReferences(sample).map((r) => `${r.line}:${r.via}:${r.table}`)).toEqual([
      "3:selectFrom:shop_order",
      "4:innerJoin:payment",
      "7:deleteFrom:basket_item",
      "7:deleteFrom:basket",
      "8:sql:variant",
      "8:sql:store_stock",
      "9:sql:customer",
    ]);
  });

  it("flag a module querying another module's table and allow its own", () => {
    const bad = `export const f = (db) => db.selectFrom("variant").innerJoin("basket_item as i", "i.variant_id", "variant.id");`;
    expect(boundaryViolations("basket/bad.ts", "basket", bad)).toEqual([
      { file: "basket/bad.ts", module: "basket", owner: "catalog", table: "variant", line: 1, via: "selectFrom" },
    ]);
    expect(boundaryViolations("catalog/ok.ts", "catalog", `db.selectFrom("variant")`)).toEqual([]);
  });

  it("hold in the commerce core and the search package", () => {
    const files = [...sourceFiles(COMMERCE), ...sourceFiles(SEARCH)].filter(isServiceCode);
    const references = files.flatMap((file) => tableReferences(readFileSync(file, "utf8")));
    // The scan must see the queries it guards: an empty result would mean a broken scan, not clean code.
    expect(files.length).toBeGreaterThan(100);
    expect(new Set(references.map((r) => r.table)).size).toBeGreaterThan(30);

    const violations = files.flatMap((file) =>
      boundaryViolations(relative(join(COMMERCE, "../.."), file), moduleOf(file), readFileSync(file, "utf8")),
    );
    expect(violations.map((v) => `${v.file}:${v.line} (${v.module}) ${v.via} ${v.table}, owned by ${v.owner}`)).toEqual(
      [],
    );
  });
});
