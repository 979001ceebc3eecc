import type { Ctx, ShopCtx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { chunk } from "../util.ts";
import { CATEGORY_CHILD_DEPTH, type CategoryTree, type CategoryView, loadCategoryTree } from "./categories.ts";
import { buildProductView, type ProductView, type SiblingSource } from "./product-view.ts";
import { loadProductRecords } from "./store.ts";

/** How long a loaded category tree is reused. Categories change rarely; a change shows within this time. */
const TREE_TTL_MS = 2000;
const treeCache = new WeakMap<Db, { at: number; tree: Promise<CategoryTree> }>();

export function getCategoryTree(ctx: Pick<Ctx, "db">, now = Date.now()): Promise<CategoryTree> {
  const { db } = ctx;
  const cached = treeCache.get(db);
  if (cached && now - cached.at < TREE_TTL_MS) return cached.tree;
  const tree = loadCategoryTree(ctx);
  treeCache.set(db, { at: now, tree });
  tree.catch(() => treeCache.delete(db));
  return tree;
}

export function invalidateCategoryTree(ctx: Pick<Ctx, "db">): void {
  const { db } = ctx;
  treeCache.delete(db);
}

export async function getCategoryById(
  ctx: ShopCtx,
  id: number,
  depth = CATEGORY_CHILD_DEPTH,
): Promise<CategoryView | undefined> {
  const tree = await getCategoryTree(ctx);
  return tree.view(id, ctx.shop.language, depth);
}

/** Looks a category up by its localized path (`/c/damen/kleider/`, `damen/kleider` or a list of slugs). */
export async function getCategoryByPath(
  ctx: ShopCtx,
  path: string | readonly string[],
  depth = CATEGORY_CHILD_DEPTH,
): Promise<{ category: CategoryView; canonical: boolean } | undefined> {
  const segments =
    typeof path === "string"
      ? path
          .replace(/^\/?(c\/)?/, "")
          .split("/")
          .filter(Boolean)
      : path;
  const tree = await getCategoryTree(ctx);
  const found = tree.findByPath(ctx.shop.language, segments);
  if (!found) return undefined;
  const category = tree.view(found.node.record.id, ctx.shop.language, depth);
  return category ? { category, canonical: found.canonical } : undefined;
}

/** The top of the category tree for navigation (the root categories and their children). */
export async function getCategoryNavigation(ctx: ShopCtx, depth = 2): Promise<CategoryView[]> {
  const tree = await getCategoryTree(ctx);
  return tree.visibleRoots().flatMap((root) => tree.view(root.record.id, ctx.shop.language, depth) ?? []);
}

async function loadSiblings(
  db: Db,
  masterKeys: readonly string[],
  language: string,
): Promise<Map<string, SiblingSource[]>> {
  const out = new Map<string, SiblingSource[]>();
  for (const batch of chunk([...new Set(masterKeys)], 400)) {
    const rows = await db
      .selectFrom("product as p")
      .innerJoin("product_translation as t", (j) =>
        j.onRef("t.product_id", "=", "p.id").on("t.language", "=", language),
      )
      .leftJoin("product_image as i", (j) => j.onRef("i.product_id", "=", "p.id").on("i.asset_name", "=", "front"))
      .select(["p.id", "p.master_key", "p.color_id", "t.name", "i.path"])
      .where("p.master_key", "in", batch)
      .orderBy("p.id")
      .execute();
    for (const row of rows) {
      const list = out.get(row.master_key) ?? [];
      list.push({ id: row.id, colorId: row.color_id, name: row.name, frontImagePath: row.path ?? undefined });
      out.set(row.master_key, list);
    }
  }
  return out;
}

/** Products as the store shows them, by id; unknown ids and products not sold in the store are left out. */
export async function getProductViews(ctx: ShopCtx, ids: readonly number[]): Promise<Map<number, ProductView>> {
  const unique = [...new Set(ids)];
  const [records, tree] = await Promise.all([loadProductRecords(ctx, unique), getCategoryTree(ctx)]);
  const siblings = await loadSiblings(
    ctx.db,
    records.map((r) => r.masterKey),
    ctx.shop.language,
  );
  const today = ctx.clock.now();
  const out = new Map<number, ProductView>();
  for (const record of records) {
    const view = buildProductView(record, {
      shop: ctx.shop,
      tree,
      today,
      imageUrl: ctx.imageUrl,
      siblings: siblings.get(record.masterKey) ?? [],
    });
    if (view) out.set(record.id, view);
  }
  return out;
}

export async function getProductView(ctx: ShopCtx, id: number): Promise<ProductView | undefined> {
  return (await getProductViews(ctx, [id])).get(id);
}

/** The product that owns each variant id (variants of unknown ids are left out). */
export async function productIdsOfVariants(
  ctx: Pick<Ctx, "db">,
  variantIds: readonly number[],
): Promise<Map<number, number>> {
  const { db } = ctx;
  const out = new Map<number, number>();
  for (const batch of chunk([...new Set(variantIds)], 400)) {
    const rows = await db.selectFrom("variant").select(["id", "product_id"]).where("id", "in", batch).execute();
    for (const row of rows) out.set(row.id, row.product_id);
  }
  return out;
}

/** The ids among `ids` that name a product of the catalogue (in no particular order). */
export async function existingProductIds(ctx: Pick<Ctx, "db">, ids: readonly number[]): Promise<number[]> {
  const found: number[] = [];
  for (const part of chunk(ids, 500)) {
    const rows = await ctx.db.selectFrom("product").select("id").where("id", "in", part).execute();
    for (const row of rows) found.push(row.id);
  }
  return found;
}

export interface CatalogStats {
  categories: number;
  products: number;
  variants: number;
  prices: number;
}

export async function catalogStats(ctx: Pick<Ctx, "db">): Promise<CatalogStats> {
  const { db } = ctx;
  const count = async (table: "category" | "product" | "variant" | "variant_price") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const [categories, products, variants, prices] = await Promise.all([
    count("category"),
    count("product"),
    count("variant"),
    count("variant_price"),
  ]);
  return { categories, products, variants, prices };
}
