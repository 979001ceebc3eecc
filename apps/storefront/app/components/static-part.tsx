import type { StoreCode } from "@vitrine/commerce/shops";
import { createContext, type JSX, useContext } from "react";
import { useT } from "../i18n/i18n.tsx";
import { useStoreData } from "../lib/use-store.ts";
import { type ShellMarkup, type ShellPart, ShellPartMarkup } from "./shell-markup.tsx";

/** The server's markup for this request's store (entry.server.tsx provides it; the browser has none). */
export const ShellMarkupContext = createContext<ShellMarkup | null>(null);

const captured = new Map<string, string>();

/**
 * An element whose content is one of the shell's static parts (components/shell-markup.tsx): the server's HTML
 * for the store. In the browser the document already holds it, and it is kept from the first render (the
 * element's content as the server sent it, before anything changed it), so that the element can be put back
 * with it when the shell renders again after a page without it (the checkout's slim shell). A page whose
 * first load had no shell (the checkout) brings the categories as data: the browser renders the part from them.
 */
export function StaticPart({
  part,
  as: Tag,
  ...rest
}: { part: ShellPart; as: "ul" | "nav" | "section" } & Omit<
  JSX.IntrinsicElements["ul"],
  "children" | "dangerouslySetInnerHTML" | "id"
>) {
  const data = useStoreData();
  const t = useT();
  const store = data.shop.code as StoreCode;
  const html = useStaticMarkup(part, store);
  const attributes = { ...rest, id: `shell-${part}`, "data-store": store } as Record<string, unknown>;
  if (html === null) {
    // Not marked static: this element's content is React's, never taken for the server's markup.
    const input = { ...data, store, navigation: data.navigation ?? [] };
    return (
      <Tag {...attributes}>
        {/* In the same render, not loaded later: the header would grow under the shopper's eyes (the order
            confirmation after the checkout's slim header). */}
        <ShellPartMarkup part={part} t={t} input={input} />
      </Tag>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of shell-markup.tsx (escaped).
  return <Tag {...attributes} data-static="" dangerouslySetInnerHTML={{ __html: html }} />;
}

function useStaticMarkup(part: ShellPart, store: string): string | null {
  const server = useContext(ShellMarkupContext);
  if (server) return server[part];
  if (typeof document === "undefined") return null;
  const key = `${store} ${part}`;
  const known = captured.get(key);
  if (known !== undefined) return known;
  const element = document.getElementById(`shell-${part}`);
  if (!element || element.dataset.store !== store || element.dataset.static === undefined) return null;
  captured.set(key, element.innerHTML);
  return element.innerHTML;
}
