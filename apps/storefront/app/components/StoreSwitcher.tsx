import type { StoreCode } from "@vitrine/commerce/shops";
import { Link as RouterLink, useRouteLoaderData } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { useStoreData } from "../lib/use-store.ts";
import type { ShopLayoutData } from "../routes/layout.shop.tsx";
import { type FlagCountry, FlagIcon } from "./icons/FlagIcon.tsx";

/**
 * The store switcher: the five stores with their flags. Each link leads to the same page in that store where
 * it exists (the layout resolves it: a category, product or service page under its own name there), otherwise
 * to that store's home. Opening a store sets the store cookie (the store middleware does it).
 */
export function StoreSwitcher() {
  const t = useT();
  const { stores, shop } = useStoreData();
  const layout = useRouteLoaderData<ShopLayoutData>("routes/layout.shop");
  const hrefFor = (code: StoreCode) => {
    const path = layout?.alternates[code];
    return path ? path + (layout?.query ?? "") : `/${code}/`;
  };
  return (
    <nav className="store-switcher" aria-labelledby="store-switcher-title">
      <h2 id="store-switcher-title" className="footer__heading">
        {t("shell.store_switcher")}
      </h2>
      <ul className="store-switcher__list">
        {stores.map((s) => {
          const current = s.code === shop.code;
          return (
            <li key={s.code}>
              <RouterLink
                to={hrefFor(s.code as StoreCode)}
                className={current ? "store-switcher__link is-current" : "store-switcher__link"}
                aria-current={current ? "true" : undefined}
                hrefLang={s.locale}
                lang={s.locale}
                data-store={s.code}
                reloadDocument={!current}
              >
                <FlagIcon country={s.flag as FlagCountry} size={14} />
                <span>{s.label}</span>
              </RouterLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
