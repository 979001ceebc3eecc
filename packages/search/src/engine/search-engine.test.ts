import { describe, expect, it } from "vitest";
import { buildFixtureEngine, PRODUCTS, request, STORES, TODAY } from "../../test/fixtures.ts";
import { SearchApiError } from "../api/errors.ts";
import type {
  CategoryFacetResponse,
  DateFacetResponse,
  FacetRequest,
  FacetResponse,
  ListingResponse,
  LocationFacetResponse,
  NumericFacetResponse,
  RegularFacetResponse,
} from "../api/types.ts";
import { NO_RULES } from "../merchandising/rules.ts";
import { formatApiDate } from "./dates.ts";

const engine = buildFixtureEngine();
const listing = (path: string, extra: object = {}, store: (typeof STORES)[keyof typeof STORES] = STORES.de) =>
  engine.listing(request(extra, store, path));
const search = (query: string, extra: object = {}, store: (typeof STORES)[keyof typeof STORES] = STORES.de) =>
  engine.search(request({ query, ...extra }, store, "/search/"));

const ids = (r: Pick<ListingResponse, "products">) => r.products.map((p) => Number(p.permanentid));
const facet = <T extends FacetResponse>(r: ListingResponse, id: string) => r.facets.find((f) => f.facetId === id) as T;
const counts = (r: ListingResponse, id: string) =>
  Object.fromEntries(facet<RegularFacetResponse>(r, id).values.map((v) => [v.value, v.numberOfResults]));
const regular = (facetId: string, values: Record<string, "selected" | "excluded">, extra: Partial<FacetRequest> = {}) =>
  ({
    facetId,
    type: facetId === "store" ? "location" : "regular",
    values: Object.entries(values).map(([value, state]) => ({ value, state })),
    ...extra,
  }) as FacetRequest;

