import type { StoreCode } from "@vitrine/commerce/shops";
import { type ComponentProps, type FocusEvent, forwardRef, type MouseEvent, type TouchEvent, useRef } from "react";
import { NavLink, Link as RouterLink } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { PREFETCH_INTENT_DELAY_MS, prefetchRoute } from "../lib/prefetch.ts";
import { localizedPath } from "../lib/store.ts";
import { useStoreData } from "../lib/use-store.ts";

export type LinkProps = Omit<ComponentProps<typeof RouterLink>, "to" | "prefetch" | "className"> & {
  /**
   * An internal path inside the store (`/c/damen/`, `/search/?searchTerm=jeans`), localized to the store
   * (`/de/c/damen/`); or an address used as it is: `http(s)://…`, `mailto:…`, `tel:…`.
   */
  to: string;
  className?: string;
  /** Open in a new tab (adds `rel="noopener noreferrer"` and a hidden "opens in a new tab" hint). */
  newTab?: boolean;
  /** Mark the link active (`aria-current="page"`, class `is-active`) only on exactly its path. */
  exactActive?: boolean;
  /** Link into another store (store switcher); default the current store. */
  store?: StoreCode;
  /** Prefetch the route on intent (hover, focus, touch), through the shared queue. Default true. */
  prefetch?: boolean;
};

const EXTERNAL = /^(https?:|mailto:|tel:)/i;

/**
 * The shop's link (specification section 2): addresses starting with http are used as they are; internal ones
 * are localized to the store. Supports opening in a new tab and an exact-active style. Internal links are
 * client-side navigations and prefetch on intent.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, newTab, exactActive, store, className, prefetch = true, children, ...rest },
  ref,
) {
  const { shop } = useStoreData();
  const t = useT();
  const hover = useRef<ReturnType<typeof setTimeout>>(undefined);
  const tab = newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  const content = newTab ? (
    <>
      {children}
      <span className="visually-hidden"> ({t("common.opens_in_new_tab")})</span>
    </>
  ) : (
    children
  );
  if (EXTERNAL.test(to)) {
    return (
      <a ref={ref} href={to} className={className} {...tab} {...(rest as ComponentProps<"a">)}>
        {content}
      </a>
    );
  }
  const href = localizedPath(store ?? (shop.code as StoreCode), to);
  // Another store speaks another language: its page is a new document (with its own messages).
  if (store !== undefined && store !== shop.code) rest.reloadDocument = true;
  const intent =
    prefetch && !newTab && !rest.reloadDocument
      ? {
          onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => {
            rest.onMouseEnter?.(event);
            hover.current = setTimeout(() => prefetchRoute(href), PREFETCH_INTENT_DELAY_MS);
          },
          onMouseLeave: (event: MouseEvent<HTMLAnchorElement>) => {
            rest.onMouseLeave?.(event);
            clearTimeout(hover.current);
          },
          onFocus: (event: FocusEvent<HTMLAnchorElement>) => {
            rest.onFocus?.(event);
            prefetchRoute(href);
          },
          onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => {
            rest.onTouchStart?.(event);
            prefetchRoute(href);
          },
        }
      : {};
  if (exactActive) {
    return (
      <NavLink
        ref={ref}
        to={href}
        end
        className={({ isActive }) => [className, isActive ? "is-active" : ""].filter(Boolean).join(" ") || undefined}
        {...tab}
        {...rest}
        {...intent}
      >
        {content}
      </NavLink>
    );
  }
  return (
    <RouterLink ref={ref} to={href} className={className} {...tab} {...rest} {...intent}>
      {content}
    </RouterLink>
  );
});
