import type { DeliveryDate, Price, Stock } from "../catalog/pricing.ts";
import type { Currency, StoreCode } from "../shop/shops.ts";

/** The basket's shapes as the shop returns them (specification section 3: Basket, Basket item). */

/** How an add treats a line of the same variant (and item group) already in the basket. */
export const EXISTING_ITEM_HANDLING = [
  "AddQuantityToExisting",
  "ReplaceExisting",
  "KeepExisting",
  "ReplaceExistingWithCombinedQuantity",
] as const;
export type ExistingItemHandling = (typeof EXISTING_ITEM_HANDLING)[number];
export const DEFAULT_EXISTING_ITEM_HANDLING: ExistingItemHandling = "AddQuantityToExisting";

/** Warning of an add that stock (or the per-item maximum) allowed only in part. */
export const ITEM_ADDED_WITH_REDUCED_QUANTITY = "ItemAddedWithReducedQuantity";
export type BasketWarning = typeof ITEM_ADDED_WITH_REDUCED_QUANTITY;

/** Distinct lines a basket may hold; one more answers 413 (max basket items). */
export const MAX_BASKET_ITEMS = 50;
/** Units of one line; more is cut to this with the reduced-quantity warning, or 413 when the line is full. */
export const MAX_ITEM_QUANTITY = 10;

/** Items added together (a product with its accessories): only main items count. */
export interface ItemGroup {
  id: string;
  isMainItem: boolean;
  isRequired: boolean;
}

/** Who a basket or wishlist belongs to: a guest's browser, or a signed-in customer. */
export type Shopper = { kind: "guest"; browserId: string } | { kind: "customer"; customerId: string };

export interface BasketProduct {
  id: number;
  name: string;
  brand: string;
  /** Canonical product path without store prefix. */
  path: string;
  productType: string;
  colorId: string;
  colorLabel: string;
  colorHex: string;
  image: { assetName: string; url: string } | null;
  promotionId: string | null;
}

export interface BasketVariant {
  id: number;
  size: string;
  sizeLabel: string;
  stock: Stock;
  isSellable: boolean;
  deliveryDate: DeliveryDate;
  price: Price;
}

/** A reduction applied to a line or the basket: `amount` is negative cents. */
export interface AppliedReduction {
  /** `sale` (the catalogue's reduced price) or `promotion`. */
  category: "sale" | "promotion";
  promotionId: string | null;
  /** `item`: the line's own reduction; `basket`: the line's share of a basket-level discount. */
  level: "item" | "basket";
  amount: number;
}

export interface BasketItemPrice {
  currency: Currency;
  /** One unit at the regular price (with tax). */
  unitWithTax: number;
  /** One unit after catalogue reductions, before promotions. */
  unitDiscounted: number;
  /** The line at the regular price: unitWithTax × quantity. */
  withTax: number;
  /** The line after its own reductions (catalogue and item promotions), before basket-level discounts. */
  subtotal: number;
  /** What the shopper pays for the line after every reduction (with tax). */
  total: number;
  /** Net and tax of `total` at the store's VAT rate (checkout re-splits per delivery country). */
  withoutTax: number;
  tax: number;
  appliedReductions: AppliedReduction[];
}

export interface BasketItem {
  key: string;
  quantity: number;
  product: BasketProduct;
  variant: BasketVariant;
  price: BasketItemPrice;
  /** The promotion assigned to the line (null when none applies). */
  promotionId: string | null;
  /** Other item-level promotions the line could use instead (best first). */
  applicablePromotionIds: string[];
  itemGroup: ItemGroup | null;
  customData: Record<string, unknown>;
  displayData: Record<string, unknown>;
  /** A free gift line earned by a buy-x-get-y promotion: computed, not stored, not editable. */
  isGift: boolean;
  /** The highest quantity the line can have (stock and per-item maximum). */
  maxQuantity: number;
}

export interface BasketCost {
  currency: Currency;
  /** The items at their regular prices. */
  itemsWithTax: number;
  /** What the items cost after every reduction (delivery is added by checkout). */
  withTax: number;
  withoutTax: number;
  tax: number;
  vatRate: number;
  /** Reductions summed by category (and by promotion), negative cents. */
  appliedReductions: AppliedReduction[];
}

export type PackageKind = "inStock" | "sellableWithoutStock";

/** Items shipped together: those in stock, and those sold without stock (longer delivery). */
export interface BasketPackage {
  kind: PackageKind;
  itemKeys: string[];
  /** Units in the package, counted as the basket's `count` (gifts and non-main items of groups left out). */
  count: number;
  deliveryDateRange: DeliveryDate;
}

export type PromotionProgressView =
  | { kind: "quantity"; missing: number; reward: number }
  | { kind: "amount"; missing: number };

/** A promotion the basket qualifies for, applied or not yet, with the progress towards its reward. */
export interface BasketPromotion {
  id: string;
  priority: number;
  type: "automatic_discount" | "buy_x_get_y";
  kind: "percentage" | "absolute" | null;
  name: string;
  customData: { colorHex: string };
  applied: boolean;
  /** The reduction it gives now (negative cents, 0 when not applied). */
  amount: number;
  itemKeys: string[];
  /** Gift variants of a buy-x-get-y promotion. */
  giftVariantIds: number[];
  progress: PromotionProgressView | null;
}

export interface Basket {
  /** Public basket key; empty while the shopper has none. */
  key: string;
  storeCode: StoreCode;
  currency: Currency;
  /** Units of main items (non-main items of item groups and gifts left out); 0 means empty. */
  count: number;
  isEmpty: boolean;
  items: BasketItem[];
  cost: BasketCost;
  packages: BasketPackage[];
  applicablePromotions: BasketPromotion[];
  customData: Record<string, unknown>;
}
