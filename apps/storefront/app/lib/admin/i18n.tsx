import { createContext, type ReactNode, useContext, useMemo } from "react";
import { compileMessage } from "../../i18n/format.ts";
import { type CompiledMessage, type MessageValues, renderMessage } from "../../i18n/message.ts";

/**
 * The back office's texts, German and English (staff choose; the default follows Accept-Language). They live
 * apart from the shop's message files, so no shop page carries them; the admin layout's loader hands the chosen
 * language's texts to the page.
 */
export const ADMIN_LANGUAGES = ["de", "en"] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export const ADMIN_LOCALES: Record<AdminLanguage, string> = { de: "de-DE", en: "en-GB" };

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return value === "de" || value === "en";
}

export interface AdminTranslator {
  (key: string, values?: MessageValues): string;
  language: AdminLanguage;
  locale: string;
}

export function createAdminTranslator(messages: Record<string, string>, language: AdminLanguage): AdminTranslator {
  const compiled = new Map<string, CompiledMessage>();
  const locale = ADMIN_LOCALES[language];
  const t = ((key: string, values?: MessageValues) => {
    const source = messages[key];
    if (source === undefined) return key;
    let message = compiled.get(key);
    if (message === undefined) {
      message = compileMessage(source);
      compiled.set(key, message);
    }
    return renderMessage(message, values, locale);
  }) as AdminTranslator;
  t.language = language;
  t.locale = locale;
  return t;
}

const AdminI18nContext = createContext<AdminTranslator | undefined>(undefined);

export function AdminI18nProvider({
  language,
  messages,
  children,
}: {
  language: AdminLanguage;
  messages: Record<string, string>;
  children: ReactNode;
}) {
  const t = useMemo(() => createAdminTranslator(messages, language), [messages, language]);
  return <AdminI18nContext.Provider value={t}>{children}</AdminI18nContext.Provider>;
}

/** The back office's translator: `const t = useAdminT(); t("admin.nav.orders")`. */
export function useAdminT(): AdminTranslator {
  const t = useContext(AdminI18nContext);
  if (!t) throw new Error("useAdminT() outside of the admin layout");
  return t;
}

/** The language of a request: the staff member's choice (cookie), else the first of de/en in Accept-Language. */
export function preferredAdminLanguage(cookieChoice: string | undefined, acceptLanguage: string | null): AdminLanguage {
  if (isAdminLanguage(cookieChoice)) return cookieChoice;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked.find((entry) => isAdminLanguage(entry.language));
  return first && isAdminLanguage(first.language) ? first.language : "de";
}
