import { type Language, SHOPS } from "@vitrine/commerce/shops";
import type { Messages } from "./i18n.tsx";

/**
 * Message files: `app/i18n/{language}/{namespace}.json`, one namespace per area of the shop (common, shell,
 * listing, product, basket, account, checkout, content, errors…), flat keys prefixed with the namespace.
 */
const files = import.meta.glob<Messages>("./*/*.json", { eager: true, import: "default" });

const byLanguage = new Map<string, Messages>();
for (const [path, messages] of Object.entries(files)) {
  const language = path.split("/")[1] as string;
  byLanguage.set(language, { ...byLanguage.get(language), ...messages });
}

export function messagesFor(language: Language): Messages {
  return byLanguage.get(language) ?? byLanguage.get("de") ?? {};
}

const byLocale = new Map<string, Messages>();

/**
 * The messages of a store: its language's, with the locale's spelling. Swiss German writes no ß ("Schliessen"),
 * so the Swiss store gets the German texts with ss.
 */
export function messagesForLocale(language: Language, locale: string): Messages {
  if (locale !== "de-CH") return messagesFor(language);
  let messages = byLocale.get(locale);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(messagesFor(language)).map(([k, v]) => [k, v.replaceAll("ß", "ss")]));
    byLocale.set(locale, messages);
  }
  return messages;
}

/** The messages of a locale code (`fr-CH`), or undefined for a locale no store speaks. */
export function messagesForLocaleCode(locale: string): Messages | undefined {
  const shop = SHOPS.find((s) => s.locale === locale);
  return shop ? messagesForLocale(shop.language, shop.locale) : undefined;
}
