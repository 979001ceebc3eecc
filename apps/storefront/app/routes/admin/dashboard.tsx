import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/dashboard";

export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireStaff(args, { area: "dashboard" });
  return { name: staff.name || staff.email };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  return (
    <AdminPage title={t("admin.nav.dashboard")}>
      <p>{t("admin.dashboard.welcome", { name: loaderData.name })}</p>
    </AdminPage>
  );
}
