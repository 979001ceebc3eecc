import { describe, expect, it } from "vitest";
import type { PromotionRecord } from "../promotions/records.ts";
import { type Shop, shopByCode } from "../shop/shops.ts";
import { type BasketLineInput, basketCount, packagesOf, priceBasket } from "./pricing.ts";
import type { BasketProduct, BasketVariant, ItemGroup } from "./types.ts";

const de = shopByCode("de") as Shop;
const ch = shopByCode("ch") as Shop;
const names = { de: "Aktion", fr: "Action", en: "Promo" };

function promo(p: Partial<PromotionRecord> & Pick<PromotionRecord, "id" | "effect">): PromotionRecord {
  return {
    priority: 10,
    conditions: {},
    colorHex: "#123456",
    names,
    storeCodes: ["de", "ch"],
    validFrom: "2026-01-01T00:00:00.000Z",
    validTo: "2027-01-01T00:00:00.000Z",
    ...p,
  };
}
const socks3for2 = promo({
  id: "socks",
  priority: 30,
  effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [] },
  conditions: { categoryIds: [3] },
});
const teeGift = promo({
  id: "gift",
  priority: 40,
  effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [900] },
  conditions: { categoryIds: [2] },
});
const denim20 = promo({
  id: "denim",
  priority: 10,
  effect: { type: "automatic_discount", kind: "percentage", percentage: 20 },
  conditions: { categoryIds: [4] },
});
const welcome = promo({
  id: "welcome",
  priority: 50,
  effect: { type: "automatic_discount", kind: "absolute", amount: { EUR: 1000, CHF: 1000 } },
  conditions: { minimumOrderValue: { EUR: 10000, CHF: 12000 } },
});
const welcome5 = promo({
  id: "welcome5",
  priority: 70,
  effect: { type: "automatic_discount", kind: "absolute", amount: { EUR: 500, CHF: 500 } },
});

function product(id: number): BasketProduct {
  return {
    id,
    name: `P${id}`,
    brand: "B",
    path: `/p/p-${id}/`,
    productType: "tshirt",
    colorId: "black",
    colorLabel: "Black",
    colorHex: "#000000",
    image: null,
    promotionId: null,
  };
}

function variant(
  id: number,
  price: number,
  options: { stock?: number; without?: boolean; sale?: number; days?: [string, string] } = {},
): BasketVariant {
  const [min, max] = options.days ?? ["2026-06-03", "2026-06-05"];
  return {
    id,
    size: "m",
    sizeLabel: "M",
    stock: { quantity: options.stock ?? 10, isSellableWithoutStock: options.without ?? false },
    isSellable: (options.stock ?? 10) > 0 || !!options.without,
    deliveryDate: { min, max },
    price: {
      currency: "EUR",
      withTax: price,
      withoutTax: Math.round(price / 1.19),
      tax: price - Math.round(price / 1.19),
      appliedReductions: options.sale
        ? [{ category: "sale", amount: { absoluteWithTax: options.sale - price, relative: 0.25 } }]
        : [],
    },
  };
}

let n = 0;
function line(
  v: BasketVariant,
  quantity: number,
  categoryIds: number[],
  promotionId: string | null,
  itemGroup: ItemGroup | null = null,
): BasketLineInput {
  n++;
  return { key: `k${n}`, quantity, product: product(100 + n), variant: v, promotionId, itemGroup, categoryIds };
}

const all = [denim20, socks3for2, teeGift, welcome];

