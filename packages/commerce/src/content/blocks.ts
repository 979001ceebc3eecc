import { z } from "zod";
import type { StoreCode } from "../shop/shops.ts";
import { type FieldIssue, specErrorMap } from "../validation.ts";

/**
 * Content blocks: one schema per block type. The `vitrine content import` command validates with them, and
 * the storefront validates every stored block again before it renders it (a block that no longer fits is
 * left out instead of breaking the page). Images and video sources are paths under the image base URL
 * (`banner/coat/camel.svg`) or https:// addresses; links are internal paths (`/c/new/`, localized to the
 * store when shown) or http(s)://, mailto: or tel: addresses.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

const ASSET_PATH = /^[a-z0-9][a-z0-9_.-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function isHttpsUrl(value: string): boolean {
  return /^https:\/\//i.test(value) && URL.canParse(value);
}

const assetSource = (extensions: readonly string[], example: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .refine(
      (src) =>
        isHttpsUrl(src) ||
        (ASSET_PATH.test(src) && !src.includes("..") && extensions.some((e) => src.toLowerCase().endsWith(`.${e}`))),
      `must be an asset path (${example}) or an https:// address`,
    );

export const IMAGE_EXTENSIONS = ["svg", "jpg", "jpeg", "png", "webp", "avif", "gif"] as const;
export const VIDEO_EXTENSIONS = ["mp4", "webm"] as const;

export const blockImageSchema = z.strictObject({
  src: assetSource(IMAGE_EXTENSIONS, "banner/coat/camel.svg"),
  /** What the picture shows; empty for a purely decorative picture. */
  alt: z.string().trim().max(300),
});

