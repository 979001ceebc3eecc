import {
  type AttributeDefinition,
  attributeValueKey,
  attributeValueLabel,
  type CategoryRecord,
  CategoryTree,
  colourName,
  compareSizes,
  currentVocabulary,
  displaySize,
  isSellable,
  LANGUAGES,
  type Language,
  ONE_SIZE,
  type PhysicalStoreRecord,
  type PriceZone,
  type ProductRecord,
  productTexts,
  type StoreStockRecord,
  vocabularyLabel,
} from "@vitrine/commerce";
import { grow, IntPool, MAX_SLOTS } from "./arrays.ts";
import { TextIndex } from "./text-index.ts";

/** Price zones of the catalogue; each store reads the prices of its zone. */
export const ZONES: readonly PriceZone[] = ["DE", "AT", "CH"];
export type ZoneIndex = 0 | 1 | 2;

export function zoneIndex(zone: PriceZone): ZoneIndex {
  return ZONES.indexOf(zone) as ZoneIndex;
}

const ONE_SIZE_LABELS: Record<Language, string> = { de: "Einheitsgröße", fr: "Taille unique", en: "One size" };

/** Dimensions of facet values, numbered: their values share one global numbering for counting. */
export const DIM = {
  category: 0,
  brand: 1,
  colour: 2,
  fit: 3,
  pattern: 4,
  material: 5,
  size: 6,
  store: 7,
} as const;

/** The first dimension of the merchant's facetable attributes (one each, after the built-in ones). */
export const FIRST_ATTRIBUTE_DIM = 8;

/** A facetable merchant attribute: its definition when the index was built, and its values as a dimension. */
export interface AttributeFacet {
  definition: AttributeDefinition;
  /** The facet's name in each language (the attribute's label, with the vocabulary's fallback). */
  names: Record<Language, string>;
  dimension: Dimension;
}

/**
 * Values one merchant attribute offers as a filter: more are no filter a shopper can use (an attribute of free text
 * marked facetable), and the value numbering must keep room for the other facets (MAX_GLOBAL_VALUES). Values
 * beyond are left out of the facet; they are still found by search.
 */
export const MAX_ATTRIBUTE_VALUES = 2000;

/** Global value numbers are 16-bit in the slot rows (see ROW). */
const MAX_GLOBAL_VALUES = 0x10000;

/** The values of all dimensions in one dense numbering, so a query counts every static facet in one array. */
export class ValueSpace {
  /** Dimension of each global value. */
  readonly dimensionOf: number[] = [];

  add(dimension: number): number {
    if (this.dimensionOf.length === MAX_GLOBAL_VALUES) {
      throw new Error(`The search index holds at most ${MAX_GLOBAL_VALUES} facet values`);
    }
    this.dimensionOf.push(dimension);
    return this.dimensionOf.length - 1;
  }

  get size(): number {
    return this.dimensionOf.length;
  }
}

/**
 * The values of one attribute (brands, colours, sizes …) numbered densely, with their labels per language.
 * Facet counting works on these numbers; responses show the labels.
 */
export class Dimension {
  readonly index: number;
  readonly ids = new Map<string, number>();
  readonly keys: string[] = [];
  /** Global value number of each value. */
  readonly globalIds: number[] = [];
  private readonly space: ValueSpace;
  private readonly byLabel: Record<Language, Map<string, number>> = { de: new Map(), fr: new Map(), en: new Map() };
  private readonly labeller: (key: string, language: Language) => string;
  private readonly labels: Record<Language, string[]> = { de: [], fr: [], en: [] };

  constructor(space: ValueSpace, index: number, labeller: (key: string, language: Language) => string) {
    this.space = space;
    this.index = index;
    this.labeller = labeller;
  }

  get size(): number {
    return this.keys.length;
  }

  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
      this.globalIds.push(this.space.add(this.index));
      for (const language of LANGUAGES) {
        const text = this.labeller(key, language);
        this.labels[language].push(text);
        if (!this.byLabel[language].has(text)) this.byLabel[language].set(text, id);
      }
    }
    return id;
  }

  label(id: number, language: Language): string {
    return this.labels[language][id] ?? "";
  }

  /** The value a shopper's facet value names: its label in the language, or else its key. */
  find(text: string, language: Language): number | undefined {
    return this.byLabel[language].get(text) ?? this.ids.get(text);
  }

  private readonly labelRanks: Partial<Record<Language, { size: number; ranks: Int32Array }>> = {};

  /** Position of each value's label in the language's alphabetical order (for sorting facet values fast). */
  labelRank(id: number, language: Language): number {
    let cached = this.labelRanks[language];
    if (!cached || cached.size !== this.keys.length) {
      const ids = this.keys.map((_, i) => i);
      const collator = new Intl.Collator(language);
      ids.sort((a, b) => collator.compare(this.label(a, language), this.label(b, language)));
      const ranks = new Int32Array(ids.length);
      ids.forEach((valueId, position) => {
        ranks[valueId] = position;
      });
      cached = { size: this.keys.length, ranks };
      this.labelRanks[language] = cached;
    }
    return cached.ranks[id] ?? 0;
  }

  /** This dimension's values' counts out of a global count array. */
  localCounts(global: Int32Array): Int32Array {
    const out = new Int32Array(this.keys.length);
    for (let id = 0; id < out.length; id++) out[id] = global[this.globalIds[id] as number] as number;
    return out;
  }
}

/** What a response needs to show a product that the columns do not hold. */
export interface DocDisplay {
  id: number;
  masterKey: string;
  referenceKey: string;
  brand: string;
  colorId: string;
  productType: string;
  names: Record<Language, string>;
  /** The language each store's name is in (its own, or the fallback's). */
  nameLanguages: Record<Language, Language>;
  shortDescriptions: Record<Language, string>;
  badges: Record<Language, string | null>;
  images: readonly { assetName: string; path: string }[];
  promotionId: string | null;
  categoryIds: readonly number[];
  arrivalDate: string;
  /** Product paths per language, filled on first use. */
  paths?: Partial<Record<Language, string>>;
}

