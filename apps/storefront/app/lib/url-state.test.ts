import { describe, expect, it } from "vitest";
import {
  categorySuggestionHref,
  clearAllFacets,
  clearFacet,
  facetIdsInState,
  nextPage,
  parseUrlState,
  previousPage,
  serializeUrlState,
  setManualRange,
  setPage,
  setPerPage,
  setQuery,
  setSort,
  showsMoreValues,
  stateFormFields,
  stateHref,
  toggleCategoryPath,
  toggleExcludeDateRange,
  toggleExcludeNumericRange,
  toggleExcludeValue,
  toggleLocationValue,
  toggleMoreValues,
  toggleSelectDateRange,
  toggleSelectNumericRange,
  toggleSelectValue,
  type UrlState,
} from "./url-state.ts";

// Each block quotes the specification rule it checks (sections 2, 4 and 5).

describe("search and listing state is mirrored in URL parameters", () => {
  it("reads page, perPage, sortCriteria, q and every facet map", () => {
    const state = parseUrlState(
      "?q=jeans&page=2&perPage=48&sortCriteria=ec_price%20asc" +
        "&f-ec_brand=Nordlicht,Vela&fExcluded-ec_color=Schwarz&lf-store=Berlin%20Mitte" +
        "&cf-ec_category=Damen,Bekleidung,Kleider&nf-ec_price=20..50&nfExcluded-ec_price=100...200" +
        "&mnf-ec_price=10...80&mnfExcluded-ec_price=30..40&df-new_arrivals=past-30-day...now" +
        "&dfExcluded-new_arrivals=2025/01/01@00:00:00..2025/02/01@00:00:00",
    );
    expect(state).toEqual({
      q: "jeans",
      page: 2,
      perPage: 48,
      sortCriteria: "ec_price asc",
      f: { ec_brand: ["Nordlicht", "Vela"] },
      fExcluded: { ec_color: ["Schwarz"] },
      lf: { store: ["Berlin Mitte"] },
      cf: { ec_category: ["Damen", "Bekleidung", "Kleider"] },
      nf: { ec_price: [{ start: 20, end: 50, endInclusive: false }] },
      nfExcluded: { ec_price: [{ start: 100, end: 200, endInclusive: true }] },
      mnf: { ec_price: [{ start: 10, end: 80, endInclusive: true }] },
      mnfExcluded: { ec_price: [{ start: 30, end: 40, endInclusive: false }] },
      df: { new_arrivals: [{ start: "past-30-day", end: "now", endInclusive: true }] },
      dfExcluded: {
        new_arrivals: [{ start: "2025/01/01@00:00:00", end: "2025/02/01@00:00:00", endInclusive: false }],
      },
    });
  });

  it("writes what it reads, in a fixed order, with commas between values and escaped commas inside them", () => {
    const state: UrlState = {
      q: "rock & roll",
      f: { ec_brand: ["Nordlicht", "A,B"], size: ["36/38"] },
      mnf: { ec_price: [{ start: 10, end: 80.5, endInclusive: true }] },
      sortCriteria: "ec_price desc",
      page: 3,
    };
    const query = serializeUrlState(state);
    expect(query).toBe(
      "q=rock%20%26%20roll&f-ec_brand=Nordlicht,A%252CB&f-size=36/38&mnf-ec_price=10...80.5&sortCriteria=ec_price%20desc&page=3",
    );
    expect(parseUrlState(query)).toEqual(state);
  });

  it("survives a re-encoding of the query (a router rewrites commas as %2C and spaces as +)", () => {
    const state: UrlState = {
      f: { ec_brand: ["Rive Gauche", "Hafen 17", "A,B", "100%"] },
      cf: { ec_category: ["Damen"] },
    };
    const reencoded = new URLSearchParams(serializeUrlState(state)).toString();
    expect(reencoded).toContain("Rive+Gauche%2CHafen+17");
    expect(parseUrlState(reencoded)).toEqual(state);
  });

  it("reads what a GET form sends: one field per value and + for spaces", () => {
    expect(
      parseUrlState("f-ec_brand=Nordlicht&f-ec_brand=Vela&f-ec_brand=Nordlicht&sortCriteria=ec_price+asc"),
    ).toEqual({
      f: { ec_brand: ["Nordlicht", "Vela"] },
      sortCriteria: "ec_price asc",
    });
    const state: UrlState = { q: "a", f: { ec_brand: ["A,B", "C"] }, cf: { ec_category: ["Damen", "Schuhe"] } };
    const form = new URLSearchParams(stateFormFields(state)).toString();
    expect(parseUrlState(form)).toEqual(state);
  });

  it("page is at least 0 and perPage at least 1; the first page is written as no page", () => {
    expect(parseUrlState("page=-1&perPage=0")).toEqual({});
    expect(parseUrlState("page=0")).toEqual({});
    expect(parseUrlState("page=abc&perPage=1.5")).toEqual({});
    expect(parseUrlState("page=1&perPage=1")).toEqual({ page: 1, perPage: 1 });
  });

  it("facet ids may only use letters, digits, hyphen or underscore", () => {
    expect(parseUrlState("f-ec_brand=A&f-bad%20id=B&f-a.b=C&f-size-eu=38")).toEqual({
      f: { ec_brand: ["A"], "size-eu": ["38"] },
    });
  });

  it("facet ids named like Object.prototype members are facet ids like any other, in every map", () => {
    const names = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"];
    for (const name of names) {
      const state = parseUrlState(
        `f-${name}=A&f-${name}=B&fExcluded-${name}=C&cf-${name}=D,E&nf-${name}=1..2&df-${name}=now..now`,
      );
      expect(state.f && Object.hasOwn(state.f, name) && state.f[name]).toEqual(["A", "B"]);
      expect(state.cf && Object.hasOwn(state.cf, name) && state.cf[name]).toEqual(["D", "E"]);
      expect(state.nf && Object.hasOwn(state.nf, name) && state.nf[name]).toEqual([
        { start: 1, end: 2, endInclusive: false },
      ]);
      expect(serializeUrlState(state)).toContain(`f-${name}=A,B`);
      expect(({} as Record<string, unknown>).A).toBeUndefined();
      // Transitions read and write the same maps by own keys only.
      const toggled = toggleSelectValue(state, name, "C");
      expect(toggled.f?.[name]).toEqual(["A", "B", "C"]);
      expect(toggled.fExcluded).toBeUndefined();
      expect(clearFacet(state, name)).toEqual({});
      expect(toggleSelectValue({}, name, "A").f?.[name]).toEqual(["A"]);
    }
    expect(toggleSelectValue({}, "ec_brand", "A").f?.constructor).toBeUndefined();
  });

  it("control characters leave queries and facet values", () => {
    expect(parseUrlState("q=man%00tel&f-ec_brand=Ve%07la,%00&sortCriteria=ec_price%0D%20asc")).toEqual({
      q: "mantel",
      f: { ec_brand: ["Vela"] },
      sortCriteria: "ec_price asc",
    });
  });

  it("a numeric range whose start is greater than its end is dropped, as are ranges that do not parse", () => {
    expect(parseUrlState("nf-ec_price=50..20,10..x,..5,5..10")).toEqual({
      nf: { ec_price: [{ start: 5, end: 10, endInclusive: false }] },
    });
    expect(parseUrlState("df-new_arrivals=2025/02/01..2025/01/01,tomorrow..now")).toEqual({});
  });

  it("a blank q is no query; searchTerm (the search page's parameter) is read as q when q is absent", () => {
    expect(parseUrlState("q=%20%20")).toEqual({});
    expect(parseUrlState("searchTerm=pulover")).toEqual({ q: "pulover" });
    expect(parseUrlState("searchTerm=a&q=b")).toEqual({ q: "b" });
  });

  it("restoring from these parameters enables each facet that appears in them", () => {
    const state = parseUrlState(
      "f-ec_brand=A&fExcluded-ec_color=B&nf-ec_price=1..2&lf-store=X&df-new_arrivals=now..now",
    );
    expect(facetIdsInState(state).sort()).toEqual(["ec_brand", "ec_color", "ec_price", "new_arrivals", "store"]);
  });

  it("stateHref leaves the default state without a query", () => {
    expect(stateHref("/c/damen/", {})).toBe("/c/damen/");
    expect(stateHref("/search/", { q: "jeans" })).toBe("/search/?q=jeans");
  });
});

