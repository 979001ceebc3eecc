import type { Db } from "../db/database.ts";
import type { Language } from "../shop/shops.ts";

/**
 * A product's pictures as the catalogue holds them: an ordered list of image paths (the demo drawings' paths,
 * an import's paths or addresses, `media/{key}` for uploaded pictures). The first is the front picture (tiles,
 * basket lines), the second the one a tile shows on hover; the media module edits the list through these.
 */

/** Names of the pictures by position: the specification's three, then numbered. */
export function imageAssetName(position: number): string {
  return ["front", "fa", "d1"][position] ?? `image${position + 1}`;
}

/** The product's brand and name in a language, or undefined when there is no such product. */
export async function productLabel(
  db: Db,
  productId: number,
  language: Language,
): Promise<{ id: number; brand: string; name: string } | undefined> {
  const row = await db
    .selectFrom("product as p")
    .leftJoin("product_translation as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.language", "=", language))
    .select(["p.id", "p.brand", "t.name"])
    .where("p.id", "=", productId)
    .executeTakeFirst();
  return row ? { id: row.id, brand: row.brand, name: row.name ?? "" } : undefined;
}

/** The product's image paths in order. */
export async function productImagePaths(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("product_image")
    .select("path")
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.path);
}

/**
 * Replaces the product's pictures by these paths in this order (call inside the transaction that publishes the
 * product's `catalog.changed` event) and marks the product changed.
 */
export async function setProductImagePaths(db: Db, productId: number, paths: readonly string[], now: Date) {
  await db.deleteFrom("product_image").where("product_id", "=", productId).execute();
  if (paths.length > 0) {
    await db
      .insertInto("product_image")
      .values(
        paths.map((path, position) => ({
          product_id: productId,
          asset_name: imageAssetName(position),
          position,
          path,
        })),
      )
      .execute();
  }
  await db.updateTable("product").set({ updated_at: now.toISOString() }).where("id", "=", productId).execute();
}

/** Whether any product shows the picture at this path (one lookup in the path index, migration 0033). */
export async function imagePathInUse(db: Db, path: string): Promise<boolean> {
  const row = await db.selectFrom("product_image").select("product_id").where("path", "=", path).executeTakeFirst();
  return row !== undefined;
}
