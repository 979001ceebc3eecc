import {
  buildCommerceEngine,
  buildInstantProducts,
  buildProductListing,
  buildProductView,
  buildRecommendations,
  buildSearch,
  buildSearchBox,
  type CategoryFacet,
  type CommerceEngine,
  type NumericFacet,
  type Product,
  type RegularFacet,
} from "@coveo/headless/commerce";
import { CategoryTree, colourName, type ProductRecord, productTexts } from "@vitrine/commerce";
import { createTestDatabase, type TestDatabase } from "@vitrine/commerce/testing";
import { loadDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueSearchToken } from "../src/api/auth.ts";
import { type RunningSearchServer, serveSearch } from "../src/api/node-server.ts";
import { searchDb, searchMigrations } from "../src/db/index.ts";
import { createSearchService, type SearchService } from "../src/service.ts";
import { DIALECT, TestClock } from "./database.ts";

/**
 * Conformance: the real `@coveo/headless` 4.0.0 commerce engine, pointed at a running Vitrine search server on
 * 127.0.0.1 (`proxyBaseUrl` and `analytics.proxyBaseUrl`), through listing, search, facets, ranges, category
 * paths, sorting, paging, suggestions, instant products, facet search, recommendations and token renewal. The
 * results are checked against the demo catalogue in the database.
 */

const SECRET = "c".repeat(40);
const ORIGIN = "http://localhost:3000";
const STEP_TIMEOUT_MS = 5000;
const CLIENT_DEV_WARNINGS = [
  "An input selector returned a different result",
  "The result function returned its own inputs",
  "SerializableStateInvariantMiddleware took",
  "ImmutableStateInvariantMiddleware took",
];

let testDb: TestDatabase;
let service: SearchService;
let server: RunningSearchServer;
let records: Map<number, ProductRecord>;
let tree: CategoryTree;
// The headless client checks token expiry against the real clock: the service clock runs with it.
const clock = new TestClock(new Date(), true);

async function until<T>(read: () => T | undefined | false | Promise<T | undefined | false>, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > STEP_TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function engineFor(
  path: string,
  options: { accessToken?: string; renew?: () => Promise<string> } = {},
): CommerceEngine {
  return buildCommerceEngine({
    configuration: {
      organizationId: "vitrine",
      accessToken:
        options.accessToken ?? issueSearchToken(SECRET, { storeCode: "de", ttlSeconds: 600, now: clock.now() }),
      proxyBaseUrl: `${server.url}/api/search/commerce/v2`,
      analytics: { trackingId: "comma_de", proxyBaseUrl: `${server.url}/api/search/events/v1` },
      context: { language: "de", country: "DE", currency: "EUR", view: { url: `${ORIGIN}${path}` } },
      ...(options.renew ? { renewAccessToken: options.renew } : {}),
    },
    loggerOptions: { level: "silent" },
  });
}

/** Waits for a controller's next answer (a new response id, not loading). */
async function answered<S extends { isLoading: boolean; responseId: string; error: unknown }>(
  state: () => S,
  previous = "",
): Promise<S> {
  return until(() => {
    const s = state();
    if (s.error) throw new Error(`request failed: ${JSON.stringify(s.error)}`);
    return !s.isLoading && s.responseId !== "" && s.responseId !== previous && s;
  }, "a response");
}

const record = (p: Product) => records.get(Number(p.permanentid)) as ProductRecord;
const effectivePrice = (p: Product) => p.ec_promo_price ?? (p.ec_price as number);
const categoryIdByKey = (key: string) => tree.byKey(key)?.record.id as number;
/** Colour groups sold in Germany within a category subtree: what a listing of it counts. */
function groupsUnder(categoryKey: string, keep: (r: ProductRecord) => boolean = () => true): number {
  const ids = new Set(tree.descendantIds(categoryIdByKey(categoryKey)));
  const groups = new Set<string>();
  for (const r of records.values()) {
    if (r.variants.some((v) => v.prices.DE) && r.categoryIds.some((id) => ids.has(id)) && keep(r))
      groups.add(r.masterKey);
  }
  return groups.size;
}

beforeAll(async () => {
  // The client's store checks its own selectors and middleware in development builds; that is not ours to fix.
  const warn = console.warn;
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && CLIENT_DEV_WARNINGS.some((prefix) => (args[0] as string).startsWith(prefix))) {
      return;
    }
    warn(...args);
  });
  testDb = await createTestDatabase({ modules: [searchMigrations] });
  const demo = await loadDemoCatalog(testDb.db, { products: 600, seed: 11, today: clock.now() }, clock.now());
  records = new Map(demo.products.map((p) => [p.id, p]));
  tree = new CategoryTree(demo.categories);
  service = createSearchService({ db: testDb.db, secret: SECRET, clock, logger: { warn: () => {}, info: () => {} } });
  server = await serveSearch({ service, port: 0, host: "127.0.0.1", rateLimit: false });
  expect(new URL(server.url).hostname).toBe("127.0.0.1");
});

