import type { ShopCtx } from "@vitrine/commerce";
import { addDays, findProductIds, getCategoryTree, NEW_ARRIVAL_DAYS, type ProductSource } from "@vitrine/commerce";
import { recommendationProductIds } from "./recommendations.server.ts";

/**
 * The product ids a slider shows, in order: chosen products as given; a category's products (with its
 * subcategories) newest first; the new-arrivals and sale categories by their rule; a recommendation slot.
 * Category and slot sources only pick products that can be bought in the store, one colour of each.
 */
export async function productIdsForSource(ctx: ShopCtx, source: ProductSource, limit: number): Promise<number[]> {
  switch (source.kind) {
    case "products":
      return source.productIds.slice(0, limit);
    case "recommendation":
      return recommendationProductIds(ctx, source.slotId, limit);
    case "category": {
      const tree = await getCategoryTree(ctx);
      const node = tree.byKey(source.categoryKey);
      if (!node) return [];
      const today = ctx.clock.now();
      const base = { priceZone: ctx.shop.country, today, sellableOnly: true, onePerMaster: true, limit };
      if (node.record.role === "new") {
        return findProductIds(ctx, { ...base, arrivedSince: addDays(today, -NEW_ARRIVAL_DAYS) });
      }
      if (node.record.role === "sale") return findProductIds(ctx, { ...base, reducedOnly: true });
      if (node.record.role === "outfits") return [];
      return findProductIds(ctx, { ...base, categoryIds: tree.descendantIds(node.record.id) });
    }
  }
}
