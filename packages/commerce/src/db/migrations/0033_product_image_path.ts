import type { MigrationDb } from "../migration-helpers.ts";

/**
 * Pictures by path: whether any product still shows an uploaded picture's content (media/service.ts deletes its
 * files once none does) is one index lookup, not a scan of every product's pictures.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex("product_image_path_idx").on("product_image").column("path").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("product_image_path_idx").execute();
}
