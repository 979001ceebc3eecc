import type { Db } from "./database.ts";

/**
 * A value read from the database that every process keeps for `ttlMs` instead of reading it on each request
 * (things every page shows: shop settings, the maintenance flag, whether the shop has physical stores). A change
 * made by this process drops the reading at once (`forget`); one made by another process arrives by the event feed,
 * whose listener forgets it too, and the TTL bounds how long a lagging feed can keep it. A failed read is not kept.
 */
export interface ProcessReading<T> {
  get(db: Db, now?: number): Promise<T>;
  forget(db: Db): void;
}

export function processReading<T>(ttlMs: number, read: (db: Db) => Promise<T>): ProcessReading<T> {
  const readings = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return {
    get(db, now = Date.now()) {
      const kept = readings.get(db);
      if (kept && now - kept.at < ttlMs) return kept.value;
      const value = read(db);
      readings.set(db, { at: now, value });
      value.catch(() => {
        if (readings.get(db)?.value === value) readings.delete(db);
      });
      return value;
    },
    forget(db) {
      readings.delete(db);
    },
  };
}
