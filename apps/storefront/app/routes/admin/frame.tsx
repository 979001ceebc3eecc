import { staffMay } from "@vitrine/commerce";
import { isRouteErrorResponse, NavLink, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { AdminForm } from "../../components/admin/AdminForm.tsx";
import { LanguageSwitch } from "../../components/admin/LanguageSwitch.tsx";
import { adminTitle } from "../../components/admin/Page.tsx";
import { useAdminT } from "../../lib/admin/i18n.tsx";
import { ADMIN_NAV } from "../../lib/admin/nav.ts";
import { requireStaff } from "../../lib/admin/staff.server.ts";
import type { Route } from "./+types/frame";

/**
 * The signed-in back office's frame: skip link, header with the staff member and sign-out, the navigation of the
 * screens their role may open, and the page. Every page below runs its own `requireStaff` with its area.
 */
export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireStaff(args, { area: "self" });
  return {
    staff: { name: staff.name, email: staff.email, role: staff.role },
    nav: ADMIN_NAV.filter((entry) => entry.ready && staffMay(staff.role, entry.area)).map(({ path, label }) => ({
      path,
      label,
    })),
  };
}

/** The title of the frame's own pages: the error screen when a page below failed (403, 404). */
export const meta: Route.MetaFunction = ({ matches, error }) => {
  const status = isRouteErrorResponse(error) ? error.status : error ? 500 : 0;
  if (!status) return adminTitle(matches, "admin.nav.dashboard");
  return adminTitle(
    matches,
    `admin.error.${status === 403 ? "forbidden" : status === 404 ? "not_found" : "failed"}.title`,
  );
};

export type AdminFrameData = Awaited<ReturnType<typeof loader>>;

export function useAdminFrame(): AdminFrameData | undefined {
  return useRouteLoaderData<AdminFrameData>("routes/admin/frame");
}

function Frame({ children }: { children: React.ReactNode }) {
  const t = useAdminT();
  const frame = useAdminFrame();
  return (
    <div className="admin">
      <a className="admin-skip" href="#admin-main">
        {t("admin.skip_to_content")}
      </a>
      <header className="admin-header">
        <a className="admin-brand" href="/admin/">
          {t("admin.brand")}
        </a>
        {frame ? (
          <nav className="admin-nav" aria-label={t("admin.nav.label")}>
            <ul>
              {frame.nav.map((entry) => (
                <li key={entry.path}>
                  <NavLink to={entry.path} end={entry.path === "/admin/"} prefetch="intent">
                    {t(entry.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="admin-header__tools">
          <LanguageSwitch />
          {frame ? (
            <>
              <NavLink className="admin-me" to="/admin/account/" title={frame.staff.email}>
                <span className="admin-me__name">{frame.staff.name || frame.staff.email}</span>
                <span className="admin-me__role">{t(`admin.role.${frame.staff.role}`)}</span>
              </NavLink>
              <AdminForm action="/admin/sign-out/">
                <button type="submit" className="admin-button admin-button--quiet">
                  {t("admin.sign_out")}
                </button>
              </AdminForm>
            </>
          ) : null}
        </div>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export default function AdminFrame() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** A page the role may not open (403), a missing one (404), or a failure: said in the back office's words. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useAdminT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = status === 403 ? "forbidden" : status === 404 ? "not_found" : "failed";
  return (
    <Frame>
      <div className="admin-page admin-error" data-status={status}>
        <h1>{t(`admin.error.${key}.title`)}</h1>
        <p>{t(`admin.error.${key}.text`)}</p>
        <p>
          <a href="/admin/">{t("admin.error.back")}</a>
        </p>
      </div>
    </Frame>
  );
}
