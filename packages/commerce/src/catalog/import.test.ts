import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { exportCatalogLines } from "./export.ts";
import { importCatalog } from "./import.ts";
import { catalogStats } from "./service.ts";

const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 60, seed: 3, today: now });
const lines = [...demo.categories, ...demo.products].map((r) => JSON.stringify(r));

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

describe("catalog import", () => {
  it("imports a valid file and exports the same records back", async () => {
    const result = await importCatalog(t.db, lines, now);
    expect(result).toEqual({
      ok: true,
      categories: demo.categories.length,
      products: 60,
      variants: demo.products.reduce((n, p) => n + p.variants.length, 0),
    });
    const exported: string[] = [];
    for await (const line of exportCatalogLines(t.db)) exported.push(line);
    const key = (r: { type: string; id: number }) => `${r.type}:${String(r.id).padStart(8, "0")}`;
    const sorted = (records: { type: string; id: number }[]) =>
      [...records].sort((a, b) => key(a).localeCompare(key(b)));
    const original = [...demo.categories, ...demo.products].map((r) => JSON.parse(JSON.stringify(r)));
    expect(sorted(exported.map((l) => JSON.parse(l)))).toEqual(sorted(original));
    // Parents come before their children, so the export imports again as it is.
    const seen = new Set<number>();
    for (const record of exported.map((l) => JSON.parse(l))) {
      if (record.type === "category" && record.parentId !== null) expect(seen.has(record.parentId)).toBe(true);
      if (record.type === "category") seen.add(record.id);
    }
  });

  it("re-imports idempotently", async () => {
    const before = await catalogStats(t.db);
    const result = await importCatalog(t.db, lines, now);
    expect(result.ok).toBe(true);
    expect(await catalogStats(t.db)).toEqual(before);
  });

  it("rejects a bad file with line, field and reason and imports nothing of it", async () => {
    const before = await catalogStats(t.db);
    const product = JSON.parse(lines[demo.categories.length] as string);
    const good = {
      ...product,
      id: 999_001,
      referenceKey: "NEW-1",
      variants: product.variants.map((v: { id: number }, i: number) => ({ ...v, id: 99_900_100 + i })),
    };
    const bad = [
      JSON.stringify(good),
      "{ not json",
      JSON.stringify({ ...good, id: 999_002, referenceKey: "NEW-2", colorId: "plaid", variants: [] }),
      JSON.stringify({
        ...good,
        id: 999_003,
        referenceKey: "NEW-3",
        categoryIds: [424242],
        variants: good.variants.map((v: { id: number }) => ({ ...v, id: v.id + 50 })),
      }),
      JSON.stringify({ type: "product", id: 999_004 }),
    ];
    const result = await importCatalog(t.db, bad, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual({
      line: 2,
      field: "(line)",
      reason: expect.stringMatching(/^not valid JSON/),
    });
    expect(result.issues).toContainEqual({
      line: 3,
      field: "colorId",
      reason: expect.stringMatching(/^value is not in enum/),
    });
    expect(result.issues).toContainEqual({
      line: 3,
      field: "variants",
      reason: "a product needs at least one variant",
    });
    expect(result.issues).toContainEqual({ line: 5, field: "brand", reason: "value is required." });
    expect(await catalogStats(t.db)).toEqual(before);
    const missing = await t.db.selectFrom("product").select("id").where("id", "=", 999_001).executeTakeFirst();
    expect(missing).toBeUndefined();
  });

  it("rejects references to unknown categories and duplicate ids across lines", async () => {
    const product = JSON.parse(lines[demo.categories.length] as string);
    const result = await importCatalog(
      t.db,
      [JSON.stringify({ ...product, categoryIds: [424242] }), JSON.stringify(product)],
      now,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual({ line: 1, field: "categoryIds.0", reason: "unknown category 424242" });
    expect(result.issues.some((i) => i.line === 2 && i.field === "id")).toBe(true);
  });

  it("rejects a sale price that is not below the list price", async () => {
    const product = JSON.parse(lines[demo.categories.length] as string);
    product.variants[0].prices.DE.salePrice = product.variants[0].prices.DE.listPrice + 100;
    const result = await importCatalog(t.db, [JSON.stringify(product)], now);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues[0]).toEqual({
        line: 1,
        field: "variants.0.prices.DE.salePrice",
        reason: "salePrice must be lower than listPrice",
      });
  });
});
