import type { Basket } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";
import { Link } from "../Link.tsx";

/** Totals computed by the server: items, each reduction, the total with VAT, the delivery hint, checkout. */
export function BasketSummary({ basket }: { basket: Basket }) {
  const t = useT();
  const { shop, service } = useStoreData();
  // Standard delivery to the store's country, at the store's price (shop settings).
  const standard = { freeFrom: service.freeShippingCents };
  const nameOf = (id: string | null) => basket.applicablePromotions.find((p) => p.id === id)?.name ?? id ?? "";
  return (
    <section className="basket-summary" aria-labelledby="basket-summary-title">
      <h2 id="basket-summary-title" className="basket-section-title">
        {t("basket.summary_title")}
      </h2>
      <dl className="basket-summary__rows">
        <div className="basket-summary__row">
          <dt>{t("basket.summary_items", { count: basket.count })}</dt>
          <dd>{formatMoney(basket.cost.itemsWithTax, shop)}</dd>
        </div>
        {[...basket.cost.appliedReductions]
          .sort((a, b) => (a.level === b.level ? 0 : a.level === "item" ? -1 : 1))
          .map((r) => (
            <div
              key={`${r.category}:${r.promotionId ?? ""}`}
              className="basket-summary__row basket-summary__row--reduction"
            >
              <dt>{r.category === "sale" ? t("basket.summary_sale") : nameOf(r.promotionId)}</dt>
              <dd>{formatMoney(r.amount, shop)}</dd>
            </div>
          ))}
        <div className="basket-summary__row">
          <dt>{t("basket.summary_delivery")}</dt>
          <dd>
            {standard?.freeFrom !== null && standard && basket.cost.withTax >= standard.freeFrom
              ? t("basket.summary_delivery_free")
              : t("basket.summary_delivery_checkout")}
          </dd>
        </div>
        <div className="basket-summary__row basket-summary__row--total">
          <dt>{t("basket.summary_total")}</dt>
          <dd data-testid="basket-total">{formatMoney(basket.cost.withTax, shop)}</dd>
        </div>
      </dl>
      <p className="basket-summary__vat">{t("basket.summary_vat", { amount: formatMoney(basket.cost.tax, shop) })}</p>
      {standard?.freeFrom && basket.cost.withTax < standard.freeFrom ? (
        <p className="basket-summary__hint">
          {t("basket.summary_free_delivery_from", { amount: formatMoney(standard.freeFrom, shop) })}
        </p>
      ) : null}
      <Link to="/checkout/" className="basket-button basket-button--primary basket-button--full">
        {t("basket.checkout")}
      </Link>
    </section>
  );
}
