import {
  ROW,
  ROW_ARRIVAL,
  ROW_ATTRIBUTES,
  ROW_CAPACITY,
  ROW_DERIVED,
  ROW_GROUP,
  ROW_PRICE,
  ROW_VALUES,
  UNIFORM_BIT,
} from "./catalog-index.ts";
import { type PreparedFacets, REJECTED_SHIFT } from "./facets.ts";
import { RANK_SCALE, type StoreView } from "./store-view.ts";
import type { TextMatch } from "./text-index.ts";

/** What a listing or search is about before facets: a category, the sale, new arrivals, given products, all. */
export type BaseFilter =
  | { kind: "all" }
  | { kind: "none" }
  | { kind: "category"; value: number }
  | { kind: "sale" }
  | { kind: "new"; sinceDay: number }
  | { kind: "products"; productIds: ReadonlySet<number> };

export type SortKey = "relevance" | "price_asc" | "price_desc" | "newest";

export interface QueryPlan {
  view: StoreView;
  base: BaseFilter;
  /** Text matches (every query word found); undefined for a listing. */
  text?: TextMatch | undefined;
  /** The request's facets: their selections filter, their values are counted. */
  facets: PreparedFacets;
  /** Count facet values (not for instant products). */
  countFacets: boolean;
  sort: SortKey;
  offset: number;
  limit: number;
  /** Products shown first, in this order, when they match. */
  pinnedProductIds?: readonly number[];
}

export interface QueryResult {
  /** Colour groups matching (each group is one result). */
  total: number;
  /** The parent slot of each result on the page. */
  parents: number[];
  /** The parent slot of each result up to the page's end, from the first (the page is their tail). */
  ranked: number[];
}

/** Sold-out products sink below available ones in text relevance. */
const SOLD_OUT_PENALTY = 3;
/** Ranks of products in stock start here (see StoreView). */
const IN_STOCK_RANK = 1_000_000;

/** Scratch space of the queries (they run one at a time), grown with the catalogue. */
const scratchSpace = {
  hitStamp: new Int32Array(0),
  textScore: new Float64Array(0),
  hitSlots: new Int32Array(0),
  hitKeys: new Float64Array(0),
  orderScore: new Float32Array(0),
  epoch: 0,
};

function scratch(size: number): typeof scratchSpace {
  const space = scratchSpace;
  if (space.hitStamp.length < size) {
    const length = Math.max(size, space.hitStamp.length * 2);
    space.hitStamp = new Int32Array(length);
    space.textScore = new Float64Array(length);
    space.hitSlots = new Int32Array(length);
    space.hitKeys = new Float64Array(length);
    space.orderScore = new Float32Array(length);
    space.epoch = 0;
  }
  if (space.epoch > 2_000_000_000) {
    space.hitStamp.fill(0);
    space.epoch = 0;
  }
  return space;
}

/** Answer category listings without text and facet filters from the kept lists (off: tests and benchmarks compare). */
export const keptListings = { enabled: true };

/**
 * A category listing without text, facet filters or pinned products, from the store view's kept list of the
 * category (CategoryListings): the facet counts are copied, the range facets read the kept prices and arrival days,
 * and only the ranking passes over the category, on contiguous arrays instead of a row per slot. The same answer
 * as the walk below: the same best member per colour group (by the same keys, ties to the earlier member) and the
 * same page (`topK`). Undefined when a facet needs the walk after all.
 */
function keptCategoryQuery(plan: QueryPlan, category: number): QueryResult | undefined {
  const { view } = plan;
  const states = plan.facets.states;
  const priceField = ROW_PRICE + view.zone;
  for (const state of states) {
    if (state.bit !== 0 || state.test || state.valueFilter || state.count) return undefined;
    if (state.collector && state.collector.field !== ROW_ARRIVAL && state.collector.field !== priceField) {
      return undefined;
    }
  }
  if (plan.facets.requiredBits !== 0) return undefined;
  const list = view.categoryList(category);
  const length = list ? list.slots.length : 0;
  const slots = list?.slots ?? EMPTY;
  const groups = list?.groups ?? EMPTY;
  const prices = list?.prices ?? EMPTY;
  const arrivals = list?.arrivals ?? EMPTY;
  if (list) {
    const counts = plan.facets.board.counts;
    counts.set(list.counts.length <= counts.length ? list.counts : list.counts.subarray(0, counts.length));
  }
  for (const state of states) {
    const collector = state.collector;
    if (collector) collector.take(groups, collector.field === ROW_ARRIVAL ? arrivals : prices, length);
  }
  const total = list?.total ?? 0;
  if (plan.limit <= 0 || plan.offset >= total) return { total, parents: [], ranked: [] };

  const space = scratch(view.catalog.slotCount);
  const hitSlots = space.hitSlots;
  const hitKeys = space.hitKeys;
  const rank = view.rank;
  const sortMode = sortModeOf(plan);
  let hitCount = 0;
  let currentGroup = -1;
  let bestSlot = -1;
  let bestKey = 0;
  for (let i = 0; i < length; i++) {
    const slot = slots[i] as number;
    const g = groups[i] as number;
    if (g !== currentGroup) {
      if (bestSlot >= 0) {
        hitSlots[hitCount] = bestSlot;
        hitKeys[hitCount] = bestKey;
        hitCount++;
      }
      currentGroup = g;
      bestSlot = -1;
    }
    const key = sortKey(sortMode, rank[slot] as number, (sortMode === 4 ? arrivals[i] : prices[i]) as number);
    if (bestSlot < 0 || key > bestKey) {
      bestSlot = slot;
      bestKey = key;
    }
  }
  if (bestSlot >= 0) {
    hitSlots[hitCount] = bestSlot;
    hitKeys[hitCount] = bestKey;
    hitCount++;
  }
  const end = Math.min(plan.offset + plan.limit, total);
  const ranked = topK(hitSlots, hitKeys, hitCount, end, undefined, view.catalog.group);
  return { total, parents: ranked.slice(plan.offset, end), ranked };
}

