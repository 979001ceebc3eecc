import { LRUCache } from "lru-cache";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SHELL_PARTS, type ShellInput, type ShellMarkup } from "../components/shell-markup.tsx";
import { createTranslator } from "../i18n/i18n.tsx";
import { messagesOf } from "../i18n/registry.ts";

/**
 * Rendered shells by what they show (store, language, categories, service, stores, service pages): a catalogue
 * or settings change makes a new key, so nothing needs purging; the old entries age out.
 */
const rendered = new LRUCache<string, ShellMarkup>({ max: 64 });

/**
 * The shell's static parts for a store (components/shell-markup.tsx), rendered once per store, language and
 * content and then reused by every page render.
 */
export function shellMarkup(input: ShellInput, locale: string, shopName: string): ShellMarkup {
  const key = `${locale}\n${shopName}\n${JSON.stringify(input)}`;
  const known = rendered.get(key);
  if (known) return known;
  const t = createTranslator(messagesOf(locale), locale, shopName);
  const markup = Object.fromEntries(
    Object.entries(SHELL_PARTS).map(([part, component]) => [
      part,
      renderToStaticMarkup(createElement(component, { t, input })),
    ]),
  ) as ShellMarkup;
  rendered.set(key, markup);
  return markup;
}

/**
 * The page's own top category is marked in the navigation as React Router's `NavLink` marks it (class
 * `is-active`, `aria-current="page"`), on exactly its path.
 */
export function markCurrentCategory(markup: ShellMarkup, pathname: string): ShellMarkup {
  const link = `<a href="${escapeAttribute(pathname)}" class="nav__link">`;
  const at = markup["nav-items"].indexOf(link);
  if (at < 0) return markup;
  const current = `<a href="${escapeAttribute(pathname)}" class="nav__link is-active" aria-current="page">`;
  const items = markup["nav-items"];
  return { ...markup, "nav-items": items.slice(0, at) + current + items.slice(at + link.length) };
}

/** As React writes an attribute value. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#x27" }[c]};`);
}
