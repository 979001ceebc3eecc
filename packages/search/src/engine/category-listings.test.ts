import { type ProductRecord, SHOPS, type Shop } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterEach, describe, expect, it } from "vitest";
import { demoEngine } from "../../test/demo-engine.ts";
import type { FacetRequest, ListingResponse, SortOption } from "../api/types.ts";
import type { CatalogIndex } from "./catalog-index.ts";
import { type CategoryList, CategoryListings } from "./category-listings.ts";
import { keptListings } from "./query.ts";
import type { SearchEngine } from "./search-engine.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22, 12));
const demo = generateDemoCatalog({ products: 1500, seed: 23, today: TODAY });

const engineOf = (products: readonly ProductRecord[]) => demoEngine(demo, products, TODAY);

const SORTS: (SortOption | undefined)[] = [
  undefined,
  { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "asc" }] },
  { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "desc" }] },
  { sortCriteria: "fields", fields: [{ field: "arrival_date", direction: "desc" }] },
];
const PAGES = [{}, { page: 2, perPage: 12 }, { page: 1, perPage: 48 }];
/** Facet requests that change how facets answer but filter nothing (the kept lists answer them too). */
const OPTIONS: FacetRequest[][] = [
  [],
  [
    { facetId: "ec_price", type: "numericalRange", values: [], rangeAlgorithm: "equiprobable", numberOfValues: 4 },
    { facetId: "ec_brand", type: "regular", values: [], numberOfValues: 3 },
    { facetId: "size", type: "regular", values: [{ value: "M", state: "idle" }] },
  ],
];

const regular = demo.categories.filter((c) => c.role === "regular");
/** Departments (the largest lists), and leaves and middles spread over the tree. */
const CATEGORIES = [...regular.filter((c) => c.parentId === null), ...regular.filter((_, i) => i % 7 === 3)];

function ask(engine: SearchEngine, catalog: CatalogIndex, shop: Shop, categoryId: number, extra: object) {
  const response: ListingResponse = engine.listing({
    trackingId: shop.trackingId,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: {
      view: { url: `https://shop.example/${shop.pathPrefix}${catalog.tree.path(categoryId, shop.language)}` },
    },
    ...extra,
  });
  return { ...response, responseId: "" };
}

/** Every listing asked from the kept lists equals the one the walk over every product answers. */
function expectListingsAsWalked(engine: SearchEngine, catalog: CatalogIndex): number {
  let compared = 0;
  for (const shop of SHOPS) {
    for (const category of CATEGORIES) {
      for (const sort of SORTS) {
        for (const page of PAGES) {
          for (const facets of sort === undefined ? OPTIONS : [[]]) {
            const extra = { sort, ...page, facets };
            keptListings.enabled = true;
            const kept = ask(engine, catalog, shop, category.id, extra);
            keptListings.enabled = false;
            const walked = ask(engine, catalog, shop, category.id, extra);
            keptListings.enabled = true;
            expect(kept, `${shop.code} ${category.key} ${JSON.stringify(extra)}`).toEqual(walked);
            compared += kept.pagination.totalEntries > 0 ? 1 : 0;
          }
        }
      }
    }
  }
  return compared;
}

const listOf = (list: CategoryList | undefined, space: number) =>
  list && {
    slots: Array.from(list.slots),
    groups: Array.from(list.groups),
    prices: Array.from(list.prices),
    arrivals: Array.from(list.arrivals),
    counts: Array.from({ length: space }, (_, i) => list.counts[i] ?? 0),
    total: list.total,
  };

/** Every store's kept lists equal lists built afresh from its order now. */
function expectListsAsBuilt(engine: SearchEngine, catalog: CatalogIndex): void {
  for (const view of engine.views.values()) {
    view.refresh(TODAY);
    const fresh = CategoryListings.build(catalog, view.zone, view.groupOrder);
    const space = catalog.values.size;
    for (let c = 0; c < catalog.categories.size; c++) {
      expect(listOf(view.categoryList(c), space), `${view.shop.code} category value ${c}`).toEqual(
        listOf(fresh.list(c), space),
      );
    }
  }
}

const clone = (p: ProductRecord): ProductRecord => structuredClone(p);

