/**
 * The request and response shapes of the Coveo Commerce API v2 as Vitrine speaks them (what `@coveo/headless`
 * 4.x sends and reads), plus the fields Vitrine adds for its product tiles under `additionalFields`.
 */

export type FacetValueState = "idle" | "selected" | "excluded";

export interface CartItem {
  productId: string;
  quantity: number;
  name?: string;
  price?: number;
}

export interface CommerceContext {
  view: { url: string; referrer?: string };
  user?: { userAgent?: string; latitude?: number; longitude?: number };
  /** The shopper's position (specification section 3: the context's optional location). */
  location?: { latitude?: number; longitude?: number };
  /** Log this request server-side (it feeds query suggestions and trending products). */
  capture?: boolean;
  cart?: CartItem[];
  purchased?: CartItem[];
  source?: string[];
  product?: { productId: string };
}

export interface BaseRequest {
  trackingId: string;
  clientId?: string;
  language: string;
  country: string;
  currency: string;
  context: CommerceContext;
}

export interface PaginatedRequest extends BaseRequest {
  page?: number;
  perPage?: number;
}

export interface RegularFacetValueRequest {
  value: string;
  state: FacetValueState;
  previousState?: FacetValueState;
}

export interface CategoryFacetValueRequest {
  value: string;
  state: FacetValueState;
  children?: CategoryFacetValueRequest[];
  /** On the selected value: how many of its children to answer. */
  retrieveCount?: number;
}

export interface NumericRangeRequest {
  start: number;
  end: number;
  endInclusive?: boolean;
  state: FacetValueState;
}

export interface DateRangeRequest {
  start: string;
  end: string;
  endInclusive?: boolean;
  state: FacetValueState;
}

export type FacetType = "regular" | "hierarchical" | "numericalRange" | "dateRange" | "location";

export interface FacetRequest {
  facetId: string;
  field?: string;
  type: FacetType;
  displayName?: string;
  values: (RegularFacetValueRequest | CategoryFacetValueRequest | NumericRangeRequest | DateRangeRequest)[];
  numberOfValues?: number;
  initialNumberOfValues?: number;
  isFieldExpanded?: boolean;
  freezeCurrentValues?: boolean;
  preventAutoSelect?: boolean;
  delimitingCharacter?: string;
  retrieveCount?: number;
  interval?: "continuous" | "discrete" | "even" | "equiprobable";
  domain?: { min: number; max: number; increment?: number };
  rangeAlgorithm?: "even" | "equiprobable";
  resultsMustMatch?: "allValues" | "atLeastOneValue";
  sortCriteria?: string;
}

export interface SortField {
  field: string;
  direction?: "asc" | "desc";
  displayName?: string;
}

export interface SortOption {
  sortCriteria: "relevance" | "fields";
  fields?: SortField[];
}

export interface ListingRequest extends PaginatedRequest {
  facets?: FacetRequest[];
  sort?: SortOption;
}

export interface SearchRequest extends ListingRequest {
  query?: string;
}

export interface FacetSearchRequest extends SearchRequest {
  facetId: string;
  /** The text to find in the facet's values, between wildcards: `*blau*`; `*` alone lists every value. */
  facetQuery: string;
  numberOfValues?: number;
  ignorePaths?: string[][];
}

export type FacetSearchType = "LISTING" | "SEARCH";

export interface QuerySuggestRequest extends BaseRequest {
  query?: string;
  /** Completions wanted (default 5). */
  count?: number;
}

export interface RecommendationsRequest extends PaginatedRequest {
  slotId: string;
}

// --- responses -----------------------------------------------------------------------------------

export interface ProductSize {
  size: string;
  label: string;
  /** Can be bought online now. */
  available: boolean;
}

/** Fields Vitrine adds to every product for its tiles (badges, hover image, swatches, sizes). */
export interface VitrineProductFields {
  productId: number;
  referenceKey: string;
  masterKey: string;
  /** Canonical product path without the store prefix: `/p/{slug}-{id}/`. */
  path: string;
  colorId: string;
  colorHex: string;
  colorName: string;
  currency: string;
  /** What the shopper pays, in cents (the reduced price when reduced). */
  priceCents: number;
  /** The regular price in cents. */
  listPriceCents: number;
  /** Whole percent taken off (0 when not reduced). */
  reductionPercent: number;
  isNew: boolean;
  isSoldOut: boolean;
  freeTextBadge: string | null;
  /** The language of `ec_name`: the store's, or the fallback's when the product has no name in it. */
  nameLanguage: string;
  promotion: { id: string; name: string; colorHex: string } | null;
  image: string | null;
  hoverImage: string | null;
  sizes: ProductSize[];
  gender: string | null;
}

