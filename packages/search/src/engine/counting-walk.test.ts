import { type ProductRecord, SHOPS, type Shop } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterEach, describe, expect, it } from "vitest";
import { demoEngine, recolourAndRestock } from "../../test/demo-engine.ts";
import type { ListingResponse, SearchResponse, SortOption } from "../api/types.ts";
import type { CatalogIndex } from "./catalog-index.ts";
import { countingWalks, keptListings } from "./query.ts";
import type { SearchEngine } from "./search-engine.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22, 12));
const demo = generateDemoCatalog({ products: 1500, seed: 43, today: TODAY });
const regular = demo.categories.filter((c) => c.role === "regular");
const CATEGORIES = [...regular.filter((c) => c.parentId === null), ...regular.filter((_, i) => i % 7 === 3)];
const SORTS: (SortOption | undefined)[] = [
  undefined,
  { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "asc" }] },
  { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "desc" }] },
  { sortCriteria: "fields", fields: [{ field: "arrival_date", direction: "desc" }] },
];

const engineOf = (products: readonly ProductRecord[]) => demoEngine(demo, products, TODAY);

function request(shop: Shop, path: string) {
  return {
    trackingId: shop.trackingId,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: { view: { url: `https://shop.example/${shop.pathPrefix}${path}` } },
  };
}

/** What shoppers search for: single words of the catalogue's names (broad and narrow), and two-word names. */
function queries(shop: Shop): string[] {
  const out = new Set<string>();
  for (const p of demo.products.slice(0, 400).filter((_, i) => i % 20 === 0)) {
    const words = (p.translations[shop.language]?.name ?? "").toLowerCase().split(/\s+/);
    const first = words[0];
    const last = words.at(-1);
    if (first && /^\p{L}{3,}$/u.test(first)) out.add(first);
    if (first && last && first !== last) out.add(`${first} ${last}`);
  }
  for (const c of regular.filter((c) => c.parentId === null)) out.add(c.translations[shop.language].name.toLowerCase());
  return [...out];
}

/** Runs `ask` with the counting walk on and off; the answers must be equal. Returns how many had results. */
function compare<T extends { pagination: { totalEntries: number } }>(label: string, ask: () => T): number {
  countingWalks.enabled = true;
  const counted = ask();
  countingWalks.enabled = false;
  const general = ask();
  countingWalks.enabled = true;
  expect({ ...counted, responseId: "" }, label).toEqual({ ...general, responseId: "" });
  return general.pagination.totalEntries > 0 ? 1 : 0;
}

/** Searches and (with the kept lists off) category listings of every store, sort and two pages. */
function expectAsGeneralWalk(engine: SearchEngine, catalog: CatalogIndex): number {
  let compared = 0;
  for (const shop of SHOPS) {
    for (const query of queries(shop)) {
      for (const sort of SORTS) {
        for (const page of [0, 1]) {
          compared += compare(
            `${shop.code} "${query}" ${JSON.stringify(sort)} ${page}`,
            (): SearchResponse => engine.search({ ...request(shop, "/search/"), query, sort, page }),
          );
        }
      }
    }
    keptListings.enabled = false;
    for (const category of CATEGORIES) {
      for (const sort of SORTS) {
        const path = catalog.tree.path(category.id, shop.language);
        compared += compare(
          `${shop.code} ${path} ${JSON.stringify(sort)}`,
          (): ListingResponse => engine.listing({ ...request(shop, path), sort }),
        );
      }
    }
    keptListings.enabled = true;
  }
  return compared;
}

describe("searches and listings without filters count in a walk of their own", () => {
  afterEach(() => {
    countingWalks.enabled = true;
    keptListings.enabled = true;
  });

  it("answer as the general walk: results, order, totals and every facet's counts, in all five stores", () => {
    const { engine, catalog } = engineOf(demo.products);
    const used = countingWalks.used;
    expect(expectAsGeneralWalk(engine, catalog)).toBeGreaterThan(400);
    expect(countingWalks.used - used).toBeGreaterThan(400);
  });

  it("answer as the general walk after changes that move colour siblings and sell sizes out", () => {
    const { engine, catalog } = engineOf(demo.products);
    recolourAndRestock(catalog, demo.products);
    expect(catalog.displacedGroups.size).toBeGreaterThan(0);
    expect(expectAsGeneralWalk(engine, catalog)).toBeGreaterThan(400);
  });
});
