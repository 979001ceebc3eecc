import { describe, expect, it } from "vitest";
import {
  applyAbsoluteDiscount,
  applyBuyXGetY,
  applyPercentageDiscount,
  bestPromotionFor,
  isPromotionRunning,
  itemPromotionsFor,
  type PromotionLine,
  qualifiesForPromotion,
  splitProportionally,
} from "./engine.ts";
import type { PromotionRecord } from "./records.ts";

const names = { de: "x", fr: "x", en: "x" };
function promotion(overrides: Partial<PromotionRecord> & Pick<PromotionRecord, "id" | "effect">): PromotionRecord {
  return {
    priority: 10,
    conditions: {},
    colorHex: "#000000",
    names,
    storeCodes: ["de"],
    validFrom: "2026-01-01T00:00:00.000Z",
    validTo: "2026-12-31T00:00:00.000Z",
    ...overrides,
  };
}

const percent = (id: string, priority: number, percentage: number, categoryIds?: number[]) =>
  promotion({
    id,
    priority,
    effect: { type: "automatic_discount", kind: "percentage", percentage },
    conditions: categoryIds ? { categoryIds } : {},
  });
const threeForTwo = promotion({
  id: "3for2",
  priority: 30,
  effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [] },
  conditions: { categoryIds: [3] },
});
const giftBag = promotion({
  id: "gift",
  priority: 40,
  effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [900] },
});
const welcome = promotion({
  id: "welcome",
  priority: 50,
  effect: { type: "automatic_discount", kind: "absolute", amount: { EUR: 1000, CHF: 1500 } },
  conditions: { minimumOrderValue: { EUR: 10000, CHF: 12000 } },
});

function line(key: string, quantity: number, unitPrice: number, extra: Partial<PromotionLine> = {}): PromotionLine {
  return { key, quantity, unitPrice, productId: 1, brand: "A", categoryIds: [3], promotionId: null, ...extra };
}

describe("validity", () => {
  it("runs only in its stores and period (validTo excluded)", () => {
    expect(isPromotionRunning(threeForTwo, "de", new Date("2026-06-01T00:00:00Z"))).toBe(true);
    expect(isPromotionRunning(threeForTwo, "ch", new Date("2026-06-01T00:00:00Z"))).toBe(false);
    expect(isPromotionRunning(threeForTwo, "de", new Date("2025-12-31T23:59:59Z"))).toBe(false);
    expect(isPromotionRunning(threeForTwo, "de", new Date("2026-12-31T00:00:00Z"))).toBe(false);
    expect(isPromotionRunning(threeForTwo, "de", new Date("2026-01-01T00:00:00Z"))).toBe(true);
  });
});

describe("conditions and priority", () => {
  const product = { productId: 7, brand: "Levi", categoryIds: [1, 4] };

  it("matches categories (any level given), brands and products, each list must match", () => {
    expect(qualifiesForPromotion(percent("a", 1, 10, [4]), product)).toBe(true);
    expect(qualifiesForPromotion(percent("a", 1, 10, [1]), product)).toBe(true);
    expect(qualifiesForPromotion(percent("a", 1, 10, [9]), product)).toBe(false);
    expect(
      qualifiesForPromotion({ ...percent("a", 1, 10, [4]), conditions: { categoryIds: [4], brands: ["X"] } }, product),
    ).toBe(false);
    expect(
      qualifiesForPromotion({ ...percent("a", 1, 10), conditions: { brands: ["Levi"], productIds: [7] } }, product),
    ).toBe(true);
    expect(qualifiesForPromotion({ ...percent("a", 1, 10), conditions: { productIds: [8] } }, product)).toBe(false);
    expect(qualifiesForPromotion(percent("a", 1, 10), product)).toBe(true);
  });

  it("picks the lowest priority number; basket-level discounts are never a line's promotion", () => {
    const list = [
      percent("women-5", 60, 5, [1]),
      percent("denim-20", 10, 20, [4]),
      welcome,
      percent("other", 5, 50, [9]),
    ];
    expect(bestPromotionFor(product, list)?.id).toBe("denim-20");
    expect(itemPromotionsFor(product, list).map((p) => p.id)).toEqual(["denim-20", "women-5"]);
    expect(bestPromotionFor({ ...product, categoryIds: [1] }, list)?.id).toBe("women-5");
    expect(bestPromotionFor({ ...product, categoryIds: [2] }, list)).toBeUndefined();
  });

  it("breaks a priority tie by id so the choice is stable", () => {
    const list = [percent("b", 10, 5), percent("a", 10, 20)];
    expect(bestPromotionFor(product, list)?.id).toBe("a");
  });
});