describe("kept category listings", () => {
  afterEach(() => {
    keptListings.enabled = true;
  });

  it("answer every sort and page as the walk over every product does", () => {
    const { engine, catalog } = engineOf(demo.products);
    expect(expectListingsAsWalked(engine, catalog)).toBeGreaterThan(100);
    expectListsAsBuilt(engine, catalog);
  });

  it("keep their counts and orders right through removals, price and stock changes and new products", () => {
    const { engine, catalog } = engineOf(demo.products);
    expectListingsAsWalked(engine, catalog);
    const products = demo.products;
    const pick = (i: number) => clone(products[i] as ProductRecord);
    const steps: [string, () => void][] = [
      ["a product removed", () => catalog.remove((products[10] as ProductRecord).id)],
      [
        "a price change",
        () => {
          const p = pick(20);
          for (const v of p.variants) for (const price of Object.values(v.prices)) if (price) price.listPrice += 7000;
          catalog.upsert(p);
        },
      ],
      [
        "a sale price",
        () => {
          const p = pick(33);
          for (const v of p.variants) {
            for (const price of Object.values(v.prices)) if (price) price.salePrice = Math.round(price.listPrice / 3);
          }
          catalog.upsert(p);
        },
      ],
      [
        "sold out",
        () => {
          const p = pick(40);
          for (const v of p.variants) v.stock.quantity = 0;
          catalog.upsert(p);
        },
      ],
      [
        "back in stock",
        () => {
          const p = pick(40);
          for (const v of p.variants) v.stock.quantity = 5;
          catalog.upsert(p);
        },
      ],
      [
        "one size sold out",
        () => {
          const p = pick(41);
          const first = p.variants[0];
          if (first) first.stock.quantity = 0;
          catalog.upsert(p);
        },
      ],
      [
        "a new colour of a group",
        () => {
          const p = pick(50);
          p.id = 9_000_001;
          p.referenceKey = "VT-9000001";
          p.colorId = p.colorId === "black" ? "white" : "black";
          p.variants = p.variants.map((v, i) => ({ ...v, id: 90_000_010 + i }));
          catalog.upsert(p);
        },
      ],
      [
        "a new product in another category",
        () => {
          const p = pick(60);
          const elsewhere = products.find((q) => q.categoryIds[0] !== p.categoryIds[0]) as ProductRecord;
          p.id = 9_000_002;
          p.referenceKey = "VT-9000002";
          p.masterKey = "M-9000002";
          p.brand = "Neue Marke";
          p.categoryIds = elsewhere.categoryIds;
          p.variants = p.variants.map((v, i) => ({ ...v, id: 90_000_020 + i, size: i === 0 ? "Neu" : v.size }));
          catalog.upsert(p);
        },
      ],
      [
        "a product moved to another category",
        () => {
          const p = pick(70);
          p.categoryIds = (products[900] as ProductRecord).categoryIds;
          catalog.upsert(p);
        },
      ],
      [
        "a colour group's last member removed",
        () => {
          const p = products[80] as ProductRecord;
          for (const q of products) if (q.masterKey === p.masterKey) catalog.remove(q.id);
        },
      ],
      [
        "changes in two batches before the next ask (a new product, then it goes and another changes)",
        () => {
          const p = pick(90);
          p.id = 9_000_003;
          p.referenceKey = "VT-9000003";
          p.variants = p.variants.map((v, i) => ({ ...v, id: 90_000_030 + i }));
          catalog.upsert(p);
          const q = pick(91);
          for (const v of q.variants) for (const price of Object.values(v.prices)) if (price) price.listPrice += 300;
          catalog.upsert(q);
          for (const view of engine.views.values()) view.refresh(TODAY);
          catalog.remove(p.id);
          const r = pick(92);
          for (const v of r.variants) v.stock.quantity = 0;
          catalog.upsert(r);
          for (const view of engine.views.values()) view.refresh(TODAY);
          catalog.upsert(pick(93));
        },
      ],
      [
        "a batch of changes",
        () => {
          for (let i = 100; i < 160; i++) {
            const p = pick(i);
            if (i % 4 === 0) catalog.remove(p.id);
            else {
              for (const v of p.variants) {
                if (i % 3 === 0) v.stock.quantity = 0;
                for (const price of Object.values(v.prices)) if (price) price.listPrice += i;
              }
              catalog.upsert(p);
            }
          }
        },
      ],
    ];
    for (const [name, change] of steps) {
      const version = catalog.version;
      change();
      expect(catalog.version, name).toBeGreaterThan(version);
      expectListsAsBuilt(engine, catalog);
      expectListingsAsWalked(engine, catalog);
    }
  }, 180_000);

  it("answer a facet search within a listing as the walk does", () => {
    const { engine, catalog } = engineOf(demo.products);
    catalog.remove((demo.products[5] as ProductRecord).id);
    for (const shop of SHOPS) {
      for (const category of CATEGORIES.slice(0, 6)) {
        const req = {
          trackingId: shop.trackingId,
          language: shop.language,
          country: shop.country,
          currency: shop.currency,
          context: {
            view: { url: `https://shop.example/${shop.pathPrefix}${catalog.tree.path(category.id, shop.language)}` },
          },
          facetId: "ec_color",
          facetQuery: "*",
        };
        const kept = engine.facetSearch(req, "LISTING");
        keptListings.enabled = false;
        const walked = engine.facetSearch(req, "LISTING");
        keptListings.enabled = true;
        expect(kept).toEqual(walked);
      }
    }
  });
});
