import { sql } from "kysely";
import { type Ctx, withTransaction } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import { publishEvents } from "../events/publish.ts";
import { parseJson } from "../json.ts";
import { LANGUAGES, type Language, type PriceZone } from "../shop/shops.ts";
import { chunk, flag, groupBy, statementChunks } from "../util.ts";
import { LOW_STOCK_UNITS } from "./admin-constants.ts";
import { catalogChangeEvents } from "./changes.ts";
import {
  type CategoryRecord,
  type ProductRecord,
  productTexts,
  type VariantRecord,
  type ZonePriceRecord,
} from "./records.ts";
import { slugify } from "./slug.ts";

/** Reading and writing catalogue records (the exchange format) in the database. */

const ROWS_PER_INSERT = 400;
const ZONES: readonly PriceZone[] = ["DE", "AT", "CH"];

async function insertChunked<T extends object>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (const batch of statementChunks(rows, ROWS_PER_INSERT)) await insert(batch);
}

/** Writes categories (parents before children), inserting new ones and updating existing ones. */
export async function writeCategoryRecords(
  ctx: Pick<Ctx, "db">,
  records: readonly CategoryRecord[],
  now: Date,
  options: WriteOptions = {},
): Promise<void> {
  const { db } = ctx;
  if (records.length === 0) return;
  // The change and its event commit together (or join the caller's transaction).
  if (!db.isTransaction) return withTransaction(ctx, (tx) => writeCategoryRecords(tx, records, now, options));
  const ordered = orderParentsFirst(records);
  for (const c of ordered) {
    await db
      .insertInto("category")
      .values({
        id: c.id,
        parent_id: c.parentId,
        key: c.key,
        position: c.position,
        kind: c.role,
        is_sale: flag(c.isSale),
        tracking_key: c.trackingKey,
        shop_base_category: c.shopBaseCategory,
        product_type: c.productType,
        hidden: flag(c.hidden === true),
      })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          parent_id: eb.ref("excluded.parent_id"),
          key: eb.ref("excluded.key"),
          position: eb.ref("excluded.position"),
          kind: eb.ref("excluded.kind"),
          is_sale: eb.ref("excluded.is_sale"),
          tracking_key: eb.ref("excluded.tracking_key"),
          shop_base_category: eb.ref("excluded.shop_base_category"),
          product_type: eb.ref("excluded.product_type"),
          hidden: eb.ref("excluded.hidden"),
        })),
      )
      .execute();
  }
  const ids = records.map((c) => c.id);
  for (const batch of statementChunks(ids, ROWS_PER_INSERT)) {
    await db.deleteFrom("category_translation").where("category_id", "in", batch).execute();
  }
  const translations = records.flatMap((c) =>
    LANGUAGES.map((language) => ({
      category_id: c.id,
      language,
      name: c.translations[language].name,
      slug: c.translations[language].slug,
      description: c.translations[language].description,
    })),
  );
  await insertChunked(translations, (b) => db.insertInto("category_translation").values(b).execute());
  if (options.publish !== false) await publishEvents(db, catalogChangeEvents("category", ids), now);
}

export interface WriteOptions {
  /**
   * Publish the `catalog.changed` events of the written records (the default). A caller writing in batches turns
   * it off and publishes one event for the whole change itself, in the same transaction.
   */
  publish?: boolean;
}

function orderParentsFirst(records: readonly CategoryRecord[]): CategoryRecord[] {
  const byId = new Map(records.map((c) => [c.id, c]));
  const depth = (c: CategoryRecord, seen = new Set<number>()): number => {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    if (!parent || seen.has(c.id)) return 0;
    seen.add(c.id);
    return 1 + depth(parent, seen);
  };
  return [...records].sort((a, b) => depth(a) - depth(b));
}

/** What the stock in product records does to variants that exist already (new variants always get it). */
export type StockWrite =
  /** Replaces it (demo data, fixtures: the records are the whole truth). */
  | "replace"
  /** Leaves it: units sold since the records were made stay sold. */
  | "keep"
  /** Replaces it where it has not moved since the export (`stock.version`); anywhere else nothing is written. */
  | "guarded";

