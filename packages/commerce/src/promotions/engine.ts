import type { Currency } from "../shop/shops.ts";
import type { PromotionRecord } from "./records.ts";

/**
 * The promotion rules (specification sections 3 and 4), as pure functions over basket lines:
 * - a promotion is valid only in its stores and period;
 * - item-level promotions (percentage discounts, buy-x-get-y) are assigned to a line through its `promotionId`;
 *   a line added without one gets the best applicable promotion (lowest priority number);
 * - basket-level promotions (absolute discounts, optionally with a minimum order value) apply to the basket:
 *   the best one whose minimum is reached;
 * - buy-x-get-y either makes the cheapest qualifying units free (no variant ids: "3 for 2" is buy 2 get 1) or
 *   earns gift units of the listed variant ids (buy `buyQuantity`, get `getQuantity` gifts);
 * - progress tells the shopper what is missing for the next reward ("add one more to get …").
 * Amounts are integer cents; reductions are negative.
 */

/** What the rules need to know about a product. */
export interface PromotionProduct {
  productId: number;
  brand: string;
  /** The product's categories and all their ancestors: conditions may name any level. */
  categoryIds: readonly number[];
}

/** A basket line as the rules see it. */
export interface PromotionLine extends PromotionProduct {
  key: string;
  quantity: number;
  /** The price of one unit the shopper pays before promotions (with tax, catalogue reductions applied). */
  unitPrice: number;
  /** The promotion assigned to the line (already checked to be valid for it), or null. */
  promotionId: string | null;
}

export type PromotionProgress =
  /** `missing` more qualifying units earn `reward` more free units. */
  | { kind: "quantity"; missing: number; reward: number }
  /** `missing` cents more of qualifying goods reach the minimum order value. */
  | { kind: "amount"; missing: number };

export interface PromotionOutcome {
  promotion: PromotionRecord;
  /** Lines the promotion counts (assigned lines; for basket-level ones the qualifying lines). */
  lineKeys: string[];
  /** Reduction per line key (negative cents). */
  reductions: Map<string, number>;
  /** Gift units earned (buy-x-get-y with variant ids). */
  giftUnits: number;
  applied: boolean;
  progress: PromotionProgress | null;
}

export function isPromotionRunning(promotion: PromotionRecord, storeCode: string, now: Date): boolean {
  const at = now.toISOString();
  return promotion.storeCodes.includes(storeCode) && promotion.validFrom <= at && at < promotion.validTo;
}

/** Basket-level: an absolute discount on the basket. Everything else is assigned per line. */
export function isBasketLevelPromotion(promotion: PromotionRecord): boolean {
  return promotion.effect.type === "automatic_discount" && promotion.effect.kind === "absolute";
}

/** Whether a product meets a promotion's product conditions (each given list must match; any entry of a list). */
export function qualifiesForPromotion(promotion: PromotionRecord, product: PromotionProduct): boolean {
  const { categoryIds, brands, productIds } = promotion.conditions;
  if (categoryIds && categoryIds.length > 0 && !categoryIds.some((id) => product.categoryIds.includes(id)))
    return false;
  if (brands && brands.length > 0 && !brands.includes(product.brand)) return false;
  if (productIds && productIds.length > 0 && !productIds.includes(product.productId)) return false;
  return true;
}

export function byPriority(a: PromotionRecord, b: PromotionRecord): number {
  return a.priority - b.priority || a.id.localeCompare(b.id);
}

/** The item-level promotions a product qualifies for, best (lowest priority number) first. */
export function itemPromotionsFor(
  product: PromotionProduct,
  promotions: readonly PromotionRecord[],
): PromotionRecord[] {
  return promotions.filter((p) => !isBasketLevelPromotion(p) && qualifiesForPromotion(p, product)).sort(byPriority);
}

/** The promotion applied automatically to a line added without one: the lowest priority number wins. */
export function bestPromotionFor(
  product: PromotionProduct,
  promotions: readonly PromotionRecord[],
): PromotionRecord | undefined {
  return itemPromotionsFor(product, promotions)[0];
}

function addReduction(map: Map<string, number>, key: string, amount: number): void {
  if (amount !== 0) map.set(key, (map.get(key) ?? 0) + amount);
}

/** Percentage off every unit of the assigned lines, rounded to the cent per line. */
export function applyPercentageDiscount(promotion: PromotionRecord, lines: readonly PromotionLine[]): PromotionOutcome {
  const effect = promotion.effect;
  const percentage = effect.type === "automatic_discount" ? (effect.percentage ?? 0) : 0;
  const reductions = new Map<string, number>();
  for (const line of lines)
    addReduction(reductions, line.key, -Math.round((line.unitPrice * line.quantity * percentage) / 100));
  return {
    promotion,
    lineKeys: lines.map((l) => l.key),
    reductions,
    giftUnits: 0,
    applied: reductions.size > 0,
    progress: null,
  };
}

