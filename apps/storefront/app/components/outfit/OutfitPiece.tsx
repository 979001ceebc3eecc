import { useT } from "../../i18n/i18n.tsx";
import type { OutfitItem } from "../../lib/outfit-page.ts";
import type { SizeOption } from "../../lib/product-page.ts";
import { Link } from "../Link.tsx";
import { ProductPrice } from "../product/ProductPrice.tsx";

export interface OutfitPieceProps {
  item: OutfitItem;
  selected: number | null;
  onSelect: (variantId: number | null) => void;
  missing: boolean;
  required: boolean;
}

/**
 * One piece of a look: picture, brand, name, colour, price and its size choice (a `variantId` select of the
 * look's form). Sold-out sizes are listed but cannot be chosen; a sold-out piece is not part of the look's order.
 */
export function OutfitPiece({ item, selected, onSelect, missing, required }: OutfitPieceProps) {
  const t = useT();
  const { product } = item;
  const chosen = item.sizes.find((s) => s.variantId === selected);
  const selectId = `size-${product.id}`;
  const errorId = `size-${product.id}-error`;
  return (
    <li className={`outfit-piece${missing ? " outfit-piece--missing" : ""}`}>
      <Link to={product.path} className="outfit-piece__image" tabIndex={-1} aria-hidden="true">
        {product.imageUrl ? <img src={product.imageUrl} alt="" width={150} height={200} loading="lazy" /> : null}
      </Link>
      <div className="outfit-piece__body">
        <p className="outfit-piece__brand">{product.brand}</p>
        <h2 className="outfit-piece__name">
          <Link to={product.path}>{product.name}</Link>
        </h2>
        <p className="outfit-piece__colour">{item.colourLabel}</p>
        <ProductPrice price={chosen ? chosen.price : product.price} size="sm" />
        {product.isSoldOut ? (
          <p className="outfit-piece__sold-out">{t("outfit.sold_out")}</p>
        ) : (
          <div className="outfit-piece__size">
            <label htmlFor={selectId}>{t("outfit.size_label")}</label>
            <select
              id={selectId}
              name="variantId"
              required={required}
              value={selected ?? ""}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? errorId : undefined}
              onChange={(event) => onSelect(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{t("outfit.choose_size")}</option>
              {item.sizes.map((s) => (
                <option key={s.variantId} value={s.variantId} disabled={s.availability === "sold_out"}>
                  {optionText(t, s)}
                </option>
              ))}
            </select>
            {missing ? (
              <p id={errorId} className="outfit-piece__error">
                {t("outfit.size_missing")}
              </p>
            ) : null}
          </div>
        )}
      </div>
    </li>
  );
}

function optionText(t: ReturnType<typeof useT>, size: SizeOption): string {
  switch (size.availability) {
    case "sold_out":
      return t("outfit.option_sold_out", { size: size.label });
    case "low_stock":
      return t("outfit.option_low_stock", { size: size.label, count: size.left ?? 0 });
    case "later":
      return t("outfit.option_later", { size: size.label, date: size.delivery.min });
    default:
      return size.label;
  }
}
