import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT, seedBasketFixtures, V } from "../basket/test-fixtures.ts";
import type { Shopper } from "../basket/types.ts";
import { fixedClock } from "../clock.ts";
import type { ShopCtx } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { type Shop, shopByCode } from "../shop/shops.ts";
import {
  addItemToWishlist,
  clearWishlist,
  getWishlist,
  getWishlistCount,
  MAX_WISHLIST_ITEMS,
  mergeWishlists,
  removeItemFromWishlist,
  toggleWishlistItem,
  type WishlistResult,
} from "./service.ts";

const now = new Date("2026-06-01T10:00:00Z");
let t: TestDatabase;
let ctx: ShopCtx;
let seq = 0;
const guest = (): Shopper => ({ kind: "guest", browserId: `w-${++seq}-${Math.random()}` });

beforeAll(async () => {
  t = await createTestDatabase();
  await seedBasketFixtures(t.db, now);
  ctx = testCtx(t.db, { clock: fixedClock(now), shop: shopByCode("de") as Shop });
});
afterAll(async () => {
  await t?.destroy();
});

function ok(result: WishlistResult) {
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result;
}

describe(`wishlist service (${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"})`, () => {
  it("adds products (newest first), one entry per product, with an optional size", async () => {
    const shopper = guest();
    expect(await getWishlist(ctx, shopper)).toEqual({ items: [], count: 0 });
    ok(await addItemToWishlist(ctx, shopper, { productId: PRODUCT.tee }));
    const second = ok(await addItemToWishlist(ctx, shopper, { productId: PRODUCT.socks, variantId: V.socksDear }));
    expect(second.wishlist.items.map((i) => [i.product.id, i.variant?.id ?? null])).toEqual([
      [PRODUCT.socks, V.socksDear],
      [PRODUCT.tee, null],
    ]);
    expect(second.wishlist.items[1]?.product.variants.map((v) => v.sizeLabel)).toEqual(["S", "M"]);
    const again = ok(await addItemToWishlist(ctx, shopper, { productId: PRODUCT.tee, variantId: V.teeM }));
    expect(again.wishlist.count).toBe(2);
    expect(again.wishlist.items.find((i) => i.product.id === PRODUCT.tee)?.variant?.id).toBe(V.teeM);
    expect(await getWishlistCount(t, "de", shopper)).toBe(2);
  });

  it("refuses unknown products and variants of another product", async () => {
    expect(await addItemToWishlist(ctx, guest(), { productId: 424242 })).toMatchObject({ error: "ProductNotFound" });
    expect(await addItemToWishlist(ctx, guest(), { productId: PRODUCT.tee, variantId: V.jeans })).toMatchObject({
      error: "ProductNotFound",
    });
  });

  it("toggles: adds when missing, removes when there", async () => {
    const shopper = guest();
    const added = ok(await toggleWishlistItem(ctx, shopper, { productId: PRODUCT.jeans }));
    expect(added.added).toBe(true);
    expect(added.wishlist.count).toBe(1);
    const removed = ok(await toggleWishlistItem(ctx, shopper, { productId: PRODUCT.jeans }));
    expect(removed.added).toBe(false);
    expect(removed.wishlist.count).toBe(0);
  });

  it("replace removes then adds; an item that is not there fails with the specification's error", async () => {
    const shopper = guest();
    const first = ok(await addItemToWishlist(ctx, shopper, { productId: PRODUCT.tee, variantId: V.teeS }));
    const replaced = ok(
      await addItemToWishlist(ctx, shopper, {
        productId: PRODUCT.dress,
        replaceItemKey: first.itemKey as string,
      }),
    );
    expect(replaced.wishlist.items.map((i) => i.product.id)).toEqual([PRODUCT.dress]);
    expect(await addItemToWishlist(ctx, shopper, { productId: PRODUCT.tee, replaceItemKey: "missing" })).toEqual({
      ok: false,
      error: "WishlistItemNotFound",
      itemKey: "missing",
    });
    expect(await removeItemFromWishlist(ctx, shopper, "missing")).toMatchObject({ error: "WishlistItemNotFound" });
    expect(await removeItemFromWishlist(ctx, guest(), "missing")).toMatchObject({ error: "WishlistItemNotFound" });
    // Nothing changed by the failed replace.
    expect((await getWishlist(ctx, shopper)).items.map((i) => i.product.id)).toEqual([PRODUCT.dress]);
    // A refused replace by a shopper without a wishlist leaves no (empty) wishlist behind.
    const stranger = guest();
    const wishlists = async () =>
      Number(
        (
          await t.db
            .selectFrom("wishlist")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await wishlists();
    expect(await addItemToWishlist(ctx, stranger, { productId: PRODUCT.tee, replaceItemKey: "x" })).toMatchObject({
      error: "WishlistItemNotFound",
    });
    expect(await wishlists()).toBe(before);
  });

  it("clears and stops at the maximum", async () => {
    const shopper = guest();
    ok(await addItemToWishlist(ctx, shopper, { productId: PRODUCT.bag }));
    expect(await clearWishlist(ctx, shopper)).toEqual({ items: [], count: 0 });
    expect(await getWishlistCount(t, "de", shopper)).toBe(0);
    expect(MAX_WISHLIST_ITEMS).toBeGreaterThan(0);
  });

  it("keeps wishlists per store", async () => {
    const shopper = guest();
    ok(await addItemToWishlist(ctx, shopper, { productId: PRODUCT.bag }));
    expect((await getWishlist({ ...ctx, shop: shopByCode("ch") as Shop }, shopper)).count).toBe(0);
  });

  it("merges a guest wishlist into the customer's on sign-in", async () => {
    const from = guest();
    const customerId = `c-${Math.random()}`;
    const customer: Shopper = { kind: "customer", customerId };
    ok(await addItemToWishlist(ctx, customer, { productId: PRODUCT.tee, variantId: V.teeS }));
    ok(await addItemToWishlist(ctx, from, { productId: PRODUCT.tee, variantId: V.teeM }));
    ok(await addItemToWishlist(ctx, from, { productId: PRODUCT.socks }));
    const result = await mergeWishlists(
      { db: t.db, clock: ctx.clock },
      { fromBrowserId: from.kind === "guest" ? from.browserId : "", toCustomerId: customerId },
    );
    expect(result).toEqual({ storeCodes: ["de"], merged: 1 });
    const merged = await getWishlist(ctx, customer);
    expect(merged.items.map((i) => [i.product.id, i.variant?.id ?? null])).toEqual([
      [PRODUCT.socks, null],
      [PRODUCT.tee, V.teeS],
    ]);
    expect((await getWishlist(ctx, from)).count).toBe(0);
  });

  it("stays consistent under concurrent adds", async () => {
    const shopper = guest();
    const ids = [PRODUCT.tee, PRODUCT.socks, PRODUCT.jeans, PRODUCT.bag, PRODUCT.dress];
    const results = await Promise.all(
      [...ids, ...ids].map((productId) => addItemToWishlist(ctx, shopper, { productId })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await getWishlist(ctx, shopper)).count).toBe(5);
  });
});
