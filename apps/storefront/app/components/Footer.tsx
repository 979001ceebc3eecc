import { useT } from "../i18n/i18n.tsx";
import { useStaticLinks } from "../lib/static-links.ts";
import { useStoreData } from "../lib/use-store.ts";
import { ConsentSettingsButton } from "./ConsentBanner.tsx";
import { Link } from "./Link.tsx";
import { StoreSwitcher } from "./StoreSwitcher.tsx";
import { StaticPart } from "./static-part.tsx";

/**
 * Footer: service promises, service pages, shop links, payment and delivery, store switcher. The promises and
 * the first three columns are the store's static markup (components/shell-markup.tsx), rendered once per store;
 * their links are followed as client navigations from here.
 */
export function Footer() {
  const t = useT();
  const links = useStaticLinks();
  return (
    <footer className="footer">
      <StaticPart as="ul" part="footer-promises" {...links} className="footer__promises" />
      <div className="footer__main">
        <StaticPart
          as="nav"
          part="footer-service"
          {...links}
          className="footer__column"
          aria-labelledby="footer-service"
        />
        <StaticPart as="nav" part="footer-shop" {...links} className="footer__column" aria-labelledby="footer-shop" />
        <StaticPart
          as="section"
          part="footer-payment"
          {...links}
          className="footer__column"
          aria-labelledby="footer-payment"
        />
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
