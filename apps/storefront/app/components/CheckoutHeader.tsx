import { useT } from "../i18n/i18n.tsx";
import { LockIcon } from "./icons/ui.tsx";
import { Link } from "./Link.tsx";
import { ShopBrand } from "./ShopBrand.tsx";

/**
 * The checkout's slim header, as the large fashion shops have it: no navigation, search or account links to lead
 * the shopper away; the way back to the basket, the logo and the secure-checkout note.
 */
export function CheckoutHeader() {
  const t = useT();
  return (
    <header className="checkout-header">
      <div className="checkout-header__bar">
        <Link to="/cart/" className="checkout-header__back">
          <span aria-hidden="true">←</span> {t("checkout.header.back_to_basket")}
        </Link>
        <Link to="/" className="logo checkout-header__logo" aria-label={t("shell.home")}>
          <ShopBrand />
        </Link>
        <p className="checkout-header__secure">
          <LockIcon size={18} />
          <span>{t("checkout.header.secure")}</span>
        </p>
      </div>
    </header>
  );
}
