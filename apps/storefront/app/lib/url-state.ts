/**
 * Search and listing state in the URL (specification sections 2 and 4): `page`, `perPage`, `sortCriteria`, `q`
 * and the facet maps `f`, `fExcluded` (regular values), `lf` (location), `cf` (category path), `nf`,
 * `nfExcluded` (numeric ranges), `mnf`, `mnfExcluded` (manual numeric ranges), `df`, `dfExcluded` (dates).
 *
 * Serialization (the format of the search protocol's own URL serializer, readable in the address bar):
 *   `?q=jeans&f-ec_brand=Nordlicht,Vela&fExcluded-ec_color=Schwarz&cf-ec_category=Damen,Bekleidung`
 *   `&nf-ec_price=20..50&mnf-ec_price=20...80&df-new_arrivals=past-30-day...now&sortCriteria=ec_price%20asc&page=1`
 * - a facet map entry is `{map}-{facetId}`; its values are joined by commas; inside a value `%` and `,` are
 *   escaped first (`%25`, `%2C`), so a value may hold a comma (`A,B` is written `A%252CB`) and the list survives
 *   any re-encoding of the query (servers and routers rewrite `,` as `%2C` and spaces as `+`); a category path
 *   lists its names from the root;
 * - a range is `start..end` (end exclusive) or `start...end` (end inclusive);
 * - `page` is zero-based like the protocol's: absent on the first page, `page=1` on the second;
 * - `sortCriteria` is `relevance` or `field direction` (`ec_price asc`); relevance is the default and not written.
 * - `more` lists the facets whose every value shows (`more=ec_color,ec_size`): the page shows a facet's first values
 *   and links to itself with the facet in `more` ("show more"), so the values behind it are neither rendered nor
 *   sent until a shopper asks; it is the page's own state, kept by every link of the page like the sort order.
 * Reading also accepts what HTML forms send: a map repeated once per value (`f-ec_brand=A&f-ec_brand=B`) and `+`
 * for spaces. The search page's entry parameter `searchTerm` (search box, category suggestions) is read as `q`
 * when `q` is absent.
 *
 * Every function is pure and returns a new state; nothing here touches the network or the DOM.
 */

const REGULAR_MAPS = ["f", "fExcluded", "lf", "cf"] as const;
const NUMERIC_MAPS = ["nf", "nfExcluded", "mnf", "mnfExcluded"] as const;
const DATE_MAPS = ["df", "dfExcluded"] as const;
export const FACET_MAPS = [...REGULAR_MAPS, ...NUMERIC_MAPS, ...DATE_MAPS] as const;

export type RegularMap = (typeof REGULAR_MAPS)[number];
export type NumericMap = (typeof NUMERIC_MAPS)[number];
export type DateMap = (typeof DATE_MAPS)[number];
export type FacetMap = (typeof FACET_MAPS)[number];

export interface NumericRange {
  start: number;
  end: number;
  endInclusive: boolean;
}

export interface DateRange {
  start: string;
  end: string;
  endInclusive: boolean;
}

type Values<M> = Readonly<Record<string, readonly M[]>>;

export interface UrlState {
  q?: string;
  sortCriteria?: string;
  /** Zero-based; absent on the first page. */
  page?: number;
  perPage?: number;
  f?: Values<string>;
  fExcluded?: Values<string>;
  lf?: Values<string>;
  /** Category path by facet id, root first. */
  cf?: Values<string>;
  nf?: Values<NumericRange>;
  nfExcluded?: Values<NumericRange>;
  mnf?: Values<NumericRange>;
  mnfExcluded?: Values<NumericRange>;
  df?: Values<DateRange>;
  dfExcluded?: Values<DateRange>;
  /** Facets shown with all their values ("show more"). */
  more?: readonly string[];
}

/** Facet ids are letters, digits, hyphen and underscore (specification section 5). */
const FACET_ID = /^[A-Za-z0-9_-]+$/;
const MAP_KEY = /^(f|fExcluded|lf|cf|nf|nfExcluded|mnf|mnfExcluded|df|dfExcluded)-(.+)$/;
const FILTER_KEY = /^filters\[([^\]]+)\]$/;
const RANGE_EXCLUSIVE = "..";
const RANGE_INCLUSIVE = "...";
/** The protocol's absolute date `YYYY/MM/DD@HH:mm:ss` (time optional) or a relative date `past-7-day`, `now`. */
const DATE_VALUE =
  /^(\d{4}\/\d{2}\/\d{2}(@\d{2}:\d{2}(:\d{2})?)?|now|(past|next)-\d+-(minute|hour|day|week|month|quarter|year))$/;
