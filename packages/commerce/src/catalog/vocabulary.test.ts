import { describe, expect, it } from "vitest";
import {
  attributeValueKey,
  attributeValueLabel,
  COLOURS,
  colourHex,
  colourName,
  currentVocabulary,
  labelFromId,
  languageOrder,
  pickLanguage,
  setLanguageFallback,
  setVocabulary,
  Vocabulary,
  vocabularyLabel,
} from "./vocabulary.ts";

describe("colour map", () => {
  it("has more than 20 colours, each with a hex code and names in German, French and English", () => {
    expect(COLOURS.length).toBeGreaterThan(20);
    for (const colour of COLOURS) {
      expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(colour.names.de.length).toBeGreaterThan(0);
      expect(colour.names.fr.length).toBeGreaterThan(0);
      expect(colour.names.en.length).toBeGreaterThan(0);
    }
  });

  it("has unique ids and unique hex codes", () => {
    expect(new Set(COLOURS.map((c) => c.id)).size).toBe(COLOURS.length);
    expect(new Set(COLOURS.map((c) => c.hex)).size).toBe(COLOURS.length);
  });

  it("maps a colour id to its hex code and localized name", () => {
    expect(currentVocabulary().value("colour", "navy")?.hex).toBe("#1f2f52");
    expect(colourName("navy", "de")).toBe("Marineblau");
    expect(colourName("navy", "fr")).toBe("Bleu marine");
    expect(colourName("white", "de")).toBe("Weiß");
  });

  it("falls back for an unknown colour instead of failing", () => {
    expect(colourName("nope", "en")).toBe("nope");
    expect(colourHex("nope")).toBe("#999999");
  });
});

describe("vocabulary as data", () => {
  it("answers labels, hex and product types from the vocabulary it is given, with the fallback chain", () => {
    const before = currentVocabulary();
    try {
      setVocabulary(
        new Vocabulary(
          [
            { kind: "colour", id: "moss", labels: { en: "Moss" }, hex: "#4a5d23", sizeSystem: null, position: 0 },
            {
              kind: "productType",
              id: "umbrella",
              labels: { de: "Schirm" },
              hex: null,
              sizeSystem: "onesize",
              position: 0,
            },
          ],
          [],
        ),
      );
      expect(colourName("moss", "de")).toBe("Moss");
      expect(colourHex("moss")).toBe("#4a5d23");
      expect(vocabularyLabel("productType", "umbrella", "fr")).toBe("Schirm");
      expect(colourName("navy", "de")).toBe("navy");
      expect(currentVocabulary().colourByName("MOSS")?.id).toBe("moss");
    } finally {
      setVocabulary(before);
    }
  });

  it("falls back along the configured chain, the store's own language first", () => {
    try {
      setLanguageFallback(["de", "en", "fr"]);
      expect(languageOrder("fr")).toEqual(["fr", "de", "en"]);
      expect(pickLanguage({ en: "Coat" }, "fr")).toEqual({ value: "Coat", language: "en" });
      expect(pickLanguage({ de: "Mantel", en: "Coat" }, "fr")).toEqual({ value: "Mantel", language: "de" });
      setLanguageFallback(["en"]);
      expect(languageOrder("fr")).toEqual(["fr", "en", "de"]);
      expect(pickLanguage({ de: "Mantel", en: "Coat" }, "fr")?.language).toBe("en");
      expect(pickLanguage({}, "de")).toBeUndefined();
    } finally {
      setLanguageFallback(["de", "en", "fr"]);
    }
  });

  it("resolves a value's labels along the chain in force, again when the chain changes", () => {
    const vocabulary = new Vocabulary([
      {
        kind: "colour",
        id: "moss",
        labels: { de: "Moosgrün", en: "Moss" },
        hex: "#4a5d23",
        sizeSystem: null,
        position: 0,
      },
    ]);
    try {
      expect(vocabulary.label("colour", "moss", "fr")).toBe("Moosgrün");
      setLanguageFallback(["en"]);
      expect(vocabulary.label("colour", "moss", "fr")).toBe("Moss");
      expect(vocabulary.labels("colour", "moss")).toEqual({ de: "Moosgrün", fr: "Moss", en: "Moss" });
      expect(vocabulary.label("colour", "nope", "fr")).toBe("nope");
    } finally {
      setLanguageFallback(["de", "en", "fr"]);
    }
    expect(vocabulary.label("colour", "moss", "fr")).toBe("Moosgrün");
  });

  it("makes an id readable when a value has no label", () => {
    expect(labelFromId("vest-top")).toBe("Vest top");
    expect(labelFromId("under_wear")).toBe("Under wear");
  });
});

describe("merchant attribute values", () => {
  it("keep one spelling per number, booleans and text as written, and leave out values of another type", () => {
    expect(attributeValueKey("number", "72.50")).toBe("72.5");
    expect(attributeValueKey("number", "072")).toBe("72");
    expect(attributeValueKey("number", "wide")).toBeUndefined();
    expect(attributeValueKey("boolean", "true")).toBe("true");
    expect(attributeValueKey("boolean", "yes")).toBeUndefined();
    expect(attributeValueKey("text", "Long sleeve")).toBe("Long sleeve");
  });

  it("read as yes/no in the store's language, numbers in its notation, text as written", () => {
    expect(["de", "fr", "en"].map((l) => attributeValueLabel({ valueType: "boolean" }, "true", l as "de"))).toEqual([
      "Ja",
      "Oui",
      "Yes",
    ]);
    expect(attributeValueLabel({ valueType: "boolean" }, "false", "de")).toBe("Nein");
    expect(attributeValueLabel({ valueType: "number" }, "72.5", "de")).toBe("72,5");
    expect(attributeValueLabel({ valueType: "number" }, "12000", "en")).toBe("12000");
    expect(attributeValueLabel({ valueType: "text" }, "true", "de")).toBe("true");
    expect(attributeValueLabel(undefined, "long", "fr")).toBe("long");
  });

  it("read text by its label in the language, else along the fallback chain, else as written; numbers take none", () => {
    const sleeve = {
      valueType: "text" as const,
      valueLabels: { long: { de: "Langarm", en: "Long sleeve" }, short: { en: "Short sleeve" } },
    };
    expect(attributeValueLabel(sleeve, "long", "de")).toBe("Langarm");
    expect(attributeValueLabel(sleeve, "long", "en")).toBe("Long sleeve");
    // No French label: German comes first in the default fallback chain.
    expect(attributeValueLabel(sleeve, "long", "fr")).toBe("Langarm");
    expect(attributeValueLabel(sleeve, "short", "de")).toBe("Short sleeve");
    expect(attributeValueLabel(sleeve, "raglan", "de")).toBe("raglan");
    expect(attributeValueLabel({ valueType: "number", valueLabels: { "7": { de: "sieben" } } }, "7", "de")).toBe("7");
  });
});
