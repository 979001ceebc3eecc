import { type ProductRecord, SHOPS, type Shop } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoEngine, recolourAndRestock } from "../../test/demo-engine.ts";
import type { FacetRequest, ListingResponse, SortOption } from "../api/types.ts";
import type { CatalogIndex } from "./catalog-index.ts";
import { filterBitsets } from "./query.ts";
import type { SearchEngine } from "./search-engine.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22, 12));
const demo = generateDemoCatalog({ products: 1500, seed: 41, today: TODAY });
const regular = demo.categories.filter((c) => c.role === "regular");
const CATEGORIES = [...regular.filter((c) => c.parentId === null), ...regular.filter((_, i) => i % 9 === 4)];
const SORTS: (SortOption | undefined)[] = [
  undefined,
  { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "asc" }] },
];

const engineOf = (products: readonly ProductRecord[]) => demoEngine(demo, products, TODAY);

function listing(engine: SearchEngine, catalog: CatalogIndex, shop: Shop, category: number, extra: object) {
  const response: ListingResponse = engine.listing({
    trackingId: shop.trackingId,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: { view: { url: `https://shop.example/${shop.pathPrefix}${catalog.tree.path(category, shop.language)}` } },
    ...extra,
  });
  return { ...response, responseId: "" };
}

/** Values of a facet in an unfiltered listing, the most frequent first. */
function valuesOf(response: ListingResponse, facetId: string): string[] {
  const facet = response.facets.find((f) => f.facetId === facetId);
  return (facet?.values ?? []).flatMap((v) => ("value" in v ? [String(v.value)] : []));
}

const select = (facetId: string, values: string[], state: "selected" | "excluded" = "selected"): FacetRequest => ({
  facetId,
  type: "regular",
  values: values.map((value) => ({ value, state })),
});

/** Filter combinations of two and three facets from a listing's own values (and one that excludes a brand). */
function combinations(response: ListingResponse): FacetRequest[][] {
  const colours = valuesOf(response, "ec_color");
  const sizes = valuesOf(response, "size");
  const brands = valuesOf(response, "ec_brand");
  const out: FacetRequest[][] = [];
  if (colours[0] && sizes[0]) out.push([select("ec_color", [colours[0]]), select("size", [sizes[0]])]);
  if (colours[1] && sizes[2] && sizes[3])
    out.push([select("ec_color", [colours[1], colours[0] as string]), select("size", [sizes[2], sizes[3]])]);
  if (brands[0] && colours[2]) out.push([select("ec_brand", [brands[0]]), select("ec_color", [colours[2]])]);
  if (brands[1] && colours[0] && sizes[1])
    out.push([select("ec_brand", [brands[1]]), select("ec_color", [colours[0]]), select("size", [sizes[1]])]);
  // A price range with a brand, a colour, or both: the kept prices and the bitsets pass over slots together.
  const price = response.facets.find((f) => f.facetId === "ec_price");
  const range = price?.values[1] ?? price?.values[0];
  if (range && "start" in range && typeof range.start === "number" && typeof range.end === "number") {
    const priced: FacetRequest = {
      facetId: "ec_price",
      type: "numericalRange",
      values: [{ start: range.start, end: range.end, endInclusive: range.endInclusive, state: "selected" }],
    };
    if (brands[0]) out.push([select("ec_brand", [brands[0]]), priced]);
    if (colours[0]) out.push([priced, select("ec_color", [colours[0]])]);
    if (brands[0] && colours[1]) out.push([select("ec_brand", [brands[0]]), select("ec_color", [colours[1]]), priced]);
    out.push([priced]);
  }
  if (brands[0] && colours[0] && sizes[0])
    out.push([
      select("ec_brand", [brands[0]], "excluded"),
      select("ec_color", [colours[0]]),
      select("size", [sizes[0]]),
    ]);
  return out;
}

/** Every filtered listing passed over by bitsets equals the one that reads every row; returns how many. */
function expectAsReadInFull(engine: SearchEngine, catalog: CatalogIndex): number {
  let compared = 0;
  for (const shop of SHOPS) {
    for (const category of CATEGORIES) {
      const plain = listing(engine, catalog, shop, category.id, {});
      for (const facets of combinations(plain)) {
        for (const sort of SORTS) {
          const extra = { facets, sort };
          filterBitsets.enabled = true;
          const passed = listing(engine, catalog, shop, category.id, extra);
          filterBitsets.enabled = false;
          const read = listing(engine, catalog, shop, category.id, extra);
          filterBitsets.enabled = true;
          expect(passed, `${shop.code} ${category.key} ${JSON.stringify(extra)}`).toEqual(read);
          compared += read.pagination.totalEntries > 0 ? 1 : 0;
        }
      }
    }
  }
  return compared;
}

describe("filtered listings pass over slots that fail two filters by the values' slot bitsets", () => {
  beforeEach(() => {
    // The test catalogue is small: every filtered walk uses the bitsets.
    filterBitsets.minSlots = 0;
  });
  afterEach(() => {
    filterBitsets.enabled = true;
    filterBitsets.minSlots = 20_000;
  });

  it("answer as the walk that reads every row, in all five stores", () => {
    const { engine, catalog } = engineOf(demo.products);
    const used = filterBitsets.used;
    expect(expectAsReadInFull(engine, catalog)).toBeGreaterThan(100);
    expect(filterBitsets.used - used).toBeGreaterThan(100);
  });

  it("follow catalogue changes: new slots join their values' bitsets", () => {
    const { engine, catalog } = engineOf(demo.products);
    expectAsReadInFull(engine, catalog);
    recolourAndRestock(catalog, demo.products);
    expect(expectAsReadInFull(engine, catalog)).toBeGreaterThan(100);
  });
});
