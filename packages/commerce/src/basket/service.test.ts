import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock.ts";
import type { ShopCtx } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { type Shop, shopByCode } from "../shop/shops.ts";
import {
  addItemsToBasket,
  addItemToBasket,
  type BasketResult,
  type BasketSuccess,
  clearBasket,
  getBasket,
  getBasketCount,
  mergeBaskets,
  removeItemFromBasket,
  updateBasketItem,
} from "./service.ts";
import { PRODUCT, seedBasketFixtures, V } from "./test-fixtures.ts";
import { ITEM_ADDED_WITH_REDUCED_QUANTITY, MAX_BASKET_ITEMS, MAX_ITEM_QUANTITY, type Shopper } from "./types.ts";

const now = new Date("2026-06-01T10:00:00Z");
let t: TestDatabase;
let ctx: ShopCtx;
let chCtx: ShopCtx;
let shopperSeq = 0;
const guest = (): Shopper => ({ kind: "guest", browserId: `browser-${++shopperSeq}-${Math.random()}` });

beforeAll(async () => {
  t = await createTestDatabase();
  await seedBasketFixtures(t.db, now);
  const clock = fixedClock(now);
  ctx = testCtx(t.db, { clock, shop: shopByCode("de") as Shop });
  chCtx = { ...ctx, shop: shopByCode("ch") as Shop };
});
afterAll(async () => {
  await t?.destroy();
});

function ok(result: BasketResult): BasketSuccess {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result;
}

