import { type ProductRecord, SHOPS, type Shop } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterEach, describe, expect, it } from "vitest";
import { demoEngine, recolourAndRestock } from "../../test/demo-engine.ts";
import type { SearchResponse } from "../api/types.ts";
import type { SearchEngine } from "./search-engine.ts";
import { textProbes } from "./text-index.ts";

const TODAY = new Date(Date.UTC(2026, 10, 22, 12));
const demo = generateDemoCatalog({ products: 1500, seed: 47, today: TODAY });

const engineOf = (products: readonly ProductRecord[]) => demoEngine(demo, products, TODAY).engine;

function request(shop: Shop, query: string, page: number) {
  return {
    trackingId: shop.trackingId,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: { view: { url: `https://shop.example/${shop.pathPrefix}/search/` } },
    query,
    page,
  };
}

/**
 * Queries of several words where one word has many expansions: a narrow word with the start of another (the
 * last word is also a prefix), with a misspelt word (typos), and a misspelt word with a start.
 */
function queries(shop: Shop): string[] {
  const words = new Set<string>();
  for (const p of demo.products.slice(0, 600).filter((_, i) => i % 15 === 0)) {
    const name = p.translations[shop.language]?.name ?? "";
    for (const w of name.toLowerCase().split(/\s+/)) if (/^\p{L}{5,}$/u.test(w)) words.add(w);
  }
  const list = [...words];
  const out = new Set<string>();
  for (const [i, word] of list.entries()) {
    const other = list[(i * 5 + 3) % list.length] as string;
    if (other === word) continue;
    out.add(`${word} ${other.slice(0, 1)}`);
    out.add(`${word} ${other.slice(0, 2)}`);
    out.add(`${word} ${other.slice(0, 3)}`);
    // A letter dropped: a typo of the word, then of the other one.
    out.add(`${word.slice(0, 2)}${word.slice(3)} ${other}`);
    out.add(`${word} ${other.slice(0, 2)}${other.slice(3)}`);
    out.add(`${other.slice(0, 2)}${other.slice(3)} ${word} ${other.slice(0, 2)}`);
  }
  return [...out];
}

/** Runs `ask` with the lookups on and off; the answers must be equal. Returns whether it found anything. */
function compare(label: string, ask: () => SearchResponse): number {
  textProbes.enabled = true;
  const probed = ask();
  textProbes.enabled = false;
  const merged = ask();
  textProbes.enabled = true;
  expect({ ...probed, responseId: "" }, label).toEqual({ ...merged, responseId: "" });
  return merged.pagination.totalEntries > 0 ? 1 : 0;
}

function expectAsMerged(engine: SearchEngine): number {
  let found = 0;
  for (const shop of SHOPS) {
    for (const query of queries(shop)) {
      for (const page of [0, 1]) {
        found += compare(`${shop.code} search "${query}" ${page}`, () => engine.search(request(shop, query, page)));
      }
      found += compare(`${shop.code} instant "${query}"`, () => engine.productSuggest(request(shop, query, 0)));
    }
  }
  return found;
}

describe("a word of many expansions is looked up for the candidates left, not merged", () => {
  afterEach(() => {
    textProbes.enabled = true;
  });

  it("finds, scores and orders as the merged word does: searches and instant products in all five stores", () => {
    const engine = engineOf(demo.products);
    const used = textProbes.used;
    expect(expectAsMerged(engine)).toBeGreaterThan(500);
    expect(textProbes.used - used).toBeGreaterThan(30);
  });

  it("the same after changes that move colour siblings and sell sizes out", () => {
    const { engine, catalog } = demoEngine(demo, demo.products, TODAY);
    recolourAndRestock(catalog, demo.products);
    expect(expectAsMerged(engine)).toBeGreaterThan(500);
  });
});
