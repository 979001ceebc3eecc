import { cliActor, currentEventCursor, listAudit, readEventsAfter, setSetting } from "@vitrine/commerce";
import type { TestDatabase } from "@vitrine/commerce/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchDb } from "../src/db/index.ts";
import { clickThroughRate, searchAnalytics } from "../src/events/analytics.ts";
import { ROLLED_UP_THROUGH_KEY } from "../src/events/rollup.ts";
import {
  addRule,
  addSynonym,
  checkRule,
  checkSynonym,
  getRule,
  getSynonym,
  removeRule,
  removeSynonym,
  updateRule,
  updateSynonym,
  withDraft,
} from "../src/merchandising/rules.ts";
import { tryListing, trySearch } from "../src/merchandising/try.ts";
import { createSearchService, type SearchService } from "../src/service.ts";
import { DIALECT, fixtureDatabase, TestClock } from "./database.ts";
import { request, STORES, TODAY } from "./fixtures.ts";

/**
 * What the back office's search screens need of the search package (issue 21): rules and synonyms changed and
 * removed with an audit entry and an event in their transaction, drafts tried against the live engine without
 * saving, and the analytics read from the daily roll-ups.
 */
const audit = { actor: cliActor("tester"), requestId: "req-search-admin" };
const ids = (r: { products: { permanentid: string }[] }) => r.products.map((p) => Number(p.permanentid)).sort();