/** Raised by a guarded stock write when a variant's stock moved since its export (the caller's transaction rolls back). */
export class StockMovedError extends Error {
  readonly variantIds: number[];
  constructor(variantIds: number[]) {
    super(`stock moved since the export: variants ${variantIds.join(", ")}`);
    this.variantIds = variantIds;
  }
}

/** Writes products with everything they own; variants keep their ids so baskets and orders stay valid. */
export async function writeProductRecords(
  ctx: Pick<Ctx, "db">,
  records: readonly ProductRecord[],
  now: Date,
  stock: StockWrite = "replace",
  options: WriteOptions = {},
): Promise<void> {
  const { db } = ctx;
  if (records.length === 0) return;
  if (!db.isTransaction) return withTransaction(ctx, (tx) => writeProductRecords(tx, records, now, stock, options));
  const productIds = records.map((p) => p.id);
  if (dialect(db) === "postgres") {
    // An order locks a size, then (its list-state trigger) the size's product; this write would lock the product
    // first. Taking the products' sizes first keeps one order on PostgreSQL, so an editor's save and an order of the
    // same product never deadlock (SQLite has one writer at a time).
    for (const batch of statementChunks(productIds, ROWS_PER_INSERT)) {
      await db.selectFrom("variant").select("id").where("product_id", "in", batch).orderBy("id").forUpdate().execute();
    }
  }
  // The product list's columns are worked out once at the end, not by the triggers row by row (migration 0035).
  await db.insertInto("product_list_state_deferral").values({ id: 1 }).execute();
  let formerOwners: Set<number>;
  try {
    formerOwners = await writeProductRows(db, records, now, stock);
  } catch (error) {
    // Never left on for a caller that goes on with its transaction (on PostgreSQL a failed statement has aborted
    // it: this delete fails too, and nothing of it can commit).
    await db
      .deleteFrom("product_list_state_deferral")
      .execute()
      .catch(() => undefined);
    throw error;
  }
  for (const batch of statementChunks([...productIds, ...formerOwners], ROWS_PER_INSERT)) {
    await setListState(db, batch);
  }
  await db.deleteFrom("product_list_state_deferral").execute();
  if (options.publish !== false) await publishEvents(db, catalogChangeEvents("product", productIds), now);
}

