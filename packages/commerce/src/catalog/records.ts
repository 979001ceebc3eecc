import { z } from "zod";
import { LANGUAGES, type Language } from "../shop/shops.ts";
import {
  ATTRIBUTE_KEY,
  ATTRIBUTE_VALUE_MAX,
  ATTRIBUTE_VALUE_TYPES,
  pickLanguage,
  SIZE_SYSTEMS,
  VOCABULARY_ID,
  VOCABULARY_KINDS,
} from "./vocabulary.ts";

/**
 * The catalogue's exchange format: one JSON object per line (JSON Lines), categories before the products that
 * use them. `vitrine catalog import` reads it, `vitrine catalog export` writes it, the demo generator produces
 * it and the search index is built from the same records.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = z.number().int().positive();
const text = (max: number) => z.string().trim().min(1).max(max);

/** A value of the shop's vocabulary (vocabulary.ts): its form here, whether the shop knows it in the import. */
const vocabularyId = z.string().regex(VOCABULARY_ID, "must be 1–60 lower-case letters, digits, dash or underscore");

const labels = z
  .strictObject({
    de: z.string().trim().min(1).max(80).optional(),
    fr: z.string().trim().min(1).max(80).optional(),
    en: z.string().trim().min(1).max(80).optional(),
  })
  .refine((l) => Object.values(l).some((v) => v !== undefined), "give a label in at least one language");

/** A vocabulary value: written before the products of the file that use it. */
export const vocabularyRecordSchema = z
  .strictObject({
    type: z.literal("vocabulary"),
    kind: z.enum(VOCABULARY_KINDS),
    id: vocabularyId,
    labels,
    hex: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1f2f52")
      .transform((h) => h.toLowerCase())
      .nullable()
      .default(null),
    sizeSystem: z
      .enum(SIZE_SYSTEMS as [string, ...string[]])
      .nullable()
      .default(null),
  })
  .refine((v) => v.kind !== "colour" || v.hex !== null, { message: "a colour needs its hex", path: ["hex"] });

/** A merchant-defined attribute: the key of a product's `attributes`. */
export const attributeRecordSchema = z.strictObject({
  type: z.literal("attribute"),
  key: z.string().regex(ATTRIBUTE_KEY, "must start with a letter: 1–40 letters, digits or underscore"),
  valueType: z.enum(ATTRIBUTE_VALUE_TYPES).default("text"),
  facetable: z.boolean().default(false),
  searchable: z.boolean().default(true),
  labels,
  /** Text attributes: labels per language of some of the values (`{"long": {"de": "Lang", "en": "Long"}}`). */
  values: z.record(z.string().min(1).max(ATTRIBUTE_VALUE_MAX), labels).optional(),
});

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
  productType: vocabularyId.or(z.literal("")).default(""),
  translations: z.strictObject({ de: categoryTranslation, fr: categoryTranslation, en: categoryTranslation }),
  /** Out of the shop's menu and pages, with everything below it (the back office still shows it). */
  hidden: z.boolean().optional(),
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
  productType: vocabularyId,
  colorId: vocabularyId,
  pattern: vocabularyId.default("plain"),
  material: z.array(vocabularyId).max(5).default([]),
  fit: vocabularyId.nullable().default(null),
  care: z.array(vocabularyId).max(8).default([]),
  seasonMonth: z.number().int().min(1).max(12),
  seasonYear: z.number().int().min(2000).max(2100),
  campaign: z.string().min(1).max(80).nullable().default(null),
  arrivalDate: z.string().regex(ISO_DAY, "must be a date yyyy-mm-dd"),
  promotionId: z.string().min(1).max(80).nullable().default(null),
  attributes: z
    .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/), z.array(z.string().max(ATTRIBUTE_VALUE_MAX)))
    .default({}),
  categoryIds: z.array(id).min(1, "a product needs at least one category"),
  /** At least one language: a store shows its own, or falls back along LANGUAGE_FALLBACK. */
  translations: z
    .strictObject({
      de: productTranslation.optional(),
      fr: productTranslation.optional(),
      en: productTranslation.optional(),
    })
    .refine(
      (t) => t.de !== undefined || t.fr !== undefined || t.en !== undefined,
      "a product needs a name in at least one language (de, fr or en)",
    ),
  images: z
    .array(
      z.strictObject({
        // The specification's three, then numbered ones (`image4`, …) for further uploaded pictures (images.ts).
        assetName: z.union([
          z.enum(IMAGE_ASSET_NAMES),
          z.string().regex(/^image(?:[4-9]|1\d|20)$/, "must be front, fa, d1 or image4 … image20"),
        ]),
        path: z.string().min(1).max(500),
      }),
    )
    .min(1, "a product needs at least its front image")
    .max(20, "a product has at most 20 pictures")
    .refine(
      (images) => new Set(images.map((i) => i.assetName)).size === images.length,
      "each image name (front, fa, d1) may appear once",
    ),
  variants: z.array(variantRecordSchema).min(1, "a product needs at least one variant"),
});

export const catalogRecordSchema = z.discriminatedUnion("type", [
  vocabularyRecordSchema,
  attributeRecordSchema,
  categoryRecordSchema,
  productRecordSchema,
]);

export type CategoryRecord = z.output<typeof categoryRecordSchema>;
export type ProductRecord = z.output<typeof productRecordSchema>;
export type VariantRecord = z.output<typeof variantRecordSchema>;
export type VocabularyRecord = z.output<typeof vocabularyRecordSchema>;
export type AttributeRecord = z.output<typeof attributeRecordSchema>;
export type ProductTranslationRecord = z.output<typeof productTranslation>;
export type CatalogRecord = VocabularyRecord | AttributeRecord | CategoryRecord | ProductRecord;
export type ZonePriceRecord = NonNullable<VariantRecord["prices"]["DE"]>;

export { LANGUAGES };

/** A product's texts for a store language: its own, or the first of the fallback chain it has, with its language. */
export function productTexts(
  record: Pick<ProductRecord, "translations" | "referenceKey">,
  language: Language,
): ProductTranslationRecord & { language: Language } {
  const found = pickLanguage(record.translations, language);
  if (found) return { ...found.value, language: found.language };
  return { name: record.referenceKey, shortDescription: "", description: "", freeTextBadge: null, language };
}