describe("listings", () => {
  it("list a category with its descendants, one result per colour group", () => {
    const women = listing("/c/damen/");
    expect(women.pagination.totalEntries).toBe(5);
    expect(ids(women).sort()).toEqual([101, 103, 104, 105, 107]);
    expect(listing("/c/damen/bekleidung/kleider/").pagination.totalEntries).toBe(3);
  });

  it("put the colour group into children, the parent first", () => {
    const dress = listing("/c/damen/bekleidung/kleider/").products.find((p) => p.ec_item_group_id === "M-1");
    expect(dress?.permanentid).toBe("101");
    expect(dress?.children.map((c) => c.permanentid)).toEqual(["101", "102"]);
    expect(dress?.totalNumberOfChildren).toBe(2);
    expect(dress?.clickUri).toBe("/de/p/kleid-aus-baumwolle-101/");
    expect(dress?.ec_category).toEqual(["Damen", "Damen|Bekleidung", "Damen|Bekleidung|Kleider"]);
  });

  it("share response products frozen, everything in them", () => {
    const unfrozen = (value: unknown, path: string): string[] => {
      if (value === null || typeof value !== "object") return [];
      const inside = Object.entries(value).flatMap(([key, v]) => unfrozen(v, `${path}.${key}`));
      return Object.isFrozen(value) ? inside : [path, ...inside];
    };
    const products = [...listing("/c/damen/").products, ...search("kleid").products];
    expect(products.flatMap((p, i) => unfrozen(p, `products[${i}]`))).toEqual([]);
  });

  it("list the sale, new arrivals and outfit pieces by their page", () => {
    const sale = listing("/c/sale/");
    expect(ids(sale)).toEqual([102]);
    expect(sale.products[0]?.children.map((c) => c.permanentid)).toEqual(["102", "101"]);
    expect(ids(listing("/c/new/")).sort()).toEqual([101, 103]);
    expect(ids(listing("/c/outfits/")).sort()).toEqual([101, 104, 105]);
  });

  it("answer an unknown page with no products", () => {
    expect(listing("/c/unbekannt/").pagination.totalEntries).toBe(0);
    expect(listing("/").products).toEqual([]);
  });

  it("show each store its language, currency, prices and assortment", () => {
    const ch = listing("/c/damen/", {}, STORES.ch);
    expect(ch.pagination.totalEntries).toBe(6);
    const frch = listing("/c/femmes/vetements/robes/", {}, STORES.frch);
    expect(frch.pagination.totalEntries).toBe(3);
    const dress = frch.products.find((p) => p.permanentid === "101");
    expect(dress?.ec_name).toBe("Robe en coton");
    expect(dress?.ec_price).toBe(65.95);
    expect(dress?.additionalFields.currency).toBe("CHF");
    expect(dress?.clickUri).toBe("/fr-ch/p/robe-en-coton-101/");
  });

  it("carry what a tile needs: badges, promotion, images, swatches and sizes", () => {
    const [reduced] = listing("/c/sale/").products;
    expect(reduced?.ec_price).toBe(59.95);
    expect(reduced?.ec_promo_price).toBe(39.95);
    expect(reduced?.additionalFields.reductionPercent).toBe(33);
    const dress = listing("/c/damen/bekleidung/kleider/").products.find((p) => p.permanentid === "101");
    const fields = dress?.additionalFields;
    expect(fields?.isNew).toBe(true);
    expect(fields?.freeTextBadge).toBe("Nachhaltig");
    expect(fields?.promotion).toEqual({ id: "dress-10", name: "10 % auf Kleider", colorHex: "#c62f2f" });
    expect(fields?.image).toBe("/images/test/101/front.svg");
    expect(fields?.hoverImage).toBe("/images/test/101/fa.svg");
    expect(fields?.colorHex).toMatch(/^#[0-9a-f]{6}$/);
    expect(fields?.sizes).toEqual([
      { size: "s", label: "S", available: true },
      { size: "m", label: "M", available: false },
      { size: "l", label: "L", available: true },
    ]);
    const silk = listing("/c/damen/bekleidung/kleider/").products.find((p) => p.permanentid === "107");
    expect(silk?.ec_in_stock).toBe(false);
    expect(silk?.additionalFields.isSoldOut).toBe(true);
    // The promotion runs in de, at and en only.
    const ch = listing("/c/damen/bekleidung/kleider/", {}, STORES.ch).products.find((p) => p.permanentid === "101");
    expect(ch?.additionalFields.promotion).toBeNull();
  });

  it("rank sold-out products last by default", () => {
    expect(ids(listing("/c/damen/bekleidung/kleider/")).at(-1)).toBe(107);
  });

  it("put pinned products first", () => {
    const pinned = buildFixtureEngine({
      merchandising: {
        ...NO_RULES,
        pins: [{ id: 1, storeCode: "*", categoryKey: "women-dresses", productIds: [107] }],
      },
    });
    const r = pinned.listing(request({}, STORES.de, "/c/damen/bekleidung/kleider/"));
    expect(ids(r)[0]).toBe(107);
    expect(r.pagination.totalEntries).toBe(3);
  });
});

describe("regular facets", () => {
  it("count colour groups per value", () => {
    const women = listing("/c/damen/");
    expect(counts(women, "ec_brand")).toEqual({ Alpha: 3, Beta: 2 });
    expect(counts(women, "ec_color")).toEqual({ Blau: 1, Rot: 1, Grün: 1, Marineblau: 1, Weiß: 1, Schwarz: 1 });
  });

  it("do not narrow their own counts when a value is selected (multi-select)", () => {
    const r = listing("/c/damen/", { facets: [regular("ec_brand", { Alpha: "selected" })] });
    expect(r.pagination.totalEntries).toBe(3);
    expect(counts(r, "ec_brand")).toEqual({ Alpha: 3, Beta: 2 });
    expect(counts(r, "ec_color")).toEqual({ Blau: 1, Rot: 1, Weiß: 1, Schwarz: 1 });
    const alpha = facet<RegularFacetResponse>(r, "ec_brand").values.find((v) => v.value === "Alpha");
    expect(alpha?.state).toBe("selected");
  });

  it("exclude values", () => {
    const r = listing("/c/damen/", { facets: [regular("ec_brand", { Alpha: "excluded" })] });
    expect(ids(r).sort()).toEqual([103, 104]);
    expect(facet<RegularFacetResponse>(r, "ec_brand").values.find((v) => v.value === "Alpha")?.state).toBe("excluded");
  });

  it("combine facets with AND and values of one facet with OR", () => {
    const r = listing("/c/damen/", {
      facets: [regular("ec_brand", { Alpha: "selected" }), regular("ec_color", { Blau: "selected", Weiß: "selected" })],
    });
    expect(ids(r).sort()).toEqual([101, 105]);
    expect(counts(r, "ec_brand")).toEqual({ Alpha: 2 });
    expect(counts(r, "ec_color")).toEqual({ Blau: 1, Rot: 1, Weiß: 1, Schwarz: 1 });
  });

  it("keep a frozen facet's values in place and a selected value without results visible", () => {
    const r = listing("/c/damen/", {
      facets: [
        regular("ec_color", { Grün: "selected" }),
        {
          ...regular("ec_brand", { Gamma: "selected" }),
          freezeCurrentValues: true,
          values: [
            { value: "Gamma", state: "selected" },
            { value: "Beta", state: "idle" },
          ],
        },
      ],
    });
    expect(r.pagination.totalEntries).toBe(0);
    expect(facet<RegularFacetResponse>(r, "ec_brand").values.map((v) => [v.value, v.state, v.numberOfResults])).toEqual(
      [
        ["Gamma", "selected", 0],
        ["Beta", "idle", 1],
      ],
    );
  });

  it("count multi-valued attributes (materials)", () => {
    const r = listing("/c/damen/");
    expect(counts(r, "material")).toMatchObject({ Baumwolle: 1, Leinen: 1, Wolle: 1, Kaschmir: 1, Leder: 1, Seide: 1 });
    const wool = listing("/c/damen/", { facets: [regular("material", { Wolle: "selected" })] });
    expect(ids(wool)).toEqual([104]);
  });

  it("honour numberOfValues and report more values", () => {
    const r = listing("/c/damen/", { facets: [{ ...regular("ec_color", {}), numberOfValues: 2 }] });
    const colours = facet<RegularFacetResponse>(r, "ec_color");
    expect(colours.values).toHaveLength(2);
    expect(colours.moreValuesAvailable).toBe(true);
  });

  it("count the values of colour siblings that differ in more than their colour", () => {
    const live = buildFixtureEngine();
    const coat = PRODUCTS.find((p) => p.id === 104);
    if (!coat) throw new Error("fixture");
    live.catalog.upsert({
      ...coat,
      id: 122,
      referenceKey: "VT-122",
      colorId: "camel",
      brand: "Delta",
      material: ["linen"],
    });
    const women = live.listing(request({}, STORES.de, "/c/damen/"));
    expect(women.pagination.totalEntries).toBe(5);
    expect(counts(women, "ec_brand")).toEqual({ Alpha: 3, Beta: 2, Delta: 1 });
    expect(counts(women, "material")).toMatchObject({ Wolle: 1, Kaschmir: 1, Leinen: 2 });
    const delta = live.listing(
      request({ facets: [regular("ec_brand", { Delta: "selected" })] }, STORES.de, "/c/damen/"),
    );
    expect(ids(delta)).toEqual([122]);
  });
});

describe("size and colour per variant", () => {
  it("count sizes that can be bought, in size order", () => {
    const r = listing("/c/damen/");
    expect(facet<RegularFacetResponse>(r, "size").values.map((v) => [v.value, v.numberOfResults])).toEqual([
      ["S", 1],
      ["M", 3],
      ["L", 2],
      ["38", 1],
    ]);
  });

  it("pick the colour that has the size as the parent", () => {
    const r = listing("/c/damen/", { facets: [regular("size", { M: "selected" })] });
    expect(ids(r).sort()).toEqual([102, 103, 104]);
    expect(counts(r, "ec_color")).toEqual({ Rot: 1, Grün: 1, Marineblau: 1 });
  });

  it("match blue in M only when a blue variant in M can be bought", () => {
    const facets = [regular("ec_color", { Blau: "selected" }), regular("size", { M: "selected" })];
    expect(listing("/c/damen/", { facets }).pagination.totalEntries).toBe(0);
    expect(ids(search("", { facets }))).toEqual([106]);
  });

  it("judge store availability per variant together with the size", () => {
    const berlin = listing("/c/damen/", { facets: [regular("store", { "Vitrine Berlin": "selected" })] });
    expect(ids(berlin)).toEqual([101]);
    expect(counts(berlin, "size")).toEqual({ L: 1 });
    const both = listing("/c/damen/", {
      facets: [regular("store", { "Vitrine Berlin": "selected" }), regular("size", { M: "selected" })],
    });
    expect(both.pagination.totalEntries).toBe(0);
  });

  it("offer the physical stores of the store's country, with counts", () => {
    const r = listing("/c/damen/");
    const stores = facet<LocationFacetResponse>(r, "store");
    expect(stores.type).toBe("location");
    expect(stores.values.map((v) => [v.value, v.numberOfResults])).toEqual([
      ["Vitrine Berlin", 1],
      ["Vitrine Hamburg", 1],
    ]);
    const withSize = listing("/c/damen/", { facets: [regular("size", { L: "selected" })] });
    expect(facet<LocationFacetResponse>(withSize, "store").values.map((v) => v.value)).toEqual(["Vitrine Berlin"]);
    const near = engine.listing({
      ...request({}, STORES.de, "/c/damen/"),
      context: { view: { url: "http://shop.test/de/c/damen/" }, user: { latitude: 53.5, longitude: 10 } },
    });
    expect(facet<LocationFacetResponse>(near, "store").values[0]?.value).toBe("Vitrine Hamburg");
    const at = listing("/c/damen/", {}, STORES.at);
    expect(facet<LocationFacetResponse>(at, "store").values.map((v) => v.value)).toEqual(["Vitrine Wien"]);
  });
});

describe("price ranges", () => {
  it("generate even ranges over the result set", () => {
    const price = facet<NumericFacetResponse>(listing("/c/damen/"), "ec_price");
    expect(price.values.map((v) => [v.start, v.end, v.endInclusive, v.numberOfResults])).toEqual([
      [0, 50, false, 1],
      [50, 100, false, 3],
      [100, 150, false, 1],
      [150, 200, true, 1],
    ]);
    expect(price.domain).toEqual({ min: 39, max: 200, increment: 1 });
  });

  it("generate equiprobable ranges on request", () => {
    const r = listing("/c/damen/", {
      facets: [{ facetId: "ec_price", type: "numericalRange", values: [], rangeAlgorithm: "equiprobable" }],
    });
    const values = facet<NumericFacetResponse>(r, "ec_price").values;
    expect(values.length).toBeGreaterThan(1);
    expect(values[0]?.start).toBe(39);
    expect(values.at(-1)?.endInclusive).toBe(true);
    for (let i = 1; i < values.length; i++) expect(values[i]?.start).toBe(values[i - 1]?.end);
  });

  it("filter by a selected range and take the group member inside it as the parent", () => {
    const r = listing("/c/damen/", {
      facets: [
        {
          facetId: "ec_price",
          type: "numericalRange",
          values: [{ start: 50, end: 100, endInclusive: false, state: "selected" }],
        },
      ],
    });
    expect(ids(r).sort()).toEqual([101, 103, 105]);
    expect(facet<NumericFacetResponse>(r, "ec_price").values).toEqual([
      expect.objectContaining({ start: 50, end: 100, state: "selected", numberOfResults: 3 }),
    ]);
  });

  it("exclude a range", () => {
    const r = listing("/c/damen/", {
      facets: [
        {
          facetId: "ec_price",
          type: "numericalRange",
          values: [{ start: 50, end: 100, endInclusive: false, state: "excluded" }],
        },
      ],
    });
    expect(ids(r).sort()).toEqual([102, 104, 107]);
  });

  it("filter by a manual continuous range, end inclusive", () => {
    const r = listing("/c/damen/", {
      facets: [
        {
          facetId: "ec_price",
          type: "numericalRange",
          interval: "continuous",
          values: [{ start: 89.95, end: 129.95, endInclusive: true, state: "selected" }],
        },
      ],
    });
    expect(ids(r).sort()).toEqual([103, 105, 107]);
    const price = facet<NumericFacetResponse>(r, "ec_price");
    expect(price.interval).toBe("continuous");
    expect(price.values[0]).toMatchObject({ start: 89.95, end: 129.95, endInclusive: true, numberOfResults: 3 });
  });
});

describe("date ranges", () => {
  it("offer the last 7, 30 and 90 days of arrivals", () => {
    const dates = facet<DateFacetResponse>(listing("/c/damen/"), "new_arrivals");
    expect(dates.values.map((v) => v.numberOfResults)).toEqual([1, 2, 3]);
    expect(dates.values[0]?.end).toBe(formatApiDate(TODAY));
    expect(dates.values[0]?.start).toBe(formatApiDate(new Date(TODAY.getTime() - 7 * 86_400_000)));
  });

  it("filter by a range in the API format and echo it", () => {
    const start = formatApiDate(new Date(TODAY.getTime() - 30 * 86_400_000));
    const end = formatApiDate(TODAY);
    const r = listing("/c/damen/", {
      facets: [
        { facetId: "new_arrivals", type: "dateRange", values: [{ start, end, endInclusive: true, state: "selected" }] },
      ],
    });
    expect(ids(r).sort()).toEqual([101, 103]);
    expect(facet<DateFacetResponse>(r, "new_arrivals").values).toEqual([
      expect.objectContaining({ start, end, state: "selected", numberOfResults: 2 }),
    ]);
  });

  it("answer the windows asked for as asked, idle ones too (relative dates stay relative)", () => {
    const windows = [7, 30, 90].map((days) => ({
      start: `past-${days}-day`,
      end: "now",
      endInclusive: true,
      state: "idle" as const,
    }));
    const r = listing("/c/damen/", { facets: [{ facetId: "new_arrivals", type: "dateRange", values: windows }] });
    expect(r.pagination.totalEntries).toBe(listing("/c/damen/").pagination.totalEntries);
    expect(facet<DateFacetResponse>(r, "new_arrivals").values).toEqual(
      [1, 2, 3].map((count, i) => expect.objectContaining({ ...windows[i], state: "idle", numberOfResults: count })),
    );
  });

  it("filter by relative dates", () => {
    const r = listing("/c/damen/", {
      facets: [
        {
          facetId: "new_arrivals",
          type: "dateRange",
          values: [{ start: "past-1-week", end: "now", endInclusive: true, state: "selected" }],
        },
      ],
    });
    expect(ids(r)).toEqual([101]);
    const next = listing("/c/damen/", {
      facets: [
        {
          facetId: "new_arrivals",
          type: "dateRange",
          values: [{ start: "now", end: "next-1-year", endInclusive: true, state: "selected" }],
        },
      ],
    });
    expect(next.pagination.totalEntries).toBe(0);
  });
});

describe("the category facet", () => {
  it("lists root categories with counts when nothing is selected", () => {
    const category = facet<CategoryFacetResponse>(search(""), "ec_category");
    expect(category.delimitingCharacter).toBe("|");
    expect(category.values.map((v) => [v.value, v.numberOfResults, v.children.length])).toEqual([
      ["Damen", 5, 0],
      ["Herren", 1, 0],
    ]);
  });

  it("narrows to a selected path and shows its ancestors and children", () => {
    const r = search("", {
      facets: [
        {
          facetId: "ec_category",
          type: "hierarchical",
          values: [
            { value: "Damen", state: "idle", children: [{ value: "Bekleidung", state: "selected", children: [] }] },
          ],
        },
      ],
    });
    expect(ids(r).sort()).toEqual([101, 103, 104, 107]);
    const [root] = facet<CategoryFacetResponse>(r, "ec_category").values;
    expect(root).toMatchObject({ value: "Damen", state: "idle", path: ["Damen"] });
    const selected = root?.children[0];
    expect(selected).toMatchObject({
      value: "Bekleidung",
      state: "selected",
      path: ["Damen", "Bekleidung"],
      numberOfResults: 4,
    });
    expect(selected?.children.map((c) => [c.value, c.numberOfResults, c.isLeafValue, c.path])).toEqual([
      ["Kleider", 3, true, ["Damen", "Bekleidung", "Kleider"]],
      ["Jacken", 1, true, ["Damen", "Bekleidung", "Jacken"]],
    ]);
  });

  it("answers the chain of a selected path for numberOfValues 1, the children by the selected value's retrieveCount", () => {
    const withPath = (retrieveCount?: number) =>
      facet<CategoryFacetResponse>(
        search("", {
          facets: [
            {
              facetId: "ec_category",
              type: "hierarchical",
              numberOfValues: 1,
              values: [
                {
                  value: "Damen",
                  state: "idle",
                  children: [{ value: "Bekleidung", state: "selected", children: [], retrieveCount }],
                },
              ],
            },
          ],
        }),
        "ec_category",
      );
    const chain = withPath(undefined);
    expect(chain.numberOfValues).toBe(1);
    expect(chain.values.map((v) => v.value)).toEqual(["Damen"]);
    // numberOfValues is the chain's: the selected value still answers its children.
    expect(chain.values[0]?.children[0]?.children.map((c) => c.value)).toEqual(["Kleider", "Jacken"]);
    const one = withPath(1).values[0]?.children[0];
    expect(one?.children.map((c) => c.value)).toEqual(["Kleider"]);
    expect(one?.moreValuesAvailable).toBe(true);
  });
});

describe("search", () => {
  it("finds German words with plurals, umlauts and their spellings", () => {
    expect(ids(search("kleider")).sort()).toEqual([101, 103, 107]);
    expect(ids(search("mäntel"))).toEqual([104]);
    expect(ids(search("maentel"))).toEqual([104]);
    expect(ids(search("kleid baumwolle"))).toEqual([101]);
  });

  it("finds French and English words", () => {
    expect(ids(search("manteaux", {}, STORES.frch))).toEqual([104]);
    expect(ids(search("robe coton", {}, STORES.frch))).toEqual([101]);
    expect(ids(search("dresses", {}, STORES.en)).sort()).toEqual([101, 103, 107]);
  });

  it("tolerates typos and completes the last word", () => {
    expect(ids(search("baumwole")).sort()).toEqual([101, 106]);
    expect(ids(search("sneak"))).toEqual([105]);
  });

  it("ranks the better match first", () => {
    expect(ids(search("leinen"))[0]).toBe(103);
  });

  it("sorts by price and by newness", () => {
    const cheap = search("", { sort: { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "asc" }] } });
    expect(ids(cheap)).toEqual([102, 106, 103, 105, 107, 104]);
    expect(cheap.sort.appliedSort).toEqual(cheap.sort.availableSorts[1]);
    const dear = search("", { sort: { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "desc" }] } });
    expect(ids(dear)).toEqual([104, 107, 103, 105, 101, 106]);
    const fresh = search("", {
      sort: { sortCriteria: "fields", fields: [{ field: "arrival_date", direction: "desc" }] },
    });
    expect(ids(fresh)).toEqual([101, 103, 105, 107, 104, 106]);
  });

  it("refuses a sort it does not offer", () => {
    expect(() => search("", { sort: { sortCriteria: "fields", fields: [{ field: "ec_rating" }] } })).toThrow(
      SearchApiError,
    );
  });

  it("pages within the result window", () => {
    const page = search("", { perPage: 2, page: 1 });
    expect(page.products).toHaveLength(2);
    expect(page.pagination).toEqual({ page: 1, perPage: 2, totalEntries: 6, totalPages: 3 });
  });

  it("answers a page beyond the last with the last page (pages stay within 0 to totalPages-1)", () => {
    const last = search("", { perPage: 2, page: 2 });
    const beyond = search("", { perPage: 2, page: 2500 });
    expect(beyond.pagination).toEqual({ page: 2, perPage: 2, totalEntries: 6, totalPages: 3 });
    expect(ids(beyond)).toEqual(ids(last));
    expect(ids(beyond)).toHaveLength(2);
    const listed = engine.listing({ ...request({}, STORES.de, "/c/damen/"), perPage: 2, page: 99 });
    expect(listed.pagination.page).toBe(listed.pagination.totalPages - 1);
    expect(listed.products.length).toBeGreaterThan(0);
    const nothing = search("zzzzqqqq", { page: 5 });
    expect(nothing.pagination).toMatchObject({ page: 0, totalEntries: 0, totalPages: 0 });
  });

  it("corrects a query that finds nothing (did you mean)", () => {
    const r = search("hemt");
    expect(ids(r)).toEqual([106]);
    expect(r.queryCorrection).toEqual({
      correctedQuery: "hemd",
      originalQuery: "hemt",
      corrections: [
        {
          correctedQuery: "hemd",
          wordCorrections: [{ offset: 0, length: 4, originalWord: "hemt", correctedWord: "hemd" }],
        },
      ],
    });
    expect(search("kleid").queryCorrection).toBeUndefined();
  });

  it("fires redirect, query and notify triggers", () => {
    const withRules = buildFixtureEngine({
      merchandising: {
        ...NO_RULES,
        triggers: [
          { id: 1, kind: "redirect", storeCode: "*", query: "sale", match: "exact", content: "/de/c/sale/" },
          { id: 2, kind: "query", storeCode: "de", query: "winterjacke", match: "exact", content: "mantel" },
          {
            id: 3,
            kind: "notify",
            storeCode: "*",
            query: "mantel",
            match: "contains",
            content: "Warm durch den Winter",
          },
        ],
      },
    });
    const sale = withRules.search(request({ query: "Sale" }, STORES.de));
    expect(sale.triggers).toEqual([{ type: "redirect", content: "/de/c/sale/" }]);
    const rewritten = withRules.search(request({ query: "Winterjacke" }, STORES.de));
    expect(rewritten.triggers).toEqual([{ type: "query", content: "mantel" }]);
    expect(ids(rewritten)).toEqual([104]);
    const notice = withRules.search(request({ query: "mantel wolle" }, STORES.de));
    expect(notice.triggers).toEqual([{ type: "notify", content: "Warm durch den Winter" }]);
    expect(withRules.search(request({ query: "Winterjacke" }, STORES.at)).triggers).toEqual([]);
  });
});

