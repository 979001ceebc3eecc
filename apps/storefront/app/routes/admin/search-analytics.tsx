import { isStoreCode, SHOPS, shopByCode } from "@vitrine/commerce/shops";
import { searchAnalytics } from "@vitrine/search";
import { Form, Link } from "react-router";
import { BarChart } from "../../components/admin/BarChart.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { SearchTabs } from "../../components/admin/SearchTabs.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/search-analytics";
import "../../styles/admin-orders.css";
import "../../styles/admin-search.css";

/**
 * Search analytics (owners and merchandisers): what shoppers searched in a period and a store, from the daily
 * roll-ups of the worker's search-analytics job — top queries, queries that found nothing, click-through rate,
 * searches per day and per store as charts with their tables. A query without results links to the synonym and
 * rule editors, prefilled.
 */
const ANALYTICS_PERIODS = [7, 30, 90] as const;

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "search" });
  const params = new URL(args.request.url).searchParams;
  const days = Number(params.get("days"));
  const period = (ANALYTICS_PERIODS as readonly number[]).includes(days) ? days : 30;
  const store = params.get("store") ?? "";
  const storeCode = isStoreCode(store) ? store : undefined;
  const analytics = await searchAnalytics(ctx.db, { days: period, ...(storeCode ? { storeCode } : {}) });
  return {
    analytics,
    period,
    storeCode: storeCode ?? "",
    stores: SHOPS.map((s) => ({ code: s.code, label: s.label })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.search.analytics.title");

const percent = (share: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share);

/** Where a zero-result query's "add synonym" and "add redirect" links go: the editors, prefilled. */
function fixLinks(query: string, storeCode: string) {
  const shop = shopByCode(storeCode);
  const params = new URLSearchParams({ query });
  if (shop) params.set("store", shop.code);
  const synonyms = new URLSearchParams(params);
  if (shop) synonyms.set("language", shop.language);
  return {
    synonym: `/admin/search/synonyms/?${synonyms}`,
    redirect: `/admin/search/rules/?${new URLSearchParams({ ...Object.fromEntries(params), kind: "redirect" })}`,
  };
}

export default function AdminSearchAnalytics({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { analytics, period, storeCode, stores } = loaderData;
  const { totals } = analytics;
  const dayFormat = new Intl.DateTimeFormat(t.locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));
  return (
    <AdminPage title={t("admin.search.analytics.title")}>
      <SearchTabs />
      <Form method="get" className="admin-form admin-form--row admin-filters">
        <label className="admin-field">
          <span>{t("admin.search.field.store")}</span>
          <select name="store" defaultValue={storeCode}>
            <option value="">{t("admin.search.all_stores")}</option>
            {stores.map((s) => (
              <option key={s.code} value={s.code}>
                {s.label} ({s.code})
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t("admin.search.field.period")}</span>
          <select name="days" defaultValue={String(period)}>
            {ANALYTICS_PERIODS.map((d) => (
              <option key={d} value={d}>
                {t("admin.search.period", { days: d })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-button">
          {t("admin.search.show")}
        </button>
      </Form>
      {!analytics.to ? (
        <section className="admin-section">
          <h2>{t("admin.search.analytics.empty_title")}</h2>
          <p>{t("admin.search.analytics.empty")}</p>
        </section>
      ) : (
        <>
          <p className="admin-hint">
            {t("admin.search.analytics.period", {
              from: day(analytics.from ?? analytics.to),
              to: day(analytics.to),
            })}
          </p>
          <dl className="admin-search-figures">
            <div>
              <dt>{t("admin.search.col.searches")}</dt>
              <dd>{totals.searches}</dd>
            </div>
            <div>
              <dt>{t("admin.search.col.zero")}</dt>
              <dd>
                {totals.zeroResults}{" "}
                <small>({percent(totals.searches ? totals.zeroResults / totals.searches : 0, t.locale)})</small>
              </dd>
            </div>
            <div>
              <dt>{t("admin.search.col.clicks")}</dt>
              <dd>{totals.clicks}</dd>
            </div>
            <div>
              <dt>{t("admin.search.col.ctr")}</dt>
              <dd>{percent(totals.clickThroughRate, t.locale)}</dd>
            </div>
          </dl>

          <section aria-labelledby="zero-heading" className="admin-section">
            <h2 id="zero-heading">{t("admin.search.analytics.zero_title")}</h2>
            {analytics.zeroResultQueries.length === 0 ? (
              <p>{t("admin.search.analytics.zero_none")}</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table" id="zero-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.search.col.query")}</th>
                      <th scope="col">{t("admin.search.col.fix")}</th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.zero")}
                      </th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.searches")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {analytics.zeroResultQueries.map((q) => {
                      const links = fixLinks(q.query, storeCode);
                      return (
                        <tr key={q.query}>
                          <th scope="row">{q.query}</th>
                          <td className="admin-fix-links">
                            <Link to={links.synonym}>{t("admin.search.fix.synonym", { query: q.query })}</Link>
                            <Link to={links.redirect}>{t("admin.search.fix.redirect", { query: q.query })}</Link>
                          </td>
                          <td className="admin-num">{q.zeroResults}</td>
                          <td className="admin-num">{q.searches}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="top-heading" className="admin-section">
            <h2 id="top-heading">{t("admin.search.analytics.top_title")}</h2>
            {analytics.topQueries.length === 0 ? (
              <p>{t("admin.search.analytics.none")}</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.search.col.query")}</th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.searches")}
                      </th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.zero")}
                      </th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.clicks")}
                      </th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.ctr")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {analytics.topQueries.map((q) => (
                      <tr key={q.query}>
                        <th scope="row">{q.query}</th>
                        <td className="admin-num">{q.searches}</td>
                        <td className="admin-num">{q.zeroResults}</td>
                        <td className="admin-num">{q.clicks}</td>
                        <td className="admin-num">
                          {percent(q.searches ? Math.min(1, q.clicks / q.searches) : 0, t.locale)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="days-heading" className="admin-section">
            <h2 id="days-heading">{t("admin.search.analytics.days_title")}</h2>
            <BarChart
              title={t("admin.search.analytics.days_chart", { days: analytics.perDay.length })}
              tableId="days-table"
              bars={analytics.perDay.map((d) => ({ label: day(d.day), value: d.searches, part: d.zeroResults }))}
              valueLabel={t("admin.search.col.searches")}
              partLabel={t("admin.search.col.zero")}
            />
            <details className="admin-chart-table">
              <summary>{t("admin.search.as_table")}</summary>
              <div className="admin-table-wrap">
                <table className="admin-table" id="days-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.search.col.day")}</th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.searches")}
                      </th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.zero")}
                      </th>
                      <th scope="col" className="admin-num">
                        {t("admin.search.col.clicks")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {analytics.perDay.map((d) => (
                      <tr key={d.day}>
                        <th scope="row">{day(d.day)}</th>
                        <td className="admin-num">{d.searches}</td>
                        <td className="admin-num">{d.zeroResults}</td>
                        <td className="admin-num">{d.clicks}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </section>

          <section aria-labelledby="stores-heading" className="admin-section">
            <h2 id="stores-heading">{t("admin.search.analytics.stores_title")}</h2>
            {analytics.perStore.length === 0 ? (
              <p>{t("admin.search.analytics.none")}</p>
            ) : (
              <>
                <BarChart
                  title={t("admin.search.analytics.stores_chart")}
                  tableId="stores-table"
                  direction="rows"
                  bars={analytics.perStore.map((s) => ({
                    label: s.storeCode,
                    value: s.searches,
                    part: s.zeroResults,
                  }))}
                  valueLabel={t("admin.search.col.searches")}
                  partLabel={t("admin.search.col.zero")}
                />
                <div className="admin-table-wrap">
                  <table className="admin-table" id="stores-table">
                    <thead>
                      <tr>
                        <th scope="col">{t("admin.search.col.store")}</th>
                        <th scope="col" className="admin-num">
                          {t("admin.search.col.searches")}
                        </th>
                        <th scope="col" className="admin-num">
                          {t("admin.search.col.zero")}
                        </th>
                        <th scope="col" className="admin-num">
                          {t("admin.search.col.ctr")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {analytics.perStore.map((s) => (
                        <tr key={s.storeCode}>
                          <th scope="row">{s.storeCode}</th>
                          <td className="admin-num">{s.searches}</td>
                          <td className="admin-num">{s.zeroResults}</td>
                          <td className="admin-num">
                            {percent(s.searches ? Math.min(1, s.clicks / s.searches) : 0, t.locale)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </>
      )}
    </AdminPage>
  );
}
