import { addDays, isoDay } from "../clock.ts";

/**
 * Delivery days are working days of the destination country: Monday to Saturday (parcels are delivered on
 * Saturdays), never a Sunday or a national public holiday. Product pages, basket, checkout and orders all
 * count with `addWorkingDays`, so they always show the same dates.
 */

export type HolidayCountry = "DE" | "AT" | "CH" | "GB";

/** Fixed-date holidays (`mm-dd`) and holidays at a distance in days from Easter Sunday, per country. */
interface HolidayRules {
  fixed: readonly string[];
  fromEaster: readonly number[];
}

const GOOD_FRIDAY = -2;
const EASTER_MONDAY = 1;
const ASCENSION = 39;
const WHIT_MONDAY = 50;
const CORPUS_CHRISTI = 60;

const HOLIDAYS: Record<HolidayCountry, HolidayRules> = {
  // Nationwide holidays only (regional ones differ per state).
  DE: {
    fixed: ["01-01", "05-01", "10-03", "12-25", "12-26"],
    fromEaster: [GOOD_FRIDAY, EASTER_MONDAY, ASCENSION, WHIT_MONDAY],
  },
  AT: {
    fixed: ["01-01", "01-06", "05-01", "08-15", "10-26", "11-01", "12-08", "12-25", "12-26"],
    fromEaster: [EASTER_MONDAY, ASCENSION, WHIT_MONDAY, CORPUS_CHRISTI],
  },
  // The national day and the holidays kept in (nearly) every canton.
  CH: { fixed: ["01-01", "08-01", "12-25", "12-26"], fromEaster: [GOOD_FRIDAY, EASTER_MONDAY, ASCENSION, WHIT_MONDAY] },
  // England and Wales bank holidays that fall on fixed dates or on Easter (the Monday ones move by weekday).
  GB: { fixed: ["01-01", "12-25", "12-26"], fromEaster: [GOOD_FRIDAY, EASTER_MONDAY] },
};

/** Bank holidays of England and Wales on the first / last Monday of a month: [month, which Monday]. */
const GB_MONDAY_HOLIDAYS: readonly [month: number, nth: "first" | "last"][] = [
  [5, "first"],
  [5, "last"],
  [8, "last"],
];

/** Easter Sunday of a year (Gregorian calendar, anonymous algorithm), at 00:00 UTC. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const holidayCache = new Map<string, ReadonlySet<string>>();

/** The national public holidays of a country in a year, as `yyyy-mm-dd`. */
export function publicHolidays(country: HolidayCountry, year: number): ReadonlySet<string> {
  const key = `${country}-${year}`;
  const cached = holidayCache.get(key);
  if (cached) return cached;
  const rules = HOLIDAYS[country];
  const easter = easterSunday(year);
  const days = new Set<string>([
    ...rules.fixed.map((md) => `${year}-${md}`),
    ...rules.fromEaster.map((offset) => isoDay(addDays(easter, offset))),
  ]);
  if (country === "GB") for (const [month, nth] of GB_MONDAY_HOLIDAYS) days.add(isoDay(mondayOf(year, month, nth)));
  holidayCache.set(key, days);
  return days;
}

function mondayOf(year: number, month: number, nth: "first" | "last"): Date {
  if (nth === "first") {
    const first = new Date(Date.UTC(year, month - 1, 1));
    return addDays(first, (8 - first.getUTCDay()) % 7);
  }
  const last = new Date(Date.UTC(year, month, 0));
  return addDays(last, -((last.getUTCDay() + 6) % 7));
}

const SUNDAY = 0;

/** A day (`yyyy-mm-dd` or a date at 00:00 UTC) on which parcels are delivered in the country. */
export function isWorkingDay(day: Date, country: HolidayCountry): boolean {
  if (day.getUTCDay() === SUNDAY) return false;
  return !publicHolidays(country, day.getUTCFullYear()).has(isoDay(day));
}

/** Time zone in which a country's calendar day is counted (an order at 00:30 in Zurich is placed "tomorrow"). */
const TIME_ZONES: Record<HolidayCountry, string> = {
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  CH: "Europe/Zurich",
  GB: "Europe/London",
};

/** One formatter per country: building an `Intl.DateTimeFormat` costs far more than using it (per basket line). */
const dayFormats = new Map<HolidayCountry, Intl.DateTimeFormat>();

/** Today's calendar day in the country, at 00:00 UTC. */
export function localDay(now: Date, country: HolidayCountry): Date {
  let format = dayFormats.get(country);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONES[country] });
    dayFormats.set(country, format);
  }
  return new Date(`${format.format(now)}T00:00:00Z`);
}

/** The day `count` working days after today in the country (`count` 0: today, or the next working day). */
export function addWorkingDays(now: Date, count: number, country: HolidayCountry): string {
  let day = localDay(now, country);
  for (let left = Math.max(0, Math.floor(count)); left > 0; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day, country)) left -= 1;
  }
  while (!isWorkingDay(day, country)) day = addDays(day, 1);
  return isoDay(day);
}
