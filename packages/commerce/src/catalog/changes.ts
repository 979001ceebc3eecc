import type { Db } from "../db/database.ts";

/**
 * Entities whose changes the search index follows. `catalog` with id `*` means "reload everything". `content`
 * (content pages) does not concern the index, but its changes travel the same way to every storefront process,
 * whose page cache drops what it rendered before (apps/storefront/app/lib/page-cache.server.ts).
 */
export type CatalogEntity = "product" | "category" | "promotion" | "catalog" | "merchandising" | "content";

export interface CatalogChange {
  id: number;
  entity: CatalogEntity;
  entityId: string;
}

/** Records that catalogue data changed; indexes in every process pick it up by polling or LISTEN/NOTIFY. */
export async function recordCatalogChanges(
  db: Db,
  entity: CatalogEntity,
  entityIds: readonly (string | number)[],
  now: Date,
): Promise<void> {
  if (entityIds.length === 0) return;
  const changedAt = now.toISOString();
  // Large imports collapse into one "reload everything" change instead of one row per product.
  const rows =
    entityIds.length > 1000
      ? [{ entity: "catalog", entity_id: "*", changed_at: changedAt }]
      : entityIds.map((id) => ({ entity, entity_id: String(id), changed_at: changedAt }));
  await db.insertInto("catalog_change").values(rows).execute();
}

export async function latestCatalogChangeId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("catalog_change")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export async function catalogChangesSince(db: Db, afterId: number, limit = 5000): Promise<CatalogChange[]> {
  const rows = await db
    .selectFrom("catalog_change")
    .select(["id", "entity", "entity_id"])
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), entity: r.entity as CatalogEntity, entityId: r.entity_id }));
}
