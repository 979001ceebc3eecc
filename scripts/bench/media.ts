import { type MediaLimits, processImage } from "@vitrine/commerce";
import sharp from "sharp";

/**
 * Image processing per upload (issue 21): the pipeline's time to check a photo and render its AVIF and WebP
 * renditions at the storefront's widths, in this process (the server's own upload runs the same code). Photos
 * are made here: blurred noise over a gradient, so encoders work about as hard as on a real photo.
 */

const LIMITS: MediaLimits = { maxBytes: 25_000_000, maxDimension: 12_000, maxPixels: 60_000_000 };
const RUNS = 3;

async function photo(format: "jpeg" | "png" | "webp", width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .blur(2)
    .raw()
    .toBuffer();
  const gradient = Buffer.alloc(width * height * 3);
  for (let i = 0; i < gradient.length; i += 3) {
    const x = (i / 3) % width;
    gradient[i] = Math.round((x / width) * 200);
    gradient[i + 1] = 90;
    gradient[i + 2] = 160;
  }
  const image = sharp(gradient, { raw: { width, height, channels: 3 } }).composite([
    { input: noise, raw: { width, height, channels: 3 }, blend: "overlay" },
  ]);
  return format === "jpeg"
    ? image.jpeg({ quality: 88 }).toBuffer()
    : format === "png"
      ? image.png().toBuffer()
      : image.webp().toBuffer();
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

export async function benchMedia(): Promise<string[]> {
  const rows: string[] = [];
  const cases: [string, "jpeg" | "png" | "webp", number, number][] = [
    ["JPEG 1200×1600 (web photo)", "jpeg", 1200, 1600],
    ["JPEG 3000×4000 (12 MP camera)", "jpeg", 3000, 4000],
    ["PNG 2000×2000", "png", 2000, 2000],
    ["WebP 1440×1920", "webp", 1440, 1920],
  ];
  for (const [name, format, width, height] of cases) {
    const file = await photo(format, width, height);
    const times: number[] = [];
    let output = 0;
    let renditions = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await processImage(file, LIMITS);
      if (!result.ok) throw new Error(`${name}: ${result.detail}`);
      times.push(result.image.ms);
      output = result.image.renditions.reduce((sum, r) => sum + r.body.byteLength, 0);
      renditions = result.image.renditions.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] as number;
    rows.push(
      `${name}: ${kb(file.byteLength)} in → ${renditions} renditions, ${kb(output)} out; ` +
        `median ${Math.round(median)} ms per upload (min ${Math.round(times[0] as number)}, ${RUNS} runs)`,
    );
  }
  const bomb = await processImage(Buffer.alloc(30_000_000), LIMITS);
  rows.push(`refusal of a 30 MB file: ${bomb.ok ? "taken (wrong)" : bomb.reason}`);
  return rows;
}
