import type { SearchRequest, SearchResponse } from "../api/types.ts";
import { validateSearchRequest } from "../api/validation.ts";
import type { SearchService } from "../service.ts";
import { type MerchandisingDraft, withDraft } from "./rules.ts";

/**
 * The "try it" panel of the back office: a search as the shop answers it now and as it would answer with an
 * unsaved rule or synonym, from this process's live index. Nothing is saved and the searches are not logged.
 */
export interface TriedSearch {
  before: SearchResponse;
  after: SearchResponse;
}

export function trySearch(service: SearchService, request: SearchRequest, draft: MerchandisingDraft): TriedSearch {
  const engine = service.engine;
  if (!engine) throw new Error("the search index is not built yet");
  const req = validateSearchRequest(request, service.clock.now());
  const before = engine.search(req);
  const after = engine.withMerchandising(withDraft(engine.merchandisingRules, draft), () => engine.search(req));
  return { before, after };
}
