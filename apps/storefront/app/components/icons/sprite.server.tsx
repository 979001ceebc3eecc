import { renderToStaticMarkup } from "react-dom/server";
import { CARE_ICONS } from "./drawings/care.tsx";
import type { IconDrawings } from "./drawings/drawing.ts";
import { FLAG_ICONS } from "./drawings/flag.tsx";
import { PAYMENT_ICONS } from "./drawings/payment.tsx";
import { UI_ICONS } from "./drawings/ui.tsx";
import { ICON_SETS, type IconSet } from "./Icon.tsx";

const DRAWINGS: Record<IconSet, IconDrawings> = {
  ui: UI_ICONS,
  payment: PAYMENT_ICONS,
  flag: FLAG_ICONS,
  care: CARE_ICONS,
};

export function isIconSet(name: string): name is IconSet {
  return (ICON_SETS as readonly string[]).includes(name);
}

const sprites = new Map<IconSet, string>();

/** A set's sprite: one `<symbol>` per icon, with the id `<Icon>` refers to. Drawn once per process. */
export function renderIconSprite(set: IconSet): string {
  let sprite = sprites.get(set);
  if (!sprite) {
    const { viewBox, symbols } = DRAWINGS[set];
    sprite = renderToStaticMarkup(
      // biome-ignore lint/a11y/noSvgWithoutTitle: a sprite is never shown itself; each <use> of it has its own name.
      <svg xmlns="http://www.w3.org/2000/svg">
        {Object.entries(symbols).map(([id, drawing]) => (
          <symbol key={id} id={id} viewBox={viewBox}>
            {drawing}
          </symbol>
        ))}
      </svg>,
    );
    sprites.set(set, sprite);
  }
  return sprite;
}