describe("percentage discount", () => {
  it("takes the percentage off each assigned line, rounded per line", () => {
    const outcome = applyPercentageDiscount(percent("p", 1, 20), [line("a", 2, 5995), line("b", 1, 1999)]);
    expect(outcome.reductions.get("a")).toBe(-2398);
    expect(outcome.reductions.get("b")).toBe(-400);
    expect(outcome.applied).toBe(true);
  });
});

describe("buy x get y: cheapest free (3 for 2)", () => {
  const freeOf = (lines: PromotionLine[]) => {
    const o = applyBuyXGetY(threeForTwo, lines);
    return { total: [...o.reductions.values()].reduce((a, b) => a + b, 0), o };
  };

  it("gives nothing for 1 or 2 units and says how many are missing", () => {
    expect(freeOf([line("a", 1, 595)]).total).toBe(0);
    expect(freeOf([line("a", 1, 595)]).o.progress).toEqual({ kind: "quantity", missing: 2, reward: 1 });
    const two = freeOf([line("a", 2, 595)]);
    expect(two.total).toBe(0);
    expect(two.o.applied).toBe(false);
    expect(two.o.progress).toEqual({ kind: "quantity", missing: 1, reward: 1 });
  });

  it("makes the cheapest unit free for 3, and 2 units for 6, 2 for 7, 3 for 9", () => {
    expect(freeOf([line("a", 1, 795), line("b", 2, 595)]).total).toBe(-595);
    expect(freeOf([line("a", 3, 795), line("b", 3, 595)]).total).toBe(-1190);
    expect(freeOf([line("a", 4, 795), line("b", 3, 595)]).total).toBe(-1190);
    const nine = freeOf([line("a", 6, 795), line("b", 3, 595)]);
    expect(nine.total).toBe(-595 * 3);
    expect(nine.o.reductions.get("a")).toBeUndefined();
    const seven = freeOf([line("a", 7, 795)]);
    expect(seven.total).toBe(-1590);
    expect(seven.o.progress).toEqual({ kind: "quantity", missing: 2, reward: 1 });
  });

  it("spreads free units over lines when the cheapest line has too few", () => {
    const o = applyBuyXGetY(threeForTwo, [line("dear", 5, 900), line("cheap", 1, 500)]);
    expect(o.reductions.get("cheap")).toBe(-500);
    expect(o.reductions.get("dear")).toBe(-900);
  });
});

describe("buy x get y: gift variants", () => {
  it("earns get units per buy units", () => {
    expect(applyBuyXGetY(giftBag, [line("a", 1, 1995)]).giftUnits).toBe(0);
    expect(applyBuyXGetY(giftBag, [line("a", 2, 1995)]).giftUnits).toBe(1);
    expect(applyBuyXGetY(giftBag, [line("a", 3, 1995)]).giftUnits).toBe(1);
    expect(applyBuyXGetY(giftBag, [line("a", 2, 1995), line("b", 2, 2995)]).giftUnits).toBe(2);
    expect(applyBuyXGetY(giftBag, [line("a", 3, 1995)]).progress).toEqual({ kind: "quantity", missing: 1, reward: 1 });
    expect(applyBuyXGetY(giftBag, [line("a", 2, 1995)]).reductions.size).toBe(0);
  });
});

describe("absolute discount with minimum order value", () => {
  it("applies from the minimum and is split over the lines to the cent", () => {
    const below = applyAbsoluteDiscount(welcome, [{ key: "a", total: 9999 }], "EUR");
    expect(below.applied).toBe(false);
    expect(below.progress).toEqual({ kind: "amount", missing: 1 });
    const at = applyAbsoluteDiscount(
      welcome,
      [
        { key: "a", total: 3333 },
        { key: "b", total: 6667 },
      ],
      "EUR",
    );
    expect(at.applied).toBe(true);
    expect((at.reductions.get("a") ?? 0) + (at.reductions.get("b") ?? 0)).toBe(-1000);
    expect(at.reductions.get("a")).toBe(-333);
    expect(applyAbsoluteDiscount(welcome, [{ key: "a", total: 12000 }], "CHF").reductions.get("a")).toBe(-1500);
  });

  it("never takes more than the goods are worth", () => {
    const free = promotion({
      id: "free",
      effect: { type: "automatic_discount", kind: "absolute", amount: { EUR: 5000, CHF: 5000 } },
    });
    expect(applyAbsoluteDiscount(free, [{ key: "a", total: 1200 }], "EUR").reductions.get("a")).toBe(-1200);
  });

  it("splits proportionally with the largest remainder", () => {
    const shares = splitProportionally(100, [
      ["a", 1],
      ["b", 1],
      ["c", 1],
    ]);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(100);
    expect(shares.get("a")).toBe(34);
    expect(splitProportionally(10, [["a", 0]]).size).toBe(0);
  });
});
