import { formatMoney } from "@vitrine/commerce/money";
import { useT } from "../../i18n/i18n.tsx";
import type { PriceDisplay } from "../../lib/product-page.ts";
import { useStoreData } from "../../lib/use-store.ts";

/**
 * A price as the specification computes it: the discounted price, the regular one struck through when reduced,
 * the relative reduction, and "from" when the sizes cost different amounts.
 *
 * Amounts may be written differently by the server's and the browser's number formats (fr-CH groups thousands
 * with ' in Node and with U+202F in Chromium): the page keeps the server's text when it hydrates
 * (`suppressHydrationWarning`) and writes the browser's after the shopper changes the size.
 */
export function ProductPrice({ price, size = "md" }: { price: PriceDisplay; size?: "sm" | "md" | "lg" }) {
  const t = useT();
  const { shop } = useStoreData();
  const current = formatMoney(price.current, shop);
  return (
    <p className={`price price--${size}${price.original !== null ? " price--reduced" : ""}`}>
      <span className="price__current" suppressHydrationWarning>
        {price.original !== null ? <span className="visually-hidden">{t("product.price_now")} </span> : null}
        {price.from ? t("product.price_from", { price: current }) : current}
      </span>
      {price.original !== null ? (
        <>
          <s className="price__original" suppressHydrationWarning>
            <span className="visually-hidden">{t("product.price_before")} </span>
            {formatMoney(price.original, shop)}
          </s>
          {price.reductionPercent > 0 ? (
            <span className="price__reduction">{t("product.reduction", { percent: price.reductionPercent })}</span>
          ) : null}
        </>
      ) : null}
    </p>
  );
}
