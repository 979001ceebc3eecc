import {
  type CategoryTree,
  colourHex,
  colourName,
  type Language,
  NEW_ARRIVAL_DAYS,
  type PromotionRecord,
  productPath,
  promotionName,
} from "@vitrine/commerce";
import type { ChildProduct, Product, ProductSize } from "../api/types.ts";
import type { Dimension, DocDisplay } from "./catalog-index.ts";
import { HIERARCHY_DELIMITER } from "./facets.ts";
import type { StoreView } from "./store-view.ts";

export interface ProductContext {
  view: StoreView;
  now: Date;
  imageUrl: (path: string) => string;
  promotions: ReadonlyMap<string, PromotionRecord>;
  /** Reuses built products (read-only) while nothing they show has changed. */
  cache?: ProductCache;
}

const HOUR_MS = 3_600_000;
/** Products kept per store; beyond this the cache starts over. */
const CACHE_LIMIT = 20_000;

/** Freezes a list a product shows (the protocol's types have mutable arrays, responses share them frozen). */
function frozenList<T>(items: T[]): T[] {
  return Object.freeze(items) as T[];
}

/**
 * The response products of one store, built once and shared (frozen) until the catalogue or the promotions
 * change, or the hour turns (new-arrival badges and promotion periods move with time).
 */
export class ProductCache {
  private stamp = "";
  private readonly children = new Map<number, ChildProduct>();
  private readonly parents = new Map<number, Product>();

  /** Starts over when anything a product shows may have changed. */
  validate(catalogVersion: number, promotionsVersion: number, now: Date): void {
    const stamp = `${catalogVersion}|${promotionsVersion}|${Math.floor(now.getTime() / HOUR_MS)}`;
    if (stamp !== this.stamp || this.children.size > CACHE_LIMIT) {
      this.stamp = stamp;
      this.children.clear();
      this.parents.clear();
    }
  }

  child(slot: number, build: () => ChildProduct): ChildProduct {
    let product = this.children.get(slot);
    if (!product) {
      product = build();
      this.children.set(slot, product);
    }
    return product;
  }

  parent(slot: number, build: () => Product): Product {
    let product = this.parents.get(slot);
    if (!product) {
      product = Object.freeze(build());
      this.parents.set(slot, product);
    }
    return product;
  }
}

