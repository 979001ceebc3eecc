import { type StoreCode, shopByCode } from "@vitrine/commerce/shops";
import {
  type ListingResponse,
  type MerchandisingDraft,
  type SearchResponse,
  type SearchService,
  tryListing,
  trySearch,
} from "@vitrine/search";

/**
 * The search screens' shared server part: the "try it" panel's search (a query of a store, as the shop answers
 * it now and as it would with the unsaved change; a category's listing for pinned products), and the values a
 * form had, for showing it again.
 */

/** What the panel shows of one answer. */
export interface TriedAnswer {
  total: number;
  correctedQuery: string | null;
  triggers: { type: string; content: string }[];
  products: { id: string; name: string; brand: string }[];
}

export interface TryOutcome {
  store: StoreCode;
  /** The query searched, or the key of the category listed. */
  query: string;
  before: TriedAnswer;
  after: TriedAnswer;
}

/** Products the panel lists of each answer. */
const SHOWN_PRODUCTS = 8;

function answerOf(response: SearchResponse | ListingResponse): TriedAnswer {
  return {
    total: response.pagination.totalEntries,
    correctedQuery: ("queryCorrection" in response && response.queryCorrection?.correctedQuery) || null,
    triggers: response.triggers.map((t) => ({
      type: t.type,
      content: typeof t.content === "string" ? t.content : JSON.stringify(t.content),
    })),
    products: response.products.slice(0, SHOWN_PRODUCTS).map((p) => ({
      id: p.permanentid,
      name: String(p.ec_name ?? ""),
      brand: String(p.ec_brand ?? ""),
    })),
  };
}

function storeRequest(store: StoreCode) {
  const shop = shopByCode(store) ?? shopByCode("de");
  if (!shop) throw new Error("no store de");
  return {
    shop,
    request: {
      trackingId: shop.trackingId,
      language: shop.language,
      country: shop.country,
      currency: shop.currency,
      perPage: SHOWN_PRODUCTS,
    },
  };
}

/** Searches `query` in `store` with and without the draft, from this process's live index; saves nothing. */
export function tryDraft(
  search: SearchService,
  store: StoreCode,
  query: string,
  draft: MerchandisingDraft,
): TryOutcome {
  const { shop, request } = storeRequest(store);
  const context = { view: { url: `http://admin.invalid/${shop.pathPrefix}/search/` } };
  const tried = trySearch(search, { ...request, context, query }, draft);
  return { store: shop.code, query, before: answerOf(tried.before), after: answerOf(tried.after) };
}

/** Lists a category in `store` with and without the draft (pinned products); undefined for an unknown category. */
export function tryCategoryDraft(
  search: SearchService,
  store: StoreCode,
  categoryKey: string,
  draft: MerchandisingDraft,
): TryOutcome | undefined {
  const { shop, request } = storeRequest(store);
  const tried = tryListing(search, request, categoryKey, draft);
  if (!tried) return undefined;
  return { store: shop.code, query: categoryKey, before: answerOf(tried.before), after: answerOf(tried.after) };
}

/** A form's text fields as they were sent, for showing the form again after a refusal or a try. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent") values[key] = value;
  return values;
}

/** The words of a synonyms field: separated by commas or new lines. */
export function wordsOf(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter((w) => w !== "");
}
