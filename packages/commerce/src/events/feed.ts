import { sql } from "kysely";
import type { Ctx } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import { parseJson } from "../json.ts";
import type { EventCursor, EventType, StoredEvent } from "./types.ts";

/**
 * Reading the event feed in order, without gaps.
 *
 * SQLite runs one writer at a time: an event id is taken inside the writing transaction and no other writer can
 * take one before it commits, so id order is commit order and "after the last id read" misses nothing.
 *
 * PostgreSQL takes ids from a sequence outside transaction order: a transaction can take id 10, stay open, and
 * commit after another took id 11 and committed. A reader that had moved its cursor to 11 would never see 10.
 * Rows therefore carry the writing transaction's id (`xid`), and a reader only reads rows whose transaction id is
 * below the xmin of its snapshot: every transaction below xmin has ended, so that set of rows can no longer
 * grow. It reads them in (xid, id) order and keeps (xid, id) as its cursor. Events of a transaction still open
 * (or of one that started before it) wait until it ends: a long transaction holds the feed back, it never loses
 * anything. The order is transaction-id order: the events of one transaction come together, in the order written.
 * A reader that must not wait that long (the search index, while a catalogue import writes for minutes) also
 * reads the transactions committed behind the open one with `readEventsAhead`, and skips them when they come.
 */

export const EVENT_FEED_START: EventCursor = "0:0";

interface Position {
  xid: bigint;
  id: number;
}

function parseCursor(cursor: EventCursor): Position {
  const match = /^(\d+):(\d+)$/.exec(cursor);
  if (!match) throw new Error(`not an event cursor: ${cursor}`);
  return { xid: BigInt(match[1] as string), id: Number(match[2]) };
}

const formatCursor = (p: Position): EventCursor => `${p.xid}:${p.id}`;

/** Orders two cursors: negative when `a` is before `b`. */
export function compareEventCursors(a: EventCursor, b: EventCursor): number {
  const pa = parseCursor(a);
  const pb = parseCursor(b);
  if (pa.xid !== pb.xid) return pa.xid < pb.xid ? -1 : 1;
  return pa.id - pb.id;
}

export function laterEventCursor(a: EventCursor, b: EventCursor): EventCursor {
  return compareEventCursors(a, b) >= 0 ? a : b;
}

interface EventRow {
  id: number | string;
  type: string;
  entity: string;
  entity_id: string;
  payload: string;
  created_at: string;
  xid: string;
}

/**
 * Up to `limit` events after `cursor`, oldest first, and the cursor to read on from (the same one when there
 * were none). Only events whose transactions have committed and below which nothing can still appear.
 */
export async function readEventsAfter(
  db: Db,
  cursor: EventCursor,
  limit = 1000,
): Promise<{ events: StoredEvent[]; cursor: EventCursor }> {
  const after = parseCursor(cursor);
  let rows: EventRow[];
  if (dialect(db) === "postgres") {
    const result = await sql<EventRow>`
      select id, type, entity, entity_id, payload, created_at, xid::text as xid
      from event
      where xid < pg_snapshot_xmin(pg_current_snapshot())
        and (xid, id) > (${after.xid.toString()}::xid8, ${after.id})
      order by xid, id
      limit ${limit}
    `.execute(db);
    rows = result.rows;
  } else {
    const found = await db
      .selectFrom("event")
      .select(["id", "type", "entity", "entity_id", "payload", "created_at"])
      .where("id", ">", after.id)
      .orderBy("id")
      .limit(limit)
      .execute();
    rows = found.map((r) => ({ ...r, xid: "0" }));
  }
  const events = rows.map(storedEvent);
  return { events, cursor: events.at(-1)?.cursor ?? cursor };
}

function storedEvent(r: EventRow): StoredEvent {
  return {
    id: Number(r.id),
    type: r.type as EventType,
    entity: r.entity,
    entityId: r.entity_id,
    payload: parseJson<Record<string, unknown>>(r.payload, {}),
    createdAt: r.created_at,
    cursor: formatCursor({ xid: BigInt(r.xid), id: Number(r.id) }),
  };
}

/** The transaction (`xid`) of an event's cursor, "0" on SQLite. */
export function eventTransaction(cursor: EventCursor): string {
  return parseCursor(cursor).xid.toString();
}

