import type { AspectRatio } from "@vitrine/commerce";
import { mediaKeyOfUrl, mediaWidths } from "@vitrine/commerce/media-paths";

/**
 * Responsive image sources. Images served by the shop's image base (`IMAGE_BASE_URL`) are asked for in the
 * size they are shown at with `?w=…&h=…` (the built-in image route draws demo pictures at that size; an image
 * CDN in front of the base crops and scales), so a phone never loads a desktop picture. Images at an https://
 * address elsewhere are used as they are. Uploaded pictures (`…/media/{key}`) exist as AVIF and WebP at fixed
 * widths (media/paths.ts in the commerce core): they are offered as a `<picture>` with one source per format.
 */

/** Another format of the same picture, for a `<source type srcset>` the browser takes when it can show it. */
export interface ImageSource {
  type: string;
  srcSet: string;
}

export interface ImageCandidate {
  src: string;
  srcSet?: string;
  /** Better-compressed formats first (AVIF); the `<img>` carries the fallback (WebP). */
  sources?: ImageSource[];
  /** Intrinsic size: gives the browser the aspect ratio before the picture arrives (no layout shift). */
  width: number;
  height: number;
}

export interface ResponsiveImage extends ImageCandidate {
  alt: string;
  sizes: string;
  /** Art direction: another crop for wide screens (`<source media>`), e.g. a flat hero on desktop. */
  wide?: ImageCandidate & { media: string };
}

export const ASPECT_RATIO_SIZES: Record<AspectRatio, [number, number]> = {
  "1:1": [1, 1],
  "3:4": [3, 4],
  "4:5": [4, 5],
  "4:3": [4, 3],
  "16:9": [16, 9],
  "21:9": [21, 9],
};

/** Widths offered in a srcset; the browser picks by `sizes` and the screen's pixel density. */
export const IMAGE_WIDTHS = {
  tile: [240, 360, 480, 720],
  half: [480, 720, 960, 1440],
  full: [480, 768, 1024, 1440, 1920, 2560],
} as const;

/** A URL from the image base can be asked for in a size; a foreign https:// address cannot. */
export function isResizable(url: string, imageBase: string): boolean {
  return !/^https?:\/\//i.test(url) || (/^https?:\/\//i.test(imageBase) && url.startsWith(imageBase));
}

export function imageCandidate(
  url: string,
  aspect: readonly [number, number],
  widths: readonly number[],
  resizable: boolean,
): ImageCandidate {
  const uploaded = uploadedCandidate(url);
  if (uploaded) return uploaded;
  const [aw, ah] = aspect;
  const heightOf = (w: number) => Math.round((w * ah) / aw);
  const largest = widths[widths.length - 1] ?? 1200;
  if (!resizable) return { src: url, width: largest, height: heightOf(largest) };
  const sized = (w: number) => `${url}${url.includes("?") ? "&" : "?"}w=${w}&h=${heightOf(w)}`;
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? largest;
  return {
    src: sized(middle),
    srcSet: widths.map((w) => `${sized(w)} ${w}w`).join(", "),
    width: largest,
    height: heightOf(largest),
  };
}

/**
 * An uploaded picture's sources: AVIF and WebP at every width it was rendered at, its own aspect ratio as the
 * intrinsic size. Undefined for any other picture.
 */
export function uploadedCandidate(url: string): ImageCandidate | undefined {
  const key = mediaKeyOfUrl(url);
  if (!key) return undefined;
  const widths = mediaWidths(key.width);
  const srcSet = (format: string) => widths.map((w) => `${url}/${w}.${format} ${w}w`).join(", ");
  const largest = widths[widths.length - 1] as number;
  const middle = widths[Math.floor((widths.length - 1) / 2)] as number;
  return {
    src: `${url}/${middle}.webp`,
    srcSet: srcSet("webp"),
    sources: [{ type: "image/avif", srcSet: srcSet("avif") }],
    width: largest,
    height: Math.round((largest * key.height) / key.width),
  };
}

/** The smallest rendition of an uploaded picture (thumbnails), or undefined for any other picture. */
export function uploadedThumbnail(url: string): string | undefined {
  const key = mediaKeyOfUrl(url);
  return key ? `${url}/${mediaWidths(key.width)[0]}.webp` : undefined;
}

const BANNER_DEFAULT: [number, number] = [1600, 700];
const BANNER_MIN = 100;
const BANNER_MAX = 3200;

/**
 * The size a banner picture is asked for (`?w=…&h=…`, each 100–3200 px; a missing height keeps the default
 * aspect). The image route draws demo banners at this size.
 */
export function requestedBannerSize(url: URL): [width: number, height: number] {
  const read = (name: string) => {
    const value = Number(url.searchParams.get(name));
    return Number.isInteger(value) && value > 0 ? Math.min(BANNER_MAX, Math.max(BANNER_MIN, value)) : undefined;
  };
  const width = read("w") ?? BANNER_DEFAULT[0];
  const height = read("h") ?? Math.round((width * BANNER_DEFAULT[1]) / BANNER_DEFAULT[0]);
  return [width, Math.max(BANNER_MIN, height)];
}
