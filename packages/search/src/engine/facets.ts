import { ATTRIBUTE_LABELS, compareSizes, distanceKm, type Language } from "@vitrine/commerce";
import { invalid } from "../api/errors.ts";
import type {
  CategoryFacetResponse,
  CategoryFacetValue,
  CategoryFacetValueRequest,
  DateFacetResponse,
  DateFacetValue,
  DateRangeRequest,
  FacetRequest,
  FacetResponse,
  FacetType,
  FacetValueState,
  LocationFacetResponse,
  NumericFacetResponse,
  NumericFacetValue,
  NumericRangeRequest,
  RegularFacetResponse,
  RegularFacetValue,
  RegularFacetValueRequest,
} from "../api/types.ts";
import {
  type AttributeFacet,
  type CatalogIndex,
  DIM,
  type Dimension,
  ROW,
  ROW_ARRIVAL,
  ROW_PRICE,
} from "./catalog-index.ts";
import { formatApiDate, parseFacetDate } from "./dates.ts";
import { compareText } from "./normalize.ts";
import { automaticRanges, type RangeAlgorithm } from "./ranges.ts";
import type { StoreView } from "./store-view.ts";

/** The facets every listing and search offers, in display order. */
export interface FacetDefinition {
  facetId: string;
  field: string;
  type: FacetType;
  /** Key of the display name in ATTRIBUTE_LABELS. */
  label: string;
  /** Values shown when the request does not say. */
  numberOfValues: number;
  /** A merchant attribute's facet: its name per language (instead of `label`), its values' dimension. */
  attribute?: AttributeFacet;
}

export const HIERARCHY_DELIMITER = "|";
/** Children listed under a selected category (specification section 9: retrieve count 10). */
const CATEGORY_RETRIEVE_COUNT = 10;
const DEFAULT_VALUES = 10;
const DAY_MS = 86_400_000;
const PRICE_RANGES = 5;
const MAX_AUTOMATIC_RANGES = 10;

export const FACETS: readonly FacetDefinition[] = [
  { facetId: "ec_category", field: "ec_category", type: "hierarchical", label: "category", numberOfValues: 10 },
  { facetId: "ec_brand", field: "ec_brand", type: "regular", label: "brand", numberOfValues: DEFAULT_VALUES },
  { facetId: "ec_color", field: "ec_color", type: "regular", label: "colorDetail", numberOfValues: DEFAULT_VALUES },
  { facetId: "size", field: "size", type: "regular", label: "shopSize", numberOfValues: 20 },
  { facetId: "ec_price", field: "ec_price", type: "numericalRange", label: "price", numberOfValues: PRICE_RANGES },
  { facetId: "material", field: "material", type: "regular", label: "material", numberOfValues: DEFAULT_VALUES },
  { facetId: "fit", field: "fit", type: "regular", label: "fit", numberOfValues: DEFAULT_VALUES },
  { facetId: "pattern", field: "pattern", type: "regular", label: "pattern", numberOfValues: DEFAULT_VALUES },
  { facetId: "new_arrivals", field: "arrival_date", type: "dateRange", label: "newArrival", numberOfValues: 3 },
  { facetId: "store", field: "store_availability", type: "location", label: "availableInStore", numberOfValues: 20 },
];

export const FACET_BY_ID = new Map(FACETS.map((f) => [f.facetId, f]));

export interface CatalogFacets {
  list: readonly FacetDefinition[];
  byId: ReadonlyMap<string, FacetDefinition>;
}

const catalogFacetCache = new WeakMap<CatalogIndex, CatalogFacets>();

/**
 * The facets of a catalogue: the built-in ones, then one regular facet per facetable merchant attribute (facet id
 * and field are the attribute's key), in the vocabulary's order. An attribute whose key is a built-in facet's id
 * is left out: the built-in facet keeps its id.
 */
export function catalogFacets(catalog: CatalogIndex): CatalogFacets {
  let facets = catalogFacetCache.get(catalog);
  if (!facets) {
    const list: FacetDefinition[] = [...FACETS];
    for (const attribute of catalog.attributeFacets) {
      const key = attribute.definition.key;
      if (FACET_BY_ID.has(key)) continue;
      const values = attribute.definition.valueType === "boolean" ? 2 : DEFAULT_VALUES;
      list.push({ facetId: key, field: key, type: "regular", label: key, numberOfValues: values, attribute });
    }
    facets = { list, byId: new Map(list.map((f) => [f.facetId, f])) };
    catalogFacetCache.set(catalog, facets);
  }
  return facets;
}

export function facetDisplayName(def: FacetDefinition, language: Language): string {
  return def.attribute?.names[language] ?? ATTRIBUTE_LABELS[def.label]?.[language] ?? def.facetId;
}

/**
 * Order of a merchant attribute's values: numbers ascending, yes before no, text by count (like brands). Numbers
 * are shown as values, not ranges: merchants' numbers (sleeve length, heel height, pockets) take few values, and a
 * value list keeps the facet's URL state and selection the same as every other attribute's.
 */
function attributeOrder(attribute: AttributeFacet): RegularOptions {
  const { dimension, definition } = attribute;
  if (definition.valueType === "number") return { order: "size", rank: (id) => Number(dimension.keys[id]) };
  if (definition.valueType === "boolean")
    return { order: "size", rank: (id) => (dimension.keys[id] === "true" ? 0 : 1) };
  return { order: "count" };
}

/** Date windows the new-arrivals facet offers, as relative dates. */
const ARRIVAL_WINDOWS = ["past-7-day", "past-30-day", "past-90-day"] as const;

interface ArrivalWindow {
  start: number;
  end: number;
  endInclusive: boolean;
  state: FacetValueState;
  startText: string;
  endText: string;
}

let arrivalWindowCache: { minute: number; windows: ArrivalWindow[] } | undefined;

/** The default windows up to now (to the minute: every query of a minute shows the same values). */
function arrivalWindows(now: Date): ArrivalWindow[] {
  const minute = Math.floor(now.getTime() / 60_000);
  if (arrivalWindowCache?.minute !== minute) {
    const at = new Date(minute * 60_000);
    const end = formatApiDate(at);
    arrivalWindowCache = {
      minute,
      windows: ARRIVAL_WINDOWS.map((window) => {
        const start = new Date(parseFacetDate(window, at));
        return {
          start: start.getTime(),
          end: at.getTime(),
          endInclusive: true,
          state: "idle" as const,
          startText: formatApiDate(start),
          endText: end,
        };
      }),
    };
  }
  return arrivalWindowCache.windows;
}

