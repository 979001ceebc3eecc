import { useT } from "../../i18n/i18n.tsx";

export interface ProductBadgesProps {
  isNew: boolean;
  isSoldOut: boolean;
  freeTextBadge: string | null;
  /** The running promotion, in its colour (`textColor` reads well on it). */
  promotion: { name: string; colorHex: string; textColor: string } | null;
}

/** Badges over a product: sold out, new, the running promotion in its own colour, the free-text badge. */
export function ProductBadges({ isNew, isSoldOut, freeTextBadge, promotion }: ProductBadgesProps) {
  const t = useT();
  if (!isNew && !isSoldOut && !freeTextBadge && !promotion) return null;
  return (
    <ul className="badges">
      {isSoldOut ? <li className="badge badge--sold-out">{t("product.badge_sold_out")}</li> : null}
      {isNew ? <li className="badge badge--new">{t("product.badge_new")}</li> : null}
      {promotion ? (
        <li
          className="badge badge--promotion"
          style={{ backgroundColor: promotion.colorHex, color: promotion.textColor }}
        >
          {promotion.name}
        </li>
      ) : null}
      {freeTextBadge ? <li className="badge badge--text">{freeTextBadge}</li> : null}
    </ul>
  );
}
