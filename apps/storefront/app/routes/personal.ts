import { requestContext } from "../lib/context.ts";
import { jsonResponse } from "../lib/json-response.ts";
import { BROWSER_COOKIE } from "../lib/middleware.server.ts";
import { loadShellData } from "../lib/shell-data.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/personal";

/**
 * `/{store}/personal.json`: everything personal the header and the product tiles show (basket and wishlist counts,
 * the signed-in customer's greeting), asked once per page load by the browser, because the pages themselves are
 * the same for every shopper and kept by shared caches (lib/http-cache.ts). A few hundred bytes, never cached.
 * It sets no browser id for a new shopper: there is nothing of theirs yet, and the first change they make (an RPC
 * call or a form) sets it; two answers racing to give one browser two ids would lose a basket.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const state = context.get(requestContext);
  const fresh = state.setCookies.findIndex((cookie) => cookie.startsWith(`${BROWSER_COOKIE}=`));
  if (fresh !== -1) state.setCookies.splice(fresh, 1);
  const shell = await loadShellData(store, request);
  return jsonResponse(shell, { headers: { "cache-control": "private, no-store", vary: "Cookie" } });
}
