import { getBasketCount, getWishlistCount, type Shopper } from "@vitrine/commerce";
import { type CurrentCustomer, getCustomer } from "./auth.server.ts";
import type { StoreRequest } from "./shop.server.ts";

/** The header counters: units of main items in the basket, entries in the wishlist. */
export interface BasketCounts {
  basket: number;
  wishlist: number;
}

/** Whose basket and wishlist a request uses: the signed-in customer's, else the browser's (guest). */
export function shopperOf(
  store: Pick<StoreRequest, "browserId"> & Partial<Pick<StoreRequest, "personal">>,
  customer: CurrentCustomer | null,
): Shopper {
  // The basket and wishlist are the shopper's own: a page that reads them is never shared.
  store.personal?.();
  return customer ? { kind: "customer", customerId: customer.id } : { kind: "guest", browserId: store.browserId };
}

export async function requestShopper(store: StoreRequest, request: Request): Promise<Shopper> {
  return shopperOf(store, await getCustomer(store, request));
}

export async function basketCounts(store: StoreRequest, request: Request): Promise<BasketCounts> {
  const shopper = await requestShopper(store, request);
  const [basket, wishlist] = await Promise.all([
    getBasketCount(store.ctx, store.shop.code, shopper),
    getWishlistCount(store.ctx, store.shop.code, shopper),
  ]);
  return { basket, wishlist };
}
