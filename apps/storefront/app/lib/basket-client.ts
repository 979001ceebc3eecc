import type { Basket, BasketItem, ExistingItemHandling, ItemGroup, Wishlist } from "@vitrine/commerce";
import { callRpc, RpcError } from "./rpc/client.ts";
import { publishShellCounts } from "./shell-counts.ts";

/**
 * Basket and wishlist calls from the browser (RPC), keeping the header counters in step. Types only come from
 * the commerce package: nothing of it is bundled for the browser.
 */

export interface BasketItemAddPayload {
  variantId: number;
  quantity?: number;
  existingItemHandling?: ExistingItemHandling;
  displayData?: Record<string, unknown>;
  customData?: Record<string, unknown>;
  itemGroup?: ItemGroup;
  orderCustomData?: Record<string, unknown>;
}

export interface BasketMutation {
  basket: Basket;
  warnings: string[];
  itemKeys: string[];
  failures?: { error: string; status: number; messageKey: string; variantId?: number }[];
}

export interface WishlistMutation {
  wishlist: Wishlist;
  itemKey: string | null;
  added: boolean;
}

function track(result: BasketMutation): BasketMutation {
  publishShellCounts({ basket: result.basket.count });
  return result;
}

export async function addItemToBasket(shopId: number, payload: BasketItemAddPayload): Promise<BasketMutation> {
  return track(await callRpc<BasketMutation>("addItemToBasket", payload, shopId));
}

export async function addItemsToBasket(
  shopId: number,
  items: Omit<BasketItemAddPayload, "existingItemHandling">[],
  existingItemHandling?: ExistingItemHandling,
): Promise<BasketMutation> {
  return track(await callRpc<BasketMutation>("addItemsToBasket", { items, existingItemHandling }, shopId));
}

export async function updateBasketItem(
  shopId: number,
  basketItemKey: string,
  update: { quantity: number; promotionId: string | null },
): Promise<BasketMutation> {
  return track(await callRpc<BasketMutation>("updateBasketItem", { basketItemKey, update }, shopId));
}

export async function removeItemFromBasket(shopId: number, itemKey: string): Promise<BasketMutation> {
  return track(await callRpc<BasketMutation>("removeItemFromBasket", { itemKey }, shopId));
}

/** The wishlist heart: adds the product, or removes it when it is already there. */
export async function toggleWishlistItem(
  shopId: number,
  productId: number,
  variantId?: number | null,
): Promise<WishlistMutation> {
  const result = await callRpc<WishlistMutation>(
    "addItemToWishlist",
    { productId, ...(variantId ? { variantId } : {}), toggle: true },
    shopId,
  );
  publishShellCounts({ wishlist: result.wishlist.count });
  return result;
}

/** The message key of a failed basket call (specification section 8: 412, 413, anything else generic). */
export function basketErrorKey(error: unknown): string {
  if (error instanceof RpcError) {
    if (error.status === 412) return "basket.error.variant_out_of_stock";
    if (error.status === 413) return "basket.error.max_basket_items";
    const data = error.data as { messageKey?: unknown } | null;
    if (data && typeof data.messageKey === "string" && data.messageKey.startsWith("basket.")) return data.messageKey;
  }
  return "basket.error.add_generic";
}

/** Whether an add replaces a line: the added-to-basket modal opens only after a non-replacing add. */
export function isReplacingAdd(handling: ExistingItemHandling | undefined): boolean {
  return handling === "ReplaceExisting" || handling === "ReplaceExistingWithCombinedQuantity";
}

/** The line a call added last (the added-to-basket modal shows it). */
export function lastAddedItem(result: BasketMutation): BasketItem | undefined {
  const key = result.itemKeys[result.itemKeys.length - 1];
  return result.basket.items.find((i) => i.key === key);
}
