import { describe, expect, it } from "vitest";
import { COLOURS, colourHex, colourName, getColour } from "./vocabulary.ts";

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
    expect(getColour("navy")?.hex).toBe("#1f2f52");
    expect(colourName("navy", "de")).toBe("Marineblau");
    expect(colourName("navy", "fr")).toBe("Bleu marine");
    expect(colourName("white", "de")).toBe("Weiß");
  });

  it("falls back for an unknown colour instead of failing", () => {
    expect(colourName("nope", "en")).toBe("nope");
    expect(colourHex("nope")).toBe("#999999");
  });
});
