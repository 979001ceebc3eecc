import {
  type Clock,
  decodeUriComponentOrUndefined,
  type Language,
  NEW_ARRIVAL_DAYS,
  type OutfitRecord,
  type PromotionRecord,
  SHOPS,
  type Shop,
  type StoreCode,
  shopForContext,
  stripCategorySlugDigits,
  systemClock,
} from "@vitrine/commerce";
import { invalid, SearchApiError } from "../api/errors.ts";
import type {
  BaseRequest,
  FacetRequest,
  FacetResponse,
  FacetSearchRequest,
  FacetSearchResponse,
  FacetSearchType,
  FacetSearchValue,
  ListingRequest,
  ListingResponse,
  QueryCorrectionResponse,
  QuerySuggestRequest,
  QuerySuggestResponse,
  RecommendationsRequest,
  RecommendationsResponse,
  SearchRequest,
  SearchResponse,
  SortOption,
  SortResponse,
  Trigger,
} from "../api/types.ts";
import { Merchandising, type MerchandisingRules } from "../merchandising/rules.ts";
import { AnswerCache, type CachedAnswer } from "./answer-cache.ts";
import { type CatalogIndex, referenceKey } from "./catalog-index.ts";
import {
  type CatalogFacets,
  catalogFacets,
  FACET_BY_ID,
  type FacetState,
  facetDisplayName,
  type PreparedFacets,
  prepareFacets,
} from "./facets.ts";
import { compareText, foldText } from "./normalize.ts";
import { defaultImageUrl, ProductCache, type ProductContext, productWithChildren } from "./products.ts";
import { type BaseFilter, executeQuery, type QueryResult, type SortKey } from "./query.ts";
import { isRecommendationSlot, PRODUCT_SLOTS, RECOMMENDATION_SLOTS, recommend } from "./recommend.ts";
import { StoreView } from "./store-view.ts";
import { buildPhraseIndex, LearnedQueries, type PhraseIndex, suggestCompletions } from "./suggest.ts";
import type { TextMatch } from "./text-index.ts";
import { correctQuery, matchQuery, type QueryCorrection } from "./text-search.ts";

/** Results per page when a request does not say (4 columns × 6 rows). */
export const DEFAULT_PER_PAGE = 24;
const DEFAULT_SUGGESTED_PRODUCTS = 5;
/** Instant products start with the second typed character: one letter matches half the catalogue. */
const MIN_INSTANT_QUERY_LENGTH = 2;
const DEFAULT_RECOMMENDATIONS = 10;
const DEFAULT_COMPLETIONS = 5;
/** The protocol's result window: first result plus count never exceeds 5000. */
export const RESULT_WINDOW = 5000;

interface Paging {
  /** Zero-based. */
  page: number;
  perPage: number;
  offset: number;
  limit: number;
}

function pageAt(page: number, perPage: number): Paging {
  const offset = page * perPage;
  return { page, perPage, offset, limit: Math.max(0, Math.min(perPage, RESULT_WINDOW - offset)) };
}

/** Pages of a result (only the first `RESULT_WINDOW` products can be paged to). */
function totalPages(total: number, perPage: number): number {
  return Math.ceil(Math.min(total, RESULT_WINDOW) / perPage);
}
const DEFAULT_FACET_SEARCH_VALUES = 10;
/** Catalogue phrases for suggestions are rebuilt at most this often while the catalogue changes. */
const PHRASES_TTL_MS = 60_000;

const SORT_LABELS = {
  priceAsc: { de: "Preis aufsteigend", fr: "Prix croissant", en: "Price: low to high" },
  priceDesc: { de: "Preis absteigend", fr: "Prix décroissant", en: "Price: high to low" },
  newest: { de: "Neueste zuerst", fr: "Nouveautés d'abord", en: "Newest first" },
} as const;

const PRICE_FIELD = "ec_price";
const ARRIVAL_FIELD = "arrival_date";

