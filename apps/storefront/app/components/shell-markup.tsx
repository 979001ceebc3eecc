import type { StoreCode } from "@vitrine/commerce/shops";
import type { ReactNode } from "react";
import type { Translator } from "../i18n/i18n.tsx";
import { localizedPath } from "../lib/store.ts";
import { PaymentIcon, type PaymentMethodIcon } from "./icons/PaymentIcon.tsx";
import { ChevronIcon, DeliveryIcon, ReturnIcon, StoreFinderIcon } from "./icons/ui.tsx";

/**
 * The shell's largest parts (the mega menu's categories, the footer's columns) are the same on every page of a
 * store: the server renders them once per store and language as static HTML (lib/shell-markup.server.ts) and
 * every page embeds that HTML as it is. React neither renders nor hydrates them link by link; their few
 * interactions (opening a panel, following a link) are delegated to the element around them.
 *
 * The components below are that markup, written with plain elements only (no router, no context), so that the
 * server can render them without a request and the browser can render them when a page came without them
 * (a first load of the checkout, whose slim shell has neither).
 * `StaticPart` (static-part.tsx) puts them into the page.
 */

/** A category as the navigation shows it (the store loader's tree, or the catalogue's). */
export interface ShellCategory {
  id: number;
  name: string;
  /** Localized path without store prefix: `/c/damen/bekleidung/`. */
  path: string;
  sale: boolean;
  children: ShellCategory[];
}

/** The footer's service promises and offers, formatted for the store. */
export interface ShellService {
  freeShippingFrom: string | null;
  returnDays: number;
  deliveryMethods: { id: string; minDays: number; maxDays: number }[];
  paymentMethods: string[];
}

export interface ShellInput {
  store: StoreCode;
  navigation: ShellCategory[];
  service: ShellService;
  physicalStores: number;
  servicePages: { slug: string; path: string; title: string }[];
}

/** The static parts, as HTML, by the id of the element that holds each. */
export type ShellMarkup = Record<ShellPart, string>;
export type ShellPart = "nav-items" | "footer-promises" | "footer-service" | "footer-shop" | "footer-payment";

/** One part's markup (a page that came without the static HTML renders it in the browser from data). */
export function ShellPartMarkup({ part, t, input }: { part: ShellPart; t: Translator; input: ShellInput }) {
  const Part = SHELL_PARTS[part];
  return <Part t={t} input={input} />;
}

