import { type Language, SHOPS } from "@vitrine/commerce/shops";
import { compileMessage } from "./format.ts";
import type { Messages } from "./i18n.tsx";

/**
 * Message files: `app/i18n/{language}/{namespace}.json`, one namespace per area of the shop (common, shell,
 * listing, product, basket, account, checkout, content, errors…), flat keys prefixed with the namespace.
 * They are compiled once per locale (format.ts): the server and the browser render the compiled form.
 */
const files = import.meta.glob<Record<string, string>>("./*/*.json", { eager: true, import: "default" });

const sources = new Map<string, Record<string, string>>();
for (const [path, messages] of Object.entries(files)) {
  const language = path.split("/")[1] as string;
  sources.set(language, { ...sources.get(language), ...messages });
}

/** A language's message texts; a language without files gets the German ones. */
function sourceOf(language: Language): Record<string, string> {
  return sources.get(language) ?? sources.get("de") ?? {};
}

function compile(source: Record<string, string>, spell: (text: string) => string = (text) => text): Messages {
  return Object.fromEntries(Object.entries(source).map(([key, text]) => [key, compileMessage(spell(text))]));
}

const byLanguage = new Map<string, Messages>();

export function messagesFor(language: Language): Messages {
  let messages = byLanguage.get(language);
  if (!messages) {
    messages = compile(sourceOf(language));
    byLanguage.set(language, messages);
  }
  return messages;
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
    messages = compile(sourceOf(language), (text) => text.replaceAll("ß", "ss"));
    byLocale.set(locale, messages);
  }
  return messages;
}

/** The messages of a locale code (`fr-CH`), or undefined for a locale no store speaks. */
export function messagesForLocaleCode(locale: string): Messages | undefined {
  const shop = SHOPS.find((s) => s.locale === locale);
  return shop ? messagesForLocale(shop.language, shop.locale) : undefined;
}
