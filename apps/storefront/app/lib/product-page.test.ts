import type { Price } from "@vitrine/commerce/pricing";
import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/i18n.tsx";
import { messagesFor } from "../i18n/messages.server.ts";
import { outfitTotal } from "./outfit-page.ts";
import {
  deliveryDisplay,
  keptSizeOf,
  LOW_STOCK_THRESHOLD,
  preselectedVariant,
  priceDisplay,
  readableOn,
  type SizeOption,
  sizeAvailability,
} from "./product-page.ts";
import { shoeRow, sizeChartKind, sizeChartTable } from "./size-chart.ts";

const price = (withTax: number, sale?: number): Price => ({
  currency: "EUR",
  withTax,
  withoutTax: Math.round(withTax / 1.19),
  tax: withTax - Math.round(withTax / 1.19),
  appliedReductions:
    sale === undefined
      ? []
      : [
          {
            category: "sale",
            amount: { absoluteWithTax: sale - withTax, relative: Math.round(((withTax - sale) / withTax) * 100) / 100 },
          },
        ],
});

const size = (variantId: number, availability: SizeOption["availability"]): SizeOption => ({
  variantId,
  size: String(variantId),
  label: String(variantId),
  availability,
  left: null,
  delivery: { min: "Mo., 2. März", max: "Mi., 4. März", minDate: "2026-03-02", maxDate: "2026-03-04" },
  price: priceDisplay(price(2995)),
});

describe("size availability", () => {
  it("marks sizes with stock, low stock, sellable without stock and sold out", () => {
    expect(sizeAvailability({ quantity: 20, isSellableWithoutStock: false })).toBe("in_stock");
    expect(sizeAvailability({ quantity: LOW_STOCK_THRESHOLD + 1, isSellableWithoutStock: false })).toBe("in_stock");
    expect(sizeAvailability({ quantity: LOW_STOCK_THRESHOLD, isSellableWithoutStock: false })).toBe("low_stock");
    expect(sizeAvailability({ quantity: 1, isSellableWithoutStock: true })).toBe("low_stock");
    expect(sizeAvailability({ quantity: 0, isSellableWithoutStock: true })).toBe("later");
    expect(sizeAvailability({ quantity: 0, isSellableWithoutStock: false })).toBe("sold_out");
  });

  it("preselects only the size of a one-size product that can be bought", () => {
    expect(preselectedVariant([size(1, "in_stock")])).toBe(1);
    expect(preselectedVariant([size(1, "sold_out")])).toBeNull();
    expect(preselectedVariant([size(1, "in_stock"), size(2, "sold_out")])).toBeNull();
  });

  it("keeps the size chosen in another colour when this colour has it to buy", () => {
    const sizes = [size(1, "in_stock"), size(2, "sold_out"), size(3, "later")];
    expect(preselectedVariant(sizes, "1")).toBe(1);
    expect(preselectedVariant(sizes, "3")).toBe(3);
    expect(preselectedVariant(sizes, "2")).toBeNull(); // sold out in this colour
    expect(preselectedVariant(sizes, "4")).toBeNull(); // not made in this colour
    expect(preselectedVariant([size(1, "in_stock")], "4")).toBe(1); // one size: still preselected
    expect(keptSizeOf({ keepSize: "m" })).toBe("m");
    expect(keptSizeOf(null)).toBeNull();
    expect(keptSizeOf({ keepSize: 3 })).toBeNull();
  });
});

describe("price display (discounted price rule)", () => {
  it("shows the discounted price, the struck-through regular one and the relative reduction", () => {
    expect(priceDisplay(price(4995, 2995))).toEqual({
      current: 2995,
      original: 4995,
      reductionPercent: 40,
      from: false,
    });
  });

  it("shows the plain price without a reduction", () => {
    expect(priceDisplay(price(4995))).toEqual({ current: 4995, original: null, reductionPercent: 0, from: false });
  });

  it("reads 'from' when the sizes cost different amounts", () => {
    expect(priceDisplay(price(4995), { min: 4995, max: 5995 }).from).toBe(true);
    expect(priceDisplay(price(4995), { min: 4995, max: 4995 }).from).toBe(false);
  });
});

