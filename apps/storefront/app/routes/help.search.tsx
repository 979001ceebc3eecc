import { HelpAnswer } from "../components/help/HelpAnswer.tsx";
import { HelpSearchForm } from "../components/help/HelpSearchForm.tsx";
import { Link } from "../components/Link.tsx";
import { useT } from "../i18n/i18n.tsx";
import { helpSearch } from "../lib/help.server.ts";
import { helpSearchHref } from "../lib/help.ts";
import { metaTranslator, pageMeta } from "../lib/meta.ts";
import { storeRequest } from "../lib/shop.server.ts";
import { useStoreData } from "../lib/use-store.ts";
import type { Route } from "./+types/help.search";
import "../styles/help.css";

export const handle = { pageType: "search" };

/**
 * `/{store}/help/search/?q=…&category=…&page=…`: the help centre's search page. The answer to the question
 * (streamed in with JavaScript, whole without), then the articles found with a topic filter and pages;
 * a misspelt query is corrected and a merchandising trigger redirects, rewrites or shows its notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = storeRequest(context);
  const view = await helpSearch(store, new URL(request.url));
  return view;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaTranslator(matches.filter((m) => m !== undefined));
  if (!t) return pageMeta(matches, {});
  const query = loaderData?.query ?? "";
  return pageMeta(matches, {
    title: query ? t("help.meta_search_title", { query }) : t("help.search_title"),
    robots: "noindex, follow",
  });
};

export default function HelpSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { shop, servicePages } = useStoreData();
  const contact = servicePages.find((p) => p.pageKey === "contact");
  const view = loaderData;
  const href = (params: { category?: string | null; page?: number }) =>
    helpSearchHref(shop.code, { q: view.query, category: view.category, ...params });
  return (
    <main id="main" className="help-page help-page--search">
      <nav aria-label={t("help.breadcrumb_label")} className="help-breadcrumb">
        <ol>
          <li>
            <Link to="/help/">{t("help.centre_title")}</Link>
          </li>
          <li aria-current="page">{t("help.search_title")}</li>
        </ol>
      </nav>
      <header className="help-page__header">
        <h1 className="help-page__title">
          {view.shownQuery ? t("help.results_heading", { query: view.shownQuery }) : t("help.search_title")}
        </h1>
        <HelpSearchForm query={view.query} />
      </header>
      {view.notices.map((notice) => (
        <p key={notice} className="help-notice" role="status">
          {notice}
        </p>
      ))}
      {view.correctedFrom ? (
        <p className="help-notice">
          {t("help.corrected", { corrected: view.shownQuery, original: view.correctedFrom })}
        </p>
      ) : null}
      {view.rewrittenFrom ? (
        <p className="help-notice">{t("help.rewritten", { query: view.shownQuery, original: view.rewrittenFrom })}</p>
      ) : null}
      {view.answer ? <HelpAnswer key={view.answer.query} answer={view.answer} storePrefix={`/${shop.code}`} /> : null}
      <div className="help-results-layout">
        {view.categories.length > 0 ? (
          <nav className="help-filter" aria-labelledby="help-filter-heading">
            <h2 id="help-filter-heading" className="help-filter__heading">
              {t("help.filter_heading")}
            </h2>
            <ul>
              <li>
                <a href={href({ category: null })} aria-current={view.category ? undefined : "true"}>
                  {t("help.filter_all")}
                </a>
              </li>
              {view.categories.map((c) => (
                <li key={c.value}>
                  <a href={href({ category: c.value })} aria-current={c.selected ? "true" : undefined}>
                    {c.value} <span className="help-filter__count">({c.count})</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <section className="help-results" aria-labelledby="help-results-heading">
          <h2 id="help-results-heading" className="help-results__count">
            {view.total > 0
              ? t("help.result_count", { count: view.total })
              : t("help.no_results", { query: view.shownQuery })}
          </h2>
          <ol className="help-results__list">
            {view.results.map((r) => (
              <li key={r.path} className="help-result">
                <h3 className="help-result__title">
                  <Link to={r.path}>{r.title}</Link>
                </h3>
                <p className="help-result__category">{r.category}</p>
                <p className="help-result__excerpt">{r.excerpt}</p>
              </li>
            ))}
          </ol>
          {view.pages > 1 ? (
            <nav className="help-pages" aria-label={t("help.pagination_label")}>
              {view.page > 1 ? <a href={href({ page: view.page - 1 })}>{t("help.previous")}</a> : null}
              <span>{t("help.page_of", { page: view.page, pages: view.pages })}</span>
              {view.page < view.pages ? <a href={href({ page: view.page + 1 })}>{t("help.next")}</a> : null}
            </nav>
          ) : null}
        </section>
      </div>
      {contact ? (
        <aside className="help-more" aria-label={t("help.more_help")}>
          <p>{t("help.more_help")}</p>
          <Link to={contact.path}>{t("help.contact")}</Link>
        </aside>
      ) : null}
    </main>
  );
}
