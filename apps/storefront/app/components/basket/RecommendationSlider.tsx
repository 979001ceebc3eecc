import { formatMoney } from "@vitrine/commerce/money";
import { useId } from "react";
import type { RecommendedProduct } from "../../lib/basket-recommendations.server.ts";
import { useStoreData } from "../../lib/use-store.ts";
import { Link } from "../Link.tsx";
import { SalePrice } from "./SalePrice.tsx";

/** A row of recommended products that scrolls sideways (swipe, or the scroll bar): no script needed. */
export function RecommendationSlider({ title, products }: { title: string; products: RecommendedProduct[] }) {
  const { shop } = useStoreData();
  const id = useId();
  if (products.length === 0) return null;
  return (
    <section className="basket-reco" aria-labelledby={id}>
      <h2 id={id} className="basket-reco__title">
        {title}
      </h2>
      <ul className="basket-reco__list">
        {products.map((p) => (
          <li key={p.id} className="basket-reco__item">
            <Link to={p.path} className="basket-reco__link">
              {p.imageUrl ? (
                <img src={p.imageUrl} alt="" width={240} height={320} loading="lazy" className="basket-reco__image" />
              ) : (
                <span className="basket-reco__image" />
              )}
              <span className="basket-item__brand">{p.brand}</span>
              <span className="basket-reco__name">{p.name}</span>
              <span className="basket-reco__price">
                <SalePrice
                  amount={formatMoney(p.price, shop)}
                  regular={p.listPrice ? formatMoney(p.listPrice, shop) : null}
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
