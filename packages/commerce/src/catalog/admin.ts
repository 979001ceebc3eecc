import { type Expression, sql } from "kysely";
import { type Actor, type AuditState, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import { LANGUAGES, type Language, type PriceZone } from "../shop/shops.ts";
import { chunk } from "../util.ts";
import {
  BULK_LIMIT,
  formatMoneyInput,
  isProductStatus,
  LIST_COUNT_CAP,
  LIST_PAGE_SIZES,
  PRICE_ZONES,
  PRODUCT_STATUSES,
  type ProductStatus,
  type StockState,
  ZONE_CURRENCY,
} from "./admin-constants.ts";
import { type CategoryNode, loadCategoryTree } from "./categories.ts";
import { catalogChangeEvents } from "./changes.ts";
import { type ProductRecord, productRecordSchema, productTexts, type ZonePriceRecord } from "./records.ts";
import { loadProductRecords, StockMovedError, writeProductRecords } from "./store.ts";
import { attributeValueProblem } from "./vocabulary.ts";
import { loadVocabulary } from "./vocabulary-store.ts";

export * from "./admin-constants.ts";

/**
 * The catalogue as the back office and the `vitrine products` command change it: the product list with its
 * search and filters (fast at 100,000 products: indexed filters, a page of rows, a capped count), the product
 * editor's save (one transaction: nothing half-saved), bulk prices and stock, hiding, archiving and deleting.
 * Every change is audited and published as `catalog.changed` events in its transaction, so every process's
 * search index and page cache follow within the feed's interval.
 */

export interface ProductListQuery {
  /** Name (any language), product number (reference, master key), product id, variant id or EAN. */
  q?: string;
  /** The category and every category below it. */
  categoryId?: number;
  brand?: string;
  stock?: StockState;
  noImage?: boolean;
  onSale?: boolean;
  /** Only products of this status; all when left out. */
  status?: ProductStatus;
  /** 1-based. */
  page?: number;
  perPage?: number;
  /** The language of the names shown. */
  language: Language;
}

export interface ProductListRow {
  id: number;
  referenceKey: string;
  name: string;
  brand: string;
  status: ProductStatus;
  variants: number;
  stock: number;
  sellableWithoutStock: boolean;
  frontImage: string | null;
  /** Lowest list and sale price per zone (cents), where sold. */
  prices: Partial<Record<PriceZone, { list: number; sale: number | null }>>;
}

export interface ProductList {
  rows: ProductListRow[];
  /** Matching products, counted up to LIST_COUNT_CAP. */
  total: number;
  totalCapped: boolean;
  page: number;
  perPage: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function categoryAndBelow(db: Db, id: number): Promise<number[]> {
  const tree = await loadCategoryTree({ db });
  return tree.descendantIds(id);
}

/** The largest id a product or variant can have (PostgreSQL `integer`). */
const MAX_ID = 2_147_483_647;

/** Products whose id, variant id, EAN, product number or master key is (or, for numbers, starts with) `code`. */
async function productsByCode(db: Db, code: string): Promise<number[] | undefined> {
  if (/\s/.test(code) || code.length > 64 || !/\d/.test(code)) return undefined;
  // Ids are 32-bit integers on PostgreSQL: a longer number (an EAN) is compared with the EAN only, not the ids.
  const number = /^\d{1,15}$/.test(code) ? Number(code) : undefined;
  const asId = number !== undefined && number <= MAX_ID ? number : undefined;
  const prefixEnd = `${code}\uffff`;
  const [byNumber, byKey] = await Promise.all([
    number === undefined
      ? Promise.resolve([])
      : asId === undefined
        ? db.selectFrom("variant").select("product_id as id").where("ean", "=", code).execute()
        : db
            .selectFrom("variant")
            .select("product_id as id")
            .where((eb) => eb.or([eb("id", "=", asId), eb("product_id", "=", asId), eb("ean", "=", code)]))
            .union(db.selectFrom("product").select("id").where("id", "=", asId))
            .execute(),
    db
      .selectFrom("product")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("reference_key", ">=", code), eb("reference_key", "<", prefixEnd)]),
          eb.and([eb("master_key", ">=", code), eb("master_key", "<", prefixEnd)]),
        ]),
      )
      .limit(LIST_COUNT_CAP + 1)
      .execute(),
  ]);
  const ids = [...new Set([...byNumber, ...byKey].map((r) => r.id))];
  return ids.length > 0 ? ids : undefined;
}

/** Row ids of the SQLite name index (migration 0032): `product_id * 4 + language`, the languages in this order. */
const NAME_INDEX_LANGUAGES: readonly Language[] = ["de", "fr", "en"];

