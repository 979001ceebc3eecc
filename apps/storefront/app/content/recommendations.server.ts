import type { ShopCtx } from "@vitrine/commerce";
import { addDays, type ContentRecommendationSlot, findProductIds, NEW_ARRIVAL_DAYS } from "@vitrine/commerce";

/**
 * Products of a recommendation slot for content sliders. The search service (packages/search) will answer
 * slots from shopper events; until the storefront calls it, the slots are read from the catalogue here:
 * this is the one function to switch.
 *
 * - `new-arrivals`: the newest products that can be bought.
 * - `trending`: products of the last months that are past their "new" weeks and still in stock: the
 *   season's established pieces (a catalogue stand-in for "most viewed and bought lately").
 * - `sale`: the newest reduced products.
 */
const TRENDING_WINDOW_DAYS = 180;

export async function recommendationProductIds(
  ctx: ShopCtx,
  slotId: ContentRecommendationSlot,
  limit: number,
): Promise<number[]> {
  const today = ctx.clock.now();
  const base = { priceZone: ctx.shop.country, today, sellableOnly: true, onePerMaster: true, limit };
  switch (slotId) {
    case "new-arrivals":
      return findProductIds(ctx, base);
    case "sale":
      return findProductIds(ctx, { ...base, reducedOnly: true });
    case "trending": {
      const ids = await findProductIds(ctx, {
        ...base,
        today: addDays(today, -NEW_ARRIVAL_DAYS - 1),
        arrivedSince: addDays(today, -TRENDING_WINDOW_DAYS),
      });
      return ids.length > 0 ? ids : findProductIds(ctx, base);
    }
  }
}
