import {
  addStaff,
  changeStaffRole,
  deactivateStaff,
  listStaff,
  type StaffMember,
  staffSetupUrl,
} from "@vitrine/commerce";
import { isStaffRole, STAFF_ROLES } from "@vitrine/commerce/staff-roles";
import { useActionData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { FormMessage } from "../../components/admin/Plain.tsx";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { preferredAdminLanguage, useAdminT } from "../../lib/admin/i18n.tsx";
import { staffInvitationMail } from "../../lib/admin/mails.server.ts";
import { ADMIN_LANGUAGE_COOKIE } from "../../lib/admin/root.ts";
import { requireStaff, staffCtx } from "../../lib/admin/staff.server.ts";
import { fieldIssues, formRefused, invalidForm, refusal, refused } from "../../lib/refusal.server.ts";
import { readCookie } from "../../lib/store.ts";
import type { Route } from "./+types/staff";

/** Staff and roles (owners only): invite, change a role, deactivate. Every change is in the audit log. */
export async function loader(args: Route.LoaderArgs) {
  const { staff: me } = await requireStaff(args, { area: "staff" });
  const members = await listStaff(staffCtx(args));
  return { me: me.id, members };
}

export async function action(args: Route.ActionArgs) {
  const { staff: me, actor, ctx } = await requireStaff(args, { area: "staff" });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const role = String(form.get("role") ?? "");
  if (intent === "invite") {
    const email = String(form.get("email") ?? "");
    const name = String(form.get("name") ?? "");
    const values = { email, name, role };
    if (!isStaffRole(role))
      return formRefused(intent, fieldIssues([{ field: "role", code: "invalid_role" }]), { values });
    const language = preferredAdminLanguage(
      readCookie(args.request.headers.get("cookie"), ADMIN_LANGUAGE_COOKIE),
      args.request.headers.get("accept-language"),
    );
    const result = await addStaff(ctx, actor, { email, name, role }, ({ staff, token }) =>
      staffInvitationMail(language, ctx.publicUrl, { staff, token, invitedBy: me.name || me.email }),
    );
    if (!result.ok) return formRefused(intent, result, { values });
    return { intent, ok: true as const, email: result.staff.email, link: staffSetupUrl(ctx.publicUrl, result.token) };
  }
  const id = String(form.get("id") ?? "");
  if (intent === "role") {
    if (!isStaffRole(role)) return formRefused(intent, fieldIssues([{ field: "role", code: "invalid_role" }]));
    const result = await changeStaffRole(ctx, actor, id, role);
    if (!result.ok)
      return result.error === "invalid" ? formRefused(intent, result) : formRefused(intent, refusal(result.error));
    return { intent, ok: true as const, email: result.staff.email };
  }
  if (intent === "deactivate") {
    const result = await deactivateStaff(ctx, actor, id);
    if (!result.ok) return formRefused(intent, refusal(result.error));
    return { intent, ok: true as const, email: result.staff.email };
  }
  return refused({ intent, error: "unknown_intent" }, invalidForm(intent));
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.staff");

type Answer =
  | { intent: string; ok: true; email: string; link?: string }
  | {
      intent: string;
      ok?: undefined;
      error?: string;
      issues?: { field: string; code: string }[];
      values?: Record<string, string>;
    };

function MemberRow({ member, me }: { member: StaffMember; me: string }) {
  const t = useAdminT();
  const active = member.status !== "deactivated";
  return (
    <tr>
      <th scope="row">
        <span className="admin-cell-main">{member.name || member.email}</span>
        <span className="admin-cell-sub">{member.email}</span>
      </th>
      <td>{t(`admin.staff.status.${member.status}`)}</td>
      <td>{member.lastSignInAt ? formatAdminDate(member.lastSignInAt, t.locale) : "–"}</td>
      <td>
        {active ? (
          <AdminForm className="admin-inline-form">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={member.id} />
            <label className="admin-visually-hidden" htmlFor={`role-${member.id}`}>
              {t("admin.staff.role_of", { email: member.email })}
            </label>
            <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.role.${role}`)}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button admin-button--small">
              {t("admin.staff.change_role")}
            </button>
          </AdminForm>
        ) : (
          t(`admin.role.${member.role}`)
        )}
      </td>
      <td>
        {active && member.id !== me ? (
          <AdminForm className="admin-inline-form">
            <input type="hidden" name="intent" value="deactivate" />
            <input type="hidden" name="id" value={member.id} />
            <button
              type="submit"
              className="admin-button admin-button--small admin-button--danger"
              aria-label={t("admin.staff.deactivate_of", { email: member.email })}
            >
              {t("admin.staff.deactivate")}
            </button>
          </AdminForm>
        ) : null}
      </td>
    </tr>
  );
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  const issue = (field: string) =>
    failed?.intent === "invite" ? failed.issues?.find((i) => i.field === field)?.code : undefined;
  return (
    <AdminPage title={t("admin.nav.staff")}>
      {answer?.ok ? (
        <FormMessage>
          {t(`admin.staff.done.${answer.intent}`, { email: answer.email })}
          {answer.link ? (
            <>
              {" "}
              {t("admin.staff.invite_link")}{" "}
              <code className="admin-link-box" data-invite-link="">
                {answer.link}
              </code>
            </>
          ) : null}
        </FormMessage>
      ) : null}
      {failed?.error && failed.error !== "invalid" ? (
        <FormMessage error>{t(`admin.staff.error.${failed.error}`)}</FormMessage>
      ) : null}
      <section aria-labelledby="invite-heading" className="admin-section">
        <h2 id="invite-heading">{t("admin.staff.invite_title")}</h2>
        {/* A new form after each invitation: the fields start empty again. */}
        <AdminForm
          className="admin-form admin-form--row"
          key={answer?.ok && answer.intent === "invite" ? answer.email : "invite"}
        >
          <input type="hidden" name="intent" value="invite" />
          <label className="admin-field">
            <span>{t("admin.field.email")}</span>
            <input
              type="email"
              name="email"
              required
              defaultValue={failed?.intent === "invite" ? failed.values?.email : ""}
              aria-invalid={issue("email") ? true : undefined}
              aria-describedby={issue("email") ? "invite-email-issue" : undefined}
            />
            {issue("email") ? <small id="invite-email-issue">{t("admin.issue.invalid_email")}</small> : null}
          </label>
          <label className="admin-field">
            <span>{t("admin.field.name")}</span>
            <input
              type="text"
              name="name"
              maxLength={100}
              defaultValue={failed?.intent === "invite" ? failed.values?.name : ""}
            />
          </label>
          <label className="admin-field">
            <span>{t("admin.field.role")}</span>
            <select name="role" defaultValue="customer_service">
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.role.${role}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="admin-button">
            {t("admin.staff.invite")}
          </button>
        </AdminForm>
      </section>
      <section aria-labelledby="members-heading" className="admin-section">
        <h2 id="members-heading">{t("admin.staff.members_title")}</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.staff.col.member")}</th>
                <th scope="col">{t("admin.staff.col.status")}</th>
                <th scope="col">{t("admin.staff.col.last_sign_in")}</th>
                <th scope="col">{t("admin.staff.col.role")}</th>
                <th scope="col">
                  <span className="admin-visually-hidden">{t("admin.staff.col.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.members.map((member) => (
                <MemberRow key={member.id} member={member} me={loaderData.me} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </AdminPage>
  );
}
