import type { CSSProperties } from "react";
import { useT } from "../../i18n/i18n.tsx";
import type { ColourOption } from "../../lib/product-page.ts";
import { Link } from "../Link.tsx";

/** The colours a product comes in: each swatch leads to that colour's page; the shown one is marked. */
export function ColourSwatches({ colours, current }: { colours: ColourOption[]; current: string }) {
  const t = useT();
  return (
    <div className="colours">
      <p className="colours__label">{t("product.colour", { colour: current })}</p>
      {colours.length > 1 ? (
        <ul className="colours__list" aria-label={t("product.colours_label", { count: colours.length })}>
          {colours.map((c) => (
            <li key={c.productId}>
              <Link
                to={c.path}
                className="swatch"
                aria-current={c.isActive ? "page" : undefined}
                title={c.label}
                preventScrollReset
                style={{ "--swatch": c.colorHex } as CSSProperties}
              >
                <span className="visually-hidden">{c.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