/** The rows of `writeProductRecords`; returns the other products whose variants moved to these. */
async function writeProductRows(
  db: Db,
  records: readonly ProductRecord[],
  now: Date,
  stock: StockWrite,
): Promise<Set<number>> {
  const stamp = now.toISOString();
  const productIds = records.map((p) => p.id);

  await insertChunked(
    records.map((p) => ({
      id: p.id,
      master_key: p.masterKey,
      reference_key: p.referenceKey,
      brand: p.brand,
      product_type: p.productType,
      color_id: p.colorId,
      pattern: p.pattern,
      material: JSON.stringify(p.material),
      fit: p.fit,
      care: JSON.stringify(p.care),
      season_month: p.seasonMonth,
      season_year: p.seasonYear,
      campaign: p.campaign,
      arrival_date: p.arrivalDate,
      promotion_id: p.promotionId,
      attributes: JSON.stringify(p.attributes),
      created_at: stamp,
      updated_at: stamp,
    })),
    (batch) =>
      db
        .insertInto("product")
        .values(batch)
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            master_key: eb.ref("excluded.master_key"),
            reference_key: eb.ref("excluded.reference_key"),
            brand: eb.ref("excluded.brand"),
            product_type: eb.ref("excluded.product_type"),
            color_id: eb.ref("excluded.color_id"),
            pattern: eb.ref("excluded.pattern"),
            material: eb.ref("excluded.material"),
            fit: eb.ref("excluded.fit"),
            care: eb.ref("excluded.care"),
            season_month: eb.ref("excluded.season_month"),
            season_year: eb.ref("excluded.season_year"),
            campaign: eb.ref("excluded.campaign"),
            arrival_date: eb.ref("excluded.arrival_date"),
            promotion_id: eb.ref("excluded.promotion_id"),
            attributes: eb.ref("excluded.attributes"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute(),
  );

  for (const batch of statementChunks(productIds, ROWS_PER_INSERT)) {
    await db.deleteFrom("product_translation").where("product_id", "in", batch).execute();
    await db.deleteFrom("product_category").where("product_id", "in", batch).execute();
    await db.deleteFrom("product_image").where("product_id", "in", batch).execute();
  }

  await insertChunked(
    records.flatMap((p) =>
      LANGUAGES.map((language) => {
        const t = productTexts(p, language);
        return {
          product_id: p.id,
          language,
          name: t.name,
          slug: slugify(t.name),
          short_description: t.shortDescription,
          description: t.description,
          free_text_badge: t.freeTextBadge,
          text_language: t.language === language ? null : t.language,
        };
      }),
    ),
    (b) => db.insertInto("product_translation").values(b).execute(),
  );
  await insertChunked(
    records.flatMap((p) =>
      p.categoryIds.map((categoryId, position) => ({ product_id: p.id, category_id: categoryId, position })),
    ),
    (b) => db.insertInto("product_category").values(b).execute(),
  );
  await insertChunked(
    records.flatMap((p) =>
      p.images.map((image, position) => ({
        product_id: p.id,
        asset_name: image.assetName,
        position,
        path: image.path,
      })),
    ),
    (b) => db.insertInto("product_image").values(b).execute(),
  );

  // Variants: upsert the ones in the records, delete the ones that are gone.
  const variantRows = records.flatMap((p) =>
    p.variants.map((v, position) => ({
      id: v.id,
      product_id: p.id,
      size: v.size,
      position,
      ean: v.ean,
      stock_quantity: v.stock.quantity,
      sellable_without_stock: flag(v.stock.isSellableWithoutStock),
      delivery_min_days: v.deliveryDays.min,
      delivery_max_days: v.deliveryDays.max,
    })),
  );
  const existingStock =
    stock === "guarded"
      ? await stockOf(
          { db },
          variantRows.map((v) => v.id),
        )
      : new Map();
  const keptVariantIds = new Set(variantRows.map((v) => v.id));
  // A variant moving here from another product changes that product's columns too.
  const written = new Set(productIds);
  const formerOwners = new Set<number>();
  for (const batch of statementChunks([...keptVariantIds], ROWS_PER_INSERT)) {
    const owners = await db.selectFrom("variant").select("product_id").distinct().where("id", "in", batch).execute();
    for (const { product_id } of owners) if (!written.has(product_id)) formerOwners.add(product_id);
  }
  for (const batch of statementChunks(productIds, ROWS_PER_INSERT)) {
    const existing = await db
      .selectFrom("variant")
      .select("id")
      .where("product_id", "in", batch)
      .where("removed_at", "is", null)
      .execute();
    const gone = existing.map((r) => r.id).filter((id) => !keptVariantIds.has(id));
    for (const g of statementChunks(gone, ROWS_PER_INSERT))
      await db.deleteFrom("variant").where("id", "in", g).execute();
  }
  await insertChunked(variantRows, (batch) =>
    db
      .insertInto("variant")
      .values(batch)
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          product_id: eb.ref("excluded.product_id"),
          size: eb.ref("excluded.size"),
          position: eb.ref("excluded.position"),
          ean: eb.ref("excluded.ean"),
          ...(stock === "replace"
            ? {
                stock_quantity: eb.ref("excluded.stock_quantity"),
                stock_version: sql<number>`variant.stock_version + 1`,
              }
            : {}),
          sellable_without_stock: eb.ref("excluded.sellable_without_stock"),
          delivery_min_days: eb.ref("excluded.delivery_min_days"),
          delivery_max_days: eb.ref("excluded.delivery_max_days"),
          // A record naming a removed size brings it back.
          removed_at: null,
        })),
      )
      .execute(),
  );
  if (stock === "guarded") await setExportedStock(db, records, existingStock);

  const variantIds = variantRows.map((v) => v.id);
  for (const batch of statementChunks(variantIds, ROWS_PER_INSERT)) {
    await db.deleteFrom("variant_price").where("variant_id", "in", batch).execute();
  }
  await insertChunked(
    records.flatMap((p) =>
      p.variants.flatMap((v) =>
        ZONES.flatMap((zone) => {
          const price = v.prices[zone];
          return price
            ? [
                {
                  variant_id: v.id,
                  price_zone: zone,
                  currency: price.currency,
                  list_price: price.listPrice,
                  sale_price: price.salePrice,
                  reduction_category: price.salePrice === null ? null : (price.reductionCategory ?? "sale"),
                },
              ]
            : [];
        }),
      ),
    ),
    (b) => db.insertInto("variant_price").values(b).execute(),
  );
  return formerOwners;
}

