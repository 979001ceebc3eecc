import {
  type Clock,
  createLogger,
  currentEventCursor,
  type Db,
  EVENT_FEED_START,
  type EventCursor,
  type EventWakeUps,
  eventFeedBacklog,
  eventTransaction,
  isRowId,
  type Logger,
  laterEventCursor,
  listenForEvents,
  listPhysicalStores,
  loadCategoryRecords,
  loadOutfitRecords,
  loadProductKeys,
  loadProductRecords,
  loadPromotions,
  loadStoreStock,
  loadStoreStockOf,
  loadVocabulary,
  readEventsAfter,
  readEventsAhead,
  STORE_CODES,
  type StoreCode,
  type StoredEvent,
  setVocabulary,
  systemClock,
} from "@vitrine/commerce";
import { SearchApiError } from "./api/errors.ts";
import type {
  FacetSearchRequest,
  FacetSearchResponse,
  FacetSearchType,
  ListingRequest,
  ListingResponse,
  QuerySuggestRequest,
  QuerySuggestResponse,
  RecommendationsRequest,
  RecommendationsResponse,
  SearchRequest,
  SearchResponse,
} from "./api/types.ts";
import {
  validateFacetSearchRequest,
  validateListingRequest,
  validateQuerySuggestRequest,
  validateRecommendationsRequest,
  validateSearchRequest,
} from "./api/validation.ts";
import { CatalogBuilder, CatalogIndex } from "./engine/catalog-index.ts";
import { FACETS, type FacetDefinition } from "./engine/facets.ts";
import { normaliseQuery } from "./engine/normalize.ts";
import { SearchEngine } from "./engine/search-engine.ts";
import {
  type EventRow,
  insertEventRows,
  type LearnedQueryUpdate,
  loadBoughtTogether,
  loadLearnedQueries,
  orderRows,
  type PlacedOrder,
  parseEvents,
  upsertLearnedQueries,
} from "./events/events.ts";
import { loadPopularity } from "./events/rollup.ts";
import { parseUsageEvent, type UsageEventOptions, type UsageEventType } from "./events/usage-analytics.ts";
import { loadMerchandising } from "./merchandising/rules.ts";

export interface SearchServiceOptions {
  db: Db;
  /** Shared signing secret (search tokens and public API keys), e.g. from `resolveSecret`. */
  secret: string;
  clock?: Clock;
  /** URL of a product image path; default `/images/{path}`. */
  imageUrl?: (path: string) => string;
  /** How often the event feed is read (at most 1000 ms); on PostgreSQL a notification also wakes it up. */
  pollIntervalMs?: number;
  /** How often popularity, learned queries and store stock are refreshed. */
  refreshIntervalMs?: number;
  /** How often logged searches and listings are written (default every second; sooner when many are waiting). */
  logFlushIntervalMs?: number;
  /** Events of the last days that count for popularity. */
  popularityDays?: number;
  /** Full rebuilds (compaction, physical-store stock) at least this often. */
  rebuildIntervalMs?: number;
  /** The process's logger (JSON lines); by default one on standard output. */
  logger?: Pick<Logger, "warn" | "info">;
}

export interface SearchServiceStatus {
  ready: boolean;
  products: number;
  slots: number;
  /** Where the index stands in the event feed (events/feed.ts in the commerce package). */
  eventCursor: EventCursor;
  builtAt: string | null;
  buildMs: number;
}

/** Products changed since some `productVersion`: see `SearchService.productChangesSince`. */
export interface ProductChanges {
  ids: ReadonlySet<number>;
  firstAt: number;
}

/** What `recordCapture` needs of the answer a request got. */
export interface CapturedAnswer {
  responseId: string;
  pagination: { totalEntries: number };
  /** The query searched instead of a misspelt one: it, not the typo, teaches query suggestions. */
  queryCorrection?: { correctedQuery: string | null };
}

export type FeedListener = (change: { events: readonly StoredEvent[]; full: boolean }) => void;

