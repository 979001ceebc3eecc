import { getCategoryTree } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import type { FacetSearchValue } from "@vitrine/search";
import { imageCandidate, isResizable } from "../content/images.ts";
import { jsonResponse } from "../lib/json-response.ts";
import { facetRequests, knownFacetState } from "../lib/listing.server.ts";
import type { FacetValueView } from "../lib/listing.ts";
import { searchBase, searchProductTile, triggerTarget } from "../lib/search.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { parseStorePath } from "../lib/store.ts";
import {
  categorySuggestionHref,
  parseUrlState,
  stateHref,
  toggleExcludeValue,
  toggleLocationValue,
  toggleSelectValue,
  withoutControlCharacters,
} from "../lib/url-state.ts";
import type { Route } from "./+types/search.suggest";

/**
 * `/{store}/search/suggest/`: the small JSON answers the search box and the facets ask for while the shopper
 * types, from the search service in process.
 * - `?q=…`: query suggestions (with highlight), instant products (picture and price), category suggestions
 *   (category pages with `filters[…]` and `searchTerm`), and the number of products the search finds;
 * - `?plan=1&q=…`: the standalone search box's plan (a search with page 0, perPage 1, not captured): where a
 *   redirect trigger sends the query, or null;
 * - `?facet={id}&facetQuery=*text*&page={the page's path and query}`: the values of one facet matching the text,
 *   within the page's products and filters, as links of that page.
 */

export interface SearchSuggestions {
  q: string;
  completions: { text: string; parts: [text: string, typed: boolean][] }[];
  products: {
    id: number;
    href: string;
    brand: string;
    name: string;
    image?: string;
    price: string;
    oldPrice?: string;
  }[];
  categories: { label: string; href: string; count: number }[];
  total: number;
}

const INSTANT_PRODUCTS = 4;
const COMPLETIONS = 5;
const CATEGORY_SUGGESTIONS = 3;
const FACET_SEARCH_VALUES = 20;
const MAX_QUERY = 200;
const THUMBNAIL_WIDTH = 120;

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = new URL(request.url);
  const q = withoutControlCharacters(url.searchParams.get("q") ?? "")
    .trim()
    .slice(0, MAX_QUERY);
  const facet = url.searchParams.get("facet");
  if (facet) return facetValues(store, request, url, facet);
  if (url.searchParams.get("plan") === "1") return plan(store, request, q);
  return suggestions(store, request, q);
}

function json(body: unknown, cacheControl: string): Response {
  return jsonResponse(body, { headers: { "cache-control": cacheControl } });
}

/** The protocol's highlight (`{typed}` and `[suggested]`) as text parts. */
function highlightParts(highlighted: string): [string, boolean][] {
  const parts: [string, boolean][] = [];
  for (const match of highlighted.matchAll(/\{([^}]*)\}|\[([^\]]*)\]|([^{[]+)/g)) {
    if (match[1] !== undefined) parts.push([match[1], true]);
    else parts.push([match[2] ?? match[3] ?? "", false]);
  }
  return parts.filter(([text]) => text !== "");
}

async function suggestions(store: ReturnType<typeof storeRequest>, request: Request, q: string): Promise<Response> {
  const { shop, services } = store;
  const empty: SearchSuggestions = { q, completions: [], products: [], categories: [], total: 0 };
  if (q === "") return json(empty, "public, max-age=60");
  const base = searchBase(shop, request, `/${shop.pathPrefix}/search/`);
  const search = services.search;
  const [completions, instant, categories, brands] = await Promise.all([
    search.querySuggest({ ...base, query: q, count: COMPLETIONS }),
    search.productSuggest({ ...base, query: q, page: 0, perPage: INSTANT_PRODUCTS }),
    search.facetSearch({ ...base, query: q, facetId: "ec_category", facetQuery: "*", numberOfValues: 200 }, "SEARCH"),
    search.facetSearch({ ...base, query: q, facetId: "ec_brand", facetQuery: "*", numberOfValues: 200 }, "SEARCH"),
  ]);
  const imageBase = services.config.IMAGE_BASE_URL;
  const products = instant.products.map((p) => {
    const tile = searchProductTile(p, shop, imageBase);
    const url = p.additionalFields.image;
    const image = url ? imageCandidate(url, [3, 4], [THUMBNAIL_WIDTH], isResizable(url, imageBase)).src : undefined;
    return {
      id: tile.id,
      href: tile.href,
      brand: tile.brand,
      name: tile.name,
      ...(image ? { image } : {}),
      price: formatMoney(tile.price, shop),
      ...(tile.oldPrice !== undefined ? { oldPrice: formatMoney(tile.oldPrice, shop) } : {}),
    };
  });
  const body: SearchSuggestions = {
    q,
    completions: completions.completions.map((c) => ({ text: c.expression, parts: highlightParts(c.highlighted) })),
    products,
    categories: await categorySuggestions(store, q, categories.values, brands.values),
    total: instant.pagination.totalEntries,
  };
  return json(body, "public, max-age=60");
}

