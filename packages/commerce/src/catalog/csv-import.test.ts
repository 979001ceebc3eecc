import { Readable } from "node:stream";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { csvItems, parseCsvMapping } from "./csv-import.ts";
import { importCatalog, importCatalogItems } from "./import.ts";
import { loadProductRecords } from "./store.ts";

const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 5, seed: 3, today: now });
const leaf = demo.products[0]?.categoryIds[0] as number;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const result = await importCatalog(
    t,
    demo.categories.map((c) => JSON.stringify(c)),
    now,
  );
  expect(result.ok).toBe(true);
});
afterAll(async () => {
  await t.destroy();
});

/** A merchant's CSV: one row per size, prices in euros with a comma, German type names, English names only. */
const mapping = parseCsvMapping({
  type: "product",
  delimiter: ";",
  groupBy: "style",
  fields: {
    id: { column: "style", as: "integer" },
    masterKey: { template: "M{style}" },
    referenceKey: { template: "R{style}" },
    brand: { value: "Nordlicht" },
    productType: { column: "art", map: { Hose: "trousers", Kleid: "dress" } },
    colorId: { column: "farbe", transform: "slug", map: { dunkelblau: "navy" } },
    material: { column: "material", split: "|", transform: "lower" },
    seasonMonth: { value: 3 },
    seasonYear: { value: 2026 },
    arrivalDate: { value: "2026-03-01" },
    categoryIds: { column: "kategorie", as: "integer", split: "|" },
    "translations.de.name": { column: "name" },
    "translations.fr.name": { column: "name" },
    "translations.en.name": { template: "{name} ({farbe})" },
    "images.0.assetName": { value: "front" },
    "images.0.path": { template: "products/{style}/front.jpg" },
    "variants[].id": { column: "sku", as: "integer" },
    "variants[].size": { column: "größe" },
    "variants[].stock.quantity": { column: "bestand", as: "integer", default: 0 },
    "variants[].stock.isSellableWithoutStock": { value: false },
    "variants[].deliveryDays": { value: { min: 2, max: 4 } },
    "variants[].prices.DE.currency": { value: "EUR" },
    "variants[].prices.DE.listPrice": { column: "preis", as: "cents" },
  },
});

const csv = (text: string) => Readable.from([text]);

describe("CSV import through a mapping", () => {
  it("turns consecutive rows of a style into one product with a variant per row", async () => {
    const file = [
      "style;art;farbe;material;kategorie;name;sku;größe;bestand;preis",
      `910001;Hose;Dunkelblau;Cotton|Elastane;${leaf};Chino Slim;91000101;S;4;49,95`,
      `910001;Hose;Dunkelblau;Cotton|Elastane;${leaf};Chino Slim;91000102;M;;49,95`,
      `910002;Kleid;red;viscose;${leaf};"Wrap dress; midi";91000201;38;7;89`,
    ].join("\n");
    const result = await importCatalogItems(t, csvItems(csv(file), mapping), now);
    expect(result).toMatchObject({ ok: true, products: 2, variants: 3 });
    const [chino, dress] = await loadProductRecords(t, [910001, 910002]);
    expect(chino).toMatchObject({
      productType: "trousers",
      colorId: "navy",
      material: ["cotton", "elastane"],
      translations: { en: { name: "Chino Slim (Dunkelblau)" }, de: { name: "Chino Slim" } },
      images: [{ assetName: "front", path: "products/910001/front.jpg" }],
    });
    expect(chino?.variants.map((v) => [v.id, v.size, v.stock.quantity, v.prices.DE?.listPrice])).toEqual([
      [91000101, "S", 4, 4995],
      [91000102, "M", 0, 4995],
    ]);
    expect(dress?.translations.de?.name).toBe("Wrap dress; midi");
    expect(dress?.variants[0]?.prices.DE?.listPrice).toBe(8900);
  });

  it("names the line and field of a bad cell and of a value the catalogue refuses, and imports nothing", async () => {
    const file = [
      "style;art;farbe;material;kategorie;name;sku;größe;bestand;preis",
      `910003;Hose;navy;cotton;${leaf};Cargo;91000301;S;1;39,90`,
      `910003;Hose;navy;cotton;${leaf};Cargo;9100030x;M;1;39,90`,
      `910004;Mantel;navy;cotton;${leaf};Parka;91000401;L;1;twelve`,
    ].join("\n");
    const result = await importCatalogItems(t, csvItems(csv(file), mapping), now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { line: 2, field: "variants.1.id", reason: '"9100030x" is not a whole number' },
      { line: 4, field: "variants.0.prices.DE.listPrice", reason: '"twelve" is not an amount like 49.95' },
    ]);
    expect(await loadProductRecords(t, [910003, 910004])).toEqual([]);
  });

  it("refuses a product type the vocabulary does not have, with its line", async () => {
    const file = [
      "style;art;farbe;material;kategorie;name;sku;größe;bestand;preis",
      `910005;Regenschirm;navy;;${leaf};Umbrella;91000501;one size;1;19`,
    ].join("\n");
    const result = await importCatalogItems(t, csvItems(csv(file), mapping), now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatchObject({ line: 2, field: "productType" });
  });

  it("says which column is missing before reading, and where a broken row is", async () => {
    const noSize = "style;art;farbe;material;kategorie;name;sku;bestand;preis\n1;Hose;navy;;1;X;1;1;1";
    await expect(importCatalogItems(t, csvItems(csv(noSize), mapping), now)).rejects.toThrow(
      'the file has no column "größe" (the mapping names it)',
    );
    const broken = [
      "style;art;farbe;material;kategorie;name;sku;größe;bestand;preis",
      `910006;Hose;navy;;${leaf};"Unclosed;91000601;S;1;19`,
    ].join("\n");
    const result = await importCatalogItems(t, csvItems(csv(broken), mapping), now);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues[0]).toMatchObject({ field: "(line)", reason: expect.stringMatching(/quote/i) });
  });

  it("refuses a mapping that is not one, naming the field", () => {
    expect(() => parseCsvMapping({ fields: { id: { column: "a", value: 1 } } })).toThrow(
      "invalid mapping: fields.id: give exactly one of column, value or template",
    );
    expect(() => parseCsvMapping({ fields: { "bad path!": { column: "a" } } })).toThrow(/invalid mapping: fields/);
    expect(() => parseCsvMapping({ fields: { id: { column: "a", as: "date" } } })).toThrow(/fields\.id\.as/);
  });

  it("never writes prototype keys from a mapping path", async () => {
    const hostile = parseCsvMapping({ fields: { "translations.constructor.name": { value: "x" }, id: { value: 1 } } });
    const items = [];
    for await (const item of csvItems(csv("a\n1"), hostile)) items.push(item);
    expect(items).toHaveLength(1);
    const value = (items[0] as { value: { translations: object } }).value;
    expect(Object.hasOwn(value.translations, "constructor")).toBe(false);
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });
});