export function availableSorts(language: Language): SortOption[] {
  return [
    { sortCriteria: "relevance" },
    {
      sortCriteria: "fields",
      fields: [{ field: PRICE_FIELD, direction: "asc", displayName: SORT_LABELS.priceAsc[language] }],
    },
    {
      sortCriteria: "fields",
      fields: [{ field: PRICE_FIELD, direction: "desc", displayName: SORT_LABELS.priceDesc[language] }],
    },
    {
      sortCriteria: "fields",
      fields: [{ field: ARRIVAL_FIELD, direction: "desc", displayName: SORT_LABELS.newest[language] }],
    },
  ];
}

function resolveSort(sort: SortOption | undefined, language: Language): { key: SortKey; response: SortResponse } {
  const available = availableSorts(language);
  const respond = (key: SortKey, index: number) => ({
    key,
    response: { appliedSort: available[index] as SortOption, availableSorts: available },
  });
  if (!sort || sort.sortCriteria === "relevance") return respond("relevance", 0);
  const first = sort.fields?.[0];
  if (!first) throw invalid("sort.fields", "value is required.");
  const direction = first.direction ?? "asc";
  if (first.field === PRICE_FIELD) return direction === "asc" ? respond("price_asc", 1) : respond("price_desc", 2);
  if (first.field === ARRIVAL_FIELD && direction === "desc") return respond("newest", 3);
  throw invalid(
    "sort.fields.0",
    `the sort ${first.field} ${direction} is not available; use ${PRICE_FIELD} asc, ${PRICE_FIELD} desc or ${ARRIVAL_FIELD} desc.`,
  );
}

/** A facet search `facetQuery` (`*bla*`, `bla*`, `*`) as a test on folded value texts. */
function facetQueryMatcher(facetQuery: string, language: Language): (text: string) => boolean {
  const folded = foldText(facetQuery.trim(), language);
  if (folded === "" || /^\*+$/.test(folded)) return () => true;
  const parts = folded.split("*");
  const anchoredStart = !folded.startsWith("*");
  const anchoredEnd = !folded.endsWith("*");
  return (text) => {
    const value = foldText(text, language);
    let at = 0;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (part === "") continue;
      const found = value.indexOf(part, at);
      if (found < 0 || (i === 0 && anchoredStart && found !== 0)) return false;
      at = found + part.length;
    }
    return !anchoredEnd || at === value.length;
  };
}

export interface SearchEngineOptions {
  clock?: Clock;
  imageUrl?: (path: string) => string;
}

export interface EngineData {
  catalog: CatalogIndex;
  promotions?: readonly PromotionRecord[];
  outfits?: readonly OutfitRecord[];
  merchandising?: MerchandisingRules;
}

interface ListingTarget {
  base: BaseFilter;
  categoryKey?: string;
}

/** Facet searches' counts kept (see `facetSearchCounts`): a few shoppers typing at once, each asking twice. */
const FACET_SEARCH_WALKS = 16;

/** How many facet searches walked the matches and how many read the counts of one before (tests, tools). */
export const facetSearchWalks = { walked: 0, reused: 0 };

/**
 * The search and listing engine of all five stores, in memory and synchronous: it answers the protocol's
 * requests (already validated) from the catalogue index. The service around it loads the data, follows
 * catalogue changes and stores events.
 */
export class SearchEngine {
  catalog: CatalogIndex;
  readonly views = new Map<StoreCode, StoreView>();
  private promotions = new Map<string, PromotionRecord>();
  private promotionsVersion = 0;
  private readonly productCaches = new WeakMap<StoreView, ProductCache>();
  private outfitsByProduct = new Map<number, OutfitRecord[]>();
  private outfitProducts = new Set<number>();
  private merchandising = new Merchandising();
  private readonly learnedQueries = new Map<string, LearnedQueries>();
  private readonly phrases = new Map<StoreCode, { version: number; builtAt: number; index: PhraseIndex }>();
  private readonly clock: Clock;
  private readonly imageUrl: (path: string) => string;
  /** Answers of listings and searches without facet filters (see `cachedQuery`). */
  readonly answers = new AnswerCache();
  /** The last facet searches' counts, by what they depend on (see `facetSearchCounts`); the oldest used goes first. */
  private readonly facetSearchWalks = new Map<string, { stamp: string; facets: PreparedFacets }>();
  /** Moves with every merchandising change (pins and synonyms change answers). */
  private merchandisingVersion = 0;

