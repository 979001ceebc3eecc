/**
 * `npm run bench:search`: builds the search index from the demo catalogue at 10,000, 100,000 and 1,000,000
 * products and measures build time, memory, and latency (p50/p95/p99) per query type, then checks them against
 * the targets (on two cores): at 100,000 products p50 ≤ 1 ms and p99 ≤ 15 ms per query type, build ≤ 10 s,
 * ≤ 300 MB; at 1,000,000 products p50 ≤ 5 ms and p99 ≤ 25 ms, build ≤ 60 s, ≤ 2 GB.
 *
 * When present, the real H&M catalogue (`--real PATH`, default ../shared/data/hm_articles.csv.gz seen from the
 * repository or its parent; see real-catalogue.ts) runs as well: its 105,542 articles' English names and
 * descriptions and its colour groups on demo records. It is read at bench time only; nothing of it is written.
 *
 * The 1,000,000 catalogue needs a larger heap than Node's default (`npm run bench:search` gives it): the
 * generated records alone take about 5 GB before they are turned into pages (about 3 GB outside the heap). The
 * build reads the pages one at a time, as the service loads the catalogue from the database; its time is that of
 * the index, the pages' reading is printed besides.
 *
 * Options: `--sizes 10000,100000,1000000` `--queries 600` `--real PATH` `--no-real`;
 * `--slowest N` prints the N slowest queries of each type; `--attributes` gives the
 * products three facetable merchant attributes (text, number, boolean; vocabulary set here), counted with every
 * listing and search, and measures a listing filtered by them.
 */
