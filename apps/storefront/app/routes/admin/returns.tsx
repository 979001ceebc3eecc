import { listReturns, RETURN_STATUSES, type ReturnStatus } from "@vitrine/commerce";
import { Form, Link, useSearchParams } from "react-router";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/returns";
import "../../styles/admin-orders.css";

/**
 * The returns queue: registered returns oldest first (or those in another state); each opens its order, where
 * the return is received line by line, refunded or rejected.
 */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "returns" });
  const params = new URL(args.request.url).searchParams;
  const wanted = params.get("status") ?? "registered";
  const status = (RETURN_STATUSES as readonly string[]).includes(wanted) ? (wanted as ReturnStatus) : "registered";
  const after = Number(params.get("after"));
  const page = await listReturns(ctx, {
    status,
    limit: 50,
    ...(Number.isSafeInteger(after) && after > 0 ? { after } : {}),
  });
  return { status, statuses: RETURN_STATUSES, entries: page.entries, next: page.next ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.returns");

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  if (loaderData.next !== null) next.set("after", String(loaderData.next));
  return (
    <AdminPage title={t("admin.nav.returns")}>
      <Form method="get" className="admin-form admin-form--row admin-filters" aria-label={t("admin.returns.filters")}>
        <label className="admin-field">
          <span>{t("admin.returns.filter.status")}</span>
          <select name="status" defaultValue={loaderData.status}>
            {loaderData.statuses.map((s) => (
              <option key={s} value={s}>
                {t(`admin.returns.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-button">
          {t("admin.orders.apply")}
        </button>
      </Form>
      {loaderData.entries.length === 0 ? (
        <p>{t("admin.returns.empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="admin-visually-hidden">{t("admin.nav.returns")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.returns.col.number")}</th>
                <th scope="col">{t("admin.returns.col.registered")}</th>
                <th scope="col">{t("admin.orders.col.customer")}</th>
                <th scope="col" className="admin-num">
                  {t("admin.returns.col.items")}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((r) => (
                <tr key={r.number}>
                  <th scope="row">
                    <Link className="admin-cell-main" to={`/admin/orders/${r.orderNumber}/#return-${r.number}`}>
                      {r.number}
                    </Link>
                    <span className="admin-cell-sub">
                      {t("admin.returns.of_order", { number: r.orderNumber })} ·{" "}
                      {t(`admin.orders.store.${r.storeCode}`)}
                    </span>
                  </th>
                  <td>{formatAdminDate(r.createdAt, t.locale)}</td>
                  <td>
                    <span className="admin-cell-main">{r.name}</span>
                    <span className="admin-cell-sub">{r.email}</span>
                  </td>
                  <td className="admin-num">{r.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaderData.next !== null ? (
        <nav className="admin-pager" aria-label={t("admin.orders.pages")}>
          <Link to={`?${next}`}>{t("admin.orders.next_page")}</Link>
        </nav>
      ) : null}
    </AdminPage>
  );
}
