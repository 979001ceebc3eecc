import type { Selectable } from "kysely";
import { basketProductOf, basketVariantOf } from "../basket/catalog.ts";
import { newItemKey, ownerOf } from "../basket/service.ts";
import type { BasketProduct, BasketVariant, Shopper } from "../basket/types.ts";
import type { Price } from "../catalog/pricing.ts";
import { getProductViews } from "../catalog/service.ts";
import type { Clock } from "../clock.ts";
import type { Ctx, ShopCtx } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import type { WishlistItemTable, WishlistTable } from "../db/tables/basket.ts";

/**
 * The wishlist: per shopper (guest browser or customer) and store, one entry per product with an optional
 * chosen variant (specification sections 3, 4 and 5). Toggle adds or removes; replace removes then adds;
 * removing or replacing an item that is not there fails with 'Could not find wishlist item.'.
 */

export const WISHLIST_ITEM_NOT_FOUND = "Could not find wishlist item.";
/** Entries a wishlist may hold; one more is refused. */
export const MAX_WISHLIST_ITEMS = 100;

export interface WishlistProduct extends BasketProduct {
  isSoldOut: boolean;
  /** The lowest price a shopper pays (the product's price holder). */
  price: Price | undefined;
  /** Every size, for choosing one before adding to the basket. */
  variants: BasketVariant[];
}

export interface WishlistItem {
  key: string;
  product: WishlistProduct;
  /** The chosen size, if any. */
  variant: BasketVariant | null;
}

export interface Wishlist {
  items: WishlistItem[];
  count: number;
}

export type WishlistFailure =
  | { ok: false; error: "WishlistItemNotFound"; itemKey: string }
  | { ok: false; error: "ProductNotFound"; productId: number; variantId?: number }
  | { ok: false; error: "MaxWishlistItems"; limit: number };

export type WishlistResult = { ok: true; wishlist: Wishlist; itemKey: string | null; added: boolean } | WishlistFailure;

type WishlistRow = Selectable<WishlistTable>;
type ItemRow = Selectable<WishlistItemTable>;
type Mutation = { rows: ItemRow[]; key: string };

/** A refusal thrown inside a transaction, so that nothing it wrote is kept. */
class Refused {
  readonly failure: WishlistFailure;
  constructor(failure: WishlistFailure) {
    this.failure = failure;
  }
}

async function findWishlist(db: Db, storeCode: string, shopper: Shopper): Promise<WishlistRow | undefined> {
  const owner = ownerOf(shopper);
  return db
    .selectFrom("wishlist")
    .selectAll()
    .where("store_code", "=", storeCode)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .executeTakeFirst();
}