/**
 * The product list's columns of these products (stock_state, on_sale, has_front_image), by the rules of
 * migration 0032's triggers, in one statement.
 */
async function setListState(db: Db, productIds: readonly number[]): Promise<void> {
  const sellable =
    dialect(db) === "postgres"
      ? sql`coalesce(bool_or(v.stock_quantity > 0 or v.sellable_without_stock = 1), false)`
      : sql`coalesce(max(v.stock_quantity > 0 or v.sellable_without_stock = 1), 0) = 1`;
  await sql`
    update product set
      stock_state = coalesce((select case
        when coalesce(sum(v.stock_quantity), 0) between 1 and ${sql.lit(LOW_STOCK_UNITS)} then 'low'
        when ${sellable} then 'in'
        else 'out' end
        from variant v where v.product_id = product.id and v.removed_at is null), 'out'),
      on_sale = case when exists (select 1 from variant v join variant_price vp on vp.variant_id = v.id
        where v.product_id = product.id and vp.sale_price is not null) then 1 else 0 end,
      has_front_image = case when exists (select 1 from product_image i
        where i.product_id = product.id and i.asset_name = 'front') then 1 else 0 end
    where id in (${sql.join(productIds)})`.execute(db);
}

interface StockState {
  quantity: number;
  version: number;
}

/** Stock and stock version of the variants that exist, by id. */
export async function stockOf(ctx: Pick<Ctx, "db">, variantIds: readonly number[]): Promise<Map<number, StockState>> {
  const { db } = ctx;
  const states = new Map<number, StockState>();
  for (const batch of statementChunks(variantIds, ROWS_PER_INSERT)) {
    const rows = await db
      .selectFrom("variant")
      .select(["id", "stock_quantity", "stock_version"])
      .where("id", "in", batch)
      .execute();
    for (const row of rows) states.set(row.id, { quantity: row.stock_quantity, version: row.stock_version });
  }
  return states;
}

/**
 * Sets the records' stock on variants that existed, each with a conditional update on the version the export saw:
 * a sale committed since (even while this import ran) makes it refuse. A variant whose stock is already what the
 * record says is left as it is, so importing the same file twice works.
 */
async function setExportedStock(
  db: Db,
  records: readonly ProductRecord[],
  existing: ReadonlyMap<number, StockState>,
): Promise<void> {
  const moved: number[] = [];
  for (const variant of records.flatMap((p) => p.variants)) {
    const before = existing.get(variant.id);
    if (!before || before.quantity === variant.stock.quantity) continue;
    const version = variant.stock.version;
    const updated =
      version === undefined
        ? undefined
        : await db
            .updateTable("variant")
            .set({ stock_quantity: variant.stock.quantity, stock_version: sql<number>`stock_version + 1` })
            .where("id", "=", variant.id)
            .where("stock_version", "=", version)
            .executeTakeFirst();
    if (Number(updated?.numUpdatedRows ?? 0) !== 1) moved.push(variant.id);
  }
  if (moved.length > 0) throw new StockMovedError(moved);
}

