import { createHash, timingSafeEqual } from "node:crypto";
import type { Ctx } from "../context.ts";
import type { RateLimitRule } from "../rate-limit/rate-limit.ts";
import { getOrderByNumber, type OrderDetails } from "./orders.ts";

/**
 * Looking an order up without an account (order tracking, returns portal): the order number plus the e-mail
 * address or a postcode of the order. A wrong number and wrong details give the same answer (null), so the form
 * never tells whether an order exists; callers limit tries per client address.
 */

export const ORDER_LOOKUP_RATE_LIMIT: RateLimitRule = { name: "order-lookup", limit: 10, windowMs: 15 * 60_000 };

export interface OrderLookupInput {
  number: string;
  /** The order's e-mail address, or a postcode of its shipping or billing address. */
  emailOrZipCode: string;
}

const digest = (value: string) => createHash("sha256").update(value).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const normalize = (value: string) => value.trim().toLowerCase().replace(/\s+/g, "");

export async function findOrderForLookup(ctx: Pick<Ctx, "db">, input: OrderLookupInput): Promise<OrderDetails | null> {
  const number = input.number.trim().replace(/\s+/g, "");
  const given = normalize(input.emailOrZipCode);
  if (given === "") return null;
  const order = await getOrderByNumber(ctx, number);
  // Compared as digests in constant time, and the same work is done when there is no order.
  const candidates = order
    ? [order.email, order.shippingAddress.zipCode, order.billingAddress.zipCode].map(normalize)
    : ["", "", ""];
  const matches = candidates.map((c) => c !== "" && same(c, given));
  return order && matches.some(Boolean) ? order : null;
}