  constructor(data: EngineData, options: SearchEngineOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.imageUrl = options.imageUrl ?? defaultImageUrl;
    this.catalog = data.catalog;
    this.setCatalog(data.catalog);
    this.setPromotions(data.promotions ?? []);
    this.setOutfits(data.outfits ?? []);
    this.setMerchandising(data.merchandising);
  }

  /** Swaps in a rebuilt catalogue index; popularity and learned queries stay. */
  setCatalog(catalog: CatalogIndex): void {
    const popularity = new Map([...this.views].map(([code, view]) => [code, view]));
    this.catalog = catalog;
    for (const shop of SHOPS) {
      const view = new StoreView(shop, catalog);
      const previous = popularity.get(shop.code);
      if (previous) view.setPopularity(previous.popularitySnapshot());
      this.views.set(shop.code, view);
    }
    this.phrases.clear();
    this.answers.clear();
    this.facetSearchWalks.clear();
    this.applySynonyms();
  }

  setPromotions(promotions: readonly PromotionRecord[]): void {
    this.promotions = new Map(promotions.map((p) => [p.id, p]));
    this.promotionsVersion++;
  }

  setOutfits(outfits: readonly OutfitRecord[]): void {
    this.outfitsByProduct = new Map();
    this.outfitProducts = new Set();
    for (const outfit of outfits) {
      for (const id of outfit.productIds) {
        this.outfitProducts.add(id);
        const list = this.outfitsByProduct.get(id) ?? [];
        list.push(outfit);
        this.outfitsByProduct.set(id, list);
      }
    }
  }

  setMerchandising(rules: MerchandisingRules | undefined): void {
    this.merchandising = new Merchandising(rules);
    this.merchandisingVersion++;
    this.applySynonyms();
  }

  /**
   * Runs `answer` with other merchandising rules in force, then puts the shop's own back. The engine answers
   * synchronously, so no other request runs in between and sees them (the back office's "try it" panel).
   */
  withMerchandising<T>(rules: MerchandisingRules, answer: () => T): T {
    const live = this.merchandising.rules;
    this.setMerchandising(rules);
    try {
      return answer();
    } finally {
      this.setMerchandising(live);
    }
  }

  private applySynonyms(): void {
    for (const language of ["de", "fr", "en"] as const) {
      this.catalog.text[language].setSynonyms(this.merchandising.synonymsFor(language));
    }
  }

  setPopularity(storeCode: StoreCode, scores: Map<number, number>): void {
    this.views.get(storeCode)?.setPopularity(scores);
  }

  learned(storeCode: string): LearnedQueries {
    let learned = this.learnedQueries.get(storeCode);
    if (!learned) {
      learned = new LearnedQueries();
      this.learnedQueries.set(storeCode, learned);
    }
    return learned;
  }

  get merchandisingRules(): MerchandisingRules {
    return this.merchandising.rules;
  }

  /** The store a request addresses, from its language, country and currency. */
  shopFor(req: BaseRequest): Shop {
    const shop = shopForContext(req.language, req.country, req.currency);
    if (!shop) {
      throw new SearchApiError(
        400,
        "InvalidRequest",
        `No store sells in language "${req.language}", country "${req.country}" and currency "${req.currency}".`,
      );
    }
    return shop;
  }

  viewFor(req: BaseRequest): StoreView {
    const view = this.views.get(this.shopFor(req).code) as StoreView;
    view.refresh(this.clock.now());
    return view;
  }

