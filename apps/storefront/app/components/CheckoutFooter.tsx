import { useT } from "../i18n/i18n.tsx";
import { useStoreData } from "../lib/use-store.ts";
import { Link } from "./Link.tsx";

/** The checkout's slim footer: the service pages (delivery, returns, payment, legal) in one line, no shop links. */
export function CheckoutFooter() {
  const t = useT();
  const { servicePages } = useStoreData();
  return (
    <footer className="checkout-footer">
      <nav aria-label={t("shell.footer_service")}>
        <ul className="checkout-footer__links">
          {servicePages.map((page) => (
            <li key={page.slug}>
              <Link to={page.path} prefetch={false}>
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="checkout-footer__copyright">{t("shell.copyright")}</p>
    </footer>
  );
}
