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

describe("German compounds", () => {
  // The compounds have no product type that says what they are: only their names do. Each part of a compound is
  // a word of the catalogue's vocabulary (types, categories) or of two products.
  const de = build("de", [
    { name: "Kleid aus Baumwolle", productType: "Kleid", category: "Damen", description: "Für den Sommer" },
    { name: "Sommerkleid aus Leinen", category: "Damen" },
    { name: "Jeansjacke mit Knöpfen", category: "Herren" },
    { name: "Steppjacke mit Kapuze", category: "Herren" },
    { name: "Jacke aus Leder", productType: "Jacke" },
    { name: "Jeans aus Denim", productType: "Jeans" },
    { name: "Laufschuhe mit Dämpfung", category: "Sport" },
    { name: "Hosenträger aus Leder", productType: "Accessoire" },
    { name: "Rockabilly-Hemd", productType: "Hemd" },
    { name: "Rock aus Wolle", productType: "Rock" },
    { name: "Frock Coat", productType: "Mantel" },
    { name: "Hose für den Sommer", productType: "Hose" },
    { name: "Steppmantel", category: "Herren" },
    { name: "Schuhe zum Laufen", productType: "Schuhe", category: "Laufen" },
    { name: "Damensommerkleid aus Viskose" },
    { name: "Handschuhe aus Wolle", productType: "Handschuhe" },
  ]);

  it("find a compound by its head, below the word itself", () => {
    expect(ranked(de, "kleid")).toEqual([0, 1, 14]);
    expect(found(de, "jacke")).toEqual([2, 3, 4]);
    expect(ranked(de, "jacke")[0]).toBe(4);
    // A compound the catalogue knows is searched as it is: not split.
    expect(ranked(de, "laufschuhe")).toEqual([6]);
    // Handschuhe are no shoes here: "hand" is no word of this catalogue.
    expect(ranked(de, "schuhe")).toEqual([13, 6]);
  });

  it("find a compound whose first part is unknown on its own when it begins several compounds", () => {
    // "stepp" is no word of the catalogue, but Steppjacke and Steppmantel share it.
    expect(found(de, "jacke")).toContain(3);
    expect(found(de, "mantel")).toEqual([10, 12]);
  });

  it("match no word hidden inside another, nor a compound by its first part", () => {
    // (As the last word "rock" and "hose" also start "Rockabilly" and "Hosenträger", as the shopper may be typing
    // them: ranked below.)
    expect(ranked(de, "rock")[0]).toBe(9);
    expect(found(de, "rock wolle")).toEqual([9]);
    expect(ranked(de, "hose")[0]).toBe(11);
    expect(found(de, "hose sommer")).toEqual([11]);
    expect(found(de, "mantel")).not.toContain(7);
    expect(found(de, "sommer hose")).toEqual([11]);
  });

  it("find a compound written as separate words", () => {
    expect(found(de, "sommer kleid")).toEqual([0, 1, 14]);
    expect(found(de, "damen sommer kleid")).toEqual([0, 1, 14]);
    expect(ranked(de, "jeans jacke")).toEqual([2]);
  });

  it("find separate words by the compound the shopper typed", () => {
    const text = build("de", [
      { name: "Kleid für den Sommer", productType: "Kleid" },
      { name: "Sommer Shirt", productType: "Shirt" },
      { name: "Kleid aus Seide", productType: "Kleid" },
    ]);
    expect(found(text, "sommerkleid")).toEqual([0]);
    expect(found(text, "sommerkleider")).toEqual([0]);
  });

  it("are a German matter: English words are not split", () => {
    const en = build("en", [
      { name: "Raincoat", productType: "Raincoat" },
      { name: "Rain hat", productType: "Hat" },
      { name: "Wool coat", productType: "Coat" },
      { name: "Wool scarf", productType: "Scarf" },
    ]);
    expect(found(en, "coat")).toEqual([2]);
  });

  it("leave the first part out of a typed compound only when the whole finds nothing", () => {
    const text = build("de", [
      { name: "Rock aus Denim", productType: "Rock" },
      { name: "Jeans aus Denim", productType: "Jeans" },
      { name: "Abendkleid aus Seide", productType: "Kleid" },
      { name: "Kleid aus Leinen", productType: "Kleid" },
      { name: "Schal aus Seide", productType: "Schal" },
    ]);
    expect(found(text, "jeansrock")).toEqual([0]);
    // "blusen" is no word of the catalogue: the head of the product type finds the dresses.
    expect(found(text, "blusenkleid")).toEqual([2, 3]);
    expect(found(text, "seidenkleid")).toEqual([2]);
    // A near spelling of a whole word beats the head alone.
    expect(found(text, "abentkleid")).toEqual([2]);
  });

  it("are no typos of a similar word", () => {
    const text = build("de", [
      { name: "Jacke aus Leder", productType: "Jacke" },
      { name: "Federjacke", productType: "Jacke" },
    ]);
    expect(found(text, "lederjacke")).toEqual([0]);
    expect(correctQuery(text, "lederjacke", { capacity: 100 })).toBeUndefined();
  });

  it("find the compounds a word the catalogue does not know ends, whatever their first part", () => {
    const text = build("de", [
      { name: "Sonnenbrille mit Metallrahmen", productType: "Accessoire" },
      { name: "Lesebrille", productType: "Accessoire" },
      { name: "Brillenetui aus Leder", productType: "Accessoire" },
      { name: "Jacke aus Leder", productType: "Jacke" },
      { name: "Modelle aus Leder", productType: "Accessoire" },
      { name: "Baumwollhemd", productType: "Hemd" },
    ]);
    // "brille" is in no product on its own: it finds the glasses (and, as the shopper may be typing "brillen…",
    // the case whose name starts with it).
    expect(found(text, "brille")).toEqual([0, 1, 2]);
    expect(found(text, "brillen")).toEqual([0, 1, 2]);
    // A short unknown head finds nothing inside other words ("elle" in Modelle), nor does a known one.
    expect(found(text, "elle")).toEqual([]);
    expect(found(text, "hemd")).toEqual([5]);
  });

  it("find no compound whose first part is no word of the catalogue: wool is no cotton", () => {
    const text = build("de", [
      { name: "Pullover aus Wolle", productType: "Pullover" },
      { name: "Pullover aus Baumwolle", productType: "Pullover" },
    ]);
    expect(found(text, "wolle")).toEqual([0]);
  });
});

