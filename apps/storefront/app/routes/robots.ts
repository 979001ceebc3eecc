import { servicesContext } from "../lib/context.ts";
import { sitemapOrigin } from "../lib/sitemap.server.ts";
import type { Route } from "./+types/robots";

/** `/robots.txt`: personal and transactional pages stay out of search engines; the sitemap index is named. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = sitemapOrigin(context.get(servicesContext), request);
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /*/cart/",
    "Disallow: /*/checkout/",
    "Disallow: /*/app-checkout/",
    "Disallow: /*/success/",
    "Disallow: /*/account/",
    "Disallow: /*/login/",
    "Disallow: /*/wishlist/",
    "Disallow: /*/search/",
    "Disallow: /*/maintenance/",
    "Disallow: /*?*editor-mode",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
