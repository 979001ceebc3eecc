import { localizedPath } from "./store.ts";

/** What the help centre's pages show (filled by help.server.ts). */

export interface HelpTopic {
  /** The category id (`delivery`, `returns`…). */
  id: string;
  label: string;
  articles: { title: string; path: string }[];
}

export interface HelpAnswerView {
  query: string;
  cannotAnswer: boolean;
  /** Paragraphs of the answer (for browsers without JavaScript). */
  paragraphs: string[];
  citations: { title: string; path: string }[];
  /** Where the browser streams the answer from, and the store's public key it sends. */
  endpoint: string;
  token: string;
  /** The filters of the search the answer goes with (classic facets). */
  facets: unknown[];
}

export interface HelpResultView {
  title: string;
  path: string;
  excerpt: string;
  category: string;
}

export interface HelpSearchView {
  query: string;
  /** The query the results are for (after a correction or a rewrite). */
  shownQuery: string;
  correctedFrom: string | null;
  rewrittenFrom: string | null;
  notices: string[];
  total: number;
  page: number;
  pages: number;
  results: HelpResultView[];
  categories: { value: string; count: number; selected: boolean }[];
  category: string | null;
  answer: HelpAnswerView | null;
}

/** The help search page's address for a query, category and page (in the store). */
export function helpSearchHref(
  shopCode: Parameters<typeof localizedPath>[0],
  params: { q: string; category?: string | null; page?: number },
): string {
  const search = new URLSearchParams({ q: params.q });
  if (params.category) search.set("category", params.category);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  return localizedPath(shopCode, `/help/search/?${search}`);
}
