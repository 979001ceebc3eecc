import { formatMoney } from "@vitrine/commerce/money";
import type { ResolvedShippingRates, ShippingRate } from "../../content/resolved.ts";
import { useT } from "../../i18n/i18n.tsx";
import { useStoreData } from "../../lib/use-store.ts";
import { countryName } from "../checkout/format.ts";

/** Where the store delivers, and what each delivery costs and takes: one row per country of its setting. */
export function ShippingRates({ block }: { block: ResolvedShippingRates }) {
  const t = useT();
  const { shop } = useStoreData();
  const titleId = `${block.id}-title`;
  const money = (cents: number) => formatMoney(cents, shop);
  const names = block.countries.map((c) => countryName(c.code, shop.locale));
  const cell = (rate: ShippingRate | undefined) =>
    rate ? (
      <>
        <span className="shipping-rates__price">{money(rate.price)}</span>
        {rate.freeFrom !== null ? (
          <span className="shipping-rates__free">
            {t("content.shipping_free_from", { amount: money(rate.freeFrom) })}
          </span>
        ) : null}
        <span className="shipping-rates__days">
          {t("content.shipping_days", { min: rate.days.min, max: rate.days.max })}
        </span>
      </>
    ) : (
      "–"
    );
  return (
    <div className="shipping-rates" data-countries={block.countries.map((c) => c.code).join(" ")}>
      <h2 className="block-title" id={titleId}>
        {block.title ?? t("content.shipping_title")}
      </h2>
      <p>
        {t("content.shipping_countries", {
          countries: new Intl.ListFormat(shop.locale, { type: "conjunction" }).format(names),
        })}
      </p>
      {/* The table scrolls sideways on narrow screens: a named region keyboards can reach and scroll. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
      <section className="size-chart__scroll" aria-labelledby={titleId} tabIndex={0}>
        <table className="size-chart__table shipping-rates__table">
          <thead>
            <tr>
              <th scope="col">{t("content.shipping_country")}</th>
              <th scope="col">{t("content.shipping_standard")}</th>
              <th scope="col">{t("content.shipping_express")}</th>
            </tr>
          </thead>
          <tbody>
            {block.countries.map((country, index) => (
              <tr key={country.code} data-country={country.code}>
                <th scope="row">{names[index]}</th>
                <td>{cell(country.methods.find((m) => m.id === "standard"))}</td>
                <td>{cell(country.methods.find((m) => m.id === "express"))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
