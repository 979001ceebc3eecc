import type { Shop } from "@vitrine/commerce/shops";
import {
  type CategoryFacetResponse,
  type CategoryFacetValue,
  type CategoryFacetValueRequest,
  type DateFacetResponse,
  type FacetDefinition,
  type FacetRequest,
  type FacetResponse,
  isSearchApiError,
  type ListingResponse,
  type LocationFacetResponse,
  type NumericFacetResponse,
  type RegularFacetResponse,
  type SortOption,
} from "@vitrine/search";
import { data } from "react-router";
import {
  type ChipView,
  FACET_VALUES_SHOWN,
  type FacetValueView,
  type FacetView,
  keepChosenValuesVisible,
  type ListingView,
  type PaginationView,
  type RangeFacetView,
  type SortId,
  type SortView,
  type TreeItemView,
  type ValueState,
  type ValuesFacetView,
} from "./listing.ts";
import { colourOfName, searchProductTile, trackingView } from "./search.server.ts";
import type { StoreRequest } from "./shop.server.ts";
import {
  clearAllFacets,
  clearFacet,
  type DateRange,
  FACET_MAPS,
  type FacetMap,
  facetIdsInState,
  hasFacetValues,
  type NumericRange,
  parseNumericRange,
  setManualRange,
  setPage,
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

/**
 * Listing and search pages on the search service: the URL state as a protocol request (facets, sort, page), and
 * the response as a ready-to-render view whose every facet value, chip, sort option and page is a link computed
 * from the URL state.
 */

/**
 * Values a regular facet asks for: the first 8 show, the rest only after "show more" (`more` in the URL state:
 * the values behind it are not rendered or sent before); the facet search finds all.
 */
const FACET_VALUES_REQUESTED = 20;
/** Children of a category the tree lists. */
const CATEGORY_CHILDREN = 40;
/** The arrival windows of the new-arrivals facet, as relative dates (they stay valid in a bookmarked URL). */
const ARRIVAL_WINDOW_DAYS = [7, 30, 90] as const;
const CATEGORY_FACET = "ec_category";
const PRICE_FACET = "ec_price";
const ARRIVAL_FACET = "new_arrivals";
/** Largest page size a URL may ask for. */
export const MAX_PER_PAGE = 96;

const arrivalWindow = (days: number): DateRange => ({ start: `past-${days}-day`, end: "now", endInclusive: true });

/** The facet type each URL map holds. */
const MAP_TYPES: Record<FacetMap, string> = {
  f: "regular",
  fExcluded: "regular",
  lf: "location",
  cf: "hierarchical",
  nf: "numericalRange",
  nfExcluded: "numericalRange",
  mnf: "numericalRange",
  mnfExcluded: "numericalRange",
  df: "dateRange",
  dfExcluded: "dateRange",
};

/**
 * The state without facet ids the service does not know (`facets`: the service's now, the merchant's attributes
 * among them), or that sit in a map of another facet type (facet ids must match an existing facet): they would
 * make the request invalid. A link to an attribute that is no longer a filter thus still lists the products.
 */
export function knownFacetState(state: UrlState, facets: readonly FacetDefinition[]): UrlState {
  const types = new Map(facets.map((f) => [f.facetId, f.type]));
  let next: Record<string, unknown> | undefined;
  for (const map of FACET_MAPS) {
    const entries = state[map];
    if (!entries) continue;
    // Without a prototype, like the parsed maps: a facet id from the URL never reads Object.prototype.
    const kept: Record<string, unknown> = Object.create(null);
    for (const [id, values] of Object.entries(entries)) if (types.get(id) === MAP_TYPES[map]) kept[id] = values;
    if (Object.keys(kept).length === Object.keys(entries).length) continue;
    next ??= { ...state };
    if (Object.keys(kept).length > 0) next[map] = kept;
    else delete next[map];
  }
  if (state.more) {
    // "Show more" is for value lists; sorted, as the page's own links write it.
    const more = state.more.filter((id) => types.get(id) === "regular" || types.get(id) === "location").sort();
    if (more.length !== state.more.length || more.some((id, i) => id !== state.more?.[i])) {
      next ??= { ...state };
      if (more.length > 0) next.more = more;
      else delete next.more;
    }
  }
  return (next as UrlState | undefined) ?? state;
}

/**
 * The protocol's facet requests for a URL state: every facet of the service (`facets`, each facet named in the URL
 * is among them), with the values the URL selects or excludes. `categoryPath` puts a category page's own category
 * in the category facet (names from the root), so the facet answers with its children.
 */
export function facetRequests(
  state: UrlState,
  facets: readonly FacetDefinition[],
  categoryPath?: readonly string[],
): FacetRequest[] {
  const named = new Set(facetIdsInState(state));
  const requests: FacetRequest[] = [];
  for (const def of facets) {
    const id = def.facetId;
    const base = { facetId: id, field: def.field, type: def.type };
    switch (def.type) {
      case "regular": {
        const values = [
          ...(state.f?.[id] ?? []).map((value) => ({ value, state: "selected" as const })),
          ...(state.fExcluded?.[id] ?? []).map((value) => ({ value, state: "excluded" as const })),
        ];
        requests.push({ ...base, values, numberOfValues: FACET_VALUES_REQUESTED });
        break;
      }
      case "location":
        requests.push({
          ...base,
          values: (state.lf?.[id] ?? []).map((value) => ({ value, state: "selected" as const })),
          numberOfValues: FACET_VALUES_REQUESTED,
        });
        break;
      case "hierarchical": {
        const path = state.cf?.[id] ?? (id === CATEGORY_FACET ? categoryPath : undefined) ?? [];
        // A selected path asks for its chain only (specification section 4); the children come with the selected value.
        requests.push({
          ...base,
          values: categoryChain(path),
          numberOfValues: path.length > 0 ? 1 : CATEGORY_CHILDREN,
          delimitingCharacter: "|",
        });
        break;
      }
      case "numericalRange": {
        const manual = [
          ...(state.mnf?.[id] ?? []).map((r) => ({ ...r, state: "selected" as const })),
          ...(state.mnfExcluded?.[id] ?? []).map((r) => ({ ...r, state: "excluded" as const })),
        ];
        const automatic = [
          ...(state.nf?.[id] ?? []).map((r) => ({ ...r, state: "selected" as const })),
          ...(state.nfExcluded?.[id] ?? []).map((r) => ({ ...r, state: "excluded" as const })),
        ];
        requests.push(
          manual.length > 0
            ? { ...base, values: manual, interval: "continuous" }
            : { ...base, values: automatic, rangeAlgorithm: "even" },
        );
        break;
      }
      case "dateRange": {
        const selected = state.df?.[id] ?? [];
        const excluded = state.dfExcluded?.[id] ?? [];
        const same = (a: DateRange, b: DateRange) => a.start === b.start && a.end === b.end;
        const windows = id === ARRIVAL_FACET ? ARRIVAL_WINDOW_DAYS.map(arrivalWindow) : [];
        const values = [...windows, ...selected, ...excluded]
          .filter((r, i, all) => all.findIndex((o) => same(o, r)) === i)
          .map((r) => ({
            ...r,
            state: selected.some((s) => same(s, r))
              ? ("selected" as const)
              : excluded.some((s) => same(s, r))
                ? ("excluded" as const)
                : ("idle" as const),
          }));
        // The arrival facet always asks for its relative windows ("Letzte 7 Tage", links that stay valid); another
        // date facet without an active value takes the service's own windows.
        requests.push({ ...base, values: named.has(id) || windows.length > 0 ? values : [] });
        break;
      }
    }
  }
  return requests;
}

/** The chain of values from the root to the selected one, which asks for its children. */
function categoryChain(path: readonly string[]): CategoryFacetValueRequest[] {
  let chain: CategoryFacetValueRequest[] = [];
  for (let i = path.length - 1; i >= 0; i--) {
    const value = path[i] as string;
    chain =
      i === path.length - 1
        ? [{ value, state: "selected", children: [], retrieveCount: CATEGORY_CHILDREN }]
        : [{ value, state: "idle", children: chain }];
  }
  return chain;
}

const SORTS: { id: SortId; value: string; option: SortOption }[] = [
  { id: "relevance", value: "relevance", option: { sortCriteria: "relevance" } },
  {
    id: "price_asc",
    value: "ec_price asc",
    option: { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "asc" }] },
  },
  {
    id: "price_desc",
    value: "ec_price desc",
    option: { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "desc" }] },
  },
  {
    id: "newest",
    value: "arrival_date desc",
    option: { sortCriteria: "fields", fields: [{ field: "arrival_date", direction: "desc" }] },
  },
];

