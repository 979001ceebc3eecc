import {
  type CatalogIndex,
  ROW,
  ROW_ARRIVAL,
  ROW_ATTRIBUTES,
  ROW_CAPACITY,
  ROW_DERIVED,
  ROW_PRICE,
  ROW_VALUES,
  type ZoneIndex,
} from "./catalog-index.ts";

/**
 * What a category listing without text and facet filters walks, kept per store view and category: the category's
 * slots (with its descendants') in group order, beside them each slot's colour group, price in the store's zone and
 * arrival day (so ranking and range facets read contiguous memory instead of a row per slot), and the facet values
 * as counted (colour groups per global value) with the number of colour groups.
 */
export interface CategoryList {
  slots: Int32Array;
  groups: Int32Array;
  prices: Int32Array;
  arrivals: Int32Array;
  /** Colour groups per global facet value (what the query's count board holds after an unfiltered walk). */
  counts: Int32Array;
  /** Colour groups in the category. */
  total: number;
}

const EMPTY = new Int32Array(0);

/**
 * The kept category listings of one store view. Built in one pass over the view's group order (every category at
 * once: a slot joins the lists of its categories and their ancestors), and kept right when catalogue changes apply:
 * the colour groups a change touches give back their old contribution to the counts of their categories and add
 * their new one, and the touched categories' lists drop the removed slots and take in the added ones where the
 * group order has them, when next asked for (a change touches the large departments, which few asks may need).
 */
export class CategoryListings {
  private readonly catalog: CatalogIndex;
  private readonly zone: ZoneIndex;
  private readonly lists: (CategoryList | undefined)[] = [];
  /** Categories whose slot lists changes touched, with the slots that joined them (see `merge`). */
  private readonly pending = new Map<number, number[]>();
  /** Each slot's position in the store view's order as of the last change batch (-1: not in the store). */
  private positions: Int32Array = EMPTY;

  private constructor(catalog: CatalogIndex, zone: ZoneIndex) {
    this.catalog = catalog;
    this.zone = zone;
  }

