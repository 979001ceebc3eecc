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

const BLACK = { de: "schwarz", fr: "noir", en: "black" } as const;

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
  // A colour matches some of a group's members only.
  out.add(BLACK[shop.language]);
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

/**
 * The search box's facet searches (categories and brands of what is typed: counts only, no results shown) with the
 * counting walk on and off; no walk is reused between them. Returns how many found values.
 */
function compareFacetSearches(engine: SearchEngine, shop: Shop, query: string): number {
  let found = 0;
  engine.answers.enabled = false;
  for (const facetId of ["ec_category", "ec_brand"]) {
    const ask = () =>
      engine.facetSearch(
        { ...request(shop, "/search/"), query, facetId, facetQuery: "*", numberOfValues: 200 },
        "SEARCH",
      );
    countingWalks.enabled = true;
    const counted = ask();
    countingWalks.enabled = false;
    const general = ask();
    countingWalks.enabled = true;
    expect(counted, `${shop.code} "${query}" ${facetId}`).toEqual(general);
    if (general.values.length > 0) found++;
  }
  engine.answers.enabled = true;
  return found;
}

/** Searches and (with the kept lists off) category listings of every store, sort and two pages. */
function expectAsGeneralWalk(engine: SearchEngine, catalog: CatalogIndex): number {
  let compared = 0;
  for (const shop of SHOPS) {
    for (const query of queries(shop)) {
      compared += compareFacetSearches(engine, shop, query);
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
    const whole = countingWalks.wholeGroups;
    const part = countingWalks.partGroups;
    expect(expectAsGeneralWalk(engine, catalog)).toBeGreaterThan(400);
    expect(countingWalks.used - used).toBeGreaterThan(400);
    // Both ways of counting a group answered: from its entry (every member visited) and member by member (a
    // colour word, a store that sells some of the colours).
    expect(countingWalks.wholeGroups - whole).toBeGreaterThan(1000);
    expect(countingWalks.partGroups - part).toBeGreaterThan(100);
  });

  it("count a group from its entry only while it names every live member and value", () => {
    const { engine, catalog } = engineOf(demo.products);
    const groupOf = (id: number) => catalog.group[catalog.slotOfProduct.get(id) as number] as number;
    const entryOf = (id: number) => {
      const start = catalog.groupValueStart[groupOf(id)] as number;
      const data = catalog.groupValues.data;
      const count = 4 + (data[start + 1] as number) + (data[start + 2] as number) + (data[start + 3] as number);
      return { start, members: data[start] as number, values: [...data.subarray(start + 4, start + count)] };
    };
    const siblings = demo.products.filter((p) => p.masterKey === demo.products[0]?.masterKey);
    expect(siblings.length).toBeGreaterThan(1);
    const first = siblings[0] as ProductRecord;
    const before = entryOf(first.id);
    expect(before.members).toBe(siblings.length);
    const memberValues = siblings.flatMap((p) => [...catalog.slotValues(catalog.slotOfProduct.get(p.id) as number)]);
    expect(new Set(before.values)).toEqual(new Set(memberValues));
    expect(before.values.length).toBe(new Set(before.values).size);
    // A sibling gone: the entry counts the members left, and their values only.
    catalog.remove((siblings[1] as ProductRecord).id);
    const after = entryOf(first.id);
    expect(after.members).toBe(siblings.length - 1);
    expect(after.start).not.toBe(before.start);
    const left = siblings.filter((_, i) => i !== 1);
    expect(new Set(after.values)).toEqual(
      new Set(left.flatMap((p) => [...catalog.slotValues(catalog.slotOfProduct.get(p.id) as number)])),
    );
    expect(expectAsGeneralWalk(engine, catalog)).toBeGreaterThan(400);
  });

  it("answer as the general walk after changes that move colour siblings and sell sizes out", () => {
    const { engine, catalog } = engineOf(demo.products);
    recolourAndRestock(catalog, demo.products);
    expect(catalog.displacedGroups.size).toBeGreaterThan(0);
    expect(expectAsGeneralWalk(engine, catalog)).toBeGreaterThan(400);
  });
});
