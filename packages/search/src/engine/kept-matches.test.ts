import { describe, expect, it } from "vitest";
import { TextIndex } from "./text-index.ts";
import { matchQuery } from "./text-search.ts";

const DOCS = 30_000;
const KINDS = ["dress", "shirt", "coat"];

/** A catalogue where every product is a cotton something: "cotton" and its prefixes match all of them. */
function build(termCacheDocs?: number): TextIndex {
  const text = new TextIndex("en", termCacheDocs === undefined ? {} : { termCacheDocs });
  for (let slot = 0; slot < DOCS; slot++) {
    text.addDocument(slot, [
      [`Cotton ${KINDS[slot % 3]} ${slot}`, "name"],
      [KINDS[slot % 3] as string, "productType"],
    ]);
  }
  text.finish();
  return text;
}

/** Bits of every slot, or of every other slot (another store's). */
function scope(every: number): Uint32Array {
  const bits = new Uint32Array(Math.ceil((DOCS + 1) / 32));
  for (let slot = 0; slot < DOCS + 1; slot += every)
    bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  return bits;
}

const copy = (m: ReturnType<typeof matchQuery>) => ({
  slots: [...(m?.slots ?? [])],
  scores: [...(m?.scores ?? [])],
  count: m?.count,
});

describe("large answers of whole queries are merged once for the requests that ask them together", () => {
  it("answers a prefix's second ask with the first answer, as a fresh index would", () => {
    const text = build();
    const all = scope(1);
    const first = matchQuery(text, "co", DOCS + 1, all);
    expect(first?.count).toBe(DOCS);
    const hits = text.keptMatchHits;
    const again = matchQuery(text, "co", DOCS + 1, all);
    expect(text.keptMatchHits).toBe(hits + 1);
    expect(again).toBe(first);
    expect(copy(again)).toEqual(copy(matchQuery(build(), "co", DOCS + 1, all)));
  });

  it("keeps each store's answer apart", () => {
    const text = build();
    expect(matchQuery(text, "cotton", DOCS + 1, scope(1))?.count).toBe(DOCS);
    expect(matchQuery(text, "cotton", DOCS + 1, scope(2))?.count).toBe(DOCS / 2);
    expect(matchQuery(text, "cotton", DOCS + 1, scope(1))?.count).toBe(DOCS);
  });

  it("forgets the answers when a product is indexed", () => {
    // Merged lists too small to keep the word's: only the kept answer remembers it.
    const text = build(1000);
    const all = scope(1);
    expect(matchQuery(text, "cotton", DOCS + 1, all)?.count).toBe(DOCS);
    text.addDocument(DOCS, [["Cotton scarf", "name"]]);
    const after = matchQuery(text, "cotton", DOCS + 1, all);
    expect(after?.count).toBe(DOCS + 1);
    expect(after?.slots[DOCS]).toBe(DOCS);
  });

  it("answers right when the oldest answers' arrays are reused for newer ones", () => {
    const text = build();
    const all = scope(1);
    const other = scope(2);
    const asks: [string, Uint32Array][] = [
      ["co", all],
      ["cot", other],
      ["cott", all],
      ["cotto", other],
      ["cotton", all],
      ["c", other],
      ["co", other],
      ["cotton", other],
      ["co", all],
    ];
    for (const [query, live] of asks) {
      expect(copy(matchQuery(text, query, DOCS + 1, live)), query).toEqual(
        copy(matchQuery(build(), query, DOCS + 1, live)),
      );
    }
  });

  it("does not keep small answers: they are merged from kept lists anyway", () => {
    const text = build();
    const hits = text.keptMatchHits;
    matchQuery(text, "cotton 17", DOCS + 1);
    matchQuery(text, "cotton 17", DOCS + 1);
    expect(text.keptMatchHits).toBe(hits);
  });
});
