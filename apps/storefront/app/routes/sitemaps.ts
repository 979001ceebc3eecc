import { servicesContext } from "../lib/context.ts";
import { pagesSitemap, parseSitemapFile, productsSitemap, sitemapOrigin } from "../lib/sitemap.server.ts";
import type { Route } from "./+types/sitemaps";

const HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };

/** `/sitemaps/{store}-pages.xml` and `/sitemaps/{store}-products-{n}.xml` (lib/sitemap.server.ts). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = parseSitemapFile(params.file);
  if (!file) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  const services = context.get(servicesContext);
  const origin = sitemapOrigin(services, request);
  if (file.kind === "pages") return new Response(await pagesSitemap(services, file.shop, origin), { headers: HEADERS });
  return new Response(productsSitemap(services, file.shop, file.bucket, origin), { headers: HEADERS });
}
