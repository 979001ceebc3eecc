import type { IconDrawings } from "./drawing.ts";

/** A five-pointed star around (0, 0), for the EU flag. */
const STAR = "M0-.62.15-.2.59-.19.24.08.36.5 0 .25-.36.5-.24.08-.59-.19-.15-.2z";
const EU_STARS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  return `translate(${(12 + 4.6 * Math.cos(angle)).toFixed(2)} ${(8 + 4.6 * Math.sin(angle)).toFixed(2)})`;
});

/** Country flags for the store switcher: Austria, Switzerland, Germany and the EU (the international store). */
export const FLAG_ICONS: IconDrawings = {
  viewBox: "0 0 24 16",
  symbols: {
    de: (
      <>
        <path fill="#000" d="M0 0h24v5.34H0z" />
        <path fill="#D00" d="M0 5.33h24v5.34H0z" />
        <path fill="#FFCE00" d="M0 10.66h24V16H0z" />
      </>
    ),
    at: (
      <>
        <path fill="#C8102E" d="M0 0h24v16H0z" />
        <path fill="#fff" d="M0 5.33h24v5.34H0z" />
      </>
    ),
    ch: (
      <>
        <path fill="#DA291C" d="M0 0h24v16H0z" />
        <path fill="#fff" d="M10.6 3.2h2.8v3.4h3.4v2.8h-3.4v3.4h-2.8V9.4H7.2V6.6h3.4z" />
      </>
    ),
    eu: (
      <>
        <path fill="#003399" d="M0 0h24v16H0z" />
        {EU_STARS.map((transform) => (
          <path key={transform} fill="#FFCC00" transform={transform} d={STAR} />
        ))}
      </>
    ),
  },
};