/**
 * The condition "product `p` is named `text` anywhere in its name in `language`": SQLite's trigram index (FTS5;
 * case and accents folded) for 3 characters or more; PostgreSQL's `ilike`, which its trigram index (pg_trgm)
 * answers; for 1 or 2 characters, which no trigram finds, a scan of the names in that language.
 */
function namedCondition(db: Db, text: string, language: Language) {
  const postgres = dialect(db) === "postgres";
  if (!postgres && [...text].length >= 3) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    const languageIndex = NAME_INDEX_LANGUAGES.indexOf(language);
    return sql<boolean>`p.id in (select rowid / 4 from product_name_index
      where product_name_index match ${phrase} and rowid % 4 = ${languageIndex})`;
  }
  const pattern = `%${escapeLike(text)}%`;
  return sql<boolean>`p.id in (select t.product_id from product_translation t
    where t.language = ${language} and t.name ${sql.raw(postgres ? "ilike" : "like")} ${pattern} escape '\\')`;
}

/** Categories with more product links than this are filtered by reading products in the list's order. */
const LARGE_CATEGORY_LINKS = 5000;

/**
 * The condition "product `p` is in one of these categories". A small selection: its products from the index of
 * category links (they are few). A large one: each product of the list, in its order, looked up in the links
 * until the page and the capped count are full (a page of a category holding a quarter of the catalogue reads
 * about 200 products, where the links would be all 25,000).
 */
