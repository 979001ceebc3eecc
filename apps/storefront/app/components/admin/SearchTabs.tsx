import { NavLink } from "react-router";
import { useAdminT } from "../../lib/admin/i18n.tsx";

/** The search screens' own navigation: analytics, synonyms, rules. */
const TABS = [
  { path: "/admin/search/analytics/", label: "admin.search.tab.analytics" },
  { path: "/admin/search/synonyms/", label: "admin.search.tab.synonyms" },
  { path: "/admin/search/rules/", label: "admin.search.tab.rules" },
] as const;

export function SearchTabs() {
  const t = useAdminT();
  return (
    <nav aria-label={t("admin.search.tabs")} className="admin-tabs">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.path}>
            <NavLink to={tab.path} className="admin-tabs__tab">
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