describe("priceBasket", () => {
  it("prices an empty basket", () => {
    const basket = priceBasket({ key: "", shop: de, lines: [], promotions: all });
    expect(basket).toMatchObject({ count: 0, isEmpty: true, items: [], packages: [], applicablePromotions: [] });
    expect(basket.cost).toMatchObject({ withTax: 0, withoutTax: 0, tax: 0, itemsWithTax: 0 });
  });

  it("applies catalogue reductions and a percentage promotion; splits net and tax per line", () => {
    const jeans = line(variant(1, 7995, { sale: 5995 }), 2, [1, 4], "denim");
    const basket = priceBasket({ key: "b", shop: de, lines: [jeans], promotions: all });
    const item = basket.items[0];
    expect(item?.price).toMatchObject({ unitWithTax: 7995, unitDiscounted: 5995, withTax: 15990, total: 9592 });
    expect(item?.price.appliedReductions).toEqual([
      { category: "sale", promotionId: null, level: "item", amount: -4000 },
      { category: "promotion", promotionId: "denim", level: "item", amount: -2398 },
    ]);
    expect(item?.price.withoutTax).toBe(Math.round(9592 / 1.19));
    expect((item?.price.withoutTax ?? 0) + (item?.price.tax ?? 0)).toBe(9592);
    expect(basket.cost.appliedReductions).toEqual(item?.price.appliedReductions);
    expect(basket.cost.withTax).toBe(9592);
    expect(basket.cost.itemsWithTax).toBe(15990);
  });

  it("ignores a stored promotion that no longer runs or does not fit the product", () => {
    const tee = line(variant(1, 1995), 2, [2], "denim");
    const basket = priceBasket({ key: "b", shop: de, lines: [tee], promotions: all });
    expect(basket.items[0]?.promotionId).toBeNull();
    expect(basket.items[0]?.applicablePromotionIds).toEqual(["gift"]);
    expect(basket.items[0]?.price.total).toBe(3990);
  });

  it("makes the cheapest sock free with three pairs, across lines", () => {
    const cheap = line(variant(1, 595), 1, [3], "socks");
    const dear = line(variant(2, 795), 2, [3], "socks");
    const basket = priceBasket({ key: "b", shop: de, lines: [dear, cheap], promotions: all });
    expect(basket.cost.withTax).toBe(795 * 2);
    const status = basket.applicablePromotions.find((p) => p.id === "socks");
    expect(status).toMatchObject({ applied: true, amount: -595, progress: { kind: "quantity", missing: 3 } });
  });

  it("shows the progress of buy-x-get-y before it applies", () => {
    const socks = line(variant(1, 595), 2, [3], "socks");
    const basket = priceBasket({ key: "b", shop: de, lines: [socks], promotions: all });
    expect(basket.applicablePromotions[0]).toMatchObject({
      id: "socks",
      applied: false,
      amount: 0,
      progress: { kind: "quantity", missing: 1, reward: 1 },
      name: "Aktion",
      customData: { colorHex: "#123456" },
    });
  });

  it("adds gift lines for the listed variant ids: one bag per two shirts, not counted, free, in a package", () => {
    const bag = { product: product(900), variant: variant(900, 2995, { stock: 1 }) };
    const gifts = new Map([[900, bag]]);
    const tees = line(variant(1, 1995), 5, [2], "gift");
    const basket = priceBasket({ key: "b", shop: de, lines: [tees], promotions: all, gifts });
    const gift = basket.items.find((i) => i.isGift);
    // 5 shirts earn 2 bags, but only 1 is in stock.
    expect(gift).toMatchObject({ quantity: 1, promotionId: "gift", isGift: true, maxQuantity: 1 });
    expect(gift?.price.total).toBe(0);
    expect(basket.count).toBe(5);
    expect(basket.cost.withTax).toBe(5 * 1995);
    expect(basket.packages[0]?.itemKeys).toContain(gift?.key);
    const status = basket.applicablePromotions.find((p) => p.id === "gift");
    expect(status).toMatchObject({ applied: true, amount: -2995, giftVariantIds: [900], progress: { missing: 1 } });

    const single = priceBasket({
      key: "b",
      shop: de,
      lines: [line(variant(1, 1995), 1, [2], "gift")],
      promotions: all,
      gifts,
    });
    expect(single.items.some((i) => i.isGift)).toBe(false);
  });

  it("applies the best basket discount once the minimum order value is reached, without stacking", () => {
    const withWelcome5 = [...all, welcome5];
    const below = priceBasket({
      key: "b",
      shop: de,
      lines: [line(variant(1, 4995), 1, [9], null)],
      promotions: withWelcome5,
    });
    const welcomeBelow = below.applicablePromotions.find((p) => p.id === "welcome");
    expect(welcomeBelow).toMatchObject({ applied: false, progress: { kind: "amount", missing: 10000 - 4995 } });
    // welcome5 has no minimum: it applies while welcome does not.
    expect(below.applicablePromotions.find((p) => p.id === "welcome5")).toMatchObject({ applied: true, amount: -500 });
    expect(below.cost.withTax).toBe(4495);

    const a = line(variant(1, 4990), 1, [9], null);
    const b = line(variant(2, 5010), 1, [9], null);
    const above = priceBasket({ key: "b", shop: de, lines: [a, b], promotions: withWelcome5 });
    expect(above.cost.withTax).toBe(10000 - 1000);
    expect(above.applicablePromotions.find((p) => p.id === "welcome")).toMatchObject({ applied: true, amount: -1000 });
    expect(above.applicablePromotions.find((p) => p.id === "welcome5")).toMatchObject({ applied: false, amount: 0 });
    const shares = above.items.map((i) => i.price.appliedReductions.find((r) => r.promotionId === "welcome")?.amount);
    expect(shares).toEqual([-499, -501]);
    expect(above.items[0]?.price).toMatchObject({ subtotal: 4990, total: 4491 });
    expect(above.items[0]?.price.appliedReductions[0]?.level).toBe("basket");
  });

  it("measures the minimum order value after item reductions", () => {
    const jeans = line(variant(1, 12000), 1, [4], "denim");
    const basket = priceBasket({ key: "b", shop: de, lines: [jeans], promotions: [denim20, welcome] });
    expect(basket.applicablePromotions.find((p) => p.id === "welcome")).toMatchObject({
      applied: false,
      progress: { kind: "amount", missing: 400 },
    });
  });

  it("uses the store's currency and VAT", () => {
    const basket = priceBasket({ key: "b", shop: ch, lines: [line(variant(1, 10810), 1, [9], null)], promotions: [] });
    expect(basket.currency).toBe("CHF");
    expect(basket.cost.vatRate).toBe(0.081);
    expect(basket.cost.withoutTax).toBe(10000);
    expect(basket.cost.tax).toBe(810);
  });
});

