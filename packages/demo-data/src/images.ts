import { colourHex } from "@vitrine/commerce";

/**
 * Demo product images: an SVG garment silhouette per product type in the product's colour, in three views
 * (front, fa = back, d1 = detail). Generated on request from the image path `demo/{type}/{colour}/{pattern}/{view}.svg`.
 */

const W = 600;
const H = 800;

interface Shape {
  /** Outline of the garment. */
  body: string;
  /** Seams, plackets, laces: drawn on the front only. */
  details?: string;
  /** Small round details (buttons, eyelets) as [x, y, r]. */
  dots?: [number, number, number][];
}

const SHIRT_BODY =
  "M170 160 L250 120 L300 165 L350 120 L430 160 L505 600 L455 616 L420 330 L420 690 L180 690 L180 330 L145 616 L95 600 Z";
const TEE_BODY =
  "M150 175 L240 130 Q300 165 360 130 L450 175 L520 285 L452 318 L425 285 L425 660 L175 660 L175 285 L148 318 L80 285 Z";
const KNIT_BODY =
  "M165 170 L245 130 Q300 160 355 130 L435 170 L500 610 L448 626 L418 330 L420 660 L180 660 L182 330 L152 626 L100 610 Z";
const COAT_BODY =
  "M170 150 L250 115 L300 170 L350 115 L430 150 L505 640 L455 655 L425 330 L440 750 L160 750 L175 330 L145 655 L95 640 Z";
const TROUSER_BODY = "M190 140 L410 140 L445 730 L325 730 L300 330 L275 730 L155 730 Z";

