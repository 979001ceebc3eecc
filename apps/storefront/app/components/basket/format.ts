/** Delivery dates as the store writes them ("Tue, 3 Jun"); UTC, so the server and the browser agree. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDeliveryDate(isoDay: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDay}T12:00:00Z`));
}