describe("In the URL maps, selecting a value removes it from the excluded list and excluding removes it from the selected list", () => {
  it("selecting an idle value adds it to the selected list", () => {
    expect(toggleSelectValue({}, "ec_brand", "Vela")).toEqual({ f: { ec_brand: ["Vela"] } });
  });

  it("selecting an excluded value moves it from the excluded list to the selected list", () => {
    const state: UrlState = { fExcluded: { ec_brand: ["Vela", "Nordlicht"] } };
    expect(toggleSelectValue(state, "ec_brand", "Vela")).toEqual({
      f: { ec_brand: ["Vela"] },
      fExcluded: { ec_brand: ["Nordlicht"] },
    });
  });

  it("excluding a selected value moves it from the selected list to the excluded list", () => {
    const state: UrlState = { f: { ec_brand: ["Vela"] } };
    expect(toggleExcludeValue(state, "ec_brand", "Vela")).toEqual({ fExcluded: { ec_brand: ["Vela"] } });
  });

  it("the same holds for numeric and date ranges", () => {
    const range = { start: 20, end: 50, endInclusive: false };
    const excluded = toggleExcludeNumericRange({ nf: { ec_price: [range] } }, "ec_price", range);
    expect(excluded).toEqual({ nfExcluded: { ec_price: [range] } });
    expect(toggleSelectNumericRange(excluded, "ec_price", range)).toEqual({ nf: { ec_price: [range] } });
    const week = { start: "past-7-day", end: "now", endInclusive: true };
    const dateExcluded = toggleExcludeDateRange({ df: { new_arrivals: [week] } }, "new_arrivals", week);
    expect(dateExcluded).toEqual({ dfExcluded: { new_arrivals: [week] } });
    expect(toggleSelectDateRange(dateExcluded, "new_arrivals", week)).toEqual({ df: { new_arrivals: [week] } });
  });

  it("toggle select: selected becomes idle, leaving the selected list (dropped once empty)", () => {
    const state: UrlState = { f: { ec_brand: ["Vela"], size: ["M"] } };
    expect(toggleSelectValue(state, "ec_brand", "Vela")).toEqual({ f: { size: ["M"] } });
    expect(toggleSelectValue({ f: { ec_brand: ["Vela"] } }, "ec_brand", "Vela")).toEqual({});
  });

  it("toggle exclude: excluded becomes idle, leaving the excluded list", () => {
    expect(toggleExcludeValue({ fExcluded: { ec_color: ["Rot"] } }, "ec_color", "Rot")).toEqual({});
  });

  it("location values and category paths toggle in their own maps", () => {
    const located = toggleLocationValue({}, "store", "Berlin");
    expect(located).toEqual({ lf: { store: ["Berlin"] } });
    expect(toggleLocationValue(located, "store", "Berlin")).toEqual({});
    const path = ["Damen", "Schuhe"];
    const inCategory = toggleCategoryPath({}, "ec_category", path);
    expect(inCategory).toEqual({ cf: { ec_category: path } });
    expect(toggleCategoryPath(inCategory, "ec_category", ["Damen"])).toEqual({ cf: { ec_category: ["Damen"] } });
    expect(toggleCategoryPath(inCategory, "ec_category", path)).toEqual({});
  });

  it("a manual range replaces the facet's ranges; idle removes it", () => {
    const range = { start: 10, end: 80, endInclusive: true };
    const state: UrlState = { nf: { ec_price: [{ start: 20, end: 50, endInclusive: false }] } };
    const manual = setManualRange(state, "ec_price", range);
    expect(manual).toEqual({ mnf: { ec_price: [range] } });
    expect(setManualRange(manual, "ec_price", range, "excluded")).toEqual({ mnfExcluded: { ec_price: [range] } });
    expect(setManualRange(manual, "ec_price", range, "idle")).toEqual({});
    expect(toggleSelectNumericRange(manual, "ec_price", { start: 0, end: 10, endInclusive: false })).toEqual({
      nf: { ec_price: [{ start: 0, end: 10, endInclusive: false }] },
    });
  });

  it("leaves the argument untouched", () => {
    const state: UrlState = { f: { ec_brand: ["Vela"] }, page: 2 };
    toggleExcludeValue(state, "ec_brand", "Vela");
    expect(state).toEqual({ f: { ec_brand: ["Vela"] }, page: 2 });
  });
});