describe(`basket service (${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"})`, () => {
  it("starts empty without creating anything", async () => {
    const shopper = guest();
    const basket = await getBasket(ctx, shopper);
    expect(basket).toMatchObject({ key: "", count: 0, isEmpty: true, items: [], currency: "EUR", storeCode: "de" });
    expect(await getBasketCount(t, "de", shopper)).toBe(0);
  });

  it("adds an item, applies the best running promotion and prices it", async () => {
    const shopper = guest();
    const result = ok(await addItemToBasket(ctx, shopper, { variantId: V.teeS, quantity: 1 }));
    expect(result.warnings).toEqual([]);
    const item = result.basket.items[0];
    expect(item).toMatchObject({
      quantity: 1,
      promotionId: "tee-gift-bag",
      applicablePromotionIds: ["tee-gift-bag", "women-5"],
      product: { id: PRODUCT.tee, name: "Basic Tee", image: { url: "/images/demo/1001/front.svg" } },
      variant: { id: V.teeS, sizeLabel: "S" },
      itemGroup: null,
    });
    expect(result.itemKeys).toEqual([item?.key]);
    expect(result.basket.key).not.toBe("");
    expect(result.basket.cost.withTax).toBe(1995);
    expect(await getBasketCount(t, "de", shopper)).toBe(1);
    expect((await getBasket(ctx, shopper)).items[0]?.key).toBe(item?.key);
  });

  it("never applies an expired promotion: the next best running one is used", async () => {
    const result = ok(await addItemToBasket(ctx, guest(), { variantId: V.swim }));
    expect(result.basket.items[0]?.promotionId).toBe("women-5");
    expect(result.basket.cost.withTax).toBe(3995 - 200);
  });

  it("applies only promotions of the store: no denim discount in Switzerland, prices in CHF", async () => {
    const result = ok(await addItemToBasket(chCtx, guest(), { variantId: V.jeans }));
    expect(result.basket.currency).toBe("CHF");
    expect(result.basket.items[0]?.promotionId).toBe("women-5");
    expect(result.basket.items[0]?.price.unitWithTax).toBe(Math.round(7995 * 1.1));
  });

  it("adds with the reduced quantity and a warning when stock allows less, then answers out of stock", async () => {
    const shopper = guest();
    const reduced = ok(await addItemToBasket(ctx, shopper, { variantId: V.jeans, quantity: 5 }));
    expect(reduced.warnings).toEqual([ITEM_ADDED_WITH_REDUCED_QUANTITY]);
    expect(reduced.basket.items[0]?.quantity).toBe(3);
    expect(reduced.basket.items[0]?.promotionId).toBe("denim-20");
    // 3 × 59.95 sale price, 20 % off, and the 10 off from 100.
    expect(reduced.basket.cost.withTax).toBe(3 * 5995 - Math.round(3 * 5995 * 0.2) - 1000);
    expect(await addItemToBasket(ctx, shopper, { variantId: V.jeans })).toEqual({
      ok: false,
      error: "OutOfStock",
      variantId: V.jeans,
    });
    expect(await addItemToBasket(ctx, shopper, { variantId: V.soldOut })).toEqual({
      ok: false,
      error: "OutOfStock",
      variantId: V.soldOut,
    });
    expect(await addItemToBasket(ctx, shopper, { variantId: 987654 })).toEqual({
      ok: false,
      error: "VariantNotFound",
      variantId: 987654,
    });
    expect((await getBasket(ctx, shopper)).items.map((i) => i.quantity)).toEqual([3]);
  });

  it("handles an existing line by existingItemHandling", async () => {
    const shopper = guest();
    const first = ok(
      await addItemToBasket(ctx, shopper, { variantId: V.teeM, quantity: 2, displayData: { note: "a" } }),
    );
    const key = first.itemKeys[0];
    const added = ok(await addItemToBasket(ctx, shopper, { variantId: V.teeM, quantity: 1 }));
    const lines = (r: BasketSuccess) => r.basket.items.filter((i) => !i.isGift);
    expect(lines(added).map((i) => [i.key, i.quantity])).toEqual([[key, 3]]);
    expect(added.basket.items[0]?.displayData).toEqual({ note: "a" });

    const kept = ok(
      await addItemToBasket(ctx, shopper, { variantId: V.teeM, quantity: 5, existingItemHandling: "KeepExisting" }),
    );
    expect(lines(kept).map((i) => [i.key, i.quantity])).toEqual([[key, 3]]);

    const replaced = ok(
      await addItemToBasket(ctx, shopper, {
        variantId: V.teeM,
        quantity: 1,
        existingItemHandling: "ReplaceExisting",
        displayData: { note: "b" },
      }),
    );
    expect(lines(replaced)).toHaveLength(1);
    expect(lines(replaced)[0]).toMatchObject({ quantity: 1, displayData: { note: "b" } });
    expect(lines(replaced)[0]?.key).not.toBe(key);

    const combined = ok(
      await addItemToBasket(ctx, shopper, {
        variantId: V.teeM,
        quantity: 2,
        existingItemHandling: "ReplaceExistingWithCombinedQuantity",
      }),
    );
    expect(lines(combined).map((i) => i.quantity)).toEqual([3]);
  });

  it("limits lines and units: 413-type failures", async () => {
    const shopper = guest();
    const items = Array.from({ length: MAX_BASKET_ITEMS }, (_, i) => ({ variantId: V.bulkFirst + i, quantity: 1 }));
    const many = ok(await addItemsToBasket(ctx, shopper, { items }));
    expect(many.basket.items).toHaveLength(MAX_BASKET_ITEMS);
    expect(await addItemToBasket(ctx, shopper, { variantId: V.bulkFirst + MAX_BASKET_ITEMS })).toEqual({
      ok: false,
      error: "MaxBasketItems",
      limit: MAX_BASKET_ITEMS,
    });
    // Adding to a line already there still works …
    ok(await addItemToBasket(ctx, shopper, { variantId: V.bulkFirst, quantity: MAX_ITEM_QUANTITY - 1 }));
    // … until the line is full.
    expect(await addItemToBasket(ctx, shopper, { variantId: V.bulkFirst })).toMatchObject({ error: "MaxBasketItems" });
  });

  it("adds several items at once and reports the ones that failed", async () => {
    const shopper = guest();
    const result = ok(
      await addItemsToBasket(ctx, shopper, {
        items: [{ variantId: V.teeS }, { variantId: V.soldOut }, { variantId: V.socksCheap, quantity: 2 }],
      }),
    );
    expect(result.basket.items.map((i) => i.variant.id)).toEqual([V.teeS, V.socksCheap]);
    expect(result.failures).toEqual([{ ok: false, error: "OutOfStock", variantId: V.soldOut }]);
    expect(await addItemsToBasket(ctx, guest(), { items: [{ variantId: V.soldOut }] })).toMatchObject({
      ok: false,
      error: "OutOfStock",
    });
  });

  it("updates quantity and promotion, and refuses incomplete or invalid updates", async () => {
    const shopper = guest();
    const added = ok(await addItemToBasket(ctx, shopper, { variantId: V.teeS, quantity: 1 }));
    const key = added.itemKeys[0] as string;
    expect(await updateBasketItem(ctx, shopper, { basketItemKey: key, update: { quantity: 2 } })).toEqual({
      ok: false,
      error: "InvalidUpdate",
      itemKey: key,
      reason: "key, promotionId and quantity are required",
    });
    expect(await updateBasketItem(ctx, shopper, { update: { quantity: 2, promotionId: null } })).toMatchObject({
      error: "InvalidUpdate",
      itemKey: "",
    });
    expect(
      await updateBasketItem(ctx, shopper, { basketItemKey: "nope", update: { quantity: 2, promotionId: null } }),
    ).toMatchObject({ error: "ItemNotFound" });
    expect(
      await updateBasketItem(ctx, shopper, { basketItemKey: key, update: { quantity: 2, promotionId: "denim-20" } }),
    ).toMatchObject({ error: "InvalidUpdate", itemKey: key });

    const switched = ok(
      await updateBasketItem(ctx, shopper, { basketItemKey: key, update: { quantity: 4, promotionId: "women-5" } }),
    );
    expect(switched.basket.items[0]).toMatchObject({ quantity: 4, promotionId: "women-5" });
    expect(switched.basket.cost.withTax).toBe(4 * 1995 - Math.round(4 * 1995 * 0.05));

    const capped = ok(
      await updateBasketItem(ctx, shopper, {
        basketItemKey: key,
        update: { quantity: MAX_ITEM_QUANTITY, promotionId: null, orderCustomData: { customerGroups: ["new"] } },
      }),
    );
    expect(capped.basket.items[0]).toMatchObject({ quantity: MAX_ITEM_QUANTITY, promotionId: null });
    expect(capped.basket.customData).toEqual({ customerGroups: ["new"] });

    const removed = ok(
      await updateBasketItem(ctx, shopper, { basketItemKey: key, update: { quantity: 0, promotionId: null } }),
    );
    expect(removed.basket.isEmpty).toBe(true);
  });

  it("caps an update by stock with the warning", async () => {
    const shopper = guest();
    const added = ok(await addItemToBasket(ctx, shopper, { variantId: V.jeans, quantity: 1 }));
    const updated = ok(
      await updateBasketItem(ctx, shopper, {
        basketItemKey: added.itemKeys[0],
        update: { quantity: 9, promotionId: "denim-20" },
      }),
    );
    expect(updated.warnings).toEqual([ITEM_ADDED_WITH_REDUCED_QUANTITY]);
    expect(updated.basket.items[0]?.quantity).toBe(3);
  });

  it("removes by key or variant; a variant that is not there is not found", async () => {
    const shopper = guest();
    expect(await removeItemFromBasket(ctx, shopper, { variantId: V.teeS })).toEqual({
      ok: false,
      error: "ItemNotFound",
      variantId: V.teeS,
    });
    const added = ok(await addItemsToBasket(ctx, shopper, { items: [{ variantId: V.teeS }, { variantId: V.teeM }] }));
    expect(await removeItemFromBasket(ctx, shopper, { variantId: V.socksDear })).toMatchObject({
      error: "ItemNotFound",
    });
    const byVariant = ok(await removeItemFromBasket(ctx, shopper, { variantId: V.teeS }));
    expect(byVariant.basket.items.map((i) => i.variant.id)).toEqual([V.teeM]);
    const byKey = ok(await removeItemFromBasket(ctx, shopper, { itemKey: added.itemKeys[1] as string }));
    expect(byKey.basket.isEmpty).toBe(true);
    expect(await removeItemFromBasket(ctx, shopper, { itemKey: "gone" })).toMatchObject({ error: "ItemNotFound" });
  });

  it("counts only main items of item groups and removes a group with its main item", async () => {
    const shopper = guest();
    const group = { id: "look-1", isMainItem: true, isRequired: false };
    const result = ok(
      await addItemsToBasket(ctx, shopper, {
        items: [
          { variantId: V.teeS, itemGroup: group },
          { variantId: V.giftBag, itemGroup: { ...group, isMainItem: false, isRequired: true } },
          { variantId: V.socksCheap, quantity: 2 },
        ],
      }),
    );
    expect(result.basket.count).toBe(3);
    expect(await getBasketCount(t, "de", shopper)).toBe(3);
    const onlyAccessory = ok(await removeItemFromBasket(ctx, shopper, { variantId: V.socksCheap }));
    expect(onlyAccessory.basket.count).toBe(1);
    const main = onlyAccessory.basket.items.find((i) => i.itemGroup?.isMainItem);
    const afterMain = ok(await removeItemFromBasket(ctx, shopper, { itemKey: main?.key as string }));
    expect(afterMain.basket.items).toEqual([]);
  });

  it("keeps the same variant in two groups apart", async () => {
    const shopper = guest();
    const a = ok(
      await addItemToBasket(ctx, shopper, {
        variantId: V.teeS,
        itemGroup: { id: "a", isMainItem: true, isRequired: false },
      }),
    );
    const b = ok(await addItemToBasket(ctx, shopper, { variantId: V.teeS }));
    expect(b.basket.items.filter((i) => !i.isGift)).toHaveLength(2);
    expect(a.itemKeys[0]).not.toBe(b.itemKeys[0]);
  });

  it("buy-x-get-y: the third pair of socks is free and the progress says what is missing", async () => {
    const shopper = guest();
    const two = ok(await addItemToBasket(ctx, shopper, { variantId: V.socksDear, quantity: 2 }));
    expect(two.basket.applicablePromotions.find((p) => p.id === "socks-3-for-2")).toMatchObject({
      applied: false,
      progress: { kind: "quantity", missing: 1, reward: 1 },
    });
    const three = ok(await addItemToBasket(ctx, shopper, { variantId: V.socksCheap }));
    expect(three.basket.cost.withTax).toBe(2 * 795);
    expect(three.basket.applicablePromotions.find((p) => p.id === "socks-3-for-2")).toMatchObject({
      applied: true,
      amount: -595,
    });
  });

  it("buy-x-get-y with a gift variant adds the free bag as a gift line", async () => {
    const shopper = guest();
    const one = ok(await addItemToBasket(ctx, shopper, { variantId: V.teeS }));
    expect(one.basket.items.some((i) => i.isGift)).toBe(false);
    const two = ok(await addItemToBasket(ctx, shopper, { variantId: V.teeM }));
    const gift = two.basket.items.find((i) => i.isGift);
    expect(gift).toMatchObject({ quantity: 1, variant: { id: V.giftBag }, price: { total: 0 } });
    expect(two.basket.count).toBe(2);
    expect(two.basket.cost.withTax).toBe(2 * 1995);
  });

  it("applies the basket discount from the minimum order value", async () => {
    const shopper = guest();
    const below = ok(await addItemToBasket(ctx, shopper, { variantId: V.backorderDress }));
    const welcome = () => below.basket.applicablePromotions.find((p) => p.id === "welcome-10");
    expect(welcome()).toMatchObject({ applied: false, progress: { kind: "amount" } });
    const above = ok(await addItemToBasket(ctx, shopper, { variantId: V.teeS }));
    const dress = 8995 - Math.round(8995 * 0.05);
    expect(above.basket.cost.withTax).toBe(dress + 1995 - 1000);
    expect(above.basket.applicablePromotions.find((p) => p.id === "welcome-10")).toMatchObject({
      applied: true,
      name: "10\u00a0€ off orders over 100\u00a0€",
    });
    // The Swiss store names it from the promotion's franc values.
    const ch = ok(await addItemToBasket(chCtx, guest(), { variantId: V.teeS }));
    expect(ch.basket.applicablePromotions.find((p) => p.id === "welcome-10")?.name).toBe(
      "CHF\u00a010 off orders over CHF\u00a0120",
    );
  });

  it("splits packages by delivery", async () => {
    const shopper = guest();
    ok(await addItemsToBasket(ctx, shopper, { items: [{ variantId: V.teeS }, { variantId: V.backorderDress }] }));
    const basket = await getBasket(ctx, shopper);
    expect(basket.packages.map((p) => [p.kind, p.deliveryDateRange])).toEqual([
      ["inStock", { min: "2026-06-03", max: "2026-06-05" }],
      // 14–21 working days from Monday 1 June: no Sundays.
      ["sellableWithoutStock", { min: "2026-06-17", max: "2026-06-25" }],
    ]);
  });

  it("keeps baskets apart per store and per shopper, and clears one", async () => {
    const shopper = guest();
    ok(await addItemToBasket(ctx, shopper, { variantId: V.teeS }));
    expect((await getBasket(chCtx, shopper)).isEmpty).toBe(true);
    expect((await getBasket(ctx, guest())).isEmpty).toBe(true);
    const cleared = await clearBasket(ctx, shopper);
    expect(cleared.isEmpty).toBe(true);
    expect((await getBasket(ctx, shopper)).items).toEqual([]);
  });

  it("merges a guest basket into the customer's by strategy and deletes the guest basket", async () => {
    const from = guest();
    const customerId = `cust-${Math.random()}`;
    const customer: Shopper = { kind: "customer", customerId };
    ok(await addItemToBasket(ctx, customer, { variantId: V.teeS, quantity: 2 }));
    ok(await addItemsToBasket(ctx, from, { items: [{ variantId: V.teeS, quantity: 3 }, { variantId: V.socksCheap }] }));
    ok(await addItemToBasket(chCtx, from, { variantId: V.teeM }));
    const result = await mergeBaskets(ctx, {
      fromBrowserId: from.kind === "guest" ? from.browserId : "",
      toCustomerId: customerId,
    });
    expect(result).toEqual({ storeCodes: expect.arrayContaining(["de", "ch"]), merged: 3, dropped: 0 });
    const merged = await getBasket(ctx, customer);
    expect(merged.items.filter((i) => !i.isGift).map((i) => [i.variant.id, i.quantity])).toEqual([
      [V.teeS, 5],
      [V.socksCheap, 1],
    ]);
    expect((await getBasket(chCtx, customer)).items.map((i) => i.variant.id)).toEqual([V.teeM]);
    expect((await getBasket(ctx, from)).isEmpty).toBe(true);
    expect((await getBasket(ctx, from)).key).toBe("");
  });

  it("merges with KeepExisting and ReplaceExisting", async () => {
    const customerId = `cust-${Math.random()}`;
    const customer: Shopper = { kind: "customer", customerId };
    for (const [strategy, expected] of [
      ["KeepExisting", 2],
      ["ReplaceExisting", 3],
      ["ReplaceExistingWithCombinedQuantity", 5],
    ] as const) {
      await clearBasket(ctx, customer);
      ok(await addItemToBasket(ctx, customer, { variantId: V.teeS, quantity: 2 }));
      const from = guest();
      ok(await addItemToBasket(ctx, from, { variantId: V.teeS, quantity: 3 }));
      await mergeBaskets(ctx, {
        fromBrowserId: from.kind === "guest" ? from.browserId : "",
        toCustomerId: customerId,
        storeCode: "de",
        strategy,
      });
      expect((await getBasket(ctx, customer)).items.find((i) => !i.isGift)?.quantity, strategy).toBe(expected);
    }
  });

  it("adds up 50 concurrent adds to one basket (nothing lost)", async () => {
    const shopper = guest();
    // 50 adds at once to a basket that does not exist yet: 5 lines of 10 units each, all in one basket.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        addItemToBasket(ctx, shopper, { variantId: V.bulkFirst + (i % 5), quantity: 1 }),
      ),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const basket = await getBasket(ctx, shopper);
    expect(basket.items.map((i) => i.quantity)).toEqual([10, 10, 10, 10, 10]);
    expect(basket.count).toBe(50);
    const baskets = await t.db
      .selectFrom("basket")
      .select("id")
      .where("owner_id", "=", shopper.kind === "guest" ? shopper.browserId : "")
      .execute();
    expect(baskets).toHaveLength(1);
  });

  it("adds up 50 concurrent adds of 50 different items", async () => {
    const shopper = guest();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        addItemToBasket(ctx, shopper, { variantId: V.bulkFirst + i, quantity: 1 + (i % 3) }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const basket = await getBasket(ctx, shopper);
    expect(basket.items).toHaveLength(50);
    const expected = Array.from({ length: 50 }, (_, i) => 1 + (i % 3)).reduce((a, b) => a + b, 0);
    expect(basket.count).toBe(expected);
  });

  it("refuses more than the stock under concurrent adds", async () => {
    // The jeans have 3 in stock: of 8 concurrent shoppers adding 1 to the same basket only 3 succeed.
    const shopper = guest();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => addItemToBasket(ctx, shopper, { variantId: V.jeans })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.error === "OutOfStock")).toHaveLength(5);
    expect((await getBasket(ctx, shopper)).items[0]?.quantity).toBe(3);
  });
});