const SHAPES: Record<string, Shape> = {
  tshirt: { body: TEE_BODY, details: "M240 130 Q300 185 360 130" },
  top: { body: "M215 135 L252 135 Q300 205 348 135 L385 135 L398 270 L425 660 L175 660 L202 270 Z" },
  polo: {
    body: TEE_BODY,
    details: "M240 130 L300 200 L360 130 M300 165 L300 250",
    dots: [
      [300, 205, 6],
      [300, 235, 6],
    ],
  },
  shirt: {
    body: SHIRT_BODY,
    details: "M250 120 L300 200 L350 120 M300 190 L300 690",
    dots: [
      [312, 250, 6],
      [312, 330, 6],
      [312, 410, 6],
      [312, 490, 6],
      [312, 570, 6],
    ],
  },
  blouse: {
    body: SHIRT_BODY,
    details: "M255 125 Q300 210 345 125",
    dots: [
      [300, 240, 5],
      [300, 300, 5],
      [300, 360, 5],
    ],
  },
  sweater: {
    body: KNIT_BODY,
    details: "M245 130 Q300 175 355 130 M182 630 L420 630 M105 585 L152 598 M448 598 L495 585",
  },
  cardigan: {
    body: KNIT_BODY,
    details: "M245 130 L300 300 L355 130 M300 300 L300 660",
    dots: [
      [312, 360, 6],
      [312, 430, 6],
      [312, 500, 6],
      [312, 570, 6],
    ],
  },
  hoodie: {
    body: "M165 175 L235 135 Q215 60 300 50 Q385 60 365 135 L435 175 L500 610 L448 626 L418 330 L420 660 L180 660 L182 330 L152 626 L100 610 Z",
    details: "M235 135 Q300 200 365 135 M285 170 L280 260 M315 170 L320 260 M220 470 L380 470 L400 560 L200 560 Z",
  },
  jacket: {
    body: "M170 160 L250 120 L300 165 L350 120 L430 160 L505 600 L455 616 L420 330 L420 640 L180 640 L180 330 L145 616 L95 600 Z",
    details: "M300 165 L300 640 M200 460 L260 460 M340 460 L400 460",
  },
  blazer: {
    body: "M170 155 L250 118 L300 190 L350 118 L430 155 L505 610 L455 626 L420 330 L425 670 L175 670 L180 330 L145 626 L95 610 Z",
    details: "M250 118 L285 330 L300 420 M350 118 L315 330 L300 420 M300 420 L300 670",
    dots: [
      [300, 470, 7],
      [300, 540, 7],
    ],
  },
  coat: {
    body: COAT_BODY,
    details: "M250 115 L290 300 L300 360 M350 115 L310 300 L300 360 M300 360 L300 750",
    dots: [
      [270, 420, 8],
      [330, 420, 8],
      [270, 520, 8],
      [330, 520, 8],
    ],
  },
  dress: {
    body: "M232 120 L270 120 Q300 155 330 120 L368 120 L382 300 L475 710 L125 710 L218 300 Z",
    details: "M218 300 L382 300",
  },
  skirt: { body: "M205 230 L395 230 L470 660 L130 660 Z", details: "M205 265 L395 265" },
  trousers: { body: TROUSER_BODY, details: "M190 180 L410 180 M300 180 L300 330" },
  jeans: {
    body: TROUSER_BODY,
    details: "M190 180 L410 180 M300 180 L300 330 M210 200 Q240 260 280 210 M390 200 Q360 260 320 210",
  },
  shorts: { body: "M190 250 L410 250 L445 500 L325 500 L300 380 L275 500 L155 500 Z", details: "M190 285 L410 285" },
  jumpsuit: {
    body: "M230 110 L265 110 L300 190 L335 110 L370 110 L395 320 L440 740 L325 740 L300 450 L275 740 L160 740 L205 320 Z",
    details: "M205 320 L395 320",
  },
  leggings: { body: "M205 140 L395 140 L410 740 L320 740 L300 320 L280 740 L190 740 Z", details: "M205 175 L395 175" },
  swimwear: {
    body: "M235 120 L265 120 Q300 240 335 120 L365 120 L380 360 Q400 470 420 560 L340 560 Q300 520 260 560 L180 560 Q200 470 220 360 Z",
  },
  underwear: { body: "M170 300 L430 300 L420 360 Q340 400 320 500 L280 500 Q260 400 180 360 Z" },
  socks: {
    body: "M240 120 L350 120 L350 520 Q350 560 380 590 L470 650 Q500 690 460 720 L300 720 Q240 710 240 640 Z",
    details: "M240 170 L350 170",
  },
  bodysuit: {
    body: "M175 200 L245 165 Q300 195 355 165 L425 200 L470 290 L418 312 L402 290 L402 560 Q350 610 320 640 L280 640 Q250 610 198 560 L198 290 L182 312 L130 290 Z",
    dots: [
      [280, 628, 5],
      [300, 632, 5],
      [320, 628, 5],
    ],
  },
  sneaker: {
    body: "M100 540 Q115 430 225 418 L320 380 Q365 372 385 425 L470 470 Q525 492 515 545 L515 575 L100 575 Z",
    details: "M100 548 L515 548 M245 420 L285 470 M270 405 L310 455 M295 392 L335 442",
  },
  boot: {
    body: "M220 130 L360 130 L372 470 L470 500 Q520 520 515 575 L515 600 L200 600 L205 470 Z",
    details: "M200 572 L515 572",
  },
  ankleboot: {
    body: "M200 300 L350 300 L365 470 L470 500 Q520 520 515 575 L515 600 L190 600 L195 470 Z",
    details: "M190 572 L515 572",
  },
  pump: { body: "M110 520 Q230 440 360 480 L490 500 Q520 510 510 545 L500 560 L190 560 L180 650 L155 650 L150 560 Z" },
  loafer: {
    body: "M100 540 Q120 450 240 440 L380 445 Q500 460 515 530 L515 570 L100 570 Z",
    details: "M250 460 Q300 500 360 462 M100 550 L515 550",
  },
  sandal: {
    body: "M100 555 L515 555 L515 580 L100 580 Z",
    details: "M150 555 Q220 430 300 555 M280 555 Q360 450 430 555 M330 555 L380 470",
  },
  bag: {
    body: "M150 330 L450 330 L480 680 L120 680 Z",
    details: "M215 330 Q215 170 300 170 Q385 170 385 330 M150 400 L450 400",
    dots: [[300, 430, 9]],
  },
  scarf: {
    body: "M230 100 L370 100 L385 690 L345 690 L330 260 L270 260 L255 690 L215 690 Z",
    details:
      "M215 690 L215 730 M235 690 L235 730 M255 690 L255 730 M345 690 L345 730 M365 690 L365 730 M385 690 L385 730",
  },
  hat: {
    body: "M160 560 Q160 250 300 240 Q440 250 440 560 Z",
    details: "M160 500 L440 500 M160 470 L440 470",
    dots: [[300, 230, 28]],
  },
  cap: {
    body: "M160 470 Q165 290 300 280 Q435 290 440 470 L520 490 Q530 520 480 520 L160 520 Z",
    details: "M300 280 L300 470",
    dots: [[300, 282, 10]],
  },
  belt: {
    body: "M80 370 L520 370 L520 430 L80 430 Z",
    details: "M150 360 L230 360 L230 440 L150 440 Z M320 400 L330 400 M380 400 L390 400 M440 400 L450 400",
  },
  sunglasses: {
    body: "M110 360 L280 360 Q285 470 195 470 Q115 470 110 360 Z M320 360 L490 360 Q485 470 405 470 Q315 470 320 360 Z",
    details: "M280 375 Q300 350 320 375 M110 365 L70 345 M490 365 L530 345",
  },
};

