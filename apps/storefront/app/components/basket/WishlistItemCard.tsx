import type { WishlistItem } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { discountedPrice } from "@vitrine/commerce/pricing";
import { useId } from "react";
import { useFetcher } from "react-router";
import { useT } from "../../i18n/i18n.tsx";
import { localizedPath } from "../../lib/store.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { Link } from "../Link.tsx";
import { AddToBasketForm } from "./AddToBasketForm.tsx";
import { SalePrice } from "./SalePrice.tsx";
import { useHydrated } from "./use-hydrated.ts";

/** A wishlist entry: picture, brand, name, price, a size choice with "add to basket", and remove. */
export function WishlistItemCard({ item }: { item: WishlistItem }) {
  const t = useT();
  const { shop } = useStoreData();
  const fetcher = useFetcher<{ errorKey?: string }>({ key: `wishlist-item-${item.key}` });
  const hydrated = useHydrated();
  const sizeId = useId();
  const { product } = item;
  const sellable = product.variants.filter((v) => v.isSellable);
  const chosen = item.variant?.isSellable ? item.variant.id : sellable.length === 1 ? sellable[0]?.id : undefined;
  const price = product.price;
  const reduced = price && discountedPrice(price) < price.withTax;

  return (
    <li
      className="wishlist-card"
      data-testid="wishlist-item"
      data-product-id={product.id}
      aria-busy={fetcher.state !== "idle" || undefined}
    >
      <Link to={product.path} className="wishlist-card__image-link" tabIndex={-1} aria-hidden="true">
        {product.image ? (
          <img
            src={product.image.url}
            alt=""
            width={300}
            height={400}
            loading="lazy"
            className="wishlist-card__image"
          />
        ) : (
          <span className="wishlist-card__image" />
        )}
      </Link>
      <fetcher.Form
        method="post"
        action={localizedPath(shop.code as never, "/wishlist/")}
        className="wishlist-card__remove"
      >
        <input type="hidden" name="itemKey" value={item.key} />
        {hydrated ? <input type="hidden" name="via" value="js" /> : null}
        <button type="submit" name="intent" value="remove" className="wishlist-card__remove-button">
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">
            {t("wishlist.remove")}: {product.name}
          </span>
        </button>
      </fetcher.Form>
      <div className="wishlist-card__body">
        <p className="basket-item__brand">{product.brand}</p>
        <h2 className="wishlist-card__name">
          <Link to={product.path}>{product.name}</Link>
        </h2>
        <p className="basket-item__meta">
          {t("basket.colour")}: {product.colorLabel}
        </p>
        {price ? (
          <p className="wishlist-card__price">
            <SalePrice
              amount={formatMoney(discountedPrice(price), shop)}
              regular={reduced ? formatMoney(price.withTax, shop) : null}
            />
          </p>
        ) : null}
        {product.isSoldOut ? (
          <p className="basket-notice basket-notice--warning">{t("wishlist.sold_out")}</p>
        ) : (
          <AddToBasketForm className="wishlist-card__add" returnTo="/wishlist/">
            <label className="basket-field" htmlFor={sizeId}>
              <span className="basket-field__label">{t("basket.size")}</span>
            </label>
            <select
              id={sizeId}
              name="variantId"
              required
              defaultValue={chosen ?? ""}
              className="basket-select"
              data-testid="wishlist-size"
            >
              <option value="" disabled>
                {t("wishlist.choose_size")}
              </option>
              {product.variants.map((v) => (
                <option key={v.id} value={v.id} disabled={!v.isSellable}>
                  {v.isSellable ? v.sizeLabel : t("wishlist.size_sold_out", { size: v.sizeLabel })}
                </option>
              ))}
            </select>
          </AddToBasketForm>
        )}
        {fetcher.data?.errorKey ? (
          <p className="basket-notice basket-notice--error" role="alert">
            {t(fetcher.data.errorKey)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