describe("phrase synonyms", () => {
  it("find a phrase by a word and a word by a phrase", () => {
    const en = build("en", [
      { name: "Cushioned running shoes", productType: "Shoes" },
      { name: "Leather trainers", productType: "Trainers" },
      { name: "Running top", productType: "Top" },
      { name: "Patent shoes", productType: "Shoes" },
    ]);
    en.setSynonyms([{ terms: ["running shoes", "trainers"], oneWay: false }]);
    expect(found(en, "running shoes")).toEqual([0, 1]);
    expect(found(en, "trainers")).toEqual([0, 1]);
    expect(found(en, "patent running shoes")).toEqual([]);
    expect(found(en, "leather running shoes")).toEqual([1]);
  });

  it("find the default multi-word synonyms", () => {
    const en = build("en", [
      { name: "Striped swimsuit", productType: "Swimsuit" },
      { name: "Swimming costume", productType: "Swimwear" },
      { name: "Swimming goggles", productType: "Accessory" },
    ]);
    expect(found(en, "swimsuit")).toEqual([0, 1]);
    expect(found(en, "swimming costume")).toEqual([0, 1]);
  });

  it("find a word spaced that the catalogue writes joined", () => {
    const en = build("en", [{ name: "Tshirt with print" }, { name: "Shirt with collar" }]);
    expect(ranked(en, "t shirt")[0]).toBe(0);
    expect(found(en, "t shirt print")).toEqual([0]);
  });

  it("come from the merchant too, in German", () => {
    const de = build("de", [
      { name: "Kapuzenpullover aus Baumwolle", productType: "Pullover" },
      { name: "Pullover mit Reißverschluss", productType: "Pullover" },
      { name: "Pullover aus Wolle", productType: "Pullover" },
      { name: "Jacke mit Reißverschluss", productType: "Jacke" },
    ]);
    expect(found(de, "hoodie")).toEqual([0]);
    expect(found(de, "zipper")).toEqual([]);
    de.setSynonyms([{ terms: ["zipper", "pullover mit reißverschluss"], oneWay: false }]);
    expect(found(de, "zipper")).toEqual([1]);
    expect(found(de, "pullover mit reissverschluss")).toEqual([1]);
  });
});