const BACKGROUND = "#f3f1ee";

function patternDefs(pattern: string, hex: string): string {
  const ink = isLight(hex) ? "rgba(0,0,0,0.28)" : "rgba(255,255,255,0.45)";
  switch (pattern) {
    case "striped":
      return `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${hex}"/><rect width="40" height="14" fill="${ink}"/></pattern>`;
    case "checked":
      return `<pattern id="p" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="${hex}"/><rect width="30" height="60" fill="${ink}"/><rect width="60" height="30" fill="${ink}"/></pattern>`;
    case "dotted":
      return `<pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${hex}"/><circle cx="18" cy="18" r="6" fill="${ink}"/></pattern>`;
    case "floral":
      return `<pattern id="p" width="70" height="70" patternUnits="userSpaceOnUse"><rect width="70" height="70" fill="${hex}"/><g fill="${ink}"><circle cx="20" cy="14" r="7"/><circle cx="28" cy="22" r="7"/><circle cx="20" cy="30" r="7"/><circle cx="12" cy="22" r="7"/><circle cx="52" cy="52" r="5"/></g></pattern>`;
    default:
      return "";
  }
}

function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

export type ImageView = "front" | "fa" | "d1";

export function renderProductSvg(type: string, colorId: string, pattern: string, view: ImageView): string | undefined {
  const shape = SHAPES[type];
  if (!shape) return undefined;
  const hex = colourHex(colorId);
  const defs = patternDefs(pattern, hex);
  const fill = defs ? "url(#p)" : hex;
  const line = isLight(hex) ? "rgba(0,0,0,0.22)" : "rgba(255,255,255,0.28)";
  const outline = "rgba(0,0,0,0.25)";
  // The back view mirrors the outline and leaves out front details; the detail view zooms into the fabric.
  const viewBox = view === "d1" ? "150 220 300 400" : `0 0 ${W} ${H}`;
  const transform = view === "fa" ? ` transform="translate(${W} 0) scale(-1 1)"` : "";
  const details =
    view === "fa"
      ? ""
      : shape.details
        ? `<path d="${shape.details}" fill="none" stroke="${line}" stroke-width="4" stroke-linecap="round"/>`
        : "";
  const dots =
    view === "fa"
      ? ""
      : (shape.dots ?? []).map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${line}"/>`).join("");
  const shadow = `<ellipse cx="300" cy="${H - 40}" rx="200" ry="14" fill="rgba(0,0,0,0.06)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${W}" height="${H}" role="img"><defs>${defs}</defs><rect x="0" y="0" width="${W}" height="${H}" fill="${BACKGROUND}"/>${shadow}<g${transform}><path d="${shape.body}" fill="${fill}" stroke="${outline}" stroke-width="3" stroke-linejoin="round"/>${details}${dots}</g></svg>`;
}

/** Parses `demo/{type}/{colour}/{pattern}/{view}.svg`; returns undefined for anything else. */
export function parseDemoImagePath(
  path: string,
): { type: string; colorId: string; pattern: string; view: ImageView } | undefined {
  const match = /^demo\/([a-z]+)\/([a-z]+)\/([a-z]+)\/(front|fa|d1)\.svg$/.exec(path);
  if (!match) return undefined;
  return {
    type: match[1] as string,
    colorId: match[2] as string,
    pattern: match[3] as string,
    view: match[4] as ImageView,
  };
}

/** Category teaser and banner art for content pages: a calm colour field with a garment. */
export function renderBannerSvg(type: string, colorId: string, width = 1600, height = 700): string | undefined {
  const shape = SHAPES[type];
  if (!shape) return undefined;
  const hex = colourHex(colorId);
  const scale = (height * 0.9) / H;
  // Wide banners keep the left side free for a headline; narrower crops (phones, tiles) centre the garment.
  const x = width >= height * 1.7 ? width * 0.62 : (width - W * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${BACKGROUND}"/><circle cx="${x + 300 * scale}" cy="${height / 2}" r="${height * 0.42}" fill="${hex}" opacity="0.18"/><g transform="translate(${x} ${height * 0.05}) scale(${scale})"><path d="${shape.body}" fill="${hex}" stroke="rgba(0,0,0,0.2)" stroke-width="3"/></g></svg>`;
}
