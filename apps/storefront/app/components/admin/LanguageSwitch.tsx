import { useLocation } from "react-router";
import { ADMIN_LANGUAGES, useAdminT } from "../../lib/admin/i18n.tsx";
import { AdminForm } from "./AdminForm.tsx";

/** German or English for the back office: a form per language, so it works by keyboard and without JavaScript. */
export function LanguageSwitch() {
  const t = useAdminT();
  const location = useLocation();
  return (
    <AdminForm action="/admin/language/" className="admin-language" aria-label={t("admin.language.label")}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {ADMIN_LANGUAGES.map((language) => (
        <button
          key={language}
          type="submit"
          name="language"
          value={language}
          className="admin-language__option"
          aria-pressed={t.language === language}
          lang={language}
        >
          {t(`admin.language.${language}`)}
        </button>
      ))}
    </AdminForm>
  );
}
