import { formatShortDay } from "../../lib/dates.ts";

/** Delivery dates as the store writes them ("Tue, 3 Jun"); calendar days, so the server and the browser agree. */
export function formatDeliveryDate(isoDay: string, locale: string): string {
  return formatShortDay(isoDay, locale);
}
