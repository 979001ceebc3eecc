import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createTestDatabase, openTransaction, type TestDatabase } from "../db/testing.ts";
import { createLogger } from "../log.ts";
import {
  compareEventCursors,
  currentEventCursor,
  EVENT_FEED_START,
  eventFeedBacklog,
  eventTransaction,
  pruneEvents,
  readEventsAfter,
  readEventsAhead,
} from "./feed.ts";
import { listenForEvents } from "./listen.ts";
import { publishEvent, publishEvents } from "./publish.ts";
import type { NewEvent, StoredEvent } from "./types.ts";

const isPostgres = /^postgres/.test(process.env.DATABASE_URL ?? "");

/**
 * Two connections to one database, as two processes have: `writer` makes changes, `reader` follows the feed.
 * SQLite: two connections to one file. PostgreSQL: two pools on one schema.
 */
interface Pair {
  writer: Db;
  reader: Db;
  schema: string | undefined;
  close(): Promise<void>;
}

async function openPair(): Promise<Pair> {
  if (isPostgres) {
    const testDb: TestDatabase = await createTestDatabase();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(testDb.db);
    const schema = rows[0]?.schema as string;
    const reader = createDatabase({ url: process.env.DATABASE_URL, schema, poolSize: 2 });
    return {
      writer: testDb.db,
      reader,
      schema,
      async close() {
        await reader.destroy();
        await testDb.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "vitrine-events-"));
  const file = join(dir, "shop.sqlite");
  const writer = createDatabase({ url: file });
  await migrateToLatest(writer, []);
  const reader = createDatabase({ url: file });
  return {
    writer,
    reader,
    schema: undefined,
    async close() {
      await reader.destroy();
      await writer.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const stock = (productId: number): NewEvent => ({
  type: "stock.changed",
  entity: "product",
  entityId: productId,
  payload: { variantIds: [productId * 10] },
});

/**
 * Reads from `cursor` until the events of the given products have arrived (at most 5 s), keeping only those. On
 * PostgreSQL an event is handed out once every transaction that started before it has ended, and other test files
 * run transactions on the same server: the read right after a commit may still have to wait for them.
 */
async function readUntil(reader: Db, cursor: string, productIds: readonly number[]) {
  const wanted = new Set(productIds.map(String));
  const events: StoredEvent[] = [];
  let at = cursor;
  const started = Date.now();
  while (Date.now() - started < 5000) {
    const batch = await readEventsAfter(reader, at, 2);
    at = batch.cursor;
    events.push(...batch.events.filter((e) => wanted.has(e.entityId)));
    if (new Set(events.map((e) => e.entityId)).size >= wanted.size) break;
    if (batch.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { events, cursor: at };
}

/** Settles after `ms` unless the promise settled first: tells whether a transaction is still waiting. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

describe(`event feed (${isPostgres ? "PostgreSQL" : "SQLite"})`, () => {
  let pair: Pair;

  beforeAll(async () => {
    pair = await openPair();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it("reads an event committed after a later one: nothing lost, each transaction's events together", async () => {
    const { writer, reader } = pair;
    const start = await currentEventCursor(reader);
    // T1 writes first (the lower id) and stays open.
    const t1 = await openTransaction(writer, (trx) => publishEvent(trx, stock(1)));
    // T2 writes after it (the higher id). PostgreSQL commits it while T1 is still open; SQLite has one writer at
    // a time, so there T2 waits for T1 and the case degenerates to one after the other.
    const t2 = writer.transaction().execute((trx) => publishEvent(trx, stock(2)));
    if (isPostgres) {
      await t2;
      // T2's row is committed and readable, with a higher id than T1's: a cursor "highest id seen" would skip T1.
      const committed = await reader.selectFrom("event").select(["id", "entity_id"]).execute();
      expect(committed.map((r) => r.entity_id)).toEqual(["2"]);
    } else {
      expect(await settledWithin(t2, 100)).toBe(false);
    }
    // While T1 is open, the reader gets nothing: T2's event lies beyond the watermark (PostgreSQL) or is not
    // written yet (SQLite).
    const during = await readEventsAfter(reader, start);
    expect(during.events).toEqual([]);
    expect(during.cursor).toBe(start);

    t1.commit();
    await Promise.all([t1.done, t2]);
    const after = await readUntil(reader, during.cursor, [1, 2]);
    expect(after.events.map((e) => [e.type, e.entity, e.entityId])).toEqual([
      ["stock.changed", "product", "1"],
      ["stock.changed", "product", "2"],
    ]);
    const [first, second] = after.events;
    expect(first?.id).toBeLessThan(second?.id as number);
    expect(first?.payload).toEqual({ variantIds: [10] });
    expect(compareEventCursors(first?.cursor as string, second?.cursor as string)).toBeLessThan(0);
    expect(after.cursor).toBe(second?.cursor);
    // Read once: nothing after the last one.
    expect((await readEventsAfter(reader, after.cursor)).events).toEqual([]);
  });

  it("reads interleaved transactions in transaction order, every event once", async () => {
    const { writer, reader } = pair;
    const start = await currentEventCursor(reader);
    // Three transactions that overlap; the first commits last.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote!: () => void;
    const firstWrote = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const first = writer.transaction().execute(async (trx) => {
      await publishEvents(trx, [stock(11), stock(12)]);
      wrote();
      await gate;
      await publishEvent(trx, stock(13));
    });
    await firstWrote;
    const second = writer.transaction().execute((trx) => publishEvent(trx, stock(21)));
    const third = writer.transaction().execute((trx) => publishEvent(trx, stock(31)));
    if (isPostgres) await Promise.all([second, third]);
    const ours = [11, 12, 13, 21, 31];
    // While the first is open, nothing of the three: the others lie beyond the watermark (or wait to write).
    const during = await readEventsAfter(reader, start, 100);
    expect(during.events.filter((e) => ours.includes(Number(e.entityId)))).toEqual([]);
    release();
    await Promise.all([first, second, third]);
    const read = await readUntil(reader, during.cursor, ours);
    expect(read.events.map((e) => e.entityId)).toEqual(["11", "12", "13", "21", "31"]);
  });

  it("drops the events of a transaction that rolls back", async () => {
    const { writer, reader } = pair;
    const start = await currentEventCursor(reader);
    await expect(
      writer.transaction().execute(async (trx) => {
        await publishEvent(trx, stock(3));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await publishEvent(writer, stock(4));
    const read = await readUntil(reader, start, [3, 4]);
    expect(read.events.map((e) => e.entityId)).toEqual(["4"]);
  });

  it("starts a reader where it misses nothing committed later", async () => {
    const { writer, reader } = pair;
    await publishEvent(writer, stock(5));
    const now = await currentEventCursor(reader);
    await publishEvent(writer, stock(6));
    const read = await readUntil(reader, now, [6]);
    expect(read.events.map((e) => e.entityId)).toEqual(["6"]);
    // SQLite starts right after the last event. PostgreSQL starts at the oldest transaction still running, so it
    // may hand out again events committed just before (a follower reloads what they name: harmless).
    if (!isPostgres) expect((await readEventsAfter(reader, now)).events.map((e) => e.entityId)).toEqual(["6"]);
    // From the very start, every event still kept.
    const all = await readUntil(reader, EVENT_FEED_START, [1, 2, 4, 5, 6]);
    expect(all.events.map((e) => e.entityId)).toEqual(["1", "2", "4", "5", "6"]);
  });

  it("prunes events older than a date and keeps the feed going", async () => {
    const { writer, reader } = pair;
    const old = new Date("2026-01-01T00:00:00Z");
    const recent = new Date("2026-03-01T00:00:00Z");
    await publishEvent(writer, stock(7), old);
    await publishEvent(writer, stock(8), recent);
    await readUntil(reader, EVENT_FEED_START, [7, 8]);
    const before = await readEventsAfter(reader, EVENT_FEED_START, 10_000);
    const olderThan = new Date("2026-02-01T00:00:00Z");
    const expected = before.events.filter((e) => e.createdAt < olderThan.toISOString()).length;
    expect(expected).toBeGreaterThan(0);
    expect(await pruneEvents({ db: writer }, olderThan)).toBe(expected);
    const after = await readEventsAfter(reader, EVENT_FEED_START, 10_000);
    expect(after.events.map((e) => e.entityId)).not.toContain("7");
    expect(after.events.map((e) => e.entityId)).toContain("8");
    expect(after.events.every((e) => e.createdAt >= olderThan.toISOString())).toBe(true);
    // A reader past the pruned events reads on as before; ids are never given out again.
    await publishEvent(writer, stock(9));
    const next = await readUntil(reader, after.cursor, [9]);
    expect(next.events.map((e) => e.entityId)).toEqual(["9"]);
    expect(next.events[0]?.id).toBeGreaterThan(Math.max(...before.events.map((e) => e.id)));
  });
});

describe.skipIf(!isPostgres)("events held back (PostgreSQL)", () => {
  let pair: Pair;

  beforeAll(async () => {
    pair = await openPair();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it("tells how many committed events wait for an open transaction, and which one is oldest", async () => {
    const { writer, reader } = pair;
    expect(await eventFeedBacklog(reader)).toEqual({ waiting: 0, oldestWaitingAt: null, blocker: null });
    const open = await openTransaction(writer, (trx) => publishEvent(trx, stock(1)));
    await publishEvent(writer, stock(2), new Date("2026-11-26T12:00:00Z"));
    try {
      const backlog = await eventFeedBacklog(reader);
      expect(backlog.waiting).toBe(1);
      expect(backlog.oldestWaitingAt).toBe("2026-11-26T12:00:00.000Z");
      expect(backlog.blocker?.pid).toBeGreaterThan(0);
      expect(backlog.blocker?.runningMs).toBeGreaterThanOrEqual(0);
    } finally {
      open.commit();
      await open.done;
    }
    await expect.poll(async () => (await eventFeedBacklog(reader)).waiting, { timeout: 5000 }).toBe(0);
  });
});

describe(`events read ahead of an open transaction (${isPostgres ? "PostgreSQL" : "SQLite"})`, () => {
  let pair: Pair;

  beforeAll(async () => {
    pair = await openPair();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it.skipIf(!isPostgres)(
    "hands out the whole transactions committed behind it, each once, and what is left beyond the limit",
    async () => {
      const { writer, reader } = pair;
      const open = await openTransaction(writer, (trx) => publishEvent(trx, stock(1)));
      try {
        // Three transactions commit behind it: one event, two events, one event.
        await publishEvent(writer, stock(2));
        await publishEvents(writer, [stock(3), stock(4)]);
        await publishEvent(writer, stock(5));
        const ours = (events: readonly StoredEvent[]) =>
          events.filter((e) => ["1", "2", "3", "4", "5"].includes(e.entityId)).map((e) => e.entityId);
        // Other test files' transactions on this server may hold the feed back too: read until ours are there.
        let all: StoredEvent[] = [];
        await expect
          .poll(
            async () => {
              all = (await readEventsAhead(reader, [])).events;
              return ours(all);
            },
            { timeout: 5000 },
          )
          .toEqual(["2", "3", "4", "5"]);
        // The open transaction's event is not among them; those read are skipped by their transaction.
        const [two, three] = all.filter((e) => e.entityId === "2" || e.entityId === "3");
        const skip = [eventTransaction(two?.cursor as string), eventTransaction(three?.cursor as string)];
        expect(ours((await readEventsAhead(reader, skip)).events)).toEqual(["5"]);
        // Whole transactions only: a limit that cuts 3-4 in two leaves that transaction for the next read.
        const others = all
          .filter((e) => !["2", "3", "4", "5"].includes(e.entityId))
          .map((e) => eventTransaction(e.cursor));
        const limited = await readEventsAhead(reader, [...others, skip[0] as string], 1);
        expect(limited.more).toBe(true);
        expect(ours(limited.events)).toEqual(["3"]);
        const cut = await readEventsAhead(reader, [...others, skip[0] as string], 2);
        expect(cut.more).toBe(true);
        expect(ours(cut.events)).toEqual(["3", "4"]);
      } finally {
        open.commit();
        await open.done;
      }
    },
  );

  it.skipIf(isPostgres)("has nothing to hand out on SQLite, where no event waits", async () => {
    await publishEvent(pair.writer, stock(6));
    expect(await readEventsAhead(pair.reader, [])).toEqual({ events: [], more: false });
  });
});

describe.skipIf(!isPostgres)("event wake-ups (PostgreSQL LISTEN/NOTIFY)", () => {
  let pair: Pair;

  beforeAll(async () => {
    pair = await openPair();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it("wake readers when a transaction with events commits, and listen again after the connection drops", async () => {
    const { writer, reader, schema } = pair;
    let wakes = 0;
    const warnings: string[] = [];
    const log = createLogger({ destination: { write: (line: string) => void warnings.push(JSON.parse(line).msg) } });
    const listener = listenForEvents(reader, () => wakes++, { retryMs: 50, log });
    try {
      await expect.poll(() => listener.listening, { timeout: 5000 }).toBe(true);
      const settled = wakes;
      const change = await openTransaction(writer, (trx) => publishEvent(trx, stock(1)));
      // Notified at commit, not before.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(wakes).toBe(settled);
      change.commit();
      await change.done;
      await expect.poll(() => wakes, { timeout: 5000 }).toBeGreaterThan(settled);

      // The server ends the listening connection (a restart, an administrator): the process goes on, listens
      // again, and wakes its reader at once for whatever it may have missed meanwhile.
      const admin = createDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
      try {
        const { rows } = await sql<{ pid: number }>`
          select pg_terminate_backend(pid) as pid from pg_stat_activity
          where application_name = ${`vitrine:${schema}`} and query ilike 'listen %'
        `.execute(admin);
        expect(rows).toHaveLength(1);
      } finally {
        await admin.destroy();
      }
      await expect.poll(() => warnings.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(warnings[0]).toContain("event listener disconnected");
      const beforeReconnect = wakes;
      await expect.poll(() => listener.listening, { timeout: 5000 }).toBe(true);
      expect(wakes).toBeGreaterThan(beforeReconnect);
      const reconnected = wakes;
      await publishEvent(writer, stock(2));
      await expect.poll(() => wakes, { timeout: 5000 }).toBeGreaterThan(reconnected);
    } finally {
      await listener.close();
    }
  });
});
