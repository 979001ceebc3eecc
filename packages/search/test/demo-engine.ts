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
