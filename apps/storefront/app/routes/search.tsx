import { lazy, useEffect } from "react";
import { redirect } from "react-router";
import { Link } from "../components/Link.tsx";
import { ProductListing } from "../components/listing/ProductListing.tsx";
import { useT } from "../i18n/i18n.tsx";
import { pageCapture } from "../lib/http-cache.ts";
import {
  facetRequests,
  knownFacetState,
  listingView,
  paging,
  rangeFormState,
  searchFailure,
  sortOption,
} from "../lib/listing.server.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { addRecentQuery, readRecentQueries, writeRecentQueries } from "../lib/recent-queries.ts";
import { loadRecommendationSlot, searchBase, trackingView, triggerTarget } from "../lib/search.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { hasFacetValues, parseUrlState, stateHref } from "../lib/url-state.ts";
import type { Route } from "./+types/search";

// Only a search that finds nothing shows a slider: its code loads then. No `<Suspense>` around it, so the server
// waits for it and the page is complete without JavaScript (components/LazyErrorScreen.ts explains).
const RecommendationSlider = lazy(() =>
  import("../components/RecommendationSlider.tsx").then((module) => ({ default: module.RecommendationSlider })),
);

export const handle = { pageType: "search" };

const SEARCH_PATH = "/search/";
/** Query suggestions offered when a search finds nothing. */
const NO_RESULT_SUGGESTIONS = 6;

/**
 * `/search/?searchTerm=…`: search results with the listing's facets, sort and pages (the query is `q` in the
 * links the page writes, `searchTerm` when it comes from the search box). Triggers of the search service apply:
 * a redirect navigates, a notification shows its message, a query trigger searches the rewritten query; when
 * nothing matches, the service's did-you-mean correction is searched and shown as such. A search without results
 * shows query suggestions and recommendations.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const { shop, services } = store;
  const url = new URL(request.url);
  const facets = services.search.facets();
  const state = knownFacetState(parseUrlState(url.search), facets);
  const fromForm = rangeFormState(url, state);
  if (fromForm) throw redirect(localizedPath(shop, stateHref(SEARCH_PATH, fromForm)), 302);
  const viewPath = localizedPath(shop, SEARCH_PATH);
  const query = state.q?.trim() ?? "";
  const base = searchBase(shop, request, viewPath);
  const trending = () => loadRecommendationSlot(store, request, { slotId: "trending", viewPath, perPage: 12 });
  if (query === "") {
    store.cachePage({ tags: ["search"] });
    return {
      query: null,
      shownQuery: null,
      correctedFrom: null,
      rewrittenTo: null,
      notices: [] as string[],
      listing: null,
      suggestions: [] as string[],
      recommendations: await trending(),
      tracking: trackingView(store),
    };
  }
  const sort = sortOption(state.sortCriteria);
  const searchRequest = {
    ...base,
    context: { ...base.context, capture: (state.page ?? 0) === 0 },
    query,
    facets: facetRequests(state, facets),
    ...paging(state),
    ...(sort ? { sort } : {}),
  };
  const response = await services.search.search(searchRequest).catch(searchFailure);
  store.cachePage({ tags: ["search"], capture: pageCapture("search", searchRequest, response) });

  const redirectTo = response.triggers.find((t) => t.type === "redirect");
  if (redirectTo && typeof redirectTo.content === "string")
    throw redirect(triggerTarget(redirectTo.content, shop), 302);
  const notices = response.triggers.flatMap((t) =>
    t.type === "notify" && typeof t.content === "string" ? [t.content] : [],
  );
  const rewrite = response.triggers.find((t) => t.type === "query");
  const rewrittenTo = rewrite && typeof rewrite.content === "string" ? rewrite.content : null;
  const corrected = response.queryCorrection?.correctedQuery ?? null;
  // After a did-you-mean correction the page's links carry the corrected query.
  const linkState = corrected ? { ...state, q: corrected } : state;
  const listing = listingView({ store, shop, path: viewPath, state: linkState, response });
  const nothing = listing.total === 0 && !hasFacetValues(state);
  const [suggestions, recommendations] = nothing
    ? await Promise.all([noResultSuggestions(services.search, base, query), trending()])
    : [[], null];
  return {
    query,
    shownQuery: corrected ?? rewrittenTo ?? query,
    correctedFrom: corrected ? query : null,
    rewrittenTo,
    notices,
    listing,
    suggestions,
    recommendations,
    tracking: listing.tracking,
  };
}

/** Other queries to try: completions of the query, or what shoppers search most. */
async function noResultSuggestions(
  search: ReturnType<typeof storeRequest>["services"]["search"],
  base: ReturnType<typeof searchBase>,
  query: string,
): Promise<string[]> {
  const ask = async (text: string) =>
    (
      await search.querySuggest({ ...base, query: text, count: NO_RESULT_SUGGESTIONS }).catch(() => undefined)
    )?.completions.map((c) => c.expression) ?? [];
  const own = (await ask(query)).filter((q) => q.toLowerCase() !== query.toLowerCase());
  return own.length > 0 ? own : ask("");
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  const title = t
    ? loaderData?.shownQuery
      ? t("search.meta_title", { query: loaderData.shownQuery })
      : t("search.title")
    : undefined;
  return pageMeta(matches, { ...(title ? { title } : {}), robots: "noindex, follow" });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, shownQuery, correctedFrom, rewrittenTo, notices, listing, suggestions, recommendations, tracking } =
    loaderData;
  const t = useT();
  useEffect(() => {
    if (query) writeRecentQueries(addRecentQuery(readRecentQueries(), query));
  }, [query]);
  const nothingFound = !listing || (listing.total === 0 && listing.chips.length === 0);
  return (
    <main id="main" className="page listing-page search-page">
      <header className="listing-page__head">
        <h1 className="listing-page__title">
          {!shownQuery
            ? t("search.empty_query")
            : nothingFound
              ? t("search.no_results", { query: shownQuery })
              : t("search.results_for", { query: shownQuery })}
        </h1>
        {correctedFrom ? (
          <p className="search-page__correction">
            {t("search.corrected", { original: correctedFrom, corrected: shownQuery ?? "" })}
          </p>
        ) : null}
        {rewrittenTo && query ? (
          <p className="search-page__correction">{t("search.rewritten", { original: query, query: rewrittenTo })}</p>
        ) : null}
        {notices.map((notice) => (
          <p key={notice} className="notice" role="status">
            {notice}
          </p>
        ))}
      </header>
      {listing && !nothingFound ? (
        <ProductListing
          listing={listing}
          empty={
            <div className="listing-empty">
              <h2 className="listing-empty__title">{t("listing.empty_title")}</h2>
              <p>
                {t("listing.empty_filtered")}{" "}
                {listing.clearAllHref ? (
                  <Link to={listing.clearAllHref} rel="nofollow">
                    {t("listing.clear_all")}
                  </Link>
                ) : null}
              </p>
            </div>
          }
        />
      ) : (
        <div className="search-empty">
          {query ? <p>{t("search.no_results_tips")}</p> : null}
          {suggestions.length > 0 ? (
            <div className="search-empty__suggestions">
              <h2 className="search-empty__subtitle">{query ? t("search.try_instead") : t("search.popular")}</h2>
              <ul>
                {suggestions.map((s) => (
                  <li key={s}>
                    <Link to={`/search/?searchTerm=${encodeURIComponent(s)}`} className="chip">
                      {s}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {recommendations ? <RecommendationSlider slot={recommendations} tracking={tracking} /> : null}
        </div>
      )}
    </main>
  );
}
