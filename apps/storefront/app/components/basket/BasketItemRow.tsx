import type { BasketItem, BasketPromotion } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { useFetcher } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { localizedPath } from "../../lib/store.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { Link } from "../Link.tsx";
import { SalePrice } from "./SalePrice.tsx";
import { useHydrated } from "./use-hydrated.ts";

/** What the basket page's action answers to a form sent with JavaScript. */
export interface CartActionData {
  ok: boolean;
  intent: string;
  errorKey?: string;
  warningKey?: string;
}

/**
 * One basket line: picture, brand, name, colour, size, price with reductions, quantity, promotion, remove and
 * move to the wishlist. Every control is a form posted to the basket page's action; with JavaScript the forms
 * go through a fetcher (no page load) and the quantity is sent as soon as it changes.
 */
export function BasketItemRow({ item, promotions }: { item: BasketItem; promotions: BasketPromotion[] }) {
  const t = useT();
  const { shop } = useStoreData();
  const fetcher = useFetcher<CartActionData>({ key: `basket-item-${item.key}` });
  const hydrated = useHydrated();
  const action = localizedPath(shop.code as never, "/cart/");
  const busy = fetcher.state !== "idle";
  const { price } = item;
  const promotion = promotions.find((p) => p.id === item.promotionId);
  const nameOf = (id: string | null) => promotions.find((p) => p.id === id)?.name ?? id ?? "";
  // Basket-level discounts are shown in the summary; the row shows the line's own reductions.
  const promotionReductions = price.appliedReductions.filter((r) => r.category === "promotion" && r.level === "item");
  const quantities = Array.from({ length: Math.max(item.maxQuantity, item.quantity) }, (_, i) => i + 1);
  const hidden = (
    <>
      <input type="hidden" name="itemKey" value={item.key} />
      {hydrated ? <input type="hidden" name="via" value="js" /> : null}
    </>
  );

  return (
    <li
      className={`basket-item${item.isGift ? " basket-item--gift" : ""}`}
      data-testid="basket-item"
      data-variant-id={item.variant.id}
      aria-busy={busy || undefined}
    >
      <Link to={item.product.path} className="basket-item__image-link" tabIndex={-1} aria-hidden="true">
        {item.product.image ? (
          <img src={item.product.image.url} alt="" width={120} height={160} className="basket-item__image" />
        ) : (
          <span className="basket-item__image" />
        )}
      </Link>
      <div className="basket-item__body">
        <p className="basket-item__brand">{item.product.brand}</p>
        <h3 className="basket-item__name">
          <Link to={item.product.path}>{item.product.name}</Link>
        </h3>
        <p className="basket-item__meta">
          <span className="basket-item__swatch" style={{ background: item.product.colorHex }} aria-hidden="true" />
          {t("basket.colour")}: {item.product.colorLabel}
        </p>
        <p className="basket-item__meta">
          {t("basket.size")}: {item.variant.sizeLabel}
        </p>
        <p className="basket-item__unit">
          <SalePrice
            amount={formatMoney(Math.min(price.unitDiscounted, price.unitWithTax), shop)}
            regular={price.unitDiscounted < price.unitWithTax ? formatMoney(price.unitWithTax, shop) : null}
          />
          {item.quantity > 1 ? <span className="basket-item__per"> {t("basket.per_piece")}</span> : null}
        </p>
        {item.isGift ? (
          <p className="basket-item__badge basket-item__badge--gift">{t("basket.gift")}</p>
        ) : promotion ? (
          <p className="basket-item__badge" style={{ borderColor: promotion.customData.colorHex }}>
            {promotion.name}
          </p>
        ) : null}
        {promotionReductions.length > 0 ? (
          <ul className="basket-item__reductions">
            {promotionReductions.map((r) => (
              <li key={r.promotionId ?? r.category}>
                {nameOf(r.promotionId)}: {formatMoney(r.amount, shop)}
              </li>
            ))}
          </ul>
        ) : null}

        {item.isGift ? null : (
          <div className="basket-item__controls">
            <fetcher.Form method="post" action={action} className="basket-item__quantity">
              {hidden}
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="promotionId" value={item.promotionId ?? ""} />
              <label className="basket-field">
                <span className="basket-field__label">{t("basket.quantity")}</span>
                <select
                  key={item.quantity}
                  name="quantity"
                  defaultValue={item.quantity}
                  className="basket-select"
                  data-testid="basket-quantity"
                  onChange={(event) => {
                    if (hydrated) fetcher.submit(event.currentTarget.form);
                  }}
                >
                  {quantities.map((q) => (
                    <option key={q} value={q}>
                      {q}
                    </option>
                  ))}
                </select>
              </label>
              {hydrated ? null : (
                <button type="submit" className="basket-button basket-button--secondary basket-button--small">
                  {t("basket.update")}
                </button>
              )}
            </fetcher.Form>
            {item.applicablePromotionIds.length > 1 ? (
              <fetcher.Form method="post" action={action} className="basket-item__quantity">
                {hidden}
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="quantity" value={item.quantity} />
                <label className="basket-field">
                  <span className="basket-field__label">{t("basket.promotion_choice")}</span>
                  <select
                    key={item.promotionId ?? ""}
                    name="promotionId"
                    defaultValue={item.promotionId ?? ""}
                    className="basket-select"
                    onChange={(event) => {
                      if (hydrated) fetcher.submit(event.currentTarget.form);
                    }}
                  >
                    {item.applicablePromotionIds.map((id) => (
                      <option key={id} value={id}>
                        {nameOf(id)}
                      </option>
                    ))}
                    <option value="">{t("basket.promotion_none")}</option>
                  </select>
                </label>
                {hydrated ? null : (
                  <button type="submit" className="basket-button basket-button--secondary basket-button--small">
                    {t("basket.update")}
                  </button>
                )}
              </fetcher.Form>
            ) : null}
            <fetcher.Form method="post" action={action} className="basket-item__actions">
              {hidden}
              <button type="submit" name="intent" value="wishlist" className="basket-link">
                {t("basket.move_to_wishlist")}
              </button>
              <button type="submit" name="intent" value="remove" className="basket-link">
                {t("basket.remove")}
                <span className="visually-hidden">: {item.product.name}</span>
              </button>
            </fetcher.Form>
          </div>
        )}
        {fetcher.data?.errorKey ? (
          <p className="basket-notice basket-notice--error" role="alert">
            {t(fetcher.data.errorKey)}
          </p>
        ) : null}
        {fetcher.data?.warningKey ? (
          <p className="basket-notice basket-notice--warning" role="status">
            {t(fetcher.data.warningKey)}
          </p>
        ) : null}
      </div>
      <div className="basket-item__total">
        <SalePrice
          amount={formatMoney(price.subtotal, shop)}
          regular={price.subtotal < price.withTax ? formatMoney(price.withTax, shop) : null}
          testId="basket-item-total"
        />
      </div>
    </li>
  );
}
