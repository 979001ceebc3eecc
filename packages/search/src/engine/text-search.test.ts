import { describe, expect, it } from "vitest";
import type { TextField } from "./text-index.ts";
import { TextIndex } from "./text-index.ts";
import { correctQuery, matchQuery } from "./text-search.ts";

type Doc = Partial<Record<TextField, string>>;

function build(language: "de" | "fr" | "en", docs: Doc[]): TextIndex {
  const text = new TextIndex(language);
  docs.forEach((doc, slot) => {
    text.addDocument(
      slot,
      Object.entries(doc).map(([field, value]) => [value as string, field as TextField]),
    );
  });
  text.finish();
  return text;
}

/** Slots found for a query, best first (ties by slot). */
function ranked(text: TextIndex, query: string, capacity = 100): number[] {
  const match = matchQuery(text, query, capacity);
  if (!match) return [];
  return [...match.slots]
    .map((slot, i) => ({ slot, score: match.scores[i] as number }))
    .sort((a, b) => b.score - a.score || a.slot - b.slot)
    .map((r) => r.slot);
}

const found = (text: TextIndex, query: string) => ranked(text, query).sort((a, b) => a - b);

describe("tokenising queries", () => {
  const en = build("en", [
    { name: "Padded jacket", productType: "Jacket", category: "Men" },
    { name: "Wrap dress", productType: "Dress", category: "Women" },
    { name: "Organic cotton T-shirt", productType: "T-shirt", category: "Kids" },
    { name: "Polo shirt", productType: "Polo shirt", category: "Men" },
    { name: "Raincoat", productType: "Coat", category: "Women" },
  ]);

  it("finds possessives", () => {
    expect(found(en, "men's jacket")).toEqual([0]);
    expect(found(en, "women’s dress")).toEqual([1]);
    expect(found(en, "kid's t-shirt")).toEqual([2]);
  });

  it("finds hyphenated words joined, spaced or hyphenated", () => {
    expect(ranked(en, "t-shirt")).toEqual([2]);
    expect(found(en, "tshirt")).toEqual([2]);
    expect(found(en, "rain-coat")).toEqual([4]);
    expect(found(en, "polo-shirt")).toEqual([3]);
  });

  it("falls back to the parts of a hyphenated word the catalogue does not know joined", () => {
    const text = build("en", [{ name: "Waterproof rain jacket" }, { name: "Wool coat" }]);
    expect(found(text, "rain-jacket")).toEqual([0]);
  });

  it("leaves out a word that matches nothing when the others match", () => {
    const fr = build("fr", [{ name: "Robe en lin", productType: "Robe" }, { name: "Veste en jean" }]);
    expect(found(fr, "robe d'été")).toEqual([0]);
    expect(found(fr, "l'écharpe")).toEqual([]);
  });

  it("finds French elisions and diacritics", () => {
    const fr = build("fr", [{ name: "Écharpe en laine", productType: "Écharpe" }, { name: "Robe d'été" }]);
    expect(found(fr, "l'echarpe")).toEqual([0]);
    expect(found(fr, "écharpes")).toEqual([0]);
    expect(found(fr, "robe d’ete")).toEqual([1]);
  });

  it("finds German umlauts, their spellings and ß", () => {
    const de = build("de", [{ name: "Mäntel aus Wolle" }, { name: "Gürtel mit Schließe" }]);
    expect(found(de, "maentel")).toEqual([0]);
    expect(found(de, "mantel")).toEqual([0]);
    expect(found(de, "gurtel schliesse")).toEqual([1]);
  });
});

describe("default synonyms", () => {
  it("find what the catalogue words differently, in English", () => {
    const en = build("en", [
      { name: "Cotton trousers", productType: "Trousers", category: "Children" },
      { name: "Running sneakers", productType: "Sneakers" },
      { name: "Wool sweater", productType: "Sweater" },
    ]);
    expect(found(en, "pants")).toEqual([0]);
    expect(found(en, "kids pants")).toEqual([0]);
    expect(found(en, "trainers")).toEqual([1]);
    expect(found(en, "jumper")).toEqual([2]);
    expect(found(en, "pullover")).toEqual([2]);
  });

  it("find what the catalogue words differently, in German and French", () => {
    const de = build("de", [
      { name: "Sneaker aus Leder", productType: "Sneaker" },
      { name: "Pullover aus Wolle", productType: "Pullover", category: "Kinder" },
    ]);
    expect(found(de, "turnschuhe")).toEqual([0]);
    expect(found(de, "pulli")).toEqual([1]);
    expect(found(de, "kids pullover")).toEqual([1]);
    const fr = build("fr", [
      { name: "Baskets en cuir", productType: "Basket" },
      { name: "Pull en laine", productType: "Pull", category: "Enfants" },
    ]);
    expect(found(fr, "sneakers")).toEqual([0]);
    expect(found(fr, "pullover kids")).toEqual([1]);
  });

  it("let the merchant's synonyms come on top", () => {
    const en = build("en", [
      { name: "Denim jacket", productType: "Jacket" },
      { name: "Jean shorts", productType: "Shorts" },
    ]);
    expect(found(en, "denim shorts")).toEqual([]);
    en.setSynonyms([{ terms: ["jean", "denim"], oneWay: false }]);
    expect(found(en, "denim shorts")).toEqual([1]);
    expect(found(en, "jean jacket")).toEqual([0]);
    // The defaults stay.
    const kids = build("en", [{ name: "Jacket", category: "Children" }]);
    kids.setSynonyms([{ terms: ["jean", "denim"], oneWay: false }]);
    expect(found(kids, "kids")).toEqual([0]);
  });
});

