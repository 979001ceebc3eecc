import type { StoreCode } from "@vitrine/commerce/shops";
import { isRouteErrorResponse } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { isNotFoundData } from "../lib/errors.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";
import { Button } from "./Button.tsx";
import { Link } from "./Link.tsx";
import { RecommendationSlider, type RecommendationSlotData } from "./RecommendationSlider.tsx";

/** The error screen's background picture in its three sizes (specification section 2), served as SVG. */
const ERROR_PICTURES = {
  small: "/images/error/small.svg",
  medium: "/images/error/medium.svg",
  large: "/images/error/large.svg",
} as const;

/** The status an error stands for: a route error response's status, anything else 500. */
function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The error screen of the specification: a large heading with the not-found code text, the message by status
 * (404 versus anything else, default 500) and a "go to homepage" button: a client navigation for a signed-in
 * shopper, a full page load otherwise. The background picture comes in three sizes (under 768 px,
 * 768–1023 px, 1024 px and up). No stack trace or error message from the code is ever shown.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  const { shell } = useStoreData();
  const status = errorStatus(error);
  const notFound = status === 404 || status === 410;
  const detail = isRouteErrorResponse(error) && isNotFoundData(error.data) ? error.data : undefined;
  const title = notFound
    ? detail?.kind === "invalid_page"
      ? t("error.invalid_page", { path: detail.path })
      : t("error.page_not_found")
    : t("error.server_error_code", { status });
  return (
    <main id="main" className="error-screen" data-status={status}>
      <picture className="error-screen__picture">
        <source media="(min-width: 1024px)" srcSet={ERROR_PICTURES.large} />
        <source media="(min-width: 768px)" srcSet={ERROR_PICTURES.medium} />
        <img src={ERROR_PICTURES.small} alt="" width={768} height={1024} decoding="async" />
      </picture>
      <div className="error-screen__content">
        <h1 className="error-screen__code">{t("error.not_found_code")}</h1>
        <p className="error-screen__title">{title}</p>
        <p className="error-screen__message">
          {notFound ? t("error.not_found_message") : t("error.request_not_processed")}
        </p>
        <Button to="/" size="lg" reloadDocument={!shell.customer} className="error-screen__home">
          {t("error.go_to_homepage")}
        </Button>
        {notFound ? <NotFoundSearch /> : null}
      </div>
      {notFound ? <NotFoundHelp products={detail?.products} /> : null}
    </main>
  );
}

/** A missing page still offers a way on: a search (a plain form, it works without JavaScript). */
function NotFoundSearch() {
  const t = useT();
  const { shop } = useStoreData();
  return (
    <search className="error-screen__search">
      <form method="get" action={localizedPath(shop.code as StoreCode, "/search/")} className="error-screen__form">
        <label htmlFor="not-found-search" className="error-screen__label">
          {t("error.search_label")}
        </label>
        <div className="inline-field">
          <input
            id="not-found-search"
            className="inline-field__input"
            type="search"
            name="searchTerm"
            required
            maxLength={200}
            autoComplete="off"
          />
          <Button type="submit">{t("error.search_submit")}</Button>
        </div>
      </form>
    </search>
  );
}

/** The store's top categories and, when the page that was asked for brought them, products to look at. */
function NotFoundHelp({ products }: { products: RecommendationSlotData | undefined }) {
  const t = useT();
  const { categories } = useStoreData();
  return (
    <div className="error-screen__help">
      {categories.length > 0 ? (
        <nav aria-labelledby="not-found-categories" className="error-screen__categories">
          <h2 id="not-found-categories" className="error-screen__subtitle">
            {t("error.categories")}
          </h2>
          <ul>
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={c.path} className="chip">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {products ? <RecommendationSlider slot={products} /> : null}
    </div>
  );
}
