import {
  type AttributeDefinition,
  currentVocabulary,
  type ProductRecord,
  setVocabulary,
  starterVocabularyValues,
  Vocabulary,
} from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFixtureEngine, PRODUCTS, request, STORES } from "../../test/fixtures.ts";
import { SearchApiError } from "../api/errors.ts";
import type { FacetRequest, ListingResponse, RegularFacetResponse } from "../api/types.ts";
import { validateListingRequest } from "../api/validation.ts";
import { MAX_ATTRIBUTE_VALUES } from "./catalog-index.ts";
import type { SearchEngine } from "./search-engine.ts";

/** The merchant's attributes: three facetable ones (text, number, boolean) and one that is not. */
const ATTRIBUTES: AttributeDefinition[] = [
  {
    key: "sleeve",
    valueType: "text",
    facetable: true,
    searchable: true,
    labels: { de: "Ärmel", en: "Sleeve" },
    position: 1,
  },
  {
    key: "waist_cm",
    valueType: "number",
    facetable: true,
    searchable: false,
    labels: { de: "Bundweite (cm)", fr: "Tour de taille (cm)", en: "Waist (cm)" },
    position: 2,
  },
  {
    key: "lined",
    valueType: "boolean",
    facetable: true,
    searchable: false,
    labels: { de: "Gefüttert", fr: "Doublé", en: "Lined" },
    position: 3,
  },
  { key: "care_note", valueType: "text", facetable: false, searchable: true, labels: { en: "Care" }, position: 4 },
];

/**
 * Women's listing (/c/damen/): colour groups M-1 (101, 102), M-2 (103), M-3 (104), M-4 (105), M-6 (107). The
 * siblings of M-1 share sleeve and waist (72.5 written two ways) but not lining; 106 is a men's shirt.
 */
const VALUES: Record<number, Record<string, string[]>> = {
  101: { sleeve: ["long"], waist_cm: ["72.5"], lined: ["false"], care_note: ["hand wash"] },
  102: { sleeve: ["long"], waist_cm: ["72.50"], lined: ["true"] },
  103: { sleeve: ["short"], waist_cm: ["80"], lined: ["false"] },
  104: { sleeve: ["long", "raglan"], waist_cm: ["100"], lined: ["true"] },
  106: { sleeve: ["short"], waist_cm: ["9"] },
};

const products: ProductRecord[] = PRODUCTS.map((p) => ({ ...p, attributes: VALUES[p.id] ?? {} }));

let engine: SearchEngine;
let previous: Vocabulary;

beforeAll(() => {
  previous = currentVocabulary();
  setVocabulary(new Vocabulary(starterVocabularyValues(), ATTRIBUTES));
  engine = buildFixtureEngine({ products });
});

afterAll(() => {
  setVocabulary(previous);
});

type Store = (typeof STORES)[keyof typeof STORES];
const women: Record<string, string> = {
  de: "/c/damen/",
  at: "/c/damen/",
  ch: "/c/damen/",
  frch: "/c/femmes/",
  en: "/c/women/",
};
const regular = (facetId: string, values: Record<string, "selected" | "excluded">) =>
  ({
    facetId,
    type: "regular",
    values: Object.entries(values).map(([value, state]) => ({ value, state })),
  }) as FacetRequest;
const listing = (facets: FacetRequest[] = [], store: Store = STORES.de) => {
  const key = (Object.keys(STORES) as (keyof typeof STORES)[]).find((k) => STORES[k] === store) as string;
  return engine.listing(request({ facets }, store, women[key]));
};
const facet = (r: ListingResponse, id: string) =>
  r.facets.find((f) => f.facetId === id) as RegularFacetResponse | undefined;
const counts = (r: ListingResponse, id: string) =>
  facet(r, id)?.values.map((v) => [v.value, v.numberOfResults, v.state] as const);
const groups = (r: ListingResponse) => r.products.map((p) => p.ec_item_group_id).sort();

