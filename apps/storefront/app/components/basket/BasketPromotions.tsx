import type { BasketPromotion } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";

/** The promotions the basket qualifies for: what each saves now, or what is missing for it ("add one more …"). */
export function BasketPromotions({ promotions }: { promotions: BasketPromotion[] }) {
  const t = useT();
  if (promotions.length === 0) return null;
  return (
    <section className="basket-promotions" aria-labelledby="basket-promotions-title">
      <h2 id="basket-promotions-title" className="basket-section-title">
        {t("basket.promotions_title")}
      </h2>
      <ul className="basket-promotions__list">
        {promotions.map((p) => (
          <li
            key={p.id}
            className={`basket-promotion${p.applied ? " basket-promotion--applied" : ""}`}
            data-promotion={p.id}
          >
            <span className="basket-promotion__dot" style={{ background: p.customData.colorHex }} aria-hidden="true" />
            <span className="basket-promotion__name">{p.name}</span>
            <PromotionStatus promotion={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PromotionStatus({ promotion: p }: { promotion: BasketPromotion }) {
  const t = useT();
  const { shop } = useStoreData();
  let text: string;
  if (p.applied && p.giftVariantIds.length > 0) text = t("basket.promotion.gift_added");
  else if (p.applied) text = t("basket.promotion.saved", { amount: formatMoney(-p.amount, shop) });
  else if (p.progress?.kind === "quantity")
    text =
      p.giftVariantIds.length > 0
        ? t("basket.promotion.progress_gift", { count: p.progress.missing })
        : t("basket.promotion.progress_quantity", { count: p.progress.missing, reward: p.progress.reward });
  else if (p.progress?.kind === "amount")
    text = t("basket.promotion.progress_amount", { amount: formatMoney(p.progress.missing, shop) });
  else text = t("basket.promotion.not_combined");
  return <span className="basket-promotion__status">{text}</span>;
}
