import {
  addRedirect,
  type CategoryRecord,
  type ContentEntryRecord,
  type Db,
  type OutfitRecord,
  type PhysicalStoreRecord,
  type ProductRecord,
  type PromotionRecord,
  type StoreStockRecord,
  starterVocabularyValues,
  type VocabularyRecord,
  vocabularyRecords,
  writeCatalog,
  writeContentEntries,
  writeGiftCards,
  writeOutfits,
  writePhysicalStores,
  writePromotions,
  writeStoreStock,
  writeVocabularyRecords,
} from "@vitrine/commerce";
import { buildCategories } from "./categories.ts";
import { buildContentEntries } from "./content.ts";
import { DEMO_GIFT_CARDS } from "./gift-cards.ts";
import { generateOutfits } from "./outfits.ts";
import { generateProducts } from "./products.ts";
import { assignPromotions, buildPromotions } from "./promotions.ts";
import { Random } from "./random.ts";
import { DEMO_REDIRECTS } from "./redirects.ts";
import { generateStoreStock, PHYSICAL_STORES } from "./stores.ts";

export const DEFAULT_PRODUCT_COUNT = 2000;
export const DEFAULT_SEED = 42;

export interface DemoOptions {
  products?: number;
  seed?: number;
  /** Reference day: arrival dates, promotion periods and "new" are relative to it. */
  today?: Date;
}

export interface DemoCatalog {
  /** The demo's vocabulary (the starter fashion vocabulary), written as vocabulary records like a file's. */
  vocabulary: VocabularyRecord[];
  categories: CategoryRecord[];
  products: ProductRecord[];
  promotions: PromotionRecord[];
  outfits: OutfitRecord[];
  stores: readonly PhysicalStoreRecord[];
  storeStock: StoreStockRecord[];
  content: ContentEntryRecord[];
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The whole demo catalogue, deterministic for (products, seed, today). */
export function generateDemoCatalog(options: DemoOptions = {}): DemoCatalog {
  const count = options.products ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isInteger(count) || count < 1) throw new Error("products must be a positive whole number");
  const seed = options.seed ?? DEFAULT_SEED;
  const today = startOfDay(options.today ?? new Date());
  const random = new Random(seed);
  const { records: categories, leaves } = buildCategories();
  const { products, byLeaf } = generateProducts(random.fork(1), leaves, count, today);
  const promotions = buildPromotions(categories, products, today);
  assignPromotions(products, promotions, today);
  const outfits = generateOutfits(random.fork(2), byLeaf, products);
  const storeStock = generateStoreStock(random.fork(3), products);
  return {
    vocabulary: vocabularyRecords(starterVocabularyValues(), []) as VocabularyRecord[],
    categories,
    products,
    promotions,
    outfits,
    stores: PHYSICAL_STORES,
    storeStock,
    content: buildContentEntries(),
  };
}

/** Writes the demo catalogue into a migrated database. */
export async function loadDemoCatalog(db: Db, options: DemoOptions = {}, now = new Date()): Promise<DemoCatalog> {
  const demo = generateDemoCatalog({ ...options, today: options.today ?? now });
  await writeVocabularyRecords({ db }, demo.vocabulary, now);
  await writeCatalog({ db }, demo.categories, demo.products, now);
  await db.transaction().execute(async (trx) => {
    await writePromotions({ db: trx }, demo.promotions, now);
    await writeOutfits({ db: trx }, demo.outfits);
    await writePhysicalStores({ db: trx }, demo.stores);
    await writeStoreStock({ db: trx }, demo.storeStock);
    await writeContentEntries({ db: trx }, demo.content, now);
    for (const redirect of DEMO_REDIRECTS) await addRedirect({ db: trx }, redirect, now);
    await writeGiftCards({ db: trx }, DEMO_GIFT_CARDS, now);
  });
  return demo;
}

/** True when the database holds no products yet (first start). */
export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom("product").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}