/** The protocol's sort for `sortCriteria` (unknown orders fall back to relevance). */
export function sortOption(sortCriteria: string | undefined): SortOption | undefined {
  if (!sortCriteria) return undefined;
  const normalized = sortCriteria.trim().toLowerCase().replace(/\s+/g, " ");
  return SORTS.find((s) => s.value === normalized)?.option;
}

/** Page and page size of the request (the service picks its default page size when the URL has none). */
export function paging(state: UrlState): { page: number; perPage?: number } {
  return {
    page: state.page ?? 0,
    ...(state.perPage !== undefined ? { perPage: Math.min(state.perPage, MAX_PER_PAGE) } : {}),
  };
}

/**
 * The manual price range of a plain form (`from-ec_price`, `to-ec_price`, sent without JavaScript): the URL state
 * with that range, or undefined when the query has no such fields.
 */
export function rangeFormState(url: URL, state: UrlState): UrlState | undefined {
  let next: UrlState | undefined;
  for (const [key, value] of url.searchParams) {
    const match = /^from-([A-Za-z0-9_-]+)$/.exec(key);
    if (!match) continue;
    const facetId = match[1] as string;
    const to = url.searchParams.get(`to-${facetId}`) ?? "";
    const from = value.trim().replace(",", ".");
    const range = parseNumericRange(`${from === "" ? 0 : from}...${to.trim().replace(",", ".")}`);
    next = setManualRange(next ?? state, facetId, range, range ? "selected" : "idle");
  }
  return next;
}

