import type { Language, Shop } from "@vitrine/commerce";
import { sortSlots } from "./arrays.ts";
import { type CatalogIndex, type ZoneIndex, zoneIndex } from "./catalog-index.ts";
import { type CategoryList, CategoryListings } from "./category-listings.ts";

/** Ranks the queries read (`StoreView.rank`) are whole hundredths. */
export const RANK_SCALE = 100;
/** Change batches up to this size are followed in place; larger ones re-sort the store's order. */
const INCREMENTAL_CHANGES = 5000;
const NO_SLOTS = new Int32Array(0);
/** Days within which an arrival still lifts a product in the default listing order. */
const FRESHNESS_DAYS = 365;

/**
 * One store's view of the shared catalogue index: its language, its price zone, its physical stores, and the
 * orders its queries walk (colour groups together; the default listing rank from popularity, stock and newness).
 */
export class StoreView {
  readonly shop: Shop;
  readonly language: Language;
  readonly zone: ZoneIndex;
  readonly catalog: CatalogIndex;
  /** Store value ids of the physical stores in this store's country. */
  readonly locations: number[];

  private builtVersion = -1;
  private popularity = new Map<number, number>();
  private popularityVersion = 0;
  /** Changes whenever orders or ranks change. */
  private rankVersion = 0;
  private rankedOrder = -1;
  private rankedPopularity = -1;
  /** Live, priced slots with the members of a colour group next to each other. */
  groupOrder = new Int32Array(0);
  /** Position of a slot in groupOrder (-1 when not in the store). */
  orderPos = new Int32Array(0);
  /** Default listing key per slot: in stock, then popular, then new. Higher is better. */
  rankKey = new Float64Array(0);
  /** The default listing key per slot in whole hundredths (RANK_SCALE), as the queries compare it. */
  rank = new Int32Array(0);
  /** Bit `slot` is set when the slot is in the store: 12 KB per 100,000 slots, cache-resident. */
  liveBits = new Uint32Array(0);
  private queryRanksVersion = -1;
  /** Every category's slots, facet counts and sort fields, kept with the order (see CategoryListings). */
  private listings: CategoryListings | undefined;
  private marks = new Int32Array(0);
  private markStamp = 0;

  constructor(shop: Shop, catalog: CatalogIndex) {
    this.shop = shop;
    this.language = shop.language;
    this.zone = zoneIndex(shop.country);
    this.catalog = catalog;
    this.locations = catalog.physicalStores
      .filter((s) => s.countryCode === shop.country)
      .map((s) => catalog.stores.idOf(s.id));
  }

  /** Per product id: how popular it is in this store (events of the last days). */
  setPopularity(scores: Map<number, number>): void {
    this.popularity = scores;
    this.popularityVersion++;
  }

  popularitySnapshot(): Map<number, number> {
    return this.popularity;
  }

  popularityOf(productId: number): number {
    return this.popularity.get(productId) ?? 0;
  }

  /** Brings the orders up to date with the catalogue (after changes) and the popularity. */
  refresh(today: Date): void {
    const catalog = this.catalog;
    let rankAfterChanges: readonly number[] | undefined;
    if (this.builtVersion !== catalog.version) {
      const changes = this.builtVersion < 0 ? undefined : catalog.changesSince(this.builtVersion);
      if (changes && changes.length <= INCREMENTAL_CHANGES && this.listings) {
        const before = this.orderPos;
        rankAfterChanges = this.applyChanges(changes);
        this.listings.applyChanges(changes, before, this.orderPos);
      } else {
        this.rebuildOrder();
        this.listings = CategoryListings.build(catalog, this.zone, this.groupOrder);
      }
      this.builtVersion = catalog.version;
    }
    if (this.rankedOrder !== this.builtVersion || this.rankedPopularity !== this.popularityVersion) {
      if (rankAfterChanges && this.rankedPopularity === this.popularityVersion) this.rankSlots(rankAfterChanges, today);
      else this.computeRank(today);
      this.rankedOrder = this.builtVersion;
      this.rankedPopularity = this.popularityVersion;
      this.rankVersion++;
    }
    if (this.queryRanksVersion !== this.rankVersion) {
      this.buildQueryRanks();
      this.queryRanksVersion = this.rankVersion;
    }
  }

  private buildQueryRanks(): void {
    const slotCount = this.catalog.slotCount;
    const rank = new Int32Array(slotCount);
    const liveBits = new Uint32Array((slotCount + 31) >>> 5);
    for (const slot of this.groupOrder) {
      rank[slot] = Math.round((this.rankKey[slot] as number) * RANK_SCALE);
      liveBits[slot >>> 5] = (liveBits[slot >>> 5] as number) | (1 << (slot & 31));
    }
    this.rank = rank;
    this.liveBits = liveBits;
  }

  private rebuildOrder(): void {
    const catalog = this.catalog;
    const priced = catalog.priced[this.zone] as Uint8Array;
    const live: number[] = [];
    for (let slot = 0; slot < catalog.slotCount; slot++) {
      if (catalog.alive[slot] === 1 && priced[slot] === 1) live.push(slot);
    }
    const group = catalog.group;
    this.groupOrder = sortSlots(live, (slot) => group[slot] as number);
    this.indexPositions();
    this.rankedOrder = -1;
  }

  private indexPositions(): void {
    this.orderPos = new Int32Array(this.catalog.slotCount).fill(-1);
    for (let i = 0; i < this.groupOrder.length; i++) this.orderPos[this.groupOrder[i] as number] = i;
  }