describe("suggestions", () => {
  it("complete typed words from the catalogue with highlights", () => {
    const r = engine.querySuggest(request({ query: "kle" }, STORES.de));
    expect(r.completions.length).toBeGreaterThan(0);
    expect(r.completions.every((c) => c.expression.toLowerCase().includes("kle"))).toBe(true);
    // The catalogue's capitals, not a lower-cased copy.
    const dress = r.completions.find((c) => c.expression === "Kleid aus Baumwolle");
    expect(dress?.highlighted).toBe("{Kle}[id] [aus] [Baumwolle]");
    expect(r.fieldSuggestionsFacets.map((f) => f.facetId)).toEqual(["ec_brand", "ec_category"]);
  });

  it("put what shoppers searched first", () => {
    const learning = buildFixtureEngine();
    learning.learned("de").set([{ query: "kleid rot", searches: 12 }]);
    const r = learning.querySuggest(request({ query: "kleid r", count: 3 }, STORES.de));
    // Learned queries are kept lower-case; shown with the catalogue's spelling of their words.
    expect(r.completions[0]).toEqual({ expression: "Kleid rot", highlighted: "{Kleid} {r}[ot]" });
    expect(r.completions.length).toBeLessThanOrEqual(3);
    expect(learning.querySuggest(request({ query: "" }, STORES.de)).completions[0]?.expression).toBe("Kleid rot");
  });

  it("find instant products for a partial word", () => {
    const r = engine.productSuggest(request({ query: "mant" }, STORES.de));
    expect(ids(r)).toEqual([104]);
    expect(r.facets).toEqual([]);
    expect(engine.productSuggest(request({ query: "m" }, STORES.de)).products).toEqual([]);
  });

  it("search inside a facet's values", () => {
    const brands = engine.facetSearch(
      { ...request({}, STORES.de, "/c/damen/"), facetId: "ec_brand", facetQuery: "*lph*" },
      "LISTING",
    );
    expect(brands).toEqual({
      values: [{ rawValue: "Alpha", displayValue: "Alpha", count: 3 }],
      moreValuesAvailable: false,
    });
    const all = engine.facetSearch(
      { ...request({ query: "kleid" }, STORES.de), facetId: "ec_color", facetQuery: "*" },
      "SEARCH",
    );
    expect(all.values.map((v) => v.rawValue).sort()).toEqual(["Blau", "Grün", "Rot", "Schwarz"]);
    const categories = engine.facetSearch(
      { ...request({}, STORES.de), facetId: "ec_category", facetQuery: "*kle*" },
      "SEARCH",
    );
    expect(categories.values).toEqual([
      { rawValue: "Bekleidung", displayValue: "Bekleidung", count: 4, path: ["Damen"] },
      { rawValue: "Kleider", displayValue: "Kleider", count: 3, path: ["Damen", "Bekleidung"] },
    ]);
  });
});

