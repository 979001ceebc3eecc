import { useT } from "../i18n/i18n.tsx";
import { useStoreData } from "../lib/use-store.ts";
import { ConsentSettingsButton } from "./ConsentBanner.tsx";
import { PaymentIcon, type PaymentMethodIcon } from "./icons/PaymentIcon.tsx";
import { DeliveryIcon, ReturnIcon, StoreFinderIcon } from "./icons/ui.tsx";
import { Link } from "./Link.tsx";
import { StoreSwitcher } from "./StoreSwitcher.tsx";

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

/** Footer: service promises, service pages, shop links, payment and delivery, store switcher. */
export function Footer() {
  const t = useT();
  const { service, physicalStores } = useStoreData();
  // What this store offers (shop settings and server configuration); a gift card pays in every store.
  const offered = new Set<PaymentMethodIcon>([
    ...service.paymentMethods.flatMap((id) => PAYMENT_ICONS[id] ?? []),
    "gift_card",
  ]);
  const payments = ICON_ORDER.filter((icon) => offered.has(icon));
  return (
    <footer className="footer">
      <ul className="footer__promises">
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
        {physicalStores > 0 ? (
          <li>
            <StoreFinderIcon size={28} />
            <span>{t("shell.promo_stores")}</span>
          </li>
        ) : null}
      </ul>
      <div className="footer__main">
        <nav className="footer__column" aria-labelledby="footer-service">
          <h2 id="footer-service" className="footer__heading">
            {t("shell.footer_service")}
          </h2>
          <ServiceLinks className="footer__links" />
        </nav>
        <nav className="footer__column" aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="footer__heading">
            {t("shell.footer_shop")}
          </h2>
          <ul className="footer__links">
            {physicalStores > 0 ? (
              <li>
                <Link to="/location/">{t("shell.store_finder_long")}</Link>
              </li>
            ) : null}
            <li>
              <Link to="/order-trackform/">{t("shell.order_tracking")}</Link>
            </li>
            <li>
              <Link to="/returns-portal/">{t("shell.returns_portal")}</Link>
            </li>
            <li>
              <Link to="/account/">{t("shell.account")}</Link>
            </li>
            <li>
              <Link to="/wishlist/">{t("shell.wishlist")}</Link>
            </li>
          </ul>
        </nav>
        <section className="footer__column" aria-labelledby="footer-payment">
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
                  <span className="footer__muted">
                    {" "}
                    · {t("shell.delivery_days", { min: m.minDays, max: m.maxDays })}
                  </span>
                </span>
              </li>
            ))}
            <li>
              <ReturnIcon size={22} />
              <span>{t("shell.return_period", { days: service.returnDays })}</span>
            </li>
          </ul>
        </section>
        <div className="footer__column">
          <StoreSwitcher />
        </div>
      </div>
      <div className="footer__bottom">
        <span className="logo logo--small">{t("common.shop_name")}</span>
        <span className="footer__muted">{t("shell.copyright")}</span>
        <ConsentSettingsButton />
      </div>
    </footer>
  );
}

/** The published service pages as a list of links (the footer's service column, the checkout's slim footer). */
export function ServiceLinks({ className }: { className: string }) {
  const t = useT();
  const { servicePages } = useStoreData();
  return (
    <ul className={className}>
      <li>
        <Link to="/help/" prefetch={false}>
          {t("help.centre_title")}
        </Link>
      </li>
      {servicePages.map((page) => (
        <li key={page.slug}>
          <Link to={page.path} prefetch={false}>
            {page.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
