import type { Messages } from "./i18n.tsx";

/**
 * Where the messages of a locale come from. The server sets a source that reads the message files; the browser
 * sets the messages it fetched (as a cacheable JSON file, not in every page's data) before hydrating. Pages of
 * another locale are always full page loads, so the browser only ever needs its document's locale.
 */
let source: ((locale: string) => Messages) | undefined;

export function setMessageSource(next: (locale: string) => Messages): void {
  source = next;
}

export function messagesOf(locale: string): Messages {
  if (!source) throw new Error("No message source: the entry must call setMessageSource() first");
  return source(locale);
}

/** URL of a locale's messages for this build (immutable: the build id changes when a message does). */
export function messagesUrl(locale: string, buildId: string): string {
  return `/i18n/${locale}.json?v=${encodeURIComponent(buildId)}`;
}
