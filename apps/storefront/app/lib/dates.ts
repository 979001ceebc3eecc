/**
 * A calendar day as the store writes it in the cart, at checkout and on the product page ("Mo., 2. März",
 * "lun. 2 mars", "Mon 2 Mar"): the weekday, the day and the month, short. The shop locales' names are written out
 * here (dates.test.ts checks every day of several years against `Intl.DateTimeFormat` under Node), so that the
 * server and the browser write the same text whatever their ICU data, and a page never starts the browser's ICU:
 * its first `Intl` object costs 150–250 ms of a phone-speed CPU inside hydration (see MONEY_AFFIXES in money.ts).
 * Other locales go through `Intl`.
 */
interface ShortDayNames {
  weekdays: readonly string[];
  months: readonly string[];
  write(weekday: string, day: number, month: string): string;
}

const GERMAN_MONTHS = ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."];
const german = (months: readonly string[]): ShortDayNames => ({
  weekdays: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
  months,
  write: (weekday, day, month) => `${weekday}, ${day}. ${month}`,
});

const SHORT_DAY_NAMES: Record<string, ShortDayNames> = {
  "de-DE": german(GERMAN_MONTHS),
  "de-CH": german(GERMAN_MONTHS),
  // Austrian German: "Jän." and "Sep.".
  "de-AT": german(["Jän.", ...GERMAN_MONTHS.slice(1, 8), "Sep.", ...GERMAN_MONTHS.slice(9)]),
  "fr-CH": {
    weekdays: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
    months: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
    write: (weekday, day, month) => `${weekday} ${day} ${month}`,
  },
  "en-GB": {
    weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
    months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
    write: (weekday, day, month) => `${weekday} ${day} ${month}`,
  },
};

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** A yyyy-mm-dd day (a calendar day: UTC), short, in the locale. */
export function formatShortDay(isoDay: string, locale: string): string {
  const date = new Date(`${isoDay.slice(0, 10)}T12:00:00Z`);
  const names = SHORT_DAY_NAMES[locale];
  if (names && !Number.isNaN(date.getTime())) {
    return names.write(
      names.weekdays[date.getUTCDay()] as string,
      date.getUTCDate(),
      names.months[date.getUTCMonth()] as string,
    );
  }
  return intlShortDay(isoDay, locale);
}

/** `formatShortDay` through `Intl.DateTimeFormat` (other locales, and the tests' reference). */
export function intlShortDay(isoDay: string, locale: string): string {
  let format = intlFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
    intlFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDay.slice(0, 10)}T12:00:00Z`));
}
