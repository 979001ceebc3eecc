import {
  addItemToWishlist,
  clearWishlist,
  emptyPayloadSchema,
  getWishlist,
  removeItemFromWishlist,
  toggleWishlistItem,
  type WishlistResult,
  wishlistItemAddSchema,
  wishlistItemRemoveSchema,
} from "@vitrine/commerce";
import { shopperOf } from "../../basket.server.ts";

import { failureProblem, type RpcContext, rpcMethod } from "../rpc.server.ts";

/**
 * Wishlist calls of the channel. `addItemToWishlist` also replaces (`replaceItemKey`: remove, then add) and
 * toggles (`toggle: true`: removes the product when it is already there). Answers `{ wishlist, itemKey, added }`.
 */

const shopper = (ctx: RpcContext) => shopperOf(ctx, ctx.customer);

function answer(result: WishlistResult) {
  if (!result.ok) return failureProblem(result);
  return { wishlist: result.wishlist, itemKey: result.itemKey, added: result.added };
}

export const methods = {
  getWishlist: rpcMethod({
    payload: emptyPayloadSchema,
    handler: (ctx) => getWishlist(ctx.store.ctx, shopper(ctx)),
  }),
  clearWishlist: rpcMethod({
    payload: emptyPayloadSchema,
    handler: (ctx) => clearWishlist(ctx.store.ctx, shopper(ctx)),
  }),
  addItemToWishlist: rpcMethod({
    payload: wishlistItemAddSchema,
    async handler(ctx, { toggle, ...add }) {
      const catalog = ctx.store.ctx;
      return answer(
        toggle && !add.replaceItemKey
          ? await toggleWishlistItem(catalog, shopper(ctx), add)
          : await addItemToWishlist(catalog, shopper(ctx), add),
      );
    },
  }),
  removeItemFromWishlist: rpcMethod({
    payload: wishlistItemRemoveSchema,
    handler: async (ctx, { itemKey }) => answer(await removeItemFromWishlist(ctx.store.ctx, shopper(ctx), itemKey)),
  }),
};
