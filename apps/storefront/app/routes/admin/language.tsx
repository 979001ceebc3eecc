import { redirect } from "react-router";
import { isAdminLanguage } from "../../lib/admin/i18n.tsx";
import { ADMIN_LANGUAGE_COOKIE } from "../../lib/admin/root.ts";
import { adminRedirectTarget } from "../../lib/admin/staff.server.ts";
import { servicesContext } from "../../lib/context.ts";
import { isHttps, serializeCookie } from "../../lib/security.server.ts";
import type { Route } from "./+types/language";

const YEAR = 365 * 24 * 60 * 60;

/** The staff member's language choice (a cookie for /admin), then back to the page (only a page under /admin/). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const target = adminRedirectTarget(String(form.get("redirectTo") ?? ""));
  if (!isAdminLanguage(language)) return redirect(target);
  const secure = isHttps(request, context.get(servicesContext).config);
  return redirect(target, {
    headers: {
      "set-cookie": serializeCookie(ADMIN_LANGUAGE_COOKIE, language, { path: "/admin", maxAge: YEAR, secure }),
    },
  });
}

export function loader() {
  return redirect("/admin/");
}
