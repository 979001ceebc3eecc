import {
  HELP_ANSWER_CONFIG_ID,
  HELP_CATEGORIES,
  HELP_CATEGORY_LABELS,
  helpCategoryOf,
  isHelpArticleKey,
  isSearchApiError,
  publicApiKey,
} from "@vitrine/search";
import { redirect } from "react-router";
import type { HelpAnswerView, HelpSearchView, HelpTopic } from "./help.ts";
import { triggerTarget } from "./search.server.ts";
import type { StoreRequest } from "./shop.server.ts";

/**
 * The help centre's pages on the in-process help service: the topics with their articles, a search (classic
 * search request: query, category facet, pages, did-you-mean, triggers) and the answer. The browser streams the
 * answer from the answer endpoint; the page also carries it whole for browsers without JavaScript.
 */

export const HELP_PAGE_SIZE = 10;
/** The query the help pages read from their URL. */
export const HELP_QUERY_PARAM = "q";
const CATEGORY_FACET = { facetId: "category", field: "hc_category", numberOfValues: 20 };

/** The topics of the help centre, each with its articles (classic service pages after the articles). */
export async function helpTopics(store: StoreRequest): Promise<HelpTopic[]> {
  const { shop, services } = store;
  const index = await services.help.index(shop.language);
  return HELP_CATEGORIES.map((id) => ({
    id,
    label: HELP_CATEGORY_LABELS[id][shop.language],
    articles: index.documents
      .filter((d) => d.category === id)
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "article" ? -1 : 1))
      .map((d) => ({ title: d.title, path: `/s/${d.slug}/` })),
  })).filter((topic) => topic.articles.length > 0);
}

/** A document URL of the help service (`/{store}/s/{slug}/`) as a path without the store prefix. */
function storePath(store: StoreRequest, uri: string): string {
  const prefix = `/${store.shop.code}`;
  return uri.startsWith(`${prefix}/`) ? uri.slice(prefix.length) : uri;
}

/** The answer to a question, as the page shows it without JavaScript and the browser streams it. */
export async function helpAnswer(store: StoreRequest, query: string, facets: unknown[] = []): Promise<HelpAnswerView> {
  const { shop, services } = store;
  const answer = await services.help.answer(shop.code, HELP_ANSWER_CONFIG_ID, { q: query, facets }, "");
  return {
    query,
    cannotAnswer: answer.cannotAnswer,
    paragraphs: answer.chunks
      .join("")
      .split(/\n\n/)
      .filter((p) => p.trim() !== ""),
    citations: answer.citations.map((c) => ({ title: c.title, path: storePath(store, c.clickUri) })),
    endpoint: `/api/help/rest/organizations/vitrine/answer/v1/configs/${HELP_ANSWER_CONFIG_ID}/generate`,
    token: publicApiKey(services.secret, shop.code),
    facets,
  };
}

/** A help search from the page's URL (`q`, `category`, `page`); a redirect trigger navigates. */
export async function helpSearch(store: StoreRequest, url: URL): Promise<HelpSearchView> {
  const { shop, services } = store;
  const query = (url.searchParams.get(HELP_QUERY_PARAM) ?? "").trim().slice(0, 200);
  const category = url.searchParams.get("category")?.slice(0, 100) || null;
  const page = Math.min(500, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const facets = [{ ...CATEGORY_FACET, currentValues: category ? [{ value: category, state: "selected" }] : [] }];
  const run = (q: string) =>
    services.help.search(
      shop.code,
      { q, firstResult: (page - 1) * HELP_PAGE_SIZE, numberOfResults: HELP_PAGE_SIZE, facets, enableDidYouMean: true },
      "",
    );
  let response = await run(query).catch((error: unknown) => {
    if (isSearchApiError(error)) return run("");
    throw error;
  });
  const notices: string[] = [];
  let shownQuery = query;
  let rewrittenFrom: string | null = null;
  let correctedFrom: string | null = null;
  for (const trigger of response.triggers) {
    if (trigger.type === "redirect" && typeof trigger.content === "string") {
      throw redirect(triggerTarget(trigger.content, shop), 302);
    }
    if (trigger.type === "notify" && typeof trigger.content === "string") notices.push(trigger.content);
  }
  const rewrite = response.triggers.find((t) => t.type === "query");
  if (rewrite && typeof rewrite.content === "string" && rewrite.content !== query) {
    rewrittenFrom = query;
    shownQuery = rewrite.content;
    response = await run(shownQuery);
  }
  const correction = response.queryCorrections[0];
  if (response.totalCountFiltered === 0 && correction) {
    correctedFrom = shownQuery;
    shownQuery = correction.correctedQuery;
    response = await run(shownQuery);
  }
  const categoryFacet = response.facets.find((f) => f.facetId === CATEGORY_FACET.facetId);
  return {
    query,
    shownQuery,
    correctedFrom,
    rewrittenFrom,
    notices,
    total: response.totalCountFiltered,
    page,
    pages: Math.max(1, Math.ceil(response.totalCountFiltered / HELP_PAGE_SIZE)),
    results: response.results.map((r) => ({
      title: r.title,
      path: storePath(store, r.clickUri),
      excerpt: r.excerpt,
      category: String(r.raw.hc_category ?? ""),
    })),
    categories: (categoryFacet?.values ?? []).map((v) => ({
      value: v.value,
      count: v.numberOfResults,
      selected: v.state === "selected",
    })),
    category,
    answer: shownQuery !== "" && page === 1 ? await helpAnswer(store, shownQuery, facets) : null,
  };
}

/** For a help article's service page: its topic (for the breadcrumb); null for other service pages. */
export function helpArticleTopic(store: StoreRequest, pageKey: string | null): { label: string } | null {
  if (!isHelpArticleKey(pageKey)) return null;
  return { label: HELP_CATEGORY_LABELS[helpCategoryOf(pageKey)][store.shop.language] };
}