// --- per-query state -------------------------------------------------------------------------------

/**
 * Everything one query needs to filter and count a facet: the test a slot must pass (when values are selected or
 * excluded), and a counter called for every slot that passes all *other* facets (multi-select counting).
 */
export interface FacetState {
  def: FacetDefinition;
  request: FacetRequest | undefined;
  /** Bit of this facet's filter in a slot's failure mask; 0 when the facet does not filter. */
  bit: number;
  /** A filter on the slot's own facet values, tested on the row the query reads anyway (no other memory). */
  valueFilter?: ValueFilter;
  /** A filter that needs more than the slot's facet values (variants in a physical store, every value). */
  test?: (slot: number) => boolean;
  /** The price filter's test of a price (what `test` reads from the row), for walks that hold the prices apart. */
  priceTest?: (price: number) => boolean;
  /** Dimensions whose values the query counts in the shared board (every static facet in one loop). */
  dims: readonly number[];
  /** Counting that needs more than a slot's static values (size with store and the reverse). */
  count?: (slot: number, seq: number) => void;
  /** Range facets: the query collects each counted slot's value (price, arrival day) for the ranges. */
  collector?: RangeCollector;
  respond: () => FacetResponse | undefined;
  /** Facet search: every counted value with its label (and path for categories). */
  searchValues: () => { rawValue: string; displayValue: string; count: number; path?: string[] }[];
}

/**
 * A slot fails the filter when it has one of the `rejected` values or, when `required`, none of the `accepted`
 * ones (global value numbers).
 */
export interface ValueFilter {
  accepted: readonly number[];
  rejected: readonly number[];
  required: boolean;
}

/** Where a rejected value's filter bit sits in `PreparedFacets.valueFilterBits`. */
export const REJECTED_SHIFT = 16;
/** Facets that filter at once: each needs a bit below REJECTED_SHIFT. */
const FILTER_BITS = REJECTED_SHIFT;
const MAX_FILTER_BIT = 1 << (FILTER_BITS - 1);

/** Counts of every global facet value, with the group stamp that makes each colour group count once. */
export interface CountBoard {
  counts: Int32Array;
  stamps: Int32Array;
}

export interface PreparedFacets {
  states: FacetState[];
  board: CountBoard;
  /** Sizes are counted from the slots' static values (no store is selected). */
  sizesStatic: boolean;
  /** Physical stores are counted from the slots' static values (no size is selected). */
  storesStatic: boolean;
  /** Filter bit of each global value's facet (0 when that facet does not filter). */
  valueBits: Int32Array;
  /**
   * The value filters by global value, so a slot's values are looked up once each: the bit of the filter the value
   * satisfies, and the bit of the filter it makes fail shifted by REJECTED_SHIFT.
   */
  valueFilterBits: Int32Array;
  /** Bits of the value filters a slot fails unless it has one of their accepted values. */
  requiredBits: number;
}

export interface FacetContext {
  view: StoreView;
  now: Date;
  userLocation?: { latitude: number; longitude: number } | undefined;
  /**
   * The category (value of the category dimension) a listing is of, when it is one: its slots are the base of the
   * query, so a category facet selection of it or of an ancestor (the shop's listings select their own category)
   * filters nothing and is not made a filter. The query then keeps to the category's kept listing, and its answer
   * can be cached (see `keptCategoryQuery` and `cachedQuery`).
   */
  listingCategory?: number | undefined;
}

interface FacetBuild extends FacetContext {
  board: CountBoard;
}

/** Value states a request gives, by value text. */
function statesOf(request: FacetRequest | undefined): Map<string, FacetValueState> {
  const states = new Map<string, FacetValueState>();
  for (const v of (request?.values ?? []) as RegularFacetValueRequest[]) {
    if (typeof v.value === "string") states.set(v.value, v.state);
  }
  return states;
}

function hasActiveValues(request: FacetRequest | undefined): boolean {
  return !!request?.values.some((v) => v.state !== "idle");
}

/** Counts per value id, each colour group counted once per value. */
class ValueCounter {
  readonly counts: Int32Array;
  private readonly stamps: Int32Array;

  constructor(size: number) {
    this.counts = new Int32Array(size);
    this.stamps = new Int32Array(size).fill(-1);
  }

  add(value: number, seq: number): void {
    if (this.stamps[value] !== seq) {
      this.stamps[value] = seq;
      this.counts[value] = (this.counts[value] as number) + 1;
    }
  }
}

interface RegularOptions {
  order: "count" | "size";
  /** Size order: the position of a value (sizes compare by rank, not by parsing each time). */
  rank?: (id: number) => number;
}

interface RegularRow {
  text: string;
  id: number | undefined;
  count: number;
}

