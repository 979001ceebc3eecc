import { afterEach, describe, expect, it } from "vitest";
import { allowedTypos, boundedDistance } from "./edit-distance.ts";
import { queryTokens } from "./normalize.ts";
import { TextIndex, textProbes } from "./text-index.ts";

function index(language: "de" | "fr" | "en", docs: string[]): TextIndex {
  const text = new TextIndex(language);
  docs.forEach((doc, slot) => {
    text.addDocument(slot, [[doc, "name"]]);
  });
  text.finish();
  return text;
}

function find(text: TextIndex, query: string): number[] {
  const tokens = queryTokens(query, text.language);
  const expansions = tokens.map((t, i) => text.expand(t, { prefix: i === tokens.length - 1, typos: true }));
  const match = text.match(expansions, 100);
  return [...match.slots].sort((a, b) => a - b);
}

describe("edit distance", () => {
  it("counts insertions, deletions, substitutions and transpositions as one edit", () => {
    expect(boundedDistance("kleid", "kleid", 2)).toBe(0);
    expect(boundedDistance("kleid", "kleit", 2)).toBe(1);
    expect(boundedDistance("kleid", "kelid", 2)).toBe(1);
    expect(boundedDistance("kleid", "kleide", 2)).toBe(1);
    expect(boundedDistance("kleid", "klid", 2)).toBe(1);
    expect(boundedDistance("jacke", "socke", 1)).toBe(2);
  });

  it("allows one typo from 5 letters and two from 9", () => {
    expect(allowedTypos(4)).toBe(0);
    expect(allowedTypos(5)).toBe(1);
    expect(allowedTypos(8)).toBe(1);
    expect(allowedTypos(9)).toBe(2);
  });
});

describe("text matching", () => {
  const de = index("de", [
    "Kleid aus Baumwolle",
    "Mantel aus Wolle",
    "Sommerkleid aus Leinen",
    "Rock aus Jeans",
    "Jacke aus Leder",
    "Mäntel Set",
    "Pullover aus Kaschmir",
  ]);

  it("needs every word of the query", () => {
    expect(find(de, "kleid baumwolle")).toEqual([0]);
    expect(find(de, "kleid leder")).toEqual([]);
  });

  it("matches the last word as a prefix", () => {
    expect(find(de, "baumw")).toEqual([0]);
    expect(find(de, "kleid baum")).toEqual([0]);
    expect(find(de, "pull")).toEqual([6]);
  });

  it("tolerates one typo from 5 letters and two from 9, none below", () => {
    expect(find(de, "kelid ")).toEqual([0]);
    expect(find(de, "mantle wolle")).toEqual([1]);
    expect(find(de, "baumwole ")).toEqual([0]);
    expect(find(de, "somerkleit ")).toEqual([2]);
    expect(find(de, "kashmier ")).toEqual([]);
    expect(find(de, "rok ")).toEqual([]);
  });

  it("finds German words through umlauts, their spellings and plurals", () => {
    expect(find(de, "mäntel ")).toEqual([1, 5]);
    expect(find(de, "maentel ")).toEqual([1, 5]);
    expect(find(de, "mantel ")).toEqual([1, 5]);
    expect(find(de, "jacken ")).toEqual([4]);
    expect(find(de, "röcke ")).toEqual([3]);
  });

  it("finds French words through accents and plurals", () => {
    const fr = index("fr", ["Manteau en laine", "Chaussures en cuir", "Écharpe légère", "Robe bleue"]);
    expect(find(fr, "manteaux ")).toEqual([0]);
    expect(find(fr, "chaussure ")).toEqual([1]);
    expect(find(fr, "echarpe legere")).toEqual([2]);
    expect(find(fr, "robes bleu")).toEqual([3]);
  });

  it("finds English plurals", () => {
    const en = index("en", ["Cotton dress", "Leather shoes", "Wool accessories"]);
    expect(find(en, "dresses ")).toEqual([0]);
    expect(find(en, "shoe ")).toEqual([1]);
    expect(find(en, "accessory ")).toEqual([2]);
  });

  it("scores a name match above a description match", () => {
    const text = new TextIndex("en");
    text.addDocument(0, [["Silk scarf", "name"]]);
    text.addDocument(1, [
      ["Wool hat", "name"],
      ["Goes well with a silk blouse", "description"],
    ]);
    text.finish();
    const match = text.match([text.expand("silk", { prefix: false, typos: false })], 10);
    const score = new Map([...match.slots].map((slot, i) => [slot, match.scores[i]]));
    expect(score.get(0)).toBeGreaterThan(score.get(1) as number);
  });

  it("expands synonyms", () => {
    const text = index("de", ["Pullover aus Wolle", "Strickjacke"]);
    text.setSynonyms([{ terms: ["Pulli", "Pullover"], oneWay: false }]);
    expect(find(text, "pulli ")).toEqual([0]);
    text.setSynonyms([{ terms: ["Strick", "Strickjacke"], oneWay: true }]);
    expect(find(text, "strick ")).toEqual([1]);
  });

  it("leaves out removed slots", () => {
    const tokens = ["kleid"];
    const match = de.match(
      tokens.map((t) => de.expand(t, { prefix: false, typos: false })),
      100,
      // A bitset of the slots that count: 1 to 6, not 0.
      Uint32Array.of(0b1111110),
    );
    expect([...match.slots]).toEqual([]);
  });

  it("corrects an unknown word to the closest known one", () => {
    expect(de.correction("rokc")).toBe("rock");
    expect(de.correction("kleid")).toBeUndefined();
    expect(de.correction("xyzzy")).toBeUndefined();
  });
});

