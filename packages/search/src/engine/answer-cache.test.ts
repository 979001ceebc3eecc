import { fixedClock, type ProductRecord } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { describe, expect, it } from "vitest";
import type { CategoryFacetResponse, CategoryFacetValue, ListingResponse } from "../api/types.ts";
import { NO_RULES } from "../merchandising/rules.ts";
import { CatalogIndex } from "./catalog-index.ts";
import { SearchEngine } from "./search-engine.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22, 12));
const demo = generateDemoCatalog({ products: 800, seed: 11, today: TODAY });

function engineOf(products: readonly ProductRecord[] = demo.products): SearchEngine {
  const catalog = CatalogIndex.build({
    categories: demo.categories,
    products,
    storeStock: demo.storeStock,
    physicalStores: demo.stores,
  });
  return new SearchEngine(
    { catalog, promotions: demo.promotions, outfits: demo.outfits },
    { clock: fixedClock(TODAY) },
  );
}

const shop = {
  trackingId: "vitrine_de",
  language: "de",
  country: "DE",
  currency: "EUR",
};
const at = (path: string, extra: object = {}) => ({
  ...shop,
  context: { view: { url: `https://shop.example/de${path}` } },
  ...extra,
});
const priceAsc = { sortCriteria: "fields" as const, fields: [{ field: "ec_price", direction: "asc" as const }] };

type Ask = (engine: SearchEngine) => ListingResponse;
const ASKED: [string, Ask][] = [
  ["listing", (e) => e.listing(at("/c/damen/"))],
  ["listing page 2", (e) => e.listing(at("/c/damen/", { page: 2 }))],
  ["listing by price", (e) => e.listing(at("/c/herren/", { sort: priceAsc }))],
  ["listing, 60 a page", (e) => e.listing(at("/c/damen/", { perPage: 60, page: 1 }))],
  [
    "listing with facet options",
    (e) =>
      e.listing(at("/c/damen/", { facets: [{ facetId: "ec_brand", type: "regular", numberOfValues: 3, values: [] }] })),
  ],
  ["sale", (e) => e.listing(at("/c/sale/"))],
  ["search", (e) => e.search(at("/search/", { query: "kleid" }))],
  ["search page 1", (e) => e.search(at("/search/", { query: "baumwolle", page: 1 }))],
  ["misspelt search", (e) => e.search(at("/search/", { query: "klied" }))],
  ["instant products", (e) => e.productSuggest(at("/search/", { query: "ho" }))],
];

/** A response without what differs between two answers of the same question (the response id). */
const same = (r: ListingResponse) => ({ ...r, responseId: "" });
/** The straightforward answer: the same engine with nothing cached. */
const fresh = (engine: SearchEngine, ask: Ask) => {
  engine.answers.clear();
  return same(ask(engine));
};