/** The mega menu's top categories with their panels (inside `ul.nav__list`). */
export function NavItems({ t, input }: { t: Translator; input: Pick<ShellInput, "store" | "navigation"> }) {
  const href = (path: string) => localizedPath(input.store, path);
  return input.navigation.map((category) => {
    const panelId = `nav-panel-${category.id}`;
    const hasChildren = category.children.length > 0;
    return (
      <li key={category.id} className={category.sale ? "nav__item nav__item--sale" : "nav__item"} data-id={category.id}>
        <div className="nav__top">
          <a href={href(category.path)} className="nav__link">
            {category.name}
          </a>
          {hasChildren ? (
            <button type="button" className="nav__toggle" aria-expanded="false" aria-controls={panelId}>
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
                    <a href={href(group.path)} className="nav__group-link">
                      {group.name}
                    </a>
                    {group.children.length > 0 ? (
                      <ul className="nav__leaves">
                        {group.children.map((leaf) => (
                          <li key={leaf.id}>
                            <a href={href(leaf.path)} className="nav__leaf-link">
                              {leaf.name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
              <a href={href(category.path)} className="nav__all">
                {t("shell.show_all_in", { name: category.name })}
                <ChevronIcon direction="right" size={14} />
              </a>
            </div>
          </div>
        ) : null}
      </li>
    );
  });
}

/** The marks that show a payment method the store offers (a card payment takes the three card schemes). */
const PAYMENT_ICONS: Record<string, readonly PaymentMethodIcon[]> = {
  invoice: ["invoice"],
  paypal: ["paypal"],
  credit_card: ["visa", "mastercard", "amex"],
  prepayment: ["bank_transfer"],
  cash_on_delivery: ["cash_on_delivery"],
};
const ICON_ORDER: readonly PaymentMethodIcon[] = [
  "invoice",
  "paypal",
  "visa",
  "mastercard",
  "amex",
  "bank_transfer",
  "gift_card",
  "cash_on_delivery",
];

/** The footer's service promises (inside `ul.footer__promises`). */
export function FooterPromises({ t, input }: { t: Translator; input: ShellInput }) {
  const { service } = input;
  return (
    <>
      <li>
        <DeliveryIcon size={28} />
        <span>
          {service.freeShippingFrom
            ? t("shell.promo_free_shipping", { amount: service.freeShippingFrom })
            : t("shell.delivery_title")}
        </span>
      </li>
      <li>
        <ReturnIcon size={28} />
        <span>{t("shell.promo_returns", { days: service.returnDays })}</span>
      </li>
      {input.physicalStores > 0 ? (
        <li>
          <StoreFinderIcon size={28} />
          <span>{t("shell.promo_stores")}</span>
        </li>
      ) : null}
    </>
  );
}

/** The footer's service column: the help centre and the published service pages (no prefetch: rarely next). */
export function FooterServiceColumn({ t, input }: { t: Translator; input: ShellInput }) {
  const href = (path: string) => localizedPath(input.store, path);
  return (
    <>
      <h2 id="footer-service" className="footer__heading">
        {t("shell.footer_service")}
      </h2>
      <ul className="footer__links">
        <li>
          <a href={href("/help/")} data-prefetch="off">
            {t("help.centre_title")}
          </a>
        </li>
        {input.servicePages.map((page) => (
          <li key={page.slug}>
            <a href={href(page.path)} data-prefetch="off">
              {page.title}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The footer's shop column: store finder, order tracking, returns, account, wishlist. */
export function FooterShopColumn({ t, input }: { t: Translator; input: ShellInput }) {
  const href = (path: string) => localizedPath(input.store, path);
  return (
    <>
      <h2 id="footer-shop" className="footer__heading">
        {t("shell.footer_shop")}
      </h2>
      <ul className="footer__links">
        {input.physicalStores > 0 ? (
          <li>
            <a href={href("/location/")}>{t("shell.store_finder_long")}</a>
          </li>
        ) : null}
        <li>
          <a href={href("/order-trackform/")}>{t("shell.order_tracking")}</a>
        </li>
        <li>
          <a href={href("/returns-portal/")}>{t("shell.returns_portal")}</a>
        </li>
        <li>
          <a href={href("/account/")}>{t("shell.account")}</a>
        </li>
        <li>
          <a href={href("/wishlist/")}>{t("shell.wishlist")}</a>
        </li>
      </ul>
    </>
  );
}

/** The footer's payment and delivery column: the store's payment marks, delivery times and return period. */
export function FooterPaymentColumn({ t, input }: { t: Translator; input: ShellInput }) {
  const { service } = input;
  // What this store offers (shop settings and server configuration); a gift card pays in every store.
  const offered = new Set<PaymentMethodIcon>([
    ...service.paymentMethods.flatMap((id) => PAYMENT_ICONS[id] ?? []),
    "gift_card",
  ]);
  const payments = ICON_ORDER.filter((icon) => offered.has(icon));
  return (
    <>
      <h2 id="footer-payment" className="footer__heading">
        {t("shell.footer_payment")}
      </h2>
      <ul className="footer__icons">
        {payments.map((method) => (
          <li key={method}>
            <PaymentIcon method={method} size={26} title={t(`shell.payment.${method}`)} />
          </li>
        ))}
      </ul>
      <h2 className="footer__heading footer__heading--spaced">{t("shell.footer_delivery")}</h2>
      <ul className="footer__delivery">
        {service.deliveryMethods.map((m) => (
          <li key={m.id}>
            <DeliveryIcon size={22} />
            <span>
              {t(`shell.delivery.${m.id}`)}
              <span className="footer__muted"> · {t("shell.delivery_days", { min: m.minDays, max: m.maxDays })}</span>
            </span>
          </li>
        ))}
        <li>
          <ReturnIcon size={22} />
          <span>{t("shell.return_period", { days: service.returnDays })}</span>
        </li>
      </ul>
    </>
  );
}

export const SHELL_PARTS: Record<ShellPart, (props: { t: Translator; input: ShellInput }) => ReactNode> = {
  "nav-items": NavItems,
  "footer-promises": FooterPromises,
  "footer-service": FooterServiceColumn,
  "footer-shop": FooterShopColumn,
  "footer-payment": FooterPaymentColumn,
};
