import {
  addItemsToBasket,
  addItemToBasket,
  type BasketResult,
  basketItemAddSchema,
  basketItemRemoveSchema,
  basketItemsAddSchema,
  basketItemUpdatePayloadSchema,
  basketMergeSchema,
  clearBasket,
  emptyPayloadSchema,
  failureAnswer,
  getBasket,
  mergeBaskets,
  removeItemFromBasket,
  updateBasketItem,
} from "@vitrine/commerce";
import { shopperOf } from "../../basket.server.ts";

import { failureProblem, type RpcContext, rpcMethod } from "../rpc.server.ts";

/**
 * Basket calls of the channel (specification section 7). Mutations answer `{ basket, warnings, itemKeys }`
 * (adds also `failures` for items of a multi-add that were left out); failures answer problem responses with
 * the status of section 8 and a `messageKey` for the page.
 */

const shopper = (ctx: RpcContext) => shopperOf(ctx, ctx.customer);
const basketContext = (ctx: RpcContext) => ctx.store.ctx;

function answer(result: BasketResult) {
  if (!result.ok) {
    return failureProblem(result, "reason" in result ? { reason: result.reason } : {});
  }
  return {
    basket: result.basket,
    warnings: result.warnings,
    itemKeys: result.itemKeys,
    ...(result.failures.length > 0
      ? {
          failures: result.failures.map((f) => {
            const a = failureAnswer(f);
            return { ...f, status: a.status, messageKey: a.messageKey };
          }),
        }
      : {}),
  };
}

export const methods = {
  getBasket: rpcMethod({
    payload: emptyPayloadSchema,
    handler: (ctx) => getBasket(basketContext(ctx), shopper(ctx)),
  }),
  clearBasket: rpcMethod({
    payload: emptyPayloadSchema,
    handler: (ctx) => clearBasket(basketContext(ctx), shopper(ctx)),
  }),
  /** The signed-in customer takes over this browser's guest basket (the accounts module also does this on sign-in). */
  mergeBaskets: rpcMethod({
    payload: basketMergeSchema,
    async handler(ctx, { strategy }) {
      if (!ctx.customer)
        return failureProblem({
          ok: false,
          error: "Unauthorized",
          detail: "Sign in to merge the guest basket into your basket.",
        });
      const merged = await mergeBaskets(ctx.store.ctx, {
        fromBrowserId: ctx.browserId,
        toCustomerId: ctx.customer.id,
        storeCode: ctx.shop.code,
        strategy,
      });
      return { ...merged, basket: await getBasket(basketContext(ctx), shopper(ctx)) };
    },
  }),
  addItemToBasket: rpcMethod({
    payload: basketItemAddSchema,
    handler: async (ctx, payload) => answer(await addItemToBasket(basketContext(ctx), shopper(ctx), payload)),
  }),
  addItemsToBasket: rpcMethod({
    payload: basketItemsAddSchema,
    handler: async (ctx, payload) => answer(await addItemsToBasket(basketContext(ctx), shopper(ctx), payload)),
  }),
  updateBasketItem: rpcMethod({
    payload: basketItemUpdatePayloadSchema,
    handler: async (ctx, payload) => answer(await updateBasketItem(basketContext(ctx), shopper(ctx), payload)),
  }),
  removeItemFromBasket: rpcMethod({
    payload: basketItemRemoveSchema,
    handler: async (ctx, payload) => answer(await removeItemFromBasket(basketContext(ctx), shopper(ctx), payload)),
  }),
};
