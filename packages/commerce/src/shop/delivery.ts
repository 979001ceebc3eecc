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

type MethodRates = Omit<DeliveryMethod, "price" | "freeFrom"> & {
  rates: Record<Currency, { price: number; freeFrom: number | null }>;
};

const RATES: Record<ShippingCountry, readonly MethodRates[]> = {
  DE: [
    {
      id: "standard",
      days: { min: 2, max: 4 },
      rates: { EUR: { price: 495, freeFrom: 5000 }, CHF: { price: 590, freeFrom: 6000 } },
    },
    {
      id: "express",
      days: { min: 1, max: 2 },
      rates: { EUR: { price: 995, freeFrom: null }, CHF: { price: 1190, freeFrom: null } },
    },
  ],
  AT: [
    {
      id: "standard",
      days: { min: 3, max: 5 },
      rates: { EUR: { price: 595, freeFrom: 6000 }, CHF: { price: 690, freeFrom: 7000 } },
    },
    {
      id: "express",
      days: { min: 1, max: 2 },
      rates: { EUR: { price: 1295, freeFrom: null }, CHF: { price: 1490, freeFrom: null } },
    },
  ],
  CH: [
    {
      id: "standard",
      days: { min: 3, max: 5 },
      rates: { EUR: { price: 795, freeFrom: 8000 }, CHF: { price: 790, freeFrom: 8000 } },
    },
    {
      id: "express",
      days: { min: 1, max: 2 },
      rates: { EUR: { price: 1495, freeFrom: null }, CHF: { price: 1490, freeFrom: null } },
    },
  ],
  GB: [
    {
      id: "standard",
      days: { min: 4, max: 6 },
      rates: { EUR: { price: 995, freeFrom: 15000 }, CHF: { price: 1090, freeFrom: 16000 } },
    },
    {
      id: "express",
      days: { min: 2, max: 3 },
      rates: { EUR: { price: 1995, freeFrom: null }, CHF: { price: 2190, freeFrom: null } },
    },
  ],
};

/** The delivery methods to a country, priced in a store's currency; the first one is the standard delivery. */
export function deliveryMethodsFor(country: ShippingCountry, currency: Currency): readonly DeliveryMethod[] {
  return RATES[country].map(({ rates, ...method }) => ({ ...method, ...rates[currency] }));
}

/** Working days of standard delivery to a country: the dates product pages and the basket show for stock. */
export function standardDeliveryDays(country: ShippingCountry): { min: number; max: number } {
  return (RATES[country][0] as MethodRates).days;
}

/** Cash on delivery is offered in Germany only, for this fee in cents. */
export const CASH_ON_DELIVERY_FEE = 300;

/** Days a customer has to send items back. */
export const RETURN_PERIOD_DAYS = 30;