const RELEVANCE = "relevance";

// --- reading -----------------------------------------------------------------------------------------

/** A value inside a comma-separated list: `%` and `,` escaped. */
function escapeListValue(value: string): string {
  return value.replace(/%/g, "%25").replace(/,/g, "%2C");
}

function unescapeListValue(value: string): string {
  return value.replace(/%2C/gi, ",").replace(/%25/g, "%");
}

/**
 * Text from the URL without control characters: they mean nothing in a query or a facet value, and the search
 * service refuses them (PostgreSQL cannot store NUL in its log).
 */
export function withoutControlCharacters(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20 && code !== 0x7f) out += ch;
  }
  return out;
}

/** A non-negative integer, or undefined. */
function integer(text: string | undefined, min: number): number | undefined {
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
}

function splitRange(text: string): { start: string; end: string; endInclusive: boolean } | undefined {
  const inclusive = text.includes(RANGE_INCLUSIVE);
  const parts = text.split(inclusive ? RANGE_INCLUSIVE : RANGE_EXCLUSIVE);
  if (parts.length !== 2 || parts[0] === "" || parts[1] === "") return undefined;
  return { start: parts[0] as string, end: parts[1] as string, endInclusive: inclusive };
}

export function parseNumericRange(text: string): NumericRange | undefined {
  const range = splitRange(text);
  if (!range) return undefined;
  const start = Number(range.start);
  const end = Number(range.end);
  if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) return undefined;
  return { start, end, endInclusive: range.endInclusive };
}

function parseDateRange(text: string): DateRange | undefined {
  const range = splitRange(text);
  if (!range || !DATE_VALUE.test(range.start) || !DATE_VALUE.test(range.end)) return undefined;
  const absolute = (d: string) => /^\d/.test(d);
  if (absolute(range.start) && absolute(range.end) && range.start > range.end) return undefined;
  return range;
}

type Mutable = { -readonly [K in keyof UrlState]: UrlState[K] };

/**
 * Reads the state from a query string (`?…` or without the question mark). Invalid entries are dropped: pages
 * below 0, page sizes below 1, unknown keys, facet ids with other characters, ranges that do not parse or start
 * after they end; control characters leave the values.
 */
export function parseUrlState(search: string): UrlState {
  const state: Mutable = {};
  let searchTerm: string | undefined;
  const maps: Partial<Record<FacetMap, Record<string, readonly unknown[]>>> = {};
  const add = (map: FacetMap, facetId: string, values: unknown[]) => {
    if (!FACET_ID.test(facetId) || values.length === 0) return;
    const entries = maps[map] ?? facetEntries();
    const known = [...(ownValues(entries, facetId) ?? [])];
    for (const value of values) {
      if (map === "cf" || !known.some((k) => sameValue(k, value))) known.push(value);
    }
    entries[facetId] = known;
    maps[map] = entries;
  };
  for (const [key, raw] of new URLSearchParams(search)) {
    const text = withoutControlCharacters(raw);
    switch (key) {
      case "q":
      case "searchTerm": {
        if (text.trim() !== "") {
          if (key === "q") state.q = text;
          else searchTerm ??= text;
        }
        continue;
      }
      case "sortCriteria": {
        const value = text.trim();
        if (value) state.sortCriteria = value;
        continue;
      }
      case "page": {
        const page = integer(text, 0);
        if (page !== undefined) state.page = page;
        continue;
      }
      case "perPage": {
        const perPage = integer(text, 1);
        if (perPage !== undefined) state.perPage = perPage;
        continue;
      }
      case "more": {
        const ids = text.split(",").filter((id) => FACET_ID.test(id));
        const more = [...new Set([...(state.more ?? []), ...ids])];
        if (more.length > 0) state.more = more;
        continue;
      }
    }
    const values = text
      .split(",")
      .filter((v) => v !== "")
      .map(unescapeListValue);
    const filter = FILTER_KEY.exec(key);
    if (filter) {
      // A category suggestion's filter: `filters[groupKey]=ids` selects values of that facet.
      if (!(values.length === 1 && values[0] === "true")) add("f", filter[1] as string, values);
      continue;
    }
    const match = MAP_KEY.exec(key);
    if (!match) continue;
    const map = match[1] as FacetMap;
    const facetId = match[2] as string;
    if ((NUMERIC_MAPS as readonly string[]).includes(map)) {
      add(map, facetId, values.map(parseNumericRange).filter(Boolean));
    } else if ((DATE_MAPS as readonly string[]).includes(map)) {
      add(map, facetId, values.map(parseDateRange).filter(Boolean));
    } else {
      add(map, facetId, values);
    }
  }
  if (state.q === undefined && searchTerm !== undefined) state.q = searchTerm;
  if (state.page === 0) delete state.page;
  for (const map of FACET_MAPS) {
    if (maps[map]) (state as Record<string, unknown>)[map] = maps[map];
  }
  return state;
}

