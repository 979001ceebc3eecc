import { explainUnavailableVariants, type UnavailableVariant } from "../catalog/product-editing.ts";
import type { ShopCtx } from "../context.ts";
import { loadBasketCatalog } from "./catalog.ts";
import { ownerOf } from "./service.ts";
import type { Shopper } from "./types.ts";

/**
 * Basket lines the shop no longer sells: the product was deleted, the size removed, or the product taken out of
 * the shop (or out of this store). The basket's items leave them out (nothing unsellable is priced or ordered);
 * the cart page names them to the shopper, who removes them with one button (`removeUnavailableBasketItems`).
 * A line of a product that is only hidden comes back by itself when the product is shown again.
 */
export interface UnavailableBasketItem {
  key: string;
  quantity: number;
  variantId: number;
  productId: number;
  /** The product's name in the store's language (a deleted product's as it was). */
  name: string;
  size: string | null;
  reason: UnavailableVariant["reason"];
}

async function storedLines(ctx: ShopCtx, shopper: Shopper) {
  const owner = ownerOf(shopper);
  const basket = await ctx.db
    .selectFrom("basket")
    .select("id")
    .where("store_code", "=", ctx.shop.code)
    .where("owner_kind", "=", owner.kind)
    .where("owner_id", "=", owner.id)
    .executeTakeFirst();
  if (!basket) return undefined;
  const rows = await ctx.db
    .selectFrom("basket_item")
    .select(["key", "variant_id", "quantity"])
    .where("basket_id", "=", basket.id)
    .orderBy("position")
    .execute();
  return { basketId: basket.id, rows };
}

/** The shopper's basket lines in the store that the shop no longer sells, named (empty when there are none). */
export async function getUnavailableBasketItems(ctx: ShopCtx, shopper: Shopper): Promise<UnavailableBasketItem[]> {
  const stored = await storedLines(ctx, shopper);
  if (!stored || stored.rows.length === 0) return [];
  const catalog = await loadBasketCatalog(
    ctx,
    stored.rows.map((r) => r.variant_id),
  );
  const missing = stored.rows.filter((r) => !catalog.lines.has(r.variant_id));
  if (missing.length === 0) return [];
  const why = await explainUnavailableVariants(
    ctx,
    missing.map((r) => r.variant_id),
    ctx.shop.language,
  );
  return missing.flatMap((row) => {
    const found = why.get(row.variant_id);
    if (!found) return [];
    return [
      {
        key: row.key,
        quantity: row.quantity,
        variantId: row.variant_id,
        productId: found.productId,
        name: found.name,
        size: found.size,
        reason: found.reason,
      },
    ];
  });
}

/** Removes the lines the shop no longer sells from the shopper's basket; how many went. */
export async function removeUnavailableBasketItems(ctx: ShopCtx, shopper: Shopper): Promise<number> {
  const items = await getUnavailableBasketItems(ctx, shopper);
  const stored = await storedLines(ctx, shopper);
  if (!stored || items.length === 0) return 0;
  const keys = items.map((i) => i.key);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("basket_item").where("basket_id", "=", stored.basketId).where("key", "in", keys).execute();
    await trx
      .updateTable("basket")
      .set({ updated_at: ctx.clock.now().toISOString() })
      .where("id", "=", stored.basketId)
      .execute();
  });
  return keys.length;
}
