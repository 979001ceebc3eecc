import type { Basket } from "@vitrine/commerce";
import type { Product } from "@vitrine/search";
import type { StoreRequest } from "./shop.server.ts";

/**
 * Recommendations on the basket and wishlist pages, from the search service's recommendation slots: what is
 * trending for an empty basket, what is bought together with the basket's products otherwise (new arrivals
 * when the shop has no purchase history yet).
 */
const BASKET_RECOMMENDATION_LIMIT = 12;

export interface RecommendedProduct {
  id: number;
  name: string;
  brand: string;
  path: string;
  imageUrl: string | null;
  /** What the shopper pays, in cents. */
  price: number;
  /** The regular price when reduced. */
  listPrice: number | null;
}

export interface BasketRecommendations {
  headline: string;
  products: RecommendedProduct[];
}

function recommended(product: Product): RecommendedProduct {
  const f = product.additionalFields;
  return {
    id: f.productId,
    name: product.ec_name ?? "",
    brand: product.ec_brand ?? "",
    path: f.path,
    imageUrl: f.image ?? null,
    price: f.priceCents,
    listPrice: f.priceCents < f.listPriceCents ? f.listPriceCents : null,
  };
}

export async function basketRecommendations(
  store: StoreRequest,
  basket: Pick<Basket, "items" | "isEmpty">,
  pageUrl: string,
): Promise<BasketRecommendations> {
  const { shop } = store;
  const cart = basket.items
    .filter((i) => !i.isGift)
    .map((i) => ({ productId: String(i.product.id), quantity: i.quantity }));
  const slots = basket.isEmpty ? ["trending", "new-arrivals"] : ["bought-together", "new-arrivals"];
  for (const slotId of slots) {
    try {
      const response = await store.services.search.recommendations({
        slotId,
        trackingId: shop.trackingId,
        language: shop.language,
        country: shop.country,
        currency: shop.currency,
        context: { view: { url: pageUrl }, cart },
        perPage: BASKET_RECOMMENDATION_LIMIT,
      });
      if (response.products.length > 0) {
        return {
          headline: response.headline,
          products: response.products.slice(0, BASKET_RECOMMENDATION_LIMIT).map(recommended),
        };
      }
    } catch (error) {
      // Recommendations are a convenience: the page works without them.
      store.ctx.log.error({ err: error, slotId }, "basket recommendations failed");
    }
  }
  return { headline: "", products: [] };
}
