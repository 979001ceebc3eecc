import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminI18nProvider, preferredAdminLanguage } from "../../lib/admin/i18n.tsx";
import { adminMessages } from "../../lib/admin/messages.server.ts";
import { ADMIN_LANGUAGE_COOKIE, type AdminRootData } from "../../lib/admin/root.ts";
import { readCookie } from "../../lib/store.ts";
import "../../styles/admin.css";
import type { Route } from "./+types/admin";

/**
 * The back office's root (`/admin/…`): its language (the staff member's choice, else Accept-Language), its texts,
 * the CSRF token for its forms, and its own stylesheet and scripts, which no shop page loads. Every answer under
 * /admin is kept by no cache and indexed by no search engine.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("cache-control", "no-store");
    response.headers.set("x-robots-tag", "noindex, nofollow");
    response.headers.set("referrer-policy", "same-origin");
    return response;
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const language = preferredAdminLanguage(
    readCookie(request.headers.get("cookie"), ADMIN_LANGUAGE_COOKIE),
    request.headers.get("accept-language"),
  );
  const data: AdminRootData = {
    language,
    messages: adminMessages(language),
  };
  return data;
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminRoot({ loaderData }: Route.ComponentProps) {
  return (
    <AdminI18nProvider language={loaderData.language} messages={loaderData.messages}>
      <Outlet />
    </AdminI18nProvider>
  );
}

/** The texts and the CSRF token change only with the language (a switch is a form posted to /admin/language/). */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction?.startsWith("/admin/language") ? defaultShouldRevalidate : false;
}
