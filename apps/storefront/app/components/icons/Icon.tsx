import type { ReactNode, SVGProps } from "react";

/**
 * Props every icon takes. Icons are decorative (`aria-hidden`) unless they get a `title`, which makes them an
 * image with that accessible name. Size defaults to 1em, so an icon follows the font size around it.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** Accessible name; without it the icon is hidden from assistive technology. */
  title?: string;
  /** Width and height (number = px, or any CSS length). Default `1em`. */
  size?: number | string;
}

/** The `<svg>` wrapper shared by all icons. */
export function Icon({
  title,
  size = "1em",
  viewBox = "0 0 24 24",
  className,
  children,
  ...rest
}: IconProps & { viewBox?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative icons are aria-hidden; a titled icon renders <title>.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width={size}
      height={size}
      className={className ? `icon ${className}` : "icon"}
      focusable="false"
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

/** Stroke settings for the line icons (24×24 grid, 1.6 px lines, round ends). */
export const LINE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.6,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;
