/**
 * Dates of the search protocol: absolute `YYYY/MM/DD@HH:mm:ss` (the API format, UTC here), ISO dates, and
 * relative dates `period-amount-unit` (`past-30-day`, `now`, `next-1-week`), resolved against the service clock.
 */

const UNITS = ["minute", "hour", "day", "week", "month", "quarter", "year"] as const;
type Unit = (typeof UNITS)[number];

export class DateFormatError extends Error {}

const API_DATE = /^(\d{4})\/(\d{2})\/(\d{2})(?:@(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function formatApiDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}@${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `now`, or words and numbers joined by dashes (`past-7-day`): meant as a relative date, valid or not. */
function isRelativeDate(value: string): boolean {
  const lower = value.toLowerCase();
  return lower === "now" || /^[a-z]+(-[a-z0-9]*)+$/.test(lower);
}

function shift(now: Date, sign: 1 | -1, amount: number, unit: Unit): Date {
  const d = new Date(now.getTime());
  switch (unit) {
    case "minute":
      d.setUTCMinutes(d.getUTCMinutes() + sign * amount);
      break;
    case "hour":
      d.setUTCHours(d.getUTCHours() + sign * amount);
      break;
    case "day":
      d.setUTCDate(d.getUTCDate() + sign * amount);
      break;
    case "week":
      d.setUTCDate(d.getUTCDate() + sign * amount * 7);
      break;
    case "month":
      d.setUTCMonth(d.getUTCMonth() + sign * amount);
      break;
    case "quarter":
      d.setUTCMonth(d.getUTCMonth() + sign * amount * 3);
      break;
    case "year":
      d.setUTCFullYear(d.getUTCFullYear() + sign * amount);
      break;
  }
  return d;
}

/** Resolves a relative date; throws the specification's message when it does not follow the format. */
export function resolveRelativeDate(value: string, now: Date): Date {
  const [period, amountText, unit, ...rest] = value.toLowerCase().split("-");
  const invalid = () =>
    new DateFormatError(`The value "${value}" is not respecting the relative date format "period-amount-unit"`);
  if (period === "now" && amountText === undefined) return new Date(now.getTime());
  if (rest.length > 0 || (period !== "past" && period !== "next")) throw invalid();
  const amount = Number(amountText);
  if (!Number.isInteger(amount) || amount < 1) throw invalid();
  if (!(UNITS as readonly string[]).includes(unit ?? "")) throw invalid();
  return shift(now, period === "past" ? -1 : 1, amount, unit as Unit);
}

const MINIMUM = Date.UTC(1401, 0, 1);

/** Parses a date of a date-range facet value (absolute or relative) to epoch milliseconds. */
export function parseFacetDate(value: string, now: Date): number {
  let time: number;
  const api = API_DATE.exec(value);
  if (api) {
    const [, y, mo, d, h, mi, s] = api;
    time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
    const check = new Date(time);
    if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) time = Number.NaN;
  } else if (isRelativeDate(value)) {
    time = resolveRelativeDate(value, now).getTime();
  } else if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    time = Date.parse(value);
  } else {
    time = Number.NaN;
  }
  if (Number.isNaN(time)) {
    throw new DateFormatError(
      `Could not parse the provided date "${value}". Please provide a date format string in the configuration options.`,
    );
  }
  if (time < MINIMUM) {
    throw new DateFormatError(`Date is before year 1401, which is unsupported by the API: ${value}`);
  }
  return time;
}
