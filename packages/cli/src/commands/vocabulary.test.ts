import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, EVENT_FEED_START, listAudit, loadVocabulary, readEventsAfter } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { beforeAll, describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** `vitrine vocabulary …` and the vocabulary flags of `catalog import`, against its own database. */
const harness = cliHarness("vocabulary", async (cli) => {
  expect((await cli("db", "migrate")).code).toBe(0);
});
const { cli } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 3, seed: 9, today: now });

async function fileOf(name: string, lines: unknown[]): Promise<string> {
  const path = join(tmpdir(), `vitrine-vocabulary-${process.pid}-${name}.jsonl`);
  await writeFile(path, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return path;
}

describe("vitrine vocabulary", () => {
  it("lists the starter vocabulary, adds a colour, sets its labels, removes it; every change audited and published", async () => {
    const list = await cli("vocabulary", "list", "colour");
    expect(list.code).toBe(0);
    expect(list.out[0]).toMatch(/^colour \(\d+\)$/);
    expect(list.out.join("\n")).toMatch(/navy +de: Marineblau {2}fr: Bleu marine {2}en: Navy {2}#1f2f52/);

    expect(await cli("vocabulary", "add", "colour", "moss", "--en", "Moss")).toMatchObject({
      code: 1,
      err: ["Refused: a colour needs its hex code (#1f2f52)"],
    });
    const added = await cli("vocabulary", "add", "colour", "moss", "--en", "Moss", "--hex", "#4A5D23");
    expect(added).toMatchObject({ code: 0, out: ["Added colour moss: de: –  fr: –  en: Moss"] });
    expect((await cli("vocabulary", "add", "colour", "moss", "--en", "Moss", "--hex", "#4a5d23")).code).toBe(1);
    const labelled = await cli("vocabulary", "labels", "colour", "moss", "--de", "Moosgrün", "--fr", "Mousse");
    expect(labelled).toMatchObject({
      code: 0,
      out: ["Changed colour moss: de: Moosgrün  fr: Mousse  en: Moss  #4a5d23"],
    });
    expect((await loadVocabulary({ db })).label("colour", "moss", "de")).toBe("Moosgrün");
    expect((await cli("vocabulary", "labels", "colour", "nope", "--de", "X")).code).toBe(1);
    expect((await cli("vocabulary", "add", "shade", "x", "--en", "X")).code).toBe(2);

    const removed = await cli("vocabulary", "remove", "colour", "moss");
    expect(removed).toMatchObject({ code: 0, out: ["Removed colour moss"] });
    expect((await loadVocabulary({ db })).has("colour", "moss")).toBe(false);

    const audit = await listAudit({ db }, { subjectType: "vocabulary.colour" });
    expect(audit.entries.map((e) => e.action).sort()).toEqual([
      "vocabulary.add",
      "vocabulary.remove",
      "vocabulary.update",
    ]);
    expect(audit.entries.every((e) => e.actor.type === "cli")).toBe(true);
    const events = await readEventsAfter(db, EVENT_FEED_START, 1000);
    expect(events.events.filter((e) => e.type === "catalog.changed" && e.entity === "vocabulary").length).toBe(3);
  });

  it("imports unknown values only with --create-vocabulary and lists them; refuses to remove a used value", async () => {
    const category = demo.categories;
    const product = { ...demo.products[0], productType: "umbrella", colorId: "moss" };
    const file = await fileOf("unknown", [...category, product]);
    const strict = await cli("catalog", "import", file);
    expect(strict.code).toBe(1);
    expect(strict.err.join("\n")).toMatch(/colorId: unknown colour "moss"/);
    expect(strict.err.join("\n")).toMatch(/productType: unknown product type "umbrella"/);

    const created = await cli("catalog", "import", file, "--create-vocabulary");
    expect(created.code, created.err.join("\n")).toBe(0);
    expect(created.out).toContain("Created 2 vocabulary value(s):");
    expect(created.out).toContain("  colour (1): moss");
    expect(created.out).toContain("  productType (1): umbrella");
    expect((await cli("catalog", "import", file, "--create-vocabulary", "--strict-vocabulary")).code).toBe(2);

    const refused = await cli("vocabulary", "remove", "productType", "umbrella");
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/^Refused: productType "umbrella" is used by 1 product/);
  });

  it("keeps merchant attributes: key, value type, facetable, searchable, labels", async () => {
    const saved = await cli(
      "vocabulary",
      "attribute",
      "sleeve",
      "--en",
      "Sleeve",
      "--de",
      "Ärmel",
      "--facetable",
      "yes",
    );
    expect(saved).toMatchObject({
      code: 0,
      out: ["Saved attribute sleeve: de: Ärmel  fr: –  en: Sleeve (text, facetable, searchable)"],
    });
    expect((await cli("vocabulary", "attribute", "sleeve", "--searchable", "no")).out).toEqual([
      "Saved attribute sleeve: de: Ärmel  fr: –  en: Sleeve (text, facetable)",
    ]);
    expect((await cli("vocabulary", "attribute", "sleeve", "--facetable", "maybe")).code).toBe(2);
    expect((await cli("vocabulary", "list", "attributes")).out).toEqual([
      "attributes (1)",
      "  sleeve                 de: Ärmel  fr: –  en: Sleeve  (text, facetable)",
    ]);
    expect(await cli("vocabulary", "attribute", "sleeve", "--remove")).toMatchObject({
      code: 0,
      out: ["Removed attribute sleeve"],
    });
    expect((await loadVocabulary({ db })).attribute("sleeve")).toBeUndefined();
  });

  it("labels the values of a text attribute per language, lists, exports and imports them, refuses them on numbers", async () => {
    expect((await cli("vocabulary", "attribute", "neckline", "--en", "Neckline", "--facetable", "yes")).code).toBe(0);
    expect((await cli("vocabulary", "attribute", "heel_cm", "--type", "number", "--en", "Heel (cm)")).code).toBe(0);
    const labelled = await cli(
      "vocabulary",
      "value-label",
      "neckline",
      "v-neck",
      "--de",
      "V-Ausschnitt",
      "--en",
      "V-neck",
    );
    expect(labelled).toMatchObject({
      code: 0,
      out: ["Labelled neckline = v-neck: de: V-Ausschnitt  fr: –  en: V-neck"],
    });
    expect((await cli("vocabulary", "value-label", "neckline", "v-neck", "--fr", "Col en V")).out).toEqual([
      "Labelled neckline = v-neck: de: V-Ausschnitt  fr: Col en V  en: V-neck",
    ]);
    expect((await cli("vocabulary", "value-label", "neckline", "v-neck", "--fr", "Col en V")).out).toEqual([
      "Nothing changed",
    ]);
    const vocabulary = await loadVocabulary({ db });
    expect(vocabulary.attribute("neckline")?.valueLabels).toEqual({
      "v-neck": { de: "V-Ausschnitt", fr: "Col en V", en: "V-neck" },
    });
    expect((await cli("vocabulary", "list", "attributes")).out).toContain(
      "    = v-neck             de: V-Ausschnitt  fr: Col en V  en: V-neck",
    );
    // The values products hold, most used first: two with "v-neck", one with "crew".
    const necklines = demo.products.map((p, i) => ({
      ...p,
      attributes: { ...p.attributes, neckline: [i < 2 ? "v-neck" : "crew"] },
    }));
    const withNecklines = await cli("catalog", "import", await fileOf("necklines", [...demo.categories, ...necklines]));
    expect(withNecklines.code, withNecklines.err.join("\n")).toBe(0);
    expect((await cli("vocabulary", "values", "neckline")).out).toEqual([
      "neckline (text): 2 value(s) in use",
      "  v-neck                       2 product(s)  de: V-Ausschnitt  fr: Col en V  en: V-neck",
      "  crew                         1 product(s)",
    ]);
    expect((await cli("vocabulary", "values", "neckline", "--limit", "1")).out).toHaveLength(2);
    expect((await cli("vocabulary", "values", "collar")).code).toBe(1);
    expect((await cli("vocabulary", "values", "neckline", "--limit", "0")).code).toBe(2);

    expect(await cli("vocabulary", "value-label", "heel_cm", "7.5", "--de", "Hoch")).toMatchObject({
      code: 1,
      err: [
        'Refused: only the values of text attributes have labels; "heel_cm" holds numbers, which each store shows in its own language',
      ],
    });
    expect(await cli("vocabulary", "value-label", "collar", "round", "--de", "Rund")).toMatchObject({
      code: 1,
      err: ['Refused: No attribute "collar"'],
    });
    expect((await cli("vocabulary", "value-label", "neckline", "v-neck")).code).toBe(2);

    // The labels travel with the catalogue: export, remove them, import the export, and they are back.
    const exported = join(tmpdir(), `vitrine-vocabulary-${process.pid}-export.jsonl`);
    expect((await cli("catalog", "export", "--out", exported)).code).toBe(0);
    const { readFile } = await import("node:fs/promises");
    const lines = (await readFile(exported, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.find((l) => l.type === "attribute" && l.key === "neckline")).toMatchObject({
      values: { "v-neck": { de: "V-Ausschnitt", fr: "Col en V", en: "V-neck" } },
    });
    expect(await cli("vocabulary", "value-label", "neckline", "v-neck", "--remove")).toMatchObject({
      code: 0,
      out: ["Removed the labels of neckline = v-neck"],
    });
    expect((await loadVocabulary({ db })).attribute("neckline")?.valueLabels).toBeUndefined();
    const imported = await cli("catalog", "import", exported);
    expect(imported.code, imported.err.join("\n")).toBe(0);
    expect((await loadVocabulary({ db })).attribute("neckline")?.valueLabels?.["v-neck"]?.fr).toBe("Col en V");

    const audit = await listAudit({ db }, { subjectType: "vocabulary.attribute" });
    expect(audit.entries.filter((e) => e.action === "vocabulary.attribute.value").map((e) => e.after)).toEqual([
      { labels: {} },
      { labels: { de: "V-Ausschnitt", fr: "Col en V", en: "V-neck" } },
      { labels: { de: "V-Ausschnitt", en: "V-neck" } },
    ]);
  });
});
