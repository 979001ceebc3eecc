import type { SVGProps } from "react";
import { BUILD_ID } from "../../lib/build.ts";

/** The icon sets: each is one SVG sprite of symbols (drawings/, served by routes/images.ts). */
export const ICON_SETS = ["ui", "payment", "flag", "care"] as const;
export type IconSet = (typeof ICON_SETS)[number];

/**
 * Props every icon takes. Icons are decorative (`aria-hidden`) unless they get a `title`, which makes them an
 * image with that accessible name. Size defaults to 1em, so an icon follows the font size around it.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** Accessible name; without it the icon is hidden from assistive technology. */
  title?: string;
  /** Height (number = px, or any CSS length); the width follows the drawing's proportions. Default `1em`. */
  size?: number | string;
}

/** Address of a set's sprite: the build id in it lets browsers keep it for good. */
function iconSpriteUrl(set: IconSet): string {
  return `/images/icons/${set}.svg?v=${encodeURIComponent(BUILD_ID)}`;
}

/**
 * An icon: a `<use>` of a symbol in its set's sprite. The drawings reach the browser once, as a cached SVG file
 * per set, instead of inside the JavaScript of every page; `currentColor` in a line icon still follows the
 * text colour around it.
 */
export function Icon({
  set,
  symbol,
  title,
  size = "1em",
  viewBox = "0 0 24 24",
  className,
  ...rest
}: IconProps & { set: IconSet; symbol: string; viewBox?: string }) {
  const [, , boxWidth = 1, boxHeight = 1] = viewBox.split(" ").map(Number);
  const ratio = boxWidth / boxHeight;
  const width = typeof size === "number" ? size * ratio : ratio === 1 ? size : `calc(${size} * ${ratio})`;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative icons are aria-hidden; a titled icon renders <title>.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width={width}
      height={size}
      className={className ? `icon ${className}` : "icon"}
      focusable="false"
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${iconSpriteUrl(set)}#${symbol}`} />
    </svg>
  );
}
