import type { Generated } from "kysely";

/** The event feed (migration 0007_events; packages/commerce/src/events). */
export interface EventTable {
  id: Generated<number>;
  /** What happened: one of `EVENT_TYPES` (events/types.ts). */
  type: string;
  /** What it happened to (`product`, `order`, `customer`, …) and its id, as text. */
  entity: string;
  entity_id: string;
  /** JSON object with the details consumers need. */
  payload: string;
  created_at: string;
  // PostgreSQL also has `xid xid8` (the writing transaction): only the feed reader uses it, in raw SQL.
}

export interface EventTables {
  event: EventTable;
}
