import {
  countPhysicalStores,
  getCategoryTree,
  listContentEntries,
  listOutfits,
  productPath,
  productSegment,
  productSitemapBuckets,
  productSitemapEntries,
  publicUrl,
} from "@vitrine/commerce";
import { SHOPS, type Shop, shopByCode } from "@vitrine/commerce/shops";
import type { Services } from "./services.server.ts";
import { localizedPath } from "./store.ts";

/**
 * The sitemap: `/sitemap.xml` is an index of per-store files, `/sitemaps/{store}-pages.xml` (home, store
 * finder, categories, outfits, content and service pages) and `/sitemaps/{store}-products-{n}.xml` (one per
 * bucket of product ids, at most 10,000 URLs, streamed in batches), so 100,000 products in five stores stay
 * within the protocol's limits and the server never holds a whole file in memory.
 */

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);
}

function urlEntry(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>\n`;
}

export function sitemapOrigin(services: Services, request: Request): string {
  return services.config.PUBLIC_URL ? publicUrl(services.config) : new URL(request.url).origin;
}

/** The sitemap index: the pages file and the product files of every store. */
export async function sitemapIndex(services: Services, origin: string): Promise<string> {
  const zones = [...new Set(SHOPS.map((s) => s.country))];
  const buckets = new Map(
    await Promise.all(zones.map(async (zone) => [zone, await productSitemapBuckets(services, zone)] as const)),
  );
  const files: string[] = [];
  for (const shop of SHOPS) {
    files.push(`${origin}/sitemaps/${shop.code}-pages.xml`);
    for (const b of buckets.get(shop.country) ?? [])
      files.push(`${origin}/sitemaps/${shop.code}-products-${b.bucket}.xml`);
  }
  return `${XML_HEADER}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `<sitemap><loc>${escapeXml(f)}</loc></sitemap>\n`)
    .join("")}</sitemapindex>\n`;
}

export type SitemapFile = { kind: "pages"; shop: Shop } | { kind: "products"; shop: Shop; bucket: number };

export function parseSitemapFile(name: string): SitemapFile | undefined {
  const match = /^([a-z]{2}(?:-[a-z]{2})?)-(pages|products-(\d{1,9}))\.xml$/.exec(name);
  const shop = match ? shopByCode(match[1]) : undefined;
  if (!match || !shop) return undefined;
  return match[2] === "pages" ? { kind: "pages", shop } : { kind: "products", shop, bucket: Number(match[3]) };
}

/** A store's pages: home, store finder (when the shop has stores), every category, every outfit, published content and service pages. */
export async function pagesSitemap(services: Services, shop: Shop, origin: string): Promise<string> {
  const url = (path: string) => origin + localizedPath(shop, path);
  const [tree, outfits, entries, stores] = await Promise.all([
    getCategoryTree(services),
    listOutfits(services, shop.language),
    listContentEntries(services, shop.language),
    countPhysicalStores(services),
  ]);
  const lines = [urlEntry(url("/")), ...(stores > 0 ? [urlEntry(url("/location/"))] : [])];
  for (const id of [...tree.nodes.keys()].sort((a, b) => a - b))
    lines.push(urlEntry(url(tree.path(id, shop.language))));
  for (const outfit of outfits)
    lines.push(urlEntry(url(`/p/shop-the-look/${productSegment(outfit.name, outfit.id)}/`)));
  for (const entry of entries) {
    if (entry.publishedBlocks === null || entry.pageType === "home") continue;
    const path = entry.pageType === "service" ? `/s/${entry.slug}/` : `/${entry.slug}/`;
    lines.push(urlEntry(url(path), entry.publishedAt ?? entry.updatedAt));
  }
  return `${XML_HEADER}${URLSET_OPEN}${lines.join("")}</urlset>\n`;
}

/** A store's products of one id bucket, streamed batch by batch. */
export function productsSitemap(
  services: Services,
  shop: Shop,
  bucket: number,
  origin: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = productSitemapEntries(services.db, { zone: shop.country, language: shop.language, bucket });
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(XML_HEADER + URLSET_OPEN));
        return;
      }
      try {
        const next = await batches.next();
        if (next.done) {
          controller.enqueue(encoder.encode("</urlset>\n"));
          controller.close();
          return;
        }
        const chunk = next.value
          .map((p) => urlEntry(origin + localizedPath(shop, productPath(p.name, p.id)), p.updatedAt))
          .join("");
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
