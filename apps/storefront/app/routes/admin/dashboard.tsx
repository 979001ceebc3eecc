import { orderStats, paymentsInTestMode, STATS_PERIODS, type StatsPeriod } from "@vitrine/commerce";
import { SHOPS, shopByCode } from "@vitrine/commerce/shops";
import { useMemo } from "react";
import { Form, Link, useSearchParams } from "react-router";
import type uPlot from "uplot";
import { Chart } from "../../components/admin/Chart.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { formatAdminMoney } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import "uplot/dist/uPlot.min.css";
import "../../styles/admin-dashboard.css";
import type { Route } from "./+types/dashboard";

/**
 * The dashboard: one store's orders, revenue, average basket and returns rate for today, 7 or 30 days, as charts
 * (uPlot, loaded only here) and numbers; top products; the open work (unpaid, to ship, returns to receive).
 */
function periodOf(value: string | null): StatsPeriod {
  const days = Number(value);
  return (STATS_PERIODS as readonly number[]).includes(days) ? (days as StatsPeriod) : 7;
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "dashboard" });
  const params = new URL(args.request.url).searchParams;
  const shop = shopByCode(params.get("store") ?? "") ?? shopByCode("de");
  const storeCode = shop?.code ?? "de";
  const stats = await orderStats(ctx, { storeCode, days: periodOf(params.get("days")) });
  return {
    stats,
    periods: [...STATS_PERIODS],
    currency: shop?.currency ?? "EUR",
    stores: SHOPS.map((s) => ({ code: s.code, label: s.label })),
    paymentsTestMode: paymentsInTestMode(ctx.config),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.dashboard");

function bucketLabel(bucket: string, locale: string): string {
  if (bucket.includes("T")) return `${bucket.slice(11, 13)}:00`;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${bucket}T12:00:00Z`),
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="admin-figure">
      <dt>{label}</dt>
      <dd>
        <span className="admin-figure__value">{value}</span>
        {hint ? <span className="admin-figure__hint">{hint}</span> : null}
      </dd>
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const [params] = useSearchParams();
  const { stats, periods, currency, stores } = loaderData;
  const money = (cents: number) => formatAdminMoney(cents, currency, t.locale);
  const percent = new Intl.NumberFormat(t.locale, { style: "percent", maximumFractionDigits: 1 });
  const number = new Intl.NumberFormat(t.locale);
  const labels = useMemo(() => stats.series.map((p) => bucketLabel(p.bucket, t.locale)), [stats, t.locale]);

  const seriesData = useMemo<uPlot.AlignedData>(
    () => [stats.series.map((_, i) => i), stats.series.map((p) => p.orders), stats.series.map((p) => p.revenue / 100)],
    [stats],
  );
  const ordersLabel = t("admin.dashboard.orders");
  const revenueLabel = t("admin.dashboard.revenue_in", { currency });
  const bucketName = t(stats.days === 1 ? "admin.dashboard.hour" : "admin.dashboard.day");
  const buildSeries = useMemo(
    () =>
      (u: typeof uPlot): uPlot.Options => ({
        width: 0,
        height: 0,
        scales: {
          // Half a bucket of room on both ends: the first and last bars are drawn whole.
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
          orders: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          { values: (_u, ticks) => ticks.map((i) => labels[i] ?? "") },
          { scale: "orders", label: ordersLabel },
          { scale: "revenue", side: 1, label: revenueLabel, grid: { show: false } },
        ],
        series: [
          { label: bucketName, value: (_u, i) => (i == null ? "" : (labels[i] ?? "")) },
          {
            label: ordersLabel,
            scale: "orders",
            stroke: "#1b1b1b",
            fill: "rgba(27, 27, 27, 0.12)",
            paths: u.paths.bars?.({ size: [0.6, 40] }),
          },
          { label: revenueLabel, scale: "revenue", stroke: "#2f6db5", width: 2 },
        ],
      }),
    [labels, ordersLabel, revenueLabel, bucketName],
  );

  const topData = useMemo<uPlot.AlignedData>(
    () => [stats.topProducts.map((_, i) => i), stats.topProducts.map((p) => p.units)],
    [stats],
  );
  const topNames = useMemo(() => stats.topProducts.map((p) => p.name), [stats]);
  const unitsLabel = t("admin.dashboard.units");
  const buildTop = useMemo(
    () =>
      (u: typeof uPlot): uPlot.Options => ({
        width: 0,
        height: 0,
        scales: {
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          // The rank on the axis (names are long; the table below names each rank).
          {
            values: (_u, ticks) =>
              ticks.map((i) => (Number.isInteger(i) && topNames[i] !== undefined ? `${i + 1}.` : "")),
          },
          { label: unitsLabel },
        ],
        series: [
          {},
          {
            label: unitsLabel,
            stroke: "#1f6b3a",
            fill: "rgba(31, 107, 58, 0.25)",
            paths: u.paths.bars?.({ size: [0.5, 80] }),
          },
        ],
        legend: { show: false },
      }),
    [topNames, unitsLabel],
  );

  const storeLabel = stores.find((s) => s.code === stats.storeCode)?.label ?? stats.storeCode;
  const periodLink = (days: number) => {
    const next = new URLSearchParams(params);
    next.set("days", String(days));
    next.set("store", stats.storeCode);
    return `?${next.toString()}`;
  };
  return (
    <AdminPage title={t("admin.nav.dashboard")}>
      {loaderData.paymentsTestMode ? (
        <p className="admin-notice" role="status" data-testid="payment-test-mode">
          {t("admin.payments.test_mode")} {t("admin.payments.test_mode_hint")}
        </p>
      ) : null}
      <div className="admin-dashboard__controls">
        <nav aria-label={t("admin.dashboard.period")} className="admin-segmented">
          {periods.map((days) => (
            <Link key={days} to={periodLink(days)} aria-current={stats.days === days ? "page" : undefined}>
              {t(`admin.dashboard.period_${days}`)}
            </Link>
          ))}
        </nav>
        <Form method="get" className="admin-inline-form">
          <input type="hidden" name="days" value={stats.days} />
          <label htmlFor="dashboard-store">{t("admin.dashboard.store")}</label>
          <select id="dashboard-store" name="store" defaultValue={stats.storeCode}>
            {stores.map((s) => (
              <option key={s.code} value={s.code}>
                {s.label} ({s.code})
              </option>
            ))}
          </select>
          <button type="submit" className="admin-button admin-button--small">
            {t("admin.dashboard.show")}
          </button>
        </Form>
      </div>
      <h2 className="admin-visually-hidden">{t("admin.dashboard.figures", { store: storeLabel })}</h2>
      <dl className="admin-figures">
        <Figure label={t("admin.dashboard.orders")} value={number.format(stats.orders)} />
        <Figure label={t("admin.dashboard.revenue")} value={money(stats.revenue)} />
        <Figure label={t("admin.dashboard.average_basket")} value={money(stats.averageBasket)} />
        <Figure
          label={t("admin.dashboard.returns_rate")}
          value={percent.format(stats.returnsRate)}
          hint={t("admin.dashboard.returns_units", { returned: stats.unitsReturned, sold: stats.unitsSold })}
        />
      </dl>
      <div className="admin-dashboard__grid">
        <section className="admin-section admin-dashboard__wide" aria-labelledby="dashboard-series">
          <h2 id="dashboard-series">{t(stats.days === 1 ? "admin.dashboard.by_hour" : "admin.dashboard.by_day")}</h2>
          <Chart
            label={t("admin.dashboard.series_label", { orders: stats.orders, revenue: money(stats.revenue) })}
            data={seriesData}
            build={buildSeries}
          />
          <details className="admin-details">
            <summary>{t("admin.dashboard.as_table")}</summary>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t(stats.days === 1 ? "admin.dashboard.hour" : "admin.dashboard.day")}</th>
                    <th scope="col">{t("admin.dashboard.orders")}</th>
                    <th scope="col">{t("admin.dashboard.revenue")}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.series.map((p, i) => (
                    <tr key={p.bucket}>
                      <th scope="row">{labels[i]}</th>
                      <td>{number.format(p.orders)}</td>
                      <td>{money(p.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
        <section className="admin-section" aria-labelledby="dashboard-open">
          <h2 id="dashboard-open">{t("admin.dashboard.open_work")}</h2>
          <dl className="admin-figures admin-figures--stacked">
            <Figure label={t("admin.dashboard.unpaid")} value={number.format(stats.open.unpaid)} />
            <Figure label={t("admin.dashboard.to_ship")} value={number.format(stats.open.toShip)} />
            <Figure
              label={t("admin.dashboard.returns_to_receive")}
              value={number.format(stats.open.returnsToReceive)}
            />
          </dl>
        </section>
        <section className="admin-section admin-dashboard__wide" aria-labelledby="dashboard-top">
          <h2 id="dashboard-top">{t("admin.dashboard.top_products")}</h2>
          {stats.topProducts.length === 0 ? (
            <p>{t("admin.dashboard.no_orders")}</p>
          ) : (
            <>
              <Chart label={t("admin.dashboard.top_label")} data={topData} build={buildTop} height={200} />
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.dashboard.rank")}</th>
                      <th scope="col">{t("admin.dashboard.product")}</th>
                      <th scope="col">{t("admin.dashboard.units")}</th>
                      <th scope="col">{t("admin.dashboard.revenue")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.topProducts.map((p, i) => (
                      <tr key={p.productId}>
                        <td>{i + 1}.</td>
                        <th scope="row">
                          <span className="admin-cell-main">{p.name}</span>
                          <span className="admin-cell-sub">{p.brand}</span>
                        </th>
                        <td>{number.format(p.units)}</td>
                        <td>{money(p.revenue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      </div>
    </AdminPage>
  );
}
