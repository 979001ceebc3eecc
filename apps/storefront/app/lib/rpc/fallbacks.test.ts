import { describe, expect, it } from "vitest";
import type { CurrentCustomer } from "../auth.server.ts";
import { fallbackMethods, userOf } from "./fallbacks.server.ts";
import { type RpcContext, RpcProblem } from "./rpc.server.ts";

const customer: CurrentCustomer = {
  id: "c1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  groups: ["new"],
  isGuestCustomer: false,
  referenceKey: "C-1",
  phone: null,
  birthDate: null,
  loyaltyCards: [],
};
const ctx = (signedIn: boolean) => ({ customer: signedIn ? customer : null }) as RpcContext;

describe("account and loyalty answers before their module defines them", () => {
  it("getUser and refreshUser answer null for a guest and the user for a customer", async () => {
    for (const name of ["getUser", "refreshUser"]) {
      const method = fallbackMethods[name];
      expect(await method?.handler(ctx(false), undefined)).toBeNull();
      expect(await method?.handler(ctx(true), undefined)).toEqual(userOf(customer));
    }
    expect(userOf(customer)).toMatchObject({ status: { isGuestCustomer: false }, groups: ["new"] });
  });

  it("the functions of a signed-in customer answer 401 for a guest", async () => {
    for (const name of [
      "updateShopUser",
      "updatePassword",
      "getShopUserAddresses",
      "fetchFashionCard",
      "registerFashionCard",
    ]) {
      const answer = await fallbackMethods[name]?.handler(ctx(false), {});
      expect(answer, name).toBeInstanceOf(RpcProblem);
      expect((answer as RpcProblem).status).toBe(401);
    }
  });
});
