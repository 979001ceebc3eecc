import { useT } from "../../i18n/i18n.tsx";
import type { OutfitTileData } from "../../lib/outfit-page.ts";
import { Link } from "../Link.tsx";

/** A look on the looks page: its pieces' pictures, its name, how many pieces and what they cost together. */
export function OutfitTile({ outfit }: { outfit: OutfitTileData }) {
  const t = useT();
  const total = outfit.total.text;
  return (
    <article className="outfit-tile">
      <Link to={outfit.path} className="outfit-tile__link">
        <div className={`outfit-tile__images outfit-tile__images--${Math.min(outfit.images.length, 4)}`}>
          {outfit.images.map((src) => (
            <img key={src} src={src} alt="" width={150} height={200} loading="lazy" />
          ))}
        </div>
        <h2 className="outfit-tile__name">{outfit.name}</h2>
      </Link>
      <p className="outfit-tile__meta">
        {t("outfit.pieces", { count: outfit.pieces })}
        {" · "}
        {outfit.total.from ? t("product.price_from", { price: total }) : total}
      </p>
    </article>
  );
}
