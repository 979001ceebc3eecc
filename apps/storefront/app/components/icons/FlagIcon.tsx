import { Icon, type IconProps } from "./Icon.tsx";

export type FlagCountry = "at" | "ch" | "de" | "eu";

/**
 * Country flags for the store switcher: Austria, Switzerland, Germany and the EU (the international store).
 * Drawn in a 3:2 box (drawings/flag.tsx); `size` sets the height and the width follows.
 */
export function FlagIcon({ country, size = "1em", ...props }: IconProps & { country: FlagCountry }) {
  const width = typeof size === "number" ? size * 1.5 : `calc(${size} * 1.5)`;
  return (
    <Icon
      set="flag"
      symbol={country}
      viewBox="0 0 24 16"
      {...props}
      width={width}
      height={size}
      className="icon--flag"
    />
  );
}