describe("the answer cache of listings and searches without facet filters", () => {
  it("answers a question asked again as the query does, from the cache", () => {
    const engine = engineOf();
    for (const [name, ask] of ASKED) {
      const straight = fresh(engine, ask);
      const hits = engine.answers.hits;
      expect(same(ask(engine)), name).toEqual(straight);
      expect(engine.answers.hits, name).toBe(hits + 1);
      // And a third time: the cached copy was not changed by the answer built from it.
      expect(same(ask(engine)), name).toEqual(straight);
    }
  });

  it("serves a later page from the results kept, a page beyond them by querying again", () => {
    const engine = engineOf();
    const page = (n: number) => (e: SearchEngine) => e.listing(at("/c/damen/", { page: n }));
    const expected = [0, 1, 2, 3].map((n) => fresh(engine, page(n)));
    engine.answers.clear();
    const hits = engine.answers.hits;
    for (const n of [3, 0, 2, 1]) expect(same(page(n)(engine)), `page ${n}`).toEqual(expected[n]);
    // Page 3 kept the first four pages: the others came from it.
    expect(engine.answers.hits).toBe(hits + 3);
    const deeper = fresh(engine, page(6));
    engine.answers.clear();
    page(1)(engine);
    const misses = engine.answers.misses;
    expect(same(page(6)(engine))).toEqual(deeper);
    expect(engine.answers.misses).toBe(misses + 1);
  });

  it("answers a listing that selects its own category, as the shop's pages ask, from the kept list and the cache", () => {
    const engine = engineOf();
    // The shop's listing of /c/damen/ selects "Damen" in the category facet (its path from the root).
    const own = (e: SearchEngine) =>
      e.listing(
        at("/c/damen/", {
          facets: [{ facetId: "ec_category", type: "hierarchical", values: [{ value: "Damen", state: "selected" }] }],
        }),
      );
    const plain = fresh(engine, (e) => e.listing(at("/c/damen/")));
    const selected = fresh(engine, own);
    // The selection filters nothing: the same products and totals, the category's children counted in its facet.
    expect(selected.products).toEqual(plain.products);
    expect(selected.pagination).toEqual(plain.pagination);
    const category = selected.facets.find((f) => f.facetId === "ec_category") as CategoryFacetResponse;
    const root = category.values[0] as CategoryFacetValue;
    expect(root).toMatchObject({ value: "Damen", state: "selected", numberOfResults: plain.pagination.totalEntries });
    expect(root.children.length).toBeGreaterThan(0);
    for (const child of root.children) {
      const alone = engine.listing(at(`/c/damen/${child.value.toLowerCase()}/`));
      expect(child.numberOfResults, child.value).toBe(alone.pagination.totalEntries);
    }
    const hits = engine.answers.hits;
    expect(same(own(engine))).toEqual(selected);
    expect(engine.answers.hits).toBe(hits + 1);
  });

  it("still filters by a category selected below the listing's own", () => {
    const engine = engineOf();
    const women = engine.listing(
      at("/c/damen/", {
        facets: [{ facetId: "ec_category", type: "hierarchical", values: [{ value: "Damen", state: "selected" }] }],
      }),
    );
    const category = women.facets.find((f) => f.facetId === "ec_category") as CategoryFacetResponse;
    const child = (category.values[0] as CategoryFacetValue).children[0] as CategoryFacetValue;
    const below = engine.listing(
      at("/c/damen/", {
        facets: [
          {
            facetId: "ec_category",
            type: "hierarchical",
            values: [{ value: "Damen", state: "idle", children: [{ value: child.value, state: "selected" }] }],
          },
        ],
      }),
    );
    expect(below.pagination.totalEntries).toBe(child.numberOfResults);
    expect(below.pagination.totalEntries).toBeLessThan(women.pagination.totalEntries);
  });

  it("does not keep answers filtered by a facet", () => {
    const engine = engineOf();
    const women = engine.listing(at("/c/damen/"));
    const brand = women.facets.find((f) => f.facetId === "ec_brand");
    const value = brand && "values" in brand ? (brand.values[0] as { value: string }).value : "";
    const filtered = at("/c/damen/", {
      facets: [{ facetId: "ec_brand", type: "regular", values: [{ value, state: "selected" }] }],
    });
    const size = engine.answers.size;
    const first = same(engine.listing(filtered));
    expect(first.pagination.totalEntries).toBeLessThan(women.pagination.totalEntries);
    expect(engine.answers.size).toBe(size);
    expect(same(engine.listing(filtered))).toEqual(first);
  });

  it("forgets its answers when a product changes, disappears, or the merchandising changes", () => {
    const engine = engineOf();
    const listing = (e: SearchEngine) => e.listing(at("/c/damen/"));
    const search = (e: SearchEngine) => e.search(at("/search/", { query: "kleid" }));
    const before = same(listing(engine));
    const found = same(search(engine));
    // The first result's colour group leaves the catalogue: fewer results, another first one.
    const first = Number(before.products[0]?.permanentid);
    const group = demo.products.find((p) => p.id === first)?.masterKey;
    const removed = demo.products.filter((p) => p.masterKey === group);
    for (const p of removed) engine.catalog.remove(p.id);
    const after = same(listing(engine));
    expect(after.pagination.totalEntries).toBe(before.pagination.totalEntries - 1);
    expect(after).toEqual(fresh(engine, listing));
    expect(after).toEqual(same(engineOf(demo.products.filter((p) => p.masterKey !== group)).listing(at("/c/damen/"))));
    // A price change moves a product to the top of the price order.
    const byPrice = (e: SearchEngine) => e.listing(at("/c/damen/", { sort: priceAsc }));
    const cheapest = same(byPrice(engine));
    const lastShown = Number(cheapest.products[cheapest.products.length - 1]?.permanentid);
    const product = demo.products.find((p) => p.id === lastShown) as ProductRecord;
    engine.catalog.upsert({
      ...product,
      variants: product.variants.map((v) => ({
        ...v,
        prices: { ...v.prices, DE: { currency: "EUR", listPrice: 1, salePrice: null, reductionCategory: null } },
      })),
    });
    const cheaper = same(byPrice(engine));
    expect(cheaper.products[0]?.permanentid).toBe(String(lastShown));
    expect(cheaper).toEqual(fresh(engine, byPrice));
    // Synonyms change what a search finds.
    const rules = {
      ...NO_RULES,
      synonyms: [{ id: 1, language: "de" as const, terms: ["kleid", "hose"], oneWay: false }],
    };
    engine.setMerchandising(rules);
    const withSynonym = same(search(engine));
    expect(withSynonym.pagination.totalEntries).toBeGreaterThan(found.pagination.totalEntries);
    expect(withSynonym).toEqual(fresh(engine, search));
  });

  it("forgets its answers when popularity changes the order", () => {
    const engine = engineOf();
    const listing = (e: SearchEngine) => e.listing(at("/c/damen/"));
    const before = same(listing(engine));
    const last = before.products[before.products.length - 1] as { permanentid: string };
    engine.setPopularity("de", new Map([[Number(last.permanentid), 1000]]));
    const after = same(listing(engine));
    expect(after.products[0]?.permanentid).toBe(last.permanentid);
    expect(after).toEqual(fresh(engine, listing));
  });
});
