import { DEFAULT_SHOP, SHOPS } from "@vitrine/commerce/shops";
import type { ReactNode } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs, useMatches } from "react-router";
import { CheckoutFooter } from "../components/CheckoutFooter.tsx";
import { CheckoutHeader } from "../components/CheckoutHeader.tsx";
import { ConsentBanner } from "../components/ConsentBanner.tsx";
import { ConsentedScripts } from "../components/ConsentedScripts.tsx";
import { ErrorReporting } from "../components/ErrorReporting.tsx";
import { Footer } from "../components/Footer.tsx";
import { Header } from "../components/Header.tsx";
import { HydrateLater } from "../components/hydrate-later.tsx";
import { ErrorScreen } from "../components/LazyErrorScreen.ts";
import { PrefetchQueue } from "../components/PrefetchQueue.tsx";
import { useT } from "../i18n/i18n.tsx";
import { resolvePageAlternates } from "../lib/alternates.server.ts";
import { invalidPage, isGonePage, isInvalidPage } from "../lib/errors.ts";
import { pageTypeOf, shopMeta } from "../lib/meta.ts";
import { pageUrl } from "../lib/page-url.ts";
import { notFoundProducts } from "../lib/search.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/layout.shop";
import "../styles/shell.css";

/**
 * The default layout: header, page, footer. Its loader resolves the page in every store (store switcher,
 * `hreflang` alternates, canonical URL) and answers the invalid-page 404 for catalogue paths that name nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const url = pageUrl(request);
  const page = await resolvePageAlternates(store.services, store.shop, url).catch(async (error: unknown) => {
    // A product or category that does not exist: its 404 offers products to go on with.
    if (isInvalidPage(error)) invalidPage(request, await notFoundProducts(store, request), isGonePage(error));
    throw error;
  });
  const origin = store.services.config.PUBLIC_URL?.replace(/\/$/, "") ?? url.origin;
  const isHome = page.canonicalPath === `/${store.shop.code}/`;
  const hreflang = SHOPS.flatMap((s) => {
    const path = page.byStore[s.code];
    return path ? [{ hrefLang: s.language === "en" ? "en" : s.locale, href: origin + path }] : [];
  });
  const xDefault = isHome ? "/" : page.byStore[DEFAULT_SHOP.code];
  if (xDefault) hreflang.push({ hrefLang: "x-default", href: origin + xDefault });
  return {
    /** The same page in the other stores (store switcher), with the current query. */
    alternates: page.byStore,
    query: url.search,
    seo: { canonical: origin + page.canonicalPath, hreflang },
  };
}

export type ShopLayoutData = Awaited<ReturnType<typeof loader>>;

// The alternates follow the URL: resolve again whenever the path or the query changes.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, error }) => shopMeta(matches as never, error);

export default function ShopLayout() {
  const pageType = pageTypeOf(useMatches());
  return (
    <ShopChrome pageType={pageType}>
      <Outlet />
    </ShopChrome>
  );
}

/** The checkout keeps the shopper on the purchase: a slim header and footer instead of the shop's. */
const SLIM_CHROME_PAGE_TYPES = new Set(["checkout"]);

function ShopChrome({ pageType, children }: { pageType: string | undefined; children: ReactNode }) {
  const t = useT();
  const slim = pageType !== undefined && SLIM_CHROME_PAGE_TYPES.has(pageType);
  return (
    <div className="shop-layout" data-layout="shop" data-page-type={pageType}>
      <a className="skip-link" href="#main">
        {t("common.skip_to_content")}
      </a>
      <ConsentBanner />
      <ConsentedScripts pageType={pageType} />
      <ErrorReporting />
      {/* The header and footer hydrate in tasks of their own, after the page's (components/hydrate-later.tsx). */}
      {slim ? (
        <CheckoutHeader />
      ) : (
        <HydrateLater>
          <Header />
        </HydrateLater>
      )}
      {children}
      {slim ? (
        <CheckoutFooter />
      ) : (
        <HydrateLater>
          <Footer />
        </HydrateLater>
      )}
      <PrefetchQueue />
    </div>
  );
}

/** Errors of any page keep the shop's header and footer around the error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ShopChrome pageType="error">
      <ErrorScreen error={error} />
    </ShopChrome>
  );
}