afterAll(async () => {
  await server?.close();
  await service?.stop();
  await testDb?.destroy();
  vi.restoreAllMocks();
});

describe(`@coveo/headless 4.0.0 commerce engine against Vitrine (${DIALECT})`, () => {
  it("lists a category page with its descendants, facets, and colour groups as children", async () => {
    const listing = buildProductListing(engineFor("/de/c/damen/bekleidung/kleider/"));
    listing.refresh();
    const state = await answered(() => listing.state);
    const dresses = new Set(tree.descendantIds(categoryIdByKey("women-dresses")));
    expect(state.products.length).toBe(Math.min(24, groupsUnder("women-dresses")));
    expect(listing.pagination().state.totalEntries).toBe(groupsUnder("women-dresses"));
    for (const p of state.products) {
      expect(record(p).categoryIds.some((id) => dresses.has(id))).toBe(true);
      expect(p.ec_category).toContain("Damen|Bekleidung|Kleider");
      expect(p.children[0]?.permanentid).toBe(p.permanentid);
      const siblings = [...records.values()].filter((r) => r.masterKey === record(p).masterKey);
      expect(p.children.map((c) => Number(c.permanentid)).sort()).toEqual(siblings.map((r) => r.id).sort());
      expect(p.clickUri).toMatch(/^\/de\/p\/[a-z0-9-]+-\d+\/$/);
    }
    const facetIds = listing.facetGenerator().facets.map((f) => f.state.facetId);
    expect(facetIds).toEqual(expect.arrayContaining(["ec_category", "ec_brand", "ec_color", "size", "ec_price"]));
  });

  it("selects and excludes facet values, echoing their states", async () => {
    const listing = buildProductListing(engineFor("/de/c/damen/"));
    listing.refresh();
    let state = await answered(() => listing.state);
    const colours = () => listing.facetGenerator().facets.find((f) => f.state.facetId === "ec_color") as RegularFacet;
    const value = colours().state.values[0];
    if (!value) throw new Error("no colour values");
    const total = listing.pagination().state.totalEntries;
    const colourId = [...records.values()].find((r) => colourName(r.colorId, "de") === value.value)?.colorId;

    colours().toggleSelect(value);
    state = await answered(() => listing.state, state.responseId);
    expect(listing.pagination().state.totalEntries).toBe(value.numberOfResults);
    expect(listing.pagination().state.totalEntries).toBe(groupsUnder("women", (r) => r.colorId === colourId));
    for (const p of state.products) expect(p.ec_color).toBe(value.value);
    expect(colours().state.values.find((v) => v.value === value.value)?.state).toBe("selected");
    // Multi-select: the facet's own selection does not narrow its other values.
    expect(colours().state.values.filter((v) => v.numberOfResults > 0).length).toBeGreaterThan(1);

    colours().toggleExclude(value);
    state = await answered(() => listing.state, state.responseId);
    expect(colours().state.values.find((v) => v.value === value.value)?.state).toBe("excluded");
    for (const p of state.products) expect(p.ec_color).not.toBe(value.value);
    const withOtherColour = groupsUnder("women", (r) => r.colorId !== colourId);
    expect(listing.pagination().state.totalEntries).toBe(withOtherColour);
    expect(withOtherColour).toBeLessThanOrEqual(total);
  });

  it("filters by a price range and by a manual price range", async () => {
    const listing = buildProductListing(engineFor("/de/c/damen/"));
    listing.refresh();
    let state = await answered(() => listing.state);
    const price = () => listing.facetGenerator().facets.find((f) => f.state.facetId === "ec_price") as NumericFacet;
    const range = price().state.values[1];
    if (!range) throw new Error("no price ranges");
    price().toggleSelect(range);
    state = await answered(() => listing.state, state.responseId);
    expect(listing.pagination().state.totalEntries).toBe(range.numberOfResults);
    for (const p of state.products) {
      expect(effectivePrice(p)).toBeGreaterThanOrEqual(range.start);
      expect(range.endInclusive ? effectivePrice(p) <= range.end : effectivePrice(p) < range.end).toBe(true);
    }

    price().setRanges([{ start: 30, end: 60, endInclusive: true, state: "selected" }]);
    state = await answered(() => listing.state, state.responseId);
    expect(state.products.length).toBeGreaterThan(0);
    for (const p of state.products) {
      expect(effectivePrice(p)).toBeGreaterThanOrEqual(30);
      expect(effectivePrice(p)).toBeLessThanOrEqual(60);
    }
  });

  it("narrows a search to a category path", async () => {
    const engine = engineFor("/de/search/");
    const search = buildSearch(engine);
    search.executeFirstSearch();
    let state = await answered(() => search.state);
    const category = () =>
      search.facetGenerator().facets.find((f) => f.state.facetId === "ec_category") as CategoryFacet;
    const women = category().state.values.find((v) => v.value === "Damen");
    if (!women) throw new Error("no Damen value");
    category().toggleSelect(women);
    state = await answered(() => search.state, state.responseId);
    expect(search.pagination().state.totalEntries).toBe(groupsUnder("women"));
    const clothing = category()
      .state.selectedValueAncestry?.at(-1)
      ?.children.find((c) => c.value === "Bekleidung");
    if (!clothing) throw new Error("no Bekleidung child");
    category().toggleSelect(clothing);
    state = await answered(() => search.state, state.responseId);
    expect(category().state.selectedValueAncestry?.map((v) => v.value)).toEqual(["Damen", "Bekleidung"]);
    expect(search.pagination().state.totalEntries).toBe(groupsUnder("women-clothing"));
    for (const p of state.products) expect(p.ec_category).toContain("Damen|Bekleidung");
  });

  it("sorts by price and pages on", async () => {
    const listing = buildProductListing(engineFor("/de/c/herren/"));
    listing.refresh();
    let state = await answered(() => listing.state);
    const byPrice = listing
      .sort()
      .state.availableSorts.find(
        (s) => s.by === "fields" && s.fields[0]?.name === "ec_price" && s.fields[0].direction === "asc",
      );
    if (!byPrice) throw new Error("no price sort");
    listing.sort().sortBy(byPrice);
    state = await answered(() => listing.state, state.responseId);
    expect(listing.sort().isSortedBy(byPrice)).toBe(true);
    const first = state.products.map(effectivePrice);
    expect(first).toEqual([...first].sort((a, b) => a - b));

    const firstIds = state.products.map((p) => p.permanentid);
    listing.pagination().nextPage();
    state = await answered(() => listing.state, state.responseId);
    expect(listing.pagination().state.page).toBe(1);
    expect(state.products[0]?.position).toBe(25);
    for (const p of state.products) expect(firstIds).not.toContain(p.permanentid);
    expect(effectivePrice(state.products[0] as Product)).toBeGreaterThanOrEqual(first.at(-1) as number);
  });

  it("searches, suggests queries and shows instant products", async () => {
    const engine = engineFor("/de/search/");
    const box = buildSearchBox(engine);
    const search = buildSearch(engine);
    box.updateText("kle");
    const suggestions = await until(
      () => box.state.suggestions.length > 0 && box.state.suggestions,
      "query suggestions",
    );
    for (const s of suggestions) expect(s.rawValue.toLowerCase()).toContain("kle");
    expect(suggestions.some((s) => s.highlightedValue.toLowerCase().includes("kle"))).toBe(true);

    box.updateText("kleid");
    box.submit();
    const state = await answered(() => search.state);
    expect(state.products.length).toBeGreaterThan(0);
    for (const p of state.products) {
      const r = record(p);
      const words = `${productTexts(r, "de").name} ${r.categoryIds.map((id) => tree.path(id, "de")).join(" ")} ${productTexts(r, "de").description}`;
      expect(words.toLowerCase()).toContain("kleid");
    }

    const instant = buildInstantProducts(engine, { options: { searchBoxId: "main" } });
    instant.updateQuery("mante");
    const products = await until(() => instant.state.products.length > 0 && instant.state.products, "instant products");
    for (const p of products) expect(`${p.ec_name} ${p.ec_category.join(" ")}`.toLowerCase()).toMatch(/m(a|ä)nte/);
  });

  it("searches inside a facet's values", async () => {
    const search = buildSearch(engineFor("/de/search/"));
    search.executeFirstSearch();
    await answered(() => search.state);
    const brand = search.facetGenerator().facets.find((f) => f.state.facetId === "ec_brand") as RegularFacet;
    brand.facetSearch.updateText("a");
    brand.facetSearch.search();
    const values = await until(
      () =>
        (search.facetGenerator().facets.find((f) => f.state.facetId === "ec_brand") as RegularFacet).state.facetSearch
          .values,
      "facet search values",
    ).then(async (first) =>
      first.length > 0
        ? first
        : until(() => {
            const v = (search.facetGenerator().facets.find((f) => f.state.facetId === "ec_brand") as RegularFacet).state
              .facetSearch.values;
            return v.length > 0 && v;
          }, "facet search values"),
    );
    const brands = new Set([...records.values()].map((r) => r.brand));
    for (const v of values) {
      expect(v.displayValue.toLowerCase()).toContain("a");
      expect(brands.has(v.rawValue)).toBe(true);
      expect(v.count).toBeGreaterThan(0);
    }
  });

  it("recommends similar products for a product page", async () => {
    const product = [...records.values()].find((r) => r.categoryIds.includes(categoryIdByKey("women-dresses")));
    if (!product) throw new Error("no dress");
    const recommendations = buildRecommendations(engineFor(`/de/p/kleid-${product.id}/`), {
      options: { slotId: "similar", productId: String(product.id) },
    });
    recommendations.refresh();
    const state = await answered(() => recommendations.state);
    expect(state.headline).toBe("Ähnliche Artikel");
    expect(state.products.length).toBeGreaterThan(0);
    for (const p of state.products) {
      expect(record(p).masterKey).not.toBe(product.masterKey);
      expect(p.ec_category[0]).toBe("Damen");
    }
  });

  it("sends shopper events through analytics.proxyBaseUrl into the event log", async () => {
    // The client's event library only sends in a browser: give it the few browser pieces it uses.
    const storage = new Map<string, string>();
    const globals = globalThis as Record<string, unknown>;
    const nav = navigator as unknown as { sendBeacon?: (url: string, body: Blob) => boolean };
    const previous = { window: globals.window, document: globals.document, localStorage: globals.localStorage };
    const beacons: string[] = [];
    globals.window = { location: new URL(`${ORIGIN}/de/c/herren/`), postMessage: () => undefined };
    globals.document = { cookie: "", referrer: "" };
    globals.localStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, String(value)),
      removeItem: (key: string) => storage.delete(key),
      get length() {
        return storage.size;
      },
    };
    nav.sendBeacon = (url: string, body: Blob) => {
      beacons.push(url);
      void fetch(url, { method: "POST", body, signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
      return true;
    };
    try {
      const engine = engineFor("/de/c/herren/");
      const listing = buildProductListing(engine);
      listing.refresh();
      const state = await answered(() => listing.state);
      const first = state.products[0] as Product;
      buildProductView(engine).view({
        productId: first.permanentid,
        name: first.ec_name ?? "",
        price: first.ec_price ?? 0,
      });
      listing.interactiveProduct({ options: { product: first } }).select();
      const rows = await until(async () => {
        const found = await searchDb(testDb.db)
          .selectFrom("search_event")
          .select(["type", "product_id", "client_id", "store_code"])
          .where("product_id", "=", Number(first.permanentid))
          .where("type", "in", ["ec.productView", "ec.productClick"])
          .execute();
        return found.length === 2 && found;
      }, "the events in the log");
      expect(beacons.every((url) => url.startsWith(`${server.url}/api/search/events/v1?access_token=`))).toBe(true);
      expect(rows.map((r) => r.type).sort()).toEqual(["ec.productClick", "ec.productView"]);
      expect(rows.every((r) => r.store_code === "de" && typeof r.client_id === "string")).toBe(true);
    } finally {
      globals.window = previous.window;
      globals.document = previous.document;
      globals.localStorage = previous.localStorage;
      delete nav.sendBeacon;
    }
  });

  it("serves the index status on /healthz", async () => {
    const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ready: true, products: records.size });
  });

  it("renews an expired token (419) and carries on", async () => {
    const renew = vi.fn(async () => issueSearchToken(SECRET, { storeCode: "de", ttlSeconds: 600, now: clock.now() }));
    const engine = engineFor("/de/c/herren/", {
      accessToken: issueSearchToken(SECRET, { storeCode: "de", ttlSeconds: 120, now: clock.now() }),
      renew,
    });
    // The server's clock moves on past the token's lifetime; the client's does not know.
    clock.advance(10 * 60_000);
    const listing = buildProductListing(engine);
    listing.refresh();
    const state = await until(() => {
      const s = listing.state;
      return !s.isLoading && s.products.length > 0 && s;
    }, "the listing after renewal");
    expect(renew).toHaveBeenCalledTimes(1);
    expect(state.error).toBeNull();
    expect(listing.pagination().state.totalEntries).toBe(groupsUnder("men"));
  });
});