/** A search service failure as the page's answer: a bad URL is a 400, an index still building a 503. */
export function searchFailure(error: unknown): never {
  if (isSearchApiError(error)) {
    throw data({ message: error.message }, { status: error.statusCode >= 500 ? 503 : 400 });
  }
  throw error;
}

// --- response → view ----------------------------------------------------------------------------------

export interface ListingViewOptions {
  store: StoreRequest;
  shop: Shop;
  /** Path of the page with its store prefix (`/de/c/damen/`, `/de/search/`); every link is this path plus a query. */
  path: string;
  state: UrlState;
  response: ListingResponse;
  /**
   * On a category page the category facet is the page's own category: its tree links to the parent and child
   * category pages. Undefined elsewhere (search, sale, new arrivals), where the tree selects `cf` paths.
   */
  categoryPages?: {
    /** Paths with store prefix. */
    ancestors: { label: string; path: string }[];
    current: string;
    childPath: (name: string) => string | undefined;
  };
}

export function listingView(options: ListingViewOptions): ListingView {
  const { response, state, path, shop } = options;
  const href = (next: UrlState) => stateHref(path, next);
  const swissSpelling = (text: string) => (shop.locale === "de-CH" ? text.replaceAll("ß", "ss") : text);
  const facets: FacetView[] = [];
  const chips: ChipView[] = [];

  for (const facet of response.facets) {
    const view = facetView(facet, options, href, swissSpelling);
    if (view) facets.push(view);
  }
  for (const facet of facets) {
    if (facet.kind === "tree") continue;
    const values = facet.kind === "values" ? facet.values : facet.ranges;
    for (const v of values) {
      if (v.state === "idle") continue;
      chips.push({
        facet: facet.id,
        label: v.label,
        ...(v.price ? { price: v.price } : {}),
        ...(v.days !== undefined ? { days: v.days } : {}),
        excluded: v.state === "excluded",
        href: v.state === "excluded" && v.excludeHref ? v.excludeHref : v.href,
      });
    }
  }
  const manual = [...(state.mnf?.[PRICE_FACET] ?? []), ...(state.mnfExcluded?.[PRICE_FACET] ?? [])];
  for (const range of manual) {
    chips.push({
      facet: PRICE_FACET,
      label: "",
      price: [Math.round(range.start * 100), Math.round(range.end * 100)],
      excluded: !state.mnf?.[PRICE_FACET]?.includes(range),
      href: href(setManualRange(state, PRICE_FACET, undefined, "idle")),
    });
  }
  const cfPath = state.cf?.[CATEGORY_FACET];
  if (cfPath && !options.categoryPages) {
    chips.push({
      facet: CATEGORY_FACET,
      label: cfPath.join(" › "),
      excluded: false,
      href: href(clearFacet(state, CATEGORY_FACET)),
    });
  }

  const { pagination } = response;
  const imageBase = options.store.services.config.IMAGE_BASE_URL;
  return {
    total: pagination.totalEntries,
    products: response.products.map((p) => searchProductTile(p, shop, imageBase)),
    firstPosition: pagination.page * pagination.perPage + 1,
    responseId: response.responseId,
    facets,
    chips,
    ...(hasFacetValues(state) ? { clearAllHref: href(clearAllFacets(state)) } : {}),
    sort: sortView(response, state, path),
    pagination: paginationView(pagination.page, pagination.totalPages, state, path),
    tracking: trackingView(options.store),
  };
}

