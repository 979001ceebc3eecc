import { createHash } from "node:crypto";
import { fixedClock, type Language, type ProductRecord, productTexts, SHOPS, type Shop } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import type { FacetRequest, SortOption } from "../src/api/types.ts";
import { CatalogIndex } from "../src/engine/catalog-index.ts";
import { SearchEngine } from "../src/engine/search-engine.ts";
import { random, typo } from "./query-generators.ts";

/**
 * A representative, deterministic set of queries on a generated catalogue, answered by the engine and reduced
 * to one line each (total, first ids, a hash of the whole response without its random `responseId`). It pins
 * the engine's results: hits and their order, children, facet values and counts, totals, corrections. Used by
 * `pinned-results.test.ts` (small catalogue, snapshot) and usable on a large one to compare two versions.
 */

const TODAY = new Date(Date.UTC(2026, 10, 22));

export interface PinnedResult {
  name: string;
  total: number;
  ids: string;
  hash: string;
}

const SORTS: Record<string, SortOption | undefined> = {
  relevance: undefined,
  priceAsc: { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "asc" }] },
  priceDesc: { sortCriteria: "fields", fields: [{ field: "ec_price", direction: "desc" }] },
  newest: { sortCriteria: "fields", fields: [{ field: "arrival_date", direction: "desc" }] },
};
const SORT_NAMES = Object.keys(SORTS);

function summarise(name: string, response: unknown): PinnedResult {
  const { responseId: _, ...rest } = response as { responseId?: string };
  const body = rest as {
    pagination?: { totalEntries: number };
    products?: { permanentid: string }[];
    values?: { rawValue: string }[];
    completions?: { expression: string }[];
  };
  const ids =
    body.products?.map((p) => p.permanentid) ??
    body.values?.map((v) => v.rawValue) ??
    body.completions?.map((c) => c.expression) ??
    [];
  return {
    name,
    total: body.pagination?.totalEntries ?? ids.length,
    ids: ids.slice(0, 8).join(","),
    hash: createHash("sha256").update(JSON.stringify(rest)).digest("hex").slice(0, 16),
  };
}

