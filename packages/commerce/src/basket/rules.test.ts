import { describe, expect, it } from "vitest";
import { allowedQuantity, decideAdd } from "./rules.ts";
import { MAX_BASKET_ITEMS, MAX_ITEM_QUANTITY } from "./types.ts";

const inStock = (quantity: number) => ({
  stock: { quantity, isSellableWithoutStock: false },
  isSellable: quantity > 0,
});
const withoutStock = { stock: { quantity: 0, isSellableWithoutStock: true }, isSellable: true };
const base = {
  existing: undefined,
  otherUnitsOfVariant: 0,
  lineCount: 0,
  quantity: 1,
  handling: "AddQuantityToExisting" as const,
};

describe("adding: existing item handling", () => {
  it("AddQuantityToExisting (the default) adds to the line", () => {
    expect(decideAdd({ ...base, existing: { quantity: 2 }, quantity: 3, variant: inStock(10) })).toEqual({
      kind: "update",
      quantity: 5,
      reduced: false,
    });
  });

  it("ReplaceExisting replaces the line with the new quantity", () => {
    expect(
      decideAdd({ ...base, handling: "ReplaceExisting", existing: { quantity: 4 }, quantity: 1, variant: inStock(10) }),
    ).toEqual({ kind: "replace", quantity: 1, reduced: false });
  });

  it("KeepExisting leaves an existing line alone, and adds when there is none", () => {
    expect(
      decideAdd({ ...base, handling: "KeepExisting", existing: { quantity: 4 }, quantity: 3, variant: inStock(0) }),
    ).toEqual({ kind: "keep", quantity: 4, reduced: false });
    expect(decideAdd({ ...base, handling: "KeepExisting", quantity: 3, variant: inStock(5) })).toEqual({
      kind: "insert",
      quantity: 3,
      reduced: false,
    });
  });

  it("ReplaceExistingWithCombinedQuantity replaces the line with the sum", () => {
    expect(
      decideAdd({
        ...base,
        handling: "ReplaceExistingWithCombinedQuantity",
        existing: { quantity: 2 },
        quantity: 3,
        variant: inStock(10),
      }),
    ).toEqual({ kind: "replace", quantity: 5, reduced: false });
  });
});

describe("adding: stock and limits", () => {
  it("adds a reduced quantity when stock allows less than asked", () => {
    expect(decideAdd({ ...base, quantity: 5, variant: inStock(3) })).toEqual({
      kind: "insert",
      quantity: 3,
      reduced: true,
    });
    expect(decideAdd({ ...base, existing: { quantity: 2 }, quantity: 5, variant: inStock(3) })).toEqual({
      kind: "update",
      quantity: 3,
      reduced: true,
    });
  });

  it("counts units of the same variant on other lines against the stock", () => {
    expect(decideAdd({ ...base, otherUnitsOfVariant: 2, quantity: 5, variant: inStock(3) })).toEqual({
      kind: "insert",
      quantity: 1,
      reduced: true,
    });
    expect(decideAdd({ ...base, otherUnitsOfVariant: 3, variant: inStock(3) })).toEqual({
      kind: "error",
      error: "OutOfStock",
    });
  });

  it("is out of stock when nothing is left, or when the basket holds all of it", () => {
    expect(decideAdd({ ...base, variant: inStock(0) })).toEqual({ kind: "error", error: "OutOfStock" });
    expect(decideAdd({ ...base, existing: { quantity: 3 }, variant: inStock(3) })).toEqual({
      kind: "error",
      error: "OutOfStock",
    });
  });

  it("sells without stock up to the per-item maximum", () => {
    expect(decideAdd({ ...base, quantity: 4, variant: withoutStock })).toEqual({
      kind: "insert",
      quantity: 4,
      reduced: false,
    });
    expect(decideAdd({ ...base, existing: { quantity: 8 }, quantity: 5, variant: withoutStock })).toEqual({
      kind: "update",
      quantity: MAX_ITEM_QUANTITY,
      reduced: true,
    });
  });

  it("refuses a new line beyond the maximum number of basket items, but still adds to an existing one", () => {
    expect(decideAdd({ ...base, lineCount: MAX_BASKET_ITEMS, variant: inStock(10) })).toEqual({
      kind: "error",
      error: "MaxBasketItems",
    });
    expect(
      decideAdd({ ...base, lineCount: MAX_BASKET_ITEMS, existing: { quantity: 1 }, variant: inStock(10) }),
    ).toEqual({
      kind: "update",
      quantity: 2,
      reduced: false,
    });
  });

  it("refuses more units on a full line with the max-items error", () => {
    expect(decideAdd({ ...base, existing: { quantity: MAX_ITEM_QUANTITY }, variant: inStock(100) })).toEqual({
      kind: "error",
      error: "MaxBasketItems",
    });
  });
});

describe("updating a quantity", () => {
  it("caps by stock and the maximum, and gives 0 when nothing is left", () => {
    expect(allowedQuantity(inStock(5), 3, 0)).toEqual({ quantity: 3, reduced: false });
    expect(allowedQuantity(inStock(5), 8, 0)).toEqual({ quantity: 5, reduced: true });
    expect(allowedQuantity(inStock(5), 4, 3)).toEqual({ quantity: 2, reduced: true });
    expect(allowedQuantity(inStock(0), 1, 0)).toEqual({ quantity: 0, reduced: true });
    expect(allowedQuantity(withoutStock, 12, 0)).toEqual({ quantity: MAX_ITEM_QUANTITY, reduced: true });
  });
});
