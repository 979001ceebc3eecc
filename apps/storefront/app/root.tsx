import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { useHydrationInParts } from "./components/hydrate-later.tsx";
import errorsDe from "./i18n/de/errors.json";
import errorsEn from "./i18n/en/errors.json";
import errorsFr from "./i18n/fr/errors.json";
import { messagesUrl } from "./i18n/registry.ts";
import { BUILD_ID } from "./lib/build.ts";
import { useBuildCheck } from "./lib/build-check.ts";
import { CONSENT_BOOT_SCRIPT } from "./lib/consent-boot.ts";
import { rootMiddleware } from "./lib/middleware.server.ts";
import { useShopScroll } from "./lib/scroll.ts";
import type { ShopLayoutData } from "./routes/layout.shop.tsx";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/components.css";

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware];

interface StoreData {
  shop: { locale: string; language: string };
}

export function Layout({ children }: { children: ReactNode }) {
  const store = useRouteLoaderData("routes/store") as StoreData | undefined;
  const shopLayout = useRouteLoaderData<ShopLayoutData>("routes/layout.shop");
  const admin = useRouteLoaderData("routes/admin/admin") as { language: string } | undefined;
  return (
    <html lang={admin?.language ?? store?.shop.locale ?? "de-DE"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {shopLayout ? (
          <>
            {/* Before the first paint: hides the server-rendered consent banner from a shopper who already chose. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, allowed by its hash in the CSP. */}
            <script dangerouslySetInnerHTML={{ __html: CONSENT_BOOT_SCRIPT }} />
            <noscript>
              <style>{".consent{display:none}"}</style>
            </noscript>
            <link rel="canonical" href={shopLayout.seo.canonical} />
            {shopLayout.seo.hreflang.map((alternate) => (
              <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
            ))}
          </>
        ) : null}
        {store ? (
          <link
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={messagesUrl(store.shop.locale, BUILD_ID)}
            data-messages=""
          />
        ) : null}
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useHydrationInParts(useLocation().key);
  useShopScroll();
  useBuildCheck();
  return <Outlet />;
}

const ROOT_ERROR_MESSAGES: readonly [string, Record<string, string>][] = [
  ["de", errorsDe],
  ["fr", errorsFr],
  ["en", errorsEn],
];

/**
 * Last-resort error screen, for errors outside a store's layouts (the store's own loader failed, or a path
 * that is no store). Without a store it speaks the three shop languages; no stack trace is shown.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="error-screen error-screen--plain" data-status={status}>
      <div className="error-screen__content">
        <h1 className="error-screen__code">{errorsEn["error.not_found_code"]}</h1>
        {ROOT_ERROR_MESSAGES.map(([language, messages]) => (
          <p key={language} lang={language} className="error-screen__message">
            {status === 404 ? messages["error.page_not_found"] : messages["error.request_not_processed"]}
          </p>
        ))}
        <a className="button button--primary button--lg" href="/">
          {ROOT_ERROR_MESSAGES.map(([, messages]) => messages["error.go_to_homepage"]).join(" · ")}
        </a>
      </div>
    </main>
  );
}
