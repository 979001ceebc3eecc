import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { useStoreData } from "../lib/use-store.ts";
import { CategoryNav } from "./CategoryNav.tsx";
import { AccountIcon, BasketIcon, MenuIcon, StoreFinderIcon, WishlistIcon } from "./icons/ui.tsx";
import { Link } from "./Link.tsx";
import { pressWithSpace } from "./press-with-space.ts";
import { SearchBox } from "./SearchBox.tsx";
import { ShopBrand } from "./ShopBrand.tsx";

/**
 * Shop header: service promise bar, menu button (phones and tablets), logo, search field, links to the store
 * finder, the account, the wishlist and the basket (with their item counts), and the category navigation.
 */
export function Header() {
  const t = useT();
  const { shell, service, physicalStores } = useStoreData();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLAnchorElement>(null);
  const location = useLocation();

  const returnFocus = useRef(false);
  const closeDrawer = useCallback((focusMenuButton: boolean) => {
    returnFocus.current = focusMenuButton;
    setDrawerOpen(false);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the drawer.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.key]);
  useDrawerSideEffects(drawerOpen);
  const header = useRef<HTMLElement>(null);
  useStickyHeaderHeight(header);
  // After the page behind the drawer is interactive again (the effect above made it inert), focus goes back.
  useEffect(() => {
    if (drawerOpen || !returnFocus.current) return;
    returnFocus.current = false;
    menuButton.current?.focus();
  }, [drawerOpen]);

  const { basket, wishlist } = shell.counts;
  return (
    <header ref={header} className="header" id="top">
      {service.freeShippingFrom ? (
        <p className="promo-bar">
          <span>{t("shell.promo_free_shipping", { amount: service.freeShippingFrom })}</span>
          <span className="promo-bar__extra">{t("shell.promo_returns", { days: service.returnDays })}</span>
        </p>
      ) : null}
      <div className="header__bar">
        {/* A link, so that without JavaScript it opens the drawer (the #navigation target). */}
        {/* biome-ignore lint/a11y/useValidAnchor: see above; with JavaScript it acts as the button it says it is. */}
        {/* biome-ignore lint/a11y/useSemanticElements: see above. */}
        <a
          ref={menuButton}
          href="#navigation"
          role="button"
          className="header__menu"
          aria-controls="navigation"
          aria-expanded={drawerOpen}
          onClick={(event) => {
            event.preventDefault();
            setDrawerOpen(true);
          }}
          onKeyDown={pressWithSpace}
        >
          <MenuIcon size={24} />
          <span className="visually-hidden">{t("shell.menu_open")}</span>
        </a>
        <Link to="/" className="logo header__logo" aria-label={t("shell.home")}>
          <ShopBrand />
        </Link>
        <div className="header__search">
          <SearchBox />
        </div>
        <nav className="header__actions" aria-label={t("shell.service_navigation")}>
          <ul>
            {physicalStores > 0 ? (
              <li className="header-action header-action--stores">
                <Link to="/location/" className="header-action__link">
                  <StoreFinderIcon size={22} />
                  <span className="header-action__label">{t("shell.store_finder")}</span>
                </Link>
              </li>
            ) : null}
            <li className="header-action header-action--account">
              <Link to="/account/" className="header-action__link">
                <AccountIcon size={22} />
                <span className="header-action__label">
                  {shell.customer
                    ? t("shell.account_greeting", { name: shell.customer.firstName })
                    : t("shell.account")}
                </span>
              </Link>
            </li>
            <li className="header-action">
              <Link to="/wishlist/" className="header-action__link">
                <WishlistIcon size={22} />
                <span className="header-action__label">{t("shell.wishlist")}</span>
                <Count count={wishlist} />
              </Link>
            </li>
            <li className="header-action">
              <Link to="/cart/" className="header-action__link">
                <BasketIcon size={22} />
                <span className="header-action__label">{t("shell.basket")}</span>
                <Count count={basket} />
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <CategoryNav drawerOpen={drawerOpen} onCloseDrawer={closeDrawer} />
      {drawerOpen ? (
        // The backdrop is a pointer convenience; keyboard users close with Escape or the close button.
        // biome-ignore lint/a11y/noStaticElementInteractions: see above.
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
        <div className="drawer-backdrop" onClick={() => closeDrawer(false)} />
      ) : null}
    </header>
  );
}

/** The item count of a header link: a bubble for the eye, words for screen readers. */
function Count({ count }: { count: number }) {
  const t = useT();
  return (
    <>
      {count > 0 ? (
        <span className="header-action__count" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
      <span className="visually-hidden">, {t("common.items", { count })}</span>
    </>
  );
}

/**
 * Keeps anchor jumps (the size chart link) and focused fields below the part of the header that stays on screen
 * (all but the promo bar): html's `scroll-padding-top` follows its height. The style sheet holds a close value
 * (`--sticky-header-height`) for pages without JavaScript; this keeps it exact when fonts, the search row or the
 * menu wrap differently. It sets the property itself, and only when the height changed: a change of a custom
 * property on the root restyles the whole page (a few dozen milliseconds of a phone's CPU after hydration).
 */
function useStickyHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    let set = -1;
    const sync = () => {
      const promo = element.querySelector<HTMLElement>(".promo-bar")?.offsetHeight ?? 0;
      const height = Math.ceil(element.offsetHeight - promo);
      if (height === set) return;
      set = height;
      root.style.scrollPaddingTop = `calc(${height}px + var(--space-3))`;
    };
    const observer = new ResizeObserver(sync);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("scroll-padding-top");
    };
  }, [header]);
}

/** While the drawer is open the page behind it neither scrolls nor takes focus. */
function useDrawerSideEffects(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.classList.add("drawer-open");
    const outside = [
      document.getElementById("main"),
      document.querySelector(".footer"),
      document.querySelector(".header__bar"),
    ];
    for (const element of outside) element?.setAttribute("inert", "");
    return () => {
      root.classList.remove("drawer-open");
      for (const element of outside) element?.removeAttribute("inert");
    };
  }, [open]);
}
