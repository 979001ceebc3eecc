import { Icon, type IconProps } from "./Icon.tsx";

export type FlagCountry = "at" | "ch" | "de" | "eu";

/**
 * Country flags for the store switcher: Austria, Switzerland, Germany and the EU (the international store).
 * Drawn in a 3:2 box (drawings/flag.tsx); `size` sets the height.
 */
export function FlagIcon({ country, ...props }: IconProps & { country: FlagCountry }) {
  return <Icon set="flag" symbol={country} viewBox="0 0 24 16" {...props} className="icon--flag" />;
}
