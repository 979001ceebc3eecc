import { z } from "zod";
import { LANGUAGES } from "../shop/shops.ts";
import { CARE_SYMBOLS, COLOURS, FITS, MATERIALS, PATTERNS, PRODUCT_TYPES } from "./vocabulary.ts";

/**
 * The catalogue's exchange format: one JSON object per line (JSON Lines), categories before the products that
 * use them. `vitrine catalog import` reads it, `vitrine catalog export` writes it, the demo generator produces
 * it and the search index is built from the same records.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = z.number().int().positive();
const text = (max: number) => z.string().trim().min(1).max(max);

const colourIds = COLOURS.map((c) => c.id) as [string, ...string[]];
const productTypeIds = PRODUCT_TYPES.map((t) => t.id) as [string, ...string[]];
const keysOf = (o: Record<string, unknown>) => Object.keys(o) as [string, ...string[]];

const categoryTranslation = z.strictObject({
  name: text(120),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case letters, digits and single dashes")
    .refine((s) => !/-\d+$/.test(s), "must not end in -digits (the shop strips them from category slugs)"),
  description: z.string().max(2000).default(""),
});

export const categoryRecordSchema = z.strictObject({
  type: z.literal("category"),
  id,
  parentId: id.nullable(),
  key: z.string().regex(/^[a-z0-9_-]{1,80}$/, "must be 1–80 lower-case letters, digits, dash or underscore"),
  position: z.number().int().min(0),
  role: z.enum(["regular", "sale", "new", "outfits"]).default("regular"),
  isSale: z.boolean().default(false),
  trackingKey: text(120),
  shopBaseCategory: text(120),
  productType: z.enum(productTypeIds).or(z.literal("")).default(""),
  translations: z.strictObject({ de: categoryTranslation, fr: categoryTranslation, en: categoryTranslation }),
});

const productTranslation = z.strictObject({
  name: text(200),
  shortDescription: z.string().max(500).default(""),
  description: z.string().max(10_000).default(""),
  freeTextBadge: z.string().trim().min(1).max(40).nullable().default(null),
});

const zonePrice = z
  .strictObject({
    currency: z.enum(["EUR", "CHF"]),
    listPrice: z.number().int().positive().max(100_000_000),
    salePrice: z.number().int().positive().nullable().default(null),
    reductionCategory: z.string().min(1).max(40).nullable().default(null),
  })
  .refine((p) => p.salePrice === null || p.salePrice < p.listPrice, {
    message: "salePrice must be lower than listPrice",
    path: ["salePrice"],
  });

export const variantRecordSchema = z.strictObject({
  id,
  size: z.string().trim().min(1).max(20),
  ean: z
    .string()
    .regex(/^\d{8,14}$/, "must be 8 to 14 digits")
    .nullable()
    .default(null),
  stock: z.strictObject({
    quantity: z.number().int().min(0),
    isSellableWithoutStock: z.boolean(),
    /** The variant's stock version when exported: `catalog import --stock set` sets stock only where it is still so. */
    version: z.number().int().min(0).optional(),
  }),
  deliveryDays: z
    .strictObject({ min: z.number().int().min(0).max(365), max: z.number().int().min(0).max(365) })
    .refine((d) => d.min <= d.max, { message: "min must not be greater than max", path: ["min"] }),
  prices: z
    .strictObject({
      DE: zonePrice.refine((p) => p.currency === "EUR", "DE prices are in EUR"),
      AT: zonePrice.refine((p) => p.currency === "EUR", "AT prices are in EUR"),
      CH: zonePrice.refine((p) => p.currency === "CHF", "CH prices are in CHF"),
    })
    .partial()
    .refine((p) => Object.keys(p).length > 0, "at least one price zone is required"),
});

export const IMAGE_ASSET_NAMES = ["front", "fa", "d1"] as const;

export const productRecordSchema = z.strictObject({
  type: z.literal("product"),
  id,
  masterKey: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1–64 letters, digits, dash or underscore"),
  referenceKey: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1–64 letters, digits, dash or underscore"),
  brand: text(80),
  productType: z.enum(productTypeIds),
  colorId: z.enum(colourIds),
  pattern: z.enum(keysOf(PATTERNS)).default("plain"),
  material: z
    .array(z.enum(keysOf(MATERIALS)))
    .max(5)
    .default([]),
  fit: z.enum(keysOf(FITS)).nullable().default(null),
  care: z
    .array(z.enum(keysOf(CARE_SYMBOLS)))
    .max(8)
    .default([]),
  seasonMonth: z.number().int().min(1).max(12),
  seasonYear: z.number().int().min(2000).max(2100),
  campaign: z.string().min(1).max(80).nullable().default(null),
  arrivalDate: z.string().regex(ISO_DAY, "must be a date yyyy-mm-dd"),
  promotionId: z.string().min(1).max(80).nullable().default(null),
  attributes: z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/), z.array(z.string().max(80))).default({}),
  categoryIds: z.array(id).min(1, "a product needs at least one category"),
  translations: z.strictObject({ de: productTranslation, fr: productTranslation, en: productTranslation }),
  images: z
    .array(z.strictObject({ assetName: z.enum(IMAGE_ASSET_NAMES), path: z.string().min(1).max(500) }))
    .min(1, "a product needs at least its front image")
    .refine(
      (images) => new Set(images.map((i) => i.assetName)).size === images.length,
      "each image name (front, fa, d1) may appear once",
    ),
  variants: z.array(variantRecordSchema).min(1, "a product needs at least one variant"),
});

export const catalogRecordSchema = z.discriminatedUnion("type", [categoryRecordSchema, productRecordSchema]);

export type CategoryRecord = z.output<typeof categoryRecordSchema>;
export type ProductRecord = z.output<typeof productRecordSchema>;
export type VariantRecord = z.output<typeof variantRecordSchema>;
export type CatalogRecord = CategoryRecord | ProductRecord;
export type ZonePriceRecord = NonNullable<VariantRecord["prices"]["DE"]>;

export { LANGUAGES };
