import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { exportCatalogLines } from "./export.ts";
import { CREATED_COLOUR_HEX, importCatalog } from "./import.ts";
import { catalogStats } from "./service.ts";
import { takeStock } from "./stock.ts";
import { loadProductRecords } from "./store.ts";
import { loadVocabulary } from "./vocabulary-store.ts";

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

async function exportLines(): Promise<string[]> {
  const exported: string[] = [];
  for await (const line of exportCatalogLines(t.db)) exported.push(line);
  return exported;
}

async function stockOf(variantId: number): Promise<number> {
  const row = await t.db
    .selectFrom("variant")
    .select("stock_quantity")
    .where("id", "=", variantId)
    .executeTakeFirstOrThrow();
  return row.stock_quantity;
}

describe("catalog import", () => {
  it("imports a valid file and exports the same records back", async () => {
    const result = await importCatalog(t, lines, now);
    expect(result).toEqual({
      ok: true,
      categories: demo.categories.length,
      products: 60,
      variants: demo.products.reduce((n, p) => n + p.variants.length, 0),
      lines: lines.length,
      vocabulary: 0,
      created: [],
    });
    const exported: string[] = [];
    for await (const line of exportCatalogLines(t.db)) exported.push(line);
    const key = (r: { type: string; id: number | string; kind?: string }) =>
      `${r.type}:${r.kind ?? ""}:${String(r.id).padStart(8, "0")}`;
    const sorted = (records: { type: string; id: number | string }[]) =>
      [...records].sort((a, b) => key(a).localeCompare(key(b)));
    // An export also carries each variant's stock version (0: no stock movement yet).
    // The vocabulary comes first: the demo's is the starter vocabulary the shop was migrated with.
    const original = [
      ...demo.vocabulary,
      ...demo.categories,
      ...demo.products.map((p) => ({
        ...p,
        variants: p.variants.map((v) => ({ ...v, stock: { ...v.stock, version: 0 } })),
      })),
    ].map((r) => JSON.parse(JSON.stringify(r)));
    expect(sorted(exported.map((l) => JSON.parse(l)))).toEqual(sorted(original));
    // Parents come before their children, so the export imports again as it is.
    const seen = new Set<number>();
    for (const record of exported.map((l) => JSON.parse(l))) {
      if (record.type === "category" && record.parentId !== null) expect(seen.has(record.parentId)).toBe(true);
      if (record.type === "category") seen.add(record.id);
    }
  });

  it("re-imports idempotently", async () => {
    const before = await catalogStats(t);
    const result = await importCatalog(t, lines, now);
    expect(result.ok).toBe(true);
    expect(await catalogStats(t)).toEqual(before);
  });

  it("leaves live stock alone: an export re-imported after a sale of 2 keeps 22 of 24; new variants get the file's", async () => {
    const product = demo.products[0] as (typeof demo.products)[number];
    const variantId = (product.variants[0] as { id: number }).id;
    await t.db.updateTable("variant").set({ stock_quantity: 24 }).where("id", "=", variantId).execute();
    const exported = await exportLines();
    expect(await takeStock(t, [{ variantId, quantity: 2 }], now)).toEqual({ ok: true });
    expect(await stockOf(variantId)).toBe(22);

    const withNewVariant = exported.map((line) => {
      const record = JSON.parse(line);
      if (record.type !== "product" || record.id !== product.id) return line;
      const added = {
        ...record.variants[0],
        id: 99_800_001,
        size: "XXXL",
        ean: null,
        stock: { quantity: 7, isSellableWithoutStock: false },
      };
      return JSON.stringify({ ...record, variants: [...record.variants, added] });
    });
    expect((await importCatalog(t, withNewVariant, now)).ok).toBe(true);
    expect(await stockOf(variantId)).toBe(22);
    expect(await stockOf(99_800_001)).toBe(7);
  });

  it("sets stock with --stock set only where it has not moved since the export", async () => {
    const product = demo.products[1] as (typeof demo.products)[number];
    const variantId = (product.variants[0] as { id: number }).id;
    const before = await stockOf(variantId);
    const stale = await exportLines();
    expect(await takeStock(t, [{ variantId, quantity: 1 }], now)).toEqual({ ok: true });
    const sold = before - 1;
    const setTo = (lines: string[], quantity: number, withoutVersion = false) =>
      lines.map((line) => {
        const record = JSON.parse(line);
        if (record.type !== "product" || record.id !== product.id) return line;
        const stock = { ...record.variants[0].stock, quantity };
        if (withoutVersion) delete stock.version;
        return JSON.stringify({ ...record, variants: [{ ...record.variants[0], stock }, ...record.variants.slice(1)] });
      });

    const refused = await importCatalog(t, setTo(stale, 40), now, { stock: "set" });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.issues).toEqual([
        {
          line: stale.findIndex((l) => l.startsWith(`{"type":"product","id":${product.id},`)) + 1,
          field: "variants.0.stock.version",
          reason: `stock of variant ${variantId} changed since the export (now ${sold}): export again, or import without --stock set`,
        },
      ]);
    }
    expect(await stockOf(variantId)).toBe(sold);

    const fresh = await exportLines();
    expect((await importCatalog(t, setTo(fresh, 40, true), now, { stock: "set" })).ok).toBe(false);
    expect((await importCatalog(t, setTo(fresh, 40), now, { stock: "set" })).ok).toBe(true);
    expect(await stockOf(variantId)).toBe(40);
    // The same file again changes nothing and is accepted; the version moved with the set.
    expect((await importCatalog(t, setTo(fresh, 40), now, { stock: "set" })).ok).toBe(true);
    expect((await importCatalog(t, setTo(fresh, 41), now, { stock: "set" })).ok).toBe(false);
    expect(await stockOf(variantId)).toBe(40);
  });

  it("rejects a bad file with line, field and reason and imports nothing of it", async () => {
    const before = await catalogStats(t);
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
    const result = await importCatalog(t, bad, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual({
      line: 2,
      field: "(line)",
      reason: expect.stringMatching(/^not valid JSON/),
    });
    expect(result.issues).toContainEqual({
      line: 3,
      field: "variants",
      reason: "a product needs at least one variant",
    });
    expect(result.issues).toContainEqual({ line: 5, field: "brand", reason: "value is required." });
    expect(await catalogStats(t)).toEqual(before);
    const missing = await t.db.selectFrom("product").select("id").where("id", "=", 999_001).executeTakeFirst();
    expect(missing).toBeUndefined();
  });

  it("rejects references to unknown categories and duplicate ids across lines", async () => {
    const product = JSON.parse(lines[demo.categories.length] as string);
    const result = await importCatalog(
      t,
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
    const result = await importCatalog(t, [JSON.stringify(product)], now);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues[0]).toEqual({
        line: 1,
        field: "variants.0.prices.DE.salePrice",
        reason: "salePrice must be lower than listPrice",
      });
  });

  it("reads an asynchronous stream line by line, reports progress and leaves no staged rows behind", async () => {
    async function* stream() {
      for (const line of lines) yield line;
    }
    const phases: string[] = [];
    const result = await importCatalog(t, stream(), now, {
      onProgress: (p) => {
        if (phases.at(-1) !== p.phase) phases.push(p.phase);
      },
    });
    expect(result.ok).toBe(true);
    expect(phases).toEqual(["reading", "checking", "writing"]);
    for (const table of [
      "catalog_import_record",
      "catalog_import_variant",
      "catalog_import_reference",
      "catalog_import_run",
    ] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
  });

  it("finds duplicates between lines: keys, reference keys, variants in two products, a size twice", async () => {
    const category = JSON.parse(lines[1] as string);
    const product = JSON.parse(lines[demo.categories.length] as string);
    const other = JSON.parse(lines[demo.categories.length + 1] as string);
    const sizes = product.variants.map((v: { size: string }) => v.size);
    const file = [
      JSON.stringify({ ...category, id: 880_001 }),
      JSON.stringify(product),
      JSON.stringify({ ...other, referenceKey: product.referenceKey }),
      JSON.stringify({ ...other, id: 990_002, referenceKey: "DUP-V", variants: [{ ...product.variants[0] }] }),
      JSON.stringify({
        ...other,
        id: 990_003,
        referenceKey: "DUP-S",
        variants: [
          { ...product.variants[0], id: 99_800_001, size: sizes[0] },
          { ...product.variants[0], id: 99_800_002, size: String(sizes[0]).toLowerCase() },
        ],
      }),
    ];
    const result = await importCatalog(t, file, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual({
      line: 1,
      field: "key",
      reason: `category key "${category.key}" belongs to category ${category.id}`,
    });
    expect(result.issues).toContainEqual({
      line: 3,
      field: "referenceKey",
      reason: `reference key "${product.referenceKey}" appears twice`,
    });
    expect(result.issues).toContainEqual({
      line: 4,
      field: "variants.0.id",
      reason: `variant ${product.variants[0].id} also belongs to product ${product.id} (line 2)`,
    });
    expect(result.issues).toContainEqual({
      line: 5,
      field: "variants.1.size",
      reason: `size "${String(sizes[0]).toLowerCase()}" appears twice in this product`,
    });
    expect(await t.db.selectFrom("catalog_import_record").selectAll().execute()).toEqual([]);
  });

  it("a big import publishes one reload event for every process instead of one per product", async () => {
    const big = generateDemoCatalog({ products: 1100, seed: 5, today: now });
    const bigLines = [...big.categories, ...big.products].map((r) => JSON.stringify(r));
    const fresh = await createTestDatabase();
    try {
      const result = await importCatalog(fresh, bigLines, now);
      expect(result.ok).toBe(true);
      const events = await fresh.db.selectFrom("event").select(["type", "entity", "entity_id"]).execute();
      expect(events).toEqual([{ type: "catalog.changed", entity: "catalog", entity_id: "*" }]);
      expect((await catalogStats(fresh)).products).toBe(1100);
    } finally {
      await fresh.destroy();
    }
  });

  it("refuses a product with the same image twice (it could not be stored)", async () => {
    const product = JSON.parse(lines[demo.categories.length] as string);
    const front = product.images[0];
    const result = await importCatalog(t, [JSON.stringify({ ...product, images: [front, front] })], now);
    expect(result).toMatchObject({
      ok: false,
      issues: [{ line: 1, field: "images", reason: "each image name (front, fa, d1) may appear once" }],
    });
  });
});

describe("catalog import: vocabulary and partial translations", () => {
  const base = () => {
    const p = JSON.parse(JSON.stringify(demo.products[1])) as Record<string, unknown> & {
      variants: { id: number }[];
    };
    return p;
  };
  const product = (id: number, patch: Record<string, unknown>) => {
    const p = base();
    return JSON.stringify({
      ...p,
      id,
      masterKey: `V${id}`,
      referenceKey: `V-${id}`,
      variants: p.variants.map((v, i) => ({ ...v, id: id * 100 + i })),
      ...patch,
    });
  };

  it("refuses values the vocabulary does not know (the default), naming line and field, and imports nothing", async () => {
    const before = await catalogStats(t);
    const result = await importCatalog(
      t,
      [product(880_001, {}), product(880_002, { colorId: "moss", material: ["cotton", "hemp"] })],
      now,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { line: 2, field: "colorId", reason: expect.stringMatching(/^unknown colour "moss" .*--create-vocabulary/) },
      { line: 2, field: "material.1", reason: expect.stringMatching(/^unknown material "hemp"/) },
    ]);
    expect(await catalogStats(t)).toEqual(before);
    expect((await loadVocabulary(t)).has("colour", "moss")).toBe(false);
  });

  it("takes the vocabulary a file brings in vocabulary lines", async () => {
    const result = await importCatalog(
      t,
      [
        JSON.stringify({
          type: "vocabulary",
          kind: "colour",
          id: "sage",
          labels: { en: "Sage", de: "Salbei" },
          hex: "#9caf88",
        }),
        JSON.stringify({ type: "attribute", key: "sleeve", facetable: true, labels: { en: "Sleeve" } }),
        product(880_003, { colorId: "sage", attributes: { sleeve: ["long"] } }),
      ],
      now,
    );
    expect(result).toMatchObject({ ok: true, products: 1, vocabulary: 2, created: [] });
    const vocabulary = await loadVocabulary(t);
    expect(vocabulary.value("colour", "sage")).toMatchObject({ hex: "#9caf88", labels: { en: "Sage", de: "Salbei" } });
    expect(vocabulary.attribute("sleeve")).toMatchObject({ facetable: true, searchable: true, valueType: "text" });
  });

  it("checks merchant attribute values against their value type, the shop's or the file's, wherever it is defined", async () => {
    const attribute = (key: string, valueType: string) =>
      JSON.stringify({ type: "attribute", key, valueType, labels: { en: key } });
    // The shop defines `waist_cm` as a number; the file defines `lined` as a boolean, before or after the products.
    expect(await importCatalog(t, [attribute("waist_cm", "number")], now)).toMatchObject({ ok: true });
    const before = await catalogStats(t);
    const products = [
      product(880_010, { attributes: { waist_cm: ["72.5"], lined: ["true"] } }),
      product(880_011, { attributes: { waist_cm: ["zweiundsiebzig"], lined: ["yes"] } }),
    ];
    const early = await importCatalog(t, [attribute("lined", "boolean"), ...products], now);
    expect(early.ok).toBe(false);
    if (early.ok) return;
    expect(early.issues).toEqual([
      { line: 3, field: "attributes.waist_cm.0", reason: "value is not a number. (waist_cm holds numbers)" },
      { line: 3, field: "attributes.lined.0", reason: "value is not a boolean. (lined holds booleans)" },
    ]);
    // Typed after its products: checked on what was staged, page by page.
    const late = await importCatalog(
      t,
      [
        product(880_010, { attributes: { lined: ["true"] } }),
        product(880_011, { attributes: { lined: ["ja"] } }),
        attribute("lined", "boolean"),
      ],
      now,
    );
    expect(late.ok).toBe(false);
    if (late.ok) return;
    expect(late.issues).toEqual([
      { line: 2, field: "attributes.lined.0", reason: "value is not a boolean. (lined holds booleans)" },
    ]);
    expect(await catalogStats(t)).toEqual(before);
    const fine = await importCatalog(
      t,
      [attribute("lined", "boolean"), product(880_012, { attributes: { waist_cm: ["-3"], lined: ["false"] } })],
      now,
    );
    expect(fine).toMatchObject({ ok: true, products: 1 });
  });

  it("creates unknown values with --create-vocabulary and lists them", async () => {
    const result = await importCatalog(
      t,
      [product(880_004, { productType: "umbrella", colorId: "moss", attributes: { handle: ["wood"] } })],
      now,
      { vocabulary: "create" },
    );
    expect(result).toMatchObject({ ok: true, products: 1 });
    if (!result.ok) return;
    expect(result.created).toEqual([
      { kind: "attribute", id: "handle" },
      { kind: "colour", id: "moss" },
      { kind: "productType", id: "umbrella" },
    ]);
    const vocabulary = await loadVocabulary(t);
    expect(vocabulary.value("colour", "moss")).toMatchObject({ hex: CREATED_COLOUR_HEX, labels: { en: "Moss" } });
    expect(vocabulary.value("productType", "umbrella")).toMatchObject({ sizeSystem: "onesize" });
    expect(vocabulary.label("productType", "umbrella", "de")).toBe("Umbrella");
  });

  it("accepts a product with a name in one language only and keeps only that language", async () => {
    const en = { name: "Rain jacket", shortDescription: "", description: "Keeps you dry.", freeTextBadge: null };
    const result = await importCatalog(t, [product(880_005, { translations: { en } })], now);
    expect(result).toMatchObject({ ok: true, products: 1 });
    const [record] = await loadProductRecords(t, [880_005]);
    expect(record?.translations).toEqual({ en });
    const rows = await t.db
      .selectFrom("product_translation")
      .select(["language", "name", "text_language"])
      .where("product_id", "=", 880_005)
      .orderBy("language")
      .execute();
    expect(rows).toEqual([
      { language: "de", name: "Rain jacket", text_language: "en" },
      { language: "en", name: "Rain jacket", text_language: null },
      { language: "fr", name: "Rain jacket", text_language: "en" },
    ]);
    const none = await importCatalog(t, [product(880_006, { translations: {} })], now);
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.issues).toEqual([
        { line: 1, field: "translations", reason: "a product needs a name in at least one language (de, fr or en)" },
      ]);
    }
  });
});
