import type { PriceZone } from "./shops.ts";

/** Delivery methods and their prices per country zone: checkout charges them, service pages quote them. */

export type DeliveryMethodId = "standard" | "express";

export interface DeliveryMethod {
  id: DeliveryMethodId;
  /** Price in cents of the zone's currency. */
  price: number;
  /** Basket value (with tax, in cents) from which the method is free; null when never free. */
  freeFrom: number | null;
  /** Days until delivery of items in stock; items sold without stock keep their own, longer range. */
  days: { min: number; max: number };
}

export const DELIVERY_METHODS: Record<PriceZone, readonly DeliveryMethod[]> = {
  DE: [
    { id: "standard", price: 495, freeFrom: 5000, days: { min: 2, max: 4 } },
    { id: "express", price: 995, freeFrom: null, days: { min: 1, max: 2 } },
  ],
  AT: [
    { id: "standard", price: 595, freeFrom: 6000, days: { min: 3, max: 5 } },
    { id: "express", price: 1295, freeFrom: null, days: { min: 1, max: 2 } },
  ],
  CH: [
    { id: "standard", price: 790, freeFrom: 8000, days: { min: 3, max: 5 } },
    { id: "express", price: 1490, freeFrom: null, days: { min: 1, max: 2 } },
  ],
};

/** Cash on delivery is offered in Germany only, for this fee in cents. */
export const CASH_ON_DELIVERY_FEE = 300;

/** Days a customer has to send items back. */
export const RETURN_PERIOD_DAYS = 30;