describe("ranking by field", () => {
  it("ranks a product type and name match above a name-only match, and both above a description match", () => {
    const en = build("en", [
      { name: "Linen blazer", productType: "Blazer", description: "Wear it with a belt." },
      { name: "Dress with belt", productType: "Dress" },
      { name: "Leather belt", productType: "Belt", category: "Belts" },
      { name: "Belt", productType: "Belt" },
    ]);
    expect(ranked(en, "belt")).toEqual([2, 3, 1, 0]);
  });

  it("ranks the product type that is the whole word above one that contains it", () => {
    const en = build("en", [
      { name: "Cotton polo shirt", productType: "Polo shirt" },
      { name: "Organic cotton T-shirt", productType: "T-shirt" },
      { name: "Oxford shirt", productType: "Shirt" },
    ]);
    expect(ranked(en, "shirt")[0]).toBe(2);
    expect(ranked(en, "t-shirt")).toEqual([1]);
  });

  it("ranks an exact colour above a near spelling of it in a name", () => {
    const en = build("en", [
      { name: "Blank sweater", productType: "Sweater", colour: "White" },
      { name: "Crew-neck sweater", productType: "Sweater", colour: "Black" },
    ]);
    expect(ranked(en, "black sweater")[0]).toBe(1);
  });
});

describe("typo correction", () => {
  const en = build("en", [
    ...Array.from({ length: 30 }, () => ({ name: "Leather handles bag", productType: "Bag", description: "Handles." })),
    { name: "Suede sandals", productType: "Sandals" },
    { name: "Pool sliders", productType: "Flip flop" },
    { name: "Felt slippers", productType: "Slippers" },
  ]);

  it("prefers the catalogue's vocabulary to a more frequent word at the same distance", () => {
    // "sandels" is one edit from "sandals" (a product type) and from "handles" — frequent, but only in names.
    expect(en.corrections("sandels")[0]).toBe("sandals");
    expect(en.correction("slipers")).toBe("slippers");
  });

  it("corrects only to words that find products with the rest of the query", () => {
    const text = build("en", [
      { name: "Leather bag", productType: "Bag", colour: "Black" },
      { name: "Suede boots", productType: "Boots", colour: "Brown" },
      { name: "Suede boats", colour: "Black" },
    ]);
    const scope = { capacity: 10 };
    // "boxts": one edit from boots and boats; the black ones are boats, and black boots do not exist.
    expect(correctQuery(text, "black boxts", scope)?.correctedQuery).toBe("black boats");
    expect(correctQuery(text, "brown boxts", scope)?.correctedQuery).toBe("brown boots");
    expect(correctQuery(text, "brown boots", scope)).toBeUndefined();
  });

  it("also matches a rare misspelling in the catalogue as a typo of a vocabulary word", () => {
    const text = build("en", [
      ...Array.from({ length: 12 }, () => ({ name: "Jersey dress", productType: "Dress" })),
      { name: "Galaxy dresss", productType: "Dress" },
      { name: "Wool boats print", productType: "Sweater" },
      ...Array.from({ length: 3 }, () => ({ name: "Boats scarf", productType: "Scarf" })),
    ]);
    expect(text.likelyTypo("dresss")).toBe(true);
    expect(found(text, "dresss")).toHaveLength(13);
    // The products it means rank by their fields, above the misspelt name.
    expect(ranked(text, "dresss")[0]).toBe(0);
    // A word no vocabulary word is near, or that is frequent enough, is taken as it is.
    expect(text.likelyTypo("boats")).toBe(false);
    expect(found(text, "galaxy")).toEqual([12]);
  });

  it("names the corrected words", () => {
    expect(correctQuery(en, "felt slipers", { capacity: 100 })).toEqual({
      correctedQuery: "felt slippers",
      wordCorrections: [{ offset: 5, length: 7, originalWord: "slipers", correctedWord: "slippers" }],
    });
  });
});