function regularResponse(
  def: FacetDefinition,
  dim: Dimension,
  counts: Int32Array,
  request: FacetRequest | undefined,
  language: Language,
  options: RegularOptions,
): RegularFacetResponse | undefined {
  const states = statesOf(request);
  const numberOfValues = request?.numberOfValues ?? def.numberOfValues;
  const rowOf = (text: string): RegularRow => {
    const id = dim.find(text, language);
    return { text, id, count: id === undefined ? 0 : (counts[id] as number) };
  };
  const candidates: RegularRow[] = [];
  for (let id = 0; id < counts.length; id++) {
    const count = counts[id] as number;
    if (count > 0) candidates.push({ text: dim.label(id, language), id, count });
  }
  const compare =
    options.order === "size"
      ? (a: RegularRow, b: RegularRow) =>
          a.id === undefined || b.id === undefined
            ? (a.id === undefined ? 1 : 0) - (b.id === undefined ? 1 : 0)
            : options.rank
              ? options.rank(a.id) - options.rank(b.id)
              : compareSizes(dim.keys[a.id] as string, dim.keys[b.id] as string)
      : (a: RegularRow, b: RegularRow) =>
          b.count - a.count ||
          (a.id !== undefined && b.id !== undefined
            ? dim.labelRank(a.id, language) - dim.labelRank(b.id, language)
            : compareText(a.text, b.text, language));

  let rows: RegularRow[];
  if (request?.freezeCurrentValues && request.values.length > 0) {
    // The shopper is clicking through this facet: keep its values where they are, with fresh counts.
    rows = (request.values as RegularFacetValueRequest[]).map((v) => rowOf(v.value));
  } else {
    rows = [...candidates].sort(compare).slice(0, numberOfValues);
    // Selected and excluded values always stay visible, even without results.
    for (const [text, state] of states) {
      if (state === "idle" || rows.some((r) => r.text === text)) continue;
      if (rows.length >= numberOfValues) {
        const dropAt = findLastIndex(rows, (r) => (states.get(r.text) ?? "idle") === "idle");
        if (dropAt >= 0) rows.splice(dropAt, 1);
      }
      rows.push(rowOf(text));
    }
    rows.sort(compare);
  }
  if (rows.length === 0) return undefined;
  const more = candidates.some((c) => !rows.some((r) => r.id === c.id));
  return {
    facetId: def.facetId,
    field: def.field,
    displayName: facetDisplayName(def, language),
    type: "regular",
    isFieldExpanded: request?.isFieldExpanded ?? false,
    moreValuesAvailable: more,
    fromAutoSelect: false,
    numberOfValues,
    values: rows.map(
      (r): RegularFacetValue => ({
        value: r.text,
        state: states.get(r.text) ?? "idle",
        numberOfResults: r.count,
        isAutoSelected: false,
        isSuggested: false,
        moreValuesAvailable: more,
      }),
    ),
  };
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}

function regularSearchValues(dim: Dimension, counts: Int32Array, language: Language) {
  const out: { rawValue: string; displayValue: string; count: number }[] = [];
  for (let id = 0; id < counts.length; id++) {
    const count = counts[id] as number;
    if (count > 0) {
      const text = dim.label(id, language);
      out.push({ rawValue: text, displayValue: text, count });
    }
  }
  return out;
}

/** Selection of a regular facet over a dimension: 1 = selected, 2 = excluded. */
function selectionOf(dim: Dimension, request: FacetRequest | undefined, language: Language) {
  const sel = new Uint8Array(dim.size);
  let selected = 0;
  let excluded = 0;
  let unknownSelected = false;
  for (const v of (request?.values ?? []) as RegularFacetValueRequest[]) {
    if (v.state === "idle") continue;
    const id = dim.find(v.value, language);
    if (id === undefined) {
      if (v.state === "selected") unknownSelected = true;
      continue;
    }
    if (v.state === "selected") {
      sel[id] = 1;
      selected++;
    } else {
      sel[id] = 2;
      excluded++;
    }
  }
  return { sel, selected, excluded, active: selected > 0 || excluded > 0 || unknownSelected, unknownSelected };
}

/**
 * A regular facet's selection as a value filter: an excluded value fails a slot; with selected values (or one
 * this catalogue does not know) the slot needs one of them.
 */
function selectionFilter(dim: Dimension, selection: ReturnType<typeof selectionOf>): ValueFilter {
  const accepted: number[] = [];
  const rejected: number[] = [];
  for (let id = 0; id < dim.size; id++) {
    if (selection.sel[id] === 1) accepted.push(dim.globalIds[id] as number);
    else if (selection.sel[id] === 2) rejected.push(dim.globalIds[id] as number);
  }
  return { accepted, rejected, required: selection.selected > 0 || selection.unknownSelected };
}

/**
 * A regular facet over an attribute: brand, colour, fit, pattern, or materials (`several`: a product may have more
 * than one). A request may want products with every selected material (`resultsMustMatch: "allValues"`), which
 * needs the product's list of them; any other selection is a value filter.
 */
function attributeFacet(
  def: FacetDefinition,
  request: FacetRequest | undefined,
  ctx: FacetBuild,
  dim: Dimension,
  several?: { starts: Int32Array; counts: Uint8Array; pool: { data: Int32Array } },
  order: RegularOptions = { order: "count" },
): FacetState {
  const language = ctx.view.language;
  const selection = selectionOf(dim, request, language);
  const state: FacetState = {
    def,
    request,
    bit: 0,
    dims: [dim.index],
    respond: () => regularResponse(def, dim, dim.localCounts(ctx.board.counts), request, language, order),
    searchValues: () => regularSearchValues(dim, dim.localCounts(ctx.board.counts), language),
  };
  if (!selection.active) return state;
  const { sel, selected, unknownSelected } = selection;
  if (several && request?.resultsMustMatch === "allValues" && (selected > 1 || unknownSelected)) {
    const { starts, counts, pool } = several;
    state.test = (slot) => {
      if (unknownSelected) return false;
      const start = starts[slot] as number;
      const end = start + (counts[slot] as number);
      const data = pool.data;
      let hits = 0;
      for (let i = start; i < end; i++) {
        const s = sel[data[i] as number];
        if (s === 2) return false;
        if (s === 1) hits++;
      }
      return hits === selected;
    };
  } else {
    state.valueFilter = selectionFilter(dim, selection);
  }
  return state;
}

// --- hierarchical (category) ------------------------------------------------------------------------

/** The selected value of a hierarchical facet request and its path of value texts from the root. */
type SelectedCategoryValue = { path: string[]; value: CategoryFacetValueRequest };

function selectedCategoryValue(
  values: readonly CategoryFacetValueRequest[] | undefined,
): SelectedCategoryValue | undefined {
  const walk = (nodes: readonly CategoryFacetValueRequest[], path: string[]): SelectedCategoryValue | undefined => {
    for (const node of nodes) {
      const here = [...path, node.value];
      if (node.state === "selected") return { path: here, value: node };
      const below = walk(node.children ?? [], here);
      if (below) return below;
    }
    return undefined;
  };
  return values ? walk(values, []) : undefined;
}

/** The category a path of names leads to in a language (from the roots). */
function categoryByNamePath(catalog: CatalogIndex, language: Language, path: readonly string[]) {
  let level = catalog.tree.roots;
  let found: (typeof level)[number] | undefined;
  for (const name of path) {
    found = level.find((n) => n.record.translations[language].name === name);
    if (!found) return undefined;
    level = found.children;
  }
  return found;
}

