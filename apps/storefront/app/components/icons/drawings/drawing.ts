import type { ReactNode } from "react";

/** One icon set's drawings: the symbols of its sprite, all drawn in the same box. */
export interface IconDrawings {
  viewBox: string;
  symbols: Record<string, ReactNode>;
}

/** Stroke settings for the line icons (1.6 px lines, round ends; `currentColor` follows the text colour). */
export const LINE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.6,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;
