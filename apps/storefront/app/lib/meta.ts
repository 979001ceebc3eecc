import type { MetaDescriptor } from "react-router";
import { createTranslator, type Translator } from "../i18n/i18n.tsx";
import { messagesOf } from "../i18n/registry.ts";
import { isNotFoundData } from "./errors.ts";

/** What the `meta` functions of the shop see of the matched routes. */
export interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
  handle?: unknown;
  meta?: MetaDescriptor[];
}

/** Page types that search engines should not index (personal, transactional or endless pages). */
const PRIVATE_PAGE_TYPES = new Set([
  "search",
  "cart",
  "checkout",
  "success",
  "wishlist",
  "login",
  "account_area",
  "account_area:order_id",
  "subscription",
  "subscription-cancellation",
  "order_tracking",
  "returns_portal",
  "maintenance",
]);

/** The page type of the deepest route that declares one (`export const handle = { pageType }`). */
export function pageTypeOf(matches: readonly { handle?: unknown }[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { pageType?: unknown } | undefined;
    if (typeof handle?.pageType === "string") return handle.pageType;
  }
  return undefined;
}

/** A translator for `meta` functions, from the store route's messages. */
export function metaTranslator(matches: readonly MetaMatchLike[]): Translator | undefined {
  const store = matches.find((m) => m.id === "routes/store")?.loaderData as
    | { shop: { locale: string }; shopName?: string }
    | undefined;
  return store ? createTranslator(messagesOf(store.shop.locale), store.shop.locale, store.shopName) : undefined;
}

/** "Kleider | Vitrine": every title ends with the shop's name. */
function pageTitle(t: Translator, title: string | undefined): string {
  const shop = t("common.shop_name");
  return title && title !== shop ? `${title} | ${shop}` : t("shell.meta_title");
}

/**
 * The shop layout's meta: title by page type (or error), description, robots and Open Graph tags. Pages with
 * their own title use `pageMeta`.
 */
export function shopMeta(matches: readonly MetaMatchLike[], error: unknown): MetaDescriptor[] {
  const t = metaTranslator(matches);
  if (!t) return [];
  const pageType = pageTypeOf(matches);
  let title: string;
  let robots: string | undefined;
  if (error !== undefined && error !== null) {
    const status = typeof error === "object" && "status" in error ? Number(error.status) : 500;
    const data = typeof error === "object" && "data" in error ? (error as { data: unknown }).data : undefined;
    title = pageTitle(
      t,
      status === 404
        ? isNotFoundData(data) && data.kind === "invalid_page"
          ? t("error.invalid_page", { path: data.path })
          : t("error.page_not_found")
        : t("error.server_error_code", { status }),
    );
    robots = "noindex";
  } else {
    const key = `shell.page_title.${pageType}`;
    title = pageType && pageType !== "home" && t.has(key) ? pageTitle(t, t(key)) : t("shell.meta_title");
    if (pageType && PRIVATE_PAGE_TYPES.has(pageType)) robots = "noindex, follow";
  }
  const store = matches.find((m) => m.id === "routes/store")?.loaderData as { physicalStores?: number } | undefined;
  // Without physical stores the shop does not promise any (specification: the store finder and in-store returns).
  const description = t(store?.physicalStores === 0 ? "shell.meta_description_online" : "shell.meta_description");
  return [
    { title },
    { name: "description", content: description },
    ...(robots ? [{ name: "robots", content: robots }] : []),
    { property: "og:site_name", content: t("common.shop_name") },
    { property: "og:type", content: pageType === "product_detail" ? "product" : "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: t.locale.replace("-", "_") },
  ];
}

/**
 * Meta for a page with its own title and description, keeping the layout's other tags. In a route:
 * `export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
 *    pageMeta(matches, { title: loaderData?.product.name, description: loaderData?.product.shortDescription })`.
 */
export function pageMeta(
  matches: readonly (MetaMatchLike | undefined)[],
  page: { title?: string; description?: string; robots?: string; image?: string },
): MetaDescriptor[] {
  const present = matches.filter((m): m is MetaMatchLike => m !== undefined);
  const t = metaTranslator(present);
  const inherited = present.find((m) => m.id === "routes/layout.shop" || m.id === "routes/layout.clean")?.meta ?? [];
  const title = page.title && t ? pageTitle(t, page.title) : page.title;
  const replaced = new Set<string>();
  if (title) replaced.add("title").add("og:title");
  if (page.description) replaced.add("description").add("og:description");
  if (page.robots) replaced.add("robots");
  if (page.image) replaced.add("og:image");
  const keyOf = (d: MetaDescriptor) =>
    "title" in d ? "title" : "name" in d ? String(d.name) : "property" in d ? String(d.property) : "";
  return [
    ...inherited.filter((d) => !replaced.has(keyOf(d))),
    ...(title ? [{ title }, { property: "og:title", content: title }] : []),
    ...(page.description
      ? [
          { name: "description", content: page.description },
          { property: "og:description", content: page.description },
        ]
      : []),
    ...(page.robots ? [{ name: "robots", content: page.robots }] : []),
    ...(page.image ? [{ property: "og:image", content: page.image }] : []),
  ];
}
