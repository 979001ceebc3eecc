import type { BasketItem } from "@vitrine/commerce";
import { describe, expect, it } from "vitest";
import { type BasketMutation, basketErrorKey, isReplacingAdd, lastAddedItem } from "./basket-client.ts";
import { RpcError } from "./rpc/client.ts";

describe("basket calls from the browser", () => {
  it("maps failures to the specification's messages: 412 out of stock, 413 full, anything else generic", () => {
    expect(basketErrorKey(new RpcError(412, "Precondition Failed", {}))).toBe("basket.error.variant_out_of_stock");
    expect(basketErrorKey(new RpcError(413, "Payload Too Large", {}))).toBe("basket.error.max_basket_items");
    expect(basketErrorKey(new RpcError(404, "Not Found", { messageKey: "basket.error.add_generic" }))).toBe(
      "basket.error.add_generic",
    );
    expect(basketErrorKey(new RpcError(400, "Bad Request", { detail: "x" }))).toBe("basket.error.add_generic");
    expect(basketErrorKey(new RpcError(0, "Network error", null))).toBe("basket.error.add_generic");
    expect(basketErrorKey(new Error("boom"))).toBe("basket.error.add_generic");
  });

  it("opens the modal only after a non-replacing add", () => {
    expect(isReplacingAdd(undefined)).toBe(false);
    expect(isReplacingAdd("AddQuantityToExisting")).toBe(false);
    expect(isReplacingAdd("KeepExisting")).toBe(false);
    expect(isReplacingAdd("ReplaceExisting")).toBe(true);
    expect(isReplacingAdd("ReplaceExistingWithCombinedQuantity")).toBe(true);
  });

  it("finds the item added last", () => {
    const items = [{ key: "a" }, { key: "b" }] as BasketItem[];
    const result = { basket: { items }, itemKeys: ["b", "a"], warnings: [] } as unknown as BasketMutation;
    expect(lastAddedItem(result)?.key).toBe("a");
    expect(lastAddedItem({ ...result, itemKeys: [] })).toBeUndefined();
  });
});