/** Builds the engine from `size` demo products and answers the query set (`rounds` queries per kind). */
export function runPinnedQueries(size: number, rounds: number): PinnedResult[] {
  const demo = generateDemoCatalog({ products: size, seed: 7, today: TODAY });
  const catalog = CatalogIndex.build({
    categories: demo.categories,
    products: structuredClone(demo.products),
    storeStock: demo.storeStock,
    physicalStores: demo.stores,
  });
  const engine = new SearchEngine(
    { catalog, promotions: demo.promotions, outfits: demo.outfits },
    { clock: fixedClock(TODAY) },
  );
  const out: PinnedResult[] = [];
  const r = random(size + rounds);
  const regular = demo.categories.filter((c) => c.role === "regular");
  const special = demo.categories.filter((c) => c.role !== "regular");
  const base = (shop: Shop, path: string) => ({
    trackingId: shop.trackingId,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: { view: { url: `https://shop.example/${shop.pathPrefix}${path}` } },
  });
  const categoryPath = (id: number, language: Language) => catalog.tree.path(id, language);
  const vocabulary = (language: Language) => {
    const words = new Set<string>();
    for (const p of demo.products) {
      for (const w of productTexts(p, language).name.split(/\s+/)) if (w.length >= 4) words.add(w.toLowerCase());
    }
    return [...words].filter((w) => /^\p{L}+$/u.test(w)).sort();
  };
  const words: Record<Language, string[]> = { de: vocabulary("de"), fr: vocabulary("fr"), en: vocabulary("en") };
  const product = () => r.pick(demo.products);
  const sortName = () => r.pick(SORT_NAMES);
  const page = () => (r.next() < 0.6 ? {} : { page: Math.floor(r.next() * 4), perPage: r.pick([12, 24, 48]) });

  // Facet selections taken from a listing's own facets: colour and size, brand and a price range, an exclusion.
  const selections = (shop: Shop, path: string): FacetRequest[][] => {
    const response = engine.listing(base(shop, path));
    const facet = (id: string) => response.facets.find((f) => f.facetId === id);
    const facetValue = (id: string, index: number) => {
      const v = facet(id)?.values[index];
      return v && "value" in v ? String(v.value) : undefined;
    };
    const regularFacet = (facetId: string, value: string | undefined, state: "selected" | "excluded") =>
      value === undefined ? [] : [{ facetId, type: "regular" as const, values: [{ value, state }] }];
    const price = facet("ec_price");
    const range = price?.type === "numericalRange" ? (price.values[1] ?? price.values[0]) : undefined;
    return [
      [
        ...regularFacet("ec_color", facetValue("ec_color", 0), "selected"),
        ...regularFacet("size", facetValue("size", 1), "selected"),
      ],
      [
        ...regularFacet("ec_brand", facetValue("ec_brand", 0), "selected"),
        ...(range
          ? [
              {
                facetId: "ec_price",
                type: "numericalRange" as const,
                values: [
                  { start: range.start, end: range.end, endInclusive: range.endInclusive, state: "selected" as const },
                ],
              },
            ]
          : []),
      ],
      [...regularFacet("material", facetValue("material", 0), "excluded")],
    ] as FacetRequest[][];
  };

  const run = (phase: string) => {
    for (let i = 0; i < rounds; i++) {
      const shop = r.pick(SHOPS);
      const language = shop.language;
      const category = r.pick(regular);
      const path = categoryPath(category.id, language);
      const sort = sortName();
      const paging = page();
      out.push(
        summarise(
          `${phase} listing ${shop.code} ${path} ${sort} ${JSON.stringify(paging)}`,
          engine.listing({ ...base(shop, path), sort: SORTS[sort], ...paging }),
        ),
      );
      const special1 = r.pick(special);
      out.push(
        summarise(
          `${phase} listing ${shop.code} ${special1.key} ${sort}`,
          engine.listing({ ...base(shop, categoryPath(special1.id, language)), sort: SORTS[sort] }),
        ),
      );
      const chosen = selections(shop, path);
      for (const [k, facets] of chosen.entries()) {
        const s = k === 2 ? "relevance" : r.next() < 0.5 ? "priceAsc" : "priceDesc";
        out.push(
          summarise(
            `${phase} filtered listing ${shop.code} ${path} ${JSON.stringify(facets)} ${s}`,
            engine.listing({ ...base(shop, path), facets, sort: SORTS[s] }),
          ),
        );
      }

      const p = product();
      const name = productTexts(p, language).name.split(/\s+/);
      const word = r.pick(words[language]);
      const queries = [
        word,
        `${name[0]} ${name.at(-1)}`,
        word.slice(0, 2 + Math.floor(r.next() * 4)),
        `${name[0]} ${(name.at(-1) as string).slice(0, 3)}`,
        word.length >= 5 ? typo(word, r.next) : `${word}x`,
        `${p.brand} ${word}`,
        p.referenceKey,
        "",
        "qqqzzz",
      ];
      for (const query of queries) {
        const s = sortName();
        const pg = page();
        out.push(
          summarise(
            `${phase} search ${shop.code} "${query}" ${s} ${JSON.stringify(pg)}`,
            engine.search({ ...base(shop, "/search/"), query, sort: SORTS[s], ...pg }),
          ),
        );
      }
      const facets = r.pick(chosen);
      out.push(
        summarise(
          `${phase} filtered search ${shop.code} "${word}" ${JSON.stringify(facets)}`,
          engine.search({ ...base(shop, "/search/"), query: word, facets }),
        ),
      );
      out.push(
        summarise(
          `${phase} deep page ${shop.code} "${word.slice(0, 2)}"`,
          engine.search({ ...base(shop, "/search/"), query: word.slice(0, 2), page: 40, perPage: 48 }),
        ),
      );
      for (const typed of [
        word.slice(0, 1),
        word.slice(0, 2),
        word.slice(0, 3),
        word.slice(0, 5),
        `${name[0]} ${word.slice(0, 3)}`,
      ]) {
        const s = r.next() < 0.8 ? "relevance" : sortName();
        const perPage = r.next() < 0.8 ? {} : { perPage: 8 };
        out.push(
          summarise(
            `${phase} instant ${shop.code} "${typed}" ${s} ${JSON.stringify(perPage)}`,
            engine.productSuggest({ ...base(shop, "/search/"), query: typed, sort: SORTS[s], ...perPage }),
          ),
        );
        out.push(
          summarise(
            `${phase} suggest ${shop.code} "${typed}"`,
            engine.querySuggest({ ...base(shop, "/search/"), query: typed }),
          ),
        );
      }
      out.push(
        summarise(
          `${phase} facet search ${shop.code} "${word}" ec_brand`,
          engine.facetSearch(
            { ...base(shop, "/search/"), query: word, facetId: "ec_brand", facetQuery: "*a*" },
            "SEARCH",
          ),
        ),
      );
      out.push(
        summarise(
          `${phase} facet search ${shop.code} ${path} ec_color`,
          engine.facetSearch({ ...base(shop, path), facetId: "ec_color", facetQuery: "*" }, "LISTING"),
        ),
      );
      const slot = r.pick(["similar", "complete-the-look", "trending", "new-arrivals"]);
      out.push(
        summarise(
          `${phase} recommendations ${shop.code} ${slot} ${p.id}`,
          engine.recommendations({
            ...base(shop, `/p/x-${p.id}/`),
            slotId: slot,
            context: {
              view: { url: `https://shop.example/${shop.pathPrefix}/p/x-${p.id}/` },
              product: { productId: String(p.id) },
            },
          }),
        ),
      );
    }
  };

  run("initial");
  // Catalogue changes between queries: new prices, sold-out variants, removed products.
  const changed: ProductRecord[] = structuredClone(demo.products.slice(0, Math.min(200, size)));
  for (const [i, p] of changed.entries()) {
    for (const v of p.variants) {
      for (const price of Object.values(v.prices)) if (price && i % 2 === 0) price.listPrice += 1000 + i;
      if (i % 3 === 0) v.stock.quantity = 0;
    }
    if (i % 5 === 0 && p.translations.de) p.translations.de.name = `${p.translations.de.name} Sonderedition`;
    catalog.upsert(p);
  }
  for (const p of demo.products.slice(size - 20)) catalog.remove(p.id);
  run("changed");
  return out;
}