describe("Clearing all facets clears every map and the page. Clearing one facet removes it from all maps and drops a map once empty", () => {
  const everything: UrlState = {
    q: "kleid",
    sortCriteria: "ec_price asc",
    perPage: 48,
    page: 4,
    f: { ec_brand: ["Vela"], size: ["M"] },
    fExcluded: { ec_brand: ["Nordlicht"] },
    lf: { store: ["Berlin"] },
    cf: { ec_category: ["Damen"] },
    nf: { ec_price: [{ start: 1, end: 2, endInclusive: false }] },
    nfExcluded: { ec_price: [{ start: 3, end: 4, endInclusive: false }] },
    mnf: { ec_price: [{ start: 1, end: 9, endInclusive: true }] },
    mnfExcluded: { ec_price: [{ start: 5, end: 6, endInclusive: true }] },
    df: { new_arrivals: [{ start: "past-7-day", end: "now", endInclusive: true }] },
    dfExcluded: { new_arrivals: [{ start: "past-90-day", end: "past-30-day", endInclusive: false }] },
  };

  it("clear all keeps only query, sort and page size", () => {
    expect(clearAllFacets(everything)).toEqual({ q: "kleid", sortCriteria: "ec_price asc", perPage: 48 });
  });

  it("clear one facet removes it from every map it is in", () => {
    expect(clearFacet(everything, "ec_price")).toEqual({
      q: "kleid",
      sortCriteria: "ec_price asc",
      perPage: 48,
      f: { ec_brand: ["Vela"], size: ["M"] },
      fExcluded: { ec_brand: ["Nordlicht"] },
      lf: { store: ["Berlin"] },
      cf: { ec_category: ["Damen"] },
      df: everything.df,
      dfExcluded: everything.dfExcluded,
    });
    const brandless = clearFacet(everything, "ec_brand");
    expect(brandless.f).toEqual({ size: ["M"] });
    expect("fExcluded" in brandless).toBe(false);
  });
});

