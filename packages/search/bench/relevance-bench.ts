/**
 * `npm run bench:relevance`: how right the search is, next to SQLite FTS5 (bm25) over the same documents.
 *
 * 1. The demo catalogue (packages/demo-data, generated here) in de, fr and en, searched through the search engine
 *    as the storefront does (one result per colour group), with the query set of relevance-queries.ts.
 * 2. When present, the real H&M catalogue (`--real PATH`, default ../shared/data/hm_articles.csv.gz seen from the
 *    repository or its parent): 105,542 English articles indexed with the engine's text index and searched with
 *    its query functions (match, then did-you-mean), judged by a rule over the articles' own fields. The data is
 *    read at bench time only; nothing of it is written anywhere.
 *
 * Printed per query class: precision at 10 (relevant among the first 10, out of min(10, relevant products)),
 * zero-result rate (queries with relevant products in the catalogue that found nothing) and latency p50/p99.
 * Options: `--products 5000` (demo size), `--real PATH`, `--no-real`, `--verbose` (every query that misses).
 */
import {
  type CategoryRecord,
  colourName,
  fixedClock,
  type Language,
  type ProductRecord,
  productTexts,
  SHOPS,
  vocabularyLabel,
} from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import Database from "better-sqlite3";
import { CatalogIndex } from "../src/engine/catalog-index.ts";
import { SearchEngine } from "../src/engine/search-engine.ts";
import { type TextField, TextIndex } from "../src/engine/text-index.ts";
import { correctQuery, matchQuery } from "../src/engine/text-search.ts";
import { readRealCatalog, realCatalogPath } from "./real-catalogue.ts";
import { DEMO_QUERIES, type DemoQuery, type QueryClass, REAL_QUERIES, type RealQuery } from "./relevance-queries.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const flag = (name: string) => args.includes(`--${name}`);
const PRODUCTS = Number(option("products", "5000"));
const VERBOSE = flag("verbose");
const TODAY = new Date(Date.UTC(2026, 10, 22));
const CLASSES: QueryClass[] = ["exact", "combined", "synonym", "form", "typo", "compound"];
const K = 10;