const EMPTY = new Int32Array(0);

/**
 * Filtered walks pass over slots by the filters' bitsets (off: tests compare with reading every row); walks of
 * fewer slots than `minSlots` read every row, as combining the bitsets would cost more than it saves.
 */
export const filterBitsets = { enabled: true, minSlots: 20_000, used: 0 };
const EMPTY_BITS = new Uint32Array(0);
/** Scratch space of `filterSetsOf`: two bitsets over the slots. */
const filterSets: Uint32Array[] = [new Uint32Array(0), new Uint32Array(0)];

/**
 * Up to `max` of the plan's required value filters as bitsets of the slots that pass them (a slot passes when it
 * holds an accepted value: the union of those values' slot bitsets, see CatalogIndex.valueSlots). Filters whose
 * bit a slot test also sets (`testBits`), and filters with a value of no bitset (a large dimension's), are left
 * out. A slot outside a set fails that filter: the walk passes over a slot failing two without reading its row.
 * Rejected values and the other filters are still tested on the row.
 */
function filterSetsOf(
  plan: QueryPlan,
  catalog: QueryPlan["view"]["catalog"],
  max: number,
  testBits: readonly number[],
): Uint32Array[] {
  const { requiredBits, valueFilterBits } = plan.facets;
  const out: Uint32Array[] = [];
  if (!filterBitsets.enabled || requiredBits === 0) return out;
  const words = (catalog.slotCount + 31) >>> 5;
  for (let bit = 1; bit <= requiredBits && out.length < max; bit <<= 1) {
    if ((requiredBits & bit) === 0 || testBits.includes(bit)) continue;
    // The accepted values of the filter (the size and store facets share one bit: both dimensions' values).
    const accepted: number[] = [];
    for (let g = 0; g < valueFilterBits.length; g++) if (valueFilterBits[g] === bit) accepted.push(g);
    const sets: Uint32Array[] = [];
    for (const value of accepted) {
      const bits = catalog.valueSlots(value);
      if (bits) sets.push(bits);
    }
    if (sets.length < accepted.length) continue;
    let target = filterSets[out.length] as Uint32Array;
    if (target.length < words) {
      target = new Uint32Array(Math.max(words, Math.ceil(target.length * 1.25)));
      filterSets[out.length] = target;
    }
    target.fill(0, 0, words);
    for (const bits of sets) {
      const n = Math.min(words, bits.length);
      for (let w = 0; w < n; w++) target[w] = (target[w] as number) | (bits[w] as number);
    }
    out.push(target);
  }
  return out;
}

/** The sort of a plan as a mode of `sortKey`: 0 rank, 1 text score, 2 price up, 3 price down, 4 newest. */
function sortModeOf(plan: QueryPlan): 0 | 1 | 2 | 3 | 4 {
  return plan.sort === "price_asc"
    ? 2
    : plan.sort === "price_desc"
      ? 3
      : plan.sort === "newest"
        ? 4
        : plan.text
          ? 1
          : 0;
}

/** The row field a sort mode reads (`sortKey`'s value): the store's price, or the arrival day for the newest first. */
const sortField = (sortMode: number, priceField: number) => (sortMode === 4 ? ROW_ARRIVAL : priceField);

/**
 * A member's sort key (the higher the better) for every walk: its store rank (`rank`, see StoreView) breaks ties,
 * and alone orders listings (mode 0). `value` is the text score (mode 1: a sold-out member sinks by
 * SOLD_OUT_PENALTY), the price (2 ascending, 3 descending) or the arrival day (4); mode 0 ignores it.
 */