/** The search and listing service of the shop, in process: the storefront's loaders call it directly. */
export interface SearchService {
  readonly secret: string;
  readonly clock: Clock;
  /** Loads the catalogue, builds the five store indexes and starts following the event feed. */
  start(): Promise<void>;
  /** Stops following changes and writes the remaining logged searches. */
  stop(): Promise<void>;
  /** Applies pending events now (normally done by polling and wake-ups). */
  refresh(): Promise<void>;
  /**
   * Tells the listener the events this process read from the feed, each batch after the index applied it (`full`:
   * the index was rebuilt from everything, the events are not all listed). Other in-process indexes (the help
   * centre's) follow the feed this way instead of polling. Returns the unsubscribe function.
   */
  onFeedEvents(listener: FeedListener): () => void;
  status(): SearchServiceStatus;
  /**
   * The facets listings and searches offer now (the built-in ones, then the merchant's facetable attributes): a
   * request may name these. Changes with the vocabulary, once the index has followed it.
   */
  facets(): readonly FacetDefinition[];
  listing(req: ListingRequest): Promise<ListingResponse>;
  search(req: SearchRequest): Promise<SearchResponse>;
  productSuggest(req: SearchRequest): Promise<SearchResponse>;
  querySuggest(req: QuerySuggestRequest): Promise<QuerySuggestResponse>;
  facetSearch(req: FacetSearchRequest, type: FacetSearchType): Promise<FacetSearchResponse>;
  recommendations(req: RecommendationsRequest): Promise<RecommendationsResponse>;
  /** Stores shopper events (the protocol's JSON array); the store is the token's, or else the events' own. */
  recordEvents(
    events: unknown,
    options?: { storeCode?: StoreCode; anonymous?: boolean },
  ): Promise<{ accepted: number; ignored: number }>;
  /**
   * Records one usage-analytics v15 event (`search`, `click`, `custom`, `view`) of a store's visitor; throws a
   * validation error (400) for a bad payload.
   */
  recordUsageEvent(type: UsageEventType, event: unknown, options: Omit<UsageEventOptions, "now">): Promise<void>;
  /** Records an order the shop placed: what was bought feeds "bought together" and popularity. */
  recordOrder(order: PlacedOrder): Promise<void>;
  /**
   * Logs a listing or search (`context.capture: true`) that this service answered before: a page cache serving
   * the page that made the request reports it here, so logged searches and learned queries count every visit.
   */
  recordCapture(kind: "listing" | "search", input: ListingRequest | SearchRequest, answered: CapturedAnswer): void;
  /**
   * Grows whenever changes other than of single products (categories, promotions, merchandising rules, content,
   * a full reload) have been applied: anything computed from an older version may be out of date.
   */
  readonly version: number;
  /** Grows whenever changes of products (data, prices, stock) have been applied. */
  readonly productVersion: number;
  /**
   * The products changed after `productVersion` and when the first of those changes was applied (ms since the
   * epoch; Infinity when none), or undefined when the record of recent changes no longer reaches back that far.
   */
  productChangesSince(productVersion: number): ProductChanges | undefined;
  /** The engine, for tools and benchmarks (undefined before start). */
  readonly engine: SearchEngine | undefined;
}

const MAX_POLL_MS = 1000;
/** Events read per query of the feed. */
const FEED_BATCH = 5000;
/** How often the service looks whether a long transaction holds the event feed back (PostgreSQL). */
const BACKLOG_CHECK_MS = 30_000;
/** A transaction holding events back for this long gets a warning. */
const BACKLOG_WARN_MS = 30_000;
/**
 * Products loaded (and indexed, then let go) at a time when the whole catalogue is indexed: a page's ids mostly
 * fill their span, so the loader reads one id range per table (six queries), and the next page loads meanwhile.
 */
