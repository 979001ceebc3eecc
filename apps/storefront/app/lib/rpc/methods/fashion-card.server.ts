import { getFashionCard, registerFashionCard } from "@vitrine/commerce";
import { z } from "zod";
import { failureProblem, rpcMethod } from "../rpc.server.ts";
import { accountHolder } from "./user.server.ts";

/**
 * The loyalty card methods (specification section 7): fetchFashionCard answers the card data (referenceKey,
 * loyalty.points.balance, loyalty.card.number, section 3) or null without a card; registerFashionCard registers
 * the signed-in customer (after accepting the terms) and answers the card.
 */
export const methods = {
  fetchFashionCard: rpcMethod({
    payload: z.unknown(),
    async handler(ctx) {
      const holder = accountHolder(ctx);
      if (!("id" in holder)) return holder;
      return getFashionCard(ctx.store.ctx, holder.id);
    },
  }),

  registerFashionCard: rpcMethod({
    payload: z.strictObject({ acceptTerms: z.literal(true) }),
    async handler(ctx) {
      const holder = accountHolder(ctx);
      if (!("id" in holder)) return holder;
      const result = await registerFashionCard(ctx.store.ctx, holder.id);
      if (!result.ok)
        return failureProblem({
          ok: false,
          error: "Forbidden",
          detail: "This customer cannot register for the fashion card.",
        });
      return result.card;
    },
  }),
};
