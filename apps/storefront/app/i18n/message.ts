import { formatNumber } from "@vitrine/commerce/money";

/**
 * A message compiled from the ICU MessageFormat subset the shop writes (format.ts compiles it): a plain string
 * when it has no arguments (most messages), else its parts. The server compiles the message files once, and the
 * browser receives them compiled, so it needs this renderer only, not the parser.
 */
export type CompiledMessage = string | MessagePart[];

/**
 * A part: text; an argument `[name]` or `[name, "number"]`; the plural's own number `["#"]`; a plural
 * `[name, "plural", offset, options]` (options `=0`, `one`, `other`…); a select `[name, "select", options]`.
 */
export type MessagePart = string | ArgumentPart | PluralPart | SelectPart;
type ArgumentPart = [name: string] | [name: string, format: "number"];
type PluralPart = [name: string, type: "plural", offset: number, options: Record<string, MessagePart[]>];
type SelectPart = [name: string, type: "select", options: Record<string, MessagePart[]>];

export type MessageValues = Record<string, string | number | undefined | null>;

/** The `#` of a plural branch: the counted number. */
export const POUND = "#";

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The plural category of a number: for whole numbers in the shop's languages by CLDR's rules written out (German
 * and English: "one" for 1; French: "one" for 0 and 1, "many" for whole millions), else by `Intl.PluralRules`.
 * A page that counts things then never starts the browser's ICU, whose first `Intl` object costs 150–250 ms of a
 * phone-speed CPU inside hydration (see MONEY_AFFIXES in money.ts). message.test.ts checks the rules against Intl.
 */
export function pluralCategory(n: number, locale: string): Intl.LDMLPluralRule {
  const language = locale.split("-")[0];
  if (Number.isSafeInteger(n) && (language === "de" || language === "en" || language === "fr")) {
    const i = Math.abs(n);
    if (language !== "fr") return i === 1 ? "one" : "other";
    return i <= 1 ? "one" : i % 1_000_000 === 0 ? "many" : "other";
  }
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

export function renderMessage(message: CompiledMessage, values: MessageValues = {}, locale = "de-DE"): string {
  return typeof message === "string" ? message : render(message, values, locale, undefined);
}

/**
 * A branch of a plural or select by its own key only: a value such as `__proto__` or `constructor` (a form field
 * shown back in a message) would otherwise pick an Object.prototype member.
 */
function option(options: Record<string, MessagePart[]>, key: string): MessagePart[] | undefined {
  return Object.hasOwn(options, key) ? options[key] : undefined;
}

function render(parts: readonly MessagePart[], values: MessageValues, locale: string, pound: number | undefined) {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    const name = part[0];
    const value = values[name];
    if (part[1] === "plural") {
      const n = Number(value ?? 0);
      const [, , offset, options] = part as PluralPart;
      const branch =
        option(options, `=${n}`) ?? option(options, pluralCategory(n - offset, locale)) ?? options.other ?? [];
      out += render(branch, values, locale, n - offset);
    } else if (part[1] === "select") {
      const options = (part as SelectPart)[2];
      out += render(option(options, String(value ?? "other")) ?? options.other ?? [], values, locale, pound);
    } else if (name === POUND && part.length === 1) {
      out += pound === undefined ? POUND : formatNumber(pound, locale);
    } else if (value === undefined || value === null) {
      out += `{${name}}`;
    } else {
      out += part[1] === "number" && typeof value === "number" ? formatNumber(value, locale) : String(value);
    }
  }
  return out;
}