export async function loadCategoryRecords(ctx: Pick<Ctx, "db">): Promise<CategoryRecord[]> {
  const { db } = ctx;
  const [rows, translations] = await Promise.all([
    db.selectFrom("category").selectAll().orderBy("id").execute(),
    db.selectFrom("category_translation").selectAll().execute(),
  ]);
  const byCategory = groupBy(translations, (t) => t.category_id);
  return rows.map((c) => {
    const ts = byCategory.get(c.id) ?? [];
    const translation = (language: Language) => {
      const t = ts.find((x) => x.language === language);
      return { name: t?.name ?? c.key, slug: t?.slug ?? c.key, description: t?.description ?? "" };
    };
    return {
      type: "category",
      id: c.id,
      parentId: c.parent_id,
      key: c.key,
      position: c.position,
      role: c.kind as CategoryRecord["role"],
      isSale: c.is_sale === 1,
      trackingKey: c.tracking_key,
      shopBaseCategory: c.shop_base_category,
      productType: c.product_type as CategoryRecord["productType"],
      translations: { de: translation("de"), fr: translation("fr"), en: translation("en") },
      ...(c.hidden === 1 ? { hidden: true } : {}),
    };
  });
}

export interface LoadProductOptions {
  /**
   * Also products out of the shop (status `hidden` or `archived`): the back office and the export see them, the
   * shop (its index, pages, baskets) does not.
   */
  withHidden?: boolean;
}

/**
 * The id and colour group (master key) of every product the shop shows (as `loadProductRecords` without ids
 * loads them), by id: what a caller needs to load the records page by page in an order of its own.
 */
export async function loadProductKeys(ctx: Pick<Ctx, "db">): Promise<{ id: number; masterKey: string }[]> {
  const rows = await ctx.db
    .selectFrom("product")
    .select(["id", "master_key"])
    .where("status", "=", "active")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, masterKey: row.master_key }));
}

/**
 * Loads products as records: all of them, or the given ids. A fixed number of queries whatever the count, so
 * the search index builds from 100,000 products in seconds.
 */
