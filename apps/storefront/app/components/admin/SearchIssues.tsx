import { useAdminT } from "../../lib/admin/i18n.tsx";

/** Every problem of a refused search rule or synonyms form at once, each named by its field. */
export function SearchIssues({ issues }: { issues: readonly { field: string; message: string }[] }) {
  const t = useAdminT();
  return (
    <div className="admin-message admin-message--error" role="alert">
      <p>{t("admin.search.refused")}</p>
      <ul className="admin-list">
        {issues.map((issue) => {
          const name = issue.field.split(".")[0] ?? issue.field;
          const key = `admin.search.field.${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
          const label = t(key);
          return <li key={`${issue.field}:${issue.message}`}>{`${label === key ? name : label}: ${issue.message}`}</li>;
        })}
      </ul>
    </div>
  );
}