  private productContext(view: StoreView, now: Date): ProductContext {
    let cache = this.productCaches.get(view);
    if (!cache) {
      cache = new ProductCache();
      this.productCaches.set(view, cache);
    }
    cache.validate(view.catalog.version, this.promotionsVersion, now);
    return { view, now, imageUrl: this.imageUrl, promotions: this.promotions, cache };
  }

  /** The listing a page URL names: `/de/c/damen/kleider/`, the sale, new arrivals or the outfits page. */
  resolveListing(view: StoreView, url: string, now: Date): ListingTarget {
    let pathname: string;
    try {
      pathname = new URL(url, "http://listing.invalid").pathname;
    } catch {
      return { base: { kind: "none" } };
    }
    const decoded = pathname.split("/").filter(Boolean).map(decodeUriComponentOrUndefined);
    if (decoded.some((s) => s === undefined)) return { base: { kind: "none" } };
    const segments = decoded as string[];
    if (segments[0] && SHOPS.some((s) => s.pathPrefix === segments[0])) segments.shift();
    if (segments[0] !== "c" || segments.length < 2) return { base: { kind: "none" } };
    const found = view.catalog.tree.findByPath(
      view.language,
      segments.slice(1).map((s) => stripCategorySlugDigits(s.toLowerCase())),
    );
    if (!found) return { base: { kind: "none" } };
    const record = found.node.record;
    switch (record.role) {
      case "sale":
        return { base: { kind: "sale" }, categoryKey: record.key };
      case "new":
        return {
          base: { kind: "new", sinceDay: Math.floor(now.getTime() / 86_400_000) - NEW_ARRIVAL_DAYS },
          categoryKey: record.key,
        };
      case "outfits":
        return { base: { kind: "products", productIds: this.outfitProducts }, categoryKey: record.key };
      default: {
        const value = view.catalog.categories.ids.get(String(record.id));
        return value === undefined
          ? { base: { kind: "none" } }
          : { base: { kind: "category", value }, categoryKey: record.key };
      }
    }
  }

  textMatch(view: StoreView, query: string): TextMatch | undefined {
    // A product reference or id finds that product.
    const reference = view.catalog.productOfReference(referenceKey(query));
    const referenced = reference === undefined ? undefined : view.catalog.slotOfProduct.get(reference);
    if (referenced !== undefined && view.has(referenced)) {
      return { slots: Int32Array.of(referenced), scores: Float32Array.of(100), count: 1 };
    }
    return matchQuery(view.catalog.text[view.language], query, view.catalog.slotCount, view.liveBits);
  }

  /** The facets listings and searches offer now: the built-in ones and the merchant's facetable attributes. */
  facets(): CatalogFacets {
    return catalogFacets(this.catalog);
  }

  private facetRequests(req: ListingRequest): Map<string, FacetRequest> {
    return new Map((req.facets ?? []).map((f) => [f.facetId, f]));
  }

  private pageOf(req: { page?: number; perPage?: number }, fallback: number): Paging {
    return pageAt(req.page ?? 0, req.perPage ?? fallback);
  }

  /**
   * Runs a paged query; a page beyond the last is answered with the last page (specification section 4: the
   * page stays within 0 to totalPages-1), by running it again (`run` prepares its own facet counts).
   */
  private paged<T extends { total: number }>(
    req: { page?: number; perPage?: number },
    fallback: number,
    run: (paging: Paging) => T,
  ): { paging: Paging; result: T } {
    const paging = this.pageOf(req, fallback);
    const result = run(paging);
    const last = Math.max(0, totalPages(result.total, paging.perPage) - 1);
    if (paging.page <= last) return { paging, result };
    const clamped = pageAt(last, paging.perPage);
    return { paging: clamped, result: run(clamped) };
  }

