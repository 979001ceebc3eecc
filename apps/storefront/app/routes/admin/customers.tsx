import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/customers";

/**
 * The customers screen's place in the back office: guarded by its area's roles. Not in the navigation yet
 * (lib/admin/nav.ts, `ready: false`): the screen itself arrives with the customers service of the back office.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "customers" });
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.customers");

export default function AdminCustomers() {
  const t = useAdminT();
  return (
    <AdminPage title={t("admin.nav.customers")}>
      <p>{t("admin.coming")}</p>
    </AdminPage>
  );
}
