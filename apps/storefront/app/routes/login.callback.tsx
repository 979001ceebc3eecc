import { isPasswordResetTokenValid } from "@vitrine/commerce";
import { redirect } from "react-router";
import {
  accountsContext,
  getCustomer,
  RESET_COOKIE,
  RESET_COOKIE_MAX_AGE,
  redirectTarget,
} from "../lib/auth.server.ts";
import { isHttps, safeRedirectPath, serializeCookie } from "../lib/security.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { localizedPath } from "../lib/store.ts";
import type { Route } from "./+types/login.callback";

/**
 * Sign-in return (no page type, specification section 2): completes flows that come back from outside and
 * redirects, always to a path on this site.
 * - `?flow=reset-password&token=…` (the link of the reset mail): a valid token goes, in an HttpOnly cookie for
 *   the login pages only, to the set-password page; an unknown, used or expired one to the request form.
 * - otherwise a signed-in customer goes to `redirectUrl` or the account, a guest to the login page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = new URL(request.url);
  const login = localizedPath(store.shop, "/login/");
  const headers = { "referrer-policy": "no-referrer", "cache-control": "no-store" };

  if (url.searchParams.get("flow") === "reset-password") {
    const token = url.searchParams.get("token") ?? "";
    const resetPage = localizedPath(store.shop, "/login/reset-password/");
    if (!(await isPasswordResetTokenValid(accountsContext(store, request), token))) {
      throw redirect(`${resetPage}?error=invalid-link`, { headers });
    }
    store.setCookie(
      serializeCookie(RESET_COOKIE, token, {
        maxAge: RESET_COOKIE_MAX_AGE,
        path: login,
        secure: isHttps(request, store.services.config),
      }),
    );
    throw redirect(resetPage, { headers });
  }

  const customer = await getCustomer(store, request);
  if (customer && !customer.isGuestCustomer) {
    throw redirect(redirectTarget(request, localizedPath(store.shop, "/account/")), { headers });
  }
  const back = safeRedirectPath(url.searchParams.get("redirectUrl"), "");
  throw redirect(back ? `${login}?redirectUrl=${encodeURIComponent(back)}` : login, { headers });
}

export default function LoginCallback() {
  return null;
}