async function lockWishlist(trx: Db, storeCode: string, shopper: Shopper, now: string): Promise<WishlistRow> {
  const owner = ownerOf(shopper);
  await trx
    .insertInto("wishlist")
    .values({ store_code: storeCode, owner_kind: owner.kind, owner_id: owner.id, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["store_code", "owner_kind", "owner_id"]).doNothing())
    .execute();
  const query = trx
    .selectFrom("wishlist")
    .selectAll()
    .where("store_code", "=", storeCode)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id);
  return (dialect(trx) === "postgres" ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

async function readItems(db: Db, wishlistId: number): Promise<ItemRow[]> {
  return db
    .selectFrom("wishlist_item")
    .selectAll()
    .where("wishlist_id", "=", wishlistId)
    .orderBy("position", "desc")
    .execute();
}

async function view(ctx: ShopCtx, rows: readonly ItemRow[]): Promise<Wishlist> {
  const products = await getProductViews(
    ctx,
    rows.map((r) => r.product_id),
  );
  const items: WishlistItem[] = rows.flatMap((row) => {
    const product = products.get(row.product_id);
    if (!product) return [];
    return [
      {
        key: row.key,
        product: {
          ...basketProductOf(product),
          isSoldOut: product.isSoldOut,
          price: product.price,
          variants: product.variants.flatMap((v) => basketVariantOf(product, v.id) ?? []),
        },
        variant: row.variant_id === null ? null : (basketVariantOf(product, row.variant_id) ?? null),
      },
    ];
  });
  return { items, count: items.length };
}

export async function getWishlist(ctx: ShopCtx, shopper: Shopper): Promise<Wishlist> {
  const wishlist = await findWishlist(ctx.db, ctx.shop.code, shopper);
  return view(ctx, wishlist ? await readItems(ctx.db, wishlist.id) : []);
}

/** Entries in the shopper's wishlist: the header counter. */
export async function getWishlistCount(ctx: Pick<Ctx, "db">, storeCode: string, shopper: Shopper): Promise<number> {
  const { db } = ctx;
  const owner = ownerOf(shopper);
  const row = await db
    .selectFrom("wishlist_item as i")
    .innerJoin("wishlist as w", "w.id", "i.wishlist_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("w.store_code", "=", storeCode)
    .where("w.owner_kind", "=", owner.kind)
    .where("w.owner_id", "=", owner.id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface WishlistAdd {
  productId: number;
  variantId?: number | null;
  /** Replace: remove this entry first (it must exist), then add. */
  replaceItemKey?: string;
}

/**
 * Adds a product (optionally a size) to the wishlist. A product already there keeps its entry and takes the new
 * size. With `replaceItemKey` the named entry is removed first.
 */
export async function addItemToWishlist(ctx: ShopCtx, shopper: Shopper, add: WishlistAdd): Promise<WishlistResult> {
  const product = (await getProductViews(ctx, [add.productId])).get(add.productId);
  const variantId = add.variantId ?? null;
  if (!product || (variantId !== null && !product.variants.some((v) => v.id === variantId))) {
    return { ok: false, error: "ProductNotFound", productId: add.productId, ...(variantId ? { variantId } : {}) };
  }
  const now = ctx.clock.now().toISOString();
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx): Promise<Mutation> => {
      const wishlist = await lockWishlist(trx, ctx.shop.code, shopper, now);
      const rows = await readItems(trx, wishlist.id);
      if (add.replaceItemKey !== undefined) {
        const old = rows.find((r) => r.key === add.replaceItemKey);
        if (!old) throw new Refused({ ok: false, error: "WishlistItemNotFound", itemKey: add.replaceItemKey });
        await trx
          .deleteFrom("wishlist_item")
          .where("wishlist_id", "=", wishlist.id)
          .where("key", "=", old.key)
          .execute();
        rows.splice(rows.indexOf(old), 1);
      }
      const existing = rows.find((r) => r.product_id === add.productId);
      if (existing) {
        const variant = variantId ?? existing.variant_id;
        await trx
          .updateTable("wishlist_item")
          .set({ variant_id: variant })
          .where("wishlist_id", "=", wishlist.id)
          .where("key", "=", existing.key)
          .execute();
        existing.variant_id = variant;
        return { rows, key: existing.key };
      }
      if (rows.length >= MAX_WISHLIST_ITEMS) {
        throw new Refused({ ok: false, error: "MaxWishlistItems", limit: MAX_WISHLIST_ITEMS });
      }
      const row: ItemRow = {
        wishlist_id: wishlist.id,
        key: newItemKey(),
        product_id: add.productId,
        variant_id: variantId,
        position: rows.reduce((max, r) => Math.max(max, r.position), 0) + 1,
        created_at: now,
      };
      await trx.insertInto("wishlist_item").values(row).execute();
      await trx.updateTable("wishlist").set({ updated_at: now }).where("id", "=", wishlist.id).execute();
      return { rows: [row, ...rows], key: row.key };
    })
    // A refusal rolls back: the wishlist the transaction created for it is not kept.
    .catch((error: unknown) => {
      if (error instanceof Refused) return error.failure;
      throw error;
    });
  if ("ok" in outcome) return outcome;
  return { ok: true, wishlist: await view(ctx, outcome.rows), itemKey: outcome.key, added: true };
}

export async function removeItemFromWishlist(ctx: ShopCtx, shopper: Shopper, itemKey: string): Promise<WishlistResult> {
  const wishlist = await findWishlist(ctx.db, ctx.shop.code, shopper);
  const notFound: WishlistFailure = { ok: false, error: "WishlistItemNotFound", itemKey };
  if (!wishlist) return notFound;
  const deleted = await ctx.db
    .deleteFrom("wishlist_item")
    .where("wishlist_id", "=", wishlist.id)
    .where("key", "=", itemKey)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return notFound;
  return {
    ok: true,
    wishlist: await view(ctx, await readItems(ctx.db, wishlist.id)),
    itemKey: null,
    added: false,
  };
}

/** Toggle (the heart on a product): removes the product when it is in the wishlist, adds it otherwise. */
export async function toggleWishlistItem(
  ctx: ShopCtx,
  shopper: Shopper,
  add: { productId: number; variantId?: number | null },
): Promise<WishlistResult> {
  const wishlist = await findWishlist(ctx.db, ctx.shop.code, shopper);
  const existing = wishlist
    ? await ctx.db
        .selectFrom("wishlist_item")
        .select("key")
        .where("wishlist_id", "=", wishlist.id)
        .where("product_id", "=", add.productId)
        .executeTakeFirst()
    : undefined;
  return existing ? removeItemFromWishlist(ctx, shopper, existing.key) : addItemToWishlist(ctx, shopper, add);
}

export async function clearWishlist(ctx: ShopCtx, shopper: Shopper): Promise<Wishlist> {
  const wishlist = await findWishlist(ctx.db, ctx.shop.code, shopper);
  if (wishlist) await ctx.db.deleteFrom("wishlist_item").where("wishlist_id", "=", wishlist.id).execute();
  return { items: [], count: 0 };
}

/**
 * Moves a guest's wishlist entries into the customer's on sign-in (the accounts module calls this); entries
 * for the same product keep the customer's. The guest wishlist is deleted afterwards.
 */
export async function mergeWishlists(
  ctx: { db: Db; clock: Clock },
  input: { fromBrowserId: string; toCustomerId: string; storeCode?: string },
): Promise<{ storeCodes: string[]; merged: number }> {
  const customer: Shopper = { kind: "customer", customerId: input.toCustomerId };
  const sources = await ctx.db
    .selectFrom("wishlist")
    .selectAll()
    .where("owner_kind", "=", "browser")
    .where("owner_id", "=", input.fromBrowserId)
    .$if(input.storeCode !== undefined, (q) => q.where("store_code", "=", input.storeCode as string))
    .execute();
  const result = { storeCodes: [] as string[], merged: 0 };
  const now = ctx.clock.now().toISOString();
  for (const source of sources) {
    await ctx.db.transaction().execute(async (trx) => {
      const target = await lockWishlist(trx, source.store_code, customer, now);
      const incoming = await readItems(trx, source.id);
      const rows = await readItems(trx, target.id);
      let position = rows.reduce((max, r) => Math.max(max, r.position), 0);
      for (const line of [...incoming].reverse()) {
        if (rows.length >= MAX_WISHLIST_ITEMS || rows.some((r) => r.product_id === line.product_id)) continue;
        const row: ItemRow = { ...line, wishlist_id: target.id, key: newItemKey(), position: ++position };
        await trx.insertInto("wishlist_item").values(row).execute();
        rows.push(row);
        result.merged++;
      }
      await trx.deleteFrom("wishlist_item").where("wishlist_id", "=", source.id).execute();
      await trx.deleteFrom("wishlist").where("id", "=", source.id).execute();
      result.storeCodes.push(source.store_code);
    });
  }
  return result;
}