describe("URL page parameter", () => {
  it("next increments it, starting at 1", () => {
    expect(nextPage({})).toEqual({ page: 1 });
    expect(nextPage({ page: 1 })).toEqual({ page: 2 });
  });

  it("previous decrements it and clears it at 1 or below", () => {
    expect(previousPage({ page: 3 })).toEqual({ page: 2 });
    expect(previousPage({ page: 2 })).toEqual({ page: 1 });
    expect(previousPage({ page: 1 })).toEqual({});
    expect(previousPage({})).toEqual({});
  });

  it("a direct set of 0 or less clears it", () => {
    expect(setPage({ page: 3 }, 0)).toEqual({});
    expect(setPage({ page: 3 }, -2)).toEqual({});
    expect(setPage({}, 5)).toEqual({ page: 5 });
  });

  it("a page size of 0 clears perPage; a page size change sets the first page", () => {
    expect(setPerPage({ perPage: 48, page: 2 }, 0)).toEqual({});
    expect(setPerPage({ page: 2 }, 96)).toEqual({ perPage: 96 });
  });

  it("a blank or whitespace query clears q", () => {
    expect(setQuery({ q: "jeans" }, "   ")).toEqual({});
    expect(setQuery({ q: "jeans" }, "")).toEqual({});
    expect(setQuery({}, "kleid")).toEqual({ q: "kleid" });
  });
});

