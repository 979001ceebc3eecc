import type { Basket, Db, Wishlist } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoVariants, findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/** Every basket and wishlist method of the RPC channel over HTTP: good payloads, bad payloads, 404/412/413. */
let shop: TestShop;
let db: Db;
let demo: DemoVariants;

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  demo = await findDemoVariants(db);
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

interface Mutation {
  basket: Basket;
  warnings: string[];
  itemKeys: string[];
  failures?: { error: string; status: number }[];
}
interface Problem {
  title: string;
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
  messageKey?: string;
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  if (status >= 400) expect(response.headers.get("content-type")).toContain("application/problem+json");
  return JSON.parse(body) as T;
}

/** A payload that fails validation answers 400 with the field named, and changes nothing. */
async function expectInvalid(browser: TestBrowser, method: string, payload: unknown, field?: string) {
  const before = await json<Basket>(await browser.rpc("getBasket", {}));
  const problem = await json<Problem>(await browser.rpc(method, payload), 400);
  expect(problem.detail).toContain("The following properties are invalid");
  if (field) expect(problem.errors?.map((e) => e.field)).toContain(field);
  const after = await json<Basket>(await browser.rpc("getBasket", {}));
  expect(after.items).toEqual(before.items);
}

describe("getBasket, clearBasket", () => {
  it("answer the (empty) basket of a new guest", async () => {
    const browser = shop.browser();
    const basket = await json<Basket>(await browser.rpc("getBasket", undefined));
    expect(basket).toMatchObject({ count: 0, isEmpty: true, items: [], currency: "EUR", storeCode: "de" });
    expect((await json<Basket>(await browser.rpc("getBasket", null))).isEmpty).toBe(true);
    expect((await json<Basket>(await browser.rpc("clearBasket", {}))).isEmpty).toBe(true);
  });

  it("refuse payloads they do not take", async () => {
    const browser = shop.browser();
    await expectInvalid(browser, "getBasket", { basketKey: "x" });
    await expectInvalid(browser, "clearBasket", [1, 2]);
    await expectInvalid(browser, "getBasket", "text");
  });

  it("answer per store: the CHF basket of the Swiss shop is separate", async () => {
    const browser = shop.browser();
    await json<Mutation>(await browser.rpc("addItemToBasket", { variantId: demo.inStock[0] }));
    const ch = await json<Basket>(await browser.rpc("getBasket", {}, 10030));
    expect(ch).toMatchObject({ currency: "CHF", storeCode: "ch", isEmpty: true });
    const cleared = await json<Basket>(await browser.rpc("clearBasket", {}));
    expect(cleared.isEmpty).toBe(true);
  });
});