export interface CatalogInput {
  categories: readonly CategoryRecord[];
  products: readonly ProductRecord[];
  storeStock: readonly StoreStockRecord[];
  physicalStores: readonly PhysicalStoreRecord[];
}

const DAY_MS = 86_400_000;
const NO_STORES: number[] = [];
/**
 * A slot's row in `CatalogIndex.rows`: what a query reads of every slot it visits, in 16 integers (64 bytes) so a
 * visit costs one or two cache lines; one row for all stores, as a copy per store would not stay in the cache.
 * The colour group, the arrival day, the price in each zone (cents, 0 where not sold), the attribute info
 * (attributes | uniform << 15 | shared << 16), the derived info (sizes | stores << 16), then the slot's facet values
 * as 16-bit global value numbers (`rowValues` is the same memory, 16 bits at a time): first its attribute values
 * (categories with ancestors, brand, fit, pattern, materials, the merchant's facetable attributes, then colour), then
 * the values derived from its variants: sizes that can be bought online, then physical stores holding stock. A slot
 * with more values than fit (ROW_CAPACITY) has them in `overflowValues`, from the position in its first value field.
 */
/**
 * Dimensions with at most this many values keep a slot bitset per value once a filter asks (see `valueSlots`):
 * 128 KB per value and million slots (colours, sizes, brands; not a merchant attribute of thousands of values).
 */
