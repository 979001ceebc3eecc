import { describe, expect, it } from "vitest";
import {
  deliveryDateFromDays,
  deliveryDateRange,
  discountedPrice,
  isSellable,
  priceOf,
  priceRangeOf,
  reductionPercent,
  variantDeliveryDate,
} from "./pricing.ts";

describe("sellable rule (section 4)", () => {
  it("is sellable with stock above 0", () => {
    expect(isSellable({ quantity: 1, isSellableWithoutStock: false })).toBe(true);
  });

  it("is sellable without stock when the variant may be sold without stock", () => {
    expect(isSellable({ quantity: 0, isSellableWithoutStock: true })).toBe(true);
  });

  it("is not sellable with no stock and no permission to sell without it", () => {
    expect(isSellable({ quantity: 0, isSellableWithoutStock: false })).toBe(false);
  });
});

describe("discounted price (section 4)", () => {
  it("adds the first reduction's absolute amount to the with-tax price", () => {
    const price = {
      withTax: 4995,
      appliedReductions: [
        { category: "sale", amount: { absoluteWithTax: -1500, relative: 0.3 } },
        { category: "promotion", amount: { absoluteWithTax: -500, relative: 0.1 } },
      ],
    };
    expect(discountedPrice(price)).toBe(3495);
    expect(reductionPercent(price)).toBe(30);
  });

  it("is the with-tax price without reductions", () => {
    expect(discountedPrice({ withTax: 2995, appliedReductions: [] })).toBe(2995);
    expect(reductionPercent({ appliedReductions: [] })).toBe(0);
  });

  it("builds the reduction from a zone's list and sale price", () => {
    const price = priceOf({ currency: "EUR", listPrice: 5995, salePrice: 3995, reductionCategory: "sale" }, "DE");
    expect(price.appliedReductions).toEqual([{ category: "sale", amount: { absoluteWithTax: -2000, relative: 0.33 } }]);
    expect(discountedPrice(price)).toBe(3995);
    expect(price.withoutTax + price.tax).toBe(5995);
  });

  it("ranges over what shoppers pay", () => {
    const full = priceOf({ currency: "CHF", listPrice: 8990, salePrice: null, reductionCategory: null }, "CH");
    const sale = priceOf({ currency: "CHF", listPrice: 8990, salePrice: 5990, reductionCategory: "sale" }, "CH");
    expect(priceRangeOf([full, sale])).toEqual({ min: 5990, max: 8990 });
    expect(priceRangeOf([])).toBeUndefined();
  });
});

describe("delivery date range (section 4)", () => {
  it("runs from the earliest min to the latest max over the items", () => {
    expect(
      deliveryDateRange([
        { deliveryDate: { min: "2026-03-04", max: "2026-03-06" } },
        { deliveryDate: { min: "2026-03-03", max: "2026-03-05" } },
        { deliveryDate: { min: "2026-03-17", max: "2026-03-24" } },
      ]),
    ).toEqual({ min: "2026-03-03", max: "2026-03-24" });
  });

  it("is the item's own range for one item and undefined for none", () => {
    expect(deliveryDateRange([{ deliveryDate: { min: "2026-01-02", max: "2026-01-04" } }])).toEqual({
      min: "2026-01-02",
      max: "2026-01-04",
    });
    expect(deliveryDateRange([])).toBeUndefined();
  });

  it("counts working days from today, across a month end, skipping the Sunday", () => {
    // Friday 30 January: Saturday 31 is a working day, Sunday 1 February is not.
    expect(deliveryDateFromDays({ min: 2, max: 4 }, new Date("2026-01-30T18:00:00Z"), "DE")).toEqual({
      min: "2026-02-02",
      max: "2026-02-04",
    });
  });

  it("gives product page, basket and checkout the same dates: in stock, the standard delivery of the country", () => {
    const thursday = new Date("2026-11-26T10:00:00Z");
    const inStock = { deliveryDays: { min: 1, max: 9 }, stock: { quantity: 3, isSellableWithoutStock: false } };
    // DE standard 2–4 working days: Sat 28 Nov – Tue 1 Dec; CH standard 3–5: Mon 30 Nov – Wed 2 Dec (no Sunday).
    expect(variantDeliveryDate(inStock, thursday, "DE")).toEqual({ min: "2026-11-28", max: "2026-12-01" });
    expect(variantDeliveryDate(inStock, thursday, "CH")).toEqual({ min: "2026-11-30", max: "2026-12-02" });
    const backorder = { deliveryDays: { min: 14, max: 21 }, stock: { quantity: 0, isSellableWithoutStock: true } };
    expect(variantDeliveryDate(backorder, thursday, "AT")).toEqual(
      deliveryDateFromDays({ min: 14, max: 21 }, thursday, "AT"),
    );
  });
});