describe("addItemToBasket", () => {
  it("adds an item and answers the basket, the item keys and no warnings", async () => {
    const browser = shop.browser();
    const result = await json<Mutation>(
      await browser.rpc("addItemToBasket", {
        variantId: demo.inStock[0],
        quantity: 2,
        displayData: { source: "test" },
        customData: { engraving: "V" },
      }),
    );
    expect(result.warnings).toEqual([]);
    expect(result.basket.count).toBe(2);
    const item = result.basket.items[0];
    expect(item).toMatchObject({ quantity: 2, displayData: { source: "test" }, customData: { engraving: "V" } });
    expect(result.itemKeys).toEqual([item?.key]);
    expect(item?.price.total).toBeGreaterThan(0);
    expect(result.basket.cost.withTax).toBe(item?.price.total);
    expect(result.basket.packages[0]?.deliveryDateRange.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("adds a reduced quantity with the warning, then answers 412 when no stock is left", async () => {
    const browser = shop.browser();
    const result = await json<Mutation>(
      await browser.rpc("addItemToBasket", { variantId: demo.lowStock.id, quantity: 10 }),
    );
    expect(result.warnings).toEqual(["ItemAddedWithReducedQuantity"]);
    expect(result.basket.items[0]?.quantity).toBe(demo.lowStock.stock);
    const more = await json<Problem>(await browser.rpc("addItemToBasket", { variantId: demo.lowStock.id }), 412);
    expect(more.messageKey).toBe("basket.error.variant_out_of_stock");
  });

  it("answers 412 for a sold-out variant", async () => {
    const problem = await json<Problem>(await shop.browser().rpc("addItemToBasket", { variantId: demo.soldOut }), 412);
    expect(problem).toMatchObject({ title: "Precondition Failed", messageKey: "basket.error.variant_out_of_stock" });
  });

  it("answers 413 beyond the maximum number of basket items", async () => {
    const browser = shop.browser();
    const items = demo.inStock.slice(0, 50).map((variantId) => ({ variantId }));
    expect(items).toHaveLength(50);
    const full = await json<Mutation>(await browser.rpc("addItemsToBasket", { items }));
    expect(full.basket.items).toHaveLength(50);
    const problem = await json<Problem>(await browser.rpc("addItemToBasket", { variantId: demo.inStock[50] }), 413);
    expect(problem.messageKey).toBe("basket.error.max_basket_items");
  });

  it("answers 413 when a line is at the per-item maximum", async () => {
    const browser = shop.browser();
    await json<Mutation>(await browser.rpc("addItemToBasket", { variantId: demo.inStock[1], quantity: 10 }));
    await json<Problem>(await browser.rpc("addItemToBasket", { variantId: demo.inStock[1] }), 413);
  });

  it("answers a generic error (404) for a variant that does not exist", async () => {
    const problem = await json<Problem>(await shop.browser().rpc("addItemToBasket", { variantId: 999_999_999 }), 404);
    expect(problem.messageKey).toBe("basket.error.add_generic");
  });

  it("honours existingItemHandling", async () => {
    const browser = shop.browser();
    const variantId = demo.inStock[2];
    await json<Mutation>(await browser.rpc("addItemToBasket", { variantId, quantity: 2 }));
    const kept = await json<Mutation>(
      await browser.rpc("addItemToBasket", { variantId, quantity: 5, existingItemHandling: "KeepExisting" }),
    );
    expect(kept.basket.items[0]?.quantity).toBe(2);
    const replaced = await json<Mutation>(
      await browser.rpc("addItemToBasket", { variantId, quantity: 1, existingItemHandling: "ReplaceExisting" }),
    );
    expect(replaced.basket.items[0]?.quantity).toBe(1);
    const combined = await json<Mutation>(
      await browser.rpc("addItemToBasket", {
        variantId,
        quantity: 3,
        existingItemHandling: "ReplaceExistingWithCombinedQuantity",
      }),
    );
    expect(combined.basket.items[0]?.quantity).toBe(4);
  });

  it("validates every field", async () => {
    const browser = shop.browser();
    await expectInvalid(browser, "addItemToBasket", {}, "variantId");
    await expectInvalid(browser, "addItemToBasket", { variantId: "12" }, "variantId");
    await expectInvalid(browser, "addItemToBasket", { variantId: -1 }, "variantId");
    await expectInvalid(browser, "addItemToBasket", { variantId: 1.5 }, "variantId");
    await expectInvalid(browser, "addItemToBasket", { variantId: demo.inStock[0], quantity: 0 }, "quantity");
    await expectInvalid(browser, "addItemToBasket", { variantId: demo.inStock[0], quantity: 11 }, "quantity");
    await expectInvalid(
      browser,
      "addItemToBasket",
      { variantId: demo.inStock[0], existingItemHandling: "Merge" },
      "existingItemHandling",
    );
    await expectInvalid(
      browser,
      "addItemToBasket",
      { variantId: demo.inStock[0], itemGroup: { id: "g", isMainItem: "yes" } },
      "itemGroup.isMainItem",
    );
    await expectInvalid(browser, "addItemToBasket", {
      variantId: demo.inStock[0],
      customData: { big: "x".repeat(5000) },
    });
    await expectInvalid(browser, "addItemToBasket", { variantId: demo.inStock[0], price: 1 }, "(root)");
    await expectInvalid(browser, "addItemToBasket", null, "(root)");
    const problem = await json<Problem>(await browser.rpc("addItemToBasket", {}), 400);
    expect(problem.errors).toEqual([{ field: "variantId", message: "value is required." }]);
  });
});

describe("addItemsToBasket", () => {
  it("adds several items in one call and lists the ones left out", async () => {
    const browser = shop.browser();
    const result = await json<Mutation>(
      await browser.rpc("addItemsToBasket", {
        items: [
          { variantId: demo.inStock[3] },
          { variantId: demo.soldOut },
          { variantId: demo.inStock[4], quantity: 2 },
        ],
      }),
    );
    expect(result.basket.count).toBe(3);
    expect(result.itemKeys).toHaveLength(2);
    expect(result.failures).toEqual([expect.objectContaining({ error: "OutOfStock", status: 412 })]);
  });

  it("answers 412 when nothing could be added, and validates", async () => {
    const browser = shop.browser();
    await json<Problem>(await browser.rpc("addItemsToBasket", { items: [{ variantId: demo.soldOut }] }), 412);
    await expectInvalid(browser, "addItemsToBasket", { items: [] }, "items");
    await expectInvalid(browser, "addItemsToBasket", {}, "items");
    await expectInvalid(browser, "addItemsToBasket", { items: [{ variantId: "a" }] }, "items.0.variantId");
    await expectInvalid(browser, "addItemsToBasket", { items: [{ variantId: 1 }], existingItemHandling: 3 });
  });
});

describe("updateBasketItem", () => {
  it("changes the quantity and answers 'Could not update item: {key}' without key, promotionId or quantity", async () => {
    const browser = shop.browser();
    const added = await json<Mutation>(await browser.rpc("addItemToBasket", { variantId: demo.inStock[5] }));
    const key = added.itemKeys[0] as string;
    const promotionId = added.basket.items[0]?.promotionId ?? null;
    const updated = await json<Mutation>(
      await browser.rpc("updateBasketItem", { basketItemKey: key, update: { quantity: 3, promotionId } }),
    );
    expect(updated.basket.items[0]?.quantity).toBe(3);

    for (const payload of [
      { basketItemKey: key, update: { quantity: 2 } },
      { basketItemKey: key, update: { promotionId } },
      { basketItemKey: key },
      { update: { quantity: 2, promotionId } },
    ]) {
      const problem = await json<Problem>(await browser.rpc("updateBasketItem", payload), 400);
      expect(problem.title).toBe("Bad Request");
      expect(problem.detail).toBe(`Could not update item: ${payload.basketItemKey ?? ""}`);
    }
    for (const payload of [null, undefined]) {
      const problem = await json<Problem>(await browser.rpc("updateBasketItem", payload), 400);
      expect(problem.detail).toBe("Could not update item: ");
    }
    const unknown = await json<Problem>(
      await browser.rpc("updateBasketItem", { basketItemKey: "nope", update: { quantity: 1, promotionId: null } }),
      404,
    );
    expect(unknown.messageKey).toBe("basket.error.item_not_found");
    const badPromotion = await json<Problem>(
      await browser.rpc("updateBasketItem", { basketItemKey: key, update: { quantity: 1, promotionId: "no-such" } }),
      400,
    );
    expect(badPromotion.detail).toBe(`Could not update item: ${key}`);
    await expectInvalid(browser, "updateBasketItem", { basketItemKey: key, update: { quantity: -1, promotionId } });
    await expectInvalid(browser, "updateBasketItem", { basketItemKey: key, update: { quantity: "2", promotionId } });
    await expectInvalid(browser, "updateBasketItem", { basketItemKey: 5, update: { quantity: 1, promotionId } });
    expect((await json<Basket>(await browser.rpc("getBasket", {}))).items[0]?.quantity).toBe(3);

    const removed = await json<Mutation>(
      await browser.rpc("updateBasketItem", { basketItemKey: key, update: { quantity: 0, promotionId } }),
    );
    expect(removed.basket.isEmpty).toBe(true);
  });

  it("answers 412 when the variant sold out since", async () => {
    const browser = shop.browser();
    const added = await json<Mutation>(await browser.rpc("addItemToBasket", { variantId: demo.lowStock.id }));
    const key = added.itemKeys[0] as string;
    const original = await db
      .selectFrom("variant")
      .select("stock_quantity")
      .where("id", "=", demo.lowStock.id)
      .executeTakeFirstOrThrow();
    await db.updateTable("variant").set({ stock_quantity: 0 }).where("id", "=", demo.lowStock.id).execute();
    try {
      await json<Problem>(
        await browser.rpc("updateBasketItem", { basketItemKey: key, update: { quantity: 1, promotionId: null } }),
        412,
      );
    } finally {
      await db
        .updateTable("variant")
        .set({ stock_quantity: original.stock_quantity })
        .where("id", "=", demo.lowStock.id)
        .execute();
    }
  });
});

describe("removeItemFromBasket", () => {
  it("removes by item key or variant; a variant not in the basket is 404", async () => {
    const browser = shop.browser();
    const added = await json<Mutation>(
      await browser.rpc("addItemsToBasket", {
        items: [{ variantId: demo.inStock[6] }, { variantId: demo.inStock[7] }],
      }),
    );
    const byVariant = await json<Mutation>(await browser.rpc("removeItemFromBasket", { variantId: demo.inStock[6] }));
    expect(byVariant.basket.items).toHaveLength(1);
    const missing = await json<Problem>(await browser.rpc("removeItemFromBasket", { variantId: demo.inStock[6] }), 404);
    expect(missing.title).toBe("Not Found");
    const byKey = await json<Mutation>(await browser.rpc("removeItemFromBasket", { itemKey: added.itemKeys[1] }));
    expect(byKey.basket.isEmpty).toBe(true);
    await json<Problem>(await browser.rpc("removeItemFromBasket", { itemKey: "gone" }), 404);
    await expectInvalid(browser, "removeItemFromBasket", {});
    await expectInvalid(browser, "removeItemFromBasket", { itemKey: "" });
    await expectInvalid(browser, "removeItemFromBasket", { itemKey: "a", variantId: 1 });
  });
});

describe("mergeBaskets", () => {
  it("needs a signed-in customer", async () => {
    const problem = await json<Problem>(await shop.browser().rpc("mergeBaskets", {}), 401);
    expect(problem.status).toBe(401);
    await json<Problem>(await shop.browser().rpc("mergeBaskets", { strategy: "Nope" }), 400);
  });
});

describe("promotions over the channel", () => {
  it("applies 3 for 2 on socks on the server", async () => {
    const browser = shop.browser();
    const two = await json<Mutation>(await browser.rpc("addItemToBasket", { variantId: demo.socks[0], quantity: 2 }));
    const promotion = () => two.basket.applicablePromotions.find((p) => p.id === "socks-3-for-2");
    expect(two.basket.items[0]?.promotionId).toBe("socks-3-for-2");
    expect(promotion()).toMatchObject({ applied: false, progress: { kind: "quantity", missing: 1 } });
    const three = await json<Mutation>(await browser.rpc("addItemToBasket", { variantId: demo.socks[0] }));
    const unit = three.basket.items[0]?.price.unitDiscounted ?? 0;
    expect(three.basket.applicablePromotions.find((p) => p.id === "socks-3-for-2")).toMatchObject({
      applied: true,
      amount: -unit,
    });
    expect(three.basket.cost.withTax).toBe(unit * 2);
  });
});

describe("wishlist methods", () => {
  it("get, add, toggle, replace, remove and clear", async () => {
    const browser = shop.browser();
    expect(await json<Wishlist>(await browser.rpc("getWishlist", {}))).toEqual({ items: [], count: 0 });
    const added = await json<{ wishlist: Wishlist; itemKey: string }>(
      await browser.rpc("addItemToWishlist", { productId: demo.productId }),
    );
    expect(added.wishlist.count).toBe(1);
    expect(added.wishlist.items[0]?.product.id).toBe(demo.productId);

    const toggledOff = await json<{ wishlist: Wishlist; added: boolean }>(
      await browser.rpc("addItemToWishlist", { productId: demo.productId, toggle: true }),
    );
    expect(toggledOff).toMatchObject({ added: false, wishlist: { count: 0 } });
    const toggledOn = await json<{ wishlist: Wishlist; itemKey: string; added: boolean }>(
      await browser.rpc("addItemToWishlist", { productId: demo.productId, toggle: true }),
    );
    expect(toggledOn.added).toBe(true);

    const missing = await json<Problem>(
      await browser.rpc("addItemToWishlist", { productId: demo.productId, replaceItemKey: "nope" }),
      404,
    );
    expect(missing.detail).toBe("Could not find wishlist item.");
    const removeMissing = await json<Problem>(await browser.rpc("removeItemFromWishlist", { itemKey: "nope" }), 404);
    expect(removeMissing.detail).toBe("Could not find wishlist item.");

    const removed = await json<{ wishlist: Wishlist }>(
      await browser.rpc("removeItemFromWishlist", { itemKey: toggledOn.itemKey }),
    );
    expect(removed.wishlist.count).toBe(0);
    await json(await browser.rpc("addItemToWishlist", { productId: demo.productId }));
    expect(await json<Wishlist>(await browser.rpc("clearWishlist", {}))).toEqual({ items: [], count: 0 });
    expect((await json<Wishlist>(await browser.rpc("getWishlist", {}))).count).toBe(0);
  });

  it("answers 404 for an unknown product and 400 for bad payloads", async () => {
    const browser = shop.browser();
    await json<Problem>(await browser.rpc("addItemToWishlist", { productId: 987_654_321 }), 404);
    for (const payload of [{}, { productId: "1" }, { productId: 1, variantId: -2 }, { productId: 1, toggle: "y" }]) {
      await json<Problem>(await browser.rpc("addItemToWishlist", payload), 400);
    }
    await json<Problem>(await browser.rpc("removeItemFromWishlist", {}), 400);
    await json<Problem>(await browser.rpc("removeItemFromWishlist", { itemKey: 3 }), 400);
    await json<Problem>(await browser.rpc("getWishlist", { x: 1 }), 400);
    await json<Problem>(await browser.rpc("clearWishlist", { x: 1 }), 400);
  });
});

describe("wrong HTTP method and unknown names", () => {
  it("answers 405 to GET for every basket and wishlist method, 404 for a misspelt one", async () => {
    const browser = shop.browser();
    for (const method of [
      "getBasket",
      "clearBasket",
      "mergeBaskets",
      "addItemToBasket",
      "addItemsToBasket",
      "updateBasketItem",
      "removeItemFromBasket",
      "getWishlist",
      "clearWishlist",
      "addItemToWishlist",
      "removeItemFromWishlist",
    ]) {
      const response = await browser.fetch(`/api/rpc/${method}`);
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
    expect((await browser.rpc("addItemToBaskets", { variantId: demo.inStock[0] })).status).toBe(404);
  });
});

describe("no input makes the channel answer 500", () => {
  const weird: unknown[] = [
    null,
    true,
    0,
    "",
    [],
    {},
    { variantId: Number.MAX_SAFE_INTEGER },
    { variantId: 1e308 },
    { itemKey: "x".repeat(81) },
    { basketItemKey: "🙂", update: { quantity: 1, promotionId: "🙂" } },
    { items: Array.from({ length: 60 }, () => ({ variantId: 1 })) },
    { __proto__: { variantId: 1 } },
    { productId: 1, replaceItemKey: "k", toggle: true },
    { path: "../../etc" },
    { id: 0 },
  ];
  const methods = [
    "getUser",
    "refreshUser",
    "updateShopUser",
    "updatePassword",
    "getShopUserAddresses",
    "getCategoryById",
    "getCategoryByPath",
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
  it("for any of the methods", async () => {
    const browser = shop.browser();
    for (const method of methods) {
      for (const payload of weird) {
        const response = await browser.rpc(method, payload);
        expect(response.status, `${method} ${JSON.stringify(payload)}`).toBeLessThan(500);
        await response.arrayBuffer();
      }
    }
  });
});