describe("merchant attribute facets", () => {
  it("offer every facetable attribute after the built-in facets, named in each store's language", () => {
    const names = (store: Store) =>
      listing([], store)
        .facets.filter((f) => ["sleeve", "waist_cm", "lined"].includes(f.facetId))
        .map((f) => [f.facetId, f.field, f.displayName, f.type]);
    expect(names(STORES.de)).toEqual([
      ["sleeve", "sleeve", "Ärmel", "regular"],
      ["waist_cm", "waist_cm", "Bundweite (cm)", "regular"],
      ["lined", "lined", "Gefüttert", "regular"],
    ]);
    expect(names(STORES.at)).toEqual(names(STORES.de));
    expect(names(STORES.ch)).toEqual(names(STORES.de));
    // No French label for the sleeve: the fallback chain (German first) names it.
    expect(names(STORES.frch).map((n) => n[2])).toEqual(["Ärmel", "Tour de taille (cm)", "Doublé"]);
    expect(names(STORES.en).map((n) => n[2])).toEqual(["Sleeve", "Waist (cm)", "Lined"]);
    const ids = listing().facets.map((f) => f.facetId);
    expect(ids.indexOf("sleeve")).toBeGreaterThan(ids.indexOf("store"));
  });

  it("leave out attributes that are not facetable", () => {
    expect(listing().facets.map((f) => f.facetId)).not.toContain("care_note");
    expect(engine.facets().byId.has("care_note")).toBe(false);
  });

  it("count colour groups per value, a product with several values in each", () => {
    expect(counts(listing(), "sleeve")).toEqual([
      ["long", 2, "idle"],
      ["raglan", 1, "idle"],
      ["short", 1, "idle"],
    ]);
  });

  it("filter by one value, several values (any of them) and excluded values, counting the facet without itself", () => {
    const long = listing([regular("sleeve", { long: "selected" })]);
    expect(groups(long)).toEqual(["M-1", "M-3"]);
    // Multi-select: the facet's own counts ignore its selection; other facets count the selection.
    expect(counts(long, "sleeve")).toEqual([
      ["long", 2, "selected"],
      ["raglan", 1, "idle"],
      ["short", 1, "idle"],
    ]);
    expect(counts(long, "ec_brand")).toEqual([
      ["Alpha", 1, "idle"],
      ["Beta", 1, "idle"],
    ]);
    expect(groups(listing([regular("sleeve", { short: "selected", raglan: "selected" })]))).toEqual(["M-2", "M-3"]);
    expect(groups(listing([regular("sleeve", { long: "excluded" })]))).toEqual(["M-2", "M-4", "M-6"]);
    // With another facet: both apply.
    expect(
      groups(listing([regular("sleeve", { long: "selected" }), regular("ec_brand", { Beta: "selected" })])),
    ).toEqual(["M-3"]);
    // A value no product has finds nothing (and stays shown as selected).
    const none = listing([regular("sleeve", { cap: "selected" })]);
    expect(none.pagination.totalEntries).toBe(0);
    expect(counts(none, "sleeve")).toContainEqual(["cap", 0, "selected"]);
  });

  it("show numbers in the store's notation, in numeric order, one value however the number is written", () => {
    expect(counts(listing(), "waist_cm")).toEqual([
      ["72,5", 1, "idle"],
      ["80", 1, "idle"],
      ["100", 1, "idle"],
    ]);
    expect(counts(listing([], STORES.en), "waist_cm")?.map((v) => v[0])).toEqual(["72.5", "80", "100"]);
    expect(groups(listing([regular("waist_cm", { "72,5": "selected" })]))).toEqual(["M-1"]);
    // The value as written also names it (a link shared between stores).
    expect(groups(listing([regular("waist_cm", { "72.5": "selected", "100": "selected" })]))).toEqual(["M-1", "M-3"]);
  });

  it("show booleans as yes and no in the store's language, and count siblings by their own value", () => {
    expect(counts(listing(), "lined")).toEqual([
      ["Ja", 2, "idle"],
      ["Nein", 2, "idle"],
    ]);
    expect(counts(listing([], STORES.frch), "lined")?.map((v) => v[0])).toEqual(["Oui", "Non"]);
    expect(counts(listing([], STORES.en), "lined")?.map((v) => v[0])).toEqual(["Yes", "No"]);
    const lined = listing([regular("lined", { Ja: "selected" })]);
    expect(groups(lined)).toEqual(["M-1", "M-3"]);
    // M-1 is shown by its lined sibling.
    expect(lined.products.find((p) => p.ec_item_group_id === "M-1")?.permanentid).toBe("102");
    expect(groups(listing([regular("lined", { Yes: "selected" })], STORES.en))).toEqual(["M-1", "M-3"]);
  });

  it("facet search results, and find values by facet search", () => {
    const found = engine.search(request({ query: "kleid", facets: [regular("sleeve", { short: "selected" })] }));
    expect(found.products.map((p) => p.permanentid)).toEqual(["103"]);
    expect(counts(found, "sleeve")).toEqual([
      ["long", 1, "idle"],
      ["short", 1, "selected"],
    ]);
    const values = engine.facetSearch(
      { ...request({}, STORES.de, "/c/damen/"), facetId: "sleeve", facetQuery: "*a*" },
      "LISTING",
    );
    expect(values.values.map((v) => [v.rawValue, v.count])).toEqual([["raglan", 1]]);
  });

  it("are facets a request may name; others are refused", () => {
    const body = (facetId: string) => request({ facets: [{ facetId, type: "regular", values: [] }] });
    const known = engine.facets().byId;
    expect(validateListingRequest(body("waist_cm"), new Date(), known).facets?.[0]?.facetId).toBe("waist_cm");
    expect(() => validateListingRequest(body("care_note"), new Date(), known)).toThrow(
      "facets.0.facetId: value does not match an existing facet.",
    );
    expect(() => validateListingRequest(body("sleeve"), new Date())).toThrow(SearchApiError);
  });
});