function facetView(
  facet: FacetResponse,
  options: ListingViewOptions,
  href: (state: UrlState) => string,
  spell: (text: string) => string,
): FacetView | undefined {
  const { state } = options;
  const id = facet.facetId;
  const named = facetIdsInState(state).includes(id);
  const clear = named ? { clearHref: href(clearFacet(state, id)) } : {};
  switch (facet.type) {
    case "regular":
      return regularView(facet, state, href, spell, clear);
    case "location":
      return locationView(facet, state, href, clear);
    case "hierarchical":
      return treeView(facet, options, href);
    case "numericalRange":
      return rangeView(facet, options, href, clear);
    case "dateRange":
      return dateView(facet, state, href, clear);
  }
}

function regularView(
  facet: RegularFacetResponse,
  state: UrlState,
  href: (state: UrlState) => string,
  spell: (text: string) => string,
  clear: { clearHref?: string },
): FacetView | undefined {
  const isColour = facet.facetId === "ec_color";
  const list = shownValues(facet.values, state, facet.facetId, href);
  if (!list) return undefined;
  const values: FacetValueView[] = list.values.map((v) => {
    const color = isColour ? colourOfName(v.value) : undefined;
    return {
      label: spell(v.value),
      count: v.numberOfResults,
      state: v.state,
      href: href(toggleSelectValue(state, facet.facetId, v.value)),
      excludeHref: href(toggleExcludeValue(state, facet.facetId, v.value)),
      ...(color ? { color } : {}),
    };
  });
  return {
    kind: "values",
    id: facet.facetId,
    label: facet.displayName,
    ...list.links,
    values,
    searchable: facet.moreValuesAvailable,
    ...clear,
  };
}

function locationView(
  facet: LocationFacetResponse,
  state: UrlState,
  href: (state: UrlState) => string,
  clear: { clearHref?: string },
): FacetView | undefined {
  const list = shownValues(facet.values, state, facet.facetId, href);
  if (!list) return undefined;
  const values: FacetValueView[] = list.values.map((v) => ({
    label: v.value,
    count: v.numberOfResults,
    state: v.state,
    href: href(toggleLocationValue(state, facet.facetId, v.value)),
  }));
  return {
    kind: "values",
    id: facet.facetId,
    label: facet.displayName,
    ...list.links,
    values,
    searchable: facet.moreValuesAvailable,
    ...clear,
  };
}

