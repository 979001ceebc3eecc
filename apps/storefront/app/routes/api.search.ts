import { CLIENT_ADDRESS_HEADER } from "@vitrine/commerce";
import { servicesContext } from "../lib/context.ts";
import type { Route } from "./+types/api.search";

/**
 * The search service's HTTP API on the shop's origin: the Coveo Commerce API v2 endpoints under
 * /api/search/commerce/v2/ and the events endpoint /api/search/events/v1 (bearer-token authorization).
 */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs): Promise<Response> {
  const { searchHttp } = context.get(servicesContext);
  const peer = request.headers.get(CLIENT_ADDRESS_HEADER);
  return searchHttp(request, peer ? { clientAddress: peer } : {});
}

export const loader = handle;
export const action = handle;
