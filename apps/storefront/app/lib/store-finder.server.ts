import { distanceKm, type PhysicalStoreRecord } from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";

/**
 * The store finder's logic: search by city or postcode, nearest stores to a position, grouping by country,
 * opening hours and "open now" in the store's time zone. Everything is formatted here, on the server, so the
 * page renders the same with and without JavaScript.
 */

export interface Position {
  latitude: number;
  longitude: number;
}

export interface StoreCard {
  id: string;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  countryCode: PhysicalStoreRecord["countryCode"];
  phone: string;
  email: string;
  /** Distance from the shopper's position, formatted ("12 km"), when a position was given. */
  distance: string | null;
  /** Monday to Sunday: weekday name and hours ("10:00–20:00") or null when closed. */
  hours: { day: string; hours: string | null; today: boolean }[];
  /** Open right now: closing time ("20:00"); null when closed now. */
  openUntil: string | null;
  mapUrl: string;
}

export interface StoreGroup {
  countryCode: string;
  country: string;
  stores: StoreCard[];
}

const TIME_ZONES: Record<PhysicalStoreRecord["countryCode"], string> = {
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  CH: "Europe/Zurich",
};

/**
 * Lower case without accents or punctuation, umlauts written either way: "Zürich", "zurich", "Zuerich" and
 * "ZÜRICH" all match.
 */
export function normaliseQuery(text: string): string {
  return text
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/([aou])e/g, "$1")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Stores whose city, postcode, name or street match the query (a postcode matches by its beginning). */
export function searchStores(stores: readonly PhysicalStoreRecord[], query: string): PhysicalStoreRecord[] {
  const q = normaliseQuery(query);
  if (!q) return [...stores];
  if (/^\d+$/.test(q)) return stores.filter((s) => s.zipCode.startsWith(q));
  return stores.filter((s) => {
    const haystack = normaliseQuery(`${s.city} ${s.name} ${s.street} ${s.zipCode}`);
    return q.split(" ").every((word) => haystack.includes(word));
  });
}

/** A position from query parameters, or undefined when missing or out of range. */
export function parsePosition(lat: string | null, lng: string | null): Position | undefined {
  if (lat === null || lng === null || lat.trim() === "" || lng.trim() === "") return undefined;
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return undefined;
  return { latitude, longitude };
}

/** The stores nearest to a position, closest first. */
export function nearestStores(
  stores: readonly PhysicalStoreRecord[],
  position: Position,
  limit: number,
): PhysicalStoreRecord[] {
  return [...stores]
    .map((store) => ({ store, km: distanceKm(position, store) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, limit)
    .map((entry) => entry.store);
}

/** Day index Monday = 0 … Sunday = 6 and minutes since midnight of a moment in a time zone. */
function localTime(now: Date, timeZone: string): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday"));
  return { day, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Closing time when the store is open at that moment, else null. */
export function openUntil(store: PhysicalStoreRecord, now: Date): string | null {
  const { day, minutes } = localTime(now, TIME_ZONES[store.countryCode]);
  const today = store.openingHours[day];
  if (!today) return null;
  return minutes >= toMinutes(today[0]) && minutes < toMinutes(today[1]) ? today[1] : null;
}

/** Weekday names Monday..Sunday in a locale (2024-01-01 was a Monday). */
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

export function storeCard(store: PhysicalStoreRecord, shop: Shop, now: Date, position?: Position): StoreCard {
  const days = weekdayNames(shop.locale);
  const { day: today } = localTime(now, TIME_ZONES[store.countryCode]);
  const km = position ? distanceKm(position, store) : undefined;
  return {
    id: store.id,
    name: store.name,
    street: store.street,
    zipCode: store.zipCode,
    city: store.city,
    countryCode: store.countryCode,
    phone: store.phone,
    email: store.email,
    distance:
      km === undefined
        ? null
        : new Intl.NumberFormat(shop.locale, {
            style: "unit",
            unit: "kilometer",
            maximumFractionDigits: km < 10 ? 1 : 0,
          }).format(km),
    hours: store.openingHours.map((h, i) => ({
      day: days[i] as string,
      hours: h ? `${h[0]}–${h[1]}` : null,
      today: i === today,
    })),
    openUntil: openUntil(store, now),
    mapUrl: `https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`,
  };
}

/** Stores by country, the store's own country first, then in the order DE, AT, CH; cities alphabetically. */
export function groupByCountry(cards: readonly StoreCard[], shop: Shop): StoreGroup[] {
  const names = new Intl.DisplayNames([shop.locale], { type: "region" });
  const order = [shop.country, ...["DE", "AT", "CH"].filter((c) => c !== shop.country)];
  return order.flatMap((countryCode) => {
    const stores = cards
      .filter((c) => c.countryCode === countryCode)
      .sort((a, b) => a.city.localeCompare(b.city, shop.locale));
    return stores.length > 0 ? [{ countryCode, country: names.of(countryCode) ?? countryCode, stores }] : [];
  });
}
