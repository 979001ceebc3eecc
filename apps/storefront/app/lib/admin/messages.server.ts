import type { AdminLanguage } from "./i18n.tsx";
import de from "./messages/de.json";
import en from "./messages/en.json";

/** A language's back-office texts (the admin root loader hands them to the page). */
export function adminMessages(language: AdminLanguage): Record<string, string> {
  return language === "en" ? en : de;
}