  private respond(
    view: StoreView,
    now: Date,
    total: number,
    parents: readonly number[],
    responses: FacetResponse[],
    paging: { page: number; perPage: number },
    sort: SortResponse,
    triggers: Trigger[],
  ): ListingResponse {
    const ctx = this.productContext(view, now);
    return {
      responseId: crypto.randomUUID(),
      products: parents.map((slot) => productWithChildren(slot, ctx)),
      facets: responses,
      pagination: {
        page: paging.page,
        perPage: paging.perPage,
        totalEntries: total,
        totalPages: totalPages(total, paging.perPage),
      },
      sort,
      triggers,
    };
  }

  /**
   * What a query's matches and facet counts depend on besides the question: the store view's catalogue version, the
   * merchandising (synonyms) and the minute (facet date windows move with it).
   */
  private countsStamp(view: StoreView, now: Date): string {
    return `${view.catalog.version}|${this.merchandisingVersion}|${Math.floor(now.getTime() / 60_000)}`;
  }

  /**
   * Runs a query, or answers it from the cache when it filters by no facet (nor by the shopper's position, nor
   * pins products): then what it finds depends only on what `key` names and on the store view's state, which the
   * stamp follows. `run` returns the query's result and its facets' responses, computed at once.
   */
  private cachedQuery(
    view: StoreView,
    now: Date,
    key: string | undefined,
    facets: PreparedFacets,
    paging: Paging,
    run: () => QueryResult,
    countFacets = true,
  ): { total: number; parents: number[]; facets: FacetResponse[] } {
    const cacheable = key !== undefined && facets.states.every((f) => f.bit === 0 && !f.test && !f.valueFilter);
    const stamp = `${view.rankStamp}|${this.countsStamp(view, now)}`;
    const end = paging.offset + paging.limit;
    const cached: CachedAnswer | undefined = cacheable ? this.answers.get(key, stamp, end) : undefined;
    if (cached) {
      const parents = end > paging.offset ? Array.from(cached.ranked).slice(paging.offset, end) : [];
      return { total: cached.total, parents, facets: cached.facets as FacetResponse[] };
    }
    const result = run();
    const responses = countFacets ? facetResponses(facets.states) : [];
    if (cacheable) this.answers.set(key, stamp, { total: result.total, ranked: result.ranked, facets: responses });
    return { total: result.total, parents: result.parents, facets: responses };
  }

  /** A category listing (the category and its descendants), named by `context.view.url`. */
  listing(req: ListingRequest): ListingResponse {
    const now = this.clock.now();
    const view = this.viewFor(req);
    const target = this.resolveListing(view, req.context.view.url, now);
    const sort = resolveSort(req.sort, view.language);
    const location = userLocation(req);
    const pinnedProductIds = target.categoryKey ? this.merchandising.pinnedFor(view.shop.code, target.categoryKey) : [];
    // The outfits page's products follow the outfits, not the index: not cached.
    const key =
      location === undefined && pinnedProductIds.length === 0 && target.base.kind !== "products"
        ? `listing\u0000${view.shop.code}\u0000${JSON.stringify(target.base)}\u0000${sort.key}\u0000${JSON.stringify(req.facets ?? [])}`
        : undefined;
    const listingCategory = target.base.kind === "category" ? target.base.value : undefined;
    const { paging, result } = this.paged(req, DEFAULT_PER_PAGE, (paging) => {
      const facets = prepareFacets(this.facetRequests(req), { view, now, userLocation: location, listingCategory });
      return this.cachedQuery(view, now, key, facets, paging, () =>
        executeQuery({
          view,
          base: target.base,
          facets,
          countFacets: true,
          sort: sort.key,
          offset: paging.offset,
          limit: paging.limit,
          pinnedProductIds,
        }),
      );
    });
    return this.respond(view, now, result.total, result.parents, result.facets, paging, sort.response, []);
  }