/**
 * The values of a list facet the page shows: the first ones (chosen values moved among them), or all of them
 * when the URL state says "show more"; with the link to show more or fewer. Only these get links: the rest is
 * neither rendered nor sent.
 */
function shownValues<V extends { state: ValueState }>(
  all: readonly V[],
  state: UrlState,
  facetId: string,
  href: (state: UrlState) => string,
): { values: V[]; links: Pick<ValuesFacetView, "more" | "lessHref"> } | undefined {
  if (all.length === 0) return undefined;
  const ordered = keepChosenValuesVisible(all, FACET_VALUES_SHOWN);
  if (ordered.length <= FACET_VALUES_SHOWN) return { values: ordered, links: {} };
  if (showsMoreValues(state, facetId)) {
    return { values: ordered, links: { lessHref: href(toggleMoreValues(state, facetId)) } };
  }
  return {
    values: ordered.slice(0, FACET_VALUES_SHOWN),
    links: { more: { count: ordered.length - FACET_VALUES_SHOWN, href: href(toggleMoreValues(state, facetId)) } },
  };
}

function treeView(
  facet: CategoryFacetResponse,
  options: ListingViewOptions,
  href: (state: UrlState) => string,
): FacetView | undefined {
  const { state, categoryPages } = options;
  const items: TreeItemView[] = [];
  // The selected chain: the roots' first value down to the selected one.
  const chain: CategoryFacetValue[] = [];
  for (let level = facet.values; level.length === 1 && level[0]; level = level[0].children) {
    chain.push(level[0]);
    if (level[0].state === "selected") break;
  }
  const selected = chain.at(-1)?.state === "selected" ? chain.at(-1) : undefined;
  if (categoryPages) {
    // A category page: the parents and the children are category pages; the filters come along.
    const carried = stateHref("", setPage(clearFacet(state, facet.facetId), 0));
    categoryPages.ancestors.forEach((a, depth) => {
      items.push({ label: a.label, href: a.path + carried, depth, current: false });
    });
    const depth = categoryPages.ancestors.length;
    items.push({
      label: categoryPages.current,
      ...(selected ? { count: selected.numberOfResults } : {}),
      href: stateHref(options.path, state),
      depth,
      current: true,
    });
    for (const child of selected?.children ?? []) {
      const path = categoryPages.childPath(child.value);
      if (!path) continue;
      items.push({
        label: child.value,
        count: child.numberOfResults,
        href: path + carried,
        depth: depth + 1,
        current: false,
      });
    }
    return items.length > 1 ? { kind: "tree", id: facet.facetId, label: facet.displayName, items } : undefined;
  }
  const pathOf = (v: CategoryFacetValue) => [...v.path, v.value];
  if (selected) {
    chain.forEach((v, depth) => {
      const isSelected = v === selected;
      items.push({
        label: v.value,
        count: v.numberOfResults,
        // The selected value links to its parent (one level up); the others select their own path.
        href: href(
          isSelected
            ? v.path.length > 0
              ? toggleCategoryPath(state, facet.facetId, v.path)
              : clearFacet(state, facet.facetId)
            : toggleCategoryPath(state, facet.facetId, pathOf(v)),
        ),
        depth,
        current: isSelected,
      });
    });
    for (const child of selected.children) {
      items.push({
        label: child.value,
        count: child.numberOfResults,
        href: href(toggleCategoryPath(state, facet.facetId, pathOf(child))),
        depth: chain.length,
        current: false,
      });
    }
  } else {
    for (const root of facet.values) {
      items.push({
        label: root.value,
        count: root.numberOfResults,
        href: href(toggleCategoryPath(state, facet.facetId, pathOf(root))),
        depth: 0,
        current: false,
      });
    }
  }
  if (items.length === 0) return undefined;
  return {
    kind: "tree",
    id: facet.facetId,
    label: facet.displayName,
    items,
    ...(state.cf?.[facet.facetId] ? { clearHref: href(clearFacet(state, facet.facetId)) } : {}),
  };
}

