import { formatMoney } from "@vitrine/commerce/money";
import { useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";
import { formatRate } from "./format.ts";

/** Lines and totals of a checkout or an order, computed by the server (checkout, confirmation, order pages). */

export interface SummaryLine {
  key: string;
  name: string;
  brand: string;
  colorLabel: string;
  sizeLabel: string;
  quantity: number;
  /** The line after every reduction. */
  total: number;
  /** The line at the regular price (shown struck through when reduced). */
  regularTotal: number;
  imageUrl: string | null;
  isGift: boolean;
  backorder: boolean;
  /** Units registered for return (order pages). */
  returned?: number;
}

export interface SummaryTotals {
  currency: "EUR" | "CHF";
  itemsListTotal: number;
  reductions: { key: string; category: string; name: string | null; amount: number }[];
  deliveryMethod: string;
  deliveryPrice: number;
  paymentFee: number;
  giftCard: { maskedCode: string; amount: number } | null;
  total: number;
  amountDue: number;
  tax: number;
  vatRate: number;
}

export function SummaryLines({ lines, headingId }: { lines: SummaryLine[]; headingId?: string }) {
  const t = useT();
  const { shop } = useStoreData();
  return (
    <ul className="order-lines" aria-labelledby={headingId}>
      {lines.map((line) => (
        <li key={line.key} className="order-line">
          <div className="order-line__image">
            {line.imageUrl ? <img src={line.imageUrl} alt="" width={64} height={85} loading="lazy" /> : null}
            <span className="order-line__quantity" aria-hidden="true">
              {line.quantity}
            </span>
          </div>
          <div className="order-line__text">
            <p className="order-line__brand">{line.brand}</p>
            <p className="order-line__name">{line.name}</p>
            <p className="order-line__variant">
              {t("checkout.summary.variant", { color: line.colorLabel, size: line.sizeLabel, quantity: line.quantity })}
            </p>
            {line.isGift ? <p className="order-line__badge">{t("checkout.summary.gift")}</p> : null}
            {line.backorder ? <p className="order-line__note">{t("checkout.summary.backorder")}</p> : null}
            {line.returned ? (
              <p className="order-line__note">{t("orders.returned_units", { count: line.returned })}</p>
            ) : null}
          </div>
          <p className="order-line__price">
            <span className={line.regularTotal > line.total ? "order-line__reduced" : undefined}>
              {line.isGift ? t("checkout.summary.free") : formatMoney(line.total, shop)}
            </span>
            {line.regularTotal > line.total ? (
              <>
                {" "}
                <s>
                  <span className="visually-hidden">{t("checkout.summary.regular_price")} </span>
                  {formatMoney(line.regularTotal, shop)}
                </s>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function SummaryTotalsList({ totals }: { totals: SummaryTotals }) {
  const t = useT();
  const { shop } = useStoreData();
  const money = (cents: number) => formatMoney(cents, { locale: shop.locale, currency: totals.currency });
  return (
    <dl className="order-totals">
      <div className="order-totals__row">
        <dt>{t("checkout.summary.items")}</dt>
        <dd>{money(totals.itemsListTotal)}</dd>
      </div>
      {totals.reductions.map((r) => (
        <div key={r.key} className="order-totals__row order-totals__row--reduction">
          <dt>{r.category === "sale" ? t("checkout.summary.sale") : (r.name ?? t("checkout.summary.promotion"))}</dt>
          <dd>{money(r.amount)}</dd>
        </div>
      ))}
      <div className="order-totals__row">
        <dt>{t("checkout.summary.delivery", { method: t(`checkout.delivery.${totals.deliveryMethod}`) })}</dt>
        <dd>{totals.deliveryPrice === 0 ? t("checkout.summary.free") : money(totals.deliveryPrice)}</dd>
      </div>
      {totals.paymentFee > 0 ? (
        <div className="order-totals__row">
          <dt>{t("checkout.summary.cod_fee")}</dt>
          <dd>{money(totals.paymentFee)}</dd>
        </div>
      ) : null}
      <div className="order-totals__row order-totals__row--total">
        <dt>{t("checkout.summary.total")}</dt>
        <dd data-testid="order-total">{money(totals.total)}</dd>
      </div>
      {totals.giftCard ? (
        <>
          <div className="order-totals__row order-totals__row--reduction">
            <dt>{t("checkout.summary.gift_card", { code: totals.giftCard.maskedCode })}</dt>
            <dd>{money(-totals.giftCard.amount)}</dd>
          </div>
          <div className="order-totals__row order-totals__row--due">
            <dt>{t("checkout.summary.amount_due")}</dt>
            <dd>{money(totals.amountDue)}</dd>
          </div>
        </>
      ) : null}
      <div className="order-totals__row order-totals__row--vat">
        <dt>{t("checkout.summary.vat", { rate: formatRate(totals.vatRate, shop.locale) })}</dt>
        <dd>{money(totals.tax)}</dd>
      </div>
    </dl>
  );
}
