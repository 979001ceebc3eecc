import { type CSSProperties, createContext, useContext } from "react";
import { useT } from "../../i18n/i18n.tsx";
import type { ColourOption, ColourSwitchState } from "../../lib/product-page.ts";
import { Link } from "../Link.tsx";

/** The size key chosen on this page (the purchase form provides it), kept when the shopper switches colour. */
export const ChosenSizeContext = createContext<string | null>(null);

/**
 * The colours a product comes in: each swatch leads to that colour's page; the shown one is marked. A chosen
 * size travels along, and the other colour's page preselects it where that colour has it to buy.
 */
export function ColourSwatches({ colours, current }: { colours: ColourOption[]; current: string }) {
  const t = useT();
  const chosenSize = useContext(ChosenSizeContext);
  const state: ColourSwitchState | undefined = chosenSize ? { keepSize: chosenSize } : undefined;
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
                state={state}
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
