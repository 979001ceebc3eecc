import type { ReactNode } from "react";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

/** The frame of the pages before signing in (sign-in, set-up link): a centred card with the language switch. */
export function AdminPlain({ title, children }: { title: string; children: ReactNode }) {
  const t = useAdminT();
  return (
    <div className="admin admin--plain">
      <header className="admin-header admin-header--plain">
        <span className="admin-brand">{t("admin.brand")}</span>
        <div className="admin-header__tools">
          <LanguageSwitch />
        </div>
      </header>
      <main id="admin-main" className="admin-main admin-main--plain">
        <div className="admin-card">
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

/** A form's message: an error (announced) or a notice. */
export function FormMessage({ error, children }: { error?: boolean; children: ReactNode }) {
  return (
    <p className={error ? "admin-message admin-message--error" : "admin-message"} role={error ? "alert" : "status"}>
      {children}
    </p>
  );
}
