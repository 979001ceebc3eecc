import { useRouteLoaderData } from "react-router";
import type { AdminLanguage } from "./i18n.tsx";

/** The cookie (Path=/admin) keeping a staff member's language choice. */
export const ADMIN_LANGUAGE_COOKIE = "vitrine_admin_lang";

/** What the back office's root loader gives every admin page. */
export interface AdminRootData {
  language: AdminLanguage;
  messages: Record<string, string>;
}

export function useAdminRoot(): AdminRootData {
  const data = useRouteLoaderData<AdminRootData>("routes/admin/admin");
  if (!data) throw new Error("useAdminRoot() outside of /admin");
  return data;
}
