import type { Db } from "../db/database.ts";
import { loadCategoryRecords, loadProductRecords } from "./store.ts";
import { loadAttributeDefinitions, loadVocabularyValues, vocabularyRecords } from "./vocabulary-store.ts";

const PRODUCTS_PER_PAGE = 2000;

/**
 * The catalogue as JSON Lines: its vocabulary (values, then merchant attributes), categories (parents first),
 * then products, ready for `catalog import`.
 */
export async function* exportCatalogLines(db: Db): AsyncGenerator<string> {
  const [values, attributes] = await Promise.all([loadVocabularyValues({ db }), loadAttributeDefinitions({ db })]);
  for (const record of vocabularyRecords(values, attributes)) yield JSON.stringify(record);
  const categories = await loadCategoryRecords({ db });
  const depth = new Map<number, number>();
  const byId = new Map(categories.map((c) => [c.id, c]));
  const depthOf = (id: number): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const parent = byId.get(id)?.parentId;
    const d = parent === null || parent === undefined || !byId.has(parent) ? 0 : depthOf(parent) + 1;
    depth.set(id, d);
    return d;
  };
  categories.sort((a, b) => depthOf(a.id) - depthOf(b.id) || a.id - b.id);
  for (const category of categories) yield JSON.stringify(category);

  const ids = (await db.selectFrom("product").select("id").orderBy("id").execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += PRODUCTS_PER_PAGE) {
    for (const product of await loadProductRecords({ db }, ids.slice(i, i + PRODUCTS_PER_PAGE), { withHidden: true })) {
      yield JSON.stringify(product);
    }
  }
}
