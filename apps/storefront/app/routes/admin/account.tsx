import { endAllStaffSessions, listStaffSessions } from "@vitrine/commerce";
import { redirect } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { ADMIN_SIGN_IN, clearStaffSessionCookie, requireStaff } from "../../lib/admin/staff.server.ts";
import { invalidForm, refused } from "../../lib/refusal.server.ts";
import type { Route } from "./+types/account";

/** The signed-in staff member's own account: who they are, their open sessions, "sign out everywhere". */
export async function loader(args: Route.LoaderArgs) {
  const { staff, sessionId, ctx } = await requireStaff(args, { area: "self" });
  const sessions = await listStaffSessions(ctx, staff.id);
  return {
    staff: { email: staff.email, name: staff.name, role: staff.role },
    sessions: sessions.map((s) => ({ ...s, current: s.id === sessionId })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, actor, ctx } = await requireStaff(args, { area: "self" });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "sign-out-everywhere") return refused({ intent, error: "unknown_intent" }, invalidForm(intent));
  await endAllStaffSessions(ctx, actor, staff.id);
  return redirect(ADMIN_SIGN_IN, { headers: { "set-cookie": clearStaffSessionCookie(args) } });
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.account.title");

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const { staff, sessions } = loaderData;
  return (
    <AdminPage title={t("admin.account.title")}>
      <dl className="admin-facts">
        <dt>{t("admin.field.name")}</dt>
        <dd>{staff.name || "–"}</dd>
        <dt>{t("admin.field.email")}</dt>
        <dd>{staff.email}</dd>
        <dt>{t("admin.field.role")}</dt>
        <dd>{t(`admin.role.${staff.role}`)}</dd>
      </dl>
      <section aria-labelledby="sessions-heading" className="admin-section">
        <h2 id="sessions-heading">{t("admin.account.sessions")}</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.account.col.device")}</th>
                <th scope="col">{t("admin.account.col.address")}</th>
                <th scope="col">{t("admin.account.col.signed_in")}</th>
                <th scope="col">{t("admin.account.col.last_seen")}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id} aria-current={session.current ? "true" : undefined}>
                  <th scope="row">
                    <span className="admin-cell-main">{session.userAgent ?? "–"}</span>
                    {session.current ? <span className="admin-badge">{t("admin.account.this_session")}</span> : null}
                  </th>
                  <td>{session.ipAddress ?? "–"}</td>
                  <td>{formatAdminDate(session.createdAt, t.locale)}</td>
                  <td>{formatAdminDate(session.lastSeenAt, t.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <AdminForm>
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <button type="submit" className="admin-button admin-button--danger">
            {t("admin.account.sign_out_everywhere")}
          </button>
        </AdminForm>
      </section>
    </AdminPage>
  );
}
