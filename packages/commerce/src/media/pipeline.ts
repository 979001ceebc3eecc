import { createHash } from "node:crypto";
import type { AvifOptions, Metadata, Sharp, WebpOptions } from "sharp";
import { type MediaFormat, mediaKey, mediaWidths, renditionName } from "./paths.ts";

/**
 * The image pipeline: checks an uploaded file (a picture, of a taken type, within the size, dimension and pixel
 * limits) from its header before decoding anything, then renders it as AVIF and WebP at the storefront's widths.
 * A refused file yields a reason and nothing else: the caller stores nothing.
 */

export interface MediaLimits {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** Widest and tallest picture, in pixels. */
  maxDimension: number;
  /** Most pixels a picture may decode to. */
  maxPixels: number;
}

/** Why a file is refused; the back office and the CLI word each. */
export type MediaRefusal = "empty" | "too_large" | "not_an_image" | "unsupported_type" | "too_wide" | "too_many_pixels";

export const MEDIA_SOURCE_TYPES = ["jpeg", "png", "webp", "avif"] as const;
export type MediaSourceType = (typeof MEDIA_SOURCE_TYPES)[number];

export interface Rendition {
  name: string;
  width: number;
  format: MediaFormat;
  body: Uint8Array;
}

export interface ProcessedImage {
  key: string;
  width: number;
  height: number;
  bytes: number;
  sourceType: MediaSourceType;
  renditions: Rendition[];
  /** Time the checks and encodings took, in milliseconds. */
  ms: number;
}

export type ProcessResult = { ok: true; image: ProcessedImage } | { ok: false; reason: MediaRefusal; detail: string };

const megabytes = (bytes: number) => `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;

/** What a refusal says in English (CLI, logs; the back office has its own wording per language). */
export function refusalDetail(reason: MediaRefusal, limits: MediaLimits): string {
  switch (reason) {
    case "empty":
      return "The file is empty.";
    case "too_large":
      return `The file is larger than ${megabytes(limits.maxBytes)}.`;
    case "not_an_image":
      return "The file is not a picture.";
    case "unsupported_type":
      return "Only JPEG, PNG, WebP and AVIF pictures are taken.";
    case "too_wide":
      return `The picture is wider or taller than ${limits.maxDimension} pixels.`;
    case "too_many_pixels":
      return `The picture has more than ${Math.round(limits.maxPixels / 1_000_000)} million pixels.`;
  }
}

function sourceTypeOf(metadata: Metadata): MediaSourceType | undefined {
  if (metadata.format === "jpeg" || metadata.format === "png" || metadata.format === "webp") return metadata.format;
  // AVIF is an HEIF container with AV1 inside; HEIC (HEVC inside) is not taken.
  if (metadata.format === "heif" && metadata.compression === "av1") return "avif";
  return undefined;
}

/** AVIF is slow to encode: effort 1 of 9 (measured here) costs a few percent of file size against effort 4 at a fraction of the time. */
const AVIF_OPTIONS: AvifOptions = { quality: 55, effort: 1 };
const WEBP_OPTIONS: WebpOptions = { quality: 78, effort: 2 };

/** Checks a file and renders its AVIF and WebP renditions. */
export async function processImage(input: Uint8Array, limits: MediaLimits): Promise<ProcessResult> {
  const started = performance.now();
  // Loaded on the first upload: a shop process that never takes one never maps libvips.
  const { default: sharp } = await import("sharp");
  const refuse = (reason: MediaRefusal): ProcessResult => ({
    ok: false,
    reason,
    detail: refusalDetail(reason, limits),
  });
  if (input.byteLength === 0) return refuse("empty");
  if (input.byteLength > limits.maxBytes) return refuse("too_large");
  let metadata: Metadata;
  try {
    // Reads the header only: nothing is decoded before the limits are checked.
    metadata = await sharp(input).metadata();
  } catch {
    return refuse("not_an_image");
  }
  const sourceType = sourceTypeOf(metadata);
  if (!sourceType) return refuse("unsupported_type");
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = rotated ? metadata.height : metadata.width;
  const height = rotated ? metadata.width : metadata.height;
  if (!width || !height) return refuse("not_an_image");
  if (width > limits.maxDimension || height > limits.maxDimension) return refuse("too_wide");
  if (width * height > limits.maxPixels) return refuse("too_many_pixels");

  const key = mediaKey(createHash("sha256").update(input).digest("hex"), width, height);
  const widths = mediaWidths(width);
  let source: Sharp;
  try {
    // Decoded once, already at the largest width wanted (JPEG and WebP shrink while decoding), turned by its EXIF
    // orientation, in sRGB; each rendition is scaled from that. `limitInputPixels` guards again in case the
    // header lied; `failOn: "error"` refuses broken data.
    const decoded = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: "error" })
      .autoOrient()
      .resize({ width: widths[widths.length - 1] as number, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    source = sharp(decoded.data, {
      raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels },
    });
  } catch {
    return refuse("not_an_image");
  }
  const renditions: Rendition[] = [];
  for (const w of widths) {
    const resized = source.clone().resize({ width: w, withoutEnlargement: true });
    const [avif, webp] = await Promise.all([
      resized.clone().avif(AVIF_OPTIONS).toBuffer(),
      resized.clone().webp(WEBP_OPTIONS).toBuffer(),
    ]);
    renditions.push({ name: renditionName(key, w, "avif"), width: w, format: "avif", body: avif });
    renditions.push({ name: renditionName(key, w, "webp"), width: w, format: "webp", body: webp });
  }
  return {
    ok: true,
    image: {
      key,
      width,
      height,
      bytes: input.byteLength,
      sourceType,
      renditions,
      ms: performance.now() - started,
    },
  };
}

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = { avif: "image/avif", webp: "image/webp" };
