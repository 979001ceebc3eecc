import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin } from "vite";

/** File types worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".webmanifest"]);

/**
 * Zopfli costs 100–300 ms per file whatever its size; below this size its gain (3 % of a few KB) is not worth
 * that, and `gzip -9` is used.
 */
const ZOPFLI_MIN_BYTES = 16 * 1024;

/**
 * Writes a `.br` (Brotli, quality 11) and a `.gz` next to every compressible file of the client build, once per
 * build. The larger files get Zopfli (5 iterations): valid gzip, about 3 % smaller than `gzip -9` (3.3 KB of the
 * framework chunk); more iterations gain a few bytes and cost build time. The server answers with these files
 * (server.ts) instead of compressing the same immutable files again on every request.
 */
export function precompressAssets(): Plugin {
  return {
    name: "vitrine:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async closeBundle() {
      const files = await compressibleFiles(this.environment.config.build.outDir);
      await Promise.all(files.map((file) => precompressFile(file)));
    },
  };
}

async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
}

async function precompressFile(file: string): Promise<void> {
  const body = await readFile(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip =
    body.length < ZOPFLI_MIN_BYTES ? gzipSync(body, { level: 9 }) : await gzipAsync(body, { numiterations: 5 });
  // A tiny file can come out larger: then it is answered as it is.
  await Promise.all([
    brotli.length < body.length ? writeFile(`${file}.br`, brotli) : undefined,
    gzip.length < body.length ? writeFile(`${file}.gz`, gzip) : undefined,
  ]);
}
