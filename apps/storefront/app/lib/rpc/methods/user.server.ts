import { changePassword, listAddresses, loadCustomer, text, updateCustomerProfile } from "@vitrine/commerce";
import { z } from "zod";
import { accountsContext, type CurrentCustomer, clientRequest, currentCustomerOf } from "../../auth.server.ts";
import { failureProblem, type RpcContext, rpcMethod, validationProblem } from "../rpc.server.ts";

/**
 * The user methods of the channel (specification section 7): getUser, refreshUser, updateShopUser,
 * updatePassword, getShopUserAddresses. They only ever touch the signed-in customer's own data: no payload names
 * a customer.
 */

/** The user as the channel returns it (specification section 3, User). */
export function userOf(customer: CurrentCustomer) {
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    birthDate: customer.birthDate,
    groups: customer.groups,
    referenceKey: customer.referenceKey,
    loyaltyCards: customer.loyaltyCards,
    status: { isGuestCustomer: customer.isGuestCustomer },
  };
}

const noPayload = z.unknown();

/** The signed-in customer with a full account, or the problem to answer. */
export function accountHolder(ctx: RpcContext) {
  if (!ctx.customer)
    return failureProblem({ ok: false, error: "Unauthorized", detail: "Sign in to use this function." });
  if (ctx.customer.isGuestCustomer)
    return failureProblem({
      ok: false,
      error: "Forbidden",
      detail: "Guest customers have no account: set a password first.",
    });
  return ctx.customer;
}

const nullableText = text().max(200).nullable().optional();

export const methods = {
  getUser: rpcMethod({ payload: noPayload, handler: (ctx) => (ctx.customer ? userOf(ctx.customer) : null) }),

  refreshUser: rpcMethod({
    payload: noPayload,
    async handler(ctx) {
      if (!ctx.customer) return null;
      const fresh = await loadCustomer(ctx.store.ctx, ctx.customer.id);
      return fresh ? userOf(currentCustomerOf(fresh)) : null;
    },
  }),

  updateShopUser: rpcMethod({
    payload: z.strictObject({
      firstName: text().max(200).optional(),
      lastName: text().max(200).optional(),
      phone: nullableText,
      birthDate: nullableText,
    }),
    async handler(ctx, payload) {
      const holder = accountHolder(ctx);
      if (!("id" in holder)) return holder;
      const result = await updateCustomerProfile(accountsContext(ctx.store, ctx.request), holder.id, payload);
      if (!result.ok) return validationProblem(result.issues.map(({ field, message }) => ({ field, message })));
      return userOf(currentCustomerOf(result.customer));
    },
  }),

  updatePassword: rpcMethod({
    payload: z.strictObject({ currentPassword: z.string().max(1000), newPassword: z.string().max(1000) }),
    async handler(ctx, payload) {
      const holder = accountHolder(ctx);
      if (!("id" in holder)) return holder;
      const result = await changePassword(
        accountsContext(ctx.store, ctx.request),
        clientRequest(ctx.request, ctx.store.services.config),
        holder.id,
        payload,
      );
      if (result.ok) {
        for (const cookie of result.setCookies) ctx.store.setCookie(cookie);
        return { status: true };
      }
      switch (result.error) {
        case "invalid":
          return validationProblem(result.issues.map(({ field, message }) => ({ field, message })));
        case "wrong_password":
          return validationProblem([{ field: "currentPassword", message: "value is not the current password." }]);
        case "no_password":
          return failureProblem({ ok: false, error: "Conflict", detail: "The account has no password to change." });
        case "rate_limited": {
          return failureProblem({
            ok: false,
            error: "RateLimited",
            detail: "Too many attempts. Try again later.",
            retryAfterSeconds: result.retryAfterSeconds,
          });
        }
      }
    },
  }),

  getShopUserAddresses: rpcMethod({
    payload: noPayload,
    async handler(ctx) {
      const holder = accountHolder(ctx);
      if (!("id" in holder)) return holder;
      return listAddresses(ctx.store.ctx, holder.id);
    },
  }),
};
