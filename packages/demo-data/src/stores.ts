import type { PhysicalStoreRecord, ProductRecord, StoreStockRecord } from "@vitrine/commerce";
import type { Random } from "./random.ts";

type Hours = PhysicalStoreRecord["openingHours"];
const CITY_HOURS: Hours = [
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  ["10:00", "20:00"],
  null,
];
const AT_HOURS: Hours = [
  ["09:30", "19:00"],
  ["09:30", "19:00"],
  ["09:30", "19:00"],
  ["09:30", "19:00"],
  ["09:30", "19:00"],
  ["09:30", "18:00"],
  null,
];
const CH_HOURS: Hours = [
  ["09:00", "19:00"],
  ["09:00", "19:00"],
  ["09:00", "19:00"],
  ["09:00", "20:00"],
  ["09:00", "19:00"],
  ["09:00", "18:00"],
  null,
];

const store = (
  id: string,
  city: string,
  street: string,
  zipCode: string,
  countryCode: "DE" | "AT" | "CH",
  latitude: number,
  longitude: number,
  phone: string,
): PhysicalStoreRecord => ({
  id,
  name: `Vitrine ${city}`,
  street,
  zipCode,
  city,
  countryCode,
  latitude,
  longitude,
  phone,
  email: `${id}@stores.vitrine.example`,
  openingHours: countryCode === "DE" ? CITY_HOURS : countryCode === "AT" ? AT_HOURS : CH_HOURS,
});

/** Eighteen stores in Germany, Austria and Switzerland (addresses invented, coordinates of the city centres). */
export const PHYSICAL_STORES: readonly PhysicalStoreRecord[] = [
  store("berlin", "Berlin", "Kurfürstendamm 52", "10707", "DE", 52.5026, 13.3276, "+49 30 1234560"),
  store("hamburg", "Hamburg", "Mönckebergstraße 11", "20095", "DE", 53.5508, 10.0006, "+49 40 1234560"),
  store("muenchen", "München", "Kaufingerstraße 9", "80331", "DE", 48.1378, 11.5714, "+49 89 1234560"),
  store("koeln", "Köln", "Schildergasse 65", "50667", "DE", 50.9365, 6.9531, "+49 221 1234560"),
  store("frankfurt", "Frankfurt am Main", "Zeil 90", "60313", "DE", 50.1147, 8.6838, "+49 69 1234560"),
  store("stuttgart", "Stuttgart", "Königstraße 27", "70173", "DE", 48.7787, 9.1784, "+49 711 1234560"),
  store("duesseldorf", "Düsseldorf", "Königsallee 60", "40212", "DE", 51.2218, 6.7795, "+49 211 1234560"),
  store("leipzig", "Leipzig", "Petersstraße 18", "04109", "DE", 51.338, 12.3747, "+49 341 1234560"),
  store("dresden", "Dresden", "Prager Straße 12", "01069", "DE", 51.0459, 13.7351, "+49 351 1234560"),
  store("wien", "Wien", "Mariahilfer Straße 77", "1060", "AT", 48.1975, 16.348, "+43 1 1234560"),
  store("graz", "Graz", "Herrengasse 7", "8010", "AT", 47.0707, 15.4395, "+43 316 123456"),
  store("salzburg", "Salzburg", "Getreidegasse 21", "5020", "AT", 47.8, 13.0431, "+43 662 123456"),
  store("innsbruck", "Innsbruck", "Maria-Theresien-Straße 18", "6020", "AT", 47.2654, 11.394, "+43 512 123456"),
  store("zuerich", "Zürich", "Bahnhofstrasse 75", "8001", "CH", 47.3735, 8.539, "+41 44 1234560"),
  store("basel", "Basel", "Freie Strasse 36", "4001", "CH", 47.5573, 7.5896, "+41 61 1234560"),
  store("bern", "Bern", "Marktgasse 40", "3011", "CH", 46.9481, 7.4446, "+41 31 1234560"),
  store("geneve", "Genève", "Rue du Marché 10", "1204", "CH", 46.204, 6.147, "+41 22 1234560"),
  store("lausanne", "Lausanne", "Rue de Bourg 20", "1003", "CH", 46.521, 6.634, "+41 21 1234560"),
];

/** Each store carries a share of the variants, a few pieces each. */
export function generateStoreStock(random: Random, products: readonly ProductRecord[]): StoreStockRecord[] {
  const rows: StoreStockRecord[] = [];
  const share = products.length > 20_000 ? 0.01 : 0.08;
  for (const product of products) {
    for (const variant of product.variants) {
      for (const s of PHYSICAL_STORES) {
        if (random.chance(share)) rows.push({ storeId: s.id, variantId: variant.id, quantity: random.int(1, 5) });
      }
    }
  }
  return rows;
}