describe("Any change to facets, sort, search parameters or a clear action resets the page to the first", () => {
  const onPage3: UrlState = { page: 3, f: { ec_brand: ["Vela"] } };
  const range = { start: 1, end: 2, endInclusive: false };
  const changes: [string, (s: UrlState) => UrlState][] = [
    ["select", (s) => toggleSelectValue(s, "size", "M")],
    ["exclude", (s) => toggleExcludeValue(s, "size", "M")],
    ["location", (s) => toggleLocationValue(s, "store", "Berlin")],
    ["category", (s) => toggleCategoryPath(s, "ec_category", ["Damen"])],
    ["numeric select", (s) => toggleSelectNumericRange(s, "ec_price", range)],
    ["numeric exclude", (s) => toggleExcludeNumericRange(s, "ec_price", range)],
    ["manual range", (s) => setManualRange(s, "ec_price", range)],
    ["date", (s) => toggleSelectDateRange(s, "new_arrivals", { start: "now", end: "now", endInclusive: true })],
    ["sort", (s) => setSort(s, "ec_price desc")],
    ["query", (s) => setQuery(s, "jeans")],
    ["clear one", (s) => clearFacet(s, "ec_brand")],
    ["clear all", (s) => clearAllFacets(s)],
  ];
  for (const [name, change] of changes) {
    it(name, () => expect(change(onPage3).page).toBeUndefined());
  }

  it("relevance is the default sort and leaves the URL", () => {
    expect(setSort({ sortCriteria: "ec_price asc" }, "relevance")).toEqual({});
  });
});

describe("'Show more' is the page's own state: the facets whose every value shows", () => {
  it("opens and closes a facet's full list without leaving the page, in one order whatever the order of opening", () => {
    const paged = parseUrlState("?f-ec_brand=Vela&page=2");
    const one = toggleMoreValues(paged, "ec_size");
    expect(serializeUrlState(one)).toBe("f-ec_brand=Vela&page=2&more=ec_size");
    expect(showsMoreValues(one, "ec_size")).toBe(true);
    expect(showsMoreValues(one, "ec_brand")).toBe(false);
    const two = toggleMoreValues(one, "ec_brand");
    expect(two.more).toEqual(["ec_brand", "ec_size"]);
    expect(serializeUrlState(toggleMoreValues(toggleMoreValues(paged, "ec_brand"), "ec_size"))).toBe(
      serializeUrlState(two),
    );
    expect(serializeUrlState(toggleMoreValues(toggleMoreValues(two, "ec_size"), "ec_brand"))).toBe(
      "f-ec_brand=Vela&page=2",
    );
    expect(paged.more).toBeUndefined();
  });

  it("is read back, keeps valid facet ids only, and is kept by selections, sort changes and GET forms", () => {
    const state = parseUrlState("?more=ec_brand,bad%20id,,ec_color&more=ec_brand");
    expect(state.more).toEqual(["ec_brand", "ec_color"]);
    expect(parseUrlState(serializeUrlState(state))).toEqual(state);
    expect(toggleSelectValue(state, "ec_brand", "Vela").more).toEqual(["ec_brand", "ec_color"]);
    expect(setSort(state, "ec_price asc").more).toEqual(["ec_brand", "ec_color"]);
    expect(clearAllFacets(state).more).toEqual(["ec_brand", "ec_color"]);
    expect(stateFormFields(state)).toEqual([["more", "ec_brand,ec_color"]]);
    expect(parseUrlState("?more=").more).toBeUndefined();
  });
});

describe("Category suggestions link to a category path with filters[groupKey]=ids or filters[slug]=true, plus searchTerm", () => {
  it("joins value ids with commas and adds boolean filters and the search term", () => {
    expect(
      categorySuggestionHref("/c/damen/bekleidung/kleider/", { ec_brand: ["Nordlicht", "Vela"], sale: true }, "kleid"),
    ).toBe("/c/damen/bekleidung/kleider/?filters[ec_brand]=Nordlicht,Vela&filters[sale]=true&searchTerm=kleid");
    expect(categorySuggestionHref("/c/herren/", {}, " ")).toBe("/c/herren/");
  });

  it("a category page reads value filters as selected values and the search term as the query", () => {
    expect(parseUrlState("filters[ec_brand]=Nordlicht,Vela&filters[sale]=true&searchTerm=kleid")).toEqual({
      q: "kleid",
      f: { ec_brand: ["Nordlicht", "Vela"] },
    });
  });
});
