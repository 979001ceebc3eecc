import { ORDER_SORTS, ORDER_STATUSES, PAYMENT_METHOD_IDS, STORE_CODES, searchOrders } from "@vitrine/commerce";
import { Form, Link, useSearchParams } from "react-router";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { formatAdminDate, formatAdminMoney } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { orderQueryFromUrl } from "../../lib/admin/orders.server.ts";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/orders";
import "../../styles/admin-orders.css";

/**
 * Orders: search (number, e-mail, name, postcode), filters (store, status, payment method, placement dates),
 * sorting, keyset paging, and the filtered list as CSV. Staff of the orders area (owner, customer service,
 * warehouse).
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "orders" });
  const query = orderQueryFromUrl(new URL(args.request.url).searchParams);
  const page = await searchOrders(ctx, { ...query, limit: 50 });
  // The choices travel as data: the page's bundle never loads the commerce core.
  const filters = [
    ["store", STORE_CODES, "admin.orders.store."],
    ["status", ORDER_STATUSES, "admin.orders.status."],
    ["payment", [...PAYMENT_METHOD_IDS, "gift_card"], "admin.orders.payment."],
  ] as [string, readonly string[], string][];
  return { rows: page.rows, next: page.next ?? null, filters, sorts: ORDER_SORTS };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.orders");

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const [params] = useSearchParams();
  const withoutCursor = new URLSearchParams([...params].filter(([k]) => k !== "after"));
  const nextParams = new URLSearchParams(withoutCursor);
  if (loaderData.next) nextParams.set("after", loaderData.next);
  const exportHref = `/admin/orders/export.csv${withoutCursor.size ? `?${withoutCursor}` : ""}`;
  return (
    <AdminPage
      title={t("admin.nav.orders")}
      actions={
        <a className="admin-button admin-button--small" href={exportHref} download>
          {t("admin.orders.export")}
        </a>
      }
    >
      <Form method="get" className="admin-form admin-form--row admin-filters" aria-label={t("admin.orders.filters")}>
        <label className="admin-field admin-field--wide">
          <span>{t("admin.orders.search")}</span>
          <input
            type="search"
            name="q"
            defaultValue={params.get("q") ?? ""}
            placeholder={t("admin.orders.search_hint")}
          />
        </label>
        {loaderData.filters.map(([name, values, prefix]) => (
          <label key={name} className="admin-field">
            <span>{t(`admin.orders.filter.${name}`)}</span>
            <select name={name} defaultValue={params.get(name) ?? ""}>
              <option value="">{t("admin.orders.all")}</option>
              {values.map((v) => (
                <option key={v} value={v}>
                  {t(`${prefix}${v}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="admin-field">
          <span>{t("admin.orders.filter.from")}</span>
          <input type="date" name="from" defaultValue={params.get("from") ?? ""} />
        </label>
        <label className="admin-field">
          <span>{t("admin.orders.filter.to")}</span>
          <input type="date" name="to" defaultValue={params.get("to") ?? ""} />
        </label>
        <label className="admin-field">
          <span>{t("admin.orders.filter.sort")}</span>
          <select name="sort" defaultValue={params.get("sort") ?? "newest"}>
            {loaderData.sorts.map((s) => (
              <option key={s} value={s}>
                {t(`admin.orders.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-button">
          {t("admin.orders.apply")}
        </button>
      </Form>
      {loaderData.rows.length === 0 ? (
        <p>{t("admin.orders.empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-orders">
            <caption className="admin-visually-hidden">{t("admin.nav.orders")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.orders.col.number")}</th>
                <th scope="col">{t("admin.orders.col.placed")}</th>
                <th scope="col">{t("admin.orders.col.customer")}</th>
                <th scope="col">{t("admin.orders.col.status")}</th>
                <th scope="col" className="admin-num">
                  {t("admin.orders.col.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((o) => (
                <tr key={o.number}>
                  <th scope="row">
                    <Link className="admin-cell-main" to={`/admin/orders/${o.number}/`}>
                      {o.number}
                    </Link>
                    <span className="admin-cell-sub">{t(`admin.orders.store.${o.storeCode}`)}</span>
                  </th>
                  <td>{formatAdminDate(o.placedAt, t.locale)}</td>
                  <td>
                    <span className="admin-cell-main">{o.name}</span>
                    <span className="admin-cell-sub">
                      {o.email} · {o.postcode}
                    </span>
                  </td>
                  <td>
                    <span className={`admin-badge admin-status admin-status--${o.status}`}>
                      {t(`admin.orders.status.${o.status}`)}
                    </span>
                    <span className="admin-cell-sub">
                      {t(`admin.orders.payment.${o.paymentMethod ?? "gift_card"}`)}
                    </span>
                  </td>
                  <td className="admin-num">{formatAdminMoney(o.total, o.currency, t.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="admin-pager" aria-label={t("admin.orders.pages")}>
        {params.has("after") ? <Link to={`?${withoutCursor}`}>{t("admin.orders.first_page")}</Link> : null}
        {loaderData.next ? <Link to={`?${nextParams}`}>{t("admin.orders.next_page")}</Link> : null}
      </nav>
    </AdminPage>
  );
}