async function categoryCondition(db: Db, categoryIds: number[]) {
  const links = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("product_category")
        .select("product_id")
        .where("category_id", "in", categoryIds)
        .limit(LARGE_CATEGORY_LINKS + 1)
        .as("l"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const inList = sql.join(categoryIds);
  return Number(links?.n ?? 0) > LARGE_CATEGORY_LINKS
    ? sql<boolean>`exists (select 1 from product_category pc where pc.product_id = p.id and pc.category_id in (${inList}))`
    : sql<boolean>`p.id in (select pc.product_id from product_category pc where pc.category_id in (${inList}))`;
}

/** The product list of the back office: one page of rows and the (capped) number of matches. */
export async function listProducts(ctx: Pick<Ctx, "db">, query: ProductListQuery): Promise<ProductList> {
  const { db } = ctx;
  const perPage = LIST_PAGE_SIZES.includes(query.perPage as (typeof LIST_PAGE_SIZES)[number])
    ? (query.perPage as number)
    : 50;
  const page = Math.max(1, Math.min(Math.floor(query.page ?? 1) || 1, 100_000));
  const categoryIds = query.categoryId === undefined ? undefined : await categoryAndBelow(db, query.categoryId);
  if (categoryIds && categoryIds.length === 0) return { rows: [], total: 0, totalCapped: false, page, perPage };
  const inCategories = categoryIds === undefined ? undefined : await categoryCondition(db, categoryIds);
  const q = query.q?.trim() ?? "";
  // A product number, id or EAN is looked up by index first; only a query that names none searches the names.
  const codeMatches = q === "" ? undefined : await productsByCode(db, q);

  // Every filter reads an index in the list's order (newest id first): the stock, sale and picture filters read
  // the product's own columns, which triggers keep (migration 0032), not its variants, prices and pictures.
  const base = db
    .selectFrom("product as p")
    .$if(query.status !== undefined, (s) => s.where("p.status", "=", query.status as ProductStatus))
    .$if(query.brand !== undefined && query.brand !== "", (s) => s.where("p.brand", "=", query.brand as string))
    .$if(inCategories !== undefined, (s) => s.where(inCategories as Expression<boolean>))
    .$if(query.noImage === true, (s) => s.where("p.has_front_image", "=", 0))
    .$if(query.onSale === true, (s) => s.where("p.on_sale", "=", 1))
    .$if(query.stock === "out", (s) => s.where("p.stock_state", "=", "out"))
    .$if(query.stock === "low", (s) => s.where("p.stock_state", "=", "low"))
    // Most products are in stock: read in id order, skipping the few sold out (not the index of both states).
    .$if(query.stock === "in_stock", (s) => s.where("p.stock_state", "<>", "out"))
    .$if(q !== "" && codeMatches !== undefined, (s) => s.where("p.id", "in", codeMatches as number[]))
    .$if(q !== "" && codeMatches === undefined, (s) =>
      // The names shown in the staff member's language (a product named in another language only has its text
      // there too, marked text_language): one row per product.
      s.where(namedCondition(db, q, query.language)),
    );

  // One query finds the first LIST_COUNT_CAP + 1 matches in the list's order: their number is the (capped)
  // count, and any page among them is a slice, so the database reads the matches once, not once for the page and
  // again for the count. Only a page past the cap asks for its rows by offset.
  const first = await base
    .select("p.id")
    .orderBy("p.id", "desc")
    .limit(LIST_COUNT_CAP + 1)
    .execute();
  const n = first.length;
  const offset = (page - 1) * perPage;
  const ids =
    offset + perPage <= n || n <= LIST_COUNT_CAP
      ? first.slice(offset, offset + perPage)
      : await base.select("p.id").orderBy("p.id", "desc").limit(perPage).offset(offset).execute();
  const rows = await listRows(
    db,
    ids.map((r) => r.id),
    query.language,
  );
  return { rows, total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP, page, perPage };
}

/** The list's columns for a page of products, in the given order. */
async function listRows(db: Db, ids: readonly number[], language: Language): Promise<ProductListRow[]> {
  if (ids.length === 0) return [];
  const only = [...ids];
  const [products, names, images, variants, prices] = await Promise.all([
    db.selectFrom("product").select(["id", "reference_key", "brand", "status"]).where("id", "in", only).execute(),
    db
      .selectFrom("product_translation")
      .select(["product_id", "name"])
      .where("product_id", "in", only)
      .where("language", "=", language)
      .execute(),
    db
      .selectFrom("product_image")
      .select(["product_id", "path"])
      .where("product_id", "in", only)
      .where("asset_name", "=", "front")
      .execute(),
    db
      .selectFrom("variant")
      .select(["product_id", "stock_quantity", "sellable_without_stock"])
      .where("product_id", "in", only)
      // Removed sizes stay as rows for orders; they are no longer part of the product.
      .where("removed_at", "is", null)
      .execute(),
    db
      .selectFrom("variant_price as vp")
      .innerJoin("variant as v", "v.id", "vp.variant_id")
      .select(["v.product_id", "vp.price_zone", "vp.list_price", "vp.sale_price"])
      .where("v.product_id", "in", only)
      .execute(),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const nameOf = new Map(names.map((n) => [n.product_id, n.name]));
  const imageOf = new Map(images.map((i) => [i.product_id, i.path]));
  return only.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const own = variants.filter((v) => v.product_id === id);
    const zonePrices: ProductListRow["prices"] = {};
    for (const row of prices) {
      if (row.product_id !== id) continue;
      const zone = row.price_zone as PriceZone;
      const known = zonePrices[zone];
      if (!known || row.list_price < known.list) zonePrices[zone] = { list: row.list_price, sale: row.sale_price };
      else if (row.sale_price !== null && (known.sale === null || row.sale_price < known.sale)) {
        known.sale = row.sale_price;
      }
    }
    return [
      {
        id,
        referenceKey: p.reference_key,
        name: nameOf.get(id) ?? p.reference_key,
        brand: p.brand,
        status: (isProductStatus(p.status) ? p.status : "active") as ProductStatus,
        variants: own.length,
        stock: own.reduce((sum, v) => sum + v.stock_quantity, 0),
        sellableWithoutStock: own.some((v) => v.sellable_without_stock === 1),
        frontImage: imageOf.get(id) ?? null,
        prices: zonePrices,
      },
    ];
  });
}

/** The brands of the catalogue, for the list's filter. */
export async function listBrands(ctx: Pick<Ctx, "db">): Promise<string[]> {
  const rows = await ctx.db.selectFrom("product").select("brand").distinct().orderBy("brand").execute();
  return rows.map((r) => r.brand);
}

// ---------------------------------------------------------------------------------------------------------------
// The editor

export interface EditableProduct {
  record: ProductRecord;
  status: ProductStatus;
  updatedAt: string;
}

/** A product as the editor shows it (also when it is out of the shop), or undefined. */
export async function loadEditableProduct(ctx: Pick<Ctx, "db">, id: number): Promise<EditableProduct | undefined> {
  const [record] = await loadProductRecords(ctx, [id], { withHidden: true });
  if (!record) return undefined;
  const row = await ctx.db
    .selectFrom("product")
    .select(["status", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { record, status: isProductStatus(row.status) ? row.status : "active", updatedAt: row.updated_at };
}

/** Money as an operator types it (`59.95`, `59,95`, `59`) in cents; undefined when it is not an amount. */
export function parseMoney(text: string): number | undefined {
  const t = text.trim().replace(/['\s]/g, "");
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

export interface ZonePriceInput {
  /** The list price; empty: the variant is not sold in this zone. */
  list: string;
  /** The reduced price; empty: no reduction. */
  sale: string;
  /** The reduction's category (`sale`, `outlet`…); empty: `sale` when reduced. */
  reduction?: string;
}

export interface VariantInput {
  prices: Partial<Record<PriceZone, ZonePriceInput>>;
  stock: string;
  /** The stock the editor showed and its version: a sale since then makes a stock change refuse, not overwrite. */
  stockWas: number;
  stockVersion: number;
}

export interface ProductEditInput {
  translations: Partial<Record<Language, { name: string; shortDescription: string; description: string }>>;
  brand: string;
  productType: string;
  colorId: string;
  pattern: string;
  /** Empty: none. */
  fit: string;
  material: string[];
  /** The merchant's attributes: key → values (empty list: none). */
  attributes: Record<string, string[]>;
  categoryIds: number[];
  variants: Record<number, VariantInput>;
  /** The `updated_at` the editor loaded: a save over a change made meanwhile is refused. */
  updatedAt?: string;
}

/**
 * The editor's input for a product as it is (names, attributes, each size's prices, reduction and stock): what the
 * editor shows before the operator changes anything, and what the CLI changes one field of. Saved unchanged, it
 * changes nothing.
 */
export function editInputOf(record: ProductRecord, updatedAt?: string): ProductEditInput {
  return {
    translations: Object.fromEntries(
      Object.entries(record.translations).map(([language, t]) => [
        language,
        { name: t.name, shortDescription: t.shortDescription, description: t.description },
      ]),
    ),
    brand: record.brand,
    productType: record.productType,
    colorId: record.colorId,
    pattern: record.pattern,
    fit: record.fit ?? "",
    material: record.material,
    attributes: record.attributes,
    categoryIds: record.categoryIds,
    variants: Object.fromEntries(
      record.variants.map((v) => [
        v.id,
        {
          prices: Object.fromEntries(
            Object.entries(v.prices).map(([zone, p]) => [
              zone,
              {
                list: formatMoneyInput(p.listPrice),
                sale: formatMoneyInput(p.salePrice),
                reduction: p.reductionCategory ?? "",
              },
            ]),
          ),
          stock: String(v.stock.quantity),
          stockWas: v.stock.quantity,
          stockVersion: v.stock.version ?? 0,
        },
      ]),
    ),
    ...(updatedAt ? { updatedAt } : {}),
  };
}

/** Why a field was refused (message keys `admin.product.error.{code}`). */
export type FieldError =
  | "required"
  | "too_long"
  | "unknown_value"
  | "price"
  | "sale_not_lower"
  | "no_price"
  | "stock"
  | "stock_moved"
  | "category"
  | "not_number"
  | "not_boolean"
  /** The whole product breaks a rule of the exchange format (the result's detail names it). */
  | "record";

export type ProductChangeResult =
  | { ok: true; product: EditableProduct; changed: boolean }
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "Conflict"; detail: string }
  | { ok: false; error: "InvalidInput"; detail: string; fields: Record<string, FieldError> };

/** Form field names the editor uses, so errors land beside their fields. */
export const productField = {
  name: (l: Language) => `name_${l}`,
  short: (l: Language) => `short_${l}`,
  description: (l: Language) => `description_${l}`,
  list: (variantId: number, zone: PriceZone) => `v${variantId}_${zone}_list`,
  sale: (variantId: number, zone: PriceZone) => `v${variantId}_${zone}_sale`,
  reduction: (variantId: number, zone: PriceZone) => `v${variantId}_${zone}_reduction`,
  stock: (variantId: number) => `v${variantId}_stock`,
  attribute: (key: string) => `attr_${key}`,
};

/** What the audit log keeps of a product: the fields an operator changes. */
function auditState(record: ProductRecord, status: ProductStatus): AuditState {
  const prices: Record<string, string> = {};
  const stock: Record<string, number> = {};
  for (const v of record.variants) {
    stock[v.id] = v.stock.quantity;
    for (const zone of PRICE_ZONES) {
      const p = v.prices[zone];
      if (p) prices[`${v.id}.${zone}`] = p.salePrice === null ? `${p.listPrice}` : `${p.listPrice}/${p.salePrice}`;
    }
  }
  return {
    status,
    brand: record.brand,
    // In one order of languages: a record read back lists them as the database returns them.
    translations: Object.fromEntries(
      LANGUAGES.flatMap((l) => (record.translations[l] ? [[l, record.translations[l]]] : [])),
    ),
    productType: record.productType,
    colorId: record.colorId,
    pattern: record.pattern,
    fit: record.fit,
    material: record.material,
    attributes: record.attributes,
    categoryIds: record.categoryIds,
    prices,
    stock,
  };
}

/**
 * Builds the changed record from the editor's input, or the fields it refuses. Every problem is collected, so
 * the form shows them all at once.
 */
async function applyEdit(
  ctx: Pick<Ctx, "db">,
  before: ProductRecord,
  input: ProductEditInput,
): Promise<{ record: ProductRecord; fields: Record<string, FieldError>; recordIssue?: string }> {
  const fields: Record<string, FieldError> = {};
  const vocabulary = await loadVocabulary(ctx);
  const translations: ProductRecord["translations"] = {};
  for (const language of LANGUAGES) {
    const t = input.translations[language];
    const name = t?.name.trim() ?? "";
    const short = t?.shortDescription.trim() ?? "";
    const description = t?.description.trim() ?? "";
    if (name.length > 200) fields[productField.name(language)] = "too_long";
    if (short.length > 500) fields[productField.short(language)] = "too_long";
    if (description.length > 10_000) fields[productField.description(language)] = "too_long";
    if (name === "" && (short !== "" || description !== "")) fields[productField.name(language)] = "required";
    if (name !== "") {
      translations[language] = {
        name,
        shortDescription: short,
        description,
        freeTextBadge: before.translations[language]?.freeTextBadge ?? null,
      };
    }
  }
  if (Object.keys(translations).length === 0) fields[productField.name("de")] = "required";
  const brand = input.brand.trim();
  if (brand === "") fields.brand = "required";
  else if (brand.length > 80) fields.brand = "too_long";
  if (!vocabulary.has("productType", input.productType)) fields.productType = "unknown_value";
  if (!vocabulary.has("colour", input.colorId)) fields.colorId = "unknown_value";
  if (!vocabulary.has("pattern", input.pattern)) fields.pattern = "unknown_value";
  if (input.fit !== "" && !vocabulary.has("fit", input.fit)) fields.fit = "unknown_value";
  const material = [...new Set(input.material)];
  if (material.some((m) => !vocabulary.has("material", m))) fields.material = "unknown_value";
  if (material.length > 5) fields.material = "too_long";
  const attributes: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(input.attributes)) {
    const cleaned = values.map((v) => v.trim()).filter(Boolean);
    const definition = vocabulary.attribute(key);
    const typeProblem = cleaned.map((v) => attributeValueProblem(definition?.valueType, v)).find(Boolean);
    if (!definition) fields[productField.attribute(key)] = "unknown_value";
    else if (cleaned.some((v) => v.length > 80)) fields[productField.attribute(key)] = "too_long";
    else if (typeProblem) fields[productField.attribute(key)] = typeProblem;
    else if (cleaned.length > 0) attributes[key] = cleaned;
  }
  // Attributes the shop no longer defines stay as they were: the editor shows only the defined ones.
  for (const [key, values] of Object.entries(before.attributes)) {
    if (!vocabulary.attribute(key) && !(key in attributes)) attributes[key] = values;
  }
  const categoryIds = [...new Set(input.categoryIds)];
  if (categoryIds.length === 0) fields.categoryIds = "required";
  else {
    const known = await ctx.db.selectFrom("category").select("id").where("id", "in", categoryIds).execute();
    if (known.length !== categoryIds.length) fields.categoryIds = "category";
  }

  const variants = before.variants.map((v) => {
    const edit = input.variants[v.id];
    if (!edit) return v;
    const prices: ProductRecord["variants"][number]["prices"] = {};
    for (const zone of PRICE_ZONES) {
      const given = edit.prices[zone];
      if (!given) {
        if (v.prices[zone]) prices[zone] = v.prices[zone];
        continue;
      }
      if (given.list.trim() === "" && given.sale.trim() === "") continue;
      const list = parseMoney(given.list);
      if (list === undefined || list === 0) {
        fields[productField.list(v.id, zone)] = "price";
        continue;
      }
      let sale: number | null = null;
      if (given.sale.trim() !== "") {
        const parsed = parseMoney(given.sale);
        if (parsed === undefined || parsed === 0) fields[productField.sale(v.id, zone)] = "price";
        else if (parsed >= list) fields[productField.sale(v.id, zone)] = "sale_not_lower";
        else sale = parsed;
      }
      const reduction = given.reduction?.trim() ?? "";
      if (reduction.length > 40) fields[productField.reduction(v.id, zone)] = "too_long";
      const price: ZonePriceRecord = {
        currency: ZONE_CURRENCY[zone],
        listPrice: list,
        salePrice: sale,
        reductionCategory: sale === null ? null : reduction || (v.prices[zone]?.reductionCategory ?? "sale"),
      };
      prices[zone] = price;
    }
    if (Object.keys(prices).length === 0 && !fields[productField.list(v.id, "DE")]) {
      fields[productField.list(v.id, "DE")] = "no_price";
    }
    const stockText = edit.stock.trim();
    const quantity = /^\d{1,7}$/.test(stockText) ? Number(stockText) : undefined;
    if (quantity === undefined) fields[productField.stock(v.id)] = "stock";
    const stockChanged = quantity !== undefined && quantity !== edit.stockWas;
    return {
      ...v,
      prices,
      stock: stockChanged
        ? { ...v.stock, quantity, version: edit.stockVersion }
        : // Unchanged in the form: whatever it is now (units sold meanwhile stay sold).
          { ...v.stock },
    };
  });

  const record: ProductRecord = {
    ...before,
    brand,
    productType: input.productType,
    colorId: input.colorId,
    pattern: input.pattern,
    fit: input.fit === "" ? null : input.fit,
    material,
    attributes,
    categoryIds,
    translations,
    variants,
  };
  if (Object.keys(fields).length === 0) {
    // The exchange format's own rules (the import's) hold for what the editor writes, too.
    const checked = productRecordSchema.safeParse(record);
    if (!checked.success) {
      fields.form = "record";
      const issue = checked.error.issues[0];
      return { record, fields, recordIssue: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}` };
    }
  }
  return { record, fields };
}

/**
 * Saves the editor's changes to a product in one transaction: texts, attributes, categories, prices and stock
 * (a stock the editor changed is written only if no sale moved it since the editor loaded it). Audited, and
 * published to every process.
 */
export async function saveProduct(
  ctx: Ctx,
  actor: Actor,
  id: number,
  input: ProductEditInput,
): Promise<ProductChangeResult> {
  try {
    return await withTransaction(ctx, async (tx): Promise<ProductChangeResult> => {
      const current = await loadEditableProduct(tx, id);
      if (!current) return { ok: false, error: "NotFound", detail: `No product ${id}` };
      if (input.updatedAt !== undefined && input.updatedAt !== current.updatedAt) {
        return { ok: false, error: "Conflict", detail: `product ${id} was changed meanwhile: load it again` };
      }
      const { record, fields, recordIssue } = await applyEdit(tx, current.record, input);
      if (Object.keys(fields).length > 0) {
        return { ok: false, error: "InvalidInput", detail: recordIssue ?? Object.keys(fields).join(", "), fields };
      }
      const diff = changedFields(auditState(current.record, current.status), auditState(record, current.status));
      if (!diff) return { ok: true, product: current, changed: false };
      await writeProductRecords(tx, [record], tx.clock.now(), "guarded");
      await recordAudit(tx, actor, { action: "product.update", subjectType: "product", subjectId: id, ...diff });
      return { ok: true, product: (await loadEditableProduct(tx, id)) as EditableProduct, changed: true };
    });
  } catch (error) {
    if (!(error instanceof StockMovedError)) throw error;
    const fields: Record<string, FieldError> = {};
    for (const variantId of error.variantIds) fields[productField.stock(variantId)] = "stock_moved";
    return { ok: false, error: "InvalidInput", detail: error.message, fields };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Bulk changes, status, deletion

export type BulkPriceChange =
  /** Sets the list price of every variant in the zone (a reduction stays only where still lower). */
  | { kind: "list"; zone: PriceZone; cents: number }
  /** Reduces by a percentage of the list price (rounded to whole cents). */
  | { kind: "percent_off"; zone: PriceZone; percent: number }
  /** Ends the reduction. */
  | { kind: "end_sale"; zone: PriceZone };

export type BulkResult =
  | { ok: true; changed: number[] }
  | { ok: false; error: "InvalidInput" | "NotFound"; detail: string };

function checkSelection(ids: readonly number[]): string | undefined {
  if (ids.length === 0) return "select at least one product";
  if (ids.length > BULK_LIMIT) return `select at most ${BULK_LIMIT} products`;
  return undefined;
}

async function existingIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom("product")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Changes the prices of a zone for a selection of products, in one transaction. */
export async function bulkChangePrices(
  ctx: Ctx,
  actor: Actor,
  ids: readonly number[],
  change: BulkPriceChange,
): Promise<BulkResult> {
  const invalid =
    checkSelection(ids) ??
    (!PRICE_ZONES.includes(change.zone) ? "zone must be DE, AT or CH" : undefined) ??
    (change.kind === "list" && (!Number.isInteger(change.cents) || change.cents < 1 || change.cents > 100_000_000)
      ? "the price must be a positive amount"
      : undefined) ??
    (change.kind === "percent_off" && (!Number.isFinite(change.percent) || change.percent <= 0 || change.percent >= 100)
      ? "the reduction must be between 0 and 100 percent"
      : undefined);
  if (invalid) return { ok: false, error: "InvalidInput", detail: invalid };
  return withTransaction(ctx, async (tx): Promise<BulkResult> => {
    const found = await existingIds(tx.db, ids);
    if (found.length === 0) return { ok: false, error: "NotFound", detail: "none of the products exists" };
    const rows = await tx.db
      .selectFrom("variant_price as vp")
      .innerJoin("variant as v", "v.id", "vp.variant_id")
      .select(["v.product_id", "vp.variant_id", "vp.list_price", "vp.sale_price", "vp.reduction_category"])
      .where("v.product_id", "in", found)
      .where("vp.price_zone", "=", change.zone)
      .execute();
    const changed = new Set<number>();
    const before = new Map<number, Record<string, string>>();
    const after = new Map<number, Record<string, string>>();
    const show = (list: number, sale: number | null) => (sale === null ? `${list}` : `${list}/${sale}`);
    for (const row of rows) {
      let list = row.list_price;
      let sale = row.sale_price;
      if (change.kind === "list") {
        list = change.cents;
        if (sale !== null && sale >= list) sale = null;
      } else if (change.kind === "percent_off") {
        sale = Math.round((list * (100 - change.percent)) / 100);
        if (sale >= list || sale < 1) sale = null;
      } else sale = null;
      if (list === row.list_price && sale === row.sale_price) continue;
      await tx.db
        .updateTable("variant_price")
        .set({
          list_price: list,
          sale_price: sale,
          reduction_category: sale === null ? null : (row.reduction_category ?? "sale"),
        })
        .where("variant_id", "=", row.variant_id)
        .where("price_zone", "=", change.zone)
        .execute();
      changed.add(row.product_id);
      const key = `${row.variant_id}.${change.zone}`;
      before.set(row.product_id, { ...before.get(row.product_id), [key]: show(row.list_price, row.sale_price) });
      after.set(row.product_id, { ...after.get(row.product_id), [key]: show(list, sale) });
    }
    const changedIds = [...changed].sort((a, b) => a - b);
    await touch(tx, changedIds);
    for (const id of changedIds) {
      await recordAudit(tx, actor, {
        action: "product.bulk_price",
        subjectType: "product",
        subjectId: id,
        before: { prices: before.get(id) },
        after: { prices: after.get(id) },
      });
    }
    return { ok: true, changed: changedIds };
  });
}

export type BulkStockChange = { kind: "set"; quantity: number } | { kind: "add"; quantity: number };

/** Sets (or adds to) the stock of every variant of a selection of products, in one transaction. */
export async function bulkChangeStock(
  ctx: Ctx,
  actor: Actor,
  ids: readonly number[],
  change: BulkStockChange,
): Promise<BulkResult> {
  const invalid =
    checkSelection(ids) ??
    (!Number.isInteger(change.quantity) || Math.abs(change.quantity) > 1_000_000
      ? "the quantity must be a whole number"
      : undefined) ??
    (change.kind === "set" && change.quantity < 0 ? "stock cannot be below 0" : undefined);
  if (invalid) return { ok: false, error: "InvalidInput", detail: invalid };
  return withTransaction(ctx, async (tx): Promise<BulkResult> => {
    const found = await existingIds(tx.db, ids);
    if (found.length === 0) return { ok: false, error: "NotFound", detail: "none of the products exists" };
    const variants = await tx.db
      .selectFrom("variant")
      .select(["id", "product_id", "stock_quantity"])
      .where("product_id", "in", found)
      .where("removed_at", "is", null)
      .execute();
    const changed = new Set<number>();
    const before = new Map<number, Record<string, number>>();
    const after = new Map<number, Record<string, number>>();
    for (const v of variants) {
      const quantity = change.kind === "set" ? change.quantity : Math.max(0, v.stock_quantity + change.quantity);
      if (quantity === v.stock_quantity) continue;
      // Relative to the row as it is when written: a sale committing meanwhile is not undone by an "add".
      await tx.db
        .updateTable("variant")
        .set({
          stock_quantity:
            change.kind === "set"
              ? quantity
              : sql<number>`case when stock_quantity + ${change.quantity} < 0 then 0 else stock_quantity + ${change.quantity} end`,
          stock_version: sql<number>`stock_version + 1`,
        })
        .where("id", "=", v.id)
        .execute();
      changed.add(v.product_id);
      before.set(v.product_id, { ...before.get(v.product_id), [v.id]: v.stock_quantity });
      after.set(v.product_id, { ...after.get(v.product_id), [v.id]: quantity });
    }
    const changedIds = [...changed].sort((a, b) => a - b);
    await touch(tx, changedIds);
    for (const id of changedIds) {
      await recordAudit(tx, actor, {
        action: "product.bulk_stock",
        subjectType: "product",
        subjectId: id,
        before: { stock: before.get(id) },
        after: { stock: after.get(id) },
      });
    }
    return { ok: true, changed: changedIds };
  });
}

/** Marks products changed (`updated_at`) and publishes their events, in the caller's transaction. */
async function touch(ctx: Pick<Ctx, "db" | "clock">, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const now = ctx.clock.now();
  for (const part of chunk(ids, 400)) {
    await ctx.db.updateTable("product").set({ updated_at: now.toISOString() }).where("id", "in", part).execute();
  }
  await publishEvents(ctx.db, catalogChangeEvents("product", ids), now);
}

export type StatusResult =
  | { ok: true; changed: boolean }
  | { ok: false; error: "NotFound" | "InvalidInput"; detail: string };

/** Puts a product into the shop (`active`) or takes it out (`hidden`, `archived`). */
export async function setProductStatus(
  ctx: Ctx,
  actor: Actor,
  id: number,
  status: ProductStatus,
): Promise<StatusResult> {
  if (!isProductStatus(status)) {
    return { ok: false, error: "InvalidInput", detail: `status must be ${PRODUCT_STATUSES.join(", ")}` };
  }
  return withTransaction(ctx, async (tx): Promise<StatusResult> => {
    const row = await tx.db.selectFrom("product").select("status").where("id", "=", id).executeTakeFirst();
    if (!row) return { ok: false, error: "NotFound", detail: `No product ${id}` };
    if (row.status === status) return { ok: true, changed: false };
    await tx.db.updateTable("product").set({ status }).where("id", "=", id).execute();
    await touch(tx, [id]);
    await recordAudit(tx, actor, {
      action: `product.${status === "active" ? "show" : status === "hidden" ? "hide" : "archive"}`,
      subjectType: "product",
      subjectId: id,
      before: { status: row.status },
      after: { status },
    });
    return { ok: true, changed: true };
  });
}

/**
 * Deletes a product and everything it owns. A tombstone remembers it and its variants: its page answers 410 Gone,
 * and `deletedVariantIds` tells which basket lines were removed with it. Orders keep their own copy of the lines.
 */
export async function deleteProduct(ctx: Ctx, actor: Actor, id: number): Promise<StatusResult> {
  return withTransaction(ctx, async (tx): Promise<StatusResult> => {
    const current = await loadEditableProduct(tx, id);
    if (!current) return { ok: false, error: "NotFound", detail: `No product ${id}` };
    const { record } = current;
    const now = tx.clock.now();
    const name = Object.values(record.translations)[0]?.name ?? record.referenceKey;
    await tx.db
      .insertInto("product_tombstone")
      .values({
        id,
        reference_key: record.referenceKey,
        name,
        // Every store's language: an open basket names the product in the shopper's language.
        names: JSON.stringify(Object.fromEntries(LANGUAGES.map((l) => [l, productTexts(record, l).name]))),
        deleted_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    const variantIds = record.variants.map((v) => v.id);
    for (const part of chunk(variantIds, 400)) {
      await tx.db
        .insertInto("product_tombstone_variant")
        .values(part.map((variantId) => ({ variant_id: variantId, product_id: id })))
        .onConflict((oc) => oc.column("variant_id").doNothing())
        .execute();
      await tx.db.deleteFrom("variant_price").where("variant_id", "in", part).execute();
    }
    // Stock in physical stores (the stores module's) goes with the variants: its foreign key cascades.
    await tx.db.deleteFrom("variant").where("product_id", "=", id).execute();
    await tx.db.deleteFrom("product_image").where("product_id", "=", id).execute();
    await tx.db.deleteFrom("product_category").where("product_id", "=", id).execute();
    await tx.db.deleteFrom("product_translation").where("product_id", "=", id).execute();
    await tx.db.deleteFrom("product").where("id", "=", id).execute();
    await publishEvents(tx.db, catalogChangeEvents("product", [id]), now);
    await recordAudit(tx, actor, {
      action: "product.delete",
      subjectType: "product",
      subjectId: id,
      before: auditState(record, current.status),
      after: null,
    });
    return { ok: true, changed: true };
  });
}

/** Whether a product id names a deleted product (its page answers 410 Gone). */
export async function isDeletedProduct(ctx: Pick<Ctx, "db">, id: number): Promise<boolean> {
  const row = await ctx.db.selectFrom("product_tombstone").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** Of the given variant ids, those whose product was deleted. */
export async function deletedVariantIds(ctx: Pick<Ctx, "db">, variantIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunk([...new Set(variantIds)], 400)) {
    const rows = await ctx.db
      .selectFrom("product_tombstone_variant")
      .select("variant_id")
      .where("variant_id", "in", part)
      .execute();
    for (const row of rows) out.add(row.variant_id);
  }
  return out;
}

export interface CategoryChoice {
  id: number;
  name: string;
  /** 0 for a root category. */
  depth: number;
}

/** Every category in tree order (parents before their children), named in a language: the editor's choices. */
export async function categoryChoices(ctx: Pick<Ctx, "db">, language: Language): Promise<CategoryChoice[]> {
  const tree = await loadCategoryTree(ctx);
  const out: CategoryChoice[] = [];
  const walk = (nodes: readonly CategoryNode[]) => {
    for (const node of [...nodes].sort((a, b) => a.record.position - b.record.position || a.record.id - b.record.id)) {
      out.push({ id: node.record.id, name: node.record.translations[language].name, depth: node.depth });
      walk(node.children);
    }
  };
  walk(tree.roots);
  return out;
}