describe("many merchant attribute facets", () => {
  it("filter with up to sixteen facets at once and refuse more", () => {
    const keys = Array.from({ length: 12 }, (_, i) => `a${i}`);
    const attributes = keys.map((key, i) => ({
      key,
      valueType: "text" as const,
      facetable: true,
      searchable: false,
      labels: { en: key },
      position: i,
    }));
    const before = currentVocabulary();
    setVocabulary(new Vocabulary(starterVocabularyValues(), attributes));
    try {
      const many = buildFixtureEngine({
        products: PRODUCTS.map((p) => ({ ...p, attributes: Object.fromEntries(keys.map((k) => [k, ["x"]])) })),
      });
      const builtIn = [
        regular("ec_brand", { Alpha: "selected" }),
        regular("ec_color", { blue: "selected" }),
        regular("fit", { slim: "excluded" }),
      ];
      const run = (n: number) =>
        many.listing(
          request(
            { facets: [...builtIn, ...keys.slice(0, n).map((k) => regular(k, { x: "selected" }))] },
            STORES.de,
            "/c/damen/",
          ),
        );
      // Three built-in filters and twelve of the merchant's: fifteen bits, the blue Alpha dress passes them all.
      const twelve = run(12);
      expect(twelve.products.map((p) => p.permanentid)).toEqual(["101"]);
      expect(twelve.facets.find((f) => f.facetId === "a11")?.values[0]?.numberOfResults).toBe(1);
      expect(() =>
        many.listing(
          request(
            {
              facets: [
                ...builtIn,
                regular("pattern", { floral: "excluded" }),
                regular("material", { silk: "excluded" }),
                ...keys.map((k) => regular(k, { x: "selected" })),
              ],
            },
            STORES.de,
            "/c/damen/",
          ),
        ),
      ).toThrow("at most 16 facets may have selected or excluded values at once.");
    } finally {
      setVocabulary(before);
    }
  });
});

