import { formatMoney } from "@vitrine/commerce/money";
import type { Shop } from "@vitrine/commerce/shops";
import { useT } from "../../i18n/i18n.tsx";
import type { SizeChartTable } from "../../lib/size-chart.ts";
import { CareIcon, isCareSymbolId } from "../icons/CareIcon.tsx";
import { SizeChart } from "./SizeChart.tsx";

export interface ProductDetailsProps {
  description: string;
  /** The description's language when it is not the store's (a fallback): marked with `lang`. */
  textLang?: string;
  referenceKey: string;
  details: { key: string; label: string; value: string }[];
  care: { id: string; label: string }[];
  sizeChart: SizeChartTable | null;
  sizeChartId: string;
  shop: Pick<Shop, "locale" | "currency">;
  delivery: {
    methods: { id: string; price: number; freeFrom: number | null; days: { min: number; max: number } }[];
    returnDays: number;
  };
}

/**
 * Description, material and care, size chart, delivery and returns: sections that open and close (plain
 * `<details>`, so they work without JavaScript). Following a link to the size chart opens its section.
 *
 * Nothing in them needs JavaScript, so they are rendered to HTML on the server only (product-details.server.tsx)
 * and the page shows that HTML: their code, the size chart's and the care symbols' stay out of the browser.
 */
export function ProductDetails(props: ProductDetailsProps) {
  const t = useT();
  const { shop } = props;
  return (
    <>
      <details className="product-details__section" open>
        <summary>{t("product.description")}</summary>
        <div className="product-details__body">
          {props.description ? <p lang={props.textLang}>{props.description}</p> : null}
          <p className="product-details__reference">{t("product.reference", { reference: props.referenceKey })}</p>
        </div>
      </details>
      {props.details.length > 0 || props.care.length > 0 ? (
        <details className="product-details__section">
          <summary>{t("product.material_and_care")}</summary>
          <div className="product-details__body">
            {props.details.length > 0 ? (
              <dl className="product-details__attributes">
                {props.details.map((d) => (
                  <div key={d.key}>
                    <dt>{d.label}</dt>
                    <dd>{d.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {props.care.length > 0 ? (
              <>
                <h3 className="product-details__subheading">{t("product.care_instructions")}</h3>
                <ul className="care">
                  {props.care.map((c) => (
                    <li key={c.id} className="care__item">
                      {isCareSymbolId(c.id) ? <CareIcon symbol={c.id} size={28} /> : null}
                      <span>{c.label}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </details>
      ) : null}
      {props.sizeChart ? (
        <details className="product-details__section">
          <summary>{t("product.size_chart")}</summary>
          <div className="product-details__body product-details__body--scroll" id={props.sizeChartId}>
            <SizeChart table={props.sizeChart} />
            <p className="product-details__note">{t("product.size_chart_note")}</p>
          </div>
        </details>
      ) : null}
      <details className="product-details__section">
        <summary>{t("product.delivery_and_returns")}</summary>
        <div className="product-details__body">
          <ul className="delivery-methods">
            {props.delivery.methods.map((m) => (
              <li key={m.id}>
                <strong>{t(`product.delivery_method_${m.id}`)}</strong>{" "}
                {t("product.delivery_days", { min: m.days.min, max: m.days.max })}
                {" · "}
                {formatMoney(m.price, shop)}
                {m.freeFrom !== null
                  ? ` ${t("product.delivery_free_from", { amount: formatMoney(m.freeFrom, shop) })}`
                  : ""}
              </li>
            ))}
          </ul>
          <p>{t("product.returns", { days: props.delivery.returnDays })}</p>
        </div>
      </details>
    </>
  );
}
