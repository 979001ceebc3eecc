import type { PriceZone } from "../shop/shops.ts";

/**
 * The catalogue back office's constants and small helpers: plain data, safe for the browser too
 * (`@vitrine/commerce/catalog-admin`), so a screen's bundle never loads the commerce core.
 */

export const PRODUCT_STATUSES = ["active", "hidden", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const STOCK_STATES = ["in_stock", "low", "out"] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const PRICE_ZONES: readonly PriceZone[] = ["DE", "AT", "CH"];
export const ZONE_CURRENCY: Record<PriceZone, "EUR" | "CHF"> = { DE: "EUR", AT: "EUR", CH: "CHF" };
/** A product with at most this many units in stock (all sizes) counts as "low". */
export const LOW_STOCK_UNITS = 5;
/** The list counts matching products up to this many; beyond it says "more than". */
export const LIST_COUNT_CAP = 1000;
export const LIST_PAGE_SIZES = [25, 50, 100] as const;

export function isProductStatus(value: unknown): value is ProductStatus {
  return typeof value === "string" && (PRODUCT_STATUSES as readonly string[]).includes(value);
}

/** Most products one bulk change touches (a page of the list at its largest, twice). */
export const BULK_LIMIT = 200;

/** Cents as the editor shows them: `5995` → `59.95`. */
export function formatMoneyInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
