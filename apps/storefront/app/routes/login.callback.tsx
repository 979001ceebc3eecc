import { guestConversionEmail, isPasswordResetTokenValid } from "@vitrine/commerce";
import { redirect } from "react-router";
import {
  accountsContext,
  CONVERT_COOKIE,
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
 * - `?flow=convert&token=…` (the link of the "keep your account" mail): the same, to the form where the guest
 *   customer sets a first password (`/login/?register=true`).
 * - otherwise a signed-in customer goes to `redirectUrl` or the account, a guest to the login page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = new URL(request.url);
  const login = localizedPath(store.shop, "/login/");
  const headers = { "referrer-policy": "no-referrer", "cache-control": "no-store" };

  const flow = url.searchParams.get("flow");
  if (flow === "reset-password" || flow === "convert") {
    const token = url.searchParams.get("token") ?? "";
    const ctx = accountsContext(store, request);
    const resetPage = localizedPath(store.shop, "/login/reset-password/");
    const valid =
      flow === "convert"
        ? (await guestConversionEmail(ctx, token)) !== null
        : await isPasswordResetTokenValid(ctx, token);
    if (!valid) throw redirect(`${resetPage}?error=invalid-link`, { headers });
    const cookie = flow === "convert" ? CONVERT_COOKIE : RESET_COOKIE;
    store.setCookie(
      serializeCookie(cookie, token, {
        maxAge: RESET_COOKIE_MAX_AGE,
        path: login,
        secure: isHttps(request, store.services.config),
      }),
    );
    throw redirect(flow === "convert" ? `${login}?register=true` : resetPage, { headers });
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