describe(`search merchandising changes on ${DIALECT}`, () => {
  let testDb: TestDatabase;
  let service: SearchService;

  beforeAll(async () => {
    testDb = await fixtureDatabase();
    service = createSearchService({
      db: testDb.db,
      secret: "s".repeat(40),
      clock: new TestClock(TODAY),
      pollIntervalMs: 100,
      logger: { warn: () => undefined, info: () => undefined },
    });
    await service.start();
  });

  afterAll(async () => {
    await service?.stop();
    await testDb?.destroy();
  });

  it("changes and removes a rule: each change audited and published in its transaction", async () => {
    const added = await addRule(
      testDb.db,
      { kind: "notify", store: "de", query: "Mantel", content: "Warm!" },
      TODAY,
      audit,
    );
    if (!added.ok) throw new Error(JSON.stringify(added.issues));
    const cursor = await currentEventCursor(testDb.db);
    const changed = await updateRule(
      testDb.db,
      added.rule.id,
      { kind: "redirect", store: "*", query: "Mäntel", content: "/de/c/damen/" },
      TODAY,
      audit,
    );
    expect(changed).toMatchObject({ ok: true, rule: { kind: "redirect", store: "*", query: "mantel" } });
    expect(await getRule(testDb.db, added.rule.id)).toMatchObject({ kind: "redirect", content: "/de/c/damen/" });
    const { events } = await readEventsAfter(testDb.db, cursor, 10);
    expect(events.map((e) => [e.type, e.entity, e.entityId])).toEqual([
      ["catalog.changed", "merchandising", `rule:${added.rule.id}`],
    ]);
    // Refused: the whole input is checked, and nothing changes.
    expect(
      await updateRule(testDb.db, added.rule.id, { kind: "redirect", query: "x", content: "ftp://x" }, TODAY, audit),
    ).toMatchObject({ ok: false, issues: [{ field: "content" }] });
    expect(await updateRule(testDb.db, 999_999, { kind: "notify", query: "x", content: "y" }, TODAY)).toMatchObject({
      ok: false,
      notFound: true,
    });
    expect(await removeRule(testDb.db, added.rule.id, TODAY, audit)).toBe(true);
    const entries = (await listAudit(testDb, { subjectType: "search.rule", subjectId: added.rule.id })).entries;
    expect(entries.map((e) => e.action)).toEqual(["search.rule.remove", "search.rule.update", "search.rule.add"]);
    expect(entries[1]).toMatchObject({
      actor: { type: "cli", label: "cli:tester" },
      requestId: "req-search-admin",
      before: { kind: "notify", store: "de", query: "mantel", content: "Warm!" },
      after: { kind: "redirect", store: "*", query: "mantel", content: "/de/c/damen/" },
    });
  });

  it("checks a rule without saving it: punctuation alone is no query", async () => {
    expect(await checkRule(testDb.db, { kind: "query", query: "?!", content: "kleid" })).toMatchObject({
      ok: false,
      issues: [{ field: "query" }],
    });
    expect(await checkRule(testDb.db, { kind: "pin", category: "women-dresses", products: [101] })).toMatchObject({
      ok: true,
      row: { kind: "pin", category_key: "women-dresses", product_ids: "[101]" },
    });
    expect(await searchDb(testDb.db).selectFrom("search_rule").selectAll().execute()).toEqual([]);
  });

  it("changes and removes synonyms with an audit entry; a word twice is refused", async () => {
    expect(checkSynonym({ terms: ["Fummel", "fummel"] })).toMatchObject({ ok: false, issues: [{ field: "terms" }] });
    const added = await addSynonym(testDb.db, { language: "de", terms: ["fummel", "kleid"] }, TODAY, audit);
    if (!added.ok) throw new Error("synonym");
    const changed = await updateSynonym(
      testDb.db,
      added.synonym.id,
      { language: "*", terms: ["fummel", "kleid", "robe"], oneWay: true },
      TODAY,
      audit,
    );
    expect(changed).toMatchObject({ ok: true, synonym: { language: "*", oneWay: true } });
    expect(await getSynonym(testDb.db, added.synonym.id)).toMatchObject({ terms: ["fummel", "kleid", "robe"] });
    expect(await updateSynonym(testDb.db, 999_999, { terms: ["a", "b"] }, TODAY)).toMatchObject({ notFound: true });
    expect(await removeSynonym(testDb.db, added.synonym.id, TODAY, audit)).toBe(true);
    expect(await removeSynonym(testDb.db, added.synonym.id, TODAY, audit)).toBe(false);
    const entries = (await listAudit(testDb, { subjectType: "search.synonym" })).entries;
    expect(entries.map((e) => e.action)).toEqual([
      "search.synonym.remove",
      "search.synonym.update",
      "search.synonym.add",
    ]);
    expect(entries[1]).toMatchObject({
      before: { language: "de", oneWay: false },
      after: { language: "*", oneWay: true },
    });
  });

  it("tries a draft synonym and a draft rule on the live engine, and the shop's answers stay as they were", async () => {
    await service.refresh();
    const fummel = request({ query: "fummel" }, STORES.de);
    const tried = trySearch(service, fummel, {
      synonym: { language: "de", terms: ["fummel", "kleid"], oneWay: false },
    });
    expect(tried.before.pagination.totalEntries).toBe(0);
    expect(ids(tried.after)).toEqual(expect.arrayContaining([101, 107]));
    // Not saved: the shop still finds nothing.
    expect((await service.search(fummel)).pagination.totalEntries).toBe(0);

    const redirect = await checkRule(testDb.db, { kind: "redirect", query: "Fummel", content: "/de/c/damen/" });
    if (!redirect.ok) throw new Error("rule");
    const rule = trySearch(service, fummel, { rule: redirect.row });
    expect(rule.before.triggers).toEqual([]);
    expect(rule.after.triggers).toEqual([{ type: "redirect", content: "/de/c/damen/" }]);
    expect((await service.search(fummel)).triggers).toEqual([]);
  });

  it("tries pinned products in their category's listing", async () => {
    const pin = await checkRule(testDb.db, { kind: "pin", store: "de", category: "women-dresses", products: [107] });
    if (!pin.ok) throw new Error("pin");
    const { language, country, currency, trackingId } = request({}, STORES.de);
    const tried = tryListing(service, { language, country, currency, trackingId }, "women-dresses", { rule: pin.row });
    expect(tried?.before.products[0]?.permanentid).not.toBe("107");
    expect(tried?.after.products[0]?.permanentid).toBe("107");
    expect(ids(tried?.after ?? { products: [] })).toEqual(ids(tried?.before ?? { products: [] }));
    expect(tryListing(service, { language, country, currency, trackingId }, "no-such", { rule: pin.row })).toBe(
      undefined,
    );
  });

  it("tries removing a saved synonym", () => {
    const rules = {
      triggers: [],
      pins: [],
      synonyms: [{ id: 7, language: "de" as const, terms: ["a", "b"], oneWay: false }],
    };
    expect(withDraft(rules, { removeSynonym: 7 }).synonyms).toEqual([]);
    expect(withDraft(rules, { synonym: { language: "fr", terms: ["c", "d"], oneWay: true }, id: 7 }).synonyms).toEqual([
      { id: 7, language: "fr", terms: ["c", "d"], oneWay: true },
    ]);
    expect(rules.synonyms).toHaveLength(1);
  });
});

