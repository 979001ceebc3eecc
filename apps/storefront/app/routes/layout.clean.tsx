import type { ReactNode } from "react";
import { Outlet, useMatches } from "react-router";
import { ErrorScreen } from "../components/LazyErrorScreen.ts";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { pageTypeOf, shopMeta } from "../lib/meta.ts";
import type { Route } from "./+types/layout.clean";
import "../styles/shell.css";

export const meta: Route.MetaFunction = ({ matches, error }) => shopMeta(matches as never, error);

/** The clean layout: no shop header or footer, only the logo (app checkout, maintenance page). */
export default function CleanLayout() {
  const pageType = pageTypeOf(useMatches());
  return (
    <CleanChrome pageType={pageType}>
      <Outlet />
    </CleanChrome>
  );
}

function CleanChrome({ pageType, children }: { pageType: string | undefined; children: ReactNode }) {
  const t = useT();
  return (
    <div className="clean-layout" data-layout="clean" data-page-type={pageType}>
      {/* The app checkout runs inside the shop's apps: no chrome at all there. */}
      {pageType === "checkout" ? null : (
        <header className="clean-layout__header">
          <Link to="/" className="logo" aria-label={t("shell.home")} reloadDocument>
            {t("common.shop_name")}
          </Link>
        </header>
      )}
      {children}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <CleanChrome pageType="error">
      <ErrorScreen error={error} />
    </CleanChrome>
  );
}
