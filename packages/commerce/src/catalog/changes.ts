import type { NewEvent } from "../events/types.ts";

/**
 * What of the catalogue a `catalog.changed` event names (its `entity`). The search index of every process
 * follows these events; `catalog` with id `*` means "reload everything".
 */
export type CatalogEntity = "product" | "category" | "promotion" | "catalog" | "merchandising" | "vocabulary";

/** Changes beyond this many in one go collapse into one "reload everything" event. */
const RELOAD_ALL_ABOVE = 1000;

/** The `catalog.changed` events for changed catalogue data, to publish in the transaction of the change. */
export function catalogChangeEvents(entity: CatalogEntity, entityIds: readonly (string | number)[]): NewEvent[] {
  if (entityIds.length > RELOAD_ALL_ABOVE) return [{ type: "catalog.changed", entity: "catalog", entityId: "*" }];
  return entityIds.map((id) => ({ type: "catalog.changed", entity, entityId: String(id) }));
}
