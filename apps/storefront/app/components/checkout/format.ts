import { formatShortDay } from "../../lib/dates.ts";

/** Dates and rates as the store writes them; UTC days, so the server and the browser agree. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function longDayFormat(locale: string): Intl.DateTimeFormat {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dayFormats.set(locale, format);
  }
  return format;
}

const day = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`);

/** "3. Juni 2026" */
export function formatLongDay(iso: string, locale: string): string {
  return longDayFormat(locale).format(day(iso));
}

/**
 * "Mi., 3. Juni – Fr., 5. Juni" (one day when both are the same): two days around a dash, as the cart and the
 * product page write them. Not `Intl.DateTimeFormat#formatRange`: its spacing and shortening differ between ICU
 * versions (Node writes thin spaces around the dash, Chromium plain ones), so the server's text would not match
 * the browser's and the page would fail to hydrate (React error #418).
 */
export function formatDayRange(range: { min: string; max: string }, locale: string): string {
  const min = formatShortDay(range.min, locale);
  return range.min === range.max ? min : `${min} – ${formatShortDay(range.max, locale)}`;
}

/** "19 %" / "8,1 %" */
export function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(rate);
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the store's language ("Österreich", "Suisse"). */
export function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region" });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
}
