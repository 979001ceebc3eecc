import type { Generated } from "kysely";

/**
 * Tables of the search module (see the commerce package's db/schema.ts for the conventions): what shoppers searched and did (events),
 * the queries learned from it (query suggestions), and the merchandising rules and synonyms the CLI manages.
 */

/** Searches per store, query and day (days the search-analytics job has rolled up). */
export interface SearchQueryDailyTable {
  /** `yyyy-mm-dd`, UTC. */
  day: string;
  store_code: string;
  /** The normalised query. */
  query: string;
  searches: number;
  /** Searches that found nothing. */
  zero_results: number;
  /** Clicks on a result of these searches. */
  clicks: number;
}

/** Popularity score per store, product and day (the weighted views, clicks, basket adds and ordered units). */
export interface ProductPopularityDailyTable {
  day: string;
  store_code: string;
  product_id: number;
  score: number;
}

export interface SearchEventTable {
  id: Generated<number>;
  /** Store code (`de`, `fr-ch` …) the event happened in. */
  store_code: string;
  /** `search`, `listing` (requests logged with capture) or `ec.productView`, `ec.productClick`, `ec.cartAction`, `ec.purchase`. */
  type: string;
  client_id: string | null;
  /** The query of a search; the listing URL path of a listing. */
  query: string | null;
  /** Product the event is about (one row per product of a purchase). */
  product_id: number | null;
  /** Cart action `add` / `remove`. */
  action: string | null;
  quantity: number | null;
  /** Purchases: the order id, shared by the rows of one purchase. */
  transaction_id: string | null;
  response_id: string | null;
  /** Number of results of a logged search or listing. */
  results: number | null;
  /** JSON: the event as received (truncated), for later analysis. */
  payload: string;
  created_at: string;
}

export interface SearchQueryTable {
  store_code: string;
  /** Normalised query: trimmed, lower-case, single spaces. */
  query: string;
  searches: number;
  clicks: number;
  /** Results of the last search with this query. */
  results: number;
  last_searched_at: string;
}

export interface SearchRuleTable {
  id: Generated<number>;
  /** `redirect`, `query`, `notify` (triggers on a query) or `pin` (products pinned to a listing). */
  kind: string;
  /** Store code, or `*` for every store. */
  store_code: string;
  /** Triggers: the normalised query that fires the rule. */
  query: string | null;
  /** Triggers: `exact` (the whole query) or `contains` (all words of the rule appear in the query). */
  match: string;
  /** Pins: key of the category whose listing the products are pinned to. */
  category_key: string | null;
  /** Redirect target, rewritten query or notice text; empty for pins. */
  content: string;
  /** Pins: JSON array of product ids in display order. */
  product_ids: string;
  created_at: string;
}

export interface SearchSynonymTable {
  id: Generated<number>;
  /** `de`, `fr`, `en` or `*` for every language. */
  language: string;
  /** JSON array of words or phrases that mean the same. */
  terms: string;
  /** 1: only the first term expands to the others; 0: all terms are equivalent. */
  one_way: number;
  created_at: string;
}

export type SearchTables = {
  search_event: SearchEventTable;
  search_query: SearchQueryTable;
  search_rule: SearchRuleTable;
  search_synonym: SearchSynonymTable;
  search_query_daily: SearchQueryDailyTable;
  product_popularity_daily: ProductPopularityDailyTable;
};
