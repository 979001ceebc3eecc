import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/orders";

/**
 * The orders screen's place in the back office: guarded by its area's roles. Not in the navigation yet
 * (lib/admin/nav.ts, `ready: false`): the screen itself arrives with the orders service of the back office.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { area: "orders" });
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.orders");

export default function AdminOrders() {
  const t = useAdminT();
  return (
    <AdminPage title={t("admin.nav.orders")}>
      <p>{t("admin.coming")}</p>
    </AdminPage>
  );
}
