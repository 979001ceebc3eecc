/**
 * The error screen's background picture, drawn as SVG in three sizes (specification section 2: small under
 * 768 px, medium 768–1023 px, large 1024 px and up): a clothing rail with a few garments and one empty hanger,
 * placed so the error text has room (above the rail on phones, to its left on wider screens).
 */

export type ErrorPictureSize = "small" | "medium" | "large";

interface Layout {
  width: number;
  height: number;
  /** Where the 560×520 scene goes and how large. */
  x: number;
  y: number;
  scale: number;
}

const LAYOUTS: Record<ErrorPictureSize, Layout> = {
  small: { width: 768, height: 1024, x: 146, y: 566, scale: 0.85 },
  medium: { width: 1024, height: 768, x: 470, y: 150, scale: 0.95 },
  large: { width: 1920, height: 1080, x: 1000, y: 200, scale: 1.35 },
};

const HANGER =
  '<path d="M0 14V6c0-4 3-7 6-7s5 3 4 6" fill="none" stroke="#3a3632" stroke-width="2.4" stroke-linecap="round"/>' +
  '<path d="M0 14 -46 40q-5 5 2 5h88q7 0 2-5z" fill="none" stroke="#3a3632" stroke-width="2.4" stroke-linejoin="round"/>';

const GARMENTS = {
  dress: (fill: string) =>
    `<path d="M-15 24-27 32-20 46-34 150q34 14 68 0L20 46l7-14-12-8q-15 9-30 0z" fill="${fill}"/>`,
  sweater: (fill: string) =>
    `<path d="M-20 22-48 38-58 112h13l9-50-2 70h76l-2-70 9 50h13l-10-74-28-16q-20 10-40 0z" fill="${fill}"/>`,
  shirt: (fill: string) =>
    `<path d="M-18 22-42 36-48 84h11l5-30v86h64V54l5 30h11l-6-48-24-14-18 14z" fill="${fill}"/><path d="M0 36v100" stroke="#00000022" stroke-width="2"/>`,
  coat: (fill: string) =>
    `<path d="M-20 22-46 38-52 170h22l6-104v114h70V66l6 104h22l-6-132-26-16-20 22z" fill="${fill}"/>`,
};

function scene(): string {
  const items: string[] = [
    // Rail and stands.
    '<path d="M0 0h560M30 0v520M530 0v520M0 520h90M470 520h90" stroke="#3a3632" stroke-width="5" stroke-linecap="round"/>',
  ];
  const hung: [number, keyof typeof GARMENTS | null, string, number][] = [
    [95, "coat", "#b86f52", 0],
    [190, "sweater", "#9aa98f", 0],
    [280, "dress", "#2f3b4c", 0],
    [365, null, "", 14],
    [455, "shirt", "#d9c3a5", 0],
  ];
  for (const [x, garment, colour, tilt] of hung) {
    items.push(
      `<g transform="translate(${x} 0) rotate(${tilt} 6 -1)">${garment ? GARMENTS[garment](colour) : ""}${HANGER}</g>`,
    );
  }
  return items.join("");
}

export function renderErrorPicture(size: ErrorPictureSize): string {
  const l = LAYOUTS[size];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${l.height}" viewBox="0 0 ${l.width} ${l.height}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">',
    '<stop offset="0" stop-color="#f4efe8"/><stop offset="1" stop-color="#e8dfd3"/></linearGradient></defs>',
    `<rect width="${l.width}" height="${l.height}" fill="url(#bg)"/>`,
    `<ellipse cx="${l.x + 280 * l.scale}" cy="${l.y + 522 * l.scale}" rx="${330 * l.scale}" ry="${18 * l.scale}" fill="#d8cbbb"/>`,
    `<g transform="translate(${l.x} ${l.y}) scale(${l.scale})">${scene()}</g>`,
    "</svg>",
  ].join("");
}

export function isErrorPictureSize(value: string): value is ErrorPictureSize {
  return value === "small" || value === "medium" || value === "large";
}
