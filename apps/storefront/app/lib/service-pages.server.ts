import { type Db, listContentEntries } from "@vitrine/commerce";
import type { Language } from "@vitrine/commerce/shops";
import { isHelpArticleKey } from "@vitrine/search";

/** A published service page as the footer links it: `/s/{slug}/` with its title. */
export interface ServiceLink {
  slug: string;
  title: string;
  path: string;
  /** The page this one translates (shared by its entries in each language), or null. */
  pageKey: string | null;
}

/** Service pages change rarely; a process re-reads them after this long (every process sees edits soon). */
const SERVICE_LINKS_TTL_MS = 10_000;
const cache = new WeakMap<Db, Map<Language, { at: number; links: Promise<ServiceLink[]> }>>();

/** The published service pages of a language, in the order they were created (the footer's order). */
export function serviceLinks(db: Db, language: Language, now = Date.now()): Promise<ServiceLink[]> {
  let byLanguage = cache.get(db);
  if (!byLanguage) {
    byLanguage = new Map();
    cache.set(db, byLanguage);
  }
  const cached = byLanguage.get(language);
  if (cached && now - cached.at < SERVICE_LINKS_TTL_MS) return cached.links;
  const links = listContentEntries({ db }, language).then((entries) =>
    entries
      .filter((e) => e.pageType === "service" && e.publishedBlocks !== null)
      .sort((a, b) => a.id - b.id)
      .map((e) => ({ slug: e.slug, title: e.title, path: `/s/${e.slug}/`, pageKey: e.pageKey })),
  );
  byLanguage.set(language, { at: now, links });
  links.catch(() => byLanguage.delete(language));
  return links;
}

/**
 * The slug of the same service page in another language, when that page is published there: entries of one page
 * share a page key (stored with the content); a page without one keeps its slug.
 */
export async function translatedServiceSlug(
  db: Db,
  from: Language,
  slug: string,
  to: Language,
): Promise<string | undefined> {
  const published = await serviceLinks(db, to);
  const pageKey = from === to ? null : (await serviceLinks(db, from)).find((p) => p.slug === slug)?.pageKey;
  const match = pageKey ? published.find((p) => p.pageKey === pageKey) : published.find((p) => p.slug === slug);
  return match?.slug;
}

/** The service pages the footer lists: the classic ones (the help centre lists its own articles). */
export function footerServiceLinks(links: readonly ServiceLink[]): ServiceLink[] {
  return links.filter((link) => !isHelpArticleKey(link.pageKey));
}