function sortKey(sortMode: number, rank: number, value: number): number {
  const r = rank / RANK_SCALE;
  return sortMode === 0
    ? r
    : sortMode === 1
      ? value + r / 2e6 - (r >= IN_STOCK_RANK ? 0 : SOLD_OUT_PENALTY)
      : sortMode === 2
        ? -value + r / 1e7
        : value + r / 1e7;
}

/**
 * Runs one query in a single pass over the candidate slots in group order: each slot is tested against the base
 * filter and every active facet filter; a slot failing no filter is a hit, a slot failing exactly one facet still
 * counts for that facet (multi-select counting), and colour groups are counted once. Each group keeps its best
 * member (by the sort) as the parent; the page is taken with a bounded heap.
 */
export function executeQuery(plan: QueryPlan): QueryResult {
  if (
    keptListings.enabled &&
    plan.base.kind === "category" &&
    !plan.text &&
    plan.countFacets &&
    (plan.pinnedProductIds?.length ?? 0) === 0
  ) {
    const kept = keptCategoryQuery(plan, plan.base.value);
    if (kept) return kept;
  }
  const { view, base } = plan;
  const catalog = view.catalog;
  const space = scratch(catalog.slotCount);
  const currentEpoch = ++space.epoch;
  const hitStamp = space.hitStamp;
  const textScore = space.textScore;
  const hitSlots = space.hitSlots;
  const hitKeys = space.hitKeys;
  let hitCount = 0;
  // Which members matched is only needed to show a pinned product itself rather than its group's best.
  const trackHits = (plan.pinnedProductIds?.length ?? 0) > 0;

  let order: Int32Array;
  // The text score of `order[i]` at `i`, so the loop reads scores in order instead of by slot.
  let orderScore: Float32Array = space.orderScore;
  if (plan.text) {
    order = view.inGroupOrder(plan.text.slots);
    if (order === plan.text.slots) {
      // Matches come in slot order, which is group order unless a change moved a colour sibling.
      orderScore = plan.text.scores;
    } else {
      for (let i = 0; i < plan.text.count; i++) textScore[plan.text.slots[i] as number] = plan.text.scores[i] as number;
      for (let i = 0; i < order.length; i++) orderScore[i] = textScore[order[i] as number] as number;
    }
  } else if (base.kind === "category") {
    order = view.categoryOrder(base.value);
  } else if (base.kind === "none") {
    order = new Int32Array(0);
  } else {
    order = view.groupOrder;
  }

  const reduction = catalog.reduction[view.zone] as Uint8Array;
  const arrivalDay = catalog.arrivalDay;
  const productId = catalog.productId;
  const group = catalog.group;
  const categoryStart = catalog.categoryStart;
  const categoryCount = catalog.categoryCount;
  const categoryPool = catalog.categoryPool.data;

  let baseTest: ((slot: number) => boolean) | undefined;
  switch (base.kind) {
    case "category":
      if (plan.text) {
        const value = base.value;
        baseTest = (slot) => {
          const start = categoryStart[slot] as number;
          const end = start + (categoryCount[slot] as number);
          for (let i = start; i < end; i++) if (categoryPool[i] === value) return true;
          return false;
        };
      }
      break;
    case "sale":
      baseTest = (slot) => (reduction[slot] as number) > 0;
      break;
    case "new": {
      const since = base.sinceDay;
      baseTest = (slot) => (arrivalDay[slot] as number) >= since;
      break;
    }
    case "products": {
      const ids = base.productIds;
      baseTest = (slot) => ids.has(productId[slot] as number);
      break;
    }
  }

  const states = plan.facets.states;
  // A category listing walks its kept list, whose prices lie beside the slots: the price filter reads them there,
  // not the row (and, with a value filter's bitset, can pass over a slot without its row: see `filterSetsOf`).
  const keptPrices = base.kind === "category" && !plan.text ? view.categoryList(base.value)?.prices : undefined;
  const priceState =
    keptPrices !== undefined && keptPrices.length === order.length && filterBitsets.enabled
      ? states.find((f) => f.priceTest !== undefined)
      : undefined;
  const priceTest = priceState?.priceTest;
  const priceBit = priceState?.bit ?? 0;
  const prices = priceState ? (keptPrices as Int32Array) : EMPTY;
  const filters = states.filter((f) => f.test !== undefined && f !== priceState);
  const filterTests = filters.map((f) => f.test as (slot: number) => boolean);
  const filterBits = filters.map((f) => f.bit);
  const counters = plan.countFacets ? states.filter((f) => f.count !== undefined) : [];
  const collectors = plan.countFacets ? states.filter((f) => f.collector !== undefined) : [];
  // The range facets' collectors (at most two: prices and arrival days), unrolled into locals for the loop.
  const collectorParts = collectors.map((f) => {
    const c = f.collector as NonNullable<typeof f.collector>;
    c.reset(order.length);
    return { c, notBit: ~f.bit, field: c.field, min: c.min, seqs: c.seqs, values: c.values };
  });
  const noCollector = { notBit: -1, field: 0, min: 0, seqs: new Int32Array(0), values: new Int32Array(0) };
  const a = collectorParts[0] ?? noCollector;
  const b = collectorParts[1] ?? noCollector;
  const aOn = collectorParts.length > 0;
  const bOn = collectorParts.length > 1;
  const aNotBit = a.notBit;
  const aField = a.field;
  const aMin = a.min;
  const aSeqs = a.seqs;
  const aValues = a.values;
  const bNotBit = b.notBit;
  const bField = b.field;
  const bMin = b.min;
  const bSeqs = b.seqs;
  const bValues = b.values;
  let aLength = 0;
  let bLength = 0;
  const counterBits = counters.map((f) => ~f.bit);
  const counterFns = counters.map((f) => f.count as (slot: number, seq: number) => void);
  const countStatic = plan.countFacets;
  const { counts, stamps } = plan.facets.board;
  const { valueBits, valueFilterBits, requiredBits } = plan.facets;
  const valueFiltered = plan.facets.states.some((f) => f.valueFilter !== undefined);
  const readsValues = countStatic || valueFiltered;
  const sizesStatic = plan.facets.sizesStatic;
  const storesStatic = plan.facets.storesStatic;
  // Every slot's row (see ROW): group, arrival, prices, facet values; and this store's rank of every slot.
  const rows = catalog.rows;
  const rowValues = catalog.rowValues;
  const overflowValues = catalog.overflowValues.data;
  const rank = view.rank;
  const priceField = ROW_PRICE + view.zone;

  const sortMode = sortModeOf(plan);
  const keyField = sortField(sortMode, priceField);
  // Required value filters whose slots are known as bitsets (see `filterSetsOf`): with the kept prices, a slot
  // failing two filters is passed over before its row is read.
  const pre =
    valueFiltered && order.length >= filterBitsets.minSlots
      ? filterSetsOf(plan, catalog, priceTest ? 1 : 2, filterBits)
      : [];
  const preA = pre[0] ?? EMPTY_BITS;
  const preB = pre[1] ?? EMPTY_BITS;
  const preCount = pre.length;
  const preOn = preCount + (priceTest ? 1 : 0) >= 2;
  if (preOn) filterBitsets.used++;

  let currentGroup = -1;
  let seq = 0;
  let bestSlot = -1;
  let bestKey = 0;
  // A member of a uniform group whose shared values were counted (by a member failing no filter) skips them.
  let sharedCounted = false;
  const filterCount = filterTests.length;
  const counterCount = counterFns.length;

  // Instant products by relevance: only the members that can make the page need their keys (see `bestByText`).
  const pruned =
    prunedText.enabled && !readsValues && sortMode === 1 && filterCount === 0 && baseTest === undefined && !trackHits
      ? bestByText(order, orderScore, group, rank, hitSlots, hitKeys, Math.min(plan.offset + plan.limit, order.length))
      : undefined;
  // Counting with no filter at all (a search without facet selections): every visited slot is a hit that counts
  // all its values, in a walk of its own (see `countingWalk`).
  const counting =
    readsValues &&
    countingWalks.enabled &&
    !valueFiltered &&
    filterCount === 0 &&
    !priceTest &&
    baseTest === undefined &&
    !trackHits &&
    counterCount === 0 &&
    !preOn;
  const general = readsValues && !counting;
  if (counting) {
    countingWalks.used++;
    const walked = countingWalk({
      order,
      orderScore,
      rows,
      rowValues,
      overflowValues,
      group,
      groupValueStart: catalog.groupValueStart,
      groupValues: catalog.groupValues.data,
      keyColumn: sortMode >= 2 ? catalog.fieldColumn(keyField) : EMPTY,
      aColumn: aOn ? catalog.fieldColumn(aField) : EMPTY,
      bColumn: bOn ? catalog.fieldColumn(bField) : EMPTY,
      rank,
      hitSlots,
      hitKeys,
      counts,
      stamps,
      sortMode,
      ranks: plan.limit > 0,
      sizesStatic,
      storesStatic,
      a: aOn ? a : undefined,
      b: bOn ? b : undefined,
    });
    hitCount = walked.hits;
    aLength = walked.aLength;
    bLength = walked.bLength;
  } else if (pruned) {
    hitCount = pruned.kept;
  } else if (!readsValues) {
    // Nothing to count (instant products): the same walk, reading each slot's group from the dense group column
    // and its rank, not its row (unless the sort needs a price or arrival).
    for (let i = 0; i < order.length; i++) {
      const slot = order[i] as number;
      if (baseTest !== undefined && !baseTest(slot)) continue;
      let mask = priceTest !== undefined && !priceTest(prices[i] as number) ? priceBit : 0;
      for (let f = 0; f < filterCount; f++) {
        if (!(filterTests[f] as (s: number) => boolean)(slot)) {
          mask |= filterBits[f] as number;
          if ((mask & (mask - 1)) !== 0) break;
        }
      }
      if ((mask & (mask - 1)) !== 0) continue;
      const g = group[slot] as number;
      if (g !== currentGroup) {
        if (bestSlot >= 0) {
          hitSlots[hitCount] = bestSlot;
          hitKeys[hitCount] = bestKey;
          hitCount++;
        }
        currentGroup = g;
        bestSlot = -1;
      }
      if (mask === 0) {
        if (trackHits) hitStamp[slot] = currentEpoch;
        const value =
          sortMode === 1 ? (orderScore[i] as number) : sortMode === 0 ? 0 : (rows[slot * ROW + keyField] as number);
        const key = sortKey(sortMode, rank[slot] as number, value);
        if (bestSlot < 0 || key > bestKey) {
          bestSlot = slot;
          bestKey = key;
        }
      }
    }
  }
  // The walk that reads each slot's row, for its facet values to count or to test.
  for (let i = 0; general && i < order.length; i++) {
    const slot = order[i] as number;
    if (baseTest !== undefined && !baseTest(slot)) continue;
    let mask = priceTest !== undefined && !priceTest(prices[i] as number) ? priceBit : 0;
    for (let f = 0; f < filterCount; f++) {
      if (!(filterTests[f] as (s: number) => boolean)(slot)) {
        mask |= filterBits[f] as number;
        if ((mask & (mask - 1)) !== 0) break;
      }
    }
    if ((mask & (mask - 1)) !== 0) continue;
    if (preOn) {
      const word = slot >>> 5;
      const bit = 1 << (slot & 31);
      let fails = mask === 0 ? 0 : 1;
      if (((preA[word] as number) & bit) === 0) fails++;
      if (preCount > 1 && ((preB[word] as number) & bit) === 0) fails++;
      if (fails >= 2) continue;
    }
    const row = slot * ROW;
    const attributeInfo = rows[row + ROW_ATTRIBUTES] as number;
    const derivedInfo = rows[row + ROW_DERIVED] as number;
    const valueCount = (attributeInfo & 0x7fff) + (derivedInfo & 0xffff) + (derivedInfo >>> 16);
    let values = rowValues;
    let first = (row + ROW_VALUES) * 2;
    if (valueCount > ROW_CAPACITY) {
      values = overflowValues;
      first = rows[row + ROW_VALUES] as number;
    }
    if (valueFiltered) {
      // The value filters from the slot's values: the filters it has an accepted value of, a rejected value of.
      let seen = 0;
      for (let k = first; k < first + valueCount; k++) seen |= valueFilterBits[values[k] as number] as number;
      mask |= (seen >>> REJECTED_SHIFT) | (requiredBits & ~seen);
      if ((mask & (mask - 1)) !== 0) continue;
    }
    const g = rows[row + ROW_GROUP] as number;
    if (g !== currentGroup) {
      if (bestSlot >= 0) {
        hitSlots[hitCount] = bestSlot;
        hitKeys[hitCount] = bestKey;
        hitCount++;
      }
      currentGroup = g;
      seq++;
      bestSlot = -1;
      sharedCounted = false;
    }
    if (mask === 0) {
      if (trackHits) hitStamp[slot] = currentEpoch;
      const value = sortMode === 1 ? (orderScore[i] as number) : (rows[row + keyField] as number);
      const key = sortKey(sortMode, rank[slot] as number, value);
      if (bestSlot < 0 || key > bestKey) {
        bestSlot = slot;
        bestKey = key;
      }
    }
    if (countStatic) {
      // Every static facet value of the slot in one loop; with one failing facet, only that facet's values.
      // The row holds attributes (shared ones first, then the colour), then sizes, then physical stores.
      const stores = derivedInfo >>> 16;
      const start = sharedCounted && (attributeInfo & UNIFORM_BIT) !== 0 ? first + (attributeInfo >>> 16) : first;
      if (mask === 0) sharedCounted = true;
      const attributesEnd = first + (attributeInfo & 0x7fff);
      const sizesEnd = attributesEnd + (derivedInfo & 0xffff);
      const end = sizesStatic ? sizesEnd : attributesEnd;
      if (mask === 0) {
        for (let k = start; k < end; k++) {
          const g = values[k] as number;
          if (stamps[g] !== seq) {
            stamps[g] = seq;
            counts[g] = (counts[g] as number) + 1;
          }
        }
      } else {
        for (let k = start; k < end; k++) {
          const g = values[k] as number;
          if (valueBits[g] === mask && stamps[g] !== seq) {
            stamps[g] = seq;
            counts[g] = (counts[g] as number) + 1;
          }
        }
      }
      // Physical stores come last and are rare.
      if (storesStatic && stores > 0) {
        for (let k = sizesEnd; k < sizesEnd + stores; k++) {
          const g = values[k] as number;
          if ((mask === 0 || valueBits[g] === mask) && stamps[g] !== seq) {
            stamps[g] = seq;
            counts[g] = (counts[g] as number) + 1;
          }
        }
      }
      for (let c = 0; c < counterCount; c++) {
        if ((mask & (counterBits[c] as number)) === 0) (counterFns[c] as (s: number, q: number) => void)(slot, seq);
      }
      if (aOn && (mask & aNotBit) === 0) {
        const value = rows[row + aField] as number;
        if (value >= aMin) {
          aSeqs[aLength] = seq;
          aValues[aLength++] = value;
        }
      }
      if (bOn && (mask & bNotBit) === 0) {
        const value = rows[row + bField] as number;
        if (value >= bMin) {
          bSeqs[bLength] = seq;
          bValues[bLength++] = value;
        }
      }
    }
  }
  if (bestSlot >= 0) {
    hitSlots[hitCount] = bestSlot;
    hitKeys[hitCount] = bestKey;
    hitCount++;
  }
  if (aOn) (collectorParts[0] as (typeof collectorParts)[number]).c.length = aLength;
  if (bOn) (collectorParts[1] as (typeof collectorParts)[number]).c.length = bLength;

  const total = pruned ? pruned.groups : hitCount;
  const end = Math.min(plan.offset + plan.limit, total);
  if (plan.limit <= 0 || plan.offset >= total) return { total, parents: [], ranked: [] };

  // Pinned products first (when they match), then the ranked results without their groups.
  const pinned: number[] = [];
  const pinnedGroups = new Set<number>();
  if (plan.pinnedProductIds && plan.pinnedProductIds.length > 0) {
    const bestOfGroup = new Map<number, number>();
    for (let i = 0; i < hitCount; i++) bestOfGroup.set(group[hitSlots[i] as number] as number, hitSlots[i] as number);
    for (const id of plan.pinnedProductIds) {
      const slot = catalog.slotOfProduct.get(id);
      if (slot === undefined) continue;
      const g = group[slot] as number;
      const best = bestOfGroup.get(g);
      if (best === undefined || pinnedGroups.has(g)) continue;
      pinnedGroups.add(g);
      pinned.push(hitStamp[slot] === currentEpoch ? slot : best);
    }
  }
  const needed = end - pinned.length;
  const ranked =
    needed > 0
      ? topK(hitSlots, hitKeys, hitCount, needed, pinnedGroups.size > 0 ? pinnedGroups : undefined, group)
      : [];
  const all = pinned.concat(ranked);
  return { total, parents: all.slice(plan.offset, end), ranked: all };
}