/**
 * A facet map keyed by ids from the URL: without a prototype, so an id like `__proto__` or `constructor` is a
 * facet id like any other and never reaches `Object.prototype`.
 */
function facetEntries<M>(from?: Values<M>): Record<string, readonly M[]> {
  return Object.assign(Object.create(null) as Record<string, readonly M[]>, from);
}

function ownValues<M>(entries: Values<M> | undefined, facetId: string): readonly M[] | undefined {
  return entries && Object.hasOwn(entries, facetId) ? entries[facetId] : undefined;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  const x = a as NumericRange | DateRange;
  const y = b as NumericRange | DateRange;
  return x.start === y.start && x.end === y.end && x.endInclusive === y.endInclusive;
}

// --- writing -----------------------------------------------------------------------------------------

/** URI-encodes a value but keeps `/ @ :` readable (dates, sizes); commas stay encoded (they separate values). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%(2F|40|3A)/g, (m) => decodeURIComponent(m));
}

function rangeText(range: NumericRange | DateRange): string {
  return `${range.start}${range.endInclusive ? RANGE_INCLUSIVE : RANGE_EXCLUSIVE}${range.end}`;
}

function valueText(value: string | NumericRange | DateRange): string {
  return typeof value === "string" ? encode(escapeListValue(value)) : rangeText(value);
}

/** The query string of a state, without `?` (empty for the default state), in a fixed parameter order. */
export function serializeUrlState(state: UrlState): string {
  const parts: string[] = [];
  if (state.q !== undefined) parts.push(`q=${encode(state.q)}`);
  for (const map of FACET_MAPS) {
    for (const [facetId, values] of Object.entries(state[map] ?? {})) {
      if (values.length > 0) parts.push(`${map}-${facetId}=${values.map(valueText).join(",")}`);
    }
  }
  if (state.sortCriteria !== undefined) parts.push(`sortCriteria=${encode(state.sortCriteria)}`);
  if (state.page !== undefined) parts.push(`page=${state.page}`);
  if (state.perPage !== undefined) parts.push(`perPage=${state.perPage}`);
  if (state.more !== undefined && state.more.length > 0) parts.push(`more=${state.more.join(",")}`);
  return parts.join("&");
}

/** `path?query` of a state (just the path for the default state). */
export function stateHref(path: string, state: UrlState): string {
  const query = serializeUrlState(state);
  return query ? `${path}?${query}` : path;
}

/**
 * The state as HTML form fields (one field per value, as a form repeats a name), for the hidden inputs of a
 * GET form that changes one parameter (sort order, price range) and keeps the others.
 */
export function stateFormFields(state: UrlState): [name: string, value: string][] {
  const fields: [string, string][] = [];
  if (state.q !== undefined) fields.push(["q", state.q]);
  for (const map of FACET_MAPS) {
    for (const [facetId, values] of Object.entries(state[map] ?? {})) {
      for (const value of values) {
        fields.push([`${map}-${facetId}`, typeof value === "string" ? escapeListValue(value) : rangeText(value)]);
      }
    }
  }
  if (state.sortCriteria !== undefined) fields.push(["sortCriteria", state.sortCriteria]);
  if (state.page !== undefined) fields.push(["page", String(state.page)]);
  if (state.perPage !== undefined) fields.push(["perPage", String(state.perPage)]);
  if (state.more !== undefined && state.more.length > 0) fields.push(["more", state.more.join(",")]);
  return fields;
}

/** Facet ids the state names in any map: restoring from the URL enables each of them. */
export function facetIdsInState(state: UrlState): string[] {
  const ids = new Set<string>();
  for (const map of FACET_MAPS) for (const facetId of Object.keys(state[map] ?? {})) ids.add(facetId);
  return [...ids];
}