  /** The lists of every category over `order` (a store view's live slots, colour groups together). */
  static build(catalog: CatalogIndex, zone: ZoneIndex, order: Int32Array): CategoryListings {
    const listings = new CategoryListings(catalog, zone);
    const categoryCount = catalog.categories.size;
    const space = catalog.values.size;
    const { categoryStart, categoryCount: categoriesOf, rows } = catalog;
    const pool = catalog.categoryPool.data;
    const sizes = new Int32Array(categoryCount);
    for (let i = 0; i < order.length; i++) {
      const slot = order[i] as number;
      const start = categoryStart[slot] as number;
      const end = start + (categoriesOf[slot] as number);
      for (let k = start; k < end; k++) sizes[pool[k] as number] = (sizes[pool[k] as number] as number) + 1;
    }
    const lists = listings.lists;
    for (let c = 0; c < categoryCount; c++) {
      const size = sizes[c] as number;
      if (size === 0) continue;
      lists[c] = {
        slots: new Int32Array(size),
        groups: new Int32Array(size),
        prices: new Int32Array(size),
        arrivals: new Int32Array(size),
        counts: new Int32Array(space),
        total: 0,
      };
    }
    // Per category and value: the colour group that counted it last (group members follow one another).
    const stamps = new Int32Array(categoryCount * space).fill(-1);
    const lastGroup = new Int32Array(categoryCount).fill(-1);
    const filled = new Int32Array(categoryCount);
    const priceField = ROW_PRICE + zone;
    const rowValues = catalog.rowValues;
    const overflow = catalog.overflowValues.data;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i] as number;
      const row = slot * ROW;
      const g = catalog.group[slot] as number;
      const price = rows[row + priceField] as number;
      const arrival = rows[row + ROW_ARRIVAL] as number;
      // The slot's values where the row or the overflow pool keeps them (see `CatalogIndex.slotValues`).
      const attributeInfo = rows[row + ROW_ATTRIBUTES] as number;
      const derivedInfo = rows[row + ROW_DERIVED] as number;
      const valueCount = (attributeInfo & 0x7fff) + (derivedInfo & 0xffff) + (derivedInfo >>> 16);
      const values = valueCount > ROW_CAPACITY ? overflow : rowValues;
      const first = valueCount > ROW_CAPACITY ? (rows[row + ROW_VALUES] as number) : (row + ROW_VALUES) * 2;
      const last = first + valueCount;
      const start = categoryStart[slot] as number;
      const end = start + (categoriesOf[slot] as number);
      for (let k = start; k < end; k++) {
        const c = pool[k] as number;
        const list = lists[c] as CategoryList;
        const at = filled[c] as number;
        filled[c] = at + 1;
        list.slots[at] = slot;
        list.groups[at] = g;
        list.prices[at] = price;
        list.arrivals[at] = arrival;
        if (lastGroup[c] !== g) {
          lastGroup[c] = g;
          list.total++;
        }
        const base = c * space;
        const counts = list.counts;
        for (let v = first; v < last; v++) {
          const value = values[v] as number;
          if (stamps[base + value] !== g) {
            stamps[base + value] = g;
            counts[value] = (counts[value] as number) + 1;
          }
        }
      }
    }
    return listings;
  }

  /** The kept list of a category value (undefined when the store has no product in it). */
  list(category: number): CategoryList | undefined {
    if (this.pending.size > 0 && this.pending.has(category)) this.merge(category);
    return this.lists[category];
  }

  /**
   * Follows a batch of slot changes the store view has applied to its order: `before` is each slot's position in
   * the order before (-1 or beyond its end when not in the store), `after` the position now.
   */
  applyChanges(changes: readonly { slot: number; added: boolean }[], before: Int32Array, after: Int32Array): void {
    const catalog = this.catalog;
    const inBefore = (slot: number) => slot < before.length && (before[slot] as number) >= 0;
    const inAfter = (slot: number) => slot < after.length && (after[slot] as number) >= 0;
    const removedByGroup = new Map<number, number[]>();
    const added: number[] = [];
    const touchedGroups = new Set<number>();
    const seen = new Set<number>();
    for (const change of changes) {
      const slot = change.slot;
      if (seen.has(slot)) continue;
      seen.add(slot);
      const was = inBefore(slot);
      const is = inAfter(slot);
      if (was === is) continue;
      const g = catalog.group[slot] as number;
      touchedGroups.add(g);
      if (is) added.push(slot);
      else {
        const list = removedByGroup.get(g);
        if (list) list.push(slot);
        else removedByGroup.set(g, [slot]);
      }
    }
    if (touchedGroups.size === 0) return;
    const space = catalog.values.size;
    this.growCounts(space);
    const touchedCategories = new Set<number>();
    const marks = new Int32Array(space);
    let mark = 0;
    // Adds `sign` to the counts of `category` for each distinct value of the members in it; true when any is.
    const contribute = (members: readonly number[], category: number, list: CategoryList, sign: number): boolean => {
      mark++;
      let any = false;
      for (const slot of members) {
        if (!catalog.categoryValues(slot).includes(category)) continue;
        any = true;
        for (const value of catalog.slotValues(slot)) {
          if (marks[value] !== mark) {
            marks[value] = mark;
            list.counts[value] = (list.counts[value] as number) + sign;
          }
        }
      }
      return any;
    };
    for (const g of touchedGroups) {
      const live = catalog.groupMembers[g] ?? [];
      const now = live.filter(inAfter);
      const then = live.concat(removedByGroup.get(g) ?? []).filter(inBefore);
      const categories = new Set<number>();
      for (const slot of now.concat(then)) for (const c of catalog.categoryValues(slot)) categories.add(c);
      for (const c of categories) {
        touchedCategories.add(c);
        let list = this.lists[c];
        if (!list) {
          list = {
            slots: EMPTY,
            groups: EMPTY,
            prices: EMPTY,
            arrivals: EMPTY,
            counts: new Int32Array(space),
            total: 0,
          };
          this.lists[c] = list;
        }
        if (contribute(then, c, list, -1)) list.total--;
        if (contribute(now, c, list, 1)) list.total++;
      }
    }
    // The touched lists drop their removed slots and take in their added ones when next asked for.
    this.positions = after;
    for (const c of touchedCategories) {
      let joining = this.pending.get(c);
      if (!joining) {
        joining = [];
        this.pending.set(c, joining);
      }
      for (const slot of added) if (catalog.categoryValues(slot).includes(c)) joining.push(slot);
    }
  }

  /**
   * Brings a touched list up to date with the order: without the slots no longer in it, with the slots that joined
   * (since any number of change batches) where the group order has them. Changes keep the relative order of the
   * slots that stay, so one merge by position does it.
   */
  private merge(category: number): void {
    const pending = this.pending.get(category) as number[];
    this.pending.delete(category);
    const list = this.lists[category];
    if (!list) return;
    const catalog = this.catalog;
    const after = this.positions;
    const position = (slot: number) => (slot < after.length ? (after[slot] as number) : -1);
    const joining = pending.filter((slot) => position(slot) >= 0).sort((a, b) => position(a) - position(b));
    const priceField = ROW_PRICE + this.zone;
    const rows = catalog.rows;
    const old = list.slots;
    const length = old.length + joining.length;
    const slots = new Int32Array(length);
    const groups = new Int32Array(length);
    const prices = new Int32Array(length);
    const arrivals = new Int32Array(length);
    let n = 0;
    let j = 0;
    const put = (slot: number) => {
      const row = slot * ROW;
      slots[n] = slot;
      groups[n] = catalog.group[slot] as number;
      prices[n] = rows[row + priceField] as number;
      arrivals[n] = rows[row + ROW_ARRIVAL] as number;
      n++;
    };
    for (let i = 0; i < old.length; i++) {
      const slot = old[i] as number;
      const at = position(slot);
      if (at < 0) continue;
      while (j < joining.length && position(joining[j] as number) < at) put(joining[j++] as number);
      slots[n] = slot;
      groups[n] = list.groups[i] as number;
      prices[n] = list.prices[i] as number;
      arrivals[n] = list.arrivals[i] as number;
      n++;
    }
    while (j < joining.length) put(joining[j++] as number);
    if (n === 0) {
      this.lists[category] = undefined;
      return;
    }
    list.slots = n === length ? slots : slots.slice(0, n);
    list.groups = n === length ? groups : groups.slice(0, n);
    list.prices = n === length ? prices : prices.slice(0, n);
    list.arrivals = n === length ? arrivals : arrivals.slice(0, n);
  }

  /** Room in every list's counts for values the catalogue has gained since. */
  private growCounts(space: number): void {
    for (const list of this.lists) {
      if (list && list.counts.length < space) {
        const counts = new Int32Array(space);
        counts.set(list.counts);
        list.counts = counts;
      }
    }
  }
}
