import { formatMoney } from "@vitrine/commerce/money";
import type { Shop } from "@vitrine/commerce/shops";
import type { ProductTileData } from "../components/ProductTile.tsx";
import type { Translator } from "../i18n/i18n.tsx";

/**
 * What a listing or search page shows, ready to render: the server computes every link from the URL state
 * (`app/lib/url-state.ts`), so facets, chips, sort and pagination are plain links and GET forms that work
 * without JavaScript, and the browser needs no state logic of its own. Links here carry the store prefix
 * (`/de/c/damen/?f-ec_brand=Vela`); product tiles keep the shop's store-less paths.
 */

export type ValueState = "idle" | "selected" | "excluded";

/** A value's text, or what the page formats: a price range (cents) or "arrived within n days". */
export interface ValueLabel {
  label: string;
  price?: [from: number, to: number];
  days?: number;
}

export interface FacetValueView extends ValueLabel {
  count: number;
  state: ValueState;
  /** Select toggle (selected → idle, otherwise → selected). */
  href: string;
  /** Exclude toggle; absent for facets that only select. */
  excludeHref?: string;
  /** Colour facets: the swatch colour. */
  color?: string;
}

interface FacetBase {
  id: string;
  label: string;
  /** Clears the facet's values (present when it has any). */
  clearHref?: string;
}

export interface ValuesFacetView extends FacetBase {
  kind: "values";
  /** The values shown (the first ones, chosen ones among them; all of them after "show more"). */
  values: FacetValueView[];
  /** "Show more": the values not shown, and the page showing them. */
  more?: { count: number; href: string };
  /** "Show less", when all values show: the page showing the first ones again. */
  lessHref?: string;
  /** The service has more values than listed: the facet offers a search. */
  searchable: boolean;
}

export interface TreeItemView {
  label: string;
  count?: number;
  href: string;
  /** 0 for the top level shown. */
  depth: number;
  current: boolean;
}

export interface TreeFacetView extends FacetBase {
  kind: "tree";
  items: TreeItemView[];
}

export interface RangeFacetView extends FacetBase {
  kind: "range";
  /** Automatic ranges as links. */
  ranges: FacetValueView[];
  /** Whole currency units for the inputs and the slider. */
  min: number;
  max: number;
  from: number;
  to: number;
  /** GET form: the page path and the other state as hidden fields; inputs `from-{id}` and `to-{id}`. */
  action: string;
  fields: [string, string][];
  /** The state without this facet's ranges, for building the manual-range link in the browser. */
  baseHref: string;
  currency: string;
}

export type FacetView = ValuesFacetView | TreeFacetView | RangeFacetView;

export interface ChipView extends ValueLabel {
  /** Facet id (the page names it). */
  facet: string;
  excluded: boolean;
  href: string;
}

export type SortId = "relevance" | "price_asc" | "price_desc" | "newest";

export interface SortView {
  options: { id: SortId; value: string; href: string; selected: boolean }[];
  action: string;
  fields: [string, string][];
}

export interface PaginationView {
  /** Zero-based. */
  page: number;
  totalPages: number;
  /** Page links (zero-based page, href); null marks a gap. */
  links: ({ page: number; href: string } | null)[];
  previousHref?: string;
  nextHref?: string;
}

export interface TrackingView {
  trackingId: string;
  accessToken: string;
  currency: string;
}

export interface ListingView {
  total: number;
  products: ProductTileData[];
  /** 1-based position of the first product (for click events). */
  firstPosition: number;
  responseId: string;
  facets: FacetView[];
  chips: ChipView[];
  clearAllHref?: string;
  sort: SortView;
  pagination: PaginationView;
  tracking: TrackingView;
}

/** Values a facet lists before "show more" (the protocol's default number of facet values). */
export const FACET_VALUES_SHOWN = 8;

/**
 * Selected and excluded values stay in sight (specification section 4, facets): one that would sit behind
 * "show more" takes the first idle place among the first `shown` values, and the idle value it displaces moves
 * down to the hidden ones. Everything else keeps the service's order.
 */
export function keepChosenValuesVisible<T extends { state: ValueState }>(values: readonly T[], shown: number): T[] {
  const result = [...values];
  for (let i = shown; i < result.length; i++) {
    const value = result[i] as T;
    if (value.state === "idle") continue;
    const firstIdle = result.findIndex((v) => v.state === "idle");
    if (firstIdle < 0 || firstIdle >= shown) break;
    result.splice(i, 1);
    result.splice(firstIdle, 0, value);
  }
  return result;
}

/** Product pictures in a grid of 2, 3 and 4 columns (mobile, tablet, desktop). */
export const LISTING_TILE_SIZES = "(min-width: 1440px) 300px, (min-width: 1024px) 22vw, (min-width: 768px) 31vw, 48vw";

/** The facet search's query: the text between wildcards, or a wildcard alone for every value. */
export function facetSearchQuery(text: string): string {
  const clean = text.trim().replace(/\*/g, "");
  return clean === "" ? "*" : `*${clean}*`;
}

/** "20 € – 50 €", "Letzte 7 Tage", or the value's own text. */
export function valueLabel(value: ValueLabel, t: Translator, shop: Pick<Shop, "locale" | "currency">): string {
  if (value.price) {
    return t("listing.price_range", {
      from: formatMoney(value.price[0], shop),
      to: formatMoney(value.price[1], shop),
    });
  }
  if (value.days !== undefined) return t("listing.arrived_days", { days: value.days });
  return value.label;
}

/** The facet's name in the store's words (the service's name for facets the shop has no text for). */
export function facetLabel(id: string, fallback: string, t: Translator): string {
  const key = `listing.facet_${id}`;
  return t.has(key) ? t(key) : fallback;
}
