import type { Db } from "../db/database.ts";
import type { PriceZone } from "../shop/shops.ts";
import type { CsvMapping } from "./csv-import.ts";
import type { ProductRecord } from "./records.ts";
import { loadProductRecords } from "./store.ts";

/**
 * The products as a spreadsheet: one CSV row per variant (size), the product's columns repeated on each of its
 * rows. `PRODUCT_CSV_MAPPING` reads the same file back through the CSV import (edit prices or stock in a
 * spreadsheet, import it again); categories and the vocabulary stay in the JSON Lines export.
 */

const LANGS = ["de", "fr", "en"] as const;
const ZONES: readonly PriceZone[] = ["DE", "AT", "CH"];
const IMAGE_SLOTS = 3;
const PRODUCTS_PER_PAGE = 2000;

export const PRODUCT_CSV_COLUMNS = [
  "product_id",
  "master_key",
  "reference_key",
  "brand",
  "product_type",
  "colour",
  "pattern",
  "material",
  "fit",
  "care",
  "season_month",
  "season_year",
  "campaign",
  "arrival_date",
  "promotion_id",
  "category_ids",
  ...LANGS.flatMap((l) => [`name_${l}`, `short_${l}`, `description_${l}`]),
  ...Array.from({ length: IMAGE_SLOTS }, (_, i) => [`image_${i + 1}_name`, `image_${i + 1}_path`]).flat(),
  "variant_id",
  "size",
  "ean",
  "stock",
  "stock_version",
  "sellable_without_stock",
  "delivery_min_days",
  "delivery_max_days",
  ...ZONES.flatMap((z) => {
    const l = z.toLowerCase();
    return [`currency_${l}`, `price_${l}`, `sale_${l}`, `reduction_${l}`];
  }),
] as const;

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "" : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function rowsOf(p: ProductRecord): string[][] {
  return p.variants.map((v) => {
    const cells: Record<string, string> = {
      product_id: String(p.id),
      master_key: p.masterKey,
      reference_key: p.referenceKey,
      brand: p.brand,
      product_type: p.productType,
      colour: p.colorId,
      pattern: p.pattern,
      material: p.material.join("|"),
      fit: p.fit ?? "",
      care: p.care.join("|"),
      season_month: String(p.seasonMonth),
      season_year: String(p.seasonYear),
      campaign: p.campaign ?? "",
      arrival_date: p.arrivalDate,
      promotion_id: p.promotionId ?? "",
      category_ids: p.categoryIds.join("|"),
      variant_id: String(v.id),
      size: v.size,
      ean: v.ean ?? "",
      stock: String(v.stock.quantity),
      stock_version: String(v.stock.version ?? 0),
      sellable_without_stock: v.stock.isSellableWithoutStock ? "true" : "false",
      delivery_min_days: String(v.deliveryDays.min),
      delivery_max_days: String(v.deliveryDays.max),
    };
    for (const l of LANGS) {
      const t = p.translations[l];
      cells[`name_${l}`] = t?.name ?? "";
      cells[`short_${l}`] = t?.shortDescription ?? "";
      cells[`description_${l}`] = t?.description ?? "";
    }
    p.images.slice(0, IMAGE_SLOTS).forEach((image, i) => {
      cells[`image_${i + 1}_name`] = image.assetName;
      cells[`image_${i + 1}_path`] = image.path;
    });
    for (const zone of ZONES) {
      const price = v.prices[zone];
      const l = zone.toLowerCase();
      cells[`currency_${l}`] = price?.currency ?? "";
      cells[`price_${l}`] = money(price?.listPrice);
      cells[`sale_${l}`] = money(price?.salePrice);
      cells[`reduction_${l}`] = price?.salePrice ? (price.reductionCategory ?? "") : "";
    }
    return PRODUCT_CSV_COLUMNS.map((c) => cells[c] ?? "");
  });
}

/** The product CSV, line by line (header first), every product also when out of the shop. */
export async function* exportProductCsvLines(db: Db): AsyncGenerator<string> {
  yield PRODUCT_CSV_COLUMNS.join(",");
  const ids = (await db.selectFrom("product").select("id").orderBy("id").execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += PRODUCTS_PER_PAGE) {
    const records = await loadProductRecords({ db }, ids.slice(i, i + PRODUCTS_PER_PAGE), { withHidden: true });
    for (const record of records) {
      for (const row of rowsOf(record)) yield row.map(csvCell).join(",");
    }
  }
}

/** The CSV import's mapping of the file `exportProductCsvLines` writes. */
export const PRODUCT_CSV_MAPPING: CsvMapping = {
  type: "product",
  delimiter: ",",
  groupBy: "product_id",
  fields: {
    id: { column: "product_id", as: "integer" },
    masterKey: { column: "master_key", as: "string" },
    referenceKey: { column: "reference_key", as: "string" },
    brand: { column: "brand", as: "string" },
    productType: { column: "product_type", as: "string" },
    colorId: { column: "colour", as: "string" },
    pattern: { column: "pattern", as: "string" },
    material: { column: "material", as: "string", split: "|", default: [] },
    fit: { column: "fit", as: "string" },
    care: { column: "care", as: "string", split: "|", default: [] },
    seasonMonth: { column: "season_month", as: "integer" },
    seasonYear: { column: "season_year", as: "integer" },
    campaign: { column: "campaign", as: "string" },
    arrivalDate: { column: "arrival_date", as: "string" },
    promotionId: { column: "promotion_id", as: "string" },
    categoryIds: { column: "category_ids", as: "integer", split: "|" },
    ...Object.fromEntries(
      LANGS.flatMap((l) => [
        [`translations.${l}.name`, { column: `name_${l}`, as: "string" as const }],
        [`translations.${l}.shortDescription`, { column: `short_${l}`, as: "string" as const }],
        [`translations.${l}.description`, { column: `description_${l}`, as: "string" as const }],
      ]),
    ),
    ...Object.fromEntries(
      Array.from({ length: IMAGE_SLOTS }, (_, i) => [
        [`images.${i}.assetName`, { column: `image_${i + 1}_name`, as: "string" as const }],
        [`images.${i}.path`, { column: `image_${i + 1}_path`, as: "string" as const }],
      ]).flat(),
    ),
    "variants[].id": { column: "variant_id", as: "integer" },
    "variants[].size": { column: "size", as: "string" },
    "variants[].ean": { column: "ean", as: "string" },
    "variants[].stock.quantity": { column: "stock", as: "integer" },
    "variants[].stock.version": { column: "stock_version", as: "integer" },
    "variants[].stock.isSellableWithoutStock": { column: "sellable_without_stock", as: "boolean" },
    "variants[].deliveryDays.min": { column: "delivery_min_days", as: "integer" },
    "variants[].deliveryDays.max": { column: "delivery_max_days", as: "integer" },
    ...Object.fromEntries(
      ZONES.flatMap((z) => {
        const l = z.toLowerCase();
        return [
          [`variants[].prices.${z}.currency`, { column: `currency_${l}`, as: "string" as const }],
          [`variants[].prices.${z}.listPrice`, { column: `price_${l}`, as: "cents" as const }],
          [`variants[].prices.${z}.salePrice`, { column: `sale_${l}`, as: "cents" as const }],
          [`variants[].prices.${z}.reductionCategory`, { column: `reduction_${l}`, as: "string" as const }],
        ];
      }),
    ),
  },
};
