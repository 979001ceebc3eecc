import { getCategoryByPath, getCategoryTree, isNewArrivalsRoute } from "@vitrine/commerce";
import { redirect } from "react-router";
import { Link } from "../components/Link.tsx";
import { ProductListing } from "../components/listing/ProductListing.tsx";
import { useT } from "../i18n/i18n.tsx";
import { resolvePageAlternates } from "../lib/alternates.server.ts";
import { invalidPage } from "../lib/errors.ts";
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
import { pageMeta } from "../lib/meta.ts";
import { pageUrl } from "../lib/page-url.ts";
import { notFoundProducts, searchBase } from "../lib/search.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import { hasFacetValues, parseUrlState, stateHref } from "../lib/url-state.ts";
import type { Route } from "./+types/category";

export const handle = { pageType: "product_list" };

/**
 * `/c/{categories...}/{slug}/`: a category's products (the category and everything below it), the sale
 * (`/c/sale/`, fr `/c/soldes/`) and the new arrivals (`/c/new/`), from the search service. The path is the
 * category's localized slug path; a slug ending in `-digits` loses the digits, and any path that finds the
 * category but is not its canonical one answers 301 to it (keeping the query). Filters, sort and page live in the
 * query (`app/lib/url-state.ts`); with `searchTerm` (a category suggestion of the search box) the page searches
 * within the category.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const { shop, services } = store;
  // A client-side navigation asks for `…/_.data`: compare the page's own path with the canonical one.
  const url = pageUrl(request);
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  const [found, tree] = await Promise.all([getCategoryByPath(store.ctx, segments, 1), getCategoryTree(services)]);
  if (!found) {
    // Another store language's spelling or a stored redirect answers with a redirect; otherwise the 404.
    await resolvePageAlternates(services, shop, url);
    invalidPage(request, await notFoundProducts(store, request));
  }
  const { category } = found;
  const canonical = localizedPath(shop, category.path);
  // Client navigations ask for `…/damen/_.data`, which the router hands over as `…/damen` with `_routes`.
  if (url.pathname.replace(/\/?$/, "/") !== canonical) {
    if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
    throw redirect(canonical + url.search, 301);
  }

  const facets = services.search.facets();
  let state = knownFacetState(parseUrlState(url.search), facets);
  // On a category page the category is the page itself, never a `cf` choice.
  if (category.role === "regular" && state.cf) state = { ...state, cf: undefined };
  const fromForm = rangeFormState(url, state);
  if (fromForm) throw redirect(localizedPath(shop, stateHref(category.path, fromForm)), 302);

  const ancestry = tree.ancestry(category.id);
  const node = ancestry.at(-1);
  const names = ancestry.map((n) => n.record.translations[shop.language].name);
  const regular = category.role === "regular";
  // The category is the page: it is the category facet's selection, and its children are links to their pages.
  const query = regular ? state.q : undefined;
  if (!regular && state.q) state = { ...state, q: undefined };
  const sort = sortOption(state.sortCriteria);
  const base = searchBase(shop, request, canonical);
  const body = {
    ...base,
    context: { ...base.context, capture: true },
    facets: facetRequests(state, facets, regular ? names : undefined),
    ...paging(state),
    ...(sort ? { sort } : {}),
  };
  const input = query ? { ...body, query } : body;
  const response = await (query ? services.search.search(input) : services.search.listing(input)).catch(searchFailure);
  store.cachePage({
    tags: [query ? "search" : "listing"],
    capture: pageCapture(query ? "search" : "listing", input, response),
  });

  const listing = listingView({
    store,
    shop,
    path: canonical,
    state,
    response,
    ...(regular && node
      ? {
          categoryPages: {
            ancestors: ancestry.slice(0, -1).map((a) => ({
              label: a.record.translations[shop.language].name,
              path: localizedPath(shop, tree.path(a.record.id, shop.language)),
            })),
            current: category.name,
            childPath: (name: string) => {
              const child = node.children.find((c) => c.record.translations[shop.language].name === name);
              return child ? localizedPath(shop, tree.path(child.record.id, shop.language)) : undefined;
            },
          },
        }
      : {}),
  });
  const first = segments[0];
  const last = segments.at(-1);
  return {
    category: {
      id: category.id,
      name: category.name,
      description: category.description,
      path: category.path,
      newArrivals: isNewArrivalsRoute(first, last),
      sale: category.sale,
    },
    breadcrumbs: ancestry.map((a) => ({
      label: a.record.translations[shop.language].name,
      path: tree.path(a.record.id, shop.language),
    })),
    query: query ?? null,
    /** Filtered and sorted variants of the page are not indexed (they repeat the page). */
    indexable: !hasFacetValues(state) && !state.sortCriteria && !query,
    listing,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(matches, {
        title: loaderData.category.name,
        ...(loaderData.category.description ? { description: loaderData.category.description } : {}),
        ...(loaderData.indexable ? {} : { robots: "noindex, follow" }),
      })
    : [];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, breadcrumbs, listing, query } = loaderData;
  const t = useT();
  const filtered = listing.chips.length > 0 || query !== null;
  return (
    <main id="main" className="page listing-page">
      {breadcrumbs.length > 1 ? (
        <nav className="breadcrumbs" aria-label={t("listing.breadcrumb")}>
          <ol>
            {breadcrumbs.map((b, i) => (
              <li key={b.path}>
                <Link to={b.path} aria-current={i === breadcrumbs.length - 1 ? "page" : undefined}>
                  {b.label}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <header className="listing-page__head">
        <h1 className="listing-page__title">{category.name}</h1>
        {query ? (
          <p className="listing-page__query">
            {t("listing.query_in_category", { query })}{" "}
            <Link to={category.path} rel="nofollow">
              {t("listing.query_clear")}
            </Link>
          </p>
        ) : null}
        {category.description ? <p className="listing-page__description">{category.description}</p> : null}
      </header>
      <ProductListing
        listing={listing}
        empty={
          <div className="listing-empty">
            <h2 className="listing-empty__title">{t("listing.empty_title")}</h2>
            {listing.pagination.page > 0 && listing.total > 0 ? (
              <p>
                {t("listing.page_empty")} <Link to={category.path}>{t("listing.first_page")}</Link>
              </p>
            ) : filtered ? (
              <p>
                {t("listing.empty_filtered")}{" "}
                {listing.clearAllHref ? (
                  <Link to={listing.clearAllHref} rel="nofollow">
                    {t("listing.clear_all")}
                  </Link>
                ) : null}
              </p>
            ) : (
              <p>{t("listing.empty_category")}</p>
            )}
          </div>
        }
      />
    </main>
  );
}
