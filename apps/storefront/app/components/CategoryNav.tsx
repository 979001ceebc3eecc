import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { type StoreData, useStoreData } from "../lib/use-store.ts";
import { AccountIcon, ChevronIcon, CloseIcon, DeliveryIcon, StoreFinderIcon } from "./icons/ui.tsx";
import { Link } from "./Link.tsx";
import { pressWithSpace } from "./press-with-space.ts";

type Category = StoreData["navigation"][number];

/**
 * The category navigation from the catalogue: a mega menu on desktop (a panel per top category, opened by
 * hover, or by its disclosure button from the keyboard; Escape closes) and a drawer on phones and tablets
 * (the header's menu button opens it; top categories expand like an accordion).
 *
 * Without JavaScript it still works: the panels open on hover and keyboard focus, the drawer opens as the
 * `#navigation` target with every level expanded.
 *
 * Its links opt out of React Router's route discovery (react-router.config.ts explains why).
 */
export function CategoryNav({
  drawerOpen,
  onCloseDrawer,
}: {
  drawerOpen: boolean;
  onCloseDrawer: (returnFocus: boolean) => void;
}) {
  const t = useT();
  const { navigation, physicalStores } = useStoreData();
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
  const onBlurItem = (event: FocusEvent<HTMLLIElement>, id: number) => {
    // Focus left the item (Tab past its last link): its panel closes, as a disclosure menu does.
    if (openId === id && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
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
      <ul className="nav__list">
        {navigation.map((root) => (
          <NavItem
            key={root.id}
            category={root}
            open={openId === root.id}
            onToggle={() => toggle(root.id)}
            onBlur={(event) => onBlurItem(event, root.id)}
          />
        ))}
      </ul>
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

function NavItem({
  category,
  open,
  onToggle,
  onBlur,
}: {
  category: Category;
  open: boolean;
  onToggle: () => void;
  onBlur: (event: FocusEvent<HTMLLIElement>) => void;
}) {
  const t = useT();
  const panelId = `nav-panel-${category.id}`;
  const hasChildren = category.children.length > 0;
  const itemClass = ["nav__item", open ? "is-open" : "", category.sale ? "nav__item--sale" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <li className={itemClass} onBlur={onBlur}>
      <div className="nav__top">
        <Link to={category.path} className="nav__link" exactActive discover="none">
          {category.name}
        </Link>
        {hasChildren ? (
          <button type="button" className="nav__toggle" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
            <ChevronIcon size={16} />
            <span className="visually-hidden">{t("shell.show_subcategories", { name: category.name })}</span>
          </button>
        ) : null}
      </div>
      {hasChildren ? (
        <div className="nav__panel" id={panelId}>
          <div className="nav__panel-inner">
            <ul className="nav__groups">
              {category.children.map((group) => (
                <li key={group.id} className="nav__group">
                  <Link to={group.path} className="nav__group-link" discover="none">
                    {group.name}
                  </Link>
                  {group.children.length > 0 ? (
                    <ul className="nav__leaves">
                      {group.children.map((leaf) => (
                        <li key={leaf.id}>
                          <Link to={leaf.path} className="nav__leaf-link" discover="none">
                            {leaf.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
            <Link to={category.path} className="nav__all" discover="none">
              {t("shell.show_all_in", { name: category.name })}
              <ChevronIcon direction="right" size={14} />
            </Link>
          </div>
        </div>
      ) : null}
    </li>
  );
}
