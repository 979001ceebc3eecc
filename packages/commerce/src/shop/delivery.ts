import type { ShippingCountry } from "./shipping-countries.ts";
import type { Currency } from "./shops.ts";

/**
 * Delivery methods and their prices per destination country, in each store currency (a euro store delivering to
 * Switzerland charges euros): checkout charges them, product page, basket and service pages quote them.
 */

export type DeliveryMethodId = "standard" | "express";

export interface DeliveryMethod {
  id: DeliveryMethodId;
  /** Price in cents of the store's currency. */
  price: number;
  /** Basket value (with tax, in cents of the store's currency) from which the method is free; null when never. */
  freeFrom: number | null;
  /** Working days until delivery of items in stock; items sold without stock keep their own, longer range. */
  days: { min: number; max: number };
}

/** A store's prices for delivery to one country, in cents of its currency (shop settings, `stores.<code>.shipping`). */
export interface ShippingRate {
  standard: number;
  express: number;
  /** Basket value from which standard delivery is free; null when never (express is never free). */
  freeFrom: number | null;
}

const DAYS: Record<ShippingCountry, Record<DeliveryMethodId, { min: number; max: number }>> = {
  DE: { standard: { min: 2, max: 4 }, express: { min: 1, max: 2 } },
  AT: { standard: { min: 3, max: 5 }, express: { min: 1, max: 2 } },
  CH: { standard: { min: 3, max: 5 }, express: { min: 1, max: 2 } },
  GB: { standard: { min: 4, max: 6 }, express: { min: 2, max: 3 } },
};

/** The prices until the owner sets a store's own (shop settings), by destination and store currency. */
export const DEFAULT_SHIPPING_RATES: Record<ShippingCountry, Record<Currency, ShippingRate>> = {
  DE: { EUR: { standard: 495, express: 995, freeFrom: 5000 }, CHF: { standard: 590, express: 1190, freeFrom: 6000 } },
  AT: { EUR: { standard: 595, express: 1295, freeFrom: 6000 }, CHF: { standard: 690, express: 1490, freeFrom: 7000 } },
  CH: { EUR: { standard: 795, express: 1495, freeFrom: 8000 }, CHF: { standard: 790, express: 1490, freeFrom: 8000 } },
  GB: {
    EUR: { standard: 995, express: 1995, freeFrom: 15000 },
    CHF: { standard: 1090, express: 2190, freeFrom: 16000 },
  },
};

/**
 * The delivery methods to a country, priced in a store's currency; the first one is the standard delivery. `rates`
 * are the store's prices from the shop settings (`shippingRatesOf`); without them, the default prices.
 */
export function deliveryMethodsFor(
  country: ShippingCountry,
  currency: Currency,
  rates?: Partial<Record<ShippingCountry, ShippingRate>>,
): readonly DeliveryMethod[] {
  const rate = rates?.[country] ?? DEFAULT_SHIPPING_RATES[country][currency];
  return [
    { id: "standard", price: rate.standard, freeFrom: rate.freeFrom, days: DAYS[country].standard },
    { id: "express", price: rate.express, freeFrom: null, days: DAYS[country].express },
  ];
}

/** Working days of standard delivery to a country: the dates product pages and the basket show for stock. */
export function standardDeliveryDays(country: ShippingCountry): { min: number; max: number } {
  return DAYS[country].standard;
}

/** Cash on delivery is offered in Germany only, for this fee in cents. */
export const CASH_ON_DELIVERY_FEE = 300;

/** Days a customer has to send items back, until the owner sets another window (shop settings `returnDays`). */
export const RETURN_PERIOD_DAYS = 30;
