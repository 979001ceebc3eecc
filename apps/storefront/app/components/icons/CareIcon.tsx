import { Icon, type IconProps } from "./Icon.tsx";

/**
 * Care symbols (ISO 3758 families; drawings/care.tsx) for every id of the catalogue vocabulary (`CARE_SYMBOLS`
 * in `@vitrine/commerce/vocabulary`). Pass the instruction as `title` (the product view carries it as the care
 * attribute's label) so the symbol has an accessible name.
 */
export const CARE_SYMBOL_IDS = [
  "wash_30",
  "wash_40",
  "hand_wash",
  "no_bleach",
  "tumble_low",
  "no_tumble",
  "iron_low",
  "iron_medium",
  "no_iron",
  "dry_clean",
  "no_dry_clean",
] as const;

export type CareSymbolId = (typeof CARE_SYMBOL_IDS)[number];

export function isCareSymbolId(id: string): id is CareSymbolId {
  return (CARE_SYMBOL_IDS as readonly string[]).includes(id);
}

export function CareIcon({ symbol, ...props }: IconProps & { symbol: CareSymbolId }) {
  return <Icon set="care" symbol={symbol} {...props} className="icon--care" />;
}
