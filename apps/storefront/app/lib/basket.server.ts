import {
  type BasketFailure,
  getBasketCount,
  getWishlistCount,
  type Shopper,
  WISHLIST_ITEM_NOT_FOUND,
  type WishlistFailure,
} from "@vitrine/commerce";
import { type CurrentCustomer, getCustomer } from "./auth.server.ts";
import type { StoreRequest } from "./shop.server.ts";

/** The header counters: units of main items in the basket, entries in the wishlist. */
export interface BasketCounts {
  basket: number;
  wishlist: number;
}

/** Whose basket and wishlist a request uses: the signed-in customer's, else the browser's (guest). */
export function shopperOf(store: Pick<StoreRequest, "browserId">, customer: CurrentCustomer | null): Shopper {
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

/** How a failure is answered: HTTP status, the specification's detail text, and the message key the page shows. */
export interface FailureAnswer {
  status: number;
  detail: string;
  messageKey: string;
  code: string;
}

/**
 * The one mapping of basket and wishlist failures (specification section 8): out of stock 412 with the
 * variant-out-of-stock message, max basket items 413, update without data 400 'Could not update item: {key}',
 * a basket item by variant not found 404, 'Could not find wishlist item.' 404; any other add failure gets the
 * generic add-to-basket message.
 */
export function failureAnswer(failure: BasketFailure | WishlistFailure): FailureAnswer {
  switch (failure.error) {
    case "OutOfStock":
      return {
        status: 412,
        detail: `Variant out of stock: ${failure.variantId}`,
        messageKey: "basket.error.variant_out_of_stock",
        code: failure.error,
      };
    case "MaxBasketItems":
      return {
        status: 413,
        detail: `The basket is full: at most ${failure.limit} items, each at most the per-item maximum.`,
        messageKey: "basket.error.max_basket_items",
        code: failure.error,
      };
    case "VariantNotFound":
      return {
        status: 404,
        detail: `Variant not found: ${failure.variantId}`,
        messageKey: "basket.error.add_generic",
        code: failure.error,
      };
    case "ItemNotFound":
      return {
        status: 404,
        detail:
          failure.variantId !== undefined
            ? `Basket item not found for variant ${failure.variantId}`
            : `Basket item not found: ${failure.itemKey ?? ""}`,
        messageKey: "basket.error.item_not_found",
        code: failure.error,
      };
    case "InvalidUpdate":
      return {
        status: 400,
        detail: `Could not update item: ${failure.itemKey}`,
        messageKey: "basket.error.update",
        code: failure.error,
      };
    case "WishlistItemNotFound":
      return {
        status: 404,
        detail: WISHLIST_ITEM_NOT_FOUND,
        messageKey: "wishlist.error.not_found",
        code: failure.error,
      };
    case "ProductNotFound":
      return {
        status: 404,
        detail: `Product not found: ${failure.productId}`,
        messageKey: "wishlist.error.generic",
        code: failure.error,
      };
    case "MaxWishlistItems":
      return {
        status: 413,
        detail: `The wishlist holds at most ${failure.limit} items.`,
        messageKey: "wishlist.error.full",
        code: failure.error,
      };
  }
}
