import { describe, expect, it } from "vitest";
import { foldText, normaliseQuery, queryTokens, queryWords, stem, tokenize } from "./normalize.ts";

describe("foldText", () => {
  it("folds case, accents and ß in every language", () => {
    expect(foldText("Écharpe GRÜN Straße", "fr")).toBe("echarpe grun strasse");
    expect(foldText("Crème brûlée", "en")).toBe("creme brulee");
  });

  it("meets the umlaut and its spelling in German", () => {
    expect(foldText("Mäntel", "de")).toBe("mantel");
    expect(foldText("Maentel", "de")).toBe("mantel");
    expect(foldText("Mütze", "de")).toBe(foldText("Muetze", "de"));
    expect(foldText("Röcke", "de")).toBe(foldText("Roecke", "de"));
  });
});

describe("tokenize", () => {
  it("splits on punctuation and adds the joined form of hyphenated words", () => {
    expect(tokenize("T-Shirt & Tops", "de")).toEqual(["t", "shirt", "tshirt", "tops"]);
    expect(tokenize("Kleid, gemustert (Baumwolle)", "de")).toEqual(["kleid", "gemustert", "baumwolle"]);
  });

  it("drops the English possessive, also with a typographic apostrophe", () => {
    expect(tokenize("men's jacket", "en")).toEqual(["men", "jacket"]);
    expect(tokenize("Women’s Dress", "en")).toEqual(["women", "dress"]);
    expect(tokenize("kids' trainers", "en")).toEqual(["kids", "trainers"]);
    expect(queryTokens("children's jacket", "en")).toEqual(["children", "jacket"]);
  });

  it("drops French elided articles", () => {
    expect(tokenize("l'écharpe", "fr")).toEqual(["echarpe"]);
    expect(tokenize("Robe d'été", "fr")).toEqual(["robe", "ete"]);
    expect(tokenize("jusqu’au genou", "fr")).toEqual(["au", "genou"]);
    expect(tokenize("L’ECHARPE", "fr")).toEqual(["echarpe"]);
  });

  it("folds diacritics and the German spellings of umlauts and ß", () => {
    expect(tokenize("Größe Mäntel", "de")).toEqual(tokenize("Groesse Maentel", "de"));
    expect(tokenize("Gürtel Straße", "de")).toEqual(["gurtel", "strasse"]);
    expect(tokenize("Écharpe légère", "fr")).toEqual(["echarpe", "legere"]);
  });

  it("keeps a hyphenated query word together, with its parts to fall back on", () => {
    expect(queryWords("t-shirt", "en")).toEqual([{ token: "tshirt", parts: ["t", "shirt"] }]);
    expect(queryWords("blue rain-coat", "en")).toEqual([
      { token: "blue" },
      { token: "raincoat", parts: ["rain", "coat"] },
    ]);
    expect(queryWords("t shirt", "en")).toEqual([{ token: "t" }, { token: "shirt" }]);
    expect(queryWords("men's polo-shirt", "en")).toEqual([
      { token: "men" },
      { token: "poloshirt", parts: ["polo", "shirt"] },
    ]);
  });

  it("keeps query words as typed (no joined form)", () => {
    expect(queryTokens("t-shirt", "de")).toEqual(["t", "shirt"]);
  });

  it("drops stop words from queries unless nothing else is left", () => {
    expect(queryTokens("Kleid aus Baumwolle", "de")).toEqual(["kleid", "baumwolle"]);
    expect(queryTokens("robe en lin", "fr")).toEqual(["robe", "lin"]);
    expect(queryTokens("shirt with collar", "en")).toEqual(["shirt", "collar"]);
    expect(queryTokens("und", "de")).toEqual(["und"]);
  });
});

describe("stem", () => {
  it("meets German singular and plural", () => {
    const de = (w: string) => stem(foldText(w, "de"), "de");
    expect(de("Kleider")).toBe(de("Kleid"));
    expect(de("Jacken")).toBe(de("Jacke"));
    expect(de("Röcke")).toBe(de("Rock"));
    expect(de("Blusen")).toBe(de("Bluse"));
    expect(de("Mäntel")).toBe(de("Mantel"));
    expect(de("Sneakers")).toBe(de("Sneaker"));
    expect(de("Schals")).toBe(de("Schal"));
  });

  it("meets French singular and plural, masculine and feminine", () => {
    const fr = (w: string) => stem(foldText(w, "fr"), "fr");
    expect(fr("manteaux")).toBe(fr("manteau"));
    expect(fr("chaussures")).toBe(fr("chaussure"));
    expect(fr("robes")).toBe(fr("robe"));
    expect(fr("bleue")).toBe(fr("bleu"));
  });

  it("meets English singular and plural", () => {
    expect(stem("dresses", "en")).toBe(stem("dress", "en"));
    expect(stem("shoes", "en")).toBe(stem("shoe", "en"));
    expect(stem("accessories", "en")).toBe(stem("accessory", "en"));
    expect(stem("boots", "en")).toBe("boot");
  });

  it("uses the Snowball stemmers", () => {
    expect(stem("knitted", "en")).toBe(stem("knit", "en"));
    expect(stem("running", "en")).toBe("run");
    expect(stem("strickpullover", "de")).toBe(stem("strickpullovern", "de"));
    expect(stem("chemises", "fr")).toBe(stem("chemise", "fr"));
    expect(stem("pantalons", "fr")).toBe("pantalon");
  });

  it("keeps fashion words whole that the stemmer would merge with everyday words", () => {
    expect(stem("leggings", "en")).not.toBe(stem("leg", "en"));
    expect(stem("leggings", "en")).toBe(stem("legging", "en"));
    expect(stem("shorts", "en")).not.toBe(stem("short", "en"));
    expect(stem("tights", "en")).not.toBe(stem("tight", "en"));
  });

  it("leaves short words and numbers alone", () => {
    expect(stem("top", "en")).toBe("top");
    expect(stem("38", "de")).toBe("38");
  });
});

it("normalises whole queries for learning", () => {
  expect(normaliseQuery("  Rotes   Kleid ")).toBe("rotes kleid");
});
