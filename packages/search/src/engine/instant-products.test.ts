import { type ProductRecord, SHOPS, type Shop } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterEach, describe, expect, it } from "vitest";
import { demoEngine } from "../../test/demo-engine.ts";
import type { SearchResponse } from "../api/types.ts";
import { prunedText } from "./query.ts";
import type { SearchEngine } from "./search-engine.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22, 12));
const demo = generateDemoCatalog({ products: 1200, seed: 31, today: TODAY });

const engineOf = (products: readonly ProductRecord[]) => demoEngine(demo, products, TODAY).engine;

function suggest(engine: SearchEngine, shop: Shop, query: string, page: object): SearchResponse {
  const response = engine.productSuggest({
    trackingId: shop.trackingId,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: { view: { url: `https://shop.example/${shop.pathPrefix}/search/` } },
    query,
    ...page,
  });
  return { ...response, responseId: "" };
}

/** What shoppers type: every two- and three-letter start of the catalogue's words, and a few whole words. */
function typed(engine: SearchEngine, shop: Shop): string[] {
  const words = new Set<string>();
  for (const p of demo.products.slice(0, 300)) {
    const name = p.translations[shop.language]?.name ?? "";
    for (const w of name.toLowerCase().split(/\s+/)) if (/^\p{L}{4,}$/u.test(w)) words.add(w);
  }
  const out = new Set<string>();
  for (const w of words) {
    out.add(w.slice(0, 2));
    out.add(w.slice(0, 3));
  }
  for (const w of [...words].slice(0, 20)) out.add(w);
  void engine;
  return [...out];
}

/** Each instant answer with the pruned walk equals the one with every member's key read; returns how many. */
function expectAsWalkedInFull(engine: SearchEngine): number {
  let compared = 0;
  for (const shop of SHOPS) {
    for (const query of typed(engine, shop)) {
      for (const page of [{}, { page: 1, perPage: 8 }, { perPage: 48 }]) {
        prunedText.enabled = true;
        const pruned = suggest(engine, shop, query, page);
        prunedText.enabled = false;
        const full = suggest(engine, shop, query, page);
        prunedText.enabled = true;
        expect(pruned, `${shop.code} ${query} ${JSON.stringify(page)}`).toEqual(full);
        if (full.products.length > 0) compared++;
      }
    }
  }
  return compared;
}

describe("instant products read only the keys that can make the page", () => {
  afterEach(() => {
    prunedText.enabled = true;
  });

  it("answers as the walk over every member's key, in all five stores", () => {
    const engine = engineOf(demo.products);
    const used = prunedText.used;
    expect(expectAsWalkedInFull(engine)).toBeGreaterThan(500);
    // The pruned walk answered most of them (the rest fell back to the full walk).
    expect(prunedText.used - used).toBeGreaterThan(300);
  });

  it("stays exact when most of a prefix's products are sold out", () => {
    // Sold-out members sink by 3: the best text score alone does not decide the page.
    const products = structuredClone(demo.products);
    for (const [i, p] of products.entries()) {
      if (i % 5 !== 0) for (const v of p.variants) v.stock = { ...v.stock, quantity: 0, isSellableWithoutStock: false };
    }
    expect(expectAsWalkedInFull(engineOf(products))).toBeGreaterThan(500);
  });
});