describe("recommendations", () => {
  const recommend = (slotId: string, productId?: number, extra: object = {}) =>
    engine.recommendations({
      ...request({ slotId, ...extra }, STORES.de),
      context: {
        view: { url: "http://shop.test/de/p/x/" },
        ...(productId ? { product: { productId: String(productId) } } : {}),
      },
    });

  it("recommend similar products from the same category, without the product's own colours", () => {
    const r = recommend("similar", 101);
    expect(r.headline).toBe("Ähnliche Artikel");
    expect(ids(r)[0]).toBe(103);
    expect(ids(r)).not.toContain(101);
    expect(ids(r)).not.toContain(102);
    expect(ids(r)).not.toContain(107);
  });

  it("complete the look from outfits, or else with a popular piece of each other category", () => {
    expect(ids(recommend("complete-the-look", 101))).toEqual([104, 105]);
    expect(ids(recommend("complete-the-look", 103)).sort()).toEqual([104, 105]);
  });

  it("show trending and new products", () => {
    expect(recommend("trending").products.length).toBeGreaterThan(0);
    expect(ids(recommend("new-arrivals")).sort()).toEqual([101, 103]);
    expect(ids(recommend("new-arrivals", 101))).toEqual([103]);
  });

  it("follow catalogue changes in a department's new arrivals (kept per department between requests)", () => {
    const live = buildFixtureEngine();
    const newArrivals = (productId: number) =>
      ids(
        live.recommendations({
          ...request({ slotId: "new-arrivals" }, STORES.de),
          context: { view: { url: "http://shop.test/de/p/x/" }, product: { productId: String(productId) } },
        }),
      );
    expect(newArrivals(101)).toEqual([103]);
    const summerDress = PRODUCTS.find((p) => p.id === 103);
    if (!summerDress) throw new Error("fixture");
    live.catalog.remove(103);
    expect(newArrivals(101)).toEqual([]);
    live.catalog.upsert({ ...summerDress, id: 130, masterKey: "M-30", referenceKey: "VT-130" });
    expect(newArrivals(101)).toEqual([130]);
  });

  it("use purchases for bought together", () => {
    const r = engine.recommendations(
      { ...request({ slotId: "bought-together" }, STORES.de), context: { view: { url: "http://shop.test/de/" } } },
      [105, 999, 104],
    );
    expect(ids(r)).toEqual([105, 104]);
    expect(r.headline).toBe("Wird oft zusammen gekauft");
  });

  it("refuse an unknown slot", () => {
    expect(() => recommend("bestsellers")).toThrow(SearchApiError);
  });
});