  /**
   * A text search: triggers, typo-tolerant matching, facets, sorting, and a corrected query (did you mean) when
   * a word is misspelt: typo-tolerant matching may find products for "kleidd", but the shopper is told that it
   * searched "kleid", and the results are those of the corrected query.
   */
  search(req: SearchRequest): SearchResponse {
    const now = this.clock.now();
    const view = this.viewFor(req);
    const query = (req.query ?? "").trim();
    const triggers = this.merchandising.triggersFor(view.shop.code, query);
    const rewrite = triggers.find((t) => t.type === "query");
    const effective = rewrite && typeof rewrite.content === "string" ? rewrite.content : query;
    const sort = resolveSort(req.sort, view.language);
    const requests = this.facetRequests(req);
    const location = userLocation(req);
    const run = (q: string, paging: Paging) => {
      const facets = prepareFacets(requests, { view, now, userLocation: location });
      const key =
        location === undefined
          ? `search\u0000${view.shop.code}\u0000${q}\u0000${sort.key}\u0000${JSON.stringify(req.facets ?? [])}`
          : undefined;
      return this.cachedQuery(view, now, key, facets, paging, () =>
        executeQuery({
          view,
          base: { kind: "all" },
          text: this.textMatch(view, q),
          facets,
          countFacets: true,
          sort: sort.key,
          offset: paging.offset,
          limit: paging.limit,
        }),
      );
    };
    let queryCorrection: QueryCorrectionResponse | undefined;
    const answer = this.paged(req, DEFAULT_PER_PAGE, (paging) => {
      if (rewrite || query === "") return run(effective, paging);
      // The corrected query first: when it finds products, the typed query (whose misspelt words match by typo
      // tolerance, the dearest matching there is) need not run at all.
      const correction = this.correct(view, query);
      const corrected = correction ? run(correction.correctedQuery, paging) : undefined;
      if (!correction || !corrected || corrected.total === 0) return run(effective, paging);
      queryCorrection = { correctedQuery: correction.correctedQuery, originalQuery: query, corrections: [correction] };
      return corrected;
    });
    const { paging, result } = answer;
    const response: SearchResponse = this.respond(
      view,
      now,
      result.total,
      result.parents,
      result.facets,
      paging,
      sort.response,
      triggers,
    );
    if (queryCorrection) response.queryCorrection = queryCorrection;
    return response;
  }

  /** Did-you-mean: each unknown word replaced by the closest known word. */
  correct(view: StoreView, query: string): QueryCorrection | undefined {
    return correctQuery(view.catalog.text[view.language], query, {
      capacity: view.catalog.slotCount,
      live: view.liveBits,
    });
  }

  /** Instant products: the first products of a search as the shopper types (the last word as a prefix). */
  productSuggest(req: SearchRequest): SearchResponse {
    const now = this.clock.now();
    const view = this.viewFor(req);
    const query = (req.query ?? "").trim();
    const sort = resolveSort(req.sort, view.language);
    const tooShort = query.length < MIN_INSTANT_QUERY_LENGTH;
    const location = userLocation(req);
    const key =
      location === undefined
        ? `instant\u0000${view.shop.code}\u0000${tooShort ? "" : query}\u0000${sort.key}\u0000${JSON.stringify(req.facets ?? [])}`
        : undefined;
    const { paging, result } = this.paged(req, DEFAULT_SUGGESTED_PRODUCTS, (paging) => {
      const facets = prepareFacets(this.facetRequests(req), { view, now, userLocation: location });
      return this.cachedQuery(
        view,
        now,
        key,
        facets,
        paging,
        () =>
          executeQuery({
            view,
            base: tooShort ? { kind: "none" } : { kind: "all" },
            text: tooShort ? undefined : this.textMatch(view, query),
            facets,
            countFacets: false,
            sort: sort.key,
            offset: paging.offset,
            limit: paging.limit,
          }),
        false,
      );
    });
    return this.respond(view, now, result.total, result.parents, [], paging, sort.response, []);
  }