function categoryFacet(def: FacetDefinition, request: FacetRequest | undefined, ctx: FacetBuild): FacetState {
  const { view } = ctx;
  const catalog = view.catalog;
  const language = view.language;
  const dim = catalog.categories;
  const selected = selectedCategoryValue(request?.values as CategoryFacetValueRequest[] | undefined);
  const path = selected?.path;
  const selectedNode = path ? categoryByNamePath(catalog, language, path) : undefined;
  const selectedValue = selectedNode ? dim.ids.get(String(selectedNode.record.id)) : undefined;
  // With a path selected, numberOfValues covers the chain (1, specification section 4); the selected value's
  // children are counted by its own retrieveCount.
  const retrieveCount = selected?.value.retrieveCount ?? request?.retrieveCount ?? CATEGORY_RETRIEVE_COUNT;
  const numberOfValues = request?.numberOfValues ?? def.numberOfValues;
  const countOf = (id: number) => {
    const local = dim.ids.get(String(id));
    return local === undefined ? 0 : (ctx.board.counts[dim.globalIds[local] as number] ?? 0);
  };
  const namePath = (id: number) => catalog.tree.ancestry(id).map((n) => n.record.translations[language].name);

  const state: FacetState = {
    def,
    request,
    bit: 0,
    dims: [dim.index],
    respond(): CategoryFacetResponse | undefined {
      const categoryValue = (
        node: (typeof catalog.tree.roots)[number],
        state: FacetValueState,
        children: CategoryFacetValue[],
        more: boolean,
      ): CategoryFacetValue => ({
        value: node.record.translations[language].name,
        // The protocol's category value path ends with the value itself.
        path: namePath(node.record.id),
        state,
        numberOfResults: countOf(node.record.id),
        isLeafValue: !node.children.some((c) => countOf(c.record.id) > 0),
        isAutoSelected: false,
        isSuggested: false,
        moreValuesAvailable: more,
        children,
      });
      const withResults = (nodes: typeof catalog.tree.roots) =>
        nodes.filter((n) => n.record.hidden !== true && countOf(n.record.id) > 0);
      let values: CategoryFacetValue[];
      let more = false;
      if (selectedNode) {
        const children = withResults(selectedNode.children);
        more = children.length > retrieveCount;
        let chain = categoryValue(
          selectedNode,
          "selected",
          children.slice(0, retrieveCount).map((c) => categoryValue(c, "idle", [], false)),
          more,
        );
        for (let node = selectedNode.parent; node; node = node.parent)
          chain = categoryValue(node, "idle", [chain], false);
        values = [chain];
      } else if (path) {
        // The selected path no longer exists in this store's tree: keep the selection visible, with no results.
        values = [
          {
            value: path[path.length - 1] as string,
            path,
            state: "selected",
            numberOfResults: 0,
            isLeafValue: true,
            isAutoSelected: false,
            isSuggested: false,
            moreValuesAvailable: false,
            children: [],
          },
        ];
      } else {
        const roots = withResults(catalog.tree.roots);
        more = roots.length > numberOfValues;
        values = roots.slice(0, numberOfValues).map((n) => categoryValue(n, "idle", [], false));
      }
      if (values.length === 0) return undefined;
      return {
        facetId: def.facetId,
        field: def.field,
        displayName: facetDisplayName(def, language),
        type: "hierarchical",
        isFieldExpanded: request?.isFieldExpanded ?? false,
        moreValuesAvailable: more,
        fromAutoSelect: false,
        numberOfValues,
        delimitingCharacter: HIERARCHY_DELIMITER,
        values,
      };
    },
    searchValues() {
      const out: { rawValue: string; displayValue: string; count: number; path: string[] }[] = [];
      for (const node of catalog.tree.nodes.values()) {
        const count = countOf(node.record.id);
        if (count <= 0) continue;
        const name = node.record.translations[language].name;
        out.push({ rawValue: name, displayValue: name, count, path: namePath(node.record.id).slice(0, -1) });
      }
      return out;
    },
  };
  if (path && !(selectedNode && impliedByListing(catalog, ctx.listingCategory, selectedNode.record.id))) {
    // A slot's categories include their ancestors: the selected category or one below it. A path this store's
    // tree does not have matches nothing.
    state.valueFilter = {
      accepted: selectedValue === undefined ? [] : [dim.globalIds[selectedValue] as number],
      rejected: [],
      required: true,
    };
  }
  return state;
}

/** True when every slot of the listing's category has the category `selectedId` (it or one of its ancestors). */
function impliedByListing(catalog: CatalogIndex, listingCategory: number | undefined, selectedId: number): boolean {
  if (listingCategory === undefined) return false;
  const key = catalog.categories.keys[listingCategory];
  if (key === undefined) return false;
  return catalog.tree.ancestry(Number(key)).some((node) => node.record.id === selectedId);
}

// --- ranges (price, arrival) -----------------------------------------------------------------------

const SCRATCH = [
  { seqs: new Int32Array(1024), values: new Int32Array(1024) },
  { seqs: new Int32Array(1024), values: new Int32Array(1024) },
];

/**
 * The largest span of values `countRanges` makes a table for (entries of 1 byte: 66 KB for prices over 660 euros).
 */
const MAX_RANGE_TABLE = 1 << 21;
/** The table of `countRanges`, kept between queries (they run one at a time). */
let rangeTable = new Uint8Array(1024);
/** The most ranges a table counts: overlapping ones by a bit each in its entries of 1 byte, else by number. */
const MAX_TABLE_RANGES = 8;
const MAX_DISJOINT_TABLE_RANGES = 254;
/**
 * When range facets count through a table of the values' span: `auto` when the table costs less than a test per
 * range and value, or always, or never (tests compare the two ways); `used` counts the tables made.
 */
export const rangeTables: { mode: "auto" | "always" | "never"; used: number } = { mode: "auto", used: 0 };

/**
 * Counts each group once per range through `table`, for ranges that do not overlap (automatic ranges): the table
 * holds the one range of each value of the span from `minRaw` (its number plus one; 0 for none, counted in slot 0
 * and ignored). A group counts in a range when its
 * sequence is not the range's last one, without a branch: groups of one to three members make that test a coin
 * toss for the processor, which cost the branching ways 3–4 ms for 450,000 prices at 1M products.
 */
