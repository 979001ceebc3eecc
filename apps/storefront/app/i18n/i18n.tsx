import { withShopName } from "@vitrine/commerce/shop-name";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type CompiledMessage, type MessageValues, renderMessage } from "./message.ts";
import { messagesOf } from "./registry.ts";

/** A locale's texts by key, compiled (messages.server.ts compiles the message files). */
export type Messages = Record<string, CompiledMessage>;

export interface Translator {
  (key: string, values?: MessageValues): string;
  locale: string;
  language: string;
  has(key: string): boolean;
}

const I18nContext = createContext<Translator | undefined>(undefined);

/** `shopName`: the owner's name for the shop (shop settings), said wherever a message names the shop. */
export function createTranslator(messages: Messages, locale: string, shopName?: string): Translator {
  const t = ((key: string, values?: MessageValues) => {
    // Own keys only: a key built from input (`account.country.${code}`) never finds an Object.prototype member.
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    // A missing key shows itself, so it is caught in review and by the key-parity test, never as blank text.
    return message === undefined ? key : withShopName(renderMessage(message, values, locale), shopName);
  }) as Translator;
  t.locale = locale;
  t.language = locale.slice(0, 2);
  t.has = (key) => Object.hasOwn(messages, key);
  return t;
}

/**
 * Provides the translator of a store's locale. Messages come from the registry (message files on the server,
 * the fetched JSON in the browser) unless given explicitly (tests).
 */
export function I18nProvider({
  locale,
  messages,
  shopName,
  children,
}: {
  locale: string;
  messages?: Messages;
  shopName?: string;
  children: ReactNode;
}) {
  const t = useMemo(
    () => createTranslator(messages ?? messagesOf(locale), locale, shopName),
    [messages, locale, shopName],
  );
  return <I18nContext.Provider value={t}>{children}</I18nContext.Provider>;
}

/** The translator of the current store: `const t = useT(); t("basket.title", { count })`. */
export function useT(): Translator {
  const t = useContext(I18nContext);
  if (!t) throw new Error("useT() outside of I18nProvider");
  return t;
}