  /**
   * Follows a batch of slot changes in one pass: removed slots leave the order, added ones join their colour
   * group (or the end). Returns the slots that need a rank.
   */
  private applyChanges(changes: readonly { slot: number; added: boolean }[]): number[] {
    const catalog = this.catalog;
    const priced = catalog.priced[this.zone] as Uint8Array;
    const group = catalog.group;
    const removed = new Set<number>();
    const addedByGroup = new Map<number, number[]>();
    const added: number[] = [];
    for (const change of changes) {
      if (!change.added) removed.add(change.slot);
    }
    for (const change of changes) {
      const slot = change.slot;
      if (!change.added || removed.has(slot) || catalog.alive[slot] !== 1 || priced[slot] !== 1) continue;
      added.push(slot);
      const g = group[slot] as number;
      const list = addedByGroup.get(g);
      if (list) list.push(slot);
      else addedByGroup.set(g, [slot]);
    }
    const old = this.groupOrder;
    const next = new Int32Array(old.length - removed.size + added.length + removed.size);
    let n = 0;
    for (let i = 0; i < old.length; i++) {
      const slot = old[i] as number;
      if (!removed.has(slot)) next[n++] = slot;
      const g = group[slot] as number;
      // After the last member of a group, its new members.
      if (i + 1 === old.length || group[old[i + 1] as number] !== g) {
        const joining = addedByGroup.get(g);
        if (joining) {
          for (const s of joining) next[n++] = s;
          addedByGroup.delete(g);
        }
      }
    }
    for (const joining of addedByGroup.values()) for (const s of joining) next[n++] = s;
    this.groupOrder = next.slice(0, n);
    this.indexPositions();
    return added;
  }

  /** Ranks new slots with the current popularity scale (the others keep theirs). */
  private rankSlots(slots: readonly number[], today: Date): void {
    if (this.rankKey.length < this.catalog.slotCount) {
      const grown = new Float64Array(Math.max(this.catalog.slotCount, this.rankKey.length * 2));
      grown.set(this.rankKey);
      this.rankKey = grown;
    }
    const scale = this.popularityScale();
    for (const slot of slots) this.rankKey[slot] = this.rankOf(slot, scale, today);
  }

  private popularityScale(): number {
    let maxPopularity = 0;
    for (const value of this.popularity.values()) if (value > maxPopularity) maxPopularity = value;
    return Math.log1p(maxPopularity);
  }

  private rankOf(slot: number, logMax: number, today: Date): number {
    const catalog = this.catalog;
    const todayDay = Math.floor(today.getTime() / 86_400_000);
    const popularity = this.popularity.get(catalog.productId[slot] as number) ?? 0;
    const popular = logMax > 0 ? (1000 * Math.log1p(popularity)) / logMax : 0;
    const age = todayDay - (catalog.arrivalDay[slot] as number);
    const fresh = age >= 0 && age < FRESHNESS_DAYS ? ((FRESHNESS_DAYS - age) / FRESHNESS_DAYS) * 300 : 0;
    return (catalog.inStock[slot] as number) * 1_000_000 + popular + fresh;
  }

  private computeRank(today: Date): void {
    const rank = new Float64Array(this.catalog.slotCount);
    const scale = this.popularityScale();
    for (const slot of this.groupOrder) rank[slot] = this.rankOf(slot, scale, today);
    this.rankKey = rank;
  }

  /** The slots of a category (and its descendants) in group order. */
  categoryOrder(categoryValue: number): Int32Array {
    return this.listings?.list(categoryValue)?.slots ?? NO_SLOTS;
  }

  /** A category's kept listing: its slots with their sort fields, and its facet values counted (see refresh). */
  categoryList(categoryValue: number): CategoryList | undefined {
    return this.listings?.list(categoryValue);
  }

  /** Changes whenever the orders or the rank change (for caches built on them). */
  get rankStamp(): number {
    return this.rankVersion;
  }

  /**
   * Text matches in group order, so a colour group's members are visited together: few matches are sorted by
   * position, many are picked out of the whole order.
   */
  inGroupOrder(slots: Int32Array): Int32Array {
    // Colour siblings are built into consecutive slots: unless a change moved one, slot order is group order.
    if (this.catalog.displacedGroups.size === 0) {
      for (let i = 1; i < slots.length; i++) {
        if ((slots[i] as number) < (slots[i - 1] as number)) return slots.slice().sort();
      }
      return slots;
    }
    if (slots.length * 16 > this.groupOrder.length) {
      if (this.marks.length < this.orderPos.length) this.marks = new Int32Array(this.orderPos.length);
      const stamp = ++this.markStamp;
      for (let i = 0; i < slots.length; i++) this.marks[slots[i] as number] = stamp;
      const out = new Int32Array(slots.length);
      let n = 0;
      for (const slot of this.groupOrder) if (this.marks[slot] === stamp) out[n++] = slot;
      return out.subarray(0, n);
    }
    const positions: number[] = [];
    for (let i = 0; i < slots.length; i++) {
      const pos = this.orderPos[slots[i] as number];
      if (pos !== undefined && pos >= 0) positions.push(pos);
    }
    const sorted = Float64Array.from(positions).sort();
    const out = new Int32Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) out[i] = this.groupOrder[sorted[i] as number] as number;
    return out;
  }

  /** True when the slot is live and sold in this store. */
  has(slot: number): boolean {
    return slot < this.orderPos.length && (this.orderPos[slot] as number) >= 0;
  }
}
