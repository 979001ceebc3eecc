import { redirect } from "react-router";
import { detectStore } from "../lib/store.ts";
import type { Route } from "./+types/store-select";

/** `/` sends the shopper to a store: the locale cookie, then the browser languages, then `de`. */
export function loader({ request }: Route.LoaderArgs) {
  const shop = detectStore(request.headers.get("cookie"), request.headers.get("accept-language"));
  const url = new URL(request.url);
  return redirect(`/${shop.code}/${url.search}`, { status: 302, headers: { vary: "Cookie, Accept-Language" } });
}