interface Outcome {
  cls: QueryClass;
  q: string;
  precision: number;
  /** Relevant products in the catalogue. */
  relevant: number;
  found: number;
  ms: number;
  top: string[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function time<T>(run: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/** Precision at 10 of a ranked list, out of min(10, relevant products) so that small types can score 1. */
function precision(ranked: readonly boolean[], relevant: number): number {
  const denominator = Math.min(K, relevant);
  if (denominator === 0) return ranked.length === 0 ? 1 : 0;
  return ranked.slice(0, K).filter(Boolean).length / denominator;
}

function report(title: string, engines: Record<string, Outcome[]>): void {
  console.log(`\n=== ${title} ===`);
  const names = Object.keys(engines);
  const header = ["class", "queries", ...names.flatMap((n) => [`P@10 ${n}`, `zero ${n}`, `p50/p99 ${n}`])];
  const rows: string[][] = [];
  for (const cls of [...CLASSES, "all" as const]) {
    const row: string[] = [];
    for (const name of names) {
      const all = engines[name] as Outcome[];
      const list = cls === "all" ? all : all.filter((o) => o.cls === cls);
      if (list.length === 0) continue;
      if (row.length === 0) row.push(cls === "typo" ? "typo (misspelt)" : cls, String(list.length));
      const p = list.reduce((s, o) => s + o.precision, 0) / list.length;
      const answerable = list.filter((o) => o.relevant > 0);
      const zero = answerable.filter((o) => o.found === 0).length / Math.max(1, answerable.length);
      const ms = list.map((o) => o.ms);
      row.push(
        p.toFixed(3),
        `${(zero * 100).toFixed(1)}%`,
        `${percentile(ms, 50).toFixed(2)}/${percentile(ms, 99).toFixed(2)} ms`,
      );
    }
    if (row.length > 0) rows.push(row);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join("  ");
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  if (VERBOSE) {
    for (const name of names) {
      for (const o of engines[name] as Outcome[]) {
        if (o.precision < 1) {
          console.log(
            `  ${name} [${o.cls}] "${o.q}": P@10 ${o.precision.toFixed(2)}, ${o.found} found, ${o.relevant} relevant — ${o.top.join(" | ")}`,
          );
        }
      }
    }
  }
}

/** FTS5's query syntax for what a shopper typed: each word a quoted string, the last one also as a prefix. */
function ftsQuery(query: string): string {
  const words = query.trim().split(/\s+/).filter(Boolean);
  return words.map((w, i) => `"${w.replaceAll('"', '""')}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}

// --- demo catalogue -----------------------------------------------------------------------------------

function audienceOf(product: ProductRecord, byId: Map<number, CategoryRecord>): Set<string> {
  const out = new Set<string>();
  for (const id of product.categoryIds) {
    let node = byId.get(id);
    while (node && node.parentId !== null) node = byId.get(node.parentId);
    if (node) out.add(node.translations.en.name.toLowerCase());
  }
  return out;
}

function benchDemo(): void {
  const demo = generateDemoCatalog({ products: PRODUCTS, seed: 42, today: TODAY });
  const byId = new Map(demo.products.map((p) => [p.id, p]));
  const categories = new Map(demo.categories.map((c) => [c.id, c]));
  const audiences = new Map(demo.products.map((p) => [p.id, audienceOf(p, categories)]));
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
  const relevantTo = (q: DemoQuery) => (p: ProductRecord) =>
    q.types.includes(p.productType) &&
    (!q.colours || q.colours.includes(p.colorId)) &&
    (!q.audience || (audiences.get(p.id)?.has(q.audience) ?? false));

  for (const language of ["de", "fr", "en"] as const) {
    const shop = SHOPS.find((s) => s.language === language) as (typeof SHOPS)[number];
    const db = ftsDemo(demo.products, demo.categories, language);
    const ours: Outcome[] = [];
    const fts: Outcome[] = [];
    for (const q of DEMO_QUERIES[language]) {
      const isRelevant = relevantTo(q);
      // Relevant colour groups: the engine shows one result per group, so a type with few groups caps P@10.
      const groups = new Set(demo.products.filter(isRelevant).map((p) => p.masterKey));
      const request = {
        trackingId: shop.trackingId,
        language: shop.language,
        country: shop.country,
        currency: shop.currency,
        context: { view: { url: `https://shop.example/${shop.pathPrefix}/search/` } },
        query: q.q,
        perPage: K,
      };
      engine.search(request);
      const run = time(() => engine.search(request));
      const products = run.value.products.map((p) => byId.get(Number(p.permanentid)) as ProductRecord);
      ours.push({
        cls: q.cls,
        q: q.q,
        precision: precision(products.map(isRelevant), groups.size),
        relevant: groups.size,
        found: run.value.pagination.totalEntries,
        ms: run.ms,
        top: products.slice(0, 3).map((p) => productTexts(p, language).name),
      });
      const relevantProducts = demo.products.filter(isRelevant).length;
      const ftsRun = time(() => ftsSearch(db, q.q));
      const ftsProducts = ftsRun.value.map((id) => byId.get(id) as ProductRecord);
      fts.push({
        cls: q.cls,
        q: q.q,
        precision: precision(ftsProducts.map(isRelevant), relevantProducts),
        relevant: relevantProducts,
        found: ftsProducts.length,
        ms: ftsRun.ms,
        top: ftsProducts.slice(0, 3).map((p) => productTexts(p, language).name),
      });
    }
    db.close();
    report(`demo catalogue, ${PRODUCTS.toLocaleString("en")} products, ${language} (${shop.code} store)`, {
      vitrine: ours,
      fts5: fts,
    });
  }
}

const FTS_COLUMNS = ["name", "brand", "colour", "type", "category", "material", "short", "description"];
/** bm25 column weights: the same field weights as the engine's index (name 10, brand 8, colour 6, …). */
const FTS_WEIGHTS = [10, 8, 6, 6, 6, 4, 2, 1];

function ftsDemo(products: readonly ProductRecord[], categories: readonly CategoryRecord[], language: Language) {
  const db = new Database(":memory:");
  const tokenizer = language === "en" ? "porter unicode61 remove_diacritics 2" : "unicode61 remove_diacritics 2";
  db.exec(`CREATE VIRTUAL TABLE docs USING fts5(${FTS_COLUMNS.join(", ")}, tokenize = '${tokenizer}')`);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const insert = db.prepare(`INSERT INTO docs(rowid, ${FTS_COLUMNS.join(", ")}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const p of products) {
      const t = productTexts(p, language);
      const path: string[] = [];
      for (const id of p.categoryIds) {
        for (let node = byId.get(id); node; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
          path.push(node.translations[language].name);
        }
      }
      insert.run(
        p.id,
        t.name,
        p.brand,
        colourName(p.colorId, language),
        vocabularyLabel("productType", p.productType, language),
        path.join(" "),
        p.material.map((m) => vocabularyLabel("material", m, language)).join(" "),
        t.shortDescription,
        t.description,
      );
    }
  })();
  return db;
}

function ftsSearch(db: Database.Database, query: string, weights = FTS_WEIGHTS): number[] {
  const statement = db.prepare(
    `SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, ${weights.join(", ")}) LIMIT ${K}`,
  );
  try {
    return statement.all(ftsQuery(query)).map((r) => Number((r as { rowid: number }).rowid));
  } catch {
    return [];
  }
}

// --- real catalogue -----------------------------------------------------------------------------------

function realPath(): string | undefined {
  return flag("no-real") ? undefined : realCatalogPath(option("real", ""));
}

interface Article {
  name: string;
  type: string;
  colour: string;
  appearance: string;
  group: string;
  sections: string;
  description: string;
}

function benchReal(path: string): void {
  const { header, rows } = readRealCatalog(path);
  const col = (name: string) => (header as string[]).indexOf(name);
  const c = {
    name: col("prod_name"),
    type: col("product_type_name"),
    colour: col("colour_group_name"),
    appearance: col("graphical_appearance_name"),
    group: col("index_group_name"),
    index: col("index_name"),
    section: col("section_name"),
    department: col("department_name"),
    garment: col("garment_group_name"),
    description: col("detail_desc"),
  };
  const articles: Article[] = rows
    .filter((r) => r.length > c.description)
    .map((r) => ({
      name: r[c.name] as string,
      type: r[c.type] as string,
      colour: r[c.colour] as string,
      appearance: r[c.appearance] as string,
      group: r[c.group] as string,
      sections: [r[c.index], r[c.section], r[c.department], r[c.garment]].join(" · "),
      description: r[c.description] as string,
    }));
  const built = time(() => {
    const text = new TextIndex("en");
    const fields: [keyof Article, TextField][] = [
      ["name", "name"],
      ["type", "productType"],
      ["colour", "colour"],
      ["appearance", "attribute"],
      ["group", "category"],
      ["sections", "category"],
    ];
    articles.forEach((a, slot) => {
      text.beginDocument(slot);
      for (const [key, field] of fields) text.addText(a[key], field, key === "name" ? "often" : "vocabulary");
      for (const sentence of a.description.split(/(?<=[.!?]) /)) text.addText(sentence, "description", "often");
      text.endDocument();
    });
    text.finish();
    return text;
  });
  const text = built.value;
  const db = new Database(":memory:");
  const ftsBuilt = time(() => {
    db.exec(
      "CREATE VIRTUAL TABLE docs USING fts5(name, type, colour, appearance, grp, sections, description, tokenize = 'porter unicode61 remove_diacritics 2')",
    );
    const insert = db.prepare(
      "INSERT INTO docs(rowid, name, type, colour, appearance, grp, sections, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    db.transaction(() => {
      articles.forEach((a, slot) => {
        insert.run(slot, a.name, a.type, a.colour, a.appearance, a.group, a.sections, a.description);
      });
    })();
  });
  console.log(
    `\nreal catalogue: ${articles.length.toLocaleString("en")} articles; engine text index built in ${built.ms.toFixed(0)} ms (cpu ${built.cpuMs.toFixed(0)} ms), FTS5 in ${ftsBuilt.ms.toFixed(0)} ms (cpu ${ftsBuilt.cpuMs.toFixed(0)} ms)`,
  );
  const search = (query: string): number[] => {
    const top = (match: ReturnType<typeof matchQuery>) => {
      if (!match || match.count === 0) return [];
      const order = Array.from(match.slots.subarray(0, match.count), (slot, i) => ({
        slot,
        score: match.scores[i] as number,
      }));
      order.sort((a, b) => b.score - a.score || a.slot - b.slot);
      return order.slice(0, K).map((o) => o.slot);
    };
    // As the engine's search: the query as typed, then the did-you-mean query when it finds products.
    const found = top(matchQuery(text, query, articles.length));
    const correction = correctQuery(text, query, { capacity: articles.length });
    if (!correction) return found;
    const corrected = top(matchQuery(text, correction.correctedQuery, articles.length));
    return corrected.length > 0 ? corrected : found;
  };
  const ours: Outcome[] = [];
  const fts: Outcome[] = [];
  for (const q of REAL_QUERIES) {
    const isRelevant = relevantArticle(q);
    const relevant = articles.filter(isRelevant).length;
    search(q.q);
    const run = time(() => search(q.q));
    const outcome = (found: number[], ms: number): Outcome => ({
      cls: q.cls,
      q: q.q,
      precision: precision(
        found.map((slot) => isRelevant(articles[slot] as Article)),
        relevant,
      ),
      relevant,
      found: found.length,
      ms,
      top: found
        .slice(0, VERBOSE ? K : 3)
        .map((slot) => `${articles[slot]?.name} (${articles[slot]?.type}, ${articles[slot]?.colour})`),
    });
    ours.push(outcome(run.value, run.ms));
    const ftsRun = time(() => ftsSearch(db, q.q, [10, 6, 6, 3, 6, 6, 1]));
    fts.push(outcome(ftsRun.value, ftsRun.ms));
  }
  db.close();
  report(`real catalogue (H&M articles), ${REAL_QUERIES.length} English queries`, { vitrine: ours, fts5: fts });
}

function relevantArticle(q: RealQuery): (a: Article) => boolean {
  return (a) =>
    q.types.includes(a.type) &&
    (!q.colours || q.colours.includes(a.colour)) &&
    (!q.groups || q.groups.includes(a.group));
}

benchDemo();
const real = realPath();
if (real) benchReal(real);
else console.log("\nreal catalogue: not found (give --real PATH to hm_articles.csv.gz); skipped");