const MAX_BITSET_VALUES = 256;
export const ROW = 16;
export const ROW_GROUP = 0;
export const ROW_ARRIVAL = 1;
/** The price of zone `z` is at ROW_PRICE + z. */
export const ROW_PRICE = 2;
export const ROW_ATTRIBUTES = ROW_PRICE + ZONES.length;
export const ROW_DERIVED = ROW_ATTRIBUTES + 1;
/** Where the values start, in 32-bit fields (two values per field). */
export const ROW_VALUES = ROW_DERIVED + 1;
export const ROW_CAPACITY = (ROW - ROW_VALUES) * 2;
/** In a row's attribute info: the colour group shares the slot's attribute values. */
export const UNIFORM_BIT = 1 << 15;
/** Values of one kind a product may have (15 bits in the row's info). */
const MAX_VALUES = 0x7fff;
/** Text triples (names, short descriptions …) remembered from the last products: a product's four triples. */
const RECENT_TRIPLES = 8;
/** Slot changes remembered for the store views (each change batch is far smaller). */
const CHANGE_LOG_SIZE = 20_000;
/** Descriptions are indexed sentence by sentence: boilerplate sentences repeat and are tokenised once. */
function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if ((c === 46 || c === 33 || c === 63) && text.charCodeAt(i + 1) === 32) {
      out.push(text.slice(start, i + 1));
      start = i + 2;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A reference as shoppers may type it: `VT-1001`, `vt 1001` and `vt1001` are the same. */
export function referenceKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function dayNumber(isoDay: string): number {
  return Math.floor(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);
}

/**
 * Every product of the catalogue as one row ("slot") of typed columns, shared by the five store indexes: facet
 * values, variants (size, sellable, physical-store stock), prices per zone, colour groups, and one text index per
 * language. A changed product gets a new slot and its old slot is marked dead, so posting lists and slot
 * orders stay append-only; a rebuild compacts.
 */
export class CatalogIndex {
  readonly tree: CategoryTree;
  readonly text: Record<Language, TextIndex> = {
    de: new TextIndex("de"),
    fr: new TextIndex("fr"),
    en: new TextIndex("en"),
  };
  readonly physicalStores: readonly PhysicalStoreRecord[];

  readonly values = new ValueSpace();
  readonly brands = new Dimension(this.values, DIM.brand, (key) => key);
  readonly colours = new Dimension(this.values, DIM.colour, (key, language) => colourName(key, language));
  readonly sizes = new Dimension(this.values, DIM.size, (key, language) =>
    key === ONE_SIZE ? ONE_SIZE_LABELS[language] : displaySize(key),
  );
  readonly materials = new Dimension(this.values, DIM.material, (key, language) =>
    vocabularyLabel("material", key, language),
  );
  readonly fits = new Dimension(this.values, DIM.fit, (key, language) => vocabularyLabel("fit", key, language));
  readonly patterns = new Dimension(this.values, DIM.pattern, (key, language) =>
    vocabularyLabel("pattern", key, language),
  );
  readonly categories: Dimension;
  readonly stores: Dimension;
  /**
   * The merchant's facetable attributes as of the vocabulary the index was built with (a vocabulary change
   * rebuilds the index); their values sit in the slot rows with the other attribute values.
   */
  readonly attributeFacets: readonly AttributeFacet[];
  /** Every dimension by its number (DIM, then FIRST_ATTRIBUTE_DIM onwards). */
  readonly dimensions: readonly Dimension[];

  /** Slots in use (alive or dead). */
  slotCount = 0;
  deadCount = 0;
  /** Increases with every change; store views rebuild their orders when it moved. */
  version = 0;
  /** Recent slot changes (version, slot, added or removed), so store views can follow them without a re-sort. */
  private readonly changeLog: { version: number; slot: number; added: boolean }[] = [];
  /** A bulk build is running (see `beginBulk`). */
  private bulk = false;

  productId = new Int32Array(0);
  alive = new Uint8Array(0);
  group = new Int32Array(0);
  arrivalDay = new Int32Array(0);
  inStock = new Uint8Array(0);
  brand = new Int32Array(0);
  colour = new Int32Array(0);
  materialStart = new Int32Array(0);
  materialCount = new Uint8Array(0);
  categoryStart = new Int32Array(0);
  categoryCount = new Uint8Array(0);
  variantStart = new Int32Array(0);
  variantCount = new Uint16Array(0);
  /** Each slot's row (see ROW), and the same memory as 16-bit values. */
  rows = new Int32Array(0);
  rowValues = new Uint16Array(0);
  /** The facet values of slots with more than ROW_CAPACITY of them. */
  readonly overflowValues = new IntPool(Uint16Array);
  /**
   * Per colour group: where its entry starts in `groupValues` (0: it has none). An entry holds how many live
   * members the group has and how many values of each kind follow, then every value a member holds, once: the
   * attribute values (colours included), the sizes that can be bought online, the physical stores holding stock.
   * A query that visits every member of a group counts these once instead of each member's values with a check
   * for the ones counted already (see `countingWalk`).
   */
  groupValueStart = new Int32Array(0);
  readonly groupValues = new IntPool(Uint16Array);
  /** Which global values `indexGroupValues` has taken already, by the number of the entry it was making. */
  private readonly groupValueSeen = new Int32Array(1 << 16);
  private groupValueStamp = 0;
  /** Per zone: 1 when the product is sold there, its lowest price (cents), that variant's list price, reduction %. */
  priced: Uint8Array[] = [new Uint8Array(0), new Uint8Array(0), new Uint8Array(0)];
  price: Int32Array[] = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];
  listPrice: Int32Array[] = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];
  reduction: Uint8Array[] = [new Uint8Array(0), new Uint8Array(0), new Uint8Array(0)];
  display: (DocDisplay | undefined)[] = [];

  readonly materialPool = new IntPool();
  readonly categoryPool = new IntPool();
  /** Variant rows: size value, sellable online, and the physical stores holding stock (a range of storePool). */
  readonly variantSize = new IntPool();
  readonly variantSellable = new IntPool();
  readonly variantStoreStart = new IntPool();
  readonly variantStoreCount = new IntPool();
  readonly storePool = new IntPool();

  readonly slotOfProduct = new Map<number, number>();
  /** Reference keys (`vt1001`) → product id: shoppers paste them, the text index need not hold them. */
  readonly references = new Map<string, number>();
  readonly groupIds = new Map<string, number>();
  readonly groupMembers: number[][] = [];
  /** Groups whose slots do not follow one another (until the next rebuild). */
  readonly displacedGroups = new Set<number>();
  /** Physical-store stock per variant id (store value ids), kept for products that change later. */
  private readonly variantStores = new Map<number, number[]>();
  private readonly interned = new Map<string, string>();
  private readonly triples = new Map<string, Readonly<Record<Language, string | null>>>();
  private readonly categoryLists = new Map<string, readonly number[]>();
  private readonly recentTriples: Readonly<Record<Language, string | null>>[] = [];
  private recentAt = 0;
  private readonly ancestorCache = new Map<number, number[]>();
  private readonly sizeRanks = new Map<string, number>();
  private sortedSizeKeys: string[] = [];

  constructor(categories: readonly CategoryRecord[], physicalStores: readonly PhysicalStoreRecord[]) {
    // Entry 0 stands for none.
    this.groupValues.push(0);
    this.tree = new CategoryTree(categories);
    const tree = this.tree;
    this.categories = new Dimension(
      this.values,
      DIM.category,
      (key, language) => tree.get(Number(key))?.record.translations[language].name ?? key,
    );
    this.physicalStores = physicalStores;
    const names = new Map(physicalStores.map((s) => [s.id, s.name]));
    this.stores = new Dimension(this.values, DIM.store, (key) => names.get(key) ?? key);
    for (const s of physicalStores) this.stores.idOf(s.id);
    // Tree order for category values: parents before children, siblings by position.
    const walk = (nodes: CategoryTree["roots"]) => {
      for (const node of nodes) {
        this.categories.idOf(String(node.record.id));
        walk(node.children);
      }
    };
    walk(tree.roots);
    const vocabulary = currentVocabulary();
    this.attributeFacets = vocabulary
      .attributes()
      .filter((a) => a.facetable)
      .map((definition, i) => ({
        definition,
        names: {
          de: vocabulary.attributeLabel(definition.key, "de"),
          fr: vocabulary.attributeLabel(definition.key, "fr"),
          en: vocabulary.attributeLabel(definition.key, "en"),
        },
        dimension: new Dimension(this.values, FIRST_ATTRIBUTE_DIM + i, (key, language) =>
          attributeValueLabel(definition, key, language),
        ),
      }));
    this.dimensions = [
      this.categories,
      this.brands,
      this.colours,
      this.fits,
      this.patterns,
      this.materials,
      this.sizes,
      this.stores,
      ...this.attributeFacets.map((a) => a.dimension),
    ];
  }

  static build(input: CatalogInput): CatalogIndex {
    const builder = new CatalogBuilder(input, input.products.length);
    const order = CatalogIndex.buildOrder(input.products);
    for (let i = 0; i < order.length; i++) builder.addOne(input.products[order[i] as number] as ProductRecord);
    return builder.finish();
  }

  /**
   * The order a build indexes products in, as positions in `products`: colour siblings next to each other (their
   * slots then follow one another), groups by their first product (lowest id), products by id. A build from pages
   * (`CatalogBuilder`) gets its products in this order.
   */
  static buildOrder(products: ArrayLike<{ readonly id: number; readonly masterKey: string }>): Int32Array {
    const firstOfGroup = new Map<string, number>();
    for (let i = 0; i < products.length; i++) {
      const p = products[i] as { id: number; masterKey: string };
      const known = firstOfGroup.get(p.masterKey);
      if (known === undefined || p.id < known) firstOfGroup.set(p.masterKey, p.id);
    }
    const groupKeys = new Float64Array(products.length);
    const ids = new Float64Array(products.length);
    for (let i = 0; i < products.length; i++) {
      const p = products[i] as { id: number; masterKey: string };
      groupKeys[i] = firstOfGroup.get(p.masterKey) as number;
      ids[i] = p.id;
    }
    const order = new Int32Array(products.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    return order.sort(
      (a, b) => (groupKeys[a] as number) - (groupKeys[b] as number) || (ids[a] as number) - (ids[b] as number),
    );
  }

  /**
   * Starts a bulk build of about `products` products: the columns are sized for them at once, and slot changes
   * are not logged (no store view follows a catalogue being built; each starts from its whole order).
   */
  beginBulk(products: number): void {
    this.bulk = true;
    // With room for the changes that follow (a changed product takes a new slot): the first ones do not copy
    // every column into doubled ones.
    const slots = products + Math.max(64, products >> 5);
    if (slots > this.productId.length) this.ensureCapacity(slots, true);
  }

  /** Replaces the physical-store stock (applies to products indexed afterwards). */
  setStoreStock(rows: readonly StoreStockRecord[]): void {
    this.variantStores.clear();
    for (const row of rows) {
      if (row.quantity <= 0) continue;
      const store = this.stores.ids.get(row.storeId);
      if (store === undefined) continue;
      const list = this.variantStores.get(row.variantId);
      if (list) list.push(store);
      else this.variantStores.set(row.variantId, [store]);
    }
  }

  /**
   * Replaces the physical-store stock of some variants (a product whose store stock changed is indexed again
   * afterwards): `rows` is their stock now, a variant without a row holds none.
   */
  replaceStoreStockOf(variantIds: readonly number[], rows: readonly StoreStockRecord[]): void {
    for (const id of variantIds) this.variantStores.delete(id);
    for (const row of rows) {
      if (row.quantity <= 0) continue;
      const store = this.stores.ids.get(row.storeId);
      if (store === undefined) continue;
      const list = this.variantStores.get(row.variantId);
      if (list) {
        if (!list.includes(store)) list.push(store);
      } else this.variantStores.set(row.variantId, [store]);
    }
  }

  finish(): void {
    this.bulk = false;
    for (let groupId = 0; groupId < this.groupMembers.length; groupId++) this.markUniformity(groupId);
    for (const language of LANGUAGES) this.text[language].finish();
    this.interned.clear();
    this.triples.clear();
    this.recentTriples.length = 0;
    this.recentAt = 0;
    this.categoryLists.clear();
    this.imageLists.clear();
    for (const pool of [
      this.overflowValues,
      this.groupValues,
      this.materialPool,
      this.categoryPool,
      this.variantSize,
      this.variantSellable,
      this.variantStoreStart,
      this.variantStoreCount,
      this.storePool,
    ]) {
      pool.trim();
    }
  }

  get liveCount(): number {
    return this.slotCount - this.deadCount;
  }

  private intern(text: string): string {
    const known = this.interned.get(text);
    if (known !== undefined) return known;
    this.interned.set(text, text);
    return text;
  }

  /** One shared (frozen) object per distinct per-language triple of texts. */
  private triple<T extends string | null>(de: T, fr: T, en: T): Readonly<Record<Language, T>> {
    // Colour siblings are indexed one after another: most triples are the one asked for last.
    for (const recent of this.recentTriples) {
      if (recent.de === de && recent.fr === fr && recent.en === en) return recent as Readonly<Record<Language, T>>;
    }
    const key = JSON.stringify([de, fr, en]);
    let found = this.triples.get(key) as Readonly<Record<Language, T>> | undefined;
    if (!found) {
      found = Object.freeze({
        de: de === null ? de : (this.intern(de) as T),
        fr: fr === null ? fr : (this.intern(fr) as T),
        en: en === null ? en : (this.intern(en) as T),
      });
      this.triples.set(key, found);
    }
    this.recentTriples[this.recentAt] = found;
    this.recentAt = (this.recentAt + 1) % RECENT_TRIPLES;
    return found;
  }

  /** One shared (frozen) list per distinct list of category ids. */
  private categoryList(ids: readonly number[]): readonly number[] {
    const key = ids.join(",");
    let found = this.categoryLists.get(key);
    if (!found) {
      found = Object.freeze([...ids]);
      this.categoryLists.set(key, found);
    }
    return found;
  }

  /** Room for `slots` slots: the columns double (or are sized `exactly`, for a build whose count is known). */
  private ensureCapacity(wanted: number, exactly = false): void {
    if (wanted > MAX_SLOTS) throw new Error(`The search index holds at most ${MAX_SLOTS} product slots`);
    if (this.productId.length >= wanted) return;
    const slots = exactly ? wanted : Math.max(wanted, this.productId.length * 2, 64);
    this.productId = grow(this.productId, slots, Int32Array);
    this.alive = grow(this.alive, slots, Uint8Array);
    this.group = grow(this.group, slots, Int32Array);
    this.arrivalDay = grow(this.arrivalDay, slots, Int32Array);
    this.inStock = grow(this.inStock, slots, Uint8Array);
    this.brand = grow(this.brand, slots, Int32Array);
    this.colour = grow(this.colour, slots, Int32Array);
    this.materialStart = grow(this.materialStart, slots, Int32Array);
    this.materialCount = grow(this.materialCount, slots, Uint8Array);
    this.categoryStart = grow(this.categoryStart, slots, Int32Array);
    this.categoryCount = grow(this.categoryCount, slots, Uint8Array);
    this.variantStart = grow(this.variantStart, slots, Int32Array);
    this.variantCount = grow(this.variantCount, slots, Uint16Array);
    // Sized from the grown columns: they grow by doubling, so they may hold more slots than asked for.
    this.rows = grow(this.rows, this.productId.length * ROW, Int32Array);
    this.rowValues = new Uint16Array(this.rows.buffer);
    for (let z = 0; z < ZONES.length; z++) {
      this.priced[z] = grow(this.priced[z] as Uint8Array, slots, Uint8Array);
      this.price[z] = grow(this.price[z] as Int32Array, slots, Int32Array);
      this.listPrice[z] = grow(this.listPrice[z] as Int32Array, slots, Int32Array);
      this.reduction[z] = grow(this.reduction[z] as Uint8Array, slots, Uint8Array);
    }
  }

  private readonly days = new Map<string, number>();
  private readonly imageLists = new Map<string, readonly { assetName: string; path: string }[]>();

  /** Image lists are shared by products that show the same pictures. */
  private imagesOf(images: ProductRecord["images"]): readonly { assetName: string; path: string }[] {
    const key = images.map((i) => `${i.assetName}:${i.path}`).join("|");
    let list = this.imageLists.get(key);
    if (!list) {
      list = images.map((i) => ({ assetName: this.intern(i.assetName), path: this.intern(i.path) }));
      this.imageLists.set(key, list);
    }
    return list;
  }

  private dayOf(isoDay: string): number {
    let day = this.days.get(isoDay);
    if (day === undefined) {
      day = dayNumber(isoDay);
      this.days.set(isoDay, day);
    }
    return day;
  }

  /** Position of a size value in the size order. */
  sizeRankOf(sizeId: number): number {
    return this.sizeRank(this.sizes.keys[sizeId] as string);
  }

  /** Position of a size in the specification's size order (cached: sorting variants compares sizes a lot). */
  private sizeRank(size: string): number {
    let rank = this.sizeRanks.get(size);
    if (rank === undefined) {
      const keys = [...this.sortedSizeKeys, size].sort(compareSizes);
      this.sortedSizeKeys = keys;
      this.sizeRanks.clear();
      keys.forEach((key, i) => {
        this.sizeRanks.set(key, i);
      });
      rank = this.sizeRanks.get(size) as number;
    }
    return rank;
  }

  /** A product's variants in size order (the same array when they are in that order already, as they mostly are). */
  private inSizeOrder(variants: ProductRecord["variants"]): ProductRecord["variants"] {
    for (let i = 1; i < variants.length; i++) {
      const before = (variants[i - 1] as ProductRecord["variants"][number]).size;
      const size = (variants[i] as ProductRecord["variants"][number]).size;
      if (before !== size && this.sizeRank(before) > this.sizeRank(size)) {
        return [...variants].sort((a, b) => this.sizeRank(a.size) - this.sizeRank(b.size));
      }
    }
    return variants;
  }

  /** Category value ids of a category and all its ancestors. */
  private categoryChain(categoryId: number): number[] {
    let chain = this.ancestorCache.get(categoryId);
    if (!chain) {
      chain = this.tree.ancestry(categoryId).map((node) => this.categories.idOf(String(node.record.id)));
      this.ancestorCache.set(categoryId, chain);
    }
    return chain;
  }

  /** Adds a product, or replaces it when its id is indexed already. */
  upsert(record: ProductRecord): void {
    this.remove(record.id);
    const slot = this.slotCount++;
    this.ensureCapacity(slot + 1);
    this.version++;
    this.logChange(slot, true);
    this.productId[slot] = record.id;
    this.alive[slot] = 1;
    this.slotOfProduct.set(record.id, slot);
    this.references.set(referenceKey(record.referenceKey), record.id);

    // Colour siblings come one after another: most products are of the group of the product before.
    const previous = this.previous;
    let groupId =
      previous !== undefined && previous.display.masterKey === record.masterKey
        ? previous.groupId
        : this.groupIds.get(record.masterKey);
    if (groupId === undefined) {
      groupId = this.groupMembers.length;
      this.groupIds.set(record.masterKey, groupId);
      this.groupMembers.push([]);
    }
    this.group[slot] = groupId;
    const members = this.groupMembers[groupId] as number[];
    // A member added away from its siblings (a changed product) breaks "slot order is group order".
    const last = members[members.length - 1];
    if (last !== undefined && last !== slot - 1) this.displacedGroups.add(groupId);
    members.push(slot);
    // Lowest product id first: a build adds the members in that order already.
    if (last !== undefined && (this.productId[last] as number) > record.id) {
      members.sort((a, b) => (this.productId[a] as number) - (this.productId[b] as number));
    }

    this.arrivalDay[slot] =
      previous !== undefined && previous.display.arrivalDate === record.arrivalDate
        ? previous.arrivalDay
        : this.dayOf(record.arrivalDate);
    this.brand[slot] = this.brands.idOf(record.brand);
    this.colour[slot] = this.colours.idOf(record.colorId);
    const fit = record.fit ? this.fits.idOf(record.fit) : -1;
    const pattern = record.pattern ? this.patterns.idOf(record.pattern) : -1;
    const materials: number[] = [];
    for (let i = 0; i < record.material.length; i++) {
      const id = this.materials.idOf(record.material[i] as string);
      if (!materials.includes(id)) materials.push(id);
    }
    this.materialStart[slot] = this.materialPool.append(materials);
    this.materialCount[slot] = materials.length;
    const categoryValues: number[] = [];
    for (let i = 0; i < record.categoryIds.length; i++) {
      const chain = this.categoryChain(record.categoryIds[i] as number);
      for (let k = 0; k < chain.length; k++) {
        const value = chain[k] as number;
        if (!categoryValues.includes(value)) categoryValues.push(value);
      }
    }
    this.categoryStart[slot] = this.categoryPool.append(categoryValues);
    this.categoryCount[slot] = categoryValues.length;

    // Variants in size order: size value, sellable, physical stores with stock.
    const variants = this.inSizeOrder(record.variants);
    const start = this.variantSize.length;
    let anySellable = false;
    const sellableSizes: number[] = [];
    const stocked: number[] = [];
    for (let i = 0; i < variants.length; i++) {
      const v = variants[i] as ProductRecord["variants"][number];
      const sellable = isSellable(v.stock);
      anySellable ||= sellable;
      const size = this.sizes.idOf(v.size);
      this.variantSize.push(size);
      this.variantSellable.push(sellable ? 1 : 0);
      if (sellable && !sellableSizes.includes(size)) sellableSizes.push(size);
      const stores = this.variantStores.get(v.id) ?? NO_STORES;
      this.variantStoreStart.push(this.storePool.append(stores));
      this.variantStoreCount.push(stores.length);
      for (let k = 0; k < stores.length; k++) {
        const store = stores[k] as number;
        if (!stocked.includes(store)) stocked.push(store);
      }
    }
    this.variantStart[slot] = start;
    this.variantCount[slot] = variants.length;
    this.inStock[slot] = anySellable ? 1 : 0;

    // What colour siblings usually share first (categories, brand, fit, pattern, materials, the merchant's
    // facetable attributes), then the colour.
    const attributes: number[] = [];
    for (let i = 0; i < categoryValues.length; i++) {
      attributes.push(this.categories.globalIds[categoryValues[i] as number] as number);
    }
    attributes.push(this.brands.globalIds[this.brand[slot] as number] as number);
    if (fit >= 0) attributes.push(this.fits.globalIds[fit] as number);
    if (pattern >= 0) attributes.push(this.patterns.globalIds[pattern] as number);
    for (let i = 0; i < materials.length; i++)
      attributes.push(this.materials.globalIds[materials[i] as number] as number);
    if (this.attributeFacets.length > 0) attributes.push(...this.attributeValues(record));
    const shared = attributes.length;
    attributes.push(this.colours.globalIds[this.colour[slot] as number] as number);
    // The values derived from the variants follow the attributes: sizes, then physical stores.
    const attributeCount = attributes.length;
    const values = attributes;
    for (let i = 0; i < sellableSizes.length; i++)
      values.push(this.sizes.globalIds[sellableSizes[i] as number] as number);
    for (let i = 0; i < stocked.length; i++) values.push(this.stores.globalIds[stocked[i] as number] as number);
    if (attributeCount > MAX_VALUES || sellableSizes.length > MAX_VALUES || stocked.length > MAX_VALUES) {
      throw new Error(`Product ${record.id} has more facet values than the index holds per product`);
    }
    const row = slot * ROW;
    this.rows[row + ROW_GROUP] = groupId;
    this.rows[row + ROW_ARRIVAL] = this.arrivalDay[slot] as number;
    this.rows[row + ROW_ATTRIBUTES] = attributeCount | (shared << 16);
    this.rows[row + ROW_DERIVED] = sellableSizes.length | (stocked.length << 16);
    if (values.length <= ROW_CAPACITY) this.rowValues.set(values, (row + ROW_VALUES) * 2);
    else this.rows[row + ROW_VALUES] = this.overflowValues.append(values);
    // A bulk build marks every group once it has all its members (see `finish`).
    if (!this.bulk) this.markUniformity(groupId);

    for (let z = 0; z < ZONES.length; z++) {
      const zone = ZONES[z] as PriceZone;
      let bestEffective = Number.POSITIVE_INFINITY;
      let bestList = 0;
      let fallbackEffective = Number.POSITIVE_INFINITY;
      let fallbackList = 0;
      for (let i = 0; i < variants.length; i++) {
        const v = variants[i] as ProductRecord["variants"][number];
        const p = v.prices[zone];
        if (!p) continue;
        const effective = p.salePrice !== null && p.salePrice < p.listPrice ? p.salePrice : p.listPrice;
        if (isSellable(v.stock) && effective < bestEffective) {
          bestEffective = effective;
          bestList = p.listPrice;
        }
        if (effective < fallbackEffective) {
          fallbackEffective = effective;
          fallbackList = p.listPrice;
        }
      }
      const priced = Number.isFinite(fallbackEffective);
      const effective = Number.isFinite(bestEffective) ? bestEffective : fallbackEffective;
      const list = Number.isFinite(bestEffective) ? bestList : fallbackList;
      (this.priced[z] as Uint8Array)[slot] = priced ? 1 : 0;
      (this.price[z] as Int32Array)[slot] = priced ? effective : 0;
      this.rows[row + ROW_PRICE + z] = priced ? effective : 0;
      (this.listPrice[z] as Int32Array)[slot] = priced ? list : 0;
      (this.reduction[z] as Uint8Array)[slot] =
        priced && effective < list ? Math.round(((list - effective) / list) * 100) : 0;
    }

    const texts = {
      de: productTexts(record, "de"),
      fr: productTexts(record, "fr"),
      en: productTexts(record, "en"),
    };
    const vocabulary = currentVocabulary();
    for (let l = 0; l < LANGUAGES.length; l++) {
      const language = LANGUAGES[l] as Language;
      // The texts the store shows: its own language's, or the fallback's when the product has none.
      const t = texts[language];
      const text = this.text[language];
      // Short, repeated texts each on their own (their words are cached); descriptions by sentence.
      text.beginDocument(slot);
      text.addText(t.name, "name", "often");
      text.addText(record.brand, "brand", "vocabulary");
      text.addText(colourName(record.colorId, language), "colour", "vocabulary");
      text.addText(vocabularyLabel("productType", record.productType, language), "productType", "vocabulary");
      text.addText(t.freeTextBadge ?? "", "attribute", "vocabulary");
      text.addText(t.shortDescription, "shortDescription", "often");
      for (let i = 0; i < categoryValues.length; i++) {
        text.addText(this.categories.label(categoryValues[i] as number, language), "category", "vocabulary");
      }
      for (let i = 0; i < record.material.length; i++) {
        text.addText(vocabularyLabel("material", record.material[i] as string, language), "material", "vocabulary");
      }
      if (record.fit) text.addText(vocabularyLabel("fit", record.fit, language), "attribute", "vocabulary");
      if (record.pattern !== "plain")
        text.addText(vocabularyLabel("pattern", record.pattern, language), "attribute", "vocabulary");
      for (let i = 0; i < record.care.length; i++) {
        text.addText(vocabularyLabel("care", record.care[i] as string, language), "description", "vocabulary");
      }
      // The merchant's searchable attributes: their values as the store shows them (a text value by its label in
      // the language, when it has one), else as written.
      for (const [key, values] of Object.entries(record.attributes)) {
        const definition = vocabulary.attribute(key);
        if (definition?.searchable === false) continue;
        for (const value of values) {
          text.addText(
            definition?.valueType === "text" ? attributeValueLabel(definition, value, language) : value,
            "attribute",
            "vocabulary",
          );
        }
      }
      const described = this.sentencesOf(t.description, language);
      for (let i = 0; i < described.length; i++) text.addText(described[i] as string, "description", "often");
      text.endDocument();
    }

    // Colour siblings and products of one kind repeat names, short descriptions and keys: each distinct text and
    // per-language triple is kept once (a million products would otherwise hold hundreds of MB of copies).
    const shown = previous?.display;
    const display: DocDisplay = {
      id: record.id,
      masterKey: this.internAs(record.masterKey, shown?.masterKey),
      referenceKey: record.referenceKey,
      brand: this.internAs(record.brand, shown?.brand),
      colorId: this.internAs(record.colorId, shown?.colorId),
      productType: this.internAs(record.productType, shown?.productType),
      names: this.triple(texts.de.name, texts.fr.name, texts.en.name),
      nameLanguages: this.triple(texts.de.language, texts.fr.language, texts.en.language),
      shortDescriptions: this.triple(texts.de.shortDescription, texts.fr.shortDescription, texts.en.shortDescription),
      badges: this.triple(texts.de.freeTextBadge, texts.fr.freeTextBadge, texts.en.freeTextBadge),
      images: this.imagesOf(record.images),
      promotionId: record.promotionId === null ? null : this.internAs(record.promotionId, shown?.promotionId),
      categoryIds:
        shown !== undefined && sameNumbers(shown.categoryIds, record.categoryIds)
          ? shown.categoryIds
          : this.categoryList(record.categoryIds),
      arrivalDate: this.internAs(record.arrivalDate, shown?.arrivalDate),
    };
    this.display[slot] = display;
    this.previous = { groupId, arrivalDay: this.arrivalDay[slot] as number, display };
  }

  /**
   * The product indexed last (its display with the interned keys, its group and arrival day): colour siblings are
   * indexed one after another and share most of them, which are then taken from it without a lookup by their text.
   */
  private previous: { groupId: number; arrivalDay: number; display: DocDisplay } | undefined;

  /** `intern`, or `known` (an interned text of the product indexed last) when the text is the same. */
  private internAs(text: string, known: string | null | undefined): string {
    return known === text ? known : this.intern(text);
  }

  /** The last description split into sentences, per language (colour siblings share their description). */
  private readonly lastSentences: Record<Language, { text: string; sentences: string[] }> = {
    de: { text: "", sentences: [] },
    fr: { text: "", sentences: [] },
    en: { text: "", sentences: [] },
  };

  private sentencesOf(description: string, language: Language): string[] {
    const last = this.lastSentences[language];
    if (last.text !== description) {
      last.text = description;
      last.sentences = sentences(description);
    }
    return last.sentences;
  }

  /** Global value numbers of a product's values of the facetable merchant attributes (values of another type left out). */
  private attributeValues(record: ProductRecord): number[] {
    const out: number[] = [];
    for (const { definition, dimension } of this.attributeFacets) {
      const values = record.attributes[definition.key];
      if (!values) continue;
      for (const value of values) {
        const key = attributeValueKey(definition.valueType, value);
        if (key === undefined) continue;
        if (!dimension.ids.has(key) && dimension.size >= MAX_ATTRIBUTE_VALUES) continue;
        const global = dimension.globalIds[dimension.idOf(key)] as number;
        if (!out.includes(global)) out.push(global);
      }
    }
    return out;
  }

  /** Removes a product (no-op when it is not indexed). */
  remove(productId: number): void {
    const slot = this.slotOfProduct.get(productId);
    if (slot === undefined) return;
    this.slotOfProduct.delete(productId);
    const display = this.display[slot];
    if (display && this.references.get(referenceKey(display.referenceKey)) === productId) {
      this.references.delete(referenceKey(display.referenceKey));
    }
    this.alive[slot] = 0;
    this.display[slot] = undefined;
    this.deadCount++;
    this.version++;
    this.logChange(slot, false);
    const members = this.groupMembers[this.group[slot] as number];
    if (members) {
      const at = members.indexOf(slot);
      if (at >= 0) members.splice(at, 1);
      this.markUniformity(this.group[slot] as number);
    }
  }

  /**
   * Whether all live members of a group share their attribute values (then a query counts them once), and the
   * group's entry of values (built for every group at the end of a bulk build).
   */
  private markUniformity(groupId: number): void {
    if (!this.bulk) this.indexGroupValues(groupId);
    const members = this.groupMembers[groupId];
    if (!members || members.length === 0) return;
    const rows = this.rows;
    const first = this.slotValues(members[0] as number);
    const length = (rows[(members[0] as number) * ROW + ROW_ATTRIBUTES] as number) >>> 16;
    let uniform = true;
    for (const member of members) {
      if ((rows[member * ROW + ROW_ATTRIBUTES] as number) >>> 16 !== length) {
        uniform = false;
        break;
      }
      const values = this.slotValues(member);
      for (let i = 0; i < length && uniform; i++) if (values[i] !== first[i]) uniform = false;
      if (!uniform) break;
    }
    for (const member of members) {
      const at = member * ROW + ROW_ATTRIBUTES;
      rows[at] = uniform ? (rows[at] as number) | UNIFORM_BIT : (rows[at] as number) & ~UNIFORM_BIT;
    }
  }

  /** Writes a group's entry of values (see `groupValueStart`); a group too large for one has none. */
  private indexGroupValues(groupId: number): void {
    this.groupValueStart = grow(this.groupValueStart, groupId + 1, Int32Array);
    this.groupValueStart[groupId] = 0;
    const members = this.groupMembers[groupId];
    if (!members || members.length === 0 || members.length > 0xffff) return;
    const seen = this.groupValueSeen;
    const stamp = ++this.groupValueStamp;
    const attributes: number[] = [];
    const sizes: number[] = [];
    const stores: number[] = [];
    for (const member of members) {
      const values = this.slotValues(member);
      const row = member * ROW;
      const attributesEnd = (this.rows[row + ROW_ATTRIBUTES] as number) & MAX_VALUES;
      const sizesEnd = attributesEnd + ((this.rows[row + ROW_DERIVED] as number) & 0xffff);
      for (let k = 0; k < values.length; k++) {
        const value = values[k] as number;
        if (seen[value] === stamp) continue;
        seen[value] = stamp;
        (k < attributesEnd ? attributes : k < sizesEnd ? sizes : stores).push(value);
      }
    }
    if (attributes.length > 0xffff || sizes.length > 0xffff || stores.length > 0xffff) return;
    this.groupValueStart[groupId] = this.groupValues.append([
      members.length,
      attributes.length,
      sizes.length,
      stores.length,
      ...attributes,
      ...sizes,
      ...stores,
    ]);
  }

  /**
   * The column holding a row field (see ROW) for every slot: a zone's price, the arrival day. Walks that read no
   * row otherwise read these instead.
   */
  fieldColumn(field: number): Int32Array {
    if (field === ROW_ARRIVAL) return this.arrivalDay;
    const zone = field - ROW_PRICE;
    if (zone < 0 || zone >= ZONES.length) throw new Error(`Row field ${field} has no column`);
    return this.price[zone] as Int32Array;
  }

  /** A slot's facet values (see ROW), wherever they are kept. */
  slotValues(slot: number): Uint16Array {
    const row = slot * ROW;
    const derived = this.rows[row + ROW_DERIVED] as number;
    const count = ((this.rows[row + ROW_ATTRIBUTES] as number) & MAX_VALUES) + (derived & 0xffff) + (derived >>> 16);
    if (count > ROW_CAPACITY) {
      const start = this.rows[row + ROW_VALUES] as number;
      return this.overflowValues.data.subarray(start, start + count);
    }
    return this.rowValues.subarray((row + ROW_VALUES) * 2, (row + ROW_VALUES) * 2 + count);
  }

  /**
   * The slots holding a facet value, as a bitset (bit `slot & 31` of word `slot >>> 5`); undefined for a value of a
   * dimension with more than MAX_BITSET_VALUES values, or of no slot yet. Built for every value of the value's
   * dimension in one pass when first asked for, and brought up to the newest slot on each ask (slots are appended,
   * and a slot's values never change). Filtered walks use them to pass over slots that fail two filters without
   * reading their rows (see `executeQuery`).
   */
  valueSlots(value: number): Uint32Array | undefined {
    const dim = this.values.dimensionOf[value];
    if (dim === undefined || (this.dimensions[dim] as Dimension).globalIds.length > MAX_BITSET_VALUES) {
      return undefined;
    }
    let sets = this.valueSlotSets[dim];
    if (!sets) {
      sets = { bits: new Map(), words: 0, upTo: 0 };
      this.valueSlotSets[dim] = sets;
    }
    if (sets.upTo < this.slotCount) this.followSlots(sets, dim);
    return sets.bits.get(value);
  }

  /** Per dimension: its values' slot bitsets (see `valueSlots`), their length in words, the slots they cover. */
  private readonly valueSlotSets: ({ bits: Map<number, Uint32Array>; words: number; upTo: number } | undefined)[] = [];

  private followSlots(sets: { bits: Map<number, Uint32Array>; words: number; upTo: number }, dim: number): void {
    const words = (this.slotCount + 31) >>> 5;
    if (sets.words < words) {
      // Room for the slots to come, so that a change batch seldom copies them.
      sets.words = Math.max(words, Math.ceil(sets.words * 1.25));
      for (const [value, bits] of sets.bits) {
        const grown = new Uint32Array(sets.words);
        grown.set(bits);
        sets.bits.set(value, grown);
      }
    }
    const dimensionOf = this.values.dimensionOf;
    for (let slot = sets.upTo; slot < this.slotCount; slot++) {
      for (const value of this.slotValues(slot)) {
        if (dimensionOf[value] !== dim) continue;
        let bits = sets.bits.get(value);
        if (!bits) {
          bits = new Uint32Array(sets.words);
          sets.bits.set(value, bits);
        }
        bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
    }
    sets.upTo = this.slotCount;
  }

  private logChange(slot: number, added: boolean): void {
    if (this.bulk) return;
    this.changeLog.push({ version: this.version, slot, added });
    if (this.changeLog.length > CHANGE_LOG_SIZE) this.changeLog.splice(0, this.changeLog.length - CHANGE_LOG_SIZE / 2);
  }

  /** Slot changes after `version`, or undefined when the log no longer reaches back that far. */
  changesSince(version: number): readonly { slot: number; added: boolean }[] | undefined {
    const first = this.changeLog[0];
    if (!first || first.version > version + 1) return undefined;
    let lo = 0;
    let hi = this.changeLog.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.changeLog[mid] as { version: number }).version <= version) lo = mid + 1;
      else hi = mid;
    }
    return this.changeLog.slice(lo);
  }

  /**
   * The product a reference key or product id (as `referenceKey` folds what a shopper typed) names, if indexed.
   * Ids are looked up among the indexed products rather than kept as keys: a million keys would cost ~60 MB.
   */
  productOfReference(key: string): number | undefined {
    const byReference = this.references.get(key);
    if (byReference !== undefined) return byReference;
    const id = Number(key);
    return key !== "" && String(id) === key && this.slotOfProduct.has(id) ? id : undefined;
  }

  /** The live slots of a product's colour group (the product itself included), lowest product id first. */
  siblings(slot: number): readonly number[] {
    return this.groupMembers[this.group[slot] as number] ?? [];
  }

  /** The category value ids of a slot (its categories and their ancestors). */
  categoryValues(slot: number): Int32Array {
    const start = this.categoryStart[slot] as number;
    return this.categoryPool.data.subarray(start, start + (this.categoryCount[slot] as number));
  }
}

/**
 * Builds a catalogue index from products given a page at a time, in the build order (`CatalogIndex.buildOrder`):
 * the caller loads a page, adds it and lets it go, so a large catalogue's records are never all in memory (they
 * would take several times the index, and the garbage collector would go through them again and again).
 */
export class CatalogBuilder {
  private readonly index: CatalogIndex;
  private done = false;

  /** `products`: about how many products will be added (the columns are sized for them at once). */
  constructor(input: Omit<CatalogInput, "products">, products = 0) {
    this.index = new CatalogIndex(input.categories, input.physicalStores);
    this.index.setStoreStock(input.storeStock);
    this.index.beginBulk(products);
  }

  /** Indexes the next products of the build order. */
  add(products: readonly ProductRecord[]): void {
    for (const product of products) this.addOne(product);
  }

  addOne(product: ProductRecord): void {
    if (this.done) throw new Error("The catalogue index is built already");
    this.index.upsert(product);
  }

  /** Ends the build: the index is ready for queries and changes. */
  finish(): CatalogIndex {
    if (!this.done) {
      this.done = true;
      this.index.finish();
    }
    return this.index;
  }
}
