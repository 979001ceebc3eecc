import { type ProductRecord, SHOPS, type Shop } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { describe, expect, it } from "vitest";
import { demoEngine, recolourAndRestock } from "../../test/demo-engine.ts";
import { request } from "../../test/fixtures.ts";
import type { FacetRequest, FacetSearchRequest, FacetSearchValue } from "../api/types.ts";
import { CatalogIndex } from "./catalog-index.ts";
import { type FacetState, prepareFacets } from "./facets.ts";
import { executeQuery } from "./query.ts";
import { facetSearchWalks, type SearchEngine } from "./search-engine.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22, 12));
const demo = generateDemoCatalog({ products: 1200, seed: 31, today: TODAY });

/** The value facets a facet search may ask for (the range facets answer none); sizes and stores last. */
const FACET_IDS = ["ec_category", "ec_brand", "ec_color", "material", "fit", "pattern", "size", "store"];
const WORDS = { de: ["schuhe", "baumwolle"], fr: ["chaussures", "coton"], en: ["shoes", "cotton"] } as const;
/** Selections that filter: a price range (its facet keeps its walk), a brand left out. */
const SELECTIONS: FacetRequest[][] = [
  [],
  [
    {
      facetId: "ec_price",
      type: "numericalRange",
      values: [{ start: 20, end: 80, endInclusive: false, state: "selected" }],
    },
  ],
  [{ facetId: "ec_color", type: "regular", values: [{ value: "Schwarz", state: "excluded" }] }],
];

/** A facet search of a store: the brands of everything (`extra` says what else). */
function ask(shop: Shop, extra: Partial<FacetSearchRequest>, path = "/search/"): FacetSearchRequest {
  const store = { ...shop, prefix: shop.pathPrefix };
  return request({ facetId: "ec_brand", facetQuery: "*", numberOfValues: 200, ...extra }, store, path);
}

/**
 * What a facet search must find, from a walk of its own with every facet prepared (the range facets' collectors
 * too, as before facet searches kept counts): each value with its count (and path), in no particular order.
 */
function walked(engine: SearchEngine, req: FacetSearchRequest, type: "SEARCH" | "LISTING"): string[] {
  const view = engine.viewFor(req);
  const facets = prepareFacets(new Map((req.facets ?? []).map((f) => [f.facetId, f])), { view, now: TODAY });
  executeQuery({
    view,
    base: type === "LISTING" ? engine.resolveListing(view, req.context.view.url, TODAY).base : { kind: "all" },
    text: type === "SEARCH" ? engine.textMatch(view, req.query ?? "") : undefined,
    facets,
    countFacets: true,
    sort: "relevance",
    offset: 0,
    limit: 0,
  });
  const target = facets.states.find((f) => f.def.facetId === req.facetId) as FacetState;
  return listed(target.searchValues());
}

const listed = (values: readonly FacetSearchValue[]) =>
  values.map((v) => `${(v.path ?? []).join(" › ")} ${v.rawValue} ${v.displayValue} ${v.count}`).sort();

describe("facet searches", () => {
  it("of one search walk its matches once, and each answers as its own walk would", () => {
    const { engine } = demoEngine(demo, demo.products, TODAY);
    engine.answers.enabled = true;
    let compared = 0;
    for (const shop of SHOPS) {
      for (const query of WORDS[shop.language]) {
        for (const facets of SELECTIONS) {
          const before = { ...facetSearchWalks };
          for (const facetId of FACET_IDS) {
            const req = ask(shop, { query, facetId, facets });
            const kept = engine.facetSearch(req, "SEARCH");
            expect(kept.moreValuesAvailable).toBe(false);
            expect(listed(kept.values), `${shop.code} "${query}" ${facetId} ${JSON.stringify(facets)}`).toEqual(
              walked(engine, req, "SEARCH"),
            );
            compared += kept.values.length;
          }
          // One walk for the first facet, its counts for the next five; one walk that counts sizes and stores too.
          expect(facetSearchWalks.walked - before.walked).toBe(2);
          expect(facetSearchWalks.reused - before.reused).toBe(FACET_IDS.length - 2);
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("within a listing read the kept counts too, by the listing's address", () => {
    const { engine, catalog } = demoEngine(demo, demo.products, TODAY);
    engine.answers.enabled = true;
    const departments = demo.categories.filter((c) => c.role === "regular" && c.parentId === null);
    for (const shop of SHOPS) {
      for (const department of departments) {
        const path = catalog.tree.path(department.id, shop.language);
        for (const facetId of ["ec_brand", "ec_color", "size"]) {
          const req = ask(shop, { facetId }, path);
          expect(listed(engine.facetSearch(req, "LISTING").values), `${shop.code} ${path} ${facetId}`).toEqual(
            walked(engine, req, "LISTING"),
          );
        }
      }
    }
  });

  it("do not answer another question with kept counts", () => {
    const { engine } = demoEngine(demo, demo.products, TODAY);
    engine.answers.enabled = true;
    const de = SHOPS.find((s) => s.code === "de") as Shop;
    const at = SHOPS.find((s) => s.code === "at") as Shop;
    const asked = [
      ask(de, { query: "schuhe" }),
      ask(de, { query: "baumwolle" }),
      ask(at, { query: "schuhe" }),
      ask(de, { query: "schuhe", facets: SELECTIONS[2] as FacetRequest[] }),
    ];
    const before = facetSearchWalks.walked;
    const answers = asked.map((req) => engine.facetSearch(req, "SEARCH"));
    expect(facetSearchWalks.walked - before).toBe(asked.length);
    for (const [i, req] of asked.entries())
      expect(listed(answers[i]?.values ?? [])).toEqual(walked(engine, req, "SEARCH"));
    // The words and the selection change the counts: a shared answer would have shown it.
    expect(answers[1]).not.toEqual(answers[0]);
    expect(answers[3]).not.toEqual(answers[0]);
  });

  it("follow the catalogue: a change, a rebuilt index", () => {
    const { engine, catalog } = demoEngine(demo, demo.products, TODAY);
    engine.answers.enabled = true;
    const de = SHOPS.find((s) => s.code === "de") as Shop;
    const req = ask(de, { query: "schuhe", facetId: "ec_color" });
    const first = engine.facetSearch(req, "SEARCH");
    expect(engine.facetSearch(req, "SEARCH")).toEqual(first);

    // Sold out, back in stock and recoloured: the colour counts move.
    recolourAndRestock(catalog, demo.products);
    const changed = engine.facetSearch(req, "SEARCH");
    expect(listed(changed.values)).toEqual(walked(engine, req, "SEARCH"));
    expect(changed).not.toEqual(first);

    // A rebuilt index starts its versions again: the kept counts of the old one must not answer.
    const shoes = demo.products.filter((_, i) => i % 2 === 0) as ProductRecord[];
    const rebuilt = CatalogIndex.build({
      categories: demo.categories,
      products: structuredClone(shoes),
      storeStock: demo.storeStock,
      physicalStores: demo.stores,
    });
    rebuilt.version = catalog.version;
    engine.setCatalog(rebuilt);
    const after = engine.facetSearch(req, "SEARCH");
    expect(listed(after.values)).toEqual(walked(engine, req, "SEARCH"));
    expect(after).not.toEqual(changed);
  });
});
