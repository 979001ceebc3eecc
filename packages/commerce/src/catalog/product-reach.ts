import type { Ctx } from "../context.ts";
import type { Language } from "../shop/shops.ts";
import { getCategoryTree } from "./service.ts";

/**
 * Which products a set of product conditions reaches (a promotion's preview in the back office): each given list
 * must match, any entry of a list; a category reaches the products of its subcategories too, as the promotion
 * rules count a product's categories with their ancestors (`qualifiesForPromotion`).
 */
export interface ProductConditions {
  categoryIds?: readonly number[] | undefined;
  brands?: readonly string[] | undefined;
  productIds?: readonly number[] | undefined;
}

export interface ReachedProduct {
  id: number;
  name: string;
  brand: string;
}

export interface ProductReach {
  /** How many products the conditions reach. */
  count: number;
  /** The first of them (by id), at most the limit asked for. */
  products: ReachedProduct[];
}

export async function productsReached(
  ctx: Pick<Ctx, "db">,
  conditions: ProductConditions,
  language: Language,
  limit = 50,
): Promise<ProductReach> {
  const { db } = ctx;
  const tree = await getCategoryTree(ctx);
  const categoryIds = conditions.categoryIds?.length
    ? [...new Set(conditions.categoryIds.flatMap((id) => tree.descendantIds(id)))]
    : undefined;
  // A category condition naming no known category reaches nothing.
  if (categoryIds && categoryIds.length === 0) return { count: 0, products: [] };
  let query = db.selectFrom("product");
  if (conditions.brands?.length) query = query.where("product.brand", "in", [...conditions.brands]);
  if (conditions.productIds?.length) query = query.where("product.id", "in", [...conditions.productIds]);
  if (categoryIds) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("product_category")
          .select("product_category.product_id")
          .whereRef("product_category.product_id", "=", "product.id")
          .where("product_category.category_id", "in", categoryIds),
      ),
    );
  }
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    query
      .leftJoin("product_translation", (join) =>
        join
          .onRef("product_translation.product_id", "=", "product.id")
          .on("product_translation.language", "=", language),
      )
      .select(["product.id", "product.brand", "product_translation.name"])
      .orderBy("product.id")
      .limit(Math.max(0, limit))
      .execute(),
  ]);
  return {
    count: Number(total?.n ?? 0),
    products: rows.map((r) => ({ id: Number(r.id), brand: r.brand, name: r.name ?? String(r.id) })),
  };
}
