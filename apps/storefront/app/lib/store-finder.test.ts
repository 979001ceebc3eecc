import { SHOPS } from "@vitrine/commerce/shops";
import { PHYSICAL_STORES } from "@vitrine/demo-data";
import { describe, expect, it } from "vitest";
import {
  groupByCountry,
  nearestStores,
  normaliseQuery,
  openUntil,
  parsePosition,
  searchStores,
  storeCard,
} from "./store-finder.server.ts";

const [de, , , frCh] = SHOPS;
const cities = (stores: { city: string }[]) => stores.map((s) => s.city);

describe("store finder", () => {
  it("finds stores by city however the umlauts are written, and by postcode prefix", () => {
    expect(normaliseQuery("  Zürich! ")).toBe(normaliseQuery("zuerich"));
    expect(cities(searchStores(PHYSICAL_STORES, "Zuerich"))).toEqual(["Zürich"]);
    expect(cities(searchStores(PHYSICAL_STORES, "KÖLN"))).toEqual(["Köln"]);
    expect(cities(searchStores(PHYSICAL_STORES, "geneve"))).toEqual(["Genève"]);
    expect(cities(searchStores(PHYSICAL_STORES, "20095"))).toEqual(["Hamburg"]);
    expect(cities(searchStores(PHYSICAL_STORES, "80"))).toEqual(["München", "Graz", "Zürich"]);
    expect(searchStores(PHYSICAL_STORES, "Atlantis")).toEqual([]);
    expect(searchStores(PHYSICAL_STORES, "   ")).toHaveLength(PHYSICAL_STORES.length);
  });

  it("lists the nearest stores to a position, closest first", () => {
    const vienna = { latitude: 48.21, longitude: 16.37 };
    expect(cities(nearestStores(PHYSICAL_STORES, vienna, 3))).toEqual(["Wien", "Graz", "Salzburg"]);
  });

  it("accepts only positions in range", () => {
    expect(parsePosition("48.2", "16.37")).toEqual({ latitude: 48.2, longitude: 16.37 });
    expect(parsePosition("91", "0")).toBeUndefined();
    expect(parsePosition("x", "1")).toBeUndefined();
    expect(parsePosition(null, "1")).toBeUndefined();
    expect(parsePosition("", "")).toBeUndefined();
  });

  it("knows whether a store is open in its own time zone", () => {
    const berlin = PHYSICAL_STORES.find((s) => s.id === "berlin")!;
    // Wednesday 2026-03-04, 09:30 UTC = 10:30 in Berlin: open until 20:00.
    expect(openUntil(berlin, new Date("2026-03-04T09:30:00Z"))).toBe("20:00");
    // 08:30 UTC = 09:30 local: not open yet.
    expect(openUntil(berlin, new Date("2026-03-04T08:30:00Z"))).toBeNull();
    // Sunday: closed.
    expect(openUntil(berlin, new Date("2026-03-08T12:00:00Z"))).toBeNull();
    // Summer time: 18:30 UTC = 20:30 local, closed.
    expect(openUntil(berlin, new Date("2026-07-01T18:30:00Z"))).toBeNull();
  });

  it("formats cards in the store's language and groups them with the store's country first", () => {
    const now = new Date("2026-03-04T09:30:00Z");
    const card = storeCard(PHYSICAL_STORES[0]!, frCh!, now, { latitude: 52.52, longitude: 13.4 });
    expect(card.hours[0]).toEqual({ day: "lundi", hours: "10:00–20:00", today: false });
    expect(card.hours[2]?.today).toBe(true);
    expect(card.hours[6]?.hours).toBeNull();
    expect(card.distance).toMatch(/km/);
    const groups = groupByCountry(
      PHYSICAL_STORES.map((s) => storeCard(s, frCh!, now)),
      frCh!,
    );
    expect(groups.map((g) => g.country)).toEqual(["Suisse", "Allemagne", "Autriche"]);
    const deGroups = groupByCountry(
      PHYSICAL_STORES.map((s) => storeCard(s, de!, now)),
      de!,
    );
    expect(deGroups.map((g) => g.countryCode)).toEqual(["DE", "AT", "CH"]);
    expect(deGroups[0]?.stores.map((s) => s.city)[0]).toBe("Berlin");
  });
});
