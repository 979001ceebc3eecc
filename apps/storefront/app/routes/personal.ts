import { loadShellData } from "../lib/shell-data.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/personal";

/**
 * `/{store}/personal.json`: everything personal the header and the product tiles show (basket and wishlist counts,
 * the signed-in customer's greeting), asked once per page load by the browser, because the pages themselves are
 * the same for every shopper and kept by shared caches (lib/http-cache.ts). A few hundred bytes, never cached.
 * A new shopper's browser id cookie is set here (cacheable pages carry no cookie).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const shell = await loadShellData(store, request);
  return Response.json(shell, { headers: { "cache-control": "private, no-store", vary: "Cookie" } });
}