export const defaultImageUrl = (path: string): string => (/^https?:\/\//i.test(path) ? path : `/images/${path}`);

const toUnits = (cents: number) => Math.round(cents) / 100;
const DAY_MS = 86_400_000;

/** New for NEW_ARRIVAL_DAYS days after arrival (as the commerce core's isNewArrival). */
function isNew(arrivalDay: number, now: Date): boolean {
  const age = (now.getTime() - arrivalDay * DAY_MS) / DAY_MS;
  return age >= 0 && age <= NEW_ARRIVAL_DAYS;
}

const categoryPathCache = new WeakMap<CategoryTree, Map<string, string[]>>();

/**
 * `ec_category` values: every ancestor path of the product's categories, `Damen|Bekleidung|Kleider`; one frozen
 * list for all products in the same categories.
 */
function categoryPaths(view: StoreView, display: DocDisplay, language: Language): string[] {
  const tree = view.catalog.tree;
  let cache = categoryPathCache.get(tree);
  if (!cache) {
    cache = new Map();
    categoryPathCache.set(tree, cache);
  }
  const key = `${language}|${display.categoryIds.join(",")}`;
  let paths = cache.get(key);
  if (!paths) {
    const out = new Set<string>();
    for (const id of display.categoryIds) {
      const names = tree.ancestry(id).map((n) => n.record.translations[language].name);
      for (let i = 1; i <= names.length; i++) out.add(names.slice(0, i).join(HIERARCHY_DELIMITER));
    }
    paths = frozenList([...out]);
    cache.set(key, paths);
  }
  return paths;
}

const sizeEntryCache = new WeakMap<Dimension, Record<Language, ProductSize[]>>();

/** A size as products show it: one frozen entry for all products with that size and availability. */
function sizeEntry(sizes: Dimension, sizeId: number, available: boolean, language: Language): ProductSize {
  let byLanguage = sizeEntryCache.get(sizes);
  if (!byLanguage) {
    byLanguage = { de: [], fr: [], en: [] };
    sizeEntryCache.set(sizes, byLanguage);
  }
  const at = sizeId * 2 + (available ? 1 : 0);
  let entry = byLanguage[language][at];
  if (!entry) {
    entry = Object.freeze({ size: sizes.keys[sizeId] as string, label: sizes.label(sizeId, language), available });
    byLanguage[language][at] = entry;
  }
  return entry;
}

/** The product path in a language, slugified once per product. */
function pathOf(display: DocDisplay, language: Language): string {
  if (!display.paths) display.paths = {};
  let path = display.paths[language];
  if (path === undefined) {
    path = productPath(display.names[language], display.id);
    display.paths[language] = path;
  }
  return path;
}

const isoOf = new WeakMap<Date, string>();

function nowIso(ctx: ProductContext): string {
  let iso = isoOf.get(ctx.now);
  if (iso === undefined) {
    iso = ctx.now.toISOString();
    isoOf.set(ctx.now, iso);
  }
  return iso;
}

function activePromotion(
  ctx: ProductContext,
  promotionId: string | null,
): { id: string; name: string; colorHex: string } | null {
  if (!promotionId) return null;
  const promotion = ctx.promotions.get(promotionId);
  if (!promotion) return null;
  const at = nowIso(ctx);
  if (!promotion.storeCodes.includes(ctx.view.shop.code) || at < promotion.validFrom || at >= promotion.validTo) {
    return null;
  }
  return Object.freeze({
    id: promotion.id,
    name: promotionName(promotion, ctx.view.shop),
    colorHex: promotion.colorHex,
  });
}

/**
 * A product as the protocol returns it, in the store's language, currency and prices: built frozen, everything in
 * it too, as responses share it.
 */
function childProduct(slot: number, ctx: ProductContext): ChildProduct {
  return ctx.cache ? ctx.cache.child(slot, () => buildChildProduct(slot, ctx)) : buildChildProduct(slot, ctx);
}

function buildChildProduct(slot: number, ctx: ProductContext): ChildProduct {
  const { view } = ctx;
  const catalog = view.catalog;
  const display = catalog.display[slot] as DocDisplay;
  const language = view.language;
  const zone = view.zone;
  const name = display.names[language];
  const path = pathOf(display, language);
  const priceCents = (catalog.price[zone] as Int32Array)[slot] as number;
  const listPriceCents = (catalog.listPrice[zone] as Int32Array)[slot] as number;
  const reductionPercent = (catalog.reduction[zone] as Uint8Array)[slot] as number;
  const images = display.images.map((i) => ctx.imageUrl(i.path));
  const front = display.images.find((i) => i.assetName === "front") ?? display.images[0];
  const hover = display.images.find((i) => i !== front);
  const inStock = catalog.inStock[slot] === 1;
  const sizes: ProductSize[] = [];
  const firstVariant = catalog.variantStart[slot] as number;
  const lastVariant = firstVariant + (catalog.variantCount[slot] as number);
  for (let v = firstVariant; v < lastVariant; v++) {
    sizes.push(
      sizeEntry(catalog.sizes, catalog.variantSize.data[v] as number, catalog.variantSellable.data[v] === 1, language),
    );
  }
  const firstCategory = display.categoryIds[0];
  const gender = firstCategory === undefined ? null : (catalog.tree.ancestry(firstCategory)[0]?.record.key ?? null);
  const colour = colourName(display.colorId, language);
  return Object.freeze({
    permanentid: String(display.id),
    clickUri: `/${view.shop.pathPrefix}${path}`,
    ec_name: name,
    ec_description: null,
    ec_brand: display.brand,
    ec_category: categoryPaths(view, display, language),
    ec_item_group_id: display.masterKey,
    ec_price: toUnits(listPriceCents),
    ec_promo_price: reductionPercent > 0 || priceCents < listPriceCents ? toUnits(priceCents) : null,
    ec_shortdesc: display.shortDescriptions[language] || null,
    ec_thumbnails: frozenList(front ? [ctx.imageUrl(front.path)] : []),
    ec_images: frozenList(images),
    ec_in_stock: inStock,
    ec_rating: null,
    ec_gender: gender,
    ec_product_id: String(display.id),
    ec_color: colour,
    ec_listing: null,
    additionalFields: Object.freeze({
      productId: display.id,
      referenceKey: display.referenceKey,
      masterKey: display.masterKey,
      path,
      colorId: display.colorId,
      colorHex: colourHex(display.colorId),
      colorName: colour,
      currency: view.shop.currency,
      priceCents,
      listPriceCents,
      reductionPercent,
      isNew: isNew(catalog.arrivalDay[slot] as number, ctx.now),
      isSoldOut: !inStock,
      freeTextBadge: display.badges[language],
      nameLanguage: display.nameLanguages[language],
      promotion: activePromotion(ctx, display.promotionId),
      image: front ? ctx.imageUrl(front.path) : null,
      hoverImage: hover ? ctx.imageUrl(hover.path) : null,
      sizes: frozenList(sizes),
      gender,
    }),
  });
}

/** A result with its colour group as children: every colour sold in the store, the parent first. */
export function productWithChildren(slot: number, ctx: ProductContext): Product {
  return ctx.cache ? ctx.cache.parent(slot, () => buildProduct(slot, ctx)) : buildProduct(slot, ctx);
}

function buildProduct(slot: number, ctx: ProductContext): Product {
  const parent = childProduct(slot, ctx);
  const siblings = ctx.view.catalog.siblings(slot).filter((s) => s !== slot && ctx.view.has(s));
  const children = frozenList(siblings.length > 0 ? [parent, ...siblings.map((s) => childProduct(s, ctx))] : [parent]);
  return { ...parent, children, totalNumberOfChildren: children.length };
}
