import { useT } from "../../i18n/i18n.tsx";

/**
 * A price with the regular one struck through when it is reduced, in the order of the product page and the
 * product tiles everywhere: the price to pay first, then the regular price ("29,95 € ~~49,95 €~~").
 */
export function SalePrice({ amount, regular, testId }: { amount: string; regular?: string | null; testId?: string }) {
  const t = useT();
  if (!regular) return <span data-testid={testId}>{amount}</span>;
  return (
    <>
      <span className="basket-price__sale" data-testid={testId}>
        {amount}
      </span>{" "}
      <s className="basket-price__old">
        <span className="visually-hidden">{t("product.price_before")} </span>
        {regular}
      </s>
    </>
  );
}
