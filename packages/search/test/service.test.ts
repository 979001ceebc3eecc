import {
  addPhysicalStore,
  addVocabularyValue,
  catalogChangeEvents,
  cliActor,
  currentVocabulary,
  loadProductRecords,
  publishEvent,
  publishEvents,
  removePhysicalStore,
  saveAttributeDefinition,
  setProductStoreStock,
  updateVocabularyValue,
  writeCategoryRecords,
  writeProductRecords,
} from "@vitrine/commerce";
import { openTransaction, type TestDatabase, testCtx } from "@vitrine/commerce/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchValidationError } from "../src/api/errors.ts";
import type { FacetRequest, ListingResponse, LocationFacetResponse, RegularFacetResponse } from "../src/api/types.ts";
import { searchDb } from "../src/db/index.ts";
import { type EventRow, insertEventRows, upsertLearnedQueries } from "../src/events/events.ts";
import { addRule, addSynonym } from "../src/merchandising/rules.ts";
import { createSearchService, type SearchService } from "../src/service.ts";
import { DIALECT, eventually, fixtureDatabase, TestClock } from "./database.ts";
import { CATEGORIES, request, STORES, TODAY } from "./fixtures.ts";

const ids = (r: Pick<ListingResponse, "products">) => r.products.map((p) => Number(p.permanentid)).sort();