/**
 * Unfiltered counting queries take `countingWalk` (off: tests compare with the general walk); `wholeGroups` and
 * `partGroups` count the groups it visited whole (counted from their entries) and in part.
 */
export const countingWalks = { enabled: true, used: 0, wholeGroups: 0, partGroups: 0 };

/** What `countingWalk` reads and writes: the walk's arrays, and the range facets' collectors (at most two). */
interface CountingWalk {
  order: Int32Array;
  orderScore: Float32Array;
  rows: Int32Array;
  rowValues: Uint16Array;
  overflowValues: Uint16Array;
  /** Each slot's colour group, and the groups' entries of values (see `CatalogIndex.groupValueStart`). */
  group: Int32Array;
  groupValueStart: Int32Array;
  groupValues: Uint16Array;
  /** The columns of the sort's value (price, arrival day; unused by relevance and rank) and the collectors' fields. */
  keyColumn: Int32Array;
  aColumn: Int32Array;
  bColumn: Int32Array;
  rank: Int32Array;
  hitSlots: Int32Array;
  hitKeys: Float64Array;
  counts: Int32Array;
  stamps: Int32Array;
  sortMode: number;
  /**
   * False when the query shows no results (a facet search counts only): the walk then counts the groups without
   * finding their best members, and reads no rank, score or sort column.
   */
  ranks: boolean;
  sizesStatic: boolean;
  storesStatic: boolean;
  a: { min: number; seqs: Int32Array; values: Int32Array } | undefined;
  b: { min: number; seqs: Int32Array; values: Int32Array } | undefined;
}

