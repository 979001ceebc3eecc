import type { ListingResponse, SearchRequest, SearchResponse } from "../api/types.ts";
import { validateListingRequest, validateSearchRequest } from "../api/validation.ts";
import type { SearchService } from "../service.ts";
import { type MerchandisingDraft, withDraft } from "./rules.ts";

/**
 * The "try it" panel of the back office: a search (or, for pinned products, a category's listing) as the shop
 * answers it now and as it would answer with an unsaved rule or synonym, from this process's live index. Nothing
 * is saved and nothing is logged.
 */
export interface Tried<T> {
  before: T;
  after: T;
}

function liveEngine(service: SearchService) {
  const engine = service.engine;
  if (!engine) throw new Error("the search index is not built yet");
  return engine;
}

export function trySearch(
  service: SearchService,
  request: SearchRequest,
  draft: MerchandisingDraft,
): Tried<SearchResponse> {
  const engine = liveEngine(service);
  const req = validateSearchRequest(request, service.clock.now(), engine.facets().byId);
  const before = engine.search(req);
  const after = engine.withMerchandising(withDraft(engine.merchandisingRules, draft), () => engine.search(req));
  return { before, after };
}

/**
 * A category's listing in a store (`request` without its view: the category's own address is used), now and with
 * the draft; undefined when the catalogue has no category with this key.
 */
export function tryListing(
  service: SearchService,
  request: Omit<SearchRequest, "context" | "query">,
  categoryKey: string,
  draft: MerchandisingDraft,
): Tried<ListingResponse> | undefined {
  const engine = liveEngine(service);
  const shop = engine.shopFor({ ...request, context: { view: { url: "http://admin.invalid/" } } });
  const node = engine.catalog.tree.byKey(categoryKey);
  if (!node) return undefined;
  const url = `http://admin.invalid/${shop.pathPrefix}${engine.catalog.tree.path(node.record.id, shop.language)}`;
  const req = validateListingRequest(
    { ...request, context: { view: { url } } },
    service.clock.now(),
    engine.facets().byId,
  );
  const before = engine.listing(req);
  const after = engine.withMerchandising(withDraft(engine.merchandisingRules, draft), () => engine.listing(req));
  return { before, after };
}
