import { standardDeliveryDays } from "../shop/delivery.ts";
import { taxOf, withoutTax } from "../shop/money.ts";
import type { Currency, PriceZone } from "../shop/shops.ts";
import { addWorkingDays, type HolidayCountry } from "../shop/working-days.ts";
import type { ZonePriceRecord } from "./records.ts";

/** A reduction: `absoluteWithTax` is negative cents (added to the price), `relative` the share taken off (0.3 = 30 %). */
export interface Reduction {
  amount: { absoluteWithTax: number; relative: number };
  category: string;
}

/** Price holder of the specification: `withTax` is the regular price; reductions apply on top. */
export interface Price {
  currency: Currency;
  withTax: number;
  withoutTax: number;
  tax: number;
  appliedReductions: Reduction[];
}

export interface Stock {
  quantity: number;
  isSellableWithoutStock: boolean;
}

export interface DeliveryDate {
  /** yyyy-mm-dd */
  min: string;
  max: string;
}

/** An item is sellable when its stock quantity is above 0 or it is sellable without stock (section 4). */
export function isSellable(stock: Stock): boolean {
  return stock.quantity > 0 || stock.isSellableWithoutStock;
}

/** The discounted price is the first reduction's absolute amount plus the with-tax price (section 4). */
export function discountedPrice(price: Pick<Price, "withTax" | "appliedReductions">): number {
  const first = price.appliedReductions[0];
  return price.withTax + (first ? first.amount.absoluteWithTax : 0);
}

/** The reduction in whole percent for a badge ("-30 %"), or 0. */
export function reductionPercent(price: Pick<Price, "appliedReductions">): number {
  const first = price.appliedReductions[0];
  return first ? Math.round(first.amount.relative * 100) : 0;
}

/** The delivery date range runs from the earliest min to the latest max over the items (section 4). */
export function deliveryDateRange(items: readonly { deliveryDate: DeliveryDate }[]): DeliveryDate | undefined {
  let min: string | undefined;
  let max: string | undefined;
  for (const { deliveryDate } of items) {
    if (min === undefined || deliveryDate.min < min) min = deliveryDate.min;
    if (max === undefined || deliveryDate.max > max) max = deliveryDate.max;
  }
  return min !== undefined && max !== undefined ? { min, max } : undefined;
}

/**
 * Delivery dates `days` working days from now in the destination country (no Sundays, no public holidays): the
 * one calculation behind product page, basket, checkout and order.
 */
export function deliveryDateFromDays(
  days: { min: number; max: number },
  now: Date,
  country: HolidayCountry,
): DeliveryDate {
  return { min: addWorkingDays(now, days.min, country), max: addWorkingDays(now, days.max, country) };
}

/**
 * A variant's delivery dates in a country: in stock, the days of the country's standard delivery (what checkout
 * quotes); sold without stock, its own longer range, never earlier than standard delivery.
 */
export function variantDeliveryDate(
  variant: { deliveryDays: { min: number; max: number }; stock: Stock },
  now: Date,
  country: PriceZone,
): DeliveryDate {
  const standard = standardDeliveryDays(country);
  const days =
    variant.stock.quantity > 0
      ? standard
      : {
          min: Math.max(variant.deliveryDays.min, standard.min),
          max: Math.max(variant.deliveryDays.max, standard.max),
        };
  return deliveryDateFromDays(days, now, country);
}

/** Builds the price holder of a variant in a price zone from its stored list and sale price. */
export function priceOf(record: ZonePriceRecord, zone: PriceZone): Price {
  const reductions: Reduction[] =
    record.salePrice !== null && record.salePrice < record.listPrice
      ? [
          {
            category: record.reductionCategory ?? "sale",
            amount: {
              absoluteWithTax: record.salePrice - record.listPrice,
              relative: Math.round(((record.listPrice - record.salePrice) / record.listPrice) * 100) / 100,
            },
          },
        ]
      : [];
  return {
    currency: record.currency,
    withTax: record.listPrice,
    withoutTax: withoutTax(record.listPrice, zone),
    tax: taxOf(record.listPrice, zone),
    appliedReductions: reductions,
  };
}

export interface PriceRange {
  min: number;
  max: number;
}

/** Lowest and highest price a shopper pays over the variants (discounted prices). */
export function priceRangeOf(prices: readonly Price[]): PriceRange | undefined {
  if (prices.length === 0) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const p of prices) {
    const value = discountedPrice(p);
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}
