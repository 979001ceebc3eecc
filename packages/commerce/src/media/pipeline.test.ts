import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MEDIA_WIDTHS, mediaWidths, parseMediaKey, parseRenditionName } from "./paths.ts";
import { type MediaLimits, processImage } from "./pipeline.ts";
import { blackPng, testPicture } from "./test-pictures.ts";

const LIMITS: MediaLimits = { maxBytes: 25_000_000, maxDimension: 12_000, maxPixels: 60_000_000 };

describe("image pipeline", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)(
    "takes a %s photo and renders AVIF and WebP at every storefront width up to its own",
    async (type) => {
      const file = await testPicture(type, 1000, 1333);
      const result = await processImage(file, LIMITS);
      if (!result.ok) throw new Error(result.detail);
      const { image } = result;
      expect(image.sourceType).toBe(type);
      expect([image.width, image.height]).toEqual([1000, 1333]);
      expect(parseMediaKey(image.key)).toEqual({ key: image.key, width: 1000, height: 1333 });
      const widths = [240, 360, 480, 720, 960];
      expect(image.renditions.map((r) => `${r.width}.${r.format}`)).toEqual(
        widths.flatMap((w) => [`${w}.avif`, `${w}.webp`]),
      );
      for (const rendition of image.renditions) {
        expect(parseRenditionName(rendition.name)).toEqual({
          key: image.key,
          width: rendition.width,
          format: rendition.format,
        });
        // Decoded again: the files are what their names say, at the width named and the picture's aspect.
        const meta = await sharp(rendition.body).metadata();
        expect(meta.format).toBe(rendition.format === "avif" ? "heif" : "webp");
        expect(meta.width).toBe(rendition.width);
        expect(meta.height).toBe(Math.round((rendition.width * 1333) / 1000));
      }
    },
  );

  it("names a file by its content: the same file gives the same key, another file another", async () => {
    const a = await testPicture("png", 300, 400);
    const b = await testPicture("png", 300, 401);
    const [first, again, other] = await Promise.all([
      processImage(a, LIMITS),
      processImage(a, LIMITS),
      processImage(b, LIMITS),
    ]);
    if (!first.ok || !again.ok || !other.ok) throw new Error("refused");
    expect(again.image.key).toBe(first.image.key);
    expect(other.image.key).not.toBe(first.image.key);
  });

  it("turns a photo by its EXIF orientation and never enlarges a small one", async () => {
    // Stored 400×300 with orientation 6 (turned a quarter): shown 300×400.
    const file = await sharp(await testPicture("jpeg", 400, 300))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await processImage(file, LIMITS);
    if (!result.ok) throw new Error(result.detail);
    expect([result.image.width, result.image.height]).toEqual([300, 400]);
    expect(result.image.renditions.map((r) => r.width)).toEqual([240, 240]);
    const tiny = await processImage(await testPicture("png", 100, 120), LIMITS);
    if (!tiny.ok) throw new Error(tiny.detail);
    expect(tiny.image.renditions.map((r) => r.width)).toEqual([100, 100]);
  });

  it("refuses what is not a picture, an empty file and a picture type it does not take", async () => {
    const text = await processImage(Buffer.from("<html>not a picture</html>"), LIMITS);
    expect(text).toMatchObject({ ok: false, reason: "not_an_image", detail: "The file is not a picture." });
    expect(await processImage(Buffer.alloc(0), LIMITS)).toMatchObject({ ok: false, reason: "empty" });
    const gif = await sharp(await testPicture("png", 50, 50))
      .gif()
      .toBuffer();
    expect(await processImage(gif, LIMITS)).toMatchObject({
      ok: false,
      reason: "unsupported_type",
      detail: "Only JPEG, PNG, WebP and AVIF pictures are taken.",
    });
    // A JPEG cut off after its header: it claims to be a picture but cannot be decoded.
    const jpeg = await testPicture("jpeg", 400, 400);
    expect(await processImage(jpeg.subarray(0, 700), LIMITS)).toMatchObject({ ok: false, reason: "not_an_image" });
  });

  it("refuses a 50 MB file before looking into it", async () => {
    const started = performance.now();
    const result = await processImage(Buffer.alloc(50_000_000, 1), LIMITS);
    expect(result).toEqual({ ok: false, reason: "too_large", detail: "The file is larger than 25 MB." });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses a picture 20,000 pixels wide from its header", async () => {
    const wide = await sharp({ create: { width: 20_000, height: 8, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    expect(wide.byteLength).toBeLessThan(LIMITS.maxBytes);
    expect(await processImage(wide, LIMITS)).toEqual({
      ok: false,
      reason: "too_wide",
      detail: "The picture is wider or taller than 12000 pixels.",
    });
  });

  it("refuses a decompression bomb: a small file that would unpack to 81 million pixels", async () => {
    const bomb = blackPng(9000, 9000);
    expect(bomb.byteLength).toBeLessThan(200_000);
    const started = performance.now();
    expect(await processImage(bomb, LIMITS)).toEqual({
      ok: false,
      reason: "too_many_pixels",
      detail: "The picture has more than 60 million pixels.",
    });
    // Refused from the header: nothing was decoded.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("keeps its widths in step with the storefront's srcset widths", () => {
    expect(mediaWidths(5000)).toEqual([...MEDIA_WIDTHS]);
    expect(mediaWidths(500)).toEqual([240, 360, 480]);
    expect(mediaWidths(200)).toEqual([200]);
  });
});
