import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileMessage } from "./format.ts";
import { createTranslator } from "./i18n.tsx";
import { type MessageValues, pluralCategory, renderMessage } from "./message.ts";
import { messagesFor, messagesForLocale } from "./messages.server.ts";

const root = import.meta.dirname;
const formatMessage = (message: string, values?: MessageValues, locale?: string) =>
  renderMessage(compileMessage(message), values, locale);
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

  it.each(namespaces)(
    "French messages of %s follow French typography: ’ and a no-break space before : ; ? !",
    (file) => {
      for (const [key, message] of Object.entries(read("fr", file))) {
        expect(message, `fr/${key}`).not.toMatch(/\p{L}'\p{L}/u);
        expect(message, `fr/${key}`).not.toMatch(/ [:;?!]/);
      }
    },
  );

  it.each(namespaces)("every message of %s parses and has no blank text", (file) => {
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(read(language, file))) {
        expect(message.trim(), `${language}/${key}`).not.toBe("");
        expect(() => formatMessage(message, {}, language), `${language}/${key}`).not.toThrow();
      }
    }
  });
});

describe("plural categories without Intl", () => {
  it("match Intl.PluralRules for whole numbers in every shop locale, and use it for fractions and other languages", () => {
    const numbers = [0, 1, 2, 3, 5, 10, 11, 21, 100, 101, 1000, 999999, 1000000, 1000001, 1500000, 2000000, 10000000];
    for (const locale of ["de-DE", "de-AT", "de-CH", "fr-CH", "en-GB"]) {
      const rules = new Intl.PluralRules(locale);
      for (const n of numbers.flatMap((x) => [x, -x])) {
        expect(pluralCategory(n, locale), `${locale} ${n}`).toBe(rules.select(n));
      }
      expect(pluralCategory(1.5, locale)).toBe(rules.select(1.5));
    }
    expect(pluralCategory(2, "pl-PL")).toBe(new Intl.PluralRules("pl-PL").select(2));
    expect(formatMessage("{n, plural, one {# Artikel} other {# Artikel}}", { n: 1234 }, "de-DE")).toBe("1.234 Artikel");
    expect(
      formatMessage("{n, plural, one {# article} many {# d’articles} other {# articles}}", { n: 0 }, "fr-CH"),
    ).toBe("0 article");
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

describe("compiled messages", () => {
  it("keep texts without arguments as plain strings, escapes resolved", () => {
    expect(compileMessage("Warenkorb")).toBe("Warenkorb");
    expect(compileMessage("'{'literal'}'")).toBe("{literal}");
    expect(compileMessage("l'accueil")).toBe("l'accueil");
    expect(compileMessage("")).toBe("");
  });

  it("turn arguments, numbers, plurals and selects into parts that survive JSON and render like the text", () => {
    expect(compileMessage("Hallo {name}")).toEqual(["Hallo ", ["name"]]);
    expect(compileMessage("{n, number} Stück")).toEqual([["n", "number"], " Stück"]);
    const items = "{count, plural, offset:1 =0 {Keine} one {# Artikel} other {# Artikel mehr}}";
    expect(compileMessage(items)).toEqual([
      ["count", "plural", 1, { "=0": ["Keine"], one: [["#"], " Artikel"], other: [["#"], " Artikel mehr"] }],
    ]);
    const sent = JSON.parse(JSON.stringify(compileMessage(items)));
    expect(renderMessage(sent, { count: 0 })).toBe("Keine");
    expect(renderMessage(sent, { count: 2 })).toBe("1 Artikel");
    expect(renderMessage(sent, { count: 1201 }, "de-CH")).toBe("1’200 Artikel mehr");
    const select = JSON.parse(JSON.stringify(compileMessage("{g, select, a {A {x}} other {O}}")));
    expect(renderMessage(select, { g: "a", x: 7 })).toBe("A 7");
    expect(renderMessage(select, { g: "b" })).toBe("O");
    expect(renderMessage(["Hallo ", ["name"]], {})).toBe("Hallo {name}");
    // A value named like an Object.prototype member picks no branch of its own (a form field shown back).
    for (const g of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(renderMessage(select, { g })).toBe("O");
    }
    const plural = JSON.parse(JSON.stringify(compileMessage("{n, plural, one {eins} other {viele}}")));
    expect(renderMessage(plural, { n: "constructor" as never })).toBe("viele");
  });

  it("translate keys named like Object.prototype members as missing keys", () => {
    const t = createTranslator({ "a.b": "AB" }, "de-DE");
    for (const key of ["__proto__", "constructor", "toString", "a.b.__proto__"]) {
      expect(t(key)).toBe(key);
      expect(t.has(key)).toBe(false);
    }
    expect(t("a.b")).toBe("AB");
  });

  it("are what a store's message file holds, Swiss German spelt with ss", () => {
    expect(messagesForLocale("de", "de-DE")["basket.close"]).toBe("Schließen");
    expect(messagesForLocale("de", "de-CH")["basket.close"]).toBe("Schliessen");
    expect(Array.isArray(messagesFor("de")["common.items"])).toBe(true);
  });
});
