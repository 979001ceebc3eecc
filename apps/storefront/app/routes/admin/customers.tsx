import { searchCustomers } from "@vitrine/commerce";
import { Form, Link, useSearchParams } from "react-router";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/customers";
import "../../styles/admin-orders.css";

/** Customers (owner, customer service): search by name, e-mail or customer number; guests included. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "customers" });
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return { q, rows: q ? await searchCustomers(ctx, q, { limit: 50 }) : null };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.customers");

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const [params] = useSearchParams();
  return (
    <AdminPage title={t("admin.nav.customers")}>
      <Form method="get" role="search" className="admin-form admin-form--row admin-filters">
        <label className="admin-field admin-field--wide">
          <span>{t("admin.customers.search")}</span>
          <input
            type="search"
            name="q"
            defaultValue={params.get("q") ?? ""}
            placeholder={t("admin.customers.search_hint")}
          />
        </label>
        <button type="submit" className="admin-button">
          {t("admin.customers.find")}
        </button>
      </Form>
      {loaderData.rows === null ? null : loaderData.rows.length === 0 ? (
        <p>{t("admin.customers.empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="admin-visually-hidden">{t("admin.nav.customers")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.customers.col.name")}</th>
                <th scope="col">{t("admin.customers.col.number")}</th>
                <th scope="col">{t("admin.customers.col.kind")}</th>
                <th scope="col">{t("admin.customers.col.since")}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link className="admin-cell-main" to={`/admin/customers/${c.customerNumber}/`}>
                      {`${c.firstName} ${c.lastName}`.trim() || c.email}
                    </Link>
                    <span className="admin-cell-sub">{c.email}</span>
                  </th>
                  <td>{c.customerNumber}</td>
                  <td>{t(`admin.customers.kind.${c.erased ? "erased" : c.isGuest ? "guest" : "account"}`)}</td>
                  <td>{formatAdminDate(c.createdAt, t.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
