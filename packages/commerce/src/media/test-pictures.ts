import { deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * Pictures for tests, made on the spot: real encoded files of every taken type, and the files the pipeline must
 * refuse (a huge canvas, a decompression bomb). Nothing here is shipped to a shop.
 */

export type TestPictureType = "jpeg" | "png" | "webp" | "avif";

/** A real picture: a colour gradient (so encoders have something to encode), `width`×`height`. */
export async function testPicture(type: TestPictureType, width = 900, height = 1200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  switch (type) {
    case "jpeg":
      return image.jpeg().toBuffer();
    case "png":
      return image.png().toBuffer();
    case "webp":
      return image.webp().toBuffer();
    case "avif":
      return image.avif({ effort: 0 }).toBuffer();
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid grey-scale PNG of `width`×`height` black pixels: the data compresses about a thousand to one, so a
 * file of some kilobytes unpacks to `width`×`height` bytes (a decompression bomb when that is large). Written by
 * hand because encoding such a canvas with an image library would itself take the memory it stands for.
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  const row = width + 1; // a filter byte, then the pixels
  const data = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", data),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
