import { z } from "zod";
import type { CurrentCustomer } from "../auth.server.ts";
import { type RpcContext, type RpcMethods, rpcMethod, rpcProblem } from "./rpc.server.ts";

/**
 * Answers for the account and loyalty-card methods until their modules (`methods/user.server.ts`,
 * `methods/fashion-card.server.ts`, owned by the accounts issue) define them: a module's definition always wins.
 * They answer from what the shop knows today: the current user (null for a guest), and 401 where a signed-in
 * customer is required.
 */

/** The user as the channel returns it (specification section 3, User). */
export function userOf(customer: CurrentCustomer) {
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    groups: customer.groups,
    status: { isGuestCustomer: customer.isGuestCustomer },
  };
}

const noPayload = z.unknown();

function signedInOnly(ctx: RpcContext) {
  if (!ctx.customer) return rpcProblem(401, "Sign in to use this function.");
  return rpcProblem(501, "This function is not available yet.");
}

export const fallbackMethods: RpcMethods = {
  getUser: rpcMethod({ payload: noPayload, handler: (ctx) => (ctx.customer ? userOf(ctx.customer) : null) }),
  refreshUser: rpcMethod({ payload: noPayload, handler: (ctx) => (ctx.customer ? userOf(ctx.customer) : null) }),
  updateShopUser: rpcMethod({ payload: noPayload, handler: signedInOnly }),
  updatePassword: rpcMethod({ payload: noPayload, handler: signedInOnly }),
  getShopUserAddresses: rpcMethod({ payload: noPayload, handler: signedInOnly }),
  fetchFashionCard: rpcMethod({ payload: noPayload, handler: signedInOnly }),
  registerFashionCard: rpcMethod({ payload: noPayload, handler: signedInOnly }),
};