/** An internal path (`/c/new/`) or an http(s)://, mailto: or tel: address. */
export const linkHrefSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine(
    (href) =>
      (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) ||
      (/^https?:\/\//i.test(href) && URL.canParse(href)) ||
      /^mailto:[^\s]+@[^\s]+$/i.test(href) ||
      /^tel:\+?[0-9 ()/-]+$/i.test(href),
    "must be an internal path starting with / or an http(s)://, mailto: or tel: address",
  );

export const blockLinkSchema = z.strictObject({ href: linkHrefSchema, label: text(80) });

export const ASPECT_RATIOS = ["1:1", "3:4", "4:5", "4:3", "16:9", "21:9"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Recommendation slots a product slider can show without a product context. */
export const CONTENT_RECOMMENDATION_SLOTS = ["trending", "new-arrivals", "sale"] as const;
export type ContentRecommendationSlot = (typeof CONTENT_RECOMMENDATION_SLOTS)[number];

const RICH_TEXT_MAX = 20_000;

export const textBlockSchema = z.strictObject({
  type: z.literal("text"),
  /** Rich text as HTML; only an allow-list of tags and attributes is ever shown (the rest is removed). */
  html: text(RICH_TEXT_MAX),
});

export const accordionBlockSchema = z.strictObject({
  type: z.literal("accordion"),
  title: optionalText(120),
  items: z
    .array(z.strictObject({ title: text(200), html: text(RICH_TEXT_MAX) }))
    .min(1)
    .max(30),
});

export const bannerBlockSchema = z.strictObject({
  type: z.literal("banner"),
  eyebrow: optionalText(60),
  title: text(120),
  text: optionalText(300),
  image: blockImageSchema,
  link: blockLinkSchema.optional(),
  /** Text colour over the picture on wide screens. */
  textColor: z.enum(["dark", "light"]).default("dark"),
});

export const callToActionBlockSchema = z.strictObject({
  type: z.literal("call_to_action"),
  title: text(120),
  text: optionalText(400),
  link: blockLinkSchema,
  secondaryLink: blockLinkSchema.optional(),
  style: z.enum(["light", "dark", "accent"]).default("light"),
});

export const imageBlockSchema = z.strictObject({
  type: z.literal("image"),
  image: blockImageSchema,
  caption: optionalText(300),
  href: linkHrefSchema.optional(),
  aspectRatio: z.enum(ASPECT_RATIOS).default("16:9"),
});

export const imageSliderBlockSchema = z.strictObject({
  type: z.literal("image_slider"),
  title: optionalText(120),
  aspectRatio: z.enum(ASPECT_RATIOS).default("16:9"),
  slides: z
    .array(z.strictObject({ image: blockImageSchema, caption: optionalText(300), href: linkHrefSchema.optional() }))
    .min(2)
    .max(12),
});

const productId = z.number().int().positive();

export const productBlockSchema = z.strictObject({
  type: z.literal("product"),
  productId,
  title: optionalText(120),
  text: optionalText(400),
});

export const PRODUCT_SOURCE_KINDS = ["products", "category", "recommendation"] as const;

/** Chosen products, the products of a category (with its subcategories), or a recommendation slot. */
export const productSourceSchema = z
  .looseObject({ kind: z.enum(PRODUCT_SOURCE_KINDS) })
  .pipe(
    z.discriminatedUnion("kind", [
      z.strictObject({ kind: z.literal("products"), productIds: z.array(productId).min(1).max(24) }),
      z.strictObject({ kind: z.literal("category"), categoryKey: text(100) }),
      z.strictObject({ kind: z.literal("recommendation"), slotId: z.enum(CONTENT_RECOMMENDATION_SLOTS) }),
    ]),
  );
export type ProductSource = z.output<typeof productSourceSchema>;

export const productSliderBlockSchema = z.strictObject({
  type: z.literal("product_slider"),
  title: text(120),
  source: productSourceSchema,
  limit: z.number().int().min(2).max(24).default(12),
  link: blockLinkSchema.optional(),
});

export const videoBlockSchema = z.strictObject({
  type: z.literal("video"),
  title: optionalText(120),
  caption: optionalText(300),
  sources: z
    .array(
      z.strictObject({
        src: assetSource(VIDEO_EXTENSIONS, "video/autumn.mp4"),
        mimeType: z.enum(["video/mp4", "video/webm"]),
      }),
    )
    .min(1)
    .max(3),
  poster: blockImageSchema.optional(),
  captions: z
    .strictObject({
      src: assetSource(["vtt"], "video/autumn.de.vtt"),
      language: z.enum(["de", "fr", "en"]),
      label: text(40),
    })
    .optional(),
  aspectRatio: z.enum(ASPECT_RATIOS).default("16:9"),
});

export const sizeChartBlockSchema = z
  .strictObject({
    type: z.literal("size_chart"),
    title: text(120),
    caption: optionalText(300),
    headers: z.array(text(40)).min(2).max(12),
    rows: z
      .array(z.array(z.string().trim().max(40)).max(12))
      .min(1)
      .max(60),
    note: optionalText(400),
  })
  .superRefine((chart, ctx) => {
    chart.rows.forEach((row, index) => {
      if (row.length !== chart.headers.length) {
        ctx.addIssue({
          code: "custom",
          path: ["rows", index],
          message: `has ${row.length} cells, the headers have ${chart.headers.length}`,
        });
      }
    });
  });

/**
 * The countries the store delivers to, with the prices, free-delivery thresholds and days of each delivery method:
 * filled in per store from its one shipping-countries setting, so a service page never promises other countries.
 */
export const shippingRatesBlockSchema = z.strictObject({
  type: z.literal("shipping_rates"),
  title: optionalText(120),
});

export const storyBlockSchema = z.strictObject({
  type: z.literal("story"),
  eyebrow: optionalText(60),
  title: text(120),
  /** Plain text; an empty line starts a new paragraph. */
  text: text(3000),
  image: blockImageSchema,
  imagePosition: z.enum(["left", "right"]).default("left"),
  link: blockLinkSchema.optional(),
});

export const footerColumnsBlockSchema = z.strictObject({
  type: z.literal("footer_columns"),
  columns: z
    .array(z.strictObject({ title: text(60), links: z.array(blockLinkSchema).min(1).max(12) }))
    .min(1)
    .max(6),
});

export const categoryTeaserBlockSchema = z.strictObject({
  type: z.literal("category_teaser"),
  title: optionalText(120),
  items: z
    .array(
      z.strictObject({
        categoryKey: text(100),
        /** Shown instead of the category's name. */
        label: optionalText(60),
        image: blockImageSchema.optional(),
      }),
    )
    .min(1)
    .max(8),
});

/** Blocks a grid may hold (no nested grids, sliders or full-width blocks). */
const gridItemSchemas = [
  textBlockSchema,
  imageBlockSchema,
  callToActionBlockSchema,
  productBlockSchema,
  videoBlockSchema,
  accordionBlockSchema,
] as const;
export const GRID_ITEM_TYPES = ["text", "image", "call_to_action", "product", "video", "accordion"] as const;

const gridItemSchema = z
  .looseObject({ type: z.enum(GRID_ITEM_TYPES) })
  .pipe(z.discriminatedUnion("type", [...gridItemSchemas]));

export const gridBlockSchema = z.strictObject({
  type: z.literal("grid"),
  title: optionalText(120),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(2),
  items: z.array(gridItemSchema).min(1).max(12),
});

export const BLOCK_TYPES = [
  "accordion",
  "banner",
  "call_to_action",
  "image",
  "image_slider",
  "product",
  "product_slider",
  "grid",
  "video",
  "size_chart",
  "shipping_rates",
  "story",
  "text",
  "footer_columns",
  "category_teaser",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The store codes a block may name (shops.ts `StoreCode`). */
export const BLOCK_STORE_CODES = ["de", "at", "ch", "fr-ch", "en"] as const satisfies readonly StoreCode[];

/**
 * Every block of a page may be limited to some of the stores of the page's language (`"stores": ["ch"]`: a banner
 * only the Swiss store shows); without `stores` it is shown in all of them. The entry checks that the stores
 * speak its language (content.ts).
 */
const shownIn = { stores: z.array(z.enum(BLOCK_STORE_CODES)).min(1).max(BLOCK_STORE_CODES.length).optional() };

const blockSchemas = [
  accordionBlockSchema.extend(shownIn),
  bannerBlockSchema.extend(shownIn),
  callToActionBlockSchema.extend(shownIn),
  imageBlockSchema.extend(shownIn),
  imageSliderBlockSchema.extend(shownIn),
  productBlockSchema.extend(shownIn),
  productSliderBlockSchema.extend(shownIn),
  gridBlockSchema.extend(shownIn),
  videoBlockSchema.extend(shownIn),
  sizeChartBlockSchema.extend(shownIn),
  shippingRatesBlockSchema.extend(shownIn),
  storyBlockSchema.extend(shownIn),
  textBlockSchema.extend(shownIn),
  footerColumnsBlockSchema.extend(shownIn),
  categoryTeaserBlockSchema.extend(shownIn),
] as const;

/** Any block: the type is checked first, so an unknown type gets one clear message instead of a union dump. */
export const contentBlockSchema = z
  .looseObject({ type: z.enum(BLOCK_TYPES) })
  .pipe(z.discriminatedUnion("type", [...blockSchemas]));

export const MAX_BLOCKS_PER_ENTRY = 60;
export const contentBlocksSchema = z.array(contentBlockSchema).max(MAX_BLOCKS_PER_ENTRY);

export type ContentBlock = z.output<typeof contentBlockSchema>;
/** A block as written by hand or in an import file (defaults not yet applied). */
export type ContentBlockInput = z.input<typeof contentBlockSchema>;
export type BlockOf<T extends BlockType> = Extract<ContentBlock, { type: T }>;
export type GridItemBlock = BlockOf<"grid">["items"][number];

/** A JSON Schema node, as `z.toJSONSchema` writes the block schemas (the subset the content editor reads). */
export interface BlockJsonSchema {
  type?: string;
  properties?: Record<string, BlockJsonSchema>;
  required?: string[];
  items?: BlockJsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: BlockJsonSchema[];
  anyOf?: BlockJsonSchema[];
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

let blockJsonSchemas: Map<string, BlockJsonSchema> | undefined;

/**
 * The JSON Schema of a block type (its fields as stored, `stores` left out): the content editor draws its form
 * from it, so a field added to a block schema gets an input without editor code.
 */
export function blockJsonSchema(type: BlockType): BlockJsonSchema | undefined {
  if (!blockJsonSchemas) {
    const all = z.toJSONSchema(contentBlockSchema, { io: "output", unrepresentable: "any" }) as BlockJsonSchema;
    blockJsonSchemas = new Map(
      (all.oneOf ?? []).map((option) => {
        const { stores: _stores, ...properties } = option.properties ?? {};
        return [String(option.properties?.type?.const), { ...option, properties }];
      }),
    );
  }
  return blockJsonSchemas.get(type);
}

/** Whether a store shows the block (a block without `stores` is shown in every store of its language). */
export function shownInStore(block: { stores?: readonly string[] | undefined }, store: StoreCode): boolean {
  return block.stores === undefined || block.stores.includes(store);
}

export type BlockValidation = { ok: true; block: ContentBlock } | { ok: false; issues: FieldIssue[] };

/** Validates one block; issues carry dotted field paths (`items.0.title`) and the specification's wording. */
export function validateBlock(value: unknown): BlockValidation {
  const result = contentBlockSchema.safeParse(value, { error: specErrorMap });
  if (result.success) return { ok: true, block: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      field: issue.path.map(String).join(".") || "(block)",
      message: issue.message,
    })),
  };
}

/** A readable one-line summary of a block's problems: `items.0.title: value is required.; …`. */
export function describeBlockIssues(issues: readonly FieldIssue[]): string {
  return issues.map((i) => `${i.field}: ${i.message}`).join("; ");
}