describe("following catalogue changes", () => {
  it("shows changed, removed and new products without a rebuild", () => {
    const live = buildFixtureEngine();
    const coat = PRODUCTS.find((p) => p.id === 104);
    if (!coat) throw new Error("fixture");
    live.catalog.upsert({
      ...coat,
      variants: coat.variants.map((v) => ({
        ...v,
        prices: { ...v.prices, DE: { currency: "EUR", listPrice: 19995, salePrice: 9995, reductionCategory: "sale" } },
      })),
    });
    expect(ids(live.listing(request({}, STORES.de, "/c/sale/"))).sort()).toEqual([102, 104]);
    live.catalog.remove(103);
    expect(live.listing(request({}, STORES.de, "/c/damen/")).pagination.totalEntries).toBe(4);
    live.catalog.upsert({ ...coat, id: 120, masterKey: "M-20", referenceKey: "VT-120", colorId: "camel" });
    expect(ids(live.search(request({ query: "mantel" }, STORES.de))).sort()).toEqual([104, 120]);
    // A new colour joins its group: still one result, with both colours as children.
    live.catalog.upsert({ ...coat, id: 121, referenceKey: "VT-121", colorId: "black" });
    const coats = live.search(request({ query: "mantel" }, STORES.de));
    expect(coats.pagination.totalEntries).toBe(2);
    expect(coats.products.find((p) => p.ec_item_group_id === "M-3")?.children.map((c) => c.permanentid)).toEqual([
      "104",
      "121",
    ]);
    const women = live.listing(request({}, STORES.de, "/c/damen/"));
    expect(women.pagination.totalEntries).toBe(5);
    expect(counts(women, "ec_color")).toMatchObject({ Schwarz: 2, Marineblau: 1 });
  });
});

