import { DEFAULT_SHOP, SHOPS, type Shop, type StoreCode, shopByCode } from "@vitrine/commerce/shops";

/** One URL builder for localized links: `/de/c/damen/` from `de` and `/c/damen/`. */
export function localizedPath(store: StoreCode | Shop, path: string): string {
  const code = typeof store === "string" ? store : store.code;
  if (/^https?:\/\//i.test(path)) return path;
  const [pathname, rest] = splitPath(path);
  const clean = pathname.startsWith("/") ? pathname : `/${pathname}`;
  const withSlash = clean.endsWith("/") ? clean : `${clean}/`;
  return `/${code}${withSlash === "/" ? "/" : withSlash}${rest}`;
}

function splitPath(path: string): [string, string] {
  const index = path.search(/[?#]/);
  return index === -1 ? [path, ""] : [path.slice(0, index), path.slice(index)];
}

/** Splits `/de/c/damen/` into the store and the path inside the store (`/c/damen/`). */
export function parseStorePath(pathname: string): { shop: Shop; path: string } | undefined {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/.exec(pathname);
  const shop = match ? shopByCode(match[1]) : undefined;
  return shop ? { shop, path: match?.[2] || "/" } : undefined;
}

/** The cookie that remembers the shopper's store (365 days, specification section 9). */
export const LOCALE_COOKIE = "vitrine_store";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * First-visit store detection (specification section 4): the locale cookie, then the browser languages
 * (Accept-Language, by quality), then the default store.
 */
export function detectStore(cookieHeader: string | null, acceptLanguage: string | null): Shop {
  const fromCookie = shopByCode(readCookie(cookieHeader, LOCALE_COOKIE));
  if (fromCookie) return fromCookie;
  const ranges = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: (tag ?? "").toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranges) {
    const exact = SHOPS.find((s) => s.locale.toLowerCase() === tag);
    if (exact) return exact;
    const [language, region] = tag.split("-");
    if (language === "fr") return shopByCode("fr-ch") as Shop;
    if (language === "en") return shopByCode("en") as Shop;
    if (language === "de") {
      if (region === "at") return shopByCode("at") as Shop;
      if (region === "ch" || region === "li") return shopByCode("ch") as Shop;
      return DEFAULT_SHOP;
    }
  }
  return DEFAULT_SHOP;
}