export interface ChildProduct {
  permanentid: string;
  clickUri: string;
  ec_name: string | null;
  ec_description: string | null;
  ec_brand: string | null;
  ec_category: string[];
  ec_item_group_id: string | null;
  ec_price: number | null;
  ec_promo_price: number | null;
  ec_shortdesc: string | null;
  ec_thumbnails: string[];
  ec_images: string[];
  ec_in_stock: boolean | null;
  ec_rating: number | null;
  ec_gender: string | null;
  ec_product_id: string | null;
  ec_color: string | null;
  ec_listing: string | null;
  additionalFields: VitrineProductFields;
}

export interface Product extends ChildProduct {
  /** The colour group: every colour of the product, this one first. */
  children: ChildProduct[];
  totalNumberOfChildren: number;
}

interface BaseFacetResponse<V, T extends FacetType> {
  facetId: string;
  field: string;
  displayName: string;
  type: T;
  isFieldExpanded: boolean;
  moreValuesAvailable: boolean;
  fromAutoSelect: boolean;
  numberOfValues: number;
  values: V[];
}

interface CountedValue {
  state: FacetValueState;
  numberOfResults: number;
  isAutoSelected: boolean;
  isSuggested: boolean;
}

export interface RegularFacetValue extends CountedValue {
  value: string;
  moreValuesAvailable: boolean;
}

export interface CategoryFacetValue extends CountedValue {
  value: string;
  path: string[];
  isLeafValue: boolean;
  moreValuesAvailable: boolean;
  children: CategoryFacetValue[];
}

export interface NumericFacetValue extends CountedValue {
  start: number;
  end: number;
  endInclusive: boolean;
  moreValuesAvailable: boolean;
}

export interface DateFacetValue extends CountedValue {
  start: string;
  end: string;
  endInclusive: boolean;
  moreValuesAvailable: boolean;
}

export interface LocationFacetValue {
  value: string;
  state: FacetValueState;
  numberOfResults: number;
}

export type RegularFacetResponse = BaseFacetResponse<RegularFacetValue, "regular">;
export type CategoryFacetResponse = BaseFacetResponse<CategoryFacetValue, "hierarchical"> & {
  delimitingCharacter: string;
};
export type NumericFacetResponse = BaseFacetResponse<NumericFacetValue, "numericalRange"> & {
  interval: "continuous" | "discrete" | "even" | "equiprobable";
  domain?: { min: number; max: number; increment: number };
};
export type DateFacetResponse = BaseFacetResponse<DateFacetValue, "dateRange">;
export type LocationFacetResponse = BaseFacetResponse<LocationFacetValue, "location">;

export type FacetResponse =
  | RegularFacetResponse
  | CategoryFacetResponse
  | NumericFacetResponse
  | DateFacetResponse
  | LocationFacetResponse;

export interface Pagination {
  page: number;
  perPage: number;
  totalEntries: number;
  totalPages: number;
}

export type Trigger =
  | { type: "redirect" | "query" | "notify"; content: string }
  | { type: "execute"; content: { name: string; params: (string | number | boolean)[] } };

export interface SortResponse {
  appliedSort: SortOption;
  availableSorts: SortOption[];
}

export interface ListingResponse {
  responseId: string;
  products: Product[];
  facets: FacetResponse[];
  pagination: Pagination;
  sort: SortResponse;
  triggers: Trigger[];
}

export interface WordCorrection {
  offset: number;
  length: number;
  originalWord: string;
  correctedWord: string;
}

export interface QueryCorrectionResponse {
  correctedQuery: string | null;
  originalQuery: string | null;
  corrections: { correctedQuery: string; wordCorrections: WordCorrection[] }[];
}

export interface SearchResponse extends ListingResponse {
  queryCorrection?: QueryCorrectionResponse;
}

export interface QuerySuggestResponse {
  responseId: string;
  completions: { expression: string; highlighted: string }[];
  fieldSuggestionsFacets: { facetId: string; displayName: string; field: string; type: "regular" | "hierarchical" }[];
}

export interface FacetSearchValue {
  displayValue: string;
  rawValue: string;
  count: number;
  /** Hierarchical facets: the ancestors of the value. */
  path?: string[];
}

export interface FacetSearchResponse {
  values: FacetSearchValue[];
  moreValuesAvailable: boolean;
}

export interface RecommendationsResponse {
  headline: string;
  products: Product[];
  pagination: Pagination;
  responseId: string;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  type: string;
}