/**
 * On PostgreSQL, the events `readEventsAfter` still holds back although their transactions have committed: an
 * older transaction still runs (a long catalogue import, a report), and events of transactions that started after
 * it wait for it to end. A reader that applies them now (and skips them when `readEventsAfter` hands them out
 * later) follows orders and stock while that transaction runs. `skip`: transactions (their `xid`, as in a cursor)
 * already read ahead. Whole transactions only, in transaction order; when more than `limit` events are there,
 * `more` is true and the last transaction listed is left for the next read (when it is the only one, its first
 * `limit` events come, and `more` tells the reader to reload what it follows). Nothing on SQLite: it never holds
 * an event back.
 */
export async function readEventsAhead(
  db: Db,
  skip: readonly string[],
  limit = 1000,
): Promise<{ events: StoredEvent[]; more: boolean }> {
  if (dialect(db) !== "postgres") return { events: [], more: false };
  const { rows } = await sql<EventRow>`
    with now as (select pg_current_snapshot() as snapshot)
    select id, type, entity, entity_id, payload, created_at, xid::text as xid
    from event, now
    where xid >= pg_snapshot_xmin(now.snapshot)
      and pg_visible_in_snapshot(xid, now.snapshot)
      and xid <> all(${`{${skip.join(",")}}`}::xid8[])
    order by xid, id
    limit ${limit + 1}
  `.execute(db);
  let kept = rows;
  const more = rows.length > limit;
  if (more) {
    const last = rows[limit - 1]?.xid;
    const whole = rows.slice(0, limit).filter((r) => r.xid !== last);
    kept = whole.length > 0 ? whole : rows.slice(0, limit);
  }
  return { events: kept.map(storedEvent), more };
}

/**
 * A cursor for a reader about to load the state it follows: no event committed after the call lies behind it.
 * On PostgreSQL it stands at the oldest transaction still running (xmin), so events of that transaction and of
 * later ones, also those committed just before the call, are read from it: a follower may apply them twice, which
 * is harmless (it reloads what they name).
 */
export async function currentEventCursor(db: Db): Promise<EventCursor> {
  if (dialect(db) === "postgres") {
    const { rows } = await sql<{ xmin: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(
      db,
    );
    return formatCursor({ xid: BigInt(rows[0]?.xmin ?? "0"), id: 0 });
  }
  const row = await db
    .selectFrom("event")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return formatCursor({ xid: 0n, id: Number(row?.max ?? 0) });
}

/**
 * Deletes events written before `olderThan` (retention). Every reader follows the feed continuously, so events
 * that old have been read. Returns how many went.
 */
export async function pruneEvents(ctx: Pick<Ctx, "db">, olderThan: Date): Promise<number> {
  const result = await ctx.db.deleteFrom("event").where("created_at", "<", olderThan.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface EventFeedBacklog {
  /** Committed events readers cannot have yet: a transaction that started before them is still running. */
  waiting: number;
  /** When the oldest of them was written (null when none wait). */
  oldestWaitingAt: string | null;
  /** The oldest running transaction that holds them back, anywhere on the PostgreSQL server. */
  blocker: {
    pid: number;
    database: string | null;
    application: string | null;
    /** How long its transaction has been running, by the server's clock. */
    runningMs: number;
  } | null;
}

/**
 * What holds the feed back on PostgreSQL. The watermark is server-wide: a transaction left open in any database of
 * the server (an idle session in a transaction, a long import or report) keeps every reader from newer events
 * until it ends. SQLite has no such wait.
 */
export async function eventFeedBacklog(db: Db): Promise<EventFeedBacklog> {
  if (dialect(db) !== "postgres") return { waiting: 0, oldestWaitingAt: null, blocker: null };
  const { rows } = await sql<{ waiting: string; oldest: string | null }>`
    select count(*) as waiting, min(created_at) as oldest
    from event where xid >= pg_snapshot_xmin(pg_current_snapshot())
  `.execute(db);
  const waiting = Number(rows[0]?.waiting ?? 0);
  if (waiting === 0) return { waiting, oldestWaitingAt: null, blocker: null };
  const { rows: blockers } = await sql<{
    pid: number;
    database: string | null;
    application: string | null;
    running_ms: number | string | null;
  }>`
    select pid, datname as database, application_name as application,
      extract(epoch from clock_timestamp() - xact_start) * 1000 as running_ms
    from pg_stat_activity
    where backend_xid is not null and pid <> pg_backend_pid()
    order by age(backend_xid) desc
    limit 1
  `.execute(db);
  const blocker = blockers[0];
  return {
    waiting,
    oldestWaitingAt: rows[0]?.oldest ?? null,
    blocker: blocker
      ? {
          pid: Number(blocker.pid),
          database: blocker.database,
          application: blocker.application,
          runningMs: Math.round(Number(blocker.running_ms ?? 0)),
        }
      : null,
  };
}