/**
 * The most specific categories the query's products are in (the deepest levels there are, most products
 * first), each linking to the category page searching the query there. A brand named in the query becomes the
 * brand filter (`filters[ec_brand]=…`) and leaves the search term.
 */
async function categorySuggestions(
  store: ReturnType<typeof storeRequest>,
  q: string,
  categories: FacetSearchValue[],
  brands: FacetSearchValue[],
): Promise<SearchSuggestions["categories"]> {
  const { shop, services } = store;
  const words = ` ${q.toLowerCase().replace(/\s+/g, " ")} `;
  const brand = brands.find((b) => words.includes(` ${b.rawValue.toLowerCase()} `));
  const term = brand ? words.replace(` ${brand.rawValue.toLowerCase()} `, " ").trim() : q;
  const deepest = Math.max(0, ...categories.map((c) => (c.path ?? []).length));
  const picked = categories
    .filter((c) => (c.path ?? []).length >= Math.min(2, deepest))
    .sort((a, b) => b.count - a.count)
    .slice(0, CATEGORY_SUGGESTIONS);
  if (picked.length === 0) return [];
  const tree = await getCategoryTree(services);
  const out: SearchSuggestions["categories"] = [];
  for (const value of picked) {
    const names = [...(value.path ?? []), value.rawValue];
    let level = tree.roots;
    let node: (typeof level)[number] | undefined;
    for (const name of names) {
      node = level.find((n) => n.record.translations[shop.language].name === name);
      if (!node) break;
      level = node.children;
    }
    // A hidden category (or one below a hidden one) has no page to lead to.
    if (!node || tree.isHidden(node.record.id)) continue;
    out.push({
      label: names.join(" › "),
      href: categorySuggestionHref(
        tree.path(node.record.id, shop.language),
        brand ? { ec_brand: [brand.rawValue] } : {},
        term,
      ),
      count: value.count,
    });
  }
  return out;
}

async function plan(store: ReturnType<typeof storeRequest>, request: Request, q: string): Promise<Response> {
  const { shop, services } = store;
  if (q === "") return json({ redirect: null }, "no-store");
  const base = searchBase(shop, request, `/${shop.pathPrefix}/search/`);
  const response = await services.search.search({
    ...base,
    context: { ...base.context, capture: false },
    query: q,
    page: 0,
    perPage: 1,
  });
  const trigger = response.triggers.find((t) => t.type === "redirect");
  const redirect = trigger && typeof trigger.content === "string" ? triggerTarget(trigger.content, shop) : null;
  return json({ redirect }, "no-store");
}

async function facetValues(
  store: ReturnType<typeof storeRequest>,
  request: Request,
  url: URL,
  facetId: string,
): Promise<Response> {
  const { shop, services } = store;
  const pageUrl = new URL(url.searchParams.get("page") ?? "/", url.origin);
  const inStore = parseStorePath(pageUrl.pathname);
  if (!inStore || inStore.shop.code !== shop.code) return json({ values: [] }, "no-store");
  const facets = services.search.facets();
  const state = knownFacetState(parseUrlState(pageUrl.search), facets);
  const isSearch = inStore.path.startsWith("/search/");
  const base = searchBase(shop, request, pageUrl.pathname);
  const facetQuery = withoutControlCharacters(url.searchParams.get("facetQuery") ?? "*").slice(0, MAX_QUERY);
  const found = await services.search
    .facetSearch(
      {
        ...base,
        ...(isSearch && state.q ? { query: state.q } : {}),
        facets: facetRequests(state, facets),
        facetId,
        facetQuery,
        numberOfValues: FACET_SEARCH_VALUES,
      },
      isSearch ? "SEARCH" : "LISTING",
    )
    .catch(() => undefined);
  const selected = new Set(state.f?.[facetId] ?? state.lf?.[facetId] ?? []);
  const excluded = new Set(state.fExcluded?.[facetId] ?? []);
  const location = facetId === "store";
  const values: FacetValueView[] = (found?.values ?? []).map((v) => ({
    label: v.displayValue,
    count: v.count,
    state: selected.has(v.rawValue) ? "selected" : excluded.has(v.rawValue) ? "excluded" : "idle",
    href: stateHref(
      pageUrl.pathname,
      location ? toggleLocationValue(state, facetId, v.rawValue) : toggleSelectValue(state, facetId, v.rawValue),
    ),
    ...(location ? {} : { excludeHref: stateHref(pageUrl.pathname, toggleExcludeValue(state, facetId, v.rawValue)) }),
  }));
  return json({ values, moreValuesAvailable: found?.moreValuesAvailable ?? false }, "private, max-age=30");
}
