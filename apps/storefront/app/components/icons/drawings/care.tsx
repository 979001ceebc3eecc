import type { ReactNode } from "react";
import type { CareSymbolId } from "../CareIcon.tsx";
import { type IconDrawings, LINE } from "./drawing.ts";

const TUB = (
  <>
    <path d="M3 8.5 5 19h14l2-10.5" />
    <path d="M3 8.5c1.5 1.3 3 1.3 4.5 0s3-1.3 4.5 0 3 1.3 4.5 0 3-1.3 4.5 0" />
  </>
);
const CROSS = <path d="m3.5 3.5 17 17m0-17-17 17" />;
const DRYER = (
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="1" />
    <circle cx="12" cy="12" r="6" />
  </>
);
const IRON = (
  <>
    <path d="M3.5 18h17c0-5-2-8.5-6.5-8.5H8.5" />
    <path d="M8.5 9.5V7h6.5" />
    <path d="M3.5 18c.6-3.8 2.7-6.5 5-8.5" />
  </>
);
const DOT = (cx: number) => <circle cx={cx} cy="14.8" r=".9" fill="currentColor" stroke="none" />;
const TEMPERATURE = (value: string) => (
  <text
    x="12"
    y="17"
    fontSize="6.5"
    fontFamily="Arial, sans-serif"
    fill="currentColor"
    stroke="none"
    textAnchor="middle"
  >
    {value}
  </text>
);

const SYMBOLS: Record<CareSymbolId, ReactNode> = {
  wash_30: (
    <>
      {TUB}
      {TEMPERATURE("30")}
    </>
  ),
  wash_40: (
    <>
      {TUB}
      {TEMPERATURE("40")}
    </>
  ),
  hand_wash: (
    <>
      {TUB}
      <path d="M9 17v-3.5m2-1.5v4.5m2-4.8V17m2-3.8V17" />
    </>
  ),
  no_bleach: (
    <>
      <path d="M12 3.5 21 19H3z" />
      <path d="m5.5 6 13 14m0-14-13 14" />
    </>
  ),
  tumble_low: (
    <>
      {DRYER}
      <circle cx="12" cy="12" r=".9" fill="currentColor" stroke="none" />
    </>
  ),
  no_tumble: (
    <>
      {DRYER}
      {CROSS}
    </>
  ),
  iron_low: (
    <>
      {IRON}
      {DOT(12.5)}
    </>
  ),
  iron_medium: (
    <>
      {IRON}
      {DOT(11)}
      {DOT(14)}
    </>
  ),
  no_iron: (
    <>
      {IRON}
      <path d="m5 5.5 14 14m0-14-14 14" />
    </>
  ),
  dry_clean: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <text
        x="12"
        y="15.6"
        fontSize="10"
        fontFamily="Arial, sans-serif"
        fill="currentColor"
        stroke="none"
        textAnchor="middle"
      >
        P
      </text>
    </>
  ),
  no_dry_clean: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m5 5 14 14m0-14L5 19" />
    </>
  ),
};

/** Care symbols (ISO 3758 families) for every id of the catalogue vocabulary, in thinner lines. */
export const CARE_ICONS: IconDrawings = {
  viewBox: "0 0 24 24",
  symbols: Object.fromEntries(
    Object.entries(SYMBOLS).map(([id, symbol]) => [
      id,
      <g key={id} {...LINE} strokeWidth={1.4}>
        {symbol}
      </g>,
    ]),
  ),
};