describe(`search analytics on ${DIALECT}`, () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await fixtureDatabase();
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it("says nothing is rolled up yet", async () => {
    const empty = await searchAnalytics(testDb.db, { days: 7 });
    expect(empty).toMatchObject({ to: undefined, topQueries: [], perDay: [], totals: { searches: 0 } });
  });

  it("sums the roll-ups of the period per query, store and day, ending on the last rolled-up day", async () => {
    const row = (
      day: string,
      store_code: string,
      query: string,
      searches: number,
      zero_results: number,
      clicks: number,
    ) => ({
      day,
      store_code,
      query,
      searches,
      zero_results,
      clicks,
    });
    await searchDb(testDb.db)
      .insertInto("search_query_daily")
      .values([
        row("2026-03-01", "de", "kleid", 50, 0, 30),
        row("2026-03-07", "de", "kleid", 10, 0, 5),
        row("2026-03-08", "de", "kleid", 20, 0, 12),
        row("2026-03-08", "fr-ch", "robe", 8, 0, 2),
        row("2026-03-08", "de", "fummel", 4, 4, 0),
        row("2026-03-09", "ch", "fummel", 3, 3, 0),
        row("2026-03-09", "de", "jeans", 6, 1, 3),
      ])
      .execute();
    await setSetting(testDb, ROLLED_UP_THROUGH_KEY, "2026-03-09", TODAY);

    const week = await searchAnalytics(testDb.db, { days: 7 });
    expect(week).toMatchObject({ from: "2026-03-03", to: "2026-03-09", rolledUpThrough: "2026-03-09" });
    expect(week.totals).toEqual({ searches: 51, zeroResults: 8, clicks: 22, clickThroughRate: 22 / 51 });
    expect(week.topQueries.map((q) => [q.query, q.searches])).toEqual([
      ["kleid", 30],
      ["robe", 8],
      ["fummel", 7],
      ["jeans", 6],
    ]);
    expect(week.zeroResultQueries.map((q) => [q.query, q.zeroResults])).toEqual([
      ["fummel", 7],
      ["jeans", 1],
    ]);
    expect(week.perDay.map((d) => d.day)).toEqual([
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
    ]);
    expect(week.perDay.map((d) => d.searches)).toEqual([0, 0, 0, 0, 10, 32, 9]);
    expect(week.perStore).toEqual([
      { storeCode: "de", searches: 40, zeroResults: 5, clicks: 20 },
      { storeCode: "fr-ch", searches: 8, zeroResults: 0, clicks: 2 },
      { storeCode: "ch", searches: 3, zeroResults: 3, clicks: 0 },
    ]);

    const ch = await searchAnalytics(testDb.db, { days: 30, storeCode: "ch" });
    expect(ch.topQueries).toEqual([{ query: "fummel", searches: 3, zeroResults: 3, clicks: 0 }]);
    const month = await searchAnalytics(testDb.db, { days: 30, limit: 1 });
    expect(month.topQueries).toEqual([{ query: "kleid", searches: 80, zeroResults: 0, clicks: 47 }]);
  });

  it("counts at most one click per search in the click-through rate", () => {
    expect(clickThroughRate(0, 0)).toBe(0);
    expect(clickThroughRate(4, 1)).toBe(0.25);
    expect(clickThroughRate(2, 5)).toBe(1);
  });
});