describe("delivery days", () => {
  it("writes a delivery range's calendar days in the store's locale whatever the time zone", () => {
    expect(deliveryDisplay({ min: "2026-03-02", max: "2026-03-04" }, "en-GB")).toEqual({
      min: "Mon 2 Mar",
      max: "Wed 4 Mar",
      minDate: "2026-03-02",
      maxDate: "2026-03-04",
    });
    expect(deliveryDisplay({ min: "2026-03-02", max: "2026-03-02" }, "de-DE").min).toBe("Mo., 2. März");
  });
});

describe("promotion badge text colour", () => {
  it("writes black on light colours and white on dark ones", () => {
    expect(readableOn("#f0c93a")).toBe("#000000");
    expect(readableOn("#6e1f2e")).toBe("#ffffff");
    expect(readableOn("#2f6db5")).toBe("#ffffff");
  });
});

describe("size charts", () => {
  it("picks the chart from the size system and the shop part", () => {
    expect(sizeChartKind({ sizeSystem: "shoes", shopBaseCategory: "kids" })).toBe("shoes");
    expect(sizeChartKind({ sizeSystem: "clothing", shopBaseCategory: "kids" })).toBe("kids");
    expect(sizeChartKind({ sizeSystem: "kids", shopBaseCategory: "kids" })).toBe("kids");
    expect(sizeChartKind({ sizeSystem: "clothing", shopBaseCategory: "men" })).toBe("men");
    expect(sizeChartKind({ sizeSystem: "clothing", shopBaseCategory: "women" })).toBe("women");
    expect(sizeChartKind({ sizeSystem: "onesize", shopBaseCategory: "women" })).toBeNull();
  });

  const t = createTranslator(messagesFor("en"), "en-GB");

  it("builds the clothing table with the product's sizes marked", () => {
    const table = sizeChartTable("women", ["s", "m"], t);
    expect(table.headings).toEqual(["Size", "German size", "Chest", "Waist", "Hips"]);
    expect(table.rows.find((r) => r.cells[0] === "M")).toEqual({ cells: ["M", "38", "88", "72", "96"], offered: true });
    expect(table.rows.filter((r) => r.offered).map((r) => r.cells[0])).toEqual(["S", "M"]);
  });

  it("shows numeric charts around the product's sizes, with ages in months or years", () => {
    const kids = sizeChartTable("kids", ["104", "110"], t);
    expect(kids.rows.map((r) => r.cells[0])).toEqual(["92", "98", "104", "110", "116", "122"]);
    expect(kids.rows[0]?.cells).toEqual(["92", "92 cm", "2 years"]);
    expect(sizeChartTable("kids", ["68"], t).rows[0]?.cells).toEqual(["56", "56 cm", "1 month"]);
    const shoes = sizeChartTable("shoes", ["40", "41"], t);
    expect(shoes.rows.map((r) => r.cells[0])).toEqual(["38", "39", "40", "41", "42", "43"]);
  });

  it("converts EU shoe sizes to UK sizes and foot lengths", () => {
    expect(shoeRow(40)).toEqual({ size: "40", uk: "6.5", footLength: 25.2 });
    expect(shoeRow(42).uk).toBe("8");
    expect(shoeRow(30).uk).toBe("11.5");
  });
});

describe("outfit total", () => {
  const card = (id: number, current: number, extra: Partial<{ isSoldOut: boolean; from: boolean }> = {}) => ({
    product: {
      id,
      name: `P${id}`,
      brand: "B",
      path: `/p/p-${id}/`,
      imageUrl: undefined,
      price: { current, original: null, reductionPercent: 0, from: extra.from ?? false },
      isNew: false,
      isSoldOut: extra.isSoldOut ?? false,
    },
    sizes: [{ ...size(id * 10, "in_stock"), price: priceDisplay(price(current + 1000)) }],
  });

  it("adds up the pieces and leaves sold-out pieces out", () => {
    expect(outfitTotal([card(1, 2995), card(2, 4995), card(3, 9995, { isSoldOut: true })])).toEqual({
      current: 7990,
      from: false,
    });
  });

  it("takes the chosen size's price and reads 'from' while a varying piece has none chosen", () => {
    const items = [card(1, 2995), card(2, 4995, { from: true })];
    expect(outfitTotal(items)).toEqual({ current: 7990, from: true });
    expect(outfitTotal(items, new Map([[2, 20]]))).toEqual({ current: 2995 + 5995, from: false });
  });
});
