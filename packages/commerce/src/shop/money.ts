import type { Currency, PriceZone, Shop } from "./shops.ts";
import { VAT_RATES } from "./shops.ts";

/**
 * Number symbols of the shop's locales, fixed here because the ICU data of Node and of the browsers differ
 * (Node writes Swiss amounts as 1'074.75, Chromium as 1 074.75 or 1’074.75): server and browser must render the
 * same text or hydration fails. Spaces are no-break spaces so an amount never wraps.
 */
export const NUMBER_SYMBOLS: Record<string, { group: string; decimal: string; currencyDecimal: string }> = {
  "de-DE": { group: ".", decimal: ",", currencyDecimal: "," },
  "de-AT": { group: "\u00a0", decimal: ",", currencyDecimal: "," },
  "de-CH": { group: "’", decimal: ".", currencyDecimal: "." },
  // Swiss French writes 12,5 for numbers but 49.95 CHF for prices.
  "fr-CH": { group: "\u202f", decimal: ",", currencyDecimal: "." },
  "en-GB": { group: ",", decimal: ".", currencyDecimal: "." },
};

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions, key: string): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** Joins number parts with the locale's fixed symbols (see NUMBER_SYMBOLS). */
function joinParts(parts: Intl.NumberFormatPart[], locale: string, currency: boolean): string {
  const symbols = NUMBER_SYMBOLS[locale];
  let out = "";
  for (const part of parts) {
    if (symbols && part.type === "group") out += symbols.group;
    else if (symbols && part.type === "decimal") out += currency ? symbols.currencyDecimal : symbols.decimal;
    else if (part.type === "literal" && /^\s+$/u.test(part.value)) out += "\u00a0";
    else out += part.value;
  }
  return out;
}

/**
 * Where each shop locale writes the currency (for the currencies the shop sells in): before or after the digits,
 * with its spacing. The text is the one `Intl.NumberFormat` writes under Node (money.test.ts checks every locale and
 * currency against it), written out so that a page never starts the browser's ICU: the first `Intl` object of a
 * page costs 150–250 ms of a phone-speed CPU (Chromium, 4× slower CPU), inside hydration.
 */
const MONEY_AFFIXES: Record<string, Record<Currency, readonly [before: string, after: string]>> = {
  "de-DE": { EUR: ["", "\u00a0€"], CHF: ["", "\u00a0CHF"] },
  "de-AT": { EUR: ["€\u00a0", ""], CHF: ["CHF\u00a0", ""] },
  "de-CH": { EUR: ["EUR\u00a0", ""], CHF: ["CHF\u00a0", ""] },
  "fr-CH": { EUR: ["", "\u00a0€"], CHF: ["", "\u00a0CHF"] },
  "en-GB": { EUR: ["€", ""], CHF: ["CHF\u00a0", ""] },
};

/**
 * Amounts below this (in cents) are written from the integer; Intl writes the float `cents / 100`, which holds
 * every cent only up to about 15 digits (past that the two would round differently, and such amounts are no price).
 */
const EXACT_CENTS = 1e15;

/** A whole number's digits in groups of three, joined by `group` (the shop locales group from 1,000 on). */
function groupDigits(whole: number, group: string): string {
  const digits = String(whole);
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = out.length; at < digits.length; at += 3) out += group + digits.slice(at, at + 3);
  return out;
}

/**
 * Money is integer cents everywhere; this is the one place that turns cents into text. `whole` leaves out the
 * cents of a whole amount ("10 €" in a promotion name). A negative amount (a discount) carries the locale's minus
 * sign in front of the whole amount, symbol included ("-CHF 10.00", "-10,00 €"): some ICU data puts it between
 * the Swiss franc sign and the digits ("CHF-10.00"), and browsers differ from Node there.
 */
export function formatMoney(
  cents: number,
  shop: Pick<Shop, "locale" | "currency">,
  options: { whole?: boolean } = {},
): string {
  const whole = options.whole === true && cents % 100 === 0;
  const affixes = MONEY_AFFIXES[shop.locale]?.[shop.currency];
  const symbols = NUMBER_SYMBOLS[shop.locale];
  if (affixes && symbols && Number.isInteger(cents) && Math.abs(cents) < EXACT_CENTS) {
    const units = Math.abs(cents);
    const digits = whole
      ? groupDigits(units / 100, symbols.group)
      : `${groupDigits(Math.floor(units / 100), symbols.group)}${symbols.currencyDecimal}${String(units % 100).padStart(2, "0")}`;
    return `${cents < 0 ? "-" : ""}${affixes[0]}${digits}${affixes[1]}`;
  }
  return intlMoney(cents, shop, whole);
}

/** `formatMoney` through `Intl.NumberFormat`: for a locale or currency outside MONEY_AFFIXES (and the tests' reference). */
export function intlMoney(cents: number, shop: Pick<Shop, "locale" | "currency">, whole: boolean): string {
  const key = `${shop.locale}|${shop.currency}|${whole ? "whole" : "cents"}`;
  return remembered(`${key}|${cents}`, () => {
    const f = formatter(
      shop.locale,
      {
        style: "currency",
        currency: shop.currency,
        ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
      },
      key,
    );
    const parts = f.formatToParts(cents / 100);
    const minus = parts.find((p) => p.type === "minusSign");
    return minus
      ? minus.value + joinParts(f.formatToParts(Math.abs(cents) / 100), shop.locale, true)
      : joinParts(parts, shop.locale, true);
  });
}

/**
 * Amounts already written, by locale, currency and cents: a listing writes a few hundred prices and counts per
 * render, most of them the same as the render before, and `formatToParts` is the costly part. Bounded: emptied
 * when full.
 */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 20_000;

function remembered(key: string, write: () => string): string {
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const text = write();
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(key, text);
  return text;
}

/** A share (0.2) as the locale writes a percentage ("20 %", "20%"). */
export function formatPercent(share: number, locale: string): string {
  return joinParts(formatter(locale, { style: "percent" }, `${locale}|percent`).formatToParts(share), locale, false);
}

/**
 * A plain number in the locale, with the same fixed symbols as money. Whole numbers of the shop locales (counts)
 * are written without `Intl` (see MONEY_AFFIXES); others go through it.
 */
export function formatNumber(value: number, locale: string): string {
  const symbols = NUMBER_SYMBOLS[locale];
  if (symbols && Number.isSafeInteger(value))
    return `${value < 0 ? "-" : ""}${groupDigits(Math.abs(value), symbols.group)}`;
  return intlNumber(value, locale);
}

/** `formatNumber` through `Intl.NumberFormat` (fractions, other locales, and the tests' reference). */
export function intlNumber(value: number, locale: string): string {
  return remembered(`${locale}||${value}`, () =>
    joinParts(formatter(locale, {}, locale).formatToParts(value), locale, false),
  );
}

/** Net amount contained in a gross amount at the zone's VAT rate, rounded to the cent. */
export function withoutTax(grossCents: number, zone: PriceZone): number {
  return Math.round(grossCents / (1 + VAT_RATES[zone]));
}

export function taxOf(grossCents: number, zone: PriceZone): number {
  return grossCents - withoutTax(grossCents, zone);
}

export function isCurrency(value: string): value is Currency {
  return value === "EUR" || value === "CHF";
}