describe("merged posting lists too large for the term cache", () => {
  // Words sharing prefixes ("ro…", "bl…") over many documents: each prefix merges several words' lists.
  const words = ["rock", "robe", "rosa", "rot", "blau", "bluse", "blazer", "blume"];
  const docs = Array.from(
    { length: 300 },
    (_, i) => `${words[i % words.length]} ${words[(i * 3 + 1) % words.length]} ${words[(i * 7 + 2) % words.length]}`,
  );
  const build = (termCacheDocs?: number) => {
    const text = new TextIndex("de", termCacheDocs === undefined ? {} : { termCacheDocs });
    docs.forEach((doc, slot) => {
      text.addDocument(slot, [[doc, "name"]]);
    });
    text.finish();
    return text;
  };
  const answer = (text: TextIndex, query: string) => {
    const tokens = queryTokens(query, text.language);
    const expansions = tokens.map((t, i) => text.expand(t, { prefix: true, typos: i < tokens.length - 1 }));
    const match = text.match(expansions, docs.length);
    return { slots: [...match.slots], scores: [...match.scores] };
  };

  it("match as the cached ones do, one query after another (each word's list has its own scratch space)", () => {
    const cached = build();
    // A limit of 40 documents: every prefix below merges more than 10 and is never cached.
    const uncached = build(40);
    // Whole words too: one word's own list, too large as well, scores into the same scratch space.
    const queries = [
      "ro",
      "bl",
      "ro bl",
      "bl ro",
      "rot bl",
      "ro",
      "blau ro",
      "b",
      "rock",
      "rosa blume",
      "bluse ro",
      "ro bluse",
    ];
    const expected = queries.map((q) => answer(cached, q));
    expect(expected[0]?.slots.length).toBeGreaterThan(10);
    expect(expected[2]?.slots.length).toBeGreaterThan(0);
    expect(expected[8]?.slots.length).toBeGreaterThan(10);
    for (const [i, q] of queries.entries()) expect(answer(uncached, q), q).toEqual(expected[i]);
    // Again in reverse order, over scratch space the queries before left behind.
    for (const [i, q] of [...queries.entries()].reverse()) expect(answer(uncached, q), q).toEqual(expected[i]);
  });
});

describe("a word of many expansions looked up for few candidates (textProbes)", () => {
  // Rare words in a few documents, and many words sharing starts ("bl…", "ro…") in all the others.
  const common = ["blau", "bluse", "blazer", "blume", "blick", "blatt", "rock", "robe", "rosa", "rot", "rund"];
  const rare = ["kaschmir", "merino", "seide"];
  const docs = Array.from({ length: 3000 }, (_, i) => {
    const words = [common[i % common.length], common[(i * 7 + 3) % common.length], common[(i * 13 + 5) % 11]];
    if (i % 37 === 0) words.push(rare[i % rare.length] as string);
    return words.join(" ");
  });
  // Nothing cached: every query merges (or looks up) its words again.
  const text = new TextIndex("de", { termCacheDocs: 0 });
  docs.forEach((doc, slot) => {
    text.addDocument(slot, [[doc, doc.length % 2 === 0 ? "name" : "description"]]);
  });
  text.finish();
  const answer = (query: string, live?: Uint32Array) => {
    const tokens = queryTokens(query, text.language);
    const expansions = tokens.map((t, i) => text.expand(t, { prefix: i === tokens.length - 1, typos: true }));
    const match = text.match(expansions, docs.length, live);
    return { slots: [...match.slots], scores: [...match.scores] };
  };

  afterEach(() => {
    textProbes.enabled = true;
  });

  it("finds and scores as the merged list does (prefixes, typos, three words, a store's slots)", () => {
    const queries = [
      "kaschmir b",
      "kaschmir bl",
      "kaschmir r",
      "merino ro",
      "seide blu",
      "kaschmr blau",
      "merino blaz",
      "seide rock b",
      "kaschmir rosa r",
      "blau kaschmir",
      "bl",
    ];
    const even = new Uint32Array(Math.ceil(docs.length / 32)).fill(0x55555555);
    const used = textProbes.used;
    let found = 0;
    for (const query of queries) {
      for (const live of [undefined, even]) {
        textProbes.enabled = true;
        const probed = answer(query, live);
        textProbes.enabled = false;
        const merged = answer(query, live);
        expect(probed, query).toEqual(merged);
        found += merged.slots.length > 0 ? 1 : 0;
      }
    }
    expect(found).toBeGreaterThan(15);
    expect(textProbes.used - used).toBeGreaterThan(12);
  });
});