  /** Completions of the typed text, with the facets the storefront may offer field suggestions for. */
  querySuggest(req: QuerySuggestRequest): QuerySuggestResponse {
    const view = this.viewFor(req);
    const completions = suggestCompletions({
      query: req.query ?? "",
      language: view.language,
      learned: this.learnedQueries.get(view.shop.code),
      phrases: this.phraseIndex(view),
      count: req.count ?? DEFAULT_COMPLETIONS,
    });
    const brand = FACET_BY_ID.get("ec_brand");
    const category = FACET_BY_ID.get("ec_category");
    return {
      responseId: crypto.randomUUID(),
      completions,
      fieldSuggestionsFacets: [brand, category].flatMap((def) =>
        def
          ? [
              {
                facetId: def.facetId,
                displayName: facetDisplayName(def, view.language),
                field: def.field,
                type: def.type as "regular" | "hierarchical",
              },
            ]
          : [],
      ),
    };
  }

  private phraseIndex(view: StoreView): PhraseIndex {
    const now = Date.now();
    const cached = this.phrases.get(view.shop.code);
    if (cached && (cached.version === view.catalog.version || now - cached.builtAt < PHRASES_TTL_MS)) {
      return cached.index;
    }
    const index = buildPhraseIndex(view);
    this.phrases.set(view.shop.code, { version: view.catalog.version, builtAt: now, index });
    return index;
  }

  /** Values of one facet matching `facetQuery`, counted within the listing or search and the other facets. */
  facetSearch(req: FacetSearchRequest, type: FacetSearchType): FacetSearchResponse {
    const now = this.clock.now();
    const def = this.facets().byId.get(req.facetId);
    if (!def) throw invalid("facetId", "value does not match an existing facet.");
    const view = this.viewFor(req);
    if (def.type === "numericalRange" || def.type === "dateRange") return { values: [], moreValuesAvailable: false };
    const facets = this.facetSearchCounts(req, type, view, now, def.facetId === "size" || def.facetId === "store");
    const target = facets.states.find((f) => f.def.facetId === def.facetId) as FacetState;
    const matches = facetQueryMatcher(req.facetQuery, view.language);
    const ignored = new Set((req.ignorePaths ?? []).map((p) => p.join("\u0000")));
    const values: FacetSearchValue[] = target
      .searchValues()
      .filter((v) => matches(v.displayValue))
      .filter((v) => !ignored.has([...(v.path ?? []), v.rawValue].join("\u0000")))
      .sort((a, b) => b.count - a.count || compareText(a.displayValue, b.displayValue, view.language));
    const limit = req.numberOfValues ?? DEFAULT_FACET_SEARCH_VALUES;
    return { values: values.slice(0, limit), moreValuesAvailable: values.length > limit };
  }

