import { SHOPS } from "@vitrine/commerce/shops";
import { redirect } from "react-router";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import { servicesContext } from "../../lib/context.ts";
import { staffPreviewCookie } from "../../lib/preview.server.ts";
import type { Route } from "./+types/content-preview";

/**
 * The way from the content editor into the shop's preview mode: gives the signed-in staff member's browser the
 * preview cookie (drafts shown) and sends it to the page in the store asked for, with the editor-mode parameter.
 * Only paths inside a store are accepted (no open redirect).
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "marketing" });
  const url = new URL(args.request.url);
  const store = SHOPS.find((s) => s.code === url.searchParams.get("store")) ?? (SHOPS[0] as (typeof SHOPS)[number]);
  const path = url.searchParams.get("path") ?? "/";
  const safe = /^\/(?:[a-z0-9-]+\/)*$/.test(path) ? path : "/";
  const cookie = staffPreviewCookie(args.context.get(servicesContext), args.request);
  throw redirect(`/${store.code}${safe}?editor-mode`, {
    headers: { "set-cookie": cookie, "cache-control": "no-store" },
  });
}