// --- transitions -------------------------------------------------------------------------------------

/** Any change to facets, sort or query resets to the first page (specification section 4). */
function firstPage(state: UrlState): Mutable {
  const next: Mutable = { ...state };
  delete next.page;
  return next;
}

/** Sets (or with an empty list removes) one facet's values in a map; a map left empty is dropped. */
function setValues<M>(state: Mutable, map: FacetMap, facetId: string, values: readonly M[]): void {
  const entries = facetEntries(state[map] as Values<M> | undefined);
  if (values.length > 0) entries[facetId] = values;
  else delete entries[facetId];
  if (Object.keys(entries).length > 0) (state as Record<string, unknown>)[map] = entries;
  else delete state[map];
}

function valuesOf<M>(state: UrlState, map: FacetMap, facetId: string): readonly M[] {
  return ownValues(state[map] as Values<M> | undefined, facetId) ?? [];
}

function without<M>(values: readonly M[], value: M): M[] {
  return values.filter((v) => !sameValue(v, value));
}

function has<M>(values: readonly M[], value: M): boolean {
  return values.some((v) => sameValue(v, value));
}

/**
 * Toggles a value between two lists of a facet: into `into` (removing it from `other`), or back to idle when it
 * is already in `into` (it then leaves `into`, the list of the state being left).
 */
function toggleBetween<M>(state: UrlState, into: FacetMap, other: FacetMap, facetId: string, value: M): UrlState {
  const next = firstPage(state);
  setValues(next, other, facetId, without(valuesOf<M>(state, other, facetId), value));
  const current = valuesOf<M>(state, into, facetId);
  setValues(next, into, facetId, has(current, value) ? without(current, value) : [...current, value]);
  return next;
}

/** Select toggle of a regular value: idle or excluded becomes selected; selected becomes idle. */
export function toggleSelectValue(state: UrlState, facetId: string, value: string): UrlState {
  return toggleBetween(state, "f", "fExcluded", facetId, value);
}

/** Exclude toggle of a regular value: idle or selected becomes excluded; excluded becomes idle. */
export function toggleExcludeValue(state: UrlState, facetId: string, value: string): UrlState {
  return toggleBetween(state, "fExcluded", "f", facetId, value);
}

/** Location facets only select. */
export function toggleLocationValue(state: UrlState, facetId: string, value: string): UrlState {
  const next = firstPage(state);
  const current = valuesOf<string>(state, "lf", facetId);
  setValues(next, "lf", facetId, has(current, value) ? without(current, value) : [...current, value]);
  return next;
}

/** Selects a category path (root first); selecting the selected path again clears the facet's selection. */
export function toggleCategoryPath(state: UrlState, facetId: string, path: readonly string[]): UrlState {
  const next = firstPage(state);
  const current = valuesOf<string>(state, "cf", facetId);
  const same = current.length === path.length && current.every((name, i) => name === path[i]);
  setValues(next, "cf", facetId, same ? [] : path);
  return next;
}

/** Select toggle of an automatic numeric range; a manual range of the facet gives way. */
export function toggleSelectNumericRange(state: UrlState, facetId: string, range: NumericRange): UrlState {
  const next = toggleBetween(state, "nf", "nfExcluded", facetId, range);
  const out: Mutable = { ...next };
  setValues(out, "mnf", facetId, []);
  setValues(out, "mnfExcluded", facetId, []);
  return out;
}

/** Exclude toggle of an automatic numeric range; a manual range of the facet gives way. */
export function toggleExcludeNumericRange(state: UrlState, facetId: string, range: NumericRange): UrlState {
  const next = toggleBetween(state, "nfExcluded", "nf", facetId, range);
  const out: Mutable = { ...next };
  setValues(out, "mnf", facetId, []);
  setValues(out, "mnfExcluded", facetId, []);
  return out;
}

/**
 * The manual range of a numeric facet (price inputs and slider): selected replaces the facet's ranges with this
 * one, excluded excludes it, idle (or no range) removes the manual range.
 */
export function setManualRange(
  state: UrlState,
  facetId: string,
  range: NumericRange | undefined,
  rangeState: "selected" | "excluded" | "idle" = "selected",
): UrlState {
  const next = firstPage(state);
  setValues(next, "nf", facetId, []);
  setValues(next, "nfExcluded", facetId, []);
  setValues(next, "mnf", facetId, range && rangeState === "selected" ? [range] : []);
  setValues(next, "mnfExcluded", facetId, range && rangeState === "excluded" ? [range] : []);
  return next;
}

