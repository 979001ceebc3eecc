import { deliveryDateRange, discountedPrice } from "../catalog/pricing.ts";
import {
  applyAbsoluteDiscount,
  applyBuyXGetY,
  applyPercentageDiscount,
  byPriority,
  isBasketLevelPromotion,
  itemPromotionsFor,
  type PromotionLine,
  type PromotionOutcome,
  qualifiesForPromotion,
} from "../promotions/engine.ts";
import { type PromotionRecord, promotionName } from "../promotions/records.ts";
import type { Shop } from "../shop/shops.ts";
import {
  type AppliedReduction,
  type Basket,
  type BasketItem,
  type BasketPackage,
  type BasketProduct,
  type BasketPromotion,
  type BasketVariant,
  type ItemGroup,
  MAX_ITEM_QUANTITY,
  type PackageKind,
} from "./types.ts";

/**
 * Prices a basket: catalogue reductions, item-level promotions, gift lines, the basket-level discount, net and
 * tax per line, cost by category, packages by delivery, and the applicable promotions with their progress.
 * Pure: the service loads lines, products and running promotions; checkout reuses this to price an order.
 */

export interface BasketLineInput {
  key: string;
  quantity: number;
  product: BasketProduct;
  variant: BasketVariant;
  /** The stored promotion of the line; used when still running and valid for the product. */
  promotionId: string | null;
  itemGroup: ItemGroup | null;
  customData?: Record<string, unknown>;
  displayData?: Record<string, unknown>;
  /** The product's categories and their ancestors, for promotion conditions. */
  categoryIds: readonly number[];
}

/** A variant a buy-x-get-y promotion may give away, with what it needs to become a gift line. */
export interface GiftCandidate {
  product: BasketProduct;
  variant: BasketVariant;
}

export interface PriceBasketInput {
  key: string;
  shop: Shop;
  lines: readonly BasketLineInput[];
  /** Promotions running in the store now (the caller filters by store and period). */
  promotions: readonly PromotionRecord[];
  gifts?: ReadonlyMap<number, GiftCandidate>;
  customData?: Record<string, unknown>;
}

/** The highest quantity a line of this variant can have: stock (unless sold without stock) and the maximum. */
export function maxQuantityOf(variant: Pick<BasketVariant, "stock">): number {
  return variant.stock.isSellableWithoutStock
    ? MAX_ITEM_QUANTITY
    : Math.max(0, Math.min(MAX_ITEM_QUANTITY, variant.stock.quantity));
}

/** The basket count: units of main items; non-main items of item groups and gifts are left out. */
export function basketCount(items: readonly Pick<BasketItem, "quantity" | "itemGroup" | "isGift">[]): number {
  return items.reduce(
    (sum, item) => sum + (item.isGift || (item.itemGroup && !item.itemGroup.isMainItem) ? 0 : item.quantity),
    0,
  );
}

type PackageItem = Pick<BasketItem, "key" | "quantity"> &
  Partial<Pick<BasketItem, "itemGroup" | "isGift">> & { variant: Pick<BasketVariant, "stock" | "deliveryDate"> };

/**
 * Splits items into packages: in stock, and sellable without stock, each with its delivery date range and its
 * count, in units as the basket counts them (`basketCount`): two of one jumper are two articles in the package,
 * as in the basket's heading.
 */
export function packagesOf(items: readonly PackageItem[]): BasketPackage[] {
  const groups = new Map<PackageKind, PackageItem[]>();
  for (const item of items) {
    const kind: PackageKind = item.variant.stock.quantity >= item.quantity ? "inStock" : "sellableWithoutStock";
    const list = groups.get(kind) ?? [];
    list.push(item);
    groups.set(kind, list);
  }
  const packages: BasketPackage[] = [];
  for (const kind of ["inStock", "sellableWithoutStock"] as const) {
    const list = groups.get(kind);
    const range = list ? deliveryDateRange(list.map((i) => ({ deliveryDate: i.variant.deliveryDate }))) : undefined;
    if (list && range) {
      packages.push({
        kind,
        itemKeys: list.map((i) => i.key),
        count: basketCount(
          list.map((i) => ({ quantity: i.quantity, itemGroup: i.itemGroup ?? null, isGift: !!i.isGift })),
        ),
        deliveryDateRange: range,
      });
    }
  }
  return packages;
}

