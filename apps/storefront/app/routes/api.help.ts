import { CLIENT_ADDRESS_HEADER } from "@vitrine/commerce";
import { servicesContext } from "../lib/context.ts";
import type { Route } from "./+types/api.help";

/**
 * The help centre's search on the shop's origin, wire-compatible with the classic Search API v2
 * (`/api/help/rest/search/v2`, `…/querySuggest`, `…/facet`, `…/plan`, `…/fields`) and the answer stream
 * (`/api/help/rest/organizations/{org}/answer/v1/configs/{id}/generate`), bearer-token authorization.
 */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs): Promise<Response> {
  const { helpHttp } = context.get(servicesContext);
  const peer = request.headers.get(CLIENT_ADDRESS_HEADER);
  return helpHttp(request, peer ? { clientAddress: peer } : {});
}

export const loader = handle;
export const action = handle;