/**
 * The walk of `executeQuery` for a query that counts facets and filters nothing (a search without facet
 * selections, a category listing its kept list cannot answer): every slot it visits is a hit, so each counts all its
 * values. The same answer as the general walk (the same keys, groups, counts and collected values), in a function
 * small enough to compile to a tight loop: the general walk, with every filter's test in it, takes about twice as
 * long per slot. A group whose members it visits all (a search matches colour siblings by their shared name) counts
 * the group's entry of values, once each, and reads no member's row: its keys and collected values come from
 * columns. A group it visits in part counts each member's values, with a check for those counted already.
 */
function countingWalk(w: CountingWalk): { hits: number; aLength: number; bLength: number } {
  const { order, orderScore, rows, rowValues, overflowValues, rank, hitSlots, hitKeys, counts, stamps } = w;
  const { group, groupValueStart, groupValues, keyColumn, aColumn, bColumn } = w;
  const { sortMode, ranks, sizesStatic, storesStatic } = w;
  const aOn = w.a !== undefined;
  const bOn = w.b !== undefined;
  const aMin = w.a?.min ?? 0;
  const aSeqs = w.a?.seqs ?? EMPTY;
  const aValues = w.a?.values ?? EMPTY;
  const bMin = w.b?.min ?? 0;
  const bSeqs = w.b?.seqs ?? EMPTY;
  const bValues = w.b?.values ?? EMPTY;
  let aLength = 0;
  let bLength = 0;
  let hits = 0;
  let seq = 0;
  let whole = 0;
  const length = order.length;
  let i = 0;
  while (i < length) {
    // One colour group's members: they follow one another in the order.
    const g = group[order[i] as number] as number;
    let runEnd = i + 1;
    while (runEnd < length && group[order[runEnd] as number] === g) runEnd++;
    seq++;
    if (ranks) {
      let bestSlot = -1;
      let bestKey = 0;
      for (let k = i; k < runEnd; k++) {
        const slot = order[k] as number;
        const value = sortMode === 1 ? (orderScore[k] as number) : sortMode >= 2 ? (keyColumn[slot] as number) : 0;
        const key = sortKey(sortMode, rank[slot] as number, value);
        if (bestSlot < 0 || key > bestKey) {
          bestSlot = slot;
          bestKey = key;
        }
      }
      hitSlots[hits] = bestSlot;
      hitKeys[hits] = bestKey;
    }
    hits++;
    const entry = groupValueStart[g] as number;
    if (entry > 0 && groupValues[entry] === runEnd - i) {
      // Every member: the group's values, each once.
      whole++;
      const attributesEnd = entry + 4 + (groupValues[entry + 1] as number);
      const sizesEnd = attributesEnd + (groupValues[entry + 2] as number);
      const storesEnd = sizesEnd + (groupValues[entry + 3] as number);
      for (let k = entry + 4; k < attributesEnd; k++) {
        const v = groupValues[k] as number;
        counts[v] = (counts[v] as number) + 1;
      }
      if (sizesStatic) {
        for (let k = attributesEnd; k < sizesEnd; k++) {
          const v = groupValues[k] as number;
          counts[v] = (counts[v] as number) + 1;
        }
      }
      if (storesStatic) {
        for (let k = sizesEnd; k < storesEnd; k++) {
          const v = groupValues[k] as number;
          counts[v] = (counts[v] as number) + 1;
        }
      }
    } else {
      let sharedCounted = false;
      for (let k = i; k < runEnd; k++) {
        const row = (order[k] as number) * ROW;
        const attributeInfo = rows[row + ROW_ATTRIBUTES] as number;
        const derivedInfo = rows[row + ROW_DERIVED] as number;
        const valueCount = (attributeInfo & 0x7fff) + (derivedInfo & 0xffff) + (derivedInfo >>> 16);
        let values = rowValues;
        let first = (row + ROW_VALUES) * 2;
        if (valueCount > ROW_CAPACITY) {
          values = overflowValues;
          first = rows[row + ROW_VALUES] as number;
        }
        // Attributes (shared ones first: counted once per uniform group), sizes, then physical stores.
        const start = sharedCounted && (attributeInfo & UNIFORM_BIT) !== 0 ? first + (attributeInfo >>> 16) : first;
        sharedCounted = true;
        const attributesEnd = first + (attributeInfo & 0x7fff);
        const sizesEnd = attributesEnd + (derivedInfo & 0xffff);
        const end = sizesStatic ? sizesEnd : attributesEnd;
        for (let c = start; c < end; c++) {
          const v = values[c] as number;
          if (stamps[v] !== seq) {
            stamps[v] = seq;
            counts[v] = (counts[v] as number) + 1;
          }
        }
        const stores = derivedInfo >>> 16;
        if (storesStatic && stores > 0) {
          for (let c = sizesEnd; c < sizesEnd + stores; c++) {
            const v = values[c] as number;
            if (stamps[v] !== seq) {
              stamps[v] = seq;
              counts[v] = (counts[v] as number) + 1;
            }
          }
        }
      }
    }
    if (aOn || bOn) {
      for (let k = i; k < runEnd; k++) {
        const slot = order[k] as number;
        if (aOn) {
          const value = aColumn[slot] as number;
          if (value >= aMin) {
            aSeqs[aLength] = seq;
            aValues[aLength++] = value;
          }
        }
        if (bOn) {
          const value = bColumn[slot] as number;
          if (value >= bMin) {
            bSeqs[bLength] = seq;
            bValues[bLength++] = value;
          }
        }
      }
    }
    i = runEnd;
  }
  countingWalks.wholeGroups += whole;
  countingWalks.partGroups += hits - whole;
  return { hits, aLength, bLength };
}

