import { useT } from "../i18n/i18n.tsx";
import { ConsentSettingsButton } from "./ConsentBanner.tsx";
import { ServiceLinks } from "./Footer.tsx";

/** The checkout's slim footer: the service pages (delivery, returns, payment, legal) in one line, no shop links. */
export function CheckoutFooter() {
  const t = useT();
  return (
    <footer className="checkout-footer">
      <nav aria-label={t("shell.footer_service")}>
        <ServiceLinks className="checkout-footer__links" />
      </nav>
      <p className="checkout-footer__copyright">{t("shell.copyright")}</p>
      <ConsentSettingsButton />
    </footer>
  );
}
