import { NEW_ARRIVAL_DAYS, type OutfitRecord } from "@vitrine/commerce";
import type { StoreView } from "./store-view.ts";

/** Recommendation slots with their headline per language. */
export const RECOMMENDATION_SLOTS = {
  similar: { de: "Ähnliche Artikel", fr: "Articles similaires", en: "Similar items" },
  "complete-the-look": { de: "Komplettiere den Look", fr: "Complétez le look", en: "Complete the look" },
  "bought-together": {
    de: "Wird oft zusammen gekauft",
    fr: "Souvent achetés ensemble",
    en: "Frequently bought together",
  },
  trending: { de: "Gerade beliebt", fr: "Tendances du moment", en: "Trending now" },
  "new-arrivals": { de: "Neu eingetroffen", fr: "Nouveautés", en: "New arrivals" },
} as const;

export type RecommendationSlot = keyof typeof RECOMMENDATION_SLOTS;

export function isRecommendationSlot(slotId: string): slotId is RecommendationSlot {
  return Object.hasOwn(RECOMMENDATION_SLOTS, slotId);
}

/** Slots that need `context.product`. */
export const PRODUCT_SLOTS: ReadonlySet<RecommendationSlot> = new Set(["similar", "complete-the-look"]);

export interface RecommendationInput {
  view: StoreView;
  now: Date;
  /** The product the page shows (similar, complete the look, bought together). */
  productSlot?: number | undefined;
  /** Products in the cart (bought together; never recommended again). */
  cartProductIds: readonly number[];
  outfitsByProduct: ReadonlyMap<number, readonly OutfitRecord[]>;
  /** Products bought together with the context product or the cart, most often first. */
  boughtTogether: readonly number[];
}

/** Keeps the best-scored member of each colour group, best first; skips excluded groups and sold-out products. */
function foldGroups(view: StoreView, scored: Iterable<[slot: number, score: number]>, excluded: Set<number>): number[] {
  const catalog = view.catalog;
  const best = new Map<number, [number, number]>();
  for (const [slot, score] of scored) {
    if (!view.has(slot) || catalog.inStock[slot] !== 1) continue;
    const g = catalog.group[slot] as number;
    if (excluded.has(g)) continue;
    const known = best.get(g);
    if (!known || score > known[1]) best.set(g, [slot, score]);
  }
  return [...best.values()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([slot]) => slot);
}

function rootValue(view: StoreView, slot: number): number | undefined {
  const values = view.catalog.categoryValues(slot);
  return values.length > 0 ? (values[0] as number) : undefined;
}

/** Enough candidates to fill a few pages before widening to the parent category. */
const SIMILAR_WANTED = 60;

/**
 * Same category, colour and brand, close in price: the closer, the higher; popular products a little higher.
 * Candidates come from the product's own category first, then from its parent categories.
 */
function similar(input: RecommendationInput, excluded: Set<number>): number[] {
  const { view } = input;
  const catalog = view.catalog;
  const slot = input.productSlot as number;
  // Per category value: bit 1 when the product is in it (or below it), bit 2 when it is one of its own leaves.
  const marks = new Uint8Array(catalog.categories.size);
  for (const v of catalog.categoryValues(slot)) marks[v] = 1;
  for (const id of catalog.display[slot]?.categoryIds ?? []) {
    const value = catalog.categories.ids.get(String(id));
    if (value !== undefined) marks[value] = (marks[value] as number) | 2;
  }
  const chain = [...catalog.categoryValues(slot)].reverse();
  let result: number[] = [];
  for (const scope of chain) {
    result = similarIn(view, view.categoryOrder(scope), slot, marks, excluded);
    if (result.length >= SIMILAR_WANTED) break;
  }
  return result;
}

/**
 * The best-scored member of each colour group of `order` (a category's slots, group members next to each other)
 * in stock and not excluded, best first: what `foldGroups` gives for these candidates, without a pair and a map
 * entry per candidate (a department holds hundreds of thousands).
 */
