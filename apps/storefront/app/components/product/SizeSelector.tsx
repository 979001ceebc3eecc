import { useT } from "../../i18n/i18n.tsx";
import type { SizeOption } from "../../lib/product-page.ts";

export interface SizeSelectorProps {
  sizes: SizeOption[];
  selected: number | null;
  onSelect: (variantId: number) => void;
  /** Shown when the shopper tried to add without a size. */
  error: string | null;
  /** Id of the size chart, linked next to the heading. */
  sizeChartId?: string;
  /** Without JavaScript the browser itself asks for a size (a required radio group). */
  required: boolean;
}

/**
 * Sizes in the specification's order as radio buttons named `variantId`, so the basket form posts the choice
 * with or without JavaScript. Sold-out sizes stay visible but cannot be chosen; sizes sold without stock say when
 * they arrive; the last few pieces say how many are left.
 */
export function SizeSelector({ sizes, selected, onSelect, error, sizeChartId, required }: SizeSelectorProps) {
  const t = useT();
  return (
    <fieldset className={`sizes${error ? " sizes--error" : ""}`} aria-describedby={error ? "size-error" : undefined}>
      <legend className="sizes__legend">
        {t("product.size")}
        {sizeChartId ? (
          <a
            className="sizes__chart-link"
            href={`#${sizeChartId}`}
            onClick={() => document.getElementById(sizeChartId)?.closest("details")?.setAttribute("open", "")}
          >
            {t("product.size_chart")}
          </a>
        ) : null}
      </legend>
      <div className="sizes__list">
        {sizes.map((s) => {
          const soldOut = s.availability === "sold_out";
          return (
            <label key={s.variantId} className={`size size--${s.availability.replace("_", "-")}`}>
              <input
                className="size__input"
                type="radio"
                name="variantId"
                value={s.variantId}
                checked={selected === s.variantId}
                disabled={soldOut}
                required={required}
                onChange={() => onSelect(s.variantId)}
              />
              <span className="size__label">{s.label}</span>
              <SizeNote size={s} />
            </label>
          );
        })}
      </div>
      {error ? (
        <p id="size-error" className="sizes__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function SizeNote({ size }: { size: SizeOption }) {
  const t = useT();
  switch (size.availability) {
    case "sold_out":
      return <span className="size__note">{t("product.size_sold_out")}</span>;
    case "low_stock":
      return <span className="size__note size__note--low">{t("product.only_left", { count: size.left ?? 0 })}</span>;
    case "later":
      return (
        <span className="size__note size__note--later">{t("product.size_later", { date: size.delivery.min })}</span>
      );
    default:
      return null;
  }
}