/** Instant products' walk reads keys only where they can make the page (off: tests compare with every key). */
export const prunedText = { enabled: true, used: 0 };

/**
 * The walk of text matches by relevance without facets to count or filters to test (instant products), which
 * needs the number of colour groups but only the best of them. A member's key is its text score plus less than 1
 * for its rank (rank / 2,000,000, and a rank is at most 1,001,300: see StoreView), less 3 when sold out (see the
 * walk in `executeQuery`), so a member scoring under the best score
 * less 4 can only make the page when fewer than `needed` groups have a member above that: the walk counts every
 * group but reads the rank only of members at or above that line, and keeps (in `hitSlots`, `hitKeys`) only the
 * groups with one. Returns how many it kept and how many groups there are, or undefined when the line left too few
 * groups for an exact page (the caller then walks every member). A group's best member is above the line whenever it can make the page.
 */
function bestByText(
  order: Int32Array,
  orderScore: Float32Array,
  group: Int32Array,
  rank: Int32Array,
  hitSlots: Int32Array,
  hitKeys: Float64Array,
  needed: number,
): { kept: number; groups: number } | undefined {
  const length = order.length;
  let maxScore = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < length; i++) {
    const score = orderScore[i] as number;
    if (score > maxScore) maxScore = score;
  }
  const line = maxScore - 4;
  let groups = 0;
  let kept = 0;
  let currentGroup = -1;
  let bestSlot = -1;
  let bestKey = 0;
  for (let i = 0; i < length; i++) {
    const slot = order[i] as number;
    const g = group[slot] as number;
    if (g !== currentGroup) {
      if (bestSlot >= 0) {
        hitSlots[kept] = bestSlot;
        hitKeys[kept++] = bestKey;
      }
      currentGroup = g;
      groups++;
      bestSlot = -1;
    }
    const score = orderScore[i] as number;
    if (score < line) continue;
    const key = sortKey(1, rank[slot] as number, score);
    if (bestSlot < 0 || key > bestKey) {
      bestSlot = slot;
      bestKey = key;
    }
  }
  if (bestSlot >= 0) {
    hitSlots[kept] = bestSlot;
    hitKeys[kept++] = bestKey;
  }
  // Exact when `needed` kept groups have keys of at least line + 1, the most a member under the line can reach.
  if (needed <= 0) return { kept, groups };
  let above = 0;
  for (let i = 0; i < kept && above < needed; i++) if ((hitKeys[i] as number) >= line + 1) above++;
  if (above < needed) return undefined;
  prunedText.used++;
  return { kept, groups };
}

