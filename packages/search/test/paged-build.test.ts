import {
  listPhysicalStores,
  loadCategoryRecords,
  loadProductRecords,
  loadStoreStock,
  type ProductRecord,
  writeCatalog,
  writePhysicalStores,
  writeStoreStock,
} from "@vitrine/commerce";
import { createTestDatabase, type TestDatabase } from "@vitrine/commerce/testing";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchMigrations } from "../src/db/index.ts";
import { CatalogBuilder, CatalogIndex } from "../src/engine/catalog-index.ts";
import { SearchEngine } from "../src/engine/search-engine.ts";
import { createSearchService, type SearchService } from "../src/service.ts";
import { DIALECT, TestClock } from "./database.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22));

/** What an index holds slot by slot: a paged build must give every product the slot a whole build gives it. */
function slots(catalog: CatalogIndex) {
  const out: unknown[] = [];
  for (let slot = 0; slot < catalog.slotCount; slot++) {
    out.push([
      catalog.productId[slot],
      catalog.group[slot],
      catalog.alive[slot],
      [...catalog.rows.subarray(slot * 16, slot * 16 + 16)],
      catalog.display[slot]?.names,
    ]);
  }
  return out;
}

function answers(catalog: CatalogIndex) {
  const engine = new SearchEngine({ catalog }, { clock: { now: () => TODAY } });
  const base = {
    trackingId: "vitrine_de",
    language: "de",
    country: "DE",
    currency: "EUR",
    context: { view: { url: "https://shop.example/de/search/" } },
  };
  const strip = <T extends { responseId: string }>(r: T) => ({ ...r, responseId: "" });
  return [
    strip(engine.search({ ...base, query: "kleid" })),
    strip(engine.search({ ...base, query: "baumwolle", page: 2 })),
    strip(engine.listing({ ...base, context: { view: { url: "https://shop.example/de/c/damen/" } } })),
  ];
}

describe(`the search index built page by page on ${DIALECT}`, () => {
  let testDb: TestDatabase;
  let service: SearchService;
  let products: ProductRecord[];

  beforeAll(async () => {
    const demo = generateDemoCatalog({ products: 1000, seed: 7, today: TODAY });
    products = demo.products;
    // A colour added to an early group long after (its id is the highest): its group's slots must still follow
    // one another, so pages are loaded in the build order, not by id.
    const first = products[0] as ProductRecord;
    const last = products[products.length - 1] as ProductRecord;
    last.masterKey = first.masterKey;
    last.colorId = first.colorId === "black" ? "white" : "black";
    testDb = await createTestDatabase({ modules: [searchMigrations] });
    await writeCatalog(testDb, demo.categories, products, TODAY);
    await writePhysicalStores(testDb, demo.stores);
    await writeStoreStock(testDb, demo.storeStock);
    // A product out of the shop is not loaded.
    await testDb.db
      .updateTable("product")
      .set({ status: "hidden" })
      .where("id", "=", (products[10] as ProductRecord).id)
      .execute();
    service = createSearchService({
      db: testDb.db,
      secret: "s".repeat(40),
      clock: new TestClock(TODAY),
      pollIntervalMs: 100,
      logger: { warn: () => undefined, info: () => undefined },
    });
    await service.start();
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await testDb?.destroy();
  });

  it("gives the same index as a build from all records at once", async () => {
    const [categories, records, storeStock, physicalStores] = await Promise.all([
      loadCategoryRecords(testDb),
      loadProductRecords(testDb),
      loadStoreStock(testDb),
      listPhysicalStores(testDb),
    ]);
    const whole = CatalogIndex.build({ categories, products: records, storeStock, physicalStores });
    const paged = service.engine?.catalog as CatalogIndex;
    expect(paged.liveCount).toBe(products.length - 1);
    expect(paged.slotOfProduct.has((products[10] as ProductRecord).id)).toBe(false);
    // The late colour sits next to its group's first product.
    const lastSlot = paged.slotOfProduct.get((products[products.length - 1] as ProductRecord).id) as number;
    expect(paged.group[lastSlot]).toBe(
      paged.group[paged.slotOfProduct.get((products[0] as ProductRecord).id) as number],
    );
    expect(paged.displacedGroups.size).toBe(0);
    expect(slots(paged)).toEqual(slots(whole));
    expect(answers(paged)).toEqual(answers(whole));
  });

  it("loads the products asked for as the whole load has them, read as an id range or as a list", async () => {
    const all = await loadProductRecords(testDb);
    const byId = new Map(all.map((p) => [p.id, p]));
    const ids = all.map((p) => p.id);
    // Most of a span (read as a range: the ids left out must stay out), and a sparse few (read as a list).
    const dense = ids.slice(100, 700).filter((id) => id % 7 !== 0);
    const sparse = ids.filter((_, i) => i % 50 === 0);
    for (const asked of [dense, sparse, dense.slice(0, 10)]) {
      expect(await loadProductRecords(testDb, asked)).toEqual(asked.map((id) => byId.get(id)));
    }
  });

  it("gives the same index whatever the page size", () => {
    const input = { categories: generateDemoCatalog({ products: 1, seed: 7, today: TODAY }).categories };
    const all = CatalogIndex.build({ ...input, products, storeStock: [], physicalStores: [] });
    const order = CatalogIndex.buildOrder(products);
    for (const pageSize of [1, 7, 400]) {
      const builder = new CatalogBuilder({ ...input, storeStock: [], physicalStores: [] }, pageSize);
      for (let at = 0; at < order.length; at += pageSize) {
        builder.add(Array.from(order.subarray(at, at + pageSize), (i) => products[i] as ProductRecord));
      }
      const built = builder.finish();
      expect(slots(built)).toEqual(slots(all));
      expect(answers(built)).toEqual(answers(all));
    }
  });
});
