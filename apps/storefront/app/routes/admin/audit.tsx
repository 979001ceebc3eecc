import { type AuditEntry, type AuditQuery, findStaffByEmail, listAudit } from "@vitrine/commerce";
import { Form, Link, useSearchParams } from "react-router";
import { AdminPage, adminTitle } from "../../components/admin/Page.tsx";
import { formatAdminDate } from "../../lib/admin/format.ts";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/audit";

/** The audit log (owners): who changed what when, before → after; filtered by actor, action and subject, paged. */
const PAGE_SIZE = 50;
const FILTERS = ["actor", "action", "subject_type", "subject_id"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await requireStaff(args, { area: "audit" });
  const params = new URL(args.request.url).searchParams;
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const query: AuditQuery = { limit: PAGE_SIZE };
  const actor = value("actor");
  if (actor) {
    // Staff by e-mail; anything else (the command line's `cli:user`) matches no staff id: nothing found.
    const staff = actor.includes("@") ? await findStaffByEmail(ctx, actor) : undefined;
    query.actorId = staff?.id ?? "-";
  }
  const action = value("action");
  if (action) query.action = action;
  const subjectType = value("subject_type");
  if (subjectType) query.subjectType = subjectType;
  const subjectId = value("subject_id");
  if (subjectId) query.subjectId = subjectId;
  const before = Number(value("before"));
  if (Number.isSafeInteger(before) && before > 0) query.before = before;
  const page = await listAudit(ctx, query);
  return { entries: page.entries, next: page.next ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => adminTitle(matches, "admin.nav.audit");

function Change({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return null;
  const show = (value: unknown) =>
    value === undefined || value === null ? "–" : typeof value === "string" ? value : JSON.stringify(value);
  return (
    <ul className="admin-change">
      {keys.map((key) => (
        <li key={key}>
          <span className="admin-change__key">{key}</span>: <span>{show(entry.before?.[key])}</span>
          <span aria-hidden="true"> → </span>
          <span className="admin-visually-hidden"> to </span>
          <span>{show(entry.after?.[key])}</span>
        </li>
      ))}
    </ul>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const [params] = useSearchParams();
  const nextParams = new URLSearchParams(params);
  if (loaderData.next !== null) nextParams.set("before", String(loaderData.next));
  return (
    <AdminPage title={t("admin.nav.audit")}>
      <Form method="get" className="admin-form admin-form--row admin-filters" aria-label={t("admin.audit.filters")}>
        {FILTERS.map((name) => (
          <label key={name} className="admin-field">
            <span>{t(`admin.audit.filter.${name}`)}</span>
            <input type="text" name={name} defaultValue={params.get(name) ?? ""} />
          </label>
        ))}
        <button type="submit" className="admin-button">
          {t("admin.audit.apply")}
        </button>
      </Form>
      {loaderData.entries.length === 0 ? (
        <p>{t("admin.audit.empty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-audit">
            <thead>
              <tr>
                <th scope="col">{t("admin.audit.col.at")}</th>
                <th scope="col">{t("admin.audit.col.actor")}</th>
                <th scope="col">{t("admin.audit.col.action")}</th>
                <th scope="col">{t("admin.audit.col.subject")}</th>
                <th scope="col">{t("admin.audit.col.change")}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatAdminDate(entry.at, t.locale)}</td>
                  <td>{entry.actor.label}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.subjectType} {entry.subjectId}
                  </td>
                  <td>
                    <Change entry={entry} />
                    {entry.note ? <p className="admin-cell-sub">{entry.note}</p> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="admin-pager" aria-label={t("admin.audit.pages")}>
        {params.has("before") ? (
          <Link to={`?${new URLSearchParams([...params].filter(([k]) => k !== "before")).toString()}`}>
            {t("admin.audit.newest")}
          </Link>
        ) : null}
        {loaderData.next !== null ? <Link to={`?${nextParams.toString()}`}>{t("admin.audit.older")}</Link> : null}
      </nav>
    </AdminPage>
  );
}
