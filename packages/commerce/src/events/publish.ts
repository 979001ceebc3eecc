import { sql } from "kysely";
import type { Clock } from "../clock.ts";
import { type Db, dialect } from "../db/database.ts";
import { chunk } from "../util.ts";
import type { NewEvent } from "./types.ts";

/** The PostgreSQL channel that wakes feed readers up (listen.ts). */
export const EVENT_CHANNEL = "vitrine_events";

/** A database or transaction, or a context carrying one (and its clock). */
export type EventSink = Db | { db: Db; clock?: Clock };

const ROWS_PER_INSERT = 500;

function isDb(sink: EventSink): sink is Db {
  return typeof (sink as Db).selectFrom === "function";
}

/**
 * Writes events in the caller's transaction: pass the transaction that makes the change, so the events commit
 * or roll back with it. `now` defaults to the context's clock. On PostgreSQL a notification wakes the readers up
 * when the transaction commits (PostgreSQL holds it until then and drops it on rollback).
 */
export async function publishEvents(sink: EventSink, events: readonly NewEvent[], now?: Date): Promise<void> {
  if (events.length === 0) return;
  const db = isDb(sink) ? sink : sink.db;
  const createdAt = (now ?? (isDb(sink) ? undefined : sink.clock?.now()) ?? new Date()).toISOString();
  for (const batch of chunk(events, ROWS_PER_INSERT)) {
    await db
      .insertInto("event")
      .values(
        batch.map((e) => ({
          type: e.type,
          entity: e.entity,
          entity_id: String(e.entityId),
          payload: JSON.stringify(e.payload ?? {}),
          created_at: createdAt,
        })),
      )
      .execute();
  }
  if (dialect(db) === "postgres") await sql`select pg_notify(${EVENT_CHANNEL}, '')`.execute(db);
}

export function publishEvent(sink: EventSink, event: NewEvent, now?: Date): Promise<void> {
  return publishEvents(sink, [event], now);
}

/** Whether an event of this entity was recorded (a provider's webhook by its id: entity `payment_webhook`). */
export async function eventRecorded(db: Db, entity: string, entityId: string): Promise<boolean> {
  const row = await db
    .selectFrom("event")
    .select("id")
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .executeTakeFirst();
  return row !== undefined;
}
