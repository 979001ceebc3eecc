import type { ShopCtx } from "../context.ts";
import { chunk, groupBy } from "../util.ts";
import { type DeliveryDate, isSellable, type Price, priceOf, type Stock, variantDeliveryDate } from "./pricing.ts";
import { productPath, sizeLabelOf } from "./product-view.ts";
import { colourHex, colourName } from "./vocabulary.ts";

/**
 * Variants as one line of a basket or an order shows them, in a store: the size with its stock, delivery date and
 * price, and the little of its product a line needs (name, brand, colour, front image, categories). Two queries
 * for any number of variants: the basket reads this on every call, so it skips the full product view.
 */

export interface VariantLineProduct {
  id: number;
  name: string;
  brand: string;
  /** Canonical product path without store prefix. */
  path: string;
  productType: string;
  colorId: string;
  colorLabel: string;
  colorHex: string;
  image: { assetName: string; url: string } | null;
  promotionId: string | null;
  /** The product's own categories (not their ancestors). */
  categoryIds: number[];
}

export interface VariantLineVariant {
  id: number;
  size: string;
  sizeLabel: string;
  stock: Stock;
  isSellable: boolean;
  deliveryDate: DeliveryDate;
  price: Price;
}

export interface VariantLine {
  product: VariantLineProduct;
  variant: VariantLineVariant;
}

const BATCH = 400;

/** The variants sold in the store, by id; unknown ids and variants without a price in the store are left out. */
export async function getVariantLines(ctx: ShopCtx, variantIds: readonly number[]): Promise<Map<number, VariantLine>> {
  const { db, shop } = ctx;
  const out = new Map<number, VariantLine>();
  const unique = [...new Set(variantIds)];
  if (unique.length === 0) return out;
  const today = ctx.clock.now();
  for (const batch of chunk(unique, BATCH)) {
    const rows = await db
      .selectFrom("variant as v")
      .innerJoin("product as p", (j) => j.onRef("p.id", "=", "v.product_id").on("p.status", "=", "active"))
      .innerJoin("variant_price as vp", (j) =>
        j.onRef("vp.variant_id", "=", "v.id").on("vp.price_zone", "=", shop.country),
      )
      .leftJoin("product_translation as t", (j) =>
        j.onRef("t.product_id", "=", "p.id").on("t.language", "=", shop.language),
      )
      .leftJoin("product_image as i", (j) => j.onRef("i.product_id", "=", "p.id").on("i.asset_name", "=", "front"))
      .select([
        "v.id as variantId",
        "v.size",
        "v.stock_quantity",
        "v.sellable_without_stock",
        "v.delivery_min_days",
        "v.delivery_max_days",
        "p.id as productId",
        "p.reference_key",
        "p.brand",
        "p.product_type",
        "p.color_id",
        "p.promotion_id",
        "t.name",
        "i.path as imagePath",
        "vp.currency",
        "vp.list_price",
        "vp.sale_price",
        "vp.reduction_category",
      ])
      .where("v.id", "in", batch)
      .where("v.removed_at", "is", null)
      .execute();
    if (rows.length === 0) continue;
    const categories = groupBy(
      await db
        .selectFrom("product_category")
        .select(["product_id", "category_id"])
        .where("product_id", "in", [...new Set(rows.map((r) => r.productId))])
        .orderBy("position")
        .execute(),
      (c) => c.product_id,
    );
    for (const r of rows) {
      const name = r.name ?? r.reference_key;
      const stock: Stock = { quantity: r.stock_quantity, isSellableWithoutStock: r.sellable_without_stock === 1 };
      out.set(r.variantId, {
        product: {
          id: r.productId,
          name,
          brand: r.brand,
          path: productPath(name, r.productId),
          productType: r.product_type,
          colorId: r.color_id,
          colorLabel: colourName(r.color_id, shop.language),
          colorHex: colourHex(r.color_id),
          image: r.imagePath ? { assetName: "front", url: ctx.imageUrl(r.imagePath) } : null,
          promotionId: r.promotion_id,
          categoryIds: (categories.get(r.productId) ?? []).map((c) => c.category_id),
        },
        variant: {
          id: r.variantId,
          size: r.size,
          sizeLabel: sizeLabelOf(r.size, shop.language),
          stock,
          isSellable: isSellable(stock),
          deliveryDate: variantDeliveryDate(
            { deliveryDays: { min: r.delivery_min_days, max: r.delivery_max_days }, stock },
            today,
            shop.country,
          ),
          price: priceOf(
            {
              currency: r.currency as Price["currency"],
              listPrice: r.list_price,
              salePrice: r.sale_price,
              reductionCategory: r.reduction_category,
            },
            shop.country,
          ),
        },
      });
    }
  }
  return out;
}
