import { servicesContext } from "../lib/context.ts";
import { sitemapIndex, sitemapOrigin } from "../lib/sitemap.server.ts";
import type { Route } from "./+types/sitemap";

/** `/sitemap.xml`: the index of the per-store sitemap files (lib/sitemap.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return new Response(await sitemapIndex(services, sitemapOrigin(services, request)), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