const LOAD_PAGE = 2000;
/** Product changes beyond this many in one poll rebuild everything instead. */
const INCREMENTAL_LIMIT = 20_000;
/** Removed slots beyond this share of the live ones trigger a compacting rebuild. */
const DEAD_SHARE = 0.25;
const FLUSH_MS = 1000;
/**
 * Rows written at once at most: past this many the log is written at once, not at the next second. On SQLite a
 * write holds the process, so under thousands of logged views a second (cached pages log each view) a second's
 * rows in one write stalled every answer for 100–200 ms; 500 rows take a few milliseconds.
 */
const FLUSH_ROWS = 500;
const BOUGHT_TOGETHER_TTL_MS = 60_000;
/** Product change batches remembered for `productChangesSince`. */
const PRODUCT_LOG_SIZE = 500;
/** Responses remembered to count clicks for the query that produced them. */
const RESPONSE_MEMORY = 5000;

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger();
  const pollMs = Math.min(options.pollIntervalMs ?? 500, MAX_POLL_MS);
  const refreshMs = options.refreshIntervalMs ?? 60_000;
  const popularityDays = options.popularityDays ?? 14;
  const rebuildMs = options.rebuildIntervalMs ?? 3_600_000;

  let engine: SearchEngine | undefined;
  let eventCursor: EventCursor = EVENT_FEED_START;
  /**
   * Transactions (xid) whose events were read ahead of the cursor (`readEventsAhead`: committed behind one still
   * running), until the cursor passes them.
   */
  const readAhead = new Set<string>();
  let wakeUps: EventWakeUps | undefined;
  let version = 0;
  let productVersion = 0;
  /** The last product changes applied, oldest first: the version they made, when, which products. */
  const productLog: { version: number; at: number; ids: number[] }[] = [];
  let builtAt: Date | null = null;
  let buildMs = 0;
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let applying: Promise<void> | undefined;
  let readAgain = false;
  let backlogCheckedAt = Date.now();
  let pendingRows: EventRow[] = [];
  let pendingQueries = new Map<string, LearnedQueryUpdate>();
  const responseQueries = new Map<string, { storeCode: string; query: string }>();
  const boughtTogetherCache = new Map<string, { at: number; ids: number[] }>();
  const feedListeners = new Set<FeedListener>();

  function tellListeners(events: readonly StoredEvent[], full: boolean): void {
    if (events.length === 0 && !full) return;
    for (const listener of feedListeners) {
      try {
        listener({ events, full });
      } catch (error) {
        logger.warn({ err: error }, "search: a feed listener failed");
      }
    }
  }

  async function loadAll(): Promise<CatalogIndex> {
    const started = performance.now();
    // The vocabulary first: the index takes its labels (facets, search words) from it.
    setVocabulary(await loadVocabulary({ db }));
    const [categories, keys, storeStock, physicalStores] = await Promise.all([
      loadCategoryRecords({ db }),
      loadProductKeys({ db }),
      loadStoreStock({ db }),
      listPhysicalStores({ db }),
    ]);
    // The products page by page in the build order, each page let go once indexed (the next one loads meanwhile):
    // a million records would take several GB while the index is built, and the garbage collector would go
    // through all of them again and again.
    const order = CatalogIndex.buildOrder(keys);
    const ids = Int32Array.from(order, (i) => (keys[i] as { id: number }).id);
    const builder = new CatalogBuilder({ categories, storeStock, physicalStores }, ids.length);
    const page = (at: number) => {
      if (at >= ids.length) return undefined;
      const loading = loadProductRecords({ db }, Array.from(ids.subarray(at, at + LOAD_PAGE)));
      // Awaited by the next round; should indexing this page fail, its failure is the one reported.
      loading.catch(() => undefined);
      return loading;
    };
    let next = page(0);
    for (let at = 0; next; at += LOAD_PAGE) {
      const records = await next;
      next = page(at + LOAD_PAGE);
      // Loaded by id: indexed in the build order (a product hidden or removed meanwhile is left out; the event
      // feed, read from before this load, brings every change since).
      const byId = new Map(records.map((r) => [r.id, r]));
      for (const id of ids.subarray(at, at + LOAD_PAGE)) {
        const record = byId.get(id);
        if (record) builder.addOne(record);
      }
    }
    const catalog = builder.finish();
    buildMs = Math.round(performance.now() - started);
    builtAt = clock.now();
    return catalog;
  }

  async function refreshSignals(): Promise<void> {
    const current = engine;
    if (!current) return;
    const since = new Date(clock.now().getTime() - popularityDays * 86_400_000);
    const [popularity, learned] = await Promise.all([loadPopularity(db, since), loadLearnedQueries(db)]);
    for (const code of STORE_CODES) {
      current.setPopularity(code, popularity.get(code) ?? new Map());
      current.learned(code).set(learned.get(code) ?? []);
    }
  }

  async function rebuild(): Promise<void> {
    const current = engine;
    if (!current) return;
    const catalog = await loadAll();
    current.setCatalog(catalog);
    const [promotions, outfits, merchandising] = await Promise.all([
      loadPromotions({ db }),
      loadOutfitRecords({ db }),
      loadMerchandising(db),
    ]);
    current.setPromotions(promotions);
    current.setOutfits(outfits);
    current.setMerchandising(merchandising);
  }

  /**
   * Applies the events read since the last time. The index follows `catalog.changed` (products, promotions,
   * merchandising; categories or a full reload rebuild it) and `stock.changed` (the product's sold-out state);
   * content events only move `version`, which the page cache follows. Other events do not concern it.
   */
  async function applyChanges(): Promise<void> {
    const current = engine;
    if (!current) return;
    let events: StoredEvent[] = [];
    let after = eventCursor;
    for (;;) {
      const batch = await readEventsAfter(db, after, FEED_BATCH);
      // The events of a transaction read ahead were applied then.
      events = events.concat(
        readAhead.size === 0 ? batch.events : batch.events.filter((e) => !readAhead.has(eventTransaction(e.cursor))),
      );
      after = batch.cursor;
      if (batch.events.length < FEED_BATCH || events.length > INCREMENTAL_LIMIT) break;
    }
    // A transaction the cursor has gone past has been handed out whole: it need not be remembered.
    const passed = BigInt(eventTransaction(after));
    for (const xid of readAhead) if (BigInt(xid) < passed) readAhead.delete(xid);
    // PostgreSQL: what committed behind a transaction still running (an import, a report) is applied now.
    const ahead = await readEventsAhead(db, [...readAhead], FEED_BATCH);
    for (const event of ahead.events) readAhead.add(eventTransaction(event.cursor));
    events = events.concat(ahead.events);
    const catalog = events.filter((e) => e.type === "catalog.changed");
    const full =
      ahead.more ||
      events.length > INCREMENTAL_LIMIT ||
      catalog.some(
        (e) => e.entity === "category" || e.entity === "vocabulary" || (e.entity === "catalog" && e.entityId === "*"),
      ) ||
      // A physical store added, changed or removed: the facet's store values and the store finder's list.
      events.some((e) => e.type === "physical_store.changed") ||
      (events.length === 0 && builtAt !== null && clock.now().getTime() - builtAt.getTime() > rebuildMs);
    if (full) {
      // Everything up to now is in the rebuild; events after this point are applied on the next poll.
      const now = await currentEventCursor(db);
      await rebuild();
      eventCursor = laterEventCursor(now, after);
      version++;
      tellListeners(events, true);
      return;
    }
    eventCursor = after;
    const productIds = [
      ...new Set(
        events
          .filter((e) => (e.type === "catalog.changed" || e.type === "stock.changed") && e.entity === "product")
          .map((e) => Number(e.entityId)),
      ),
    ].filter(Number.isSafeInteger);
    if (productIds.length > 0) {
      const records = await loadProductRecords({ db }, productIds);
      // Their stock in physical stores as it is now (the merchandiser's store stock screen changes it).
      const variantIds = records.flatMap((r) => r.variants.map((v) => v.id));
      current.catalog.replaceStoreStockOf(variantIds, await loadStoreStockOf({ db }, variantIds));
      const found = new Set(records.map((r) => r.id));
      for (const record of records) current.catalog.upsert(record);
      for (const id of productIds) if (!found.has(id)) current.catalog.remove(id);
    }
    if (catalog.some((e) => e.entity === "promotion")) current.setPromotions(await loadPromotions({ db }));
    if (catalog.some((e) => e.entity === "merchandising")) current.setMerchandising(await loadMerchandising(db));
    const concernsAll =
      catalog.some((e) => e.entity !== "product") || events.some((e) => e.type.startsWith("content."));
    if (concernsAll) version++;
    if (productIds.length > 0) {
      productVersion++;
      productLog.push({ version: productVersion, at: Date.now(), ids: productIds });
      if (productLog.length > PRODUCT_LOG_SIZE) productLog.shift();
    }
    const index = current.catalog;
    if (index.deadCount > Math.max(1000, index.liveCount * DEAD_SHARE)) await rebuild();
    tellListeners(events, false);
  }

  /**
   * Warns when a transaction running for long (anywhere on the PostgreSQL server) holds the event feed back. The
   * events committed behind it are read ahead (`readEventsAhead`), so the index and page cache follow them; the
   * warning names the transaction for the operator.
   */
  async function warnOfBacklog(): Promise<void> {
    if (Date.now() - backlogCheckedAt < BACKLOG_CHECK_MS) return;
    backlogCheckedAt = Date.now();
    const { waiting, blocker } = await eventFeedBacklog(db);
    if (waiting === 0 || !blocker || blocker.runningMs < BACKLOG_WARN_MS) return;
    logger.warn(
      { waiting, blocker },
      `search: a transaction running ${Math.round(blocker.runningMs / 1000)} s holds the event feed back; ${waiting} committed event(s) behind it were read ahead`,
    );
  }

  function schedulePoll(): void {
    if (stopped) return;
    pollTimer = setTimeout(async () => {
      await service.refresh().catch((error) => logger.warn({ err: error }, "search: applying events failed"));
      await warnOfBacklog().catch((error) => logger.warn({ err: error }, "search: checking the event feed failed"));
      schedulePoll();
    }, pollMs);
    pollTimer.unref?.();
  }

  /** Writes run one after another: the stop's last write waits for one the timer started. */
  let writing: Promise<void> = Promise.resolve();
  function flush(): Promise<void> {
    const next = writing.then(writePending, writePending);
    writing = next.catch(() => undefined);
    return next;
  }

  async function writePending(): Promise<void> {
    const rows = pendingRows;
    const queries = [...pendingQueries.values()];
    pendingRows = [];
    pendingQueries = new Map();
    if (rows.length === 0 && queries.length === 0) return;
    // One commit for the second's rows and learned queries: each statement committing on its own made one
    // disk sync per 200 rows and per query, and on SQLite those block the process (a cached search logs every view).
    await db.transaction().execute(async (trx) => {
      if (rows.length > 0) await insertEventRows(trx, rows);
      if (queries.length > 0) await upsertLearnedQueries(trx, queries, clock.now());
    });
  }

  function learn(storeCode: string, query: string, searches: number, clicks: number, results: number): void {
    const key = `${storeCode}\u0000${query}`;
    const known = pendingQueries.get(key);
    if (known) {
      known.searches += searches;
      known.clicks += clicks;
      if (searches > 0) known.results = results;
    } else {
      pendingQueries.set(key, { storeCode, query, searches, clicks, results });
    }
  }

  /** Logs a captured search or listing; searches with results teach query suggestions. */
  function capture(
    kind: "search" | "listing",
    req: ListingRequest | SearchRequest,
    response: CapturedAnswer,
    current: SearchEngine,
    query: string | null,
  ): void {
    if (req.context.capture !== true) return;
    const shop = current.shopFor(req);
    const results = response.pagination.totalEntries;
    pendingRows.push({
      store_code: shop.code,
      type: kind,
      client_id: req.clientId || null,
      query,
      product_id: null,
      action: null,
      quantity: null,
      transaction_id: null,
      response_id: response.responseId,
      results,
      payload: "{}",
      created_at: clock.now().toISOString(),
    });
    if (pendingRows.length === FLUSH_ROWS) {
      flush().catch((error) => logger.warn({ err: error }, "search: writing logged searches failed"));
    }
    const learnt = response.queryCorrection?.correctedQuery || query;
    if (kind === "search" && learnt && results > 0 && (req.page ?? 0) === 0) {
      const normalised = normaliseQuery(learnt);
      current.learned(shop.code).add(normalised);
      learn(shop.code, normalised, 1, 0, results);
      responseQueries.set(response.responseId, { storeCode: shop.code, query: normalised });
      if (responseQueries.size > RESPONSE_MEMORY) {
        responseQueries.delete(responseQueries.keys().next().value as string);
      }
    }
  }

  function ready(): SearchEngine {
    if (!engine) throw new SearchApiError(503, "ServiceUnavailable", "The search index is not built yet.");
    return engine;
  }

  async function boughtTogether(ids: number[]): Promise<number[]> {
    const key = [...ids].sort((a, b) => a - b).join(",");
    const cached = boughtTogetherCache.get(key);
    const now = Date.now();
    if (cached && now - cached.at < BOUGHT_TOGETHER_TTL_MS) return cached.ids;
    const found = await loadBoughtTogether(db, ids);
    if (boughtTogetherCache.size > 1000) boughtTogetherCache.clear();
    boughtTogetherCache.set(key, { at: now, ids: found });
    return found;
  }

  const service: SearchService = {
    secret: options.secret,
    clock,
    get engine() {
      return engine;
    },
    get version() {
      return version;
    },
    get productVersion() {
      return productVersion;
    },
    productChangesSince(since) {
      if (since === productVersion) return { ids: new Set(), firstAt: Number.POSITIVE_INFINITY };
      const first = productLog.findIndex((entry) => entry.version > since);
      if (first === -1 || (productLog[first] as { version: number }).version !== since + 1) return undefined;
      const ids = new Set<number>();
      for (const entry of productLog.slice(first)) for (const id of entry.ids) ids.add(id);
      return { ids, firstAt: (productLog[first] as { at: number }).at };
    },

    async start() {
      if (engine) return;
      eventCursor = await currentEventCursor(db);
      const catalog = await loadAll();
      const [promotions, outfits, merchandising] = await Promise.all([
        loadPromotions({ db }),
        loadOutfitRecords({ db }),
        loadMerchandising(db),
      ]);
      engine = new SearchEngine(
        { catalog, promotions, outfits, merchandising },
        { clock, ...(options.imageUrl ? { imageUrl: options.imageUrl } : {}) },
      );
      await refreshSignals();
      stopped = false;
      schedulePoll();
      wakeUps = listenForEvents(
        db,
        () => {
          if (!stopped)
            service.refresh().catch((error) => logger.warn({ err: error }, "search: applying events failed"));
        },
        { log: logger },
      );
      refreshTimer = setInterval(() => {
        refreshSignals().catch((error) => logger.warn({ err: error }, "search: refreshing popularity failed"));
      }, refreshMs);
      refreshTimer.unref?.();
      flushTimer = setInterval(() => {
        flush().catch((error) => logger.warn({ err: error }, "search: writing logged searches failed"));
      }, options.logFlushIntervalMs ?? FLUSH_MS);
      flushTimer.unref?.();
    },

    async stop() {
      stopped = true;
      await wakeUps?.close();
      if (pollTimer) clearTimeout(pollTimer);
      if (refreshTimer) clearInterval(refreshTimer);
      if (flushTimer) clearInterval(flushTimer);
      await applying?.catch(() => undefined);
      await flush();
    },

    async refresh() {
      if (applying) {
        // Events may have committed after the running pass read the feed: read once more when it is done.
        readAgain = true;
      } else {
        applying = (async () => {
          do {
            readAgain = false;
            await applyChanges();
          } while (readAgain && !stopped);
        })().finally(() => {
          applying = undefined;
        });
      }
      await applying;
    },

    onFeedEvents(listener) {
      feedListeners.add(listener);
      return () => feedListeners.delete(listener);
    },

    status() {
      return {
        ready: engine !== undefined,
        products: engine?.catalog.liveCount ?? 0,
        slots: engine?.catalog.slotCount ?? 0,
        eventCursor,
        builtAt: builtAt ? builtAt.toISOString() : null,
        buildMs,
      };
    },

    facets() {
      // Before the first build only the built-in facets are known (the listing itself then answers 503).
      return engine ? engine.facets().list : FACETS;
    },

    async listing(input) {
      const current = ready();
      const req = validateListingRequest(input, clock.now(), current.facets().byId);
      const response = current.listing(req);
      capture("listing", req, response, current, safePath(req.context.view.url));
      return response;
    },

    async search(input) {
      const current = ready();
      const req = validateSearchRequest(input, clock.now(), current.facets().byId);
      const response = current.search(req);
      capture("search", req, response, current, req.query?.trim() || null);
      return response;
    },

    recordCapture(kind, input, answered) {
      // The request was validated when this service answered it: it is logged as it is.
      const current = ready();
      if (kind === "listing") capture("listing", input, answered, current, safePath(input.context.view.url));
      else capture("search", input, answered, current, ("query" in input ? input.query : undefined)?.trim() || null);
    },

    async productSuggest(input) {
      const current = ready();
      return current.productSuggest(validateSearchRequest(input, clock.now(), current.facets().byId));
    },

    async querySuggest(input) {
      const current = ready();
      return current.querySuggest(validateQuerySuggestRequest(input, clock.now()));
    },

    async facetSearch(input, type) {
      const current = ready();
      if (type !== "LISTING" && type !== "SEARCH") {
        throw new SearchApiError(
          400,
          "InvalidRequest",
          "The following properties are invalid:\n\n\ttype: value is not in enum.",
        );
      }
      return current.facetSearch(validateFacetSearchRequest(input, clock.now(), current.facets().byId), type);
    },

    async recommendations(input) {
      const current = ready();
      const req = validateRecommendationsRequest(input, clock.now());
      let together: number[] = [];
      if (req.slotId === "bought-together") {
        const ids = [req.context.product?.productId, ...(req.context.cart ?? []).map((c) => c.productId)]
          .map(Number)
          .filter(isRowId);
        together = await boughtTogether(ids);
      }
      return current.recommendations(req, together);
    },

    async recordOrder(order) {
      const rows = orderRows(order, clock.now());
      if (rows.length === 0) return;
      await insertEventRows(db, rows);
      boughtTogetherCache.clear();
    },
    async recordEvents(events, eventOptions = {}) {
      const parsed = parseEvents(events, {
        now: clock.now(),
        ...(eventOptions.storeCode ? { storeCode: eventOptions.storeCode } : {}),
        ...(eventOptions.anonymous ? { anonymous: true } : {}),
      });
      if (parsed.rows.length > 0) await insertEventRows(db, parsed.rows);
      for (const click of parsed.clicks) {
        const origin = responseQueries.get(click.responseId);
        if (origin) learn(origin.storeCode, origin.query, 0, 1, 0);
      }
      return { accepted: parsed.accepted, ignored: parsed.ignored };
    },
    async recordUsageEvent(type, event, usageOptions) {
      await insertEventRows(db, [parseUsageEvent(type, event, { ...usageOptions, now: clock.now() })]);
    },
  };
  return service;
}

function safePath(url: string): string {
  try {
    return new URL(url, "http://view.invalid").pathname;
  } catch {
    return url.slice(0, 200);
  }
}