  /**
   * The facet counts a facet search reads: every value facet counted within the listing or search and the other
   * facets' selections. The range facets that select nothing are left out of the walk (a facet search never asks
   * for their values, and collecting every match's price cost about as much as counting all the values), and so
   * are the sizes and physical stores unless the search is for one of them (`variants`). The counts serve every
   * other facet, so the search box's category and brand searches for what the shopper typed walk once: the last
   * counts are kept by what they depend on (store, listing or words, the facet requests, the index and
   * merchandising versions, the minute), unless the answer cache is off.
   */
  private facetSearchCounts(
    req: FacetSearchRequest,
    type: FacetSearchType,
    view: StoreView,
    now: Date,
    variants: boolean,
  ): PreparedFacets {
    const location = userLocation(req);
    const asked = type === "LISTING" ? req.context.view.url : (req.query ?? "");
    const key = `${view.shop.code}|${type}|${asked}|${variants}|${JSON.stringify(req.facets ?? [])}|${JSON.stringify(location ?? null)}`;
    const stamp = this.countsStamp(view, now);
    const kept = this.answers.enabled ? this.facetSearchWalks.get(key) : undefined;
    if (kept?.stamp === stamp) {
      facetSearchWalks.reused++;
      return kept.facets;
    }
    const base =
      type === "LISTING" ? this.resolveListing(view, req.context.view.url, now).base : { kind: "all" as const };
    const listingCategory = base.kind === "category" ? base.value : undefined;
    const prepared = prepareFacets(this.facetRequests(req), { view, now, userLocation: location, listingCategory });
    const facets: PreparedFacets = {
      ...prepared,
      states: prepared.states.filter((f) => f.collector === undefined || f.bit !== 0),
      sizesStatic: variants && prepared.sizesStatic,
      storesStatic: variants && prepared.storesStatic,
    };
    executeQuery({
      view,
      base,
      text: type === "SEARCH" ? this.textMatch(view, req.query ?? "") : undefined,
      facets,
      countFacets: true,
      sort: "relevance",
      offset: 0,
      limit: 0,
    });
    facetSearchWalks.walked++;
    if (this.answers.enabled) {
      this.facetSearchWalks.delete(key);
      this.facetSearchWalks.set(key, { stamp, facets });
      while (this.facetSearchWalks.size > FACET_SEARCH_WALKS) {
        this.facetSearchWalks.delete(this.facetSearchWalks.keys().next().value as string);
      }
    }
    return facets;
  }

  /** A recommendation slot; `boughtTogether` are product ids the service found in purchase events. */
  recommendations(req: RecommendationsRequest, boughtTogether: readonly number[] = []): RecommendationsResponse {
    const now = this.clock.now();
    if (!isRecommendationSlot(req.slotId)) {
      throw invalid("slotId", `value is not in enum. Allowed: ${Object.keys(RECOMMENDATION_SLOTS).join(", ")}`);
    }
    const view = this.viewFor(req);
    const productId = req.context.product ? Number(req.context.product.productId) : undefined;
    if (PRODUCT_SLOTS.has(req.slotId) && req.context.product === undefined) {
      throw invalid("context.product", "value is required.");
    }
    const productSlot = productId === undefined ? undefined : this.catalog.slotOfProduct.get(productId);
    const slots =
      PRODUCT_SLOTS.has(req.slotId) && (productSlot === undefined || !view.has(productSlot))
        ? []
        : recommend(req.slotId, {
            view,
            now,
            productSlot: productSlot !== undefined && view.has(productSlot) ? productSlot : undefined,
            cartProductIds: (req.context.cart ?? []).map((c) => Number(c.productId)).filter(Number.isInteger),
            outfitsByProduct: this.outfitsByProduct,
            boughtTogether,
          });
    const ctx = this.productContext(view, now);
    const { paging, result } = this.paged(req, DEFAULT_RECOMMENDATIONS, (paging) => ({
      total: slots.length,
      page: slots.slice(paging.offset, paging.offset + paging.limit),
    }));
    return {
      headline: RECOMMENDATION_SLOTS[req.slotId][view.language],
      products: result.page.map((slot) => productWithChildren(slot, ctx)),
      pagination: {
        page: paging.page,
        perPage: paging.perPage,
        totalEntries: slots.length,
        totalPages: totalPages(slots.length, paging.perPage),
      },
      responseId: crypto.randomUUID(),
    };
  }
}

/** The facets' responses after a query counted them (facets a query did not count have none). */
function facetResponses(states: readonly FacetState[]): FacetResponse[] {
  const out: FacetResponse[] = [];
  for (const state of states) {
    const response = state.respond();
    if (response) out.push(response);
  }
  return out;
}

/** The shopper's position: the context's location, or else the user's. */
function userLocation(req: BaseRequest): { latitude: number; longitude: number } | undefined {
  for (const place of [req.context.location, req.context.user]) {
    if (place?.latitude !== undefined && place.longitude !== undefined) {
      return { latitude: place.latitude, longitude: place.longitude };
    }
  }
  return undefined;
}
