import { fixedClock, type ProductRecord } from "@vitrine/commerce";
import type { DemoCatalog } from "@vitrine/demo-data";
import { CatalogIndex } from "../src/engine/catalog-index.ts";
import { SearchEngine } from "../src/engine/search-engine.ts";

/**
 * A search engine over a generated catalogue's products (copied: tests change them), its clock fixed at `today`,
 * and no answer cache: the engine tests compare two ways of answering the same query, not the cache.
 */
export function demoEngine(
  demo: DemoCatalog,
  products: readonly ProductRecord[],
  today: Date,
): { engine: SearchEngine; catalog: CatalogIndex } {
  const catalog = CatalogIndex.build({
    categories: demo.categories,
    products: structuredClone(products),
    storeStock: demo.storeStock,
    physicalStores: demo.stores,
  });
  const engine = new SearchEngine(
    { catalog, promotions: demo.promotions, outfits: demo.outfits },
    { clock: fixedClock(today) },
  );
  engine.answers.enabled = false;
  return { engine, catalog };
}

/**
 * Changes a catalogue as a day of trading might: the first 200 products again with another product's colour and
 * sizes sold out or back (each upsert takes a new slot, so colour groups are no longer in slot order), and one
 * product removed.
 */
export function recolourAndRestock(catalog: CatalogIndex, products: readonly ProductRecord[]): void {
  for (const [i, original] of products.slice(0, 200).entries()) {
    const p = structuredClone(original);
    const other = products[(i * 7 + 3) % products.length] as ProductRecord;
    p.colorId = other.colorId;
    for (const [k, v] of p.variants.entries()) v.stock = { ...v.stock, quantity: (i + k) % 3 === 0 ? 0 : 5 };
    catalog.upsert(p);
  }
  catalog.remove((products[300] as ProductRecord).id);
}