function similarIn(
  view: StoreView,
  order: Int32Array,
  slot: number,
  marks: Uint8Array,
  excluded: Set<number>,
): number[] {
  const catalog = view.catalog;
  const prices = catalog.price[view.zone] as Int32Array;
  const price = prices[slot] as number;
  const colour = catalog.colour[slot];
  const brand = catalog.brand[slot];
  const { categoryStart, categoryCount, inStock, group, productId, colour: colours, brand: brands } = catalog;
  const pool = catalog.categoryPool.data;
  const bestSlots: number[] = [];
  const bestScores: number[] = [];
  let currentGroup = -1;
  let skipGroup = false;
  let bestSlot = -1;
  let bestScore = 0;
  for (let i = 0; i < order.length; i++) {
    const candidate = order[i] as number;
    const g = group[candidate] as number;
    if (g !== currentGroup) {
      if (bestSlot >= 0) {
        bestSlots.push(bestSlot);
        bestScores.push(bestScore);
      }
      currentGroup = g;
      skipGroup = excluded.has(g);
      bestSlot = -1;
    }
    if (skipGroup || inStock[candidate] !== 1) continue;
    let shared = 0;
    let sameLeaf = false;
    const start = categoryStart[candidate] as number;
    const end = start + (categoryCount[candidate] as number);
    for (let k = start; k < end; k++) {
      const mark = marks[pool[k] as number] as number;
      if ((mark & 1) !== 0) shared++;
      if ((mark & 2) !== 0) sameLeaf = true;
    }
    const p = prices[candidate] as number;
    const closeness = price > 0 ? Math.max(0, 1 - Math.abs(p - price) / (0.5 * price)) : 0;
    const popularity = Math.log1p(view.popularityOf(productId[candidate] as number));
    const score =
      (sameLeaf ? 6 : 0) +
      shared +
      (colours[candidate] === colour ? 3 : 0) +
      (brands[candidate] === brand ? 1.5 : 0) +
      3 * closeness +
      0.3 * popularity;
    if (bestSlot < 0 || score > bestScore) {
      bestSlot = candidate;
      bestScore = score;
    }
  }
  if (bestSlot >= 0) {
    bestSlots.push(bestSlot);
    bestScores.push(bestScore);
  }
  const ranked = Array.from(bestSlots.keys());
  ranked.sort(
    (a, b) =>
      (bestScores[b] as number) - (bestScores[a] as number) || (bestSlots[a] as number) - (bestSlots[b] as number),
  );
  return ranked.map((i) => bestSlots[i] as number);
}

/** The other pieces of the outfits the product is part of; without outfits, popular pieces of other categories. */
function completeTheLook(input: RecommendationInput, excluded: Set<number>): number[] {
  const { view } = input;
  const catalog = view.catalog;
  const slot = input.productSlot as number;
  const productId = catalog.productId[slot] as number;
  const scored: [number, number][] = [];
  let rankFromEnd = 10_000;
  for (const outfit of input.outfitsByProduct.get(productId) ?? []) {
    for (const id of outfit.productIds) {
      const other = catalog.slotOfProduct.get(id);
      if (other !== undefined && id !== productId) scored.push([other, rankFromEnd--]);
    }
  }
  const fromOutfits = foldGroups(view, scored, excluded);
  if (fromOutfits.length > 0) return fromOutfits;
  // No outfit: one popular piece from each other category of the same department.
  const best = bestPerLeaf(view);
  const own = new Set(catalog.display[slot]?.categoryIds ?? []);
  const root = catalog.tree.ancestry(catalog.display[slot]?.categoryIds[0] ?? -1)[0];
  const pieces: [number, number][] = [];
  if (root) {
    for (const id of catalog.tree.descendantIds(root.record.id)) {
      const piece = own.has(id) ? undefined : best.get(id);
      if (piece !== undefined) pieces.push([piece, view.rankKey[piece] as number]);
    }
  }
  return foldGroups(view, pieces, excluded);
}

const bestPerLeafCache = new WeakMap<StoreView, { stamp: number; best: Map<number, number> }>();

/** The best-ranked product in stock of each category (by its first category), per store. */
function bestPerLeaf(view: StoreView): Map<number, number> {
  let cached = bestPerLeafCache.get(view);
  if (!cached || cached.stamp !== view.rankStamp) {
    const catalog = view.catalog;
    const best = new Map<number, number>();
    for (const slot of view.groupOrder) {
      if (catalog.inStock[slot] !== 1) continue;
      const leaf = catalog.display[slot]?.categoryIds[0];
      if (leaf === undefined) continue;
      const known = best.get(leaf);
      if (known === undefined || (view.rankKey[slot] as number) > (view.rankKey[known] as number)) best.set(leaf, slot);
    }
    cached = { stamp: view.rankStamp, best };
    bestPerLeafCache.set(view, cached);
  }
  return cached.best;
}