describe("item groups and counting", () => {
  it("leaves non-main items of groups and gifts out of the count", () => {
    expect(
      basketCount([
        { quantity: 2, itemGroup: null, isGift: false },
        { quantity: 1, itemGroup: { id: "g", isMainItem: true, isRequired: false }, isGift: false },
        { quantity: 3, itemGroup: { id: "g", isMainItem: false, isRequired: true }, isGift: false },
        { quantity: 1, itemGroup: null, isGift: true },
      ]),
    ).toBe(3);
    expect(basketCount([])).toBe(0);
  });

  it("is empty when the count is 0 even with non-main lines", () => {
    const accessory = line(variant(1, 995), 1, [9], null, { id: "g", isMainItem: false, isRequired: false });
    const basket = priceBasket({ key: "b", shop: de, lines: [accessory], promotions: [] });
    expect(basket.count).toBe(0);
    expect(basket.isEmpty).toBe(true);
    expect(basket.items).toHaveLength(1);
  });
});

describe("packages", () => {
  it("splits in-stock items from items sold without stock, each with its delivery date range", () => {
    const packages = packagesOf([
      { key: "a", quantity: 1, variant: variant(1, 100, { stock: 5, days: ["2026-06-03", "2026-06-05"] }) },
      { key: "b", quantity: 2, variant: variant(2, 100, { stock: 5, days: ["2026-06-02", "2026-06-04"] }) },
      {
        key: "c",
        quantity: 1,
        variant: variant(3, 100, { stock: 0, without: true, days: ["2026-06-15", "2026-06-22"] }),
      },
      // More than in stock: the line waits for the rest.
      {
        key: "d",
        quantity: 4,
        variant: variant(4, 100, { stock: 2, without: true, days: ["2026-06-16", "2026-06-20"] }),
      },
    ]);
    expect(packages).toEqual([
      {
        kind: "inStock",
        itemKeys: ["a", "b"],
        count: 3,
        deliveryDateRange: { min: "2026-06-02", max: "2026-06-05" },
      },
      {
        kind: "sellableWithoutStock",
        itemKeys: ["c", "d"],
        count: 5,
        deliveryDateRange: { min: "2026-06-15", max: "2026-06-22" },
      },
    ]);
  });

  it("counts units as the basket does: two of one jumper are two articles, gifts are left out", () => {
    const packages = packagesOf([
      { key: "a", quantity: 2, variant: variant(1, 100, { stock: 5 }) },
      { key: "gift", quantity: 1, isGift: true, variant: variant(2, 100, { stock: 5 }) },
      {
        key: "part",
        quantity: 1,
        itemGroup: { id: "set", isMainItem: false, isRequired: true },
        variant: variant(3, 100, { stock: 5 }),
      },
    ]);
    expect(packages.map((p) => [p.itemKeys.length, p.count])).toEqual([[3, 2]]);
  });

  it("adds up to the basket's count", () => {
    const lines = [
      line(variant(1, 100), 2, [1], null),
      line(variant(2, 100, { stock: 1, without: true }), 3, [1], null),
    ];
    const basket = priceBasket({ key: "b", shop: de, lines, promotions: [] });
    expect(basket.packages).toHaveLength(2);
    expect(basket.count).toBe(5);
    expect(basket.packages.reduce((sum, p) => sum + p.count, 0)).toBe(basket.count);
  });

  it("has one package when everything is in stock", () => {
    expect(packagesOf([{ key: "a", quantity: 1, variant: variant(1, 100) }]).map((p) => p.kind)).toEqual(["inStock"]);
  });
});
