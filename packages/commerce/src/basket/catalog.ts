import type { ProductView } from "../catalog/product-view.ts";
import { getCategoryTree } from "../catalog/service.ts";
import { getVariantLines } from "../catalog/variant-lines.ts";
import type { ShopCtx } from "../context.ts";
import type { PromotionRecord } from "../promotions/records.ts";
import { activePromotions } from "../promotions/store.ts";
import type { GiftCandidate } from "./pricing.ts";
import type { BasketProduct, BasketVariant } from "./types.ts";

/**
 * What the basket reads from the catalogue and promotion modules (through their services): its variants as the
 * store sells them, the categories above their products, the promotions running now and the gifts they give.
 */
export interface BasketCatalog {
  /** Variants by id, with their product. */
  lines: Map<number, { product: BasketProduct; variant: BasketVariant }>;
  /** A product's categories and their ancestors (promotion conditions name any level). */
  categoryIdsOf(productId: number): number[];
  promotions: PromotionRecord[];
  gifts: Map<number, GiftCandidate>;
}

export async function loadBasketCatalog(ctx: ShopCtx, variantIds: readonly number[]): Promise<BasketCatalog> {
  const [promotions, tree] = await Promise.all([
    activePromotions(ctx, ctx.shop.code, ctx.clock.now()),
    getCategoryTree(ctx),
  ]);
  const giftVariantIds = promotions.flatMap((p) => (p.effect.type === "buy_x_get_y" ? p.effect.variantIds : []));
  const found = await getVariantLines(ctx, [...variantIds, ...giftVariantIds]);
  const lines = new Map<number, { product: BasketProduct; variant: BasketVariant }>();
  const ownCategories = new Map<number, number[]>();
  for (const [id, { product, variant }] of found) {
    const { categoryIds, ...rest } = product;
    lines.set(id, { product: rest, variant });
    ownCategories.set(product.id, categoryIds);
  }
  const gifts = new Map<number, GiftCandidate>();
  for (const id of giftVariantIds) {
    const line = lines.get(id);
    if (line) gifts.set(id, line);
  }
  const withAncestors = new Map<number, number[]>();
  return {
    lines,
    promotions,
    gifts,
    categoryIdsOf(productId) {
      let ids = withAncestors.get(productId);
      if (!ids) {
        const own = ownCategories.get(productId) ?? [];
        ids = [...new Set(own.flatMap((id) => tree.ancestry(id).map((n) => n.record.id)))];
        withAncestors.set(productId, ids);
      }
      return ids;
    },
  };
}

/** A product view's summary for a line (the wishlist reads full views: it offers every size). */
export function basketProductOf(view: ProductView): BasketProduct {
  const image = view.images.find((i) => i.assetName === "front") ?? view.images[0];
  return {
    id: view.id,
    name: view.name,
    brand: view.brand,
    path: view.path,
    productType: view.productType,
    colorId: view.colorId,
    colorLabel: view.attributes.colorDetail?.values[0]?.label ?? view.colorId,
    colorHex: view.colorHex,
    image: image ? { assetName: image.assetName, url: image.url } : null,
    promotionId: view.promotionId,
  };
}

export function basketVariantOf(view: ProductView, variantId: number): BasketVariant | undefined {
  const v = view.variants.find((x) => x.id === variantId);
  if (!v) return undefined;
  return {
    id: v.id,
    size: v.size,
    sizeLabel: v.sizeLabel,
    stock: v.stock,
    isSellable: v.isSellable,
    deliveryDate: v.deliveryDate,
    price: v.price,
  };
}
