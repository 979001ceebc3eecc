import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { useStaticLinks } from "../lib/static-links.ts";
import { useStoreData } from "../lib/use-store.ts";
import { AccountIcon, CloseIcon, DeliveryIcon, StoreFinderIcon } from "./icons/ui.tsx";
import { Link } from "./Link.tsx";
import { pressWithSpace } from "./press-with-space.ts";
import { StaticPart } from "./static-part.tsx";

/**
 * The category navigation from the catalogue: a mega menu on desktop (a panel per top category, opened by
 * hover, or by its disclosure button from the keyboard; Escape closes) and a drawer on phones and tablets
 * (the header's menu button opens it; top categories expand like an accordion).
 *
 * Without JavaScript it still works: the panels open on hover and keyboard focus, the drawer opens as the
 * `#navigation` target with every level expanded.
 *
 * The categories are the store's static markup (components/shell-markup.tsx): React renders and hydrates the
 * list, not each of its links; clicks, focus and intent are handled here for all of them. Being plain links,
 * they take no part in React Router's route discovery (react-router.config.ts explains why they must not).
 */
export function CategoryNav({
  drawerOpen,
  onCloseDrawer,
}: {
  drawerOpen: boolean;
  onCloseDrawer: (returnFocus: boolean) => void;
}) {
  const t = useT();
  const { physicalStores } = useStoreData();
  const links = useStaticLinks();
  const list = useRef<HTMLUListElement>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  // After a click in a panel the pointer still rests on it: hover must not reopen it until the pointer leaves.
  const [hoverSuppressed, setHoverSuppressed] = useState(false);
  const closeButton = useRef<HTMLAnchorElement>(null);
  const location = useLocation();

  useEffect(() => setEnhanced(true), []);
  // A navigation closes whatever is open (the shopper picked a category).
  const lastKey = useRef(location.key);
  const navElement = useRef<HTMLElement>(null);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    setOpenId(null);
    if (navElement.current?.matches(":hover")) setHoverSuppressed(true);
  }, [location.key]);
  useEffect(() => {
    if (drawerOpen) closeButton.current?.focus();
  }, [drawerOpen]);

  // The static items show the open panel and the page's own top category as React would have rendered them.
  useLayoutEffect(() => {
    for (const item of list.current?.querySelectorAll<HTMLElement>(":scope > .nav__item") ?? []) {
      const open = Number(item.dataset.id) === openId;
      item.classList.toggle("is-open", open);
      item.querySelector(":scope > .nav__top > .nav__toggle")?.setAttribute("aria-expanded", String(open));
    }
  }, [openId]);
  useLayoutEffect(() => {
    const here = samePath(location.pathname);
    for (const link of list.current?.querySelectorAll<HTMLAnchorElement>(".nav__link") ?? []) {
      const current = samePath(link.getAttribute("href") ?? "") === here;
      link.classList.toggle("is-active", current);
      if (current) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  }, [location.pathname]);

  const toggle = (id: number) => setOpenId((current) => (current === id ? null : id));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape") return;
    if (openId !== null) {
      const item = (event.target as HTMLElement).closest(".nav__item");
      setOpenId(null);
      item?.querySelector<HTMLButtonElement>(".nav__toggle")?.focus();
    } else if (drawerOpen) {
      onCloseDrawer(true);
    }
  };

  const classes = ["nav", drawerOpen ? "is-open" : ""].filter(Boolean).join(" ");
  return (
    <nav
      ref={navElement}
      id="navigation"
      className={classes}
      aria-label={t("shell.category_navigation")}
      data-enhanced={enhanced || undefined}
      data-hover-suppressed={hoverSuppressed || undefined}
      onMouseLeave={() => setHoverSuppressed(false)}
      onKeyDown={onKeyDown}
    >
      <div className="nav__drawer-head">
        <span className="nav__drawer-title">{t("shell.menu")}</span>
        {/* A link, so that without JavaScript it closes the drawer (the drawer is the #navigation target). */}
        {/* biome-ignore lint/a11y/useValidAnchor: see above; with JavaScript it acts as the button it says it is. */}
        {/* biome-ignore lint/a11y/useSemanticElements: see above. */}
        <a
          ref={closeButton}
          href="#top"
          role="button"
          className="nav__close"
          onClick={(event) => {
            event.preventDefault();
            onCloseDrawer(true);
          }}
          onKeyDown={pressWithSpace}
        >
          <CloseIcon size={22} />
          <span className="visually-hidden">{t("shell.menu_close")}</span>
        </a>
      </div>
      {/* The categories: the store's static markup (components/shell-markup.tsx), its events delegated here. */}
      <StaticPart
        as="ul"
        part="nav-items"
        ref={list}
        className="nav__list"
        {...links}
        onClick={(event) => {
          const button = (event.target as Element).closest(".nav__toggle");
          const item = button?.closest<HTMLElement>(".nav__item");
          if (item) toggle(Number(item.dataset.id));
          else links.onClick(event);
        }}
        onBlur={(event) => {
          // Focus left the open item (Tab past its last link): its panel closes, as a disclosure menu does.
          const item = (event.target as Element).closest<HTMLElement>(".nav__item");
          if (item && Number(item.dataset.id) === openId && !item.contains(event.relatedTarget as Node | null)) {
            setOpenId(null);
          }
        }}
      />
      <ul className="nav__extras">
        {physicalStores > 0 ? (
          <li>
            <Link to="/location/" discover="none">
              <StoreFinderIcon size={20} />
              {t("shell.store_finder_long")}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/account/" discover="none">
            <AccountIcon size={20} />
            {t("shell.account")}
          </Link>
        </li>
        <li>
          <Link to="/order-trackform/" discover="none">
            <DeliveryIcon size={20} />
            {t("shell.order_tracking")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Paths compared as React Router's `NavLink` compares them: without case and a trailing slash. */
function samePath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, "");
}