export function priceBasket(input: PriceBasketInput): Basket {
  const { shop, promotions } = input;
  const running = [...promotions].sort(byPriority);

  // 1. The promotion of each line: its stored one while it is running and valid for the product.
  const lines = input.lines.map((line) => {
    const product = { productId: line.product.id, brand: line.product.brand, categoryIds: line.categoryIds };
    const applicable = itemPromotionsFor(product, running);
    const effective = line.promotionId && applicable.some((p) => p.id === line.promotionId) ? line.promotionId : null;
    const promotionLine: PromotionLine = {
      ...product,
      key: line.key,
      quantity: line.quantity,
      unitPrice: discountedPrice(line.variant.price),
      promotionId: effective,
    };
    return { input: line, applicable, promotionLine };
  });

  // 2. Item-level promotions over their assigned lines.
  const outcomes: PromotionOutcome[] = [];
  for (const promotion of running) {
    if (isBasketLevelPromotion(promotion)) continue;
    const assigned = lines.filter((l) => l.promotionLine.promotionId === promotion.id).map((l) => l.promotionLine);
    if (assigned.length === 0) continue;
    outcomes.push(
      promotion.effect.type === "buy_x_get_y"
        ? applyBuyXGetY(promotion, assigned)
        : applyPercentageDiscount(promotion, assigned),
    );
  }

  // 3. Gift lines earned by buy-x-get-y promotions with variant ids.
  const giftLines: { key: string; quantity: number; gift: GiftCandidate; promotionId: string }[] = [];
  for (const outcome of outcomes) {
    const effect = outcome.promotion.effect;
    if (outcome.giftUnits === 0 || effect.type !== "buy_x_get_y") continue;
    const gift = effect.variantIds.map((id) => input.gifts?.get(id)).find((g) => g?.variant.isSellable);
    if (!gift) continue;
    const quantity = gift.variant.stock.isSellableWithoutStock
      ? outcome.giftUnits
      : Math.min(outcome.giftUnits, gift.variant.stock.quantity);
    if (quantity > 0)
      giftLines.push({
        key: `gift-${outcome.promotion.id}-${gift.variant.id}`,
        quantity,
        gift,
        promotionId: outcome.promotion.id,
      });
  }

  // 4. The basket-level discount: the best one whose minimum order value is reached.
  const itemReduction = (key: string) => outcomes.reduce((sum, o) => sum + (o.reductions.get(key) ?? 0), 0);
  let basketApplied = false;
  for (const promotion of running) {
    if (!isBasketLevelPromotion(promotion)) continue;
    const qualifying = lines
      .filter((l) => qualifiesForPromotion(promotion, l.promotionLine))
      .map((l) => ({
        key: l.input.key,
        total: l.promotionLine.unitPrice * l.promotionLine.quantity + itemReduction(l.input.key),
      }));
    if (qualifying.length === 0) continue;
    const outcome = applyAbsoluteDiscount(promotion, qualifying, shop.currency);
    if (outcome.applied && basketApplied) {
      // Basket discounts do not stack: a better one is already applied.
      outcomes.push({ ...outcome, reductions: new Map(), applied: false, progress: null });
      continue;
    }
    basketApplied ||= outcome.applied;
    outcomes.push(outcome);
  }

  // 5. Line prices: regular price, catalogue reduction, promotion reductions, net and tax.
  const reductionsByLine = new Map<string, AppliedReduction[]>();
  for (const outcome of outcomes) {
    const level = isBasketLevelPromotion(outcome.promotion) ? "basket" : "item";
    for (const [key, amount] of outcome.reductions) {
      const list = reductionsByLine.get(key) ?? [];
      list.push({ category: "promotion", promotionId: outcome.promotion.id, level, amount });
      reductionsByLine.set(key, list);
    }
  }
  const priceItem = (quantity: number, variant: BasketVariant, promotions: AppliedReduction[]): BasketItem["price"] => {
    const unitWithTax = variant.price.withTax;
    const unitDiscounted = discountedPrice(variant.price);
    const withTax = unitWithTax * quantity;
    const reductions: AppliedReduction[] = [];
    if (unitDiscounted < unitWithTax)
      reductions.push({
        category: "sale",
        promotionId: null,
        level: "item",
        amount: (unitDiscounted - unitWithTax) * quantity,
      });
    reductions.push(...promotions);
    const sumOf = (list: AppliedReduction[]) => list.reduce((sum, r) => sum + r.amount, 0);
    const subtotal = Math.max(0, withTax + sumOf(reductions.filter((r) => r.level === "item")));
    const total = Math.max(0, withTax + sumOf(reductions));
    const withoutTax = Math.round(total / (1 + shop.vatRate));
    return {
      currency: shop.currency,
      unitWithTax,
      unitDiscounted,
      withTax,
      subtotal,
      total,
      withoutTax,
      tax: total - withoutTax,
      appliedReductions: reductions,
    };
  };

  const items: BasketItem[] = lines.map(({ input: line, applicable, promotionLine }) => ({
    key: line.key,
    quantity: line.quantity,
    product: line.product,
    variant: line.variant,
    price: priceItem(line.quantity, line.variant, reductionsByLine.get(line.key) ?? []),
    promotionId: promotionLine.promotionId,
    applicablePromotionIds: applicable.map((p) => p.id),
    itemGroup: line.itemGroup,
    customData: line.customData ?? {},
    displayData: line.displayData ?? {},
    isGift: false,
    maxQuantity: maxQuantityOf(line.variant),
  }));
  for (const gift of giftLines) {
    const unitDiscounted = discountedPrice(gift.gift.variant.price);
    items.push({
      key: gift.key,
      quantity: gift.quantity,
      product: gift.gift.product,
      variant: gift.gift.variant,
      price: priceItem(gift.quantity, gift.gift.variant, [
        {
          category: "promotion",
          promotionId: gift.promotionId,
          level: "item",
          amount: -unitDiscounted * gift.quantity,
        },
      ]),
      promotionId: gift.promotionId,
      applicablePromotionIds: [gift.promotionId],
      itemGroup: null,
      customData: {},
      displayData: {},
      isGift: true,
      maxQuantity: gift.quantity,
    });
  }

  // 6. Cost: sums of the lines, reductions by category and promotion.
  const byCategory = new Map<string, AppliedReduction>();
  for (const item of items) {
    for (const r of item.price.appliedReductions) {
      const id = `${r.category}:${r.promotionId ?? ""}`;
      const sum = byCategory.get(id);
      if (sum) sum.amount += r.amount;
      else byCategory.set(id, { ...r });
    }
  }
  const sum = (pick: (i: BasketItem) => number) => items.reduce((s, i) => s + pick(i), 0);

  // 7. Applicable promotions with progress, best first.
  const amountOf = (promotionId: string) =>
    items.reduce(
      (s, i) =>
        s + i.price.appliedReductions.filter((r) => r.promotionId === promotionId).reduce((a, r) => a + r.amount, 0),
      0,
    );
  const applicablePromotions: BasketPromotion[] = outcomes
    .map((o) => {
      const p = o.promotion;
      const effect = p.effect;
      return {
        id: p.id,
        priority: p.priority,
        type: effect.type,
        kind: effect.type === "automatic_discount" ? effect.kind : null,
        name: promotionName(p, shop),
        customData: { colorHex: p.colorHex },
        applied: o.applied,
        amount: amountOf(p.id),
        itemKeys: [...o.lineKeys, ...giftLines.filter((g) => g.promotionId === p.id).map((g) => g.key)],
        giftVariantIds: effect.type === "buy_x_get_y" ? effect.variantIds : [],
        progress: o.progress,
      };
    })
    .sort((a, b) => a.priority - b.priority || a.id.localeCompare(b.id));

  const count = basketCount(items);
  return {
    key: input.key,
    storeCode: shop.code,
    currency: shop.currency,
    count,
    isEmpty: count === 0,
    items,
    cost: {
      currency: shop.currency,
      itemsWithTax: sum((i) => i.price.withTax),
      withTax: sum((i) => i.price.total),
      withoutTax: sum((i) => i.price.withoutTax),
      tax: sum((i) => i.price.tax),
      vatRate: shop.vatRate,
      appliedReductions: [...byCategory.values()],
    },
    packages: packagesOf(items),
    applicablePromotions,
    customData: input.customData ?? {},
  };
}
