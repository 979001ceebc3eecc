import { createDatabase, type Db, loadProductRecords, silentLogger, takeStock } from "@vitrine/commerce";
import { openTransaction, type TestDatabase } from "@vitrine/commerce/testing";
import { createSearchService, type SearchService } from "@vitrine/search";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECT, eventually, fixtureDatabase, TestClock } from "../../../packages/search/test/database.ts";
import { request, STORES, TODAY } from "../../../packages/search/test/fixtures.ts";
import { createCachePurger } from "../app/lib/cache-purge.server.ts";
import { productTag } from "../app/lib/http-cache.ts";

/**
 * Issue 16, done when: two transactions commit a lower-id change after a higher-id one, and another process's
 * search index and HTTP cache purges pick up both. Process A makes the changes; process B (its own database connections
 * on PostgreSQL) follows the event feed with its search service and HTTP cache purges. On SQLite, one writer at a time
 * makes the second transaction wait for the first: the same test, one after the other.
 */

const isPostgres = DIALECT === "postgres";
const SOLD_OUT_LISTING = "/c/damen/";

let testDb: TestDatabase;
let otherDb: Db;
let processA: SearchService;
let processB: SearchService;
const clock = new TestClock(TODAY);

function service(db: Db): SearchService {
  return createSearchService({
    db,
    secret: "s".repeat(40),
    clock,
    pollIntervalMs: 100,
    logger: { warn: () => undefined, info: () => undefined },
  });
}

beforeAll(async () => {
  testDb = await fixtureDatabase();
  if (isPostgres) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(testDb.db);
    otherDb = createDatabase({ url: process.env.DATABASE_URL, schema: rows[0]?.schema, poolSize: 4 });
  } else {
    otherDb = testDb.db;
  }
  processA = service(testDb.db);
  processB = service(otherDb);
  await Promise.all([processA.start(), processB.start()]);
});

afterAll(async () => {
  await processA?.stop();
  await processB?.stop();
  if (otherDb !== testDb?.db) await otherDb?.destroy();
  await testDb?.destroy();
});

/** Whether the service's listing shows the product as in stock (undefined when it does not list it). */
async function inStock(search: SearchService, productId: number): Promise<boolean | null | undefined> {
  const listing = await search.listing(request({ perPage: 100 }, STORES.de, SOLD_OUT_LISTING));
  const products = listing.products.flatMap((p) => [p, ...p.children]);
  return products.find((p) => Number(p.permanentid) === productId)?.ec_in_stock;
}

/** Every unit of the product's variants in stock, as an order of the last pieces takes them. */
async function lastPieces(productId: number) {
  const [product] = await loadProductRecords(testDb, [productId]);
  return (product?.variants ?? [])
    .filter((v) => v.stock.quantity > 0)
    .map((v) => ({ variantId: v.id, quantity: v.stock.quantity }));
}

describe(`two processes following the event feed (${DIALECT})`, () => {
  it("pick up a change committed after a later one: index and cache purges, nothing lost", async () => {
    const [first, second, untouched] = [103, 104, 105];
    for (const search of [processA, processB]) {
      for (const id of [first, second, untouched]) expect(await inStock(search, id), `${id}`).toBe(true);
    }
    // Process B's HTTP caches hear of every product whose pages must go (lib/cache-purge.server.ts).
    const purger = createCachePurger(processB, { log: silentLogger });
    const purged = new Set<string>();
    purger.onPurge((tags) => {
      for (const tag of tags) purged.add(tag);
    });
    const [firstLines, secondLines] = [await lastPieces(first), await lastPieces(second)];

    // T1 sells the last pieces of the first product (the lower event id) and stays open.
    const t1 = await openTransaction(testDb.db, async (trx) =>
      expect(await takeStock({ db: trx }, firstLines, clock.now())).toEqual({ ok: true }),
    );
    // T2 sells the last pieces of the second product (the higher id) and commits first on PostgreSQL.
    const t2 = testDb.db
      .transaction()
      .execute(async (trx) => expect(await takeStock({ db: trx }, secondLines, clock.now())).toEqual({ ok: true }));
    if (isPostgres) {
      await t2;
      // T2 committed behind T1, still open (its event lies beyond the watermark): both processes follow it now,
      // read ahead of the feed, and purge its pages; the first product stays as it was until T1 commits.
      for (const search of [processA, processB]) {
        const { ms } = await eventually(async () => (await inStock(search, second)) === false);
        expect(ms).toBeLessThan(2000);
        expect(await inStock(search, first)).toBe(true);
      }
      await eventually(async () => purged.has(productTag(second)));
      expect(purged.has(productTag(first))).toBe(false);
    }
    t1.commit();
    await Promise.all([t1.done, t2]);

    for (const search of [processA, processB]) {
      const { ms } = await eventually(
        async () => (await inStock(search, first)) === false && (await inStock(search, second)) === false,
      );
      expect(ms).toBeLessThan(2000);
      expect(await inStock(search, untouched)).toBe(true);
    }
    // Process B purges both products' pages and keeps the other one.
    await eventually(async () => purged.has(productTag(first)) && purged.has(productTag(second)));
    expect(purged.has(productTag(untouched))).toBe(false);
    purger.stop();
  });
});