export async function loadProductRecords(
  ctx: Pick<Ctx, "db">,
  ids?: readonly number[],
  options: LoadProductOptions = {},
): Promise<ProductRecord[]> {
  const { db } = ctx;
  if (ids && ids.length === 0) return [];
  // Ids that fill most of their span (a page of a whole catalogue) are read as one range per table.
  const range = ids ? denseRange(ids) : undefined;
  if (ids && ids.length > ROWS_PER_INSERT && !range) {
    const parts = await Promise.all(chunk(ids, ROWS_PER_INSERT).map((part) => loadProductRecords(ctx, part, options)));
    return parts.flat();
  }
  const only = ids && !range ? [...ids] : undefined;
  const wanted = range ? new Set(ids) : undefined;
  const [lo, hi] = range ?? [0, 0];
  const loaded = await (only
    ? db.selectFrom("product").selectAll().where("id", "in", only)
    : db.selectFrom("product").selectAll()
  )
    .$if(range !== undefined, (q) => q.where("id", ">=", lo).where("id", "<=", hi))
    .$if(options.withHidden !== true, (q) => q.where("status", "=", "active"))
    .orderBy("id")
    .execute();
  const products = wanted ? loaded.filter((p) => wanted.has(p.id)) : loaded;
  if (products.length === 0) return [];
  const [translations, categories, images, variants] = await Promise.all([
    (only
      ? db.selectFrom("product_translation").selectAll().where("product_id", "in", only)
      : db.selectFrom("product_translation").selectAll()
    )
      .$if(range !== undefined, (q) => q.where("product_id", ">=", lo).where("product_id", "<=", hi))
      .execute(),
    (only
      ? db.selectFrom("product_category").selectAll().where("product_id", "in", only)
      : db.selectFrom("product_category").selectAll()
    )
      .$if(range !== undefined, (q) => q.where("product_id", ">=", lo).where("product_id", "<=", hi))
      .orderBy("position")
      .execute(),
    (only
      ? db.selectFrom("product_image").selectAll().where("product_id", "in", only)
      : db.selectFrom("product_image").selectAll()
    )
      .$if(range !== undefined, (q) => q.where("product_id", ">=", lo).where("product_id", "<=", hi))
      .orderBy("position")
      .execute(),
    (only ? db.selectFrom("variant").selectAll().where("product_id", "in", only) : db.selectFrom("variant").selectAll())
      .$if(range !== undefined, (q) => q.where("product_id", ">=", lo).where("product_id", "<=", hi))
      // A removed size stays as a row for orders and returns; it is no longer part of the product.
      .where("removed_at", "is", null)
      .orderBy("position")
      .execute(),
  ]);
  const prices = only
    ? await loadPricesFor(
        db,
        variants.map((v) => v.id),
      )
    : range
      ? await db
          .selectFrom("variant_price")
          .innerJoin("variant", "variant.id", "variant_price.variant_id")
          .selectAll("variant_price")
          .where("variant.product_id", ">=", lo)
          .where("variant.product_id", "<=", hi)
          .execute()
      : await db.selectFrom("variant_price").selectAll().execute();

  const translationsBy = groupBy(translations, (t) => t.product_id);
  const categoriesBy = groupBy(categories, (c) => c.product_id);
  const imagesBy = groupBy(images, (i) => i.product_id);
  const variantsBy = groupBy(variants, (v) => v.product_id);
  const pricesBy = groupBy(prices, (p) => p.variant_id);

  return products.map((p) => {
    const ts = translationsBy.get(p.id) ?? [];
    // Only the languages the product has texts in: rows that hold a fallback are left out.
    const translations: ProductRecord["translations"] = {};
    for (const t of ts) {
      if (t.text_language !== null) continue;
      translations[t.language as Language] = {
        name: t.name,
        shortDescription: t.short_description,
        description: t.description,
        freeTextBadge: t.free_text_badge,
      };
    }
    if (Object.keys(translations).length === 0) {
      translations.en = { name: p.reference_key, shortDescription: "", description: "", freeTextBadge: null };
    }
    const productVariants: VariantRecord[] = (variantsBy.get(p.id) ?? []).map((v) => {
      const zonePrices: VariantRecord["prices"] = {};
      for (const row of pricesBy.get(v.id) ?? []) {
        const price: ZonePriceRecord = {
          currency: row.currency as "EUR" | "CHF",
          listPrice: row.list_price,
          salePrice: row.sale_price,
          reductionCategory: row.reduction_category,
        };
        zonePrices[row.price_zone as PriceZone] = price;
      }
      return {
        id: v.id,
        size: v.size,
        ean: v.ean,
        stock: {
          quantity: v.stock_quantity,
          isSellableWithoutStock: v.sellable_without_stock === 1,
          version: v.stock_version,
        },
        deliveryDays: { min: v.delivery_min_days, max: v.delivery_max_days },
        prices: zonePrices,
      };
    });
    return {
      type: "product",
      id: p.id,
      masterKey: p.master_key,
      referenceKey: p.reference_key,
      brand: p.brand,
      productType: p.product_type as ProductRecord["productType"],
      colorId: p.color_id,
      pattern: p.pattern,
      material: parseJson<string[]>(p.material, []),
      fit: p.fit,
      care: parseJson<string[]>(p.care, []),
      seasonMonth: p.season_month,
      seasonYear: p.season_year,
      campaign: p.campaign,
      arrivalDate: p.arrival_date,
      promotionId: p.promotion_id,
      attributes: parseJson<Record<string, string[]>>(p.attributes, {}),
      categoryIds: (categoriesBy.get(p.id) ?? []).map((c) => c.category_id),
      translations,
      images: (imagesBy.get(p.id) ?? []).map((i) => ({
        assetName: i.asset_name as ProductRecord["images"][number]["assetName"],
        path: i.path,
      })),
      variants: productVariants,
    };
  });
}

/**
 * The lowest and highest of some ids when they fill at least 3/4 of that span (the others in it are read and
 * dropped), for lists long enough that one range read beats lists of ids; else undefined.
 */
function denseRange(ids: readonly number[]): [number, number] | undefined {
  if (ids.length < 64) return undefined;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  return (hi - lo + 1) * 3 <= new Set(ids).size * 4 ? [lo, hi] : undefined;
}

async function loadPricesFor(db: Db, variantIds: number[]) {
  const parts = await Promise.all(
    chunk(variantIds, ROWS_PER_INSERT).map((batch) =>
      db.selectFrom("variant_price").selectAll().where("variant_id", "in", batch).execute(),
    ),
  );
  return parts.flat();
}