describe("a generated catalogue", () => {
  it("counts every colour group once per value, whatever its size", async () => {
    const { generateDemoCatalog } = await import("@vitrine/demo-data");
    const { CatalogIndex } = await import("./catalog-index.ts");
    const { SearchEngine } = await import("./search-engine.ts");
    const { colourName, fixedClock } = await import("@vitrine/commerce");
    const demo = generateDemoCatalog({ products: 700, seed: 3, today: TODAY });
    const catalog = CatalogIndex.build({
      categories: demo.categories,
      products: demo.products,
      storeStock: demo.storeStock,
      physicalStores: demo.stores,
    });
    const generated = new SearchEngine({ catalog }, { clock: fixedClock(TODAY) });
    const all = generated.search(request({ query: "", perPage: 1 }, STORES.de));
    const groups = new Set(demo.products.filter((p) => p.variants.some((v) => v.prices.DE)).map((p) => p.masterKey));
    expect(all.pagination.totalEntries).toBe(groups.size);
    const colours = facet<RegularFacetResponse>(all, "ec_color");
    for (const value of colours.values) {
      const expected = new Set(
        demo.products.filter((p) => colourName(p.colorId, "de") === value.value).map((p) => p.masterKey),
      );
      expect(value.numberOfResults).toBe(expected.size);
    }
  });
});

describe("did you mean", () => {
  it("says which query it searched when a misspelt word still finds products, and leaves known words alone", () => {
    const typo = engine.search(request({ query: "kleidd" }, STORES.de));
    expect(typo.products.length).toBeGreaterThan(0);
    expect(typo.queryCorrection?.correctedQuery).toBe("kleid");
    expect(typo.queryCorrection?.originalQuery).toBe("kleidd");
    expect(engine.search(request({ query: "kleid" }, STORES.de)).queryCorrection).toBeUndefined();
    // The last word is typed as a prefix: the start of a known word is not a typo.
    expect(engine.search(request({ query: "klei" }, STORES.de)).queryCorrection).toBeUndefined();
  });
});