function countDisjointThroughTable(
  seqs: Int32Array,
  values: Int32Array,
  length: number,
  table: Uint8Array,
  minRaw: number,
  counts: Int32Array,
  stamps: Int32Array,
): void {
  for (let i = 0; i < length; i++) {
    const seq = seqs[i] as number;
    const r = table[(values[i] as number) - minRaw] as number;
    counts[r] = (counts[r] as number) + ((stamps[r] as number) !== seq ? 1 : 0);
    stamps[r] = seq;
  }
}

/**
 * The (group sequence, value) pairs a range facet counts, filled by the query loop: a slot's value from `source`
 * (price cents, arrival day) when it is at least `min`. Values are compared as `value × scale`.
 */
export class RangeCollector {
  /** Which field of a slot's row (a zone's price, the arrival day) the values come from. */
  readonly field: number;
  readonly min: number;
  readonly scale: number;
  private readonly scratch: { seqs: Int32Array; values: Int32Array };
  /** The scratch space, or a kept listing's arrays (see `take`). */
  private buffer: { seqs: Int32Array; values: Int32Array };
  length = 0;

  /** `buffer` names scratch space shared by the queries (they run one at a time): 0 for prices, 1 for dates. */
  constructor(field: number, min: number, scale: number, buffer: 0 | 1) {
    this.field = field;
    this.min = min;
    this.scale = scale;
    this.scratch = SCRATCH[buffer] as { seqs: Int32Array; values: Int32Array };
    this.buffer = this.scratch;
  }

  get seqs(): Int32Array {
    return this.buffer.seqs;
  }

  get values(): Int32Array {
    return this.buffer.values;
  }

  /** Makes room for `capacity` values (the query knows how many slots it visits). */
  reset(capacity: number): void {
    this.buffer = this.scratch;
    if (this.buffer.seqs.length < capacity) {
      const size = Math.max(capacity, this.buffer.seqs.length * 2);
      this.buffer.seqs = new Int32Array(size);
      this.buffer.values = new Int32Array(size);
    }
    this.length = 0;
  }

  /**
   * Takes the (group, value) pairs of a kept category listing instead of a query's walk (see CategoryListings):
   * those of at least `min`, the same the walk would have collected. Every value is at least the minimum of the
   * price facet (it collects all): it reads the kept arrays in place, which it does not write.
   */
  take(groups: Int32Array, values: Int32Array, length: number): void {
    if (this.min === Number.NEGATIVE_INFINITY) {
      this.buffer = { seqs: groups, values };
      this.length = length;
      return;
    }
    this.reset(length);
    const seqs = this.buffer.seqs;
    const out = this.buffer.values;
    const min = this.min;
    let n = 0;
    for (let i = 0; i < length; i++) {
      const value = values[i] as number;
      if (value >= min) {
        seqs[n] = groups[i] as number;
        out[n++] = value;
      }
    }
    this.length = n;
  }

  /** Groups with at least one value in each range. */
  countRanges(ranges: readonly { start: number; end: number; endInclusive: boolean }[]): number[] {
    const counts = ranges.map(() => 0);
    const stamps = ranges.map(() => -1);
    const scale = this.scale;
    // Automatic ranges follow each other without overlap: a value is in one range at most (the first holding it).
    let disjoint = true;
    for (let r = 0; r < ranges.length; r++) {
      const range = ranges[r] as (typeof ranges)[number];
      if (range.end < range.start || (r > 0 && range.start < (ranges[r - 1] as { end: number }).end)) disjoint = false;
    }
    // The ranges as flat numbers, and the buffers as locals: this loop runs once per counted slot.
    const rangeCount = ranges.length;
    const starts = new Float64Array(rangeCount);
    const ends = new Float64Array(rangeCount);
    const inclusive = new Uint8Array(rangeCount);
    for (let r = 0; r < rangeCount; r++) {
      const range = ranges[r] as (typeof ranges)[number];
      starts[r] = range.start;
      ends[r] = range.end;
      inclusive[r] = range.endInclusive ? 1 : 0;
    }
    const values = this.values;
    const seqs = this.seqs;
    const length = this.length;
    const inside = (v: number, r: number) =>
      v >= (starts[r] as number) && (inclusive[r] === 1 ? v <= (ends[r] as number) : v < (ends[r] as number));
    // The values are integers (cents, days) within a span that is often small next to their number: a table of
    // the ranges holding each value in the span (as bits) answers each value with one lookup, not a test per range
    // with its mispredicted branches. Making the table costs a pass over the span, so it is made when the span is
    // at most the tests it saves: a category's few hundred prices spread over 600 euros (60,000 cents) are
    // answered faster by the tests.
    const { min: minRaw, max: maxRaw } = this.rawExtent();
    const span = maxRaw - minRaw + 1;
    const tableFits =
      length > 0 && rangeCount <= (disjoint ? MAX_DISJOINT_TABLE_RANGES : MAX_TABLE_RANGES) && span <= MAX_RANGE_TABLE;
    const tablePays = span <= length * rangeCount;
    if (tableFits && (rangeTables.mode === "always" || (rangeTables.mode === "auto" && tablePays))) {
      rangeTables.used++;
      if (rangeTable.length < span) rangeTable = new Uint8Array(Math.max(span, rangeTable.length * 2));
      const table = rangeTable;
      table.fill(0, 0, span);
      for (let r = 0; r < rangeCount; r++) {
        // Scaling keeps the order: the raw values inside a range follow one another.
        let raw = Math.min(Math.max(Math.ceil((starts[r] as number) / scale), minRaw), maxRaw + 1);
        while (raw > minRaw && inside((raw - 1) * scale, r)) raw--;
        while (raw <= maxRaw && raw * scale < (starts[r] as number)) raw++;
        // Disjoint ranges: the range's number plus one, the first holding the value; else the range's bit.
        const mark = disjoint ? r + 1 : 1 << r;
        for (; raw <= maxRaw && inside(raw * scale, r); raw++) {
          const at = raw - minRaw;
          if (!disjoint) table[at] = (table[at] as number) | mark;
          else if (table[at] === 0) table[at] = mark;
        }
      }
      if (!disjoint) {
        for (let i = 0; i < length; i++) {
          let mask = table[(values[i] as number) - minRaw] as number;
          if (mask === 0) continue;
          const seq = seqs[i] as number;
          while (mask !== 0) {
            const r = 31 - Math.clz32(mask & -mask);
            mask &= mask - 1;
            if (stamps[r] !== seq) {
              stamps[r] = seq;
              counts[r] = (counts[r] as number) + 1;
            }
          }
        }
        return counts;
      }
      const byRange = new Int32Array(rangeCount + 1);
      const lastSeq = new Int32Array(rangeCount + 1).fill(-1);
      countDisjointThroughTable(seqs, values, length, table, minRaw, byRange, lastSeq);
      for (let r = 0; r < rangeCount; r++) counts[r] = byRange[r + 1] as number;
      return counts;
    }
    for (let i = 0; i < length; i++) {
      const v = (values[i] as number) * scale;
      const seq = seqs[i] as number;
      for (let r = 0; r < rangeCount; r++) {
        if (v >= (starts[r] as number) && (inclusive[r] === 1 ? v <= (ends[r] as number) : v < (ends[r] as number))) {
          if (stamps[r] !== seq) {
            stamps[r] = seq;
            counts[r] = (counts[r] as number) + 1;
          }
          if (disjoint) break;
        }
      }
    }
    return counts;
  }