describe(`search service on ${DIALECT}`, () => {
  let testDb: TestDatabase;
  let service: SearchService;
  const clock = new TestClock(TODAY);

  beforeAll(async () => {
    testDb = await fixtureDatabase();
    service = createSearchService({
      db: testDb.db,
      secret: "s".repeat(40),
      clock,
      pollIntervalMs: 100,
      refreshIntervalMs: 200,
      logger: { warn: () => undefined, info: () => undefined },
    });
    await service.start();
  });

  afterAll(async () => {
    await service?.stop();
    await testDb?.destroy();
  });

  it("builds the five store indexes from the database", async () => {
    expect(service.status()).toMatchObject({ ready: true, products: 8 });
    expect((await service.listing(request({}, STORES.de, "/c/damen/"))).pagination.totalEntries).toBe(5);
    expect((await service.listing(request({}, STORES.ch, "/c/damen/"))).pagination.totalEntries).toBe(6);
    const en = await service.search(request({ query: "coat" }, STORES.en));
    expect(ids(en)).toEqual([104]);
  });

  it("shows product changes within 2 seconds, without a full rebuild", async () => {
    const builtAt = service.status().builtAt;
    const [coat] = await loadProductRecords(testDb, [104]);
    if (!coat) throw new Error("fixture");
    await writeProductRecords(
      testDb,
      [
        {
          ...coat,
          variants: coat.variants.map((v) => ({
            ...v,
            prices: {
              ...v.prices,
              DE: { currency: "EUR", listPrice: 19995, salePrice: 14995, reductionCategory: "sale" },
            },
          })),
        },
      ],
      clock.now(),
    );
    const { ms } = await eventually(async () => {
      const sale = await service.listing(request({}, STORES.de, "/c/sale/"));
      return ids(sale).includes(104) ? sale : undefined;
    });
    expect(ms).toBeLessThan(2000);
    expect(service.status().builtAt).toBe(builtAt);
  });

  it("finds German compounds by their parts and the merchant's synonyms of several words", async () => {
    const first = async (query: string) =>
      (await service.search(request({ query }, STORES.de))).products.map((p) => Number(p.permanentid));
    // "Sommerkleid aus Leinen" first: the shopper wrote the compound as two words.
    expect((await first("sommer kleid"))[0]).toBe(103);
    // A compound the catalogue does not know, as its parts: "leinen" and "kleid".
    expect(await first("leinenkleid")).toEqual([103]);
    // "party" is no word of the catalogue: the head of the product type "Kleid" finds the dresses.
    expect((await first("partykleid")).sort()).toEqual([101, 103, 107]);
    const synonym = await addSynonym(
      testDb.db,
      { language: "de", terms: ["Partykleid", "Kleid aus Seide"] },
      clock.now(),
    );
    expect(synonym.ok).toBe(true);
    const { value: party } = await eventually(async () => {
      const found = await first("partykleid");
      return found.length === 1 ? found : undefined;
    });
    expect(party).toEqual([107]);
  });

  it("drops deleted products", async () => {
    await testDb.db.deleteFrom("product").where("id", "=", 103).execute();
    await publishEvents(testDb.db, catalogChangeEvents("product", [103]), clock.now());
    await eventually(async () => {
      const dresses = await service.listing(request({}, STORES.de, "/c/damen/bekleidung/kleider/"));
      return !ids(dresses).includes(103);
    });
  });

  it("tells which products changed, apart from changes that concern everything", async () => {
    const { version, productVersion } = service;
    // On PostgreSQL an event is read once every transaction before it has ended (other test files write too):
    // each step waits until the poll has applied it.
    await publishEvents(testDb.db, catalogChangeEvents("product", [101, 102]), clock.now());
    await eventually(() => service.productVersion === productVersion + 1);
    expect(service.version).toBe(version);
    await publishEvent(testDb.db, { type: "stock.changed", entity: "product", entityId: 105 }, clock.now());
    await eventually(() => service.productVersion === productVersion + 2);
    const changes = service.productChangesSince(productVersion);
    expect([...(changes?.ids ?? [])].sort()).toEqual([101, 102, 105]);
    expect(changes?.firstAt).toBeLessThanOrEqual(Date.now());
    expect(service.productChangesSince(service.productVersion)?.ids.size).toBe(0);
    // Content concerns every page: the general version moves, the product version does not.
    await publishEvent(
      testDb.db,
      { type: "content.published", entity: "content", entityId: "de:service:versand" },
      clock.now(),
    );
    await eventually(() => service.version === version + 1);
    await service.refresh();
    expect(service.version).toBe(version + 1);
    expect(service.productVersion).toBe(productVersion + 2);
  });

  it.skipIf(DIALECT !== "postgres")(
    "follows changes committed while an older transaction still runs (a long import), each event once",
    async () => {
      // A transaction that changed product 101 and stays open, as a catalogue import's write does for minutes.
      const open = await openTransaction(testDb.db, (trx) =>
        publishEvent(trx, { type: "catalog.changed", entity: "product", entityId: 101 }, clock.now()),
      );
      const { productVersion } = service;
      let aheadVersion = 0;
      try {
        // Meanwhile the shop sells: a stock change of 105 commits behind it, and is followed at once.
        await publishEvent(testDb.db, { type: "stock.changed", entity: "product", entityId: 105 }, clock.now());
        const { ms } = await eventually(() => service.productVersion > productVersion);
        expect(ms).toBeLessThan(2000);
        expect([...(service.productChangesSince(productVersion)?.ids ?? [])]).toEqual([105]);
        aheadVersion = service.productVersion;
      } finally {
        open.commit();
        await open.done;
      }
      // When the long one ends, its change comes, and 105's does not come a second time.
      await eventually(() => service.productChangesSince(aheadVersion)?.ids.has(101) === true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await service.refresh();
      expect([...(service.productChangesSince(aheadVersion)?.ids ?? [])]).toEqual([101]);
    },
  );

  it("follows physical stores and their stock per size: the 'available in store' facet within 2 seconds", async () => {
    const ctx = testCtx(testDb.db, { clock });
    const actor = cliActor("test");
    const inStore = (name: string): FacetRequest =>
      ({ facetId: "store", type: "location", values: [{ value: name, state: "selected" }] }) as FacetRequest;
    const storeValues = async () => {
      const r = await service.listing(request({}, STORES.de, "/c/damen/"));
      return (r.facets.find((f) => f.facetId === "store") as LocationFacetResponse | undefined)?.values ?? [];
    };
    const added = await addPhysicalStore(ctx, actor, {
      name: "Vitrine Aachen",
      street: "Domhof 1",
      zipCode: "52062",
      city: "Aachen",
      countryCode: "DE",
      latitude: 50.77,
      longitude: 6.08,
      phone: "",
      email: "aachen@stores.vitrine.example",
      openingHours: [null, null, null, null, null, null, null],
    });
    expect(added.ok).toBe(true);
    const [dress] = await loadProductRecords(testDb, [101]);
    const variant = dress?.variants[0];
    if (!variant) throw new Error("fixture");
    const saved = await setProductStoreStock(ctx, actor, 101, [
      { variantId: variant.id, storeId: "vitrine-aachen", quantity: 2 },
    ]);
    expect(saved).toEqual({ ok: true, changed: 1 });
    const { ms } = await eventually(async () => {
      const values = await storeValues();
      return values.some((v) => v.value === "Vitrine Aachen" && v.numberOfResults === 1) || undefined;
    });
    expect(ms).toBeLessThan(2000);
    const filtered = await service.listing(request({ facets: [inStore("Vitrine Aachen")] }, STORES.de, "/c/damen/"));
    expect(ids(filtered)).toEqual([101]);

    // Sold out in the store: the product leaves the filter (no rebuild: the product is indexed again).
    await setProductStoreStock(ctx, actor, 101, [{ variantId: variant.id, storeId: "vitrine-aachen", quantity: 0 }]);
    await eventually(async () => !(await storeValues()).some((v) => v.value === "Vitrine Aachen") || undefined);
    expect((await removePhysicalStore(ctx, actor, "vitrine-aachen")).ok).toBe(true);
    await eventually(async () => !service.engine?.catalog.physicalStores.some((s) => s.id === "vitrine-aachen"));
  });

  it("rebuilds when categories change", async () => {
    const jackets = CATEGORIES.find((c) => c.key === "women-jackets");
    if (!jackets) throw new Error("fixture");
    await writeCategoryRecords(
      testDb,
      [
        {
          ...jackets,
          translations: { ...jackets.translations, de: { ...jackets.translations.de, name: "Jacken & Mäntel" } },
        },
      ],
      clock.now(),
    );
    await eventually(async () => {
      const r = await service.search(request({ query: "mantel" }, STORES.de));
      return r.products[0]?.ec_category.includes("Damen|Bekleidung|Jacken & Mäntel");
    });
  });

  it("follows the vocabulary from the database: a changed colour label is a facet value and a search word", async () => {
    const ctx = testCtx(testDb.db, { clock });
    const changed = await updateVocabularyValue(ctx, cliActor("test"), "colour", "red", {
      labels: { de: "Karminrot" },
    });
    expect(changed.ok).toBe(true);
    const { value: found } = await eventually(async () => {
      const r = await service.search(request({ query: "karminrot" }, STORES.de));
      return r.products.length > 0 ? r : undefined;
    });
    expect(ids(found)).toEqual([102]);
    expect(found.products[0]?.ec_color).toBe("Karminrot");
    const listing = await service.listing(request({}, STORES.de, "/c/damen/"));
    const colours = listing.facets.find((f) => f.facetId === "ec_color");
    expect(colours?.values.map((v) => ("value" in v ? v.value : ""))).toContain("Karminrot");
    // The French store has no new label: it keeps its own.
    expect(currentVocabulary().label("colour", "red", "fr")).toBe("Rouge");
    const added = await addVocabularyValue(ctx, cliActor("test"), {
      kind: "productType",
      id: "poncho",
      labels: { en: "Poncho" },
    });
    expect(added.ok).toBe(true);
    await eventually(() => currentVocabulary().has("productType", "poncho") || undefined);
  });

  it("offers a facetable merchant attribute as a facet, following its flag and labels without a restart", async () => {
    const ctx = testCtx(testDb.db, { clock });
    const actor = cliActor("test");
    // An attribute of the vocabulary that is not facetable: no facet, and a request naming it is refused.
    expect(
      (await saveAttributeDefinition(ctx, actor, { key: "sleeve", facetable: false, labels: { de: "Ärmel" } })).ok,
    ).toBe(true);
    // 103 was deleted above: the dress (101, 102) and the coat (104).
    const records = await loadProductRecords(testDb, [101, 102, 104]);
    const sleeves: Record<number, string[]> = { 101: ["long"], 102: ["long"], 104: ["short"] };
    await writeProductRecords(
      testDb,
      records.map((r) => ({ ...r, attributes: { ...r.attributes, sleeve: sleeves[r.id] ?? [] } })),
      clock.now(),
    );
    expect((await loadProductRecords(testDb, [104]))[0]?.attributes.sleeve).toEqual(["short"]);
    const sleeveFacet = async (store: (typeof STORES)["de" | "en"] = STORES.de, facets: FacetRequest[] = []) => {
      const r = await service.listing(request({ facets }, store, store === STORES.en ? "/c/women/" : "/c/damen/"));
      return { r, facet: r.facets.find((f) => f.facetId === "sleeve") as RegularFacetResponse | undefined };
    };
    await eventually(() => currentVocabulary().attribute("sleeve") !== undefined || undefined);
    expect((await sleeveFacet()).facet).toBeUndefined();
    await expect(
      service.listing(
        request({ facets: [{ facetId: "sleeve", type: "regular", values: [] }] }, STORES.de, "/c/damen/"),
      ),
    ).rejects.toBeInstanceOf(SearchValidationError);

    await saveAttributeDefinition(ctx, actor, { key: "sleeve", facetable: true, labels: { en: "Sleeve" } });
    const { value: shown } = await eventually(async () => (await sleeveFacet()).facet);
    expect(shown.displayName).toBe("Ärmel");
    expect(shown.values.map((v) => [v.value, v.numberOfResults])).toEqual([
      ["long", 1],
      ["short", 1],
    ]);
    expect(service.facets().map((f) => f.facetId)).toContain("sleeve");
    const selected = await sleeveFacet(STORES.en, [
      { facetId: "sleeve", type: "regular", values: [{ value: "short", state: "selected" }] },
    ]);
    expect(selected.facet?.displayName).toBe("Sleeve");
    expect(ids(selected.r)).toEqual([104]);

    // A new label shows without a restart; the flag taken off removes the facet.
    await saveAttributeDefinition(ctx, actor, { key: "sleeve", labels: { de: "Ärmellänge" } });
    await eventually(async () => (await sleeveFacet()).facet?.displayName === "Ärmellänge" || undefined);
    await saveAttributeDefinition(ctx, actor, { key: "sleeve", facetable: false });
    await eventually(async () => (await sleeveFacet()).facet === undefined || undefined);
    expect(service.facets().map((f) => f.facetId)).not.toContain("sleeve");
  });

  it("follows merchandising rules and synonyms from the database", async () => {
    const rule = await addRule(
      testDb.db,
      { kind: "redirect", query: "Gutschein", content: "/s/gutschein/" },
      clock.now(),
    );
    expect(rule.ok).toBe(true);
    const synonym = await addSynonym(testDb.db, { language: "de", terms: ["Fummel", "Kleid"] }, clock.now());
    expect(synonym.ok).toBe(true);
    // Two transactions, two events: each shows within the poll, not necessarily in the same one.
    await eventually(async () => {
      const r = await service.search(request({ query: "gutschein" }, STORES.de));
      return r.triggers[0]?.content === "/s/gutschein/";
    });
    const { value: fummel } = await eventually(async () => {
      const found = ids(await service.search(request({ query: "fummel" }, STORES.de)));
      return found.length === 2 ? found : undefined;
    });
    expect(fummel).toEqual([101, 107]);
  });

  it("learns the corrected query of a misspelt search, not the typo", async () => {
    const captured = request({ query: "kleidd", clientId: "c-typo" }, STORES.de);
    captured.context = { ...captured.context, capture: true } as typeof captured.context;
    const response = await service.search(captured);
    expect(response.queryCorrection?.correctedQuery).toBe("kleid");
    await eventually(() =>
      searchDb(testDb.db).selectFrom("search_query").selectAll().where("query", "=", "kleid").executeTakeFirst(),
    );
    const typo = await searchDb(testDb.db)
      .selectFrom("search_query")
      .selectAll()
      .where("query", "=", "kleidd")
      .executeTakeFirst();
    expect(typo).toBeUndefined();
  });

  it("writes the log as soon as 500 views wait, not only at the next interval", async () => {
    const batching = createSearchService({
      db: testDb.db,
      secret: "s".repeat(40),
      clock,
      pollIntervalMs: 100,
      logFlushIntervalMs: 3_600_000,
      logger: { warn: () => undefined, info: () => undefined },
    });
    await batching.start();
    try {
      const view = request({ clientId: "c-batch" }, STORES.de, "/c/damen/");
      view.context = { ...view.context, capture: true } as typeof view.context;
      const logged = async () =>
        Number(
          (
            await searchDb(testDb.db)
              .selectFrom("search_event")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("client_id", "=", "c-batch")
              .executeTakeFirstOrThrow()
          ).n,
        );
      for (let i = 0; i < 499; i++) await batching.listing(view);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await logged()).toBe(0);
      await batching.listing(view);
      await eventually(async () => (await logged()) === 500);
    } finally {
      await batching.stop();
    }
  });

  it("logs captured searches and learns them for suggestions", async () => {
    const captured = request({ query: "Kleid Baumwolle", clientId: "c-1" }, STORES.de);
    captured.context = { ...captured.context, capture: true } as typeof captured.context;
    const response = await service.search(captured);
    expect(response.pagination.totalEntries).toBe(1);
    const suggestions = await service.querySuggest(request({ query: "kleid b" }, STORES.de));
    expect(suggestions.completions[0]?.expression).toBe("Kleid Baumwolle");
    const { value: row } = await eventually(() =>
      searchDb(testDb.db)
        .selectFrom("search_query")
        .selectAll()
        .where("query", "=", "kleid baumwolle")
        .executeTakeFirst(),
    );
    expect(row).toMatchObject({ store_code: "de", results: 1 });
    expect(Number(row.searches)).toBe(1);
    await eventually(() =>
      searchDb(testDb.db)
        .selectFrom("search_event")
        .selectAll()
        .where("response_id", "=", response.responseId)
        .executeTakeFirst(),
    );
    await service.recordEvents(
      [
        {
          currency: "EUR",
          position: 1,
          responseId: response.responseId,
          product: { productId: "101", name: "Kleid aus Baumwolle", price: 59.95 },
          meta: { type: "ec.productClick", clientId: "c-1", config: { trackingId: "comma_de" } },
        },
      ],
      { storeCode: "de" },
    );
    await eventually(async () => {
      const learned = await searchDb(testDb.db)
        .selectFrom("search_query")
        .select("clicks")
        .where("query", "=", "kleid baumwolle")
        .executeTakeFirst();
      return Number(learned?.clicks) === 1;
    });
  });

  it("logs a batch of searches whole when one of them holds a NUL character", async () => {
    const row = (query: string): EventRow => ({
      store_code: "de",
      type: "search",
      client_id: "nul-batch",
      query,
      product_id: null,
      action: null,
      quantity: null,
      transaction_id: null,
      response_id: null,
      results: 1,
      payload: "{}",
      created_at: clock.now().toISOString(),
    });
    const batch = Array.from({ length: 20 }, (_, i) => row(i === 7 ? "nul\u0000search" : `query ${i}`));
    await insertEventRows(testDb.db, batch);
    const stored = await searchDb(testDb.db)
      .selectFrom("search_event")
      .select("query")
      .where("client_id", "=", "nul-batch")
      .execute();
    expect(stored).toHaveLength(20);
    expect(stored.map((r) => r.query)).toContain("nulsearch");
    await upsertLearnedQueries(
      testDb.db,
      [{ storeCode: "de", query: "nul\u0000query", searches: 1, clicks: 0, results: 1 }],
      clock.now(),
    );
    const learned = await searchDb(testDb.db)
      .selectFrom("search_query")
      .select("query")
      .where("query", "=", "nulquery")
      .execute();
    expect(learned).toHaveLength(1);
  });

  it("stores purchase events for analytics, but recommends only from placed orders", async () => {
    const boughtWith = async (productId: string) =>
      (
        await service.recommendations({
          ...request({ slotId: "bought-together" }, STORES.de),
          context: { view: { url: `http://shop.test/de/p/x-${productId}/` }, product: { productId } },
        })
      ).products.map((p) => p.permanentid);
    const purchase = (id: string, products: number[]) => ({
      currency: "EUR",
      products: products.map((p) => ({ product: { productId: String(p), name: `P${p}`, price: 10 }, quantity: 1 })),
      transaction: { id, revenue: 10 * products.length },
      meta: { type: "ec.purchase", clientId: "c-2", config: { trackingId: "comma_de" } },
    });
    // Anyone with the public key can post purchases: 300 of them pairing 103 with 104 change nothing.
    for (let batch = 0; batch < 3; batch++) {
      const fakes = Array.from({ length: 100 }, (_, i) => purchase(`fake-${batch}-${i}`, [103, 104]));
      expect(await service.recordEvents(fakes, { storeCode: "de", anonymous: true })).toEqual({
        accepted: 100,
        ignored: 0,
      });
    }
    const result = await service.recordEvents([purchase("o-1", [101, 105]), { meta: { type: "ec.custom" } }]);
    expect(result).toEqual({ accepted: 1, ignored: 1 });
    const rows = await searchDb(testDb.db)
      .selectFrom("search_event")
      .select("product_id")
      .where("type", "=", "ec.purchase")
      .execute();
    expect(rows).toHaveLength(602);
    expect(await boughtWith("103")).toEqual([]);

    // Placed orders count.
    await service.recordOrder({
      storeCode: "de",
      number: "10000001",
      lines: [
        { productId: 101, quantity: 1 },
        { productId: 105, quantity: 1 },
      ],
    });
    await service.recordOrder({
      storeCode: "de",
      number: "10000002",
      lines: [
        { productId: 101, quantity: 1 },
        { productId: 105, quantity: 2 },
        { productId: 106, quantity: 1 },
      ],
    });
    await service.recordOrder({
      storeCode: "de",
      number: "10000003",
      lines: [
        { productId: 101, quantity: 1 },
        { productId: 104, quantity: 1 },
      ],
    });
    await service.recordOrder({
      storeCode: "de",
      number: "10000004",
      lines: [
        { productId: 103, quantity: 1 },
        { productId: 106, quantity: 1 },
      ],
    });
    expect(await boughtWith("101")).toEqual(["105", "104", "106"]);
    expect(await boughtWith("103")).toEqual(["106"]);
    // Popularity (refreshed in the background) lifts what was bought to the top of "trending".
    await eventually(async () => {
      const trending = await service.recommendations(request({ slotId: "trending" }, STORES.de));
      return trending.products[0]?.ec_item_group_id === "M-1";
    });
  });

  it("refuses invalid events and requests with validation errors", async () => {
    await expect(service.recordEvents([{ currency: "EUR", meta: { type: "ec.purchase" } }])).rejects.toBeInstanceOf(
      SearchValidationError,
    );
    await expect(service.listing({} as never)).rejects.toMatchObject({ statusCode: 400, type: "InvalidRequest" });
    await expect(
      service.facetSearch(request({ facetId: "ec_brand", facetQuery: "*" }), "OTHER" as never),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
