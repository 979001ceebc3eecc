import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileMessage } from "../../i18n/format.ts";
import { renderMessage } from "../../i18n/message.ts";
import de from "./messages/de.json";
import en from "./messages/en.json";

const APP = join(import.meta.dirname, "..", "..");

/** Every literal `admin.…` key the back office's code names (dynamic keys are checked by their prefixes). */
function keysInCode(): { literal: Set<string>; prefixes: Set<string> } {
  const literal = new Set<string>();
  const prefixes = new Set<string>();
  for (const dir of ["routes/admin", "components/admin", "lib/admin"]) {
    for (const file of readdirSync(join(APP, dir), { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || file.includes(".test.")) continue;
      const source = readFileSync(join(APP, dir, file), "utf8");
      for (const m of source.matchAll(/["`](admin\.[a-z0-9_.]+)(\$\{)?/g)) {
        if (m[2]) prefixes.add(m[1] as string);
        else if (!(m[1] as string).endsWith(".")) literal.add(m[1] as string);
      }
    }
  }
  return { literal, prefixes };
}

describe("back-office texts", () => {
  it("have the same keys in German and English, all prefixed admin.", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
    expect(Object.keys(de).filter((k) => !k.startsWith("admin."))).toEqual([]);
  });

  it("parse and are never blank", () => {
    for (const [language, messages] of [
      ["de", de],
      ["en", en],
    ] as const) {
      for (const [key, text] of Object.entries(messages as Record<string, string>)) {
        expect(text.trim(), `${language}/${key}`).not.toBe("");
        expect(() => renderMessage(compileMessage(text), {}, language), `${language}/${key}`).not.toThrow();
      }
    }
  });

  it("cover every key the code names, and every dynamic key's prefix has texts", () => {
    const { literal, prefixes } = keysInCode();
    expect(literal.size).toBeGreaterThan(50);
    expect([...literal].filter((k) => !(k in de))).toEqual([]);
    for (const prefix of prefixes)
      expect(
        Object.keys(de).some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });
});
