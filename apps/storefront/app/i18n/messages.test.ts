import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatMessage } from "./format.ts";

const root = import.meta.dirname;
const LANGUAGES = ["de", "fr", "en"] as const;
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(root, language, file), "utf8")) as Record<string, string>;

describe("message files", () => {
  const namespaces = [...new Set(LANGUAGES.flatMap((l) => readdirSync(join(root, l))))].sort();

  it.each(namespaces)("%s has the same keys in German, French and English, prefixed by its namespace", (file) => {
    const prefix = `${file.replace(/\.json$/, "")}.`;
    const keys = LANGUAGES.map((l) => Object.keys(read(l, file)).sort());
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    const wrong = keys[0]?.filter((k) => !k.startsWith(prefix) && !(prefix === "errors." && k.startsWith("error.")));
    expect(wrong).toEqual([]);
  });

  it.each(namespaces)("every message of %s parses and has no blank text", (file) => {
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(read(language, file))) {
        expect(message.trim(), `${language}/${key}`).not.toBe("");
        expect(() => formatMessage(message, {}, language), `${language}/${key}`).not.toThrow();
      }
    }
  });
});

describe("ICU subset", () => {
  it("formats arguments, numbers, plurals and selects", () => {
    expect(formatMessage("Hallo {name}", { name: "Ada" })).toBe("Hallo Ada");
    expect(formatMessage("{n, number} Stück", { n: 1234.5 }, "de-DE")).toBe("1.234,5 Stück");
    const items = "{count, plural, =0 {Keine Artikel} one {# Artikel} other {# Artikel}}";
    expect(formatMessage(items, { count: 0 })).toBe("Keine Artikel");
    expect(formatMessage(items, { count: 1 })).toBe("1 Artikel");
    expect(formatMessage(items, { count: 1200 }, "de-CH")).toBe("1’200 Artikel");
    expect(formatMessage("{g, select, a {A} other {O}}", { g: "b" })).toBe("O");
    // Swiss French thousands: the same text on the server and in every browser.
    expect(formatMessage("{n, number}", { n: 1234567.5 }, "fr-CH")).toBe("1\u202f234\u202f567,5");
    expect(formatMessage("'{'literal'}' {x}", { x: 1 })).toBe("{literal} 1");
    expect(formatMessage("l'accueil")).toBe("l'accueil");
  });
});
