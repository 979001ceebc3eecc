import type { BasketItem } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { useEffect, useId, useRef } from "react";
import { useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";
import { Link } from "../Link.tsx";
import "../../styles/basket.css";

export interface AddedToBasket {
  item: BasketItem;
  /** Units in the basket after the add (the header counter). */
  count: number;
  /** Stock allowed less than asked (warning ItemAddedWithReducedQuantity). */
  reduced: boolean;
}

/**
 * The added-to-basket modal (specification section 2): opens after a non-replacing add and shows the last added
 * item, with links to the basket and to checkout. A native `<dialog>`: focus stays inside, Escape closes it.
 */
export function AddedToBasketModal({ added, onClose }: { added: AddedToBasket; onClose: () => void }) {
  const t = useT();
  const { shop } = useStoreData();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Shown while an add is to report: mounted after the add, unmounted once closed.
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const { item } = added;
  return (
    // A click on the backdrop is a pointer convenience; keyboard users close with Escape or the buttons.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <dialog
      ref={dialog}
      className="added-modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <div className="added-modal__content">
        <div className="added-modal__head">
          <h2 id={titleId} className="added-modal__title">
            {t("basket.added_title")}
          </h2>
          <button
            type="button"
            className="added-modal__close"
            onClick={() => dialog.current?.close()}
            aria-label={t("basket.close")}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="added-modal__item">
          {item.product.image ? (
            <img src={item.product.image.url} alt="" width={96} height={128} className="added-modal__image" />
          ) : null}
          <div>
            <p className="basket-item__brand">{item.product.brand}</p>
            <p className="added-modal__name">{item.product.name}</p>
            <p className="basket-item__meta">
              {t("basket.colour")}: {item.product.colorLabel} · {t("basket.size")}: {item.variant.sizeLabel}
            </p>
            <p className="basket-item__meta">{t("basket.quantity_value", { count: item.quantity })}</p>
            <p className="added-modal__price">{formatMoney(item.price.subtotal, shop)}</p>
          </div>
        </div>
        {added.reduced ? (
          <p className="basket-notice basket-notice--warning" role="status">
            {t("basket.warning.reduced_quantity")}
          </p>
        ) : null}
        <div className="added-modal__actions">
          <Link to="/cart/" className="basket-button basket-button--secondary">
            {t("basket.view_basket", { count: added.count })}
          </Link>
          <Link to="/checkout/" className="basket-button basket-button--primary">
            {t("basket.checkout")}
          </Link>
        </div>
        <button type="button" className="basket-link added-modal__continue" onClick={() => dialog.current?.close()}>
          {t("basket.continue_shopping")}
        </button>
      </div>
    </dialog>
  );
}