function rangeView(
  facet: NumericFacetResponse,
  options: ListingViewOptions,
  href: (state: UrlState) => string,
  clear: { clearHref?: string },
): RangeFacetView | undefined {
  const { state, path, shop } = options;
  const id = facet.facetId;
  const manual = state.mnf?.[id]?.[0];
  const domain = facet.domain ?? { min: 0, max: 0 };
  const min = Math.floor(Math.min(domain.min, manual?.start ?? domain.min));
  const max = Math.ceil(Math.max(domain.max, manual?.end ?? domain.max));
  const ranges: FacetValueView[] =
    facet.interval === "continuous"
      ? []
      : facet.values.map((v) => {
          const range: NumericRange = { start: v.start, end: v.end, endInclusive: v.endInclusive };
          return {
            label: "",
            price: [Math.round(v.start * 100), Math.round(v.end * 100)] as [number, number],
            count: v.numberOfResults,
            state: v.state,
            href: href(toggleSelectNumericRange(state, id, range)),
            excludeHref: href(toggleExcludeNumericRange(state, id, range)),
          };
        });
  if (max <= min && ranges.length === 0) return undefined;
  const withoutRanges = setManualRange(state, id, undefined, "idle");
  return {
    kind: "range",
    id,
    label: facet.displayName,
    ranges,
    min,
    max,
    from: Math.floor(manual?.start ?? min),
    to: Math.ceil(manual?.end ?? max),
    action: path,
    fields: stateFormFields(withoutRanges),
    baseHref: href(withoutRanges),
    currency: shop.currency,
    ...clear,
  };
}

function dateView(
  facet: DateFacetResponse,
  state: UrlState,
  href: (state: UrlState) => string,
  clear: { clearHref?: string },
): FacetView | undefined {
  const values: FacetValueView[] = facet.values.map((v) => {
    const range: DateRange = { start: v.start, end: v.end, endInclusive: v.endInclusive };
    const days = /^past-(\d+)-day$/.exec(v.start)?.[1];
    return {
      label: `${v.start} – ${v.end}`,
      ...(days ? { days: Number(days) } : {}),
      count: v.numberOfResults,
      state: v.state,
      href: href(toggleSelectDateRange(state, facet.facetId, range)),
      excludeHref: href(toggleExcludeDateRange(state, facet.facetId, range)),
    };
  });
  if (values.length === 0) return undefined;
  return { kind: "values", id: facet.facetId, label: facet.displayName, values, searchable: false, ...clear };
}

function sortView(response: ListingResponse, state: UrlState, path: string): SortView {
  const applied = response.sort.appliedSort;
  const appliedValue =
    applied.sortCriteria === "relevance"
      ? "relevance"
      : `${applied.fields?.[0]?.field} ${applied.fields?.[0]?.direction ?? "asc"}`;
  const withoutSort = setSort(state, undefined);
  return {
    options: SORTS.map((s) => ({
      id: s.id,
      value: s.value,
      href: stateHref(path, setSort(state, s.value)),
      selected: s.value === appliedValue,
    })),
    action: path,
    fields: stateFormFields(withoutSort),
  };
}

/** Page links shown around the current page (and the first and last). */
const PAGE_NEIGHBOURS = 2;

function paginationView(page: number, totalPages: number, state: UrlState, path: string): PaginationView {
  const link = (p: number) => ({ page: p, href: stateHref(path, setPage(state, p)) });
  const links: PaginationView["links"] = [];
  for (let p = 0; p < totalPages; p++) {
    const near = Math.abs(p - page) <= PAGE_NEIGHBOURS;
    if (p === 0 || p === totalPages - 1 || near) links.push(link(p));
    else if (links.at(-1) !== null) links.push(null);
  }
  return {
    page,
    totalPages,
    links,
    ...(page > 0 ? { previousHref: link(page - 1).href } : {}),
    ...(page + 1 < totalPages ? { nextHref: link(page + 1).href } : {}),
  };
}