describe("a facetable attribute of free text", () => {
  it("offers its first values up to the limit, and the index still builds", () => {
    const before = currentVocabulary();
    setVocabulary(
      new Vocabulary(starterVocabularyValues(), [
        { key: "serial", valueType: "text", facetable: true, searchable: true, labels: {}, position: 1 },
      ]),
    );
    try {
      const many = Array.from({ length: MAX_ATTRIBUTE_VALUES + 5 }, (_, i) => ({
        ...(PRODUCTS[0] as ProductRecord),
        id: 10_000 + i,
        masterKey: `S-${i}`,
        referenceKey: `S-${i}`,
        attributes: { serial: [`s${i}`] },
      }));
      const big = buildFixtureEngine({ products: many });
      const serial = big.listing(request({}, STORES.de, "/c/damen/")).facets.find((f) => f.facetId === "serial");
      expect(serial?.displayName).toBe("Serial");
      expect(big.catalog.attributeFacets[0]?.dimension.size).toBe(MAX_ATTRIBUTE_VALUES);
      expect(big.search(request({ query: `s${MAX_ATTRIBUTE_VALUES + 2}` })).products).toHaveLength(1);
    } finally {
      setVocabulary(before);
    }
  });
});

describe("a text attribute whose values have labels", () => {
  it("shows, filters and finds each value by its label in the store's language, along the fallback chain", () => {
    const before = currentVocabulary();
    const sleeve = ATTRIBUTES[0] as AttributeDefinition;
    setVocabulary(
      new Vocabulary(starterVocabularyValues(), [
        {
          ...sleeve,
          // "short" has no French label (German is first in the fallback chain); "raglan" has none at all.
          valueLabels: { long: { de: "Langarm", fr: "Manches longues", en: "Long sleeve" }, short: { de: "Kurzarm" } },
        },
      ]),
    );
    try {
      const labelled = buildFixtureEngine({ products });
      const listed = (store: Store, facets: FacetRequest[] = []) => {
        const key = (Object.keys(STORES) as (keyof typeof STORES)[]).find((k) => STORES[k] === store) as string;
        return labelled.listing(request({ facets }, store, women[key]));
      };
      expect(counts(listed(STORES.de), "sleeve")).toEqual([
        ["Langarm", 2, "idle"],
        ["Kurzarm", 1, "idle"],
        ["raglan", 1, "idle"],
      ]);
      expect(counts(listed(STORES.frch), "sleeve")?.map((v) => v[0])).toEqual(["Manches longues", "Kurzarm", "raglan"]);
      expect(counts(listed(STORES.en), "sleeve")?.map((v) => v[0])).toEqual(["Long sleeve", "Kurzarm", "raglan"]);
      // A shopper's facet value is the label in the store's language; the value as written names it too.
      expect(groups(listed(STORES.de, [regular("sleeve", { Langarm: "selected" })]))).toEqual(["M-1", "M-3"]);
      expect(groups(listed(STORES.en, [regular("sleeve", { "Long sleeve": "selected" })]))).toEqual(["M-1", "M-3"]);
      expect(groups(listed(STORES.de, [regular("sleeve", { long: "selected" })]))).toEqual(["M-1", "M-3"]);
      // Search finds the value by its label in the store's language (sleeve is searchable), one tile per colour group.
      const found = (query: string, store: Store) => groups(labelled.search(request({ query }, store)));
      expect(found("langarm", STORES.de)).toEqual(["M-1", "M-3"]);
      expect(found("manches longues", STORES.frch)).toEqual(["M-1", "M-3"]);
      expect(found("kurzarm", STORES.frch)).toEqual(["M-2", "M-5"]);
      expect(found("langarm", STORES.en)).toEqual([]);
    } finally {
      setVocabulary(before);
    }
  });
});