export function toggleSelectDateRange(state: UrlState, facetId: string, range: DateRange): UrlState {
  return toggleBetween(state, "df", "dfExcluded", facetId, range);
}

export function toggleExcludeDateRange(state: UrlState, facetId: string, range: DateRange): UrlState {
  return toggleBetween(state, "dfExcluded", "df", facetId, range);
}

/** Clearing one facet removes it from every map (dropping maps left empty) and resets the page. */
export function clearFacet(state: UrlState, facetId: string): UrlState {
  const next = firstPage(state);
  for (const map of FACET_MAPS) setValues(next, map, facetId, []);
  return next;
}

/** Clearing all facets clears every map and the page. */
export function clearAllFacets(state: UrlState): UrlState {
  const next = firstPage(state);
  for (const map of FACET_MAPS) delete next[map];
  return next;
}

/** Next page: increments `page`, starting at 1. */
export function nextPage(state: UrlState): UrlState {
  return { ...state, page: (state.page ?? 0) + 1 };
}

/** Previous page: decrements `page`, and clears it at 1 or below. */
export function previousPage(state: UrlState): UrlState {
  const page = state.page ?? 0;
  if (page <= 1) return firstPage(state);
  return { ...state, page: page - 1 };
}

/** A direct page (zero-based): 0 or less clears it. */
export function setPage(state: UrlState, page: number): UrlState {
  if (!(page > 0)) return firstPage(state);
  return { ...state, page: Math.floor(page) };
}

/** A page size: 0 clears `perPage`; any change of the page size goes back to the first page. */
export function setPerPage(state: UrlState, perPage: number): UrlState {
  const next = firstPage(state);
  if (perPage > 0) next.perPage = Math.floor(perPage);
  else delete next.perPage;
  return next;
}

/** A new query: blank or whitespace clears `q`; the page goes back to the first. */
export function setQuery(state: UrlState, query: string | undefined): UrlState {
  const next = firstPage(state);
  if (query === undefined || query.trim() === "") delete next.q;
  else next.q = query;
  return next;
}

/** A sort order (`relevance`, `ec_price asc`); relevance is the default and leaves the URL. */
export function setSort(state: UrlState, sortCriteria: string | undefined): UrlState {
  const next = firstPage(state);
  if (sortCriteria === undefined || sortCriteria === RELEVANCE || sortCriteria.trim() === "") delete next.sortCriteria;
  else next.sortCriteria = sortCriteria;
  return next;
}

/** Shows every value of a facet ("show more"), or only its first ones again ("show less"); the page stays. */
export function toggleMoreValues(state: UrlState, facetId: string): UrlState {
  const next: Mutable = { ...state };
  const more = (state.more ?? []).filter((id) => id !== facetId);
  if (more.length === (state.more ?? []).length) more.push(facetId);
  // In one order, so the same page has one address (and one copy in the HTTP cache).
  if (more.length > 0) next.more = more.sort();
  else delete next.more;
  return next;
}

/** Whether the state shows every value of the facet. */
export function showsMoreValues(state: UrlState, facetId: string): boolean {
  return state.more?.includes(facetId) ?? false;
}

/** Whether any facet has a value in the state (active filters). */
export function hasFacetValues(state: UrlState): boolean {
  return facetIdsInState(state).length > 0;
}

// --- category suggestions ----------------------------------------------------------------------------

/**
 * Where a category suggestion of the search box leads (specification section 2): the category path with
 * `filters[groupKey]=comma-joined value ids` for value filters or `filters[slug]=true` for boolean ones, plus
 * `searchTerm`.
 */
export function categorySuggestionHref(
  categoryPath: string,
  filters: Readonly<Record<string, readonly string[] | true>>,
  searchTerm: string | undefined,
): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (value !== true && value.length === 0) continue;
    const ids = value === true ? "true" : value.map((v) => encode(escapeListValue(v))).join(",");
    parts.push(`filters[${encode(key)}]=${ids}`);
  }
  if (searchTerm !== undefined && searchTerm.trim() !== "") parts.push(`searchTerm=${encode(searchTerm.trim())}`);
  return parts.length > 0 ? `${categoryPath}?${parts.join("&")}` : categoryPath;
}