import { cpus, loadavg } from "node:os";
import { constants, PerformanceObserver } from "node:perf_hooks";
import { deserialize, serialize, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import {
  type AttributeDefinition,
  fixedClock,
  type Language,
  type ProductRecord,
  productTexts,
  SHOPS,
  type Shop,
  setVocabulary,
  starterVocabularyValues,
  Vocabulary,
} from "@vitrine/commerce";
import { type DemoCatalog, generateDemoCatalog } from "@vitrine/demo-data";
import type { FacetRequest } from "../src/api/types.ts";
import { CatalogBuilder, CatalogIndex } from "../src/engine/catalog-index.ts";
import { SearchEngine } from "../src/engine/search-engine.ts";
import { random, typo } from "../test/query-generators.ts";
import { realCatalogPath, realDemoCatalog } from "./real-catalogue.ts";

setFlagsFromString("--expose_gc");
const gc = runInNewContext("gc") as () => void;

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const SIZES = option("sizes", "10000,100000,1000000").split(",").map(Number);
const QUERIES = Number(option("queries", "600"));
const ATTRIBUTES = args.includes("--attributes");
/**
 * `--slowest N`: the N slowest queries of each type, with what was asked, how many results it had, and the
 * garbage collection pauses that fell within it.
 */
const SLOWEST = Number(option("slowest", "0"));
/** `--no-answer-cache`: every listing and search runs its query (the engine keeps no answers). */
const ANSWER_CACHE = !args.includes("--no-answer-cache");
/** Products per page of the build, as the service loads them (service.ts LOAD_PAGE). */
const PAGE = 2000;

/** The merchant attributes of `--attributes`, and a product's values of them (from its id: every value is used). */
const MERCHANT_ATTRIBUTES: AttributeDefinition[] = [
  { key: "sleeve", valueType: "text", facetable: true, searchable: false, labels: { de: "Ärmel" }, position: 1 },
  { key: "length_cm", valueType: "number", facetable: true, searchable: false, labels: { en: "Length" }, position: 2 },
  { key: "lined", valueType: "boolean", facetable: true, searchable: false, labels: { en: "Lined" }, position: 3 },
];
const SLEEVES = ["long", "short", "three-quarter", "sleeveless", "cap"];
function merchantValues(id: number): Record<string, string[]> {
  return {
    sleeve: [SLEEVES[id % SLEEVES.length] as string],
    length_cm: [String(50 + (id % 17) * 5)],
    lined: [id % 3 === 0 ? "true" : "false"],
  };
}
if (ATTRIBUTES) setVocabulary(new Vocabulary(starterVocabularyValues(), MERCHANT_ATTRIBUTES));
const TODAY = new Date(Date.UTC(2026, 10, 22));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

function base(shop: Shop, path: string) {
  return {
    trackingId: shop.trackingId,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
    context: { view: { url: `https://shop.example/${shop.pathPrefix}${path}` } },
  };
}

interface Result {
  name: string;
  /** Wall-clock time per query, sorted. */
  samples: number[];
  /**
   * CPU time per query (user + system), sorted: what the query costs when other processes share the cores
   * (wall time then also counts the time the process waits for a core).
   */
  cpuSamples: number[];
  results: number;
  /** The slowest queries (`--slowest`): index, start (performance.now), wall time, results. */
  slowest: { i: number; at: number; ms: number; results: number }[];
  /** What query `i` asked (store and words, or address and filters), for `--slowest`. */
  asked: (i: number) => string;
}

function measureQueries(name: string, count: number, run: (i: number) => number, asked: (i: number) => string): Result {
  for (let i = 0; i < Math.min(50, count); i++) run(i);
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  let results = 0;
  const each: { i: number; at: number; ms: number; results: number }[] = [];
  for (let i = 0; i < count; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const found = run(i);
    const took = performance.now() - started;
    results += found;
    samples.push(took);
    if (SLOWEST > 0) each.push({ i, at: started, ms: took, results: found });
    const used = process.cpuUsage(cpu);
    cpuSamples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpuSamples.sort((a, b) => a - b);
  each.sort((a, b) => b.ms - a.ms);
  return { name, samples, cpuSamples, results: results / count, slowest: each.slice(0, SLOWEST), asked };
}

/** Heap plus typed-array memory: the index keeps most of its data in typed arrays, outside the JS heap. */
function memory(): { total: number; rss: number } {
  gc();
  const m = process.memoryUsage();
  return { total: m.heapUsed + m.arrayBuffers, rss: m.rss };
}

interface Targets {
  /** Catalogues from this size on are held to these targets. */
  from: number;
  p50: number;
  p99: number;
  buildMs: number;
  bytes: number;
}

const TARGETS: readonly Targets[] = [
  { from: 1_000_000, p50: 5, p99: 25, buildMs: 60_000, bytes: 2 * 1024 ** 3 },
  { from: 100_000, p50: 1, p99: 15, buildMs: 10_000, bytes: 300 * 1024 ** 2 },
];

async function bench(label: string, load: () => DemoCatalog): Promise<void> {
  console.log(`\n=== ${label} ===`);
  // The previous catalogue's typed arrays are freed after the collection that found them unreachable.
  memory();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const baseline = memory();
  const demo = load();
  const size = demo.products.length;
  // What the queries are made of: a few product names and ids (not whole records, which would count as memory).
  const step = Math.max(1, Math.floor(size / 3000));
  const sample = demo.products
    .filter((_, i) => i % step === 0)
    .map((p) => ({
      id: p.id,
      names: { de: productTexts(p, "de").name, fr: productTexts(p, "fr").name, en: productTexts(p, "en").name },
      nameLanguages: { de: "de", fr: "fr", en: "en" },
    }));
  const changed = structuredClone(demo.products.slice(0, 100));
  if (ATTRIBUTES) for (const p of demo.products) p.attributes = merchantValues(p.id);
  // Records as the service gets them from the database, a page at a time in the build order (service.ts
  // loadAll): serialised here page by page (the generator's copies go as the pages grow), read back, indexed and
  // let go during the build, so at most a page of records is in memory, as in the service.
  const order = CatalogIndex.buildOrder(demo.products);
  const pages: (Buffer | undefined)[] = [];
  for (let at = 0; at < order.length; at += PAGE) {
    const positions = order.subarray(at, at + PAGE);
    pages.push(serialize(Array.from(positions, (i) => demo.products[i] as ProductRecord)));
    for (const i of positions) (demo.products as (ProductRecord | undefined)[])[i] = undefined;
  }
  demo.products = [];
  memory();
  // Garbage collection during the build: it grows with the live heap.
  let gcMs = 0;
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  // Reading the pages stands for the database's answers: timed apart from the index build.
  let readMs = 0;
  let readCpu = 0;
  const builder = new CatalogBuilder(
    { categories: demo.categories, storeStock: demo.storeStock, physicalStores: demo.stores },
    size,
  );
  for (let i = 0; i < pages.length; i++) {
    const readCpuBefore = process.cpuUsage();
    const readStarted = performance.now();
    const records = deserialize(pages[i] as Buffer) as ProductRecord[];
    pages[i] = undefined;
    readMs += performance.now() - readStarted;
    const used = process.cpuUsage(readCpuBefore);
    readCpu += (used.user + used.system) / 1000;
    builder.add(records);
  }
  const catalog = builder.finish();
  const engine = new SearchEngine(
    { catalog, promotions: demo.promotions, outfits: demo.outfits },
    { clock: fixedClock(TODAY) },
  );
  engine.answers.enabled = ANSWER_CACHE;
  for (const view of engine.views.values()) view.refresh(TODAY);
  const buildMs = performance.now() - started - readMs;
  const cpuUsed = process.cpuUsage(cpuBefore);
  const cpuMs = (cpuUsed.user + cpuUsed.system) / 1000 - readCpu;
  demo.storeStock = [];
  // Let the records go: they are only garbage once this task has ended.
  await new Promise((resolve) => setTimeout(resolve, 100));
  gcObserver.disconnect();
  const after = memory();
  console.log(
    `build (5 store indexes): ${ms(buildMs)} (cpu ${ms(cpuMs)}, gc ${ms(gcMs)}; reading the ${
      pages.length
    } pages of records besides: ${ms(readMs)}, cpu ${ms(readCpu)}) · memory +${mb(
      after.total - baseline.total,
    )} (heap + typed arrays; RSS +${mb(after.rss - baseline.rss)}) · ${catalog.liveCount} products, ${
      catalog.groupMembers.length
    } colour groups, vocabulary de ${catalog.text.de.vocabularySize} / fr ${catalog.text.fr.vocabularySize} / en ${
      catalog.text.en.vocabularySize
    }`,
  );

  const r = random(size);
  const regular = demo.categories.filter((c) => c.role === "regular");
  const shops = SHOPS;
  const pathOf = (id: number, language: Language) => catalog.tree.path(id, language);
  const words = (language: Language) => {
    const out = new Set<string>();
    for (const p of sample) {
      for (const w of p.names[language].split(/\s+/)) if (w.length >= 4) out.add(w.toLowerCase());
    }
    for (const c of regular) out.add(c.translations[language].name.split(/\s/)[0]?.toLowerCase() ?? "");
    return [...out].filter((w) => /^\p{L}+$/u.test(w));
  };
  const vocabulary: Record<Language, string[]> = { de: words("de"), fr: words("fr"), en: words("en") };
  const names: Record<Language, string[]> = {
    de: sample.map((p) => p.names.de),
    fr: sample.map((p) => p.names.fr),
    en: sample.map((p) => p.names.en),
  };

  const listingRequests = Array.from({ length: QUERIES }, () => {
    const shop = r.pick(shops);
    return base(shop, pathOf(r.pick(regular).id, shop.language));
  });
  const textRequests = Array.from({ length: QUERIES }, () => {
    const shop = r.pick(shops);
    const name = r.pick(names[shop.language]).split(/\s+/);
    const query = r.next() < 0.5 ? r.pick(vocabulary[shop.language]) : `${name[0]} ${name.at(-1)}`;
    return { ...base(shop, "/search/"), query };
  });
  const typoRequests = Array.from({ length: QUERIES }, () => {
    const shop = r.pick(shops);
    const word = r.pick(vocabulary[shop.language].filter((w) => w.length >= 5));
    return { ...base(shop, "/search/"), query: typo(word, r.next) };
  });
  const filterRequests = listingRequests.map((req, i) => {
    const response = engine.listing(req);
    const pick = (id: string) => response.facets.find((f) => f.facetId === id);
    const facets: FacetRequest[] = [];
    const colour = pick("ec_color");
    const size = pick("size");
    const price = pick("ec_price");
    const brand = pick("ec_brand");
    if (i % 2 === 0 && colour && size) {
      facets.push({
        facetId: "ec_color",
        type: "regular",
        values: [
          {
            value: String(colour.values[0] && "value" in colour.values[0] ? colour.values[0].value : ""),
            state: "selected",
          },
        ],
      });
      facets.push({
        facetId: "size",
        type: "regular",
        values: [
          { value: String(size.values[1] && "value" in size.values[1] ? size.values[1].value : ""), state: "selected" },
        ],
      });
    } else if (brand && price && price.type === "numericalRange") {
      const range = price.values[1] ?? price.values[0];
      facets.push({
        facetId: "ec_brand",
        type: "regular",
        values: [
          {
            value: String(brand.values[0] && "value" in brand.values[0] ? brand.values[0].value : ""),
            state: "selected",
          },
        ],
      });
      if (range)
        facets.push({
          facetId: "ec_price",
          type: "numericalRange",
          values: [{ start: range.start, end: range.end, endInclusive: range.endInclusive, state: "selected" }],
        });
    }
    return {
      ...req,
      facets,
      sort: { sortCriteria: "fields" as const, fields: [{ field: "ec_price", direction: "asc" as const }] },
    };
  });
  // Two of the merchant's facets filtering (one value of one, two of the other).
  const attributeRequests = listingRequests.map((req, i) => ({
    ...req,
    facets: [
      {
        facetId: "sleeve",
        type: "regular" as const,
        values: [{ value: SLEEVES[i % SLEEVES.length] as string, state: "selected" as const }],
      },
      {
        facetId: "length_cm",
        type: "regular" as const,
        values: ["60", "75"].map((value) => ({ value, state: "selected" as const })),
      },
    ],
  }));
  // What a shopper has typed so far: 1 to 4 letters for completions, 2 to 5 for instant products.
  const suggestRequests = Array.from({ length: QUERIES }, () => {
    const shop = r.pick(shops);
    const word = r.pick(vocabulary[shop.language]);
    return { ...base(shop, "/search/"), query: word.slice(0, 1 + Math.floor(r.next() * 4)) };
  });
  const instantRequests = suggestRequests.map((req, i) => {
    const word = r.pick(vocabulary[req.language as Language]);
    return { ...req, query: word.slice(0, 2 + (i % 4)) };
  });
  const recommendationRequests = Array.from({ length: QUERIES }, () => {
    const shop = r.pick(shops);
    const product = r.pick(sample);
    return {
      ...base(shop, `/p/x-${product.id}/`),
      slotId: r.pick(["similar", "complete-the-look", "trending", "new-arrivals"]),
      context: {
        view: { url: `https://shop.example/${shop.pathPrefix}/p/x-${product.id}/` },
        product: { productId: String(product.id) },
      },
    };
  });
  // Drawn after the others, so that theirs stay as they were.
  const keystrokeRequests = suggestRequests.map((req, i) => {
    const word = r.pick(vocabulary[req.language as Language]);
    return { ...req, query: word.slice(0, 2 + (i % 4)) };
  });

  // Garbage collection while the queries run: its pauses (and its helper threads' time) land in the tail.
  const queryGc = { ms: 0, major: 0 };
  // Each pause (start, duration, major), for `--slowest`.
  const pauses: { at: number; ms: number; major: boolean }[] = [];
  const queryGcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.push({
        at: entry.startTime,
        ms: entry.duration,
        major: (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      });
      queryGc.ms += entry.duration;
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        queryGc.major++;
    }
  });
  queryGcObserver.observe({ entryTypes: ["gc"] });
  // Preparing the filtered listings asked every listing once: each measured query type starts with no answers.
  engine.answers.clear();
  // How many queries the answer cache answered, per query type (warm-up included).
  const cacheUse = new Map<string, string>();
  const measure = (name: string, count: number, run: (i: number) => number, asked: (i: number) => string): Result => {
    const hits = engine.answers.hits;
    const misses = engine.answers.misses;
    const result = measureQueries(name, count, run, asked);
    const used = engine.answers.hits - hits + engine.answers.misses - misses;
    if (used > 0) cacheUse.set(name, `${engine.answers.hits - hits}/${used}`);
    return result;
  };
  const results = [
    measure(
      "category listing + facets",
      QUERIES,
      (i) => engine.listing(listingRequests[i] as (typeof listingRequests)[number]).pagination.totalEntries,
      (i) => listingRequests[i]?.context.view.url ?? "",
    ),
    measure(
      "text search + facets",
      QUERIES,
      (i) => engine.search(textRequests[i] as (typeof textRequests)[number]).pagination.totalEntries,
      (i) => `${textRequests[i]?.language} "${textRequests[i]?.query}"`,
    ),
    measure(
      "typo search + facets",
      QUERIES,
      (i) => engine.search(typoRequests[i] as (typeof typoRequests)[number]).pagination.totalEntries,
      (i) => `${typoRequests[i]?.language} "${typoRequests[i]?.query}"`,
    ),
    measure(
      "listing + filters + price sort",
      QUERIES,
      (i) => engine.listing(filterRequests[i] as (typeof filterRequests)[number]).pagination.totalEntries,
      (i) => `${filterRequests[i]?.context.view.url} ${JSON.stringify(filterRequests[i]?.facets.map((f) => f.values))}`,
    ),
    ...(ATTRIBUTES
      ? [
          measure(
            "listing + merchant attributes",
            QUERIES,
            (i) => engine.listing(attributeRequests[i] as (typeof attributeRequests)[number]).pagination.totalEntries,
            (i) =>
              `${attributeRequests[i]?.context.view.url} ${JSON.stringify(attributeRequests[i]?.facets.map((f) => f.values))}`,
          ),
        ]
      : []),
    measure(
      "query suggestions",
      QUERIES,
      (i) => engine.querySuggest(suggestRequests[i] as (typeof suggestRequests)[number]).completions.length,
      (i) => `${suggestRequests[i]?.language} "${suggestRequests[i]?.query}"`,
    ),
    measure(
      "instant products",
      QUERIES,
      (i) => engine.productSuggest(instantRequests[i] as (typeof instantRequests)[number]).pagination.totalEntries,
      (i) => `${instantRequests[i]?.language} "${instantRequests[i]?.query}"`,
    ),
    // What the search box asks besides instant products, per keystroke: the categories and brands of what was typed.
    measure(
      "search box facet searches",
      QUERIES,
      (i) => {
        const req = instantRequests[i] as (typeof instantRequests)[number];
        let found = 0;
        for (const facetId of ["ec_category", "ec_brand"]) {
          const asked = { ...req, facetId, facetQuery: "*", numberOfValues: 200 };
          found += engine.facetSearch(asked, "SEARCH").values.length;
        }
        return found;
      },
      (i) => `${instantRequests[i]?.language} "${instantRequests[i]?.query}"`,
    ),
    // What the search box asks per keystroke, together: the products, then the categories and brands of what was
    // typed (a new word each time, as `instant products` asked them already).
    measure(
      "search box keystroke",
      QUERIES,
      (i) => {
        const req = keystrokeRequests[i] as (typeof keystrokeRequests)[number];
        let found = engine.productSuggest(req).pagination.totalEntries;
        for (const facetId of ["ec_category", "ec_brand"]) {
          found += engine.facetSearch({ ...req, facetId, facetQuery: "*", numberOfValues: 200 }, "SEARCH").values
            .length;
        }
        return found;
      },
      (i) => `${keystrokeRequests[i]?.language} "${keystrokeRequests[i]?.query}"`,
    ),
    measure(
      "recommendations",
      QUERIES,
      (i) =>
        engine.recommendations(recommendationRequests[i] as (typeof recommendationRequests)[number]).products.length,
      (i) => `${recommendationRequests[i]?.slotId} ${recommendationRequests[i]?.context.view.url}`,
    ),
  ];
  // The observer hears of collections on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 10));
  queryGcObserver.disconnect();
  console.log(`garbage collection during the queries: ${ms(queryGc.ms)} in pauses, ${queryGc.major} major collections`);
  console.log(
    `${"query type".padEnd(32)}${"wall p50".padStart(10)}${"p95".padStart(9)}${"p99".padStart(9)}${"cpu p50".padStart(
      10,
    )}${"p95".padStart(9)}${"p99".padStart(9)}   avg results`,
  );
  for (const result of results) {
    const s = result.samples;
    const c = result.cpuSamples;
    console.log(
      `${result.name.padEnd(32)}${ms(percentile(s, 50)).padStart(10)}${ms(percentile(s, 95)).padStart(9)}${ms(
        percentile(s, 99),
      ).padStart(9)}${ms(percentile(c, 50)).padStart(10)}${ms(percentile(c, 95)).padStart(9)}${ms(
        percentile(c, 99),
      ).padStart(9)}   ${result.results.toFixed(0)}${
        cacheUse.has(result.name) ? ` (answers from the cache: ${cacheUse.get(result.name)})` : ""
      }`,
    );
  }

  for (const result of results) {
    if (result.slowest.length === 0) continue;
    console.log(`slowest ${result.name}:`);
    for (const q of result.slowest) {
      const within = pauses.filter((p) => p.at >= q.at && p.at < q.at + q.ms);
      const gcMs = within.reduce((sum, p) => sum + p.ms, 0);
      const gc =
        within.length === 0
          ? ""
          : `  (gc ${ms(gcMs)}: ${within.filter((p) => p.major).length} major, ${within.filter((p) => !p.major).length} minor)`;
      console.log(`  ${ms(q.ms).padStart(9)}  ${String(q.results).padStart(7)} results  ${result.asked(q.i)}${gc}`);
    }
  }

  // A catalogue change: 100 products re-indexed (prices, stock) and visible to the next query.
  const updateStarted = performance.now();
  for (const p of changed) catalog.upsert(p);
  engine.listing(listingRequests[0] as (typeof listingRequests)[number]);
  console.log(`apply 100 product changes and answer the next listing: ${ms(performance.now() - updateStarted)}`);

  const targets = TARGETS.find((t) => size >= t.from);
  if (!targets) return;
  const check = (ok: boolean) => (ok ? "met" : "MISSED");
  const memoryUsed = after.total - baseline.total;
  console.log(
    `targets from ${targets.from.toLocaleString("en")} products: build ≤ ${targets.buildMs / 1000} s ${check(
      buildMs <= targets.buildMs,
    )} (cpu ${check(cpuMs <= targets.buildMs)}) · memory ≤ ${mb(targets.bytes)} ${check(memoryUsed <= targets.bytes)}`,
  );
  for (const result of results) {
    const wall = { p50: percentile(result.samples, 50), p99: percentile(result.samples, 99) };
    const cpuTime = { p50: percentile(result.cpuSamples, 50), p99: percentile(result.cpuSamples, 99) };
    console.log(
      `  ${result.name.padEnd(32)}p50 ≤ ${targets.p50} ms ${check(wall.p50 <= targets.p50)} (cpu ${check(
        cpuTime.p50 <= targets.p50,
      )}) · p99 ≤ ${targets.p99} ms ${check(wall.p99 <= targets.p99)} (cpu ${check(cpuTime.p99 <= targets.p99)})`,
    );
  }
}

console.log(
  `search benchmark · Node ${process.version} · ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(
      " ",
    )} · ${QUERIES} queries per type (after 50 warm-up)${ATTRIBUTES ? " · 3 facetable merchant attributes" : ""}${
    ANSWER_CACHE ? "" : " · no answer cache"
  }`,
);
for (const size of SIZES) {
  await bench(`${size.toLocaleString("en")} demo products`, () =>
    generateDemoCatalog({ products: size, seed: 42, today: TODAY }),
  );
}
const real = args.includes("--no-real") ? undefined : realCatalogPath(option("real", ""));
if (real) {
  await bench("real catalogue: H&M articles (English texts, colour groups) on demo records", () =>
    realDemoCatalog(real, TODAY),
  );
} else console.log("\nreal catalogue: not found (give --real PATH to hm_articles.csv.gz); skipped");
