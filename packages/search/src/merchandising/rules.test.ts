import { currentEventCursor, readEventsAfter } from "@vitrine/commerce";
import type { TestDatabase } from "@vitrine/commerce/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECT, fixtureDatabase } from "../../test/database.ts";
import { TODAY } from "../../test/fixtures.ts";
import {
  addRule,
  addSynonym,
  listRules,
  listSynonyms,
  loadMerchandising,
  Merchandising,
  removeRule,
  removeSynonym,
  ruleKey,
} from "./rules.ts";

describe(`merchandising rules on ${DIALECT}`, () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await fixtureDatabase();
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it("stores triggers and pins and records a change for every process", async () => {
    const before = await currentEventCursor(testDb.db);
    const redirect = await addRule(
      testDb.db,
      { kind: "redirect", store: "de", query: "  Gutschein ", content: "/de/s/gutschein/" },
      TODAY,
    );
    expect(redirect).toMatchObject({ ok: true, rule: { kind: "redirect", store: "de", query: "gutschein" } });
    const pin = await addRule(testDb.db, { kind: "pin", category: "women-dresses", products: [107, 101] }, TODAY);
    expect(pin).toMatchObject({ ok: true, rule: { kind: "pin", store: "*", products: [107, 101] } });
    // On PostgreSQL events are read once every transaction before them has ended (other test files write too).
    await expect
      .poll(async () => (await readEventsAfter(testDb.db, before)).events.map((e) => [e.type, e.entity]))
      .toEqual([
        ["catalog.changed", "merchandising"],
        ["catalog.changed", "merchandising"],
      ]);

    const rules = await listRules(testDb.db, { store: "de" });
    expect(rules.map((r) => r.kind)).toEqual(["redirect", "pin"]);
    expect(await listRules(testDb.db, { kind: "pin" })).toHaveLength(1);
    const loaded = new Merchandising(await loadMerchandising(testDb.db));
    expect(loaded.triggersFor("de", "GUTSCHEIN")).toEqual([{ type: "redirect", content: "/de/s/gutschein/" }]);
    expect(loaded.triggersFor("at", "gutschein")).toEqual([]);
    expect(loaded.pinnedFor("at", "women-dresses")).toEqual([107, 101]);

    if (!redirect.ok) throw new Error("rule");
    expect(await removeRule(testDb.db, redirect.rule.id, TODAY)).toBe(true);
    expect(await removeRule(testDb.db, redirect.rule.id, TODAY)).toBe(false);
  });

  it("reports what is wrong with a rule instead of storing it", async () => {
    expect(await addRule(testDb.db, { kind: "redirect", query: "x", content: "javascript:alert(1)" }, TODAY)).toEqual({
      ok: false,
      issues: [{ field: "content", message: "value is not a valid URL." }],
    });
    expect(await addRule(testDb.db, { kind: "notify", query: "", content: "Hallo" }, TODAY)).toMatchObject({
      ok: false,
      issues: [{ field: "query" }],
    });
    expect(await addRule(testDb.db, { kind: "pin", category: "nope", products: [101] }, TODAY)).toEqual({
      ok: false,
      issues: [{ field: "category", message: 'no category has the key "nope".' }],
    });
    expect(await addRule(testDb.db, { kind: "pin", category: "women-dresses", products: [101, 999] }, TODAY)).toEqual({
      ok: false,
      issues: [{ field: "products", message: "unknown product ids: 999." }],
    });
    expect(
      await addRule(testDb.db, { kind: "redirect", store: "it", query: "x", content: "/x/" } as never, TODAY),
    ).toMatchObject({ ok: false, issues: [{ field: "store" }] });
  });

  it("stores synonyms of words and short phrases", async () => {
    const added = await addSynonym(testDb.db, { language: "fr", terms: ["pull", "chandail"], oneWay: true }, TODAY);
    expect(added).toMatchObject({ ok: true, synonym: { language: "fr", terms: ["pull", "chandail"], oneWay: true } });
    const phrase = await addSynonym(testDb.db, { language: "en", terms: ["trainers", "running shoes"] }, TODAY);
    expect(phrase).toMatchObject({ ok: true, synonym: { terms: ["trainers", "running shoes"] } });
    expect(await addSynonym(testDb.db, { terms: ["shoes for running in the rain", "tee"] }, TODAY)).toMatchObject({
      ok: false,
      issues: [{ field: "terms.0", message: "a synonym has at most 4 words." }],
    });
    if (!phrase.ok) throw new Error("synonym");
    expect(await removeSynonym(testDb.db, phrase.synonym.id, TODAY)).toBe(true);
    expect(await addSynonym(testDb.db, { terms: ["allein"] }, TODAY)).toMatchObject({ ok: false });
    const synonyms = await listSynonyms(testDb.db);
    expect(synonyms).toHaveLength(1);
    expect(new Merchandising({ triggers: [], pins: [], synonyms }).synonymsFor("fr")).toHaveLength(1);
    expect(new Merchandising({ triggers: [], pins: [], synonyms }).synonymsFor("de")).toHaveLength(0);
    if (!added.ok) throw new Error("synonym");
    expect(await removeSynonym(testDb.db, added.synonym.id, TODAY)).toBe(true);
  });
});

describe("trigger matching", () => {
  const rules = new Merchandising({
    triggers: [
      { id: 1, kind: "notify", storeCode: "*", query: "mantel", match: "contains", content: "Warm" },
      { id: 2, kind: "redirect", storeCode: "*", query: "hilfe", match: "exact", content: "/s/hilfe/" },
      { id: 3, kind: "redirect", storeCode: "*", query: "hilfe", match: "exact", content: "/s/faq/" },
      { id: 4, kind: "query", storeCode: "*", query: "winter mantel", match: "contains", content: "wintermantel" },
    ],
    pins: [],
    synonyms: [],
  });

  it("compares queries folded and by whole words", () => {
    expect(ruleKey("  Größe   Übersicht! ")).toBe("grosse ubersicht");
    expect(rules.triggersFor("de", "Mantel aus Wolle")).toEqual([{ type: "notify", content: "Warm" }]);
    expect(rules.triggersFor("de", "mantelkragen")).toEqual([]);
  });

  it("lets the first redirect win and puts it first", () => {
    expect(rules.triggersFor("de", "Hilfe")).toEqual([{ type: "redirect", content: "/s/hilfe/" }]);
    expect(rules.triggersFor("de", "mantel für den winter").map((t) => t.type)).toEqual(["query", "notify"]);
  });
});
