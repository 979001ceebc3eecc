import { describe, expect, it } from "vitest";
import { foldText, normaliseQuery, queryTokens, stem, tokenize } from "./normalize.ts";

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

  it("leaves short words and numbers alone", () => {
    expect(stem("top", "en")).toBe("top");
    expect(stem("38", "de")).toBe("38");
  });
});

it("normalises whole queries for learning", () => {
  expect(normaliseQuery("  Rotes   Kleid ")).toBe("rotes kleid");
});