/** The `k` best slots by key (descending; ties by slot), skipping excluded groups. */
function topK(
  slots: Int32Array,
  keys: Float64Array,
  count: number,
  k: number,
  excludedGroups: ReadonlySet<number> | undefined,
  group: Int32Array,
): number[] {
  const better = (a: number, b: number) => {
    const ka = keys[a] as number;
    const kb = keys[b] as number;
    return ka > kb || (ka === kb && (slots[a] as number) < (slots[b] as number));
  };
  const included = (i: number) =>
    excludedGroups === undefined || !excludedGroups.has(group[slots[i] as number] as number);
  if (count <= k * 4) {
    const candidates: number[] = [];
    for (let i = 0; i < count; i++) if (included(i)) candidates.push(i);
    candidates.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
    return candidates.slice(0, k).map((i) => slots[i] as number);
  }
  // Min-heap of the best k seen so far: the root is the worst of them.
  const heap: number[] = [];
  const siftDown = (at: number) => {
    const n = heap.length;
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let worst = at;
      if (l < n && better(heap[worst] as number, heap[l] as number)) worst = l;
      if (r < n && better(heap[worst] as number, heap[r] as number)) worst = r;
      if (worst === at) return;
      const t = heap[at] as number;
      heap[at] = heap[worst] as number;
      heap[worst] = t;
      at = worst;
    }
  };
  const siftUp = (at: number) => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!better(heap[parent] as number, heap[at] as number)) return;
      const t = heap[at] as number;
      heap[at] = heap[parent] as number;
      heap[parent] = t;
      at = parent;
    }
  };
  for (let i = 0; i < count; i++) {
    if (!included(i)) continue;
    if (heap.length < k) {
      heap.push(i);
      siftUp(heap.length - 1);
    } else if (better(i, heap[0] as number)) {
      heap[0] = i;
      siftDown(0);
    }
  }
  heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  return heap.map((i) => slots[i] as number);
}
