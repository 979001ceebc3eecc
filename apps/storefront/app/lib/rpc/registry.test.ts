import { describe, expect, it } from "vitest";
import { rpcMethodNamed, rpcMethodNames } from "./registry.server.ts";

/** Every method of the specification's table (section 7). */
const SPEC_METHODS = [
  "getUser",
  "refreshUser",
  "updateShopUser",
  "updatePassword",
  "getCategoryById",
  "getCategoryByPath",
  "getShopUserAddresses",
  "getWishlist",
  "clearWishlist",
  "addItemToWishlist",
  "removeItemFromWishlist",
  "getBasket",
  "mergeBaskets",
  "clearBasket",
  "addItemToBasket",
  "addItemsToBasket",
  "updateBasketItem",
  "removeItemFromBasket",
  "fetchFashionCard",
  "registerFashionCard",
];

describe("the RPC method registry", () => {
  it("answers every method of the specification", () => {
    expect(rpcMethodNames()).toEqual(expect.arrayContaining(SPEC_METHODS));
    for (const name of SPEC_METHODS) expect(rpcMethodNamed(name)?.payload, name).toBeDefined();
  });

  it("knows no other names, not even the object prototype's", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty", "getbasket"]) {
      expect(rpcMethodNamed(name), name).toBeUndefined();
    }
  });
});
