/** A date and time as the back office shows them (the staff member's locale, the shop's time zone). */
export function formatAdminDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Berlin",
  }).format(new Date(iso));
}

/** An amount in cents as money of a currency. */
export function formatAdminMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** The time zone the back office's dates and times are written in (the shop's home). */
export const ADMIN_TIME_ZONE = "Europe/Berlin";

/** Minutes the admin time zone is ahead of UTC at a moment. */
function zoneOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: ADMIN_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/** A `datetime-local` value (`2026-11-28T10:00`), read in the admin time zone, as an ISO instant; undefined if malformed. */
export function adminLocalToIso(local: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return undefined;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(guess)) return undefined;
  // The offset at the guessed instant, then again at the corrected one (a day when the clocks change).
  const first = guess - zoneOffsetMinutes(guess) * 60_000;
  return new Date(guess - zoneOffsetMinutes(first) * 60_000).toISOString();
}

/** An ISO instant as a `datetime-local` value in the admin time zone. */
export function isoToAdminLocal(iso: string): string {
  const at = new Date(iso).getTime();
  return new Date(at + zoneOffsetMinutes(at) * 60_000).toISOString().slice(0, 16);
}
