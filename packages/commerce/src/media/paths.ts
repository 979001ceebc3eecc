/**
 * Where an uploaded picture lives and in which sizes: plain functions, safe for the browser too
 * (`@vitrine/commerce/media-paths`). The pipeline writes exactly the renditions these name, and the storefront's
 * `<picture>` asks for exactly these, so neither needs to look the other up.
 *
 * A picture's catalogue path is `media/{key}`; its key is `{hash}-{width}x{height}` (hash: 20 hex digits of the
 * SHA-256 of the uploaded file), so the path alone gives the storefront the picture's aspect ratio (no layout
 * shift) and the widths it exists in. A rendition is `media/{key}/{width}.{avif|webp}`: a new content gets a new
 * key, so every rendition is cached for good.
 */

/**
 * Widths the pipeline renders: every width the storefront's product `srcset`s use (`IMAGE_WIDTHS.tile` and
 * `.half` in apps/storefront/app/content/images.ts; a test keeps the two in step).
 */
export const MEDIA_WIDTHS = [240, 360, 480, 720, 960, 1440] as const;

export const MEDIA_FORMATS = ["avif", "webp"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_PATH_PREFIX = "media/";

const KEY = /^([0-9a-f]{20})-([1-9][0-9]{0,5})x([1-9][0-9]{0,5})$/;

export interface MediaKey {
  key: string;
  width: number;
  height: number;
}

export function mediaKey(hash: string, width: number, height: number): string {
  return `${hash.slice(0, 20)}-${width}x${height}`;
}

export function parseMediaKey(key: string): MediaKey | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  return { key, width: Number(match[2]), height: Number(match[3]) };
}

/** The key of a catalogue image path `media/{key}`, or undefined for any other picture. */
export function mediaKeyOfPath(path: string): MediaKey | undefined {
  return path.startsWith(MEDIA_PATH_PREFIX) ? parseMediaKey(path.slice(MEDIA_PATH_PREFIX.length)) : undefined;
}

/** The key at the end of a picture's URL (`…/media/{key}`), or undefined for any other picture. */
export function mediaKeyOfUrl(url: string): MediaKey | undefined {
  const match = /\/media\/([^/?#]+)$/.exec(url);
  return match ? parseMediaKey(match[1] as string) : undefined;
}

/** The widths a picture `width` pixels wide is rendered at: never wider than itself, at least one. */
export function mediaWidths(width: number): number[] {
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

/** A rendition's name inside the media store (and after `/images/media/` in its URL). */
export function renditionName(key: string, width: number, format: MediaFormat): string {
  return `${key}/${width}.${format}`;
}

const RENDITION = /^([0-9a-f]{20}-[0-9]+x[0-9]+)\/([0-9]+)\.(avif|webp)$/;

/** The rendition a request names (`{key}/{width}.{format}`), when it is one the pipeline writes. */
export function parseRenditionName(name: string): { key: string; width: number; format: MediaFormat } | undefined {
  const match = RENDITION.exec(name);
  if (!match) return undefined;
  const key = parseMediaKey(match[1] as string);
  const width = Number(match[2]);
  if (!key || !mediaWidths(key.width).includes(width)) return undefined;
  return { key: key.key, width, format: match[3] as MediaFormat };
}