  minMax(): { min: number; max: number } | undefined {
    if (this.length === 0) return undefined;
    const { min, max } = this.rawExtent();
    return { min: min * this.scale, max: max * this.scale };
  }

  /** The least and greatest value collected, unscaled (infinities when none is). */
  private rawExtent(): { min: number; max: number } {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    const values = this.values;
    const length = this.length;
    for (let i = 0; i < length; i++) {
      const v = values[i] as number;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return { min, max };
  }

  sortedValues(): Float64Array {
    const out = new Float64Array(this.length);
    for (let i = 0; i < this.length; i++) out[i] = (this.values[i] as number) * this.scale;
    return out.sort();
  }
}

interface RangeTest {
  start: number;
  end: number;
  endInclusive: boolean;
  state: FacetValueState;
}

function rangeFilter(ranges: readonly RangeTest[]): ((value: number) => boolean) | undefined {
  const selected = ranges.filter((r) => r.state === "selected");
  const excluded = ranges.filter((r) => r.state === "excluded");
  if (selected.length === 0 && excluded.length === 0) return undefined;
  const inside = (v: number, r: RangeTest) => v >= r.start && (r.endInclusive ? v <= r.end : v < r.end);
  const only = selected.length === 1 && excluded.length === 0 ? (selected[0] as RangeTest) : undefined;
  if (only) {
    // The usual case, one selected range: the same test without the loops (it runs once per slot).
    const { start, end } = only;
    return only.endInclusive ? (v) => v >= start && v <= end : (v) => v >= start && v < end;
  }
  return (v) => {
    for (const r of excluded) if (inside(v, r)) return false;
    if (selected.length === 0) return true;
    for (const r of selected) if (inside(v, r)) return true;
    return false;
  };
}

/** Prices are compared in cents: 49.95 on the wire is 4995 in the index. */
const toCents = (units: number) => Math.round(units * 100);

function priceFacet(def: FacetDefinition, request: FacetRequest | undefined, ctx: FacetBuild): FacetState {
  const { view } = ctx;
  const language = view.language;
  const rows = view.catalog.rows;
  const priceField = ROW_PRICE + view.zone;
  const buffer = new RangeCollector(priceField, Number.NEGATIVE_INFINITY, 1, 0);
  const requested = (request?.values ?? []) as NumericRangeRequest[];
  const tests: RangeTest[] = requested.map((v) => ({
    start: toCents(v.start),
    end: toCents(v.end),
    endInclusive: v.endInclusive ?? false,
    state: v.state,
  }));
  const filter = rangeFilter(tests);
  const continuous = request?.interval === "continuous";
  const state: FacetState = {
    def,
    request,
    bit: 0,
    dims: [],
    collector: buffer,
    respond(): NumericFacetResponse | undefined {
      const extent = buffer.minMax();
      const numberOfValues = request?.numberOfValues ?? def.numberOfValues;
      let ranges: RangeTest[];
      if (requested.length > 0 && (continuous || hasActiveValues(request))) {
        ranges = tests;
      } else {
        if (!extent) return undefined;
        const algorithm: RangeAlgorithm = request?.rangeAlgorithm ?? "even";
        ranges = automaticRanges(
          extent.min / 100,
          extent.max / 100,
          Math.min(numberOfValues, MAX_AUTOMATIC_RANGES),
          algorithm,
          algorithm === "equiprobable" ? Array.from(buffer.sortedValues(), (c) => c / 100) : [],
        ).map((r) => ({ start: toCents(r.start), end: toCents(r.end), endInclusive: r.endInclusive, state: "idle" }));
      }
      const counts = buffer.countRanges(ranges);
      const values: NumericFacetValue[] = ranges
        .map((r, i) => ({
          start: r.start / 100,
          end: r.end / 100,
          endInclusive: r.endInclusive,
          state: r.state,
          numberOfResults: counts[i] as number,
          isAutoSelected: false,
          isSuggested: false,
          moreValuesAvailable: false,
        }))
        .filter((v) => v.numberOfResults > 0 || v.state !== "idle" || continuous);
      if (values.length === 0) return undefined;
      return {
        facetId: def.facetId,
        field: def.field,
        displayName: facetDisplayName(def, language),
        type: "numericalRange",
        isFieldExpanded: request?.isFieldExpanded ?? false,
        moreValuesAvailable: false,
        fromAutoSelect: false,
        numberOfValues: values.length,
        interval: continuous ? "continuous" : (request?.interval ?? request?.rangeAlgorithm ?? "even"),
        ...(extent
          ? {
              domain: {
                min: Math.floor(extent.min / 100),
                max: Math.ceil(extent.max / 100),
                increment: 1,
              },
            }
          : {}),
        values,
      };
    },
    searchValues: () => [],
  };
  // From the slot's row, which the query reads anyway.
  if (filter) {
    state.test = (slot) => filter(rows[slot * ROW + priceField] as number);
    state.priceTest = filter;
  }
  return state;
}

function arrivalFacet(def: FacetDefinition, request: FacetRequest | undefined, ctx: FacetBuild): FacetState {
  const { view, now } = ctx;
  const language = view.language;
  const catalog = view.catalog;
  const requested = (request?.values ?? []) as DateRangeRequest[];
  const toTest = (v: DateRangeRequest): RangeTest => ({
    start: parseFacetDate(v.start, now),
    end: parseFacetDate(v.end, now),
    endInclusive: v.endInclusive ?? false,
    state: v.state,
  });
  const tests = requested.map(toTest);
  const filter = rangeFilter(tests);
  const rows = catalog.rows;
  // From the slot's row, which the query reads anyway.
  const arrivalMs = (slot: number) => (rows[slot * ROW + ROW_ARRIVAL] as number) * DAY_MS;
  const defaults = arrivalWindows(now);
  // Only arrivals inside the widest window can be counted: older ones need not be collected.
  const windows = requested.length > 0 ? tests : defaults;
  const oldestDay = Math.floor(Math.min(...windows.map((w) => w.start)) / DAY_MS);
  const buffer = new RangeCollector(ROW_ARRIVAL, oldestDay, DAY_MS, 1);
  const state: FacetState = {
    def,
    request,
    bit: 0,
    dims: [],
    collector: buffer,
    respond(): DateFacetResponse | undefined {
      let ranges: (RangeTest & { startText: string; endText: string })[];
      // The ranges asked for, as asked (relative dates stay relative: "past-7-day"), whatever their states; the
      // service's own windows only when none are asked for.
      if (requested.length > 0) {
        ranges = requested.map((v, i) => ({ ...(tests[i] as RangeTest), startText: v.start, endText: v.end }));
      } else {
        ranges = defaults;
      }
      const counts = buffer.countRanges(ranges);
      const values: DateFacetValue[] = ranges
        .map((r, i) => ({
          start: r.startText,
          end: r.endText,
          endInclusive: r.endInclusive,
          state: r.state,
          numberOfResults: counts[i] as number,
          isAutoSelected: false,
          isSuggested: false,
          moreValuesAvailable: false,
        }))
        .filter((v) => v.numberOfResults > 0 || v.state !== "idle");
      if (values.length === 0) return undefined;
      return {
        facetId: def.facetId,
        field: def.field,
        displayName: facetDisplayName(def, language),
        type: "dateRange",
        isFieldExpanded: request?.isFieldExpanded ?? false,
        moreValuesAvailable: false,
        fromAutoSelect: false,
        numberOfValues: values.length,
        values,
      };
    },
    searchValues: () => [],
  };
  if (filter) state.test = (slot) => filter(arrivalMs(slot));
  return state;
}

// --- variant level: size and physical-store availability ---------------------------------------------

/**
 * Size and store availability are judged per variant: "M" with "Berlin" matches a product only when its M is in
 * stock in Berlin; "M" alone needs an M that can be bought online. Both facets share one filter (one bit), and
 * each counts with the other one's selection applied.
 */
function variantFacets(
  sizeDef: FacetDefinition,
  storeDef: FacetDefinition,
  sizeRequest: FacetRequest | undefined,
  storeRequest: FacetRequest | undefined,
  ctx: FacetBuild,
): [FacetState, FacetState] {
  const { view } = ctx;
  const catalog = view.catalog;
  const language = view.language;
  const sizes = selectionOf(catalog.sizes, sizeRequest, language);
  const stores = selectionOf(catalog.stores, storeRequest, language);
  const storeSelected = stores.selected > 0 || stores.unknownSelected;
  const sizeFiltered = sizes.active;
  // Sizes count per variant only when a store is selected (its stock), stores only when a size is.
  const sizeCounter = storeSelected ? new ValueCounter(catalog.sizes.size) : undefined;
  const storeCounter = sizeFiltered ? new ValueCounter(catalog.stores.size) : undefined;
  const sizeCounts = () => sizeCounter?.counts ?? catalog.sizes.localCounts(ctx.board.counts);
  const storeCounts = () => storeCounter?.counts ?? catalog.stores.localCounts(ctx.board.counts);
  const vStart = catalog.variantStart;
  const vCount = catalog.variantCount;

  const allowedSize = (size: number) => {
    const s = sizes.sel[size];
    if (s === 2) return false;
    return (sizes.selected === 0 && !sizes.unknownSelected) || s === 1;
  };
  const sizeAllowed = (v: number) => allowedSize(catalog.variantSize.data[v] as number);
  const inSelectedStore = (v: number) => {
    const start = catalog.variantStoreStart.data[v] as number;
    const end = start + (catalog.variantStoreCount.data[v] as number);
    const pool = catalog.storePool.data;
    for (let i = start; i < end; i++) if (stores.sel[pool[i] as number] === 1) return true;
    return false;
  };
  const sellable = (v: number) => catalog.variantSellable.data[v] === 1;

  const sizeState: FacetState = {
    def: sizeDef,
    request: sizeRequest,
    bit: 0,
    dims: sizeCounter ? [] : [DIM.size],
    respond: () =>
      regularResponse(sizeDef, catalog.sizes, sizeCounts(), sizeRequest, language, {
        order: "size",
        rank: (id) => catalog.sizeRankOf(id),
      }),
    searchValues: () => regularSearchValues(catalog.sizes, sizeCounts(), language),
  };
  const storeState: FacetState = {
    def: storeDef,
    request: storeRequest,
    bit: 0,
    dims: storeCounter ? [] : [DIM.store],
    respond(): LocationFacetResponse | undefined {
      const counts = storeCounts();
      const states = statesOf(storeRequest);
      const here = ctx.userLocation;
      const shown = view.locations
        .map((id) => ({ id, record: catalog.physicalStores.find((s) => s.id === catalog.stores.keys[id]) }))
        .filter(
          (s): s is { id: number; record: NonNullable<typeof s.record> } =>
            s.record !== undefined &&
            ((counts[s.id] as number) > 0 || (states.get(catalog.stores.label(s.id, language)) ?? "idle") !== "idle"),
        );
      if (here) shown.sort((a, b) => distanceKm(here, a.record) - distanceKm(here, b.record));
      else
        shown.sort((a, b) =>
          compareText(catalog.stores.label(a.id, language), catalog.stores.label(b.id, language), language),
        );
      const numberOfValues = storeRequest?.numberOfValues ?? storeDef.numberOfValues;
      const values = shown.slice(0, numberOfValues).map((s) => {
        const value = catalog.stores.label(s.id, language);
        return { value, state: states.get(value) ?? "idle", numberOfResults: counts[s.id] as number };
      });
      if (values.length === 0) return undefined;
      return {
        facetId: storeDef.facetId,
        field: storeDef.field,
        displayName: facetDisplayName(storeDef, language),
        type: "location",
        isFieldExpanded: storeRequest?.isFieldExpanded ?? false,
        moreValuesAvailable: shown.length > values.length,
        fromAutoSelect: false,
        numberOfValues,
        values,
      };
    },
    searchValues: () => {
      const counts = storeCounts();
      return view.locations
        .filter((id) => (counts[id] as number) > 0)
        .map((id) => {
          const text = catalog.stores.label(id, language);
          return { rawValue: text, displayValue: text, count: counts[id] as number };
        });
    },
  };

  if (sizeCounter) {
    sizeState.count = (slot, seq) => {
      const start = vStart[slot] as number;
      const end = start + (vCount[slot] as number);
      for (let v = start; v < end; v++) {
        if (storeSelected ? inSelectedStore(v) : sellable(v)) {
          (sizeCounter as ValueCounter).add(catalog.variantSize.data[v] as number, seq);
        }
      }
    };
  }
  if (storeCounter) {
    storeState.count = (slot, seq) => {
      const start = vStart[slot] as number;
      const end = start + (vCount[slot] as number);
      const pool = catalog.storePool.data;
      for (let v = start; v < end; v++) {
        if (sizeFiltered && !sizeAllowed(v)) continue;
        const s0 = catalog.variantStoreStart.data[v] as number;
        const s1 = s0 + (catalog.variantStoreCount.data[v] as number);
        for (let i = s0; i < s1; i++) (storeCounter as ValueCounter).add(pool[i] as number, seq);
      }
    };
  }
  // The size facet holds the pair's filter; the store facet shares its bit (see prepareFacets).
  if (storeSelected) {
    sizeState.test = (slot: number) => {
      const start = vStart[slot] as number;
      const end = start + (vCount[slot] as number);
      for (let v = start; v < end; v++) if (sizeAllowed(v) && inSelectedStore(v)) return true;
      return false;
    };
  } else if (sizeFiltered) {
    // An allowed size that can be bought online: the sizes in the slot's row are those of its sellable variants.
    const accepted: number[] = [];
    for (let id = 0; id < catalog.sizes.size; id++) {
      if (allowedSize(id)) accepted.push(catalog.sizes.globalIds[id] as number);
    }
    sizeState.valueFilter = { accepted, rejected: [], required: true };
  }
  return [sizeState, storeState];
}

/**
 * Builds the per-query state of every facet from the request's facets (by facet id). Facets with active values
 * get a filter bit; size and store share theirs.
 */
export function prepareFacets(requests: ReadonlyMap<string, FacetRequest>, context: FacetContext): PreparedFacets {
  const catalog = context.view.catalog;
  const space = catalog.values.size;
  const board: CountBoard = { counts: new Int32Array(space), stamps: new Int32Array(space) };
  const ctx: FacetBuild = { ...context, board };
  const states: FacetState[] = [];
  let variantPair: [FacetState, FacetState] | undefined;
  const def = (id: string) => FACET_BY_ID.get(id) as FacetDefinition;
  for (const facet of FACETS) {
    const request = requests.get(facet.facetId);
    switch (facet.facetId) {
      case "ec_category":
        states.push(categoryFacet(facet, request, ctx));
        break;
      case "ec_brand":
        states.push(attributeFacet(facet, request, ctx, catalog.brands));
        break;
      case "ec_color":
        states.push(attributeFacet(facet, request, ctx, catalog.colours));
        break;
      case "fit":
        states.push(attributeFacet(facet, request, ctx, catalog.fits));
        break;
      case "pattern":
        states.push(attributeFacet(facet, request, ctx, catalog.patterns));
        break;
      case "material":
        states.push(
          attributeFacet(facet, request, ctx, catalog.materials, {
            starts: catalog.materialStart,
            counts: catalog.materialCount,
            pool: catalog.materialPool,
          }),
        );
        break;
      case "ec_price":
        states.push(priceFacet(facet, request, ctx));
        break;
      case "new_arrivals":
        states.push(arrivalFacet(facet, request, ctx));
        break;
      case "size":
      case "store": {
        variantPair ??= variantFacets(def("size"), def("store"), requests.get("size"), requests.get("store"), ctx);
        states.push(facet.facetId === "size" ? variantPair[0] : variantPair[1]);
        break;
      }
    }
  }
  // The merchant's attributes after the built-in facets; their values are counted with the others.
  for (const facet of catalogFacets(catalog).list) {
    if (facet.attribute) {
      const request = requests.get(facet.facetId);
      states.push(
        attributeFacet(facet, request, ctx, facet.attribute.dimension, undefined, attributeOrder(facet.attribute)),
      );
    }
  }
  // Assign filter bits; the store facet shares the size facet's.
  let nextBit = 1;
  for (const state of states) {
    if (!state.test && !state.valueFilter) continue;
    if (nextBit > MAX_FILTER_BIT) {
      throw invalid("facets", `at most ${FILTER_BITS} facets may have selected or excluded values at once.`);
    }
    state.bit = nextBit;
    nextBit <<= 1;
  }
  if (variantPair) variantPair[1].bit = variantPair[0].bit;
  const dimensions = catalog.dimensions;
  const valueBits = new Int32Array(space);
  const valueFilterBits = new Int32Array(space);
  let requiredBits = 0;
  for (const state of states) {
    if (state.bit === 0) continue;
    for (const d of state.dims) for (const g of (dimensions[d] as Dimension).globalIds) valueBits[g] = state.bit;
    const filter = state.valueFilter;
    if (!filter) continue;
    for (const g of filter.accepted) valueFilterBits[g] = state.bit;
    for (const g of filter.rejected) valueFilterBits[g] = state.bit << REJECTED_SHIFT;
    if (filter.required) requiredBits |= state.bit;
  }
  return {
    states,
    board,
    sizesStatic: variantPair ? variantPair[0].count === undefined : true,
    storesStatic: variantPair ? variantPair[1].count === undefined : true,
    valueBits,
    valueFilterBits,
    requiredBits,
  };
}

export { formatApiDate };
