import {
  type Clock,
  writeCatalog,
  writeOutfits,
  writePhysicalStores,
  writePromotions,
  writeStoreStock,
} from "@vitrine/commerce";
import { createTestDatabase, type TestDatabase } from "@vitrine/commerce/testing";
import { searchMigrations } from "../src/db/index.ts";
import { CATEGORIES, OUTFITS, PHYSICAL_STORES, PRODUCTS, PROMOTIONS, STORE_STOCK, TODAY } from "./fixtures.ts";

export const DIALECT = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";

/** A fresh migrated database (SQLite in memory, or a PostgreSQL schema) holding the fixture catalogue. */
export async function fixtureDatabase(): Promise<TestDatabase> {
  const testDb = await createTestDatabase({ modules: [searchMigrations] });
  const { db } = testDb;
  await writeCatalog({ db }, CATEGORIES, PRODUCTS, TODAY);
  await writePhysicalStores({ db }, PHYSICAL_STORES);
  await writeStoreStock({ db }, STORE_STOCK);
  await writePromotions({ db }, PROMOTIONS, TODAY);
  await writeOutfits({ db }, OUTFITS);
  return testDb;
}

/** A clock that starts at a moment and can be moved. */
export class TestClock implements Clock {
  private offset = 0;
  private readonly start: number;
  private readonly startedAt = Date.now();
  private readonly running: boolean;

  /** `running` clocks advance with real time (headless checks token expiry against the real clock). */
  constructor(start: Date, running = false) {
    this.start = start.getTime();
    this.running = running;
  }

  now(): Date {
    return new Date(this.start + this.offset + (this.running ? Date.now() - this.startedAt : 0));
  }

  advance(ms: number): void {
    this.offset += ms;
  }
}

/** Waits until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 2000,
) {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return { value: value as T, ms: Date.now() - started };
    } catch (error) {
      last = error;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
