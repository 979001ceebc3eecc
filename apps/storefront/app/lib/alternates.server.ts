import {
  decodeUriComponentOrUndefined,
  getCategoryTree,
  getOutfit,
  isDeletedProduct,
  loadProductRecords,
  lookupRedirect,
  parseProductSegment,
  productPath,
  productSegment,
  productTexts,
} from "@vitrine/commerce";
import { LANGUAGES, SHOPS, type Shop, type StoreCode } from "@vitrine/commerce/shops";
import { redirect } from "react-router";
import { invalidPage } from "./errors.ts";
import { serviceLinks, translatedServiceSlug } from "./service-pages.server.ts";
import type { Services } from "./services.server.ts";
import { localizedPath, parseStorePath } from "./store.ts";

/** The same page in every store where it exists, and the page's own canonical path. */
export interface PageAlternates {
  /** Paths with store prefix (no query), by store; a store is missing where the page does not exist there (a
   * product not sold in that store, a service page without a translation). */
  byStore: Partial<Record<StoreCode, string>>;
  /** Canonical path of this page in its store: store prefix, trailing slash, no query. */
  canonicalPath: string;
}

/**
 * Resolves the page behind a store URL for the store switcher, the `hreflang` alternates and the canonical URL.
 * Category, product and outfit paths name something in the catalogue: when it does not exist the redirect
 * lookup runs, then the 404 'Page Not Found: {path}' (a category path written in another store language is
 * sent to the store's own spelling). Other paths (static pages, service pages) are left to their routes.
 */
export async function resolvePageAlternates(services: Services, shop: Shop, url: URL): Promise<PageAlternates> {
  const path = parseStorePath(url.pathname)?.path ?? "/";
  const search = url.search;

  if (path.startsWith("/c/")) {
    const tree = await getCategoryTree(services);
    const segments = path.slice(3).split("/").filter(Boolean);
    const found = tree.findByPath(shop.language, segments);
    if (!found) {
      for (const language of LANGUAGES) {
        const elsewhere = language === shop.language ? undefined : tree.findByPath(language, segments);
        if (elsewhere) {
          throw redirect(localizedPath(shop, tree.path(elsewhere.node.record.id, shop.language)) + search, 301);
        }
      }
      return notFound(services, shop, url, path);
    }
    const id = found.node.record.id;
    return {
      byStore: byStore((s) => localizedPath(s, tree.path(id, s.language))),
      canonicalPath: localizedPath(shop, tree.path(id, shop.language)),
    };
  }

  const outfitMatch = /^\/p\/shop-the-look\/([^/]+)\/$/.exec(path);
  if (outfitMatch) {
    const parsed = parseProductSegment(outfitMatch[1] as string);
    const outfits = parsed
      ? await Promise.all(LANGUAGES.map(async (l) => [l, await getOutfit(services, parsed.id, l)] as const))
      : [];
    const names = new Map(outfits.map(([l, o]) => [l, o?.name]));
    if (!parsed || !names.get(shop.language)) return notFound(services, shop, url, path);
    const pathIn = (s: Shop) =>
      localizedPath(s, `/p/shop-the-look/${productSegment(names.get(s.language) ?? "", parsed.id)}/`);
    return { byStore: byStore(pathIn), canonicalPath: pathIn(shop) };
  }

  const productMatch = /^\/p\/([^/]+)\/$/.exec(path);
  if (productMatch) {
    const parsed = parseProductSegment(productMatch[1] as string);
    const [record] = parsed ? await loadProductRecords(services, [parsed.id]) : [];
    const soldIn = (s: Shop) => record?.variants.some((v) => v.prices[s.country] !== undefined) ?? false;
    if (!record || !soldIn(shop)) {
      // A product deleted in the back office is gone for good (410), unless a redirect was set up for it.
      const gone = parsed !== undefined && !record && (await isDeletedProduct(services, parsed.id));
      return notFound(services, shop, url, path, gone);
    }
    const pathIn = (s: Shop) => localizedPath(s, productPath(productTexts(record, s.language).name, record.id));
    return {
      byStore: byStore((s) => (soldIn(s) ? pathIn(s) : undefined)),
      canonicalPath: pathIn(shop),
    };
  }

  const serviceMatch = /^\/s\/([^/]+)\/$/.exec(path);
  if (serviceMatch) {
    const slug = decodeUriComponentOrUndefined(serviceMatch[1] as string);
    const own = await serviceLinks(services.db, shop.language);
    if (slug === undefined || !own.some((p) => p.slug === slug))
      return { byStore: {}, canonicalPath: localizedPath(shop, path) };
    const slugs = new Map(
      await Promise.all(
        LANGUAGES.map(async (l) => [l, await translatedServiceSlug(services.db, shop.language, slug, l)] as const),
      ),
    );
    return {
      byStore: byStore((s) => {
        const translated = slugs.get(s.language);
        return translated ? localizedPath(s, `/s/${translated}/`) : undefined;
      }),
      canonicalPath: localizedPath(shop, path),
    };
  }

  return sameEverywhere(path, shop);
}

function byStore(pathFor: (shop: Shop) => string | undefined): Partial<Record<StoreCode, string>> {
  const out: Partial<Record<StoreCode, string>> = {};
  for (const s of SHOPS) {
    const path = pathFor(s);
    if (path) out[s.code] = path;
  }
  return out;
}

function sameEverywhere(path: string, shop: Shop): PageAlternates {
  return { byStore: byStore((s) => localizedPath(s, path)), canonicalPath: localizedPath(shop, path) };
}

/** A catalogue path that names nothing: a stored redirect, or the invalid-page 404. */
async function notFound(services: Services, shop: Shop, url: URL, path: string, gone = false): Promise<never> {
  const found = await lookupRedirect(services, shop.code, path);
  if (found) throw redirect(redirectTarget(shop, found.target, url.search), found.statusCode);
  invalidPage(new Request(url), undefined, gone);
}

/** Where a stored redirect leads: an external address as it is, an internal path localized (query kept). */
export function redirectTarget(shop: Shop, target: string, search: string): string {
  if (/^https?:\/\//i.test(target)) return target;
  return localizedPath(shop, target) + (target.includes("?") ? "" : search);
}