/**
 * Buy-x-get-y. Without variant ids, every full set of `buy + get` qualifying units makes the `get` cheapest units
 * of the set free (whole basket: the cheapest units overall). With variant ids, every `buy` units earn `get`
 * gift units of the first listed variant (added by the basket as gift lines).
 */
export function applyBuyXGetY(promotion: PromotionRecord, lines: readonly PromotionLine[]): PromotionOutcome {
  const effect = promotion.effect;
  if (effect.type !== "buy_x_get_y") throw new Error(`${promotion.id} is not a buy-x-get-y promotion`);
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const reductions = new Map<string, number>();
  const lineKeys = lines.map((l) => l.key);
  if (effect.variantIds.length > 0) {
    const giftUnits = Math.floor(units / effect.buyQuantity) * effect.getQuantity;
    const intoSet = units % effect.buyQuantity;
    return {
      promotion,
      lineKeys,
      reductions,
      giftUnits,
      applied: giftUnits > 0,
      progress:
        units > 0 ? { kind: "quantity", missing: effect.buyQuantity - intoSet, reward: effect.getQuantity } : null,
    };
  }
  const setSize = effect.buyQuantity + effect.getQuantity;
  const free = Math.floor(units / setSize) * effect.getQuantity;
  // Cheapest first; on equal prices the line added first stays paid (stable order).
  const ordered = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.unitPrice - b.line.unitPrice || b.index - a.index);
  let left = free;
  for (const { line } of ordered) {
    if (left === 0) break;
    const units = Math.min(left, line.quantity);
    addReduction(reductions, line.key, -units * line.unitPrice);
    left -= units;
  }
  const intoSet = units % setSize;
  // Progress towards the next free unit: the free units of a set come once all `buy + get` are in the basket.
  const progress: PromotionProgress | null =
    units === 0 ? null : { kind: "quantity", missing: setSize - intoSet, reward: effect.getQuantity };
  return { promotion, lineKeys, reductions, giftUnits: 0, applied: free > 0, progress };
}

/** Absolute discount on the qualifying lines once their value (after item reductions) reaches the minimum. */
export function applyAbsoluteDiscount(
  promotion: PromotionRecord,
  lines: readonly { key: string; total: number }[],
  currency: Currency,
): PromotionOutcome {
  const effect = promotion.effect;
  const amount = effect.type === "automatic_discount" ? (effect.amount?.[currency] ?? 0) : 0;
  const minimum = promotion.conditions.minimumOrderValue?.[currency] ?? 0;
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const reductions = new Map<string, number>();
  const lineKeys = lines.map((l) => l.key);
  if (lines.length === 0) return { promotion, lineKeys, reductions, giftUnits: 0, applied: false, progress: null };
  if (subtotal < minimum || subtotal <= 0) {
    return {
      promotion,
      lineKeys,
      reductions,
      giftUnits: 0,
      applied: false,
      progress: { kind: "amount", missing: minimum - subtotal },
    };
  }
  const discount = Math.min(amount, subtotal);
  for (const [key, share] of splitProportionally(
    discount,
    lines.map((l) => [l.key, l.total]),
  )) {
    addReduction(reductions, key, -share);
  }
  return { promotion, lineKeys, reductions, giftUnits: 0, applied: discount > 0, progress: null };
}

/**
 * Splits `amount` cents over weighted keys so the shares sum exactly to `amount` (largest remainder), giving each
 * line its part of a basket discount for line-level VAT.
 */
export function splitProportionally(
  amount: number,
  weights: readonly (readonly [string, number])[],
): Map<string, number> {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const shares = new Map<string, number>();
  if (total <= 0 || amount === 0) return shares;
  const exact = weights.map(([key, w], index) => ({ key, index, raw: (amount * w) / total }));
  let given = 0;
  for (const e of exact) {
    const floor = Math.floor(e.raw);
    shares.set(e.key, floor);
    given += floor;
  }
  const byRemainder = [...exact].sort(
    (a, b) => b.raw - Math.floor(b.raw) - (a.raw - Math.floor(a.raw)) || a.index - b.index,
  );
  for (let i = 0; given < amount && i < byRemainder.length; i++, given++) {
    const e = byRemainder[i] as (typeof byRemainder)[number];
    shares.set(e.key, (shares.get(e.key) ?? 0) + 1);
  }
  return shares;
}
