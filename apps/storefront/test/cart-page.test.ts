import type { Basket, Db, Wishlist } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoVariants, findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/** The basket and wishlist pages and their form actions, as a browser without JavaScript uses them. */
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

async function basketOf(browser: ReturnType<TestShop["browser"]>): Promise<Basket> {
  return (await browser.rpc("getBasket", {})).json() as Promise<Basket>;
}

describe("/cart/", () => {
  it("shows the empty basket with recommendations, and is not indexed", async () => {
    const response = await shop.browser().fetch("/de/cart/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Dein Warenkorb ist leer.");
    expect(html).toContain('class="basket-reco"');
    expect(html).toContain('content="noindex, follow"');
    expect(html).toMatch(/<title>Warenkorb \| Vitrine<\/title>/);
  });

  it("adds with a form, redirects to the basket (303) and points out the item", async () => {
    const browser = shop.browser();
    const response = await browser.submit("/de/cart/", {
      intent: "add",
      variantId: String(demo.inStock[0]),
      quantity: "2",
      redirectTo: "/de/p/some-product-1001/",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/de\/cart\/\?added=[\w-]+&continue=%2Fde%2Fp%2Fsome-product-1001%2F$/);
    const page = await (await browser.fetch(location)).text();
    expect(page).toContain("basket-notice--success");
    expect(page).toContain('data-testid="basket-item"');
    expect((await basketOf(browser)).count).toBe(2);
  });

  it("never continues to another site", async () => {
    const browser = shop.browser();
    const response = await browser.submit("/de/cart/", {
      intent: "add",
      variantId: String(demo.inStock[1]),
      redirectTo: "//evil.example/",
    });
    expect(response.headers.get("location")).not.toContain("evil");
  });

  it("answers a sold-out size with 412 and the message on the page", async () => {
    const response = await shop.browser().submit("/de/cart/", { intent: "add", variantId: String(demo.soldOut) });
    expect(response.status).toBe(412);
    expect(await response.text()).toContain("Diese Größe ist leider ausverkauft.");
  });

  it("asks for a size when none was chosen, and refuses unknown intents", async () => {
    const missing = await shop.browser().submit("/de/cart/", { intent: "add" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Bitte wähle eine Größe.");
    expect((await shop.browser().submit("/de/cart/", { intent: "explode" })).status).toBe(400);
  });

  it("changes the quantity, moves to the wishlist and removes, each with a redirect back", async () => {
    const browser = shop.browser();
    await browser.submit("/de/cart/", { intent: "add", variantId: String(demo.inStock[2]) });
    await browser.submit("/de/cart/", { intent: "add", variantId: String(demo.inStock[3]) });
    const [first, second] = (await basketOf(browser)).items;
    const update = await browser.submit("/de/cart/", {
      intent: "update",
      itemKey: first?.key ?? "",
      quantity: "3",
      promotionId: first?.promotionId ?? "",
    });
    expect(update.status).toBe(303);
    expect(update.headers.get("location")).toBe("/de/cart/");
    expect((await basketOf(browser)).items.find((i) => i.key === first?.key)?.quantity).toBe(3);

    const moved = await browser.submit("/de/cart/", { intent: "wishlist", itemKey: first?.key ?? "" });
    expect(moved.status).toBe(303);
    const wishlist = (await (await browser.rpc("getWishlist", {})).json()) as Wishlist;
    expect(wishlist.items.map((i) => i.variant?.id)).toEqual([first?.variant.id]);

    expect((await browser.submit("/de/cart/", { intent: "remove", itemKey: second?.key ?? "" })).status).toBe(303);
    expect((await basketOf(browser)).isEmpty).toBe(true);
    const gone = await browser.submit("/de/cart/", { intent: "remove", itemKey: second?.key ?? "" });
    expect(gone.status).toBe(404);
  });

  it("answers a script's form with data instead of a redirect", async () => {
    const browser = shop.browser();
    const response = await browser.submit("/de/cart/", {
      intent: "add",
      variantId: String(demo.inStock[4]),
      via: "js",
    });
    expect(response.status).toBe(200);
  });

  it("renders a basket in CHF for the Swiss store", async () => {
    const browser = shop.browser();
    await browser.submit("/fr-ch/cart/", { intent: "add", variantId: String(demo.inStock[5]) });
    const html = await (await browser.fetch("/fr-ch/cart/")).text();
    expect(html).toContain("CHF");
    expect(html).toContain("Panier");
  });
});

describe("/wishlist/", () => {
  it("toggles from a product page's heart and goes back there", async () => {
    const browser = shop.browser();
    const back = "/de/p/some-product-1001/";
    const on = await browser.submit("/de/wishlist/", {
      intent: "toggle",
      productId: String(demo.productId),
      redirectTo: back,
    });
    expect(on.status).toBe(303);
    expect(on.headers.get("location")).toBe(back);
    expect(((await (await browser.rpc("getWishlist", {})).json()) as Wishlist).count).toBe(1);
    const html = await (await browser.fetch("/de/wishlist/")).text();
    expect(html).toContain('data-testid="wishlist-item"');
    expect(html).toMatch(/<title>Wunschliste \| Vitrine<\/title>/);
    await browser.submit("/de/wishlist/", { intent: "toggle", productId: String(demo.productId), redirectTo: back });
    expect(((await (await browser.rpc("getWishlist", {})).json()) as Wishlist).count).toBe(0);
  });

  it("removes an item, and says when it is not there", async () => {
    const browser = shop.browser();
    await browser.submit("/de/wishlist/", { intent: "add", productId: String(demo.productId) });
    const wishlist = (await (await browser.rpc("getWishlist", {})).json()) as Wishlist;
    const key = wishlist.items[0]?.key ?? "";
    const removed = await browser.submit("/de/wishlist/", { intent: "remove", itemKey: key });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe("/de/wishlist/");
    const again = await browser.submit("/de/wishlist/", { intent: "remove", itemKey: key });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Der Artikel ist nicht mehr auf deiner Wunschliste.");
  });

  it("shows the empty state", async () => {
    const html = await (await shop.browser().fetch("/en/wishlist/")).text();
    expect(html).toContain("Your wishlist is empty.");
  });
});