/** Trending lists are the same for every page of a store until the catalogue or the popularity changes. */
const TRENDING_KEPT = 500;
const trendingCache = new WeakMap<StoreView, { stamp: number; slots: number[] }>();

function trending(input: RecommendationInput, excluded: Set<number>): number[] {
  const { view } = input;
  let cached = trendingCache.get(view);
  if (!cached || cached.stamp !== view.rankStamp) {
    // The default rank: what shoppers viewed, clicked and bought lately, then what is new; all in stock.
    const scored: [number, number][] = [];
    for (const slot of view.groupOrder) scored.push([slot, view.rankKey[slot] as number]);
    cached = { stamp: view.rankStamp, slots: foldGroups(view, scored, new Set()).slice(0, TRENDING_KEPT) };
    trendingCache.set(view, cached);
  }
  const group = view.catalog.group;
  return cached.slots.filter((slot) => !excluded.has(group[slot] as number));
}

/** Per store: the new arrivals (all, and per department as asked), until the rank or the day changes. */
interface NewestLists {
  stamp: number;
  day: number;
  slots: number[];
  /** The new arrivals of each department (root category value) asked for so far. */
  byRoot: Map<number, number[]>;
}
const newestCache = new WeakMap<StoreView, NewestLists>();

/** New arrivals in stock, newest first (of the product's department when there is a product). */
function newArrivals(input: RecommendationInput, excluded: Set<number>): number[] {
  const { view, now } = input;
  const catalog = view.catalog;
  const since = Math.floor(now.getTime() / 86_400_000) - NEW_ARRIVAL_DAYS;
  let cached = newestCache.get(view);
  if (!cached || cached.stamp !== view.rankStamp || cached.day !== since) {
    const scored: [number, number][] = [];
    for (const slot of view.groupOrder) {
      const day = catalog.arrivalDay[slot] as number;
      if (day >= since) scored.push([slot, day + (view.rankKey[slot] as number) / 1e7]);
    }
    cached = { stamp: view.rankStamp, day: since, slots: foldGroups(view, scored, new Set()), byRoot: new Map() };
    newestCache.set(view, cached);
  }
  const root = input.productSlot === undefined ? undefined : rootValue(view, input.productSlot);
  const group = catalog.group;
  // A department's list is the same for every product page of it: filtered by category once, not per request.
  const candidates = root === undefined ? cached.slots : departmentArrivals(view, cached, root);
  return candidates.filter((slot) => !excluded.has(group[slot] as number));
}

function departmentArrivals(view: StoreView, cached: NewestLists, root: number): number[] {
  let slots = cached.byRoot.get(root);
  if (!slots) {
    slots = cached.slots.filter((slot) => view.catalog.categoryValues(slot).includes(root));
    cached.byRoot.set(root, slots);
  }
  return slots;
}

function boughtTogether(input: RecommendationInput, excluded: Set<number>): number[] {
  const { view } = input;
  const scored: [number, number][] = [];
  input.boughtTogether.forEach((id, i) => {
    const slot = view.catalog.slotOfProduct.get(id);
    if (slot !== undefined) scored.push([slot, input.boughtTogether.length - i]);
  });
  return foldGroups(view, scored, excluded);
}

/** The parent slots a slot recommends, best first (one per colour group, none of the page's or cart's groups). */
export function recommend(slotId: RecommendationSlot, input: RecommendationInput): number[] {
  const { view } = input;
  const catalog = view.catalog;
  const excluded = new Set<number>();
  if (input.productSlot !== undefined) excluded.add(catalog.group[input.productSlot] as number);
  for (const id of input.cartProductIds) {
    const slot = catalog.slotOfProduct.get(id);
    if (slot !== undefined) excluded.add(catalog.group[slot] as number);
  }
  switch (slotId) {
    case "similar":
      return input.productSlot === undefined ? [] : similar(input, excluded);
    case "complete-the-look":
      return input.productSlot === undefined ? [] : completeTheLook(input, excluded);
    case "bought-together":
      return boughtTogether(input, excluded);
    case "trending":
      return trending(input, excluded);
    case "new-arrivals":
      return newArrivals(input, excluded);
  }
}
