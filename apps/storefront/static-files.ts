import { readdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

/** Encodings the build writes next to its files (precompress.ts), in the order the server prefers them. */
export type StaticEncoding = "br" | "gzip";
const SUFFIX: Record<StaticEncoding, string> = { br: ".br", gzip: ".gz" };

const MIME: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/**
 * The encoding to answer with for an `Accept-Encoding` header: Brotli, else gzip, else none. A coding the
 * client lists with `q=0` is refused; `*` accepts both.
 */
export function preferredEncoding(acceptEncoding: string | undefined): StaticEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*");
  const ok = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip") || ok("x-gzip")) return "gzip";
  return undefined;
}

export interface StaticFile {
  body: Buffer;
  contentType: string;
  encoding?: StaticEncoding;
  /** Precompressed variants exist, so the answer depends on `Accept-Encoding`. */
  varies: boolean;
}

interface Entry {
  contentType: string;
  identity: Buffer;
  variants: Partial<Record<StaticEncoding, Buffer>>;
}

/**
 * The client build's files, read once and kept in memory with their precompressed variants: the build is
 * immutable while the server runs (a new build means a restart). Its folder is listed when the server starts,
 * so that a path that is none of its files (every page and API request asks first) is answered without asking
 * the disk. Paths outside the folder are never read.
 */
export class StaticFiles {
  readonly #dir: string;
  readonly #entries = new Map<string, Promise<Entry | undefined>>();
  readonly #files: ReadonlySet<string>;

  constructor(dir: string) {
    this.#dir = normalize(dir);
    this.#files = listFiles(this.#dir);
  }

  /** The file for a URL path, in the best encoding the client accepts, or undefined when there is none. */
  async get(pathname: string, acceptEncoding: string | undefined): Promise<StaticFile | undefined> {
    if (pathname === "/" || pathname.endsWith("/") || pathname.includes("\0")) return undefined;
    const file = normalize(join(this.#dir, pathname));
    if (!file.startsWith(`${this.#dir}/`)) return undefined;
    // Precompressed copies are answered for their original's name only.
    if (file.endsWith(".br") || file.endsWith(".gz")) return undefined;
    if (!this.#files.has(file)) return undefined;
    let entry = this.#entries.get(file);
    if (!entry) {
      entry = load(file);
      this.#entries.set(file, entry);
    }
    const found = await entry;
    if (!found) return undefined;
    const varies = Object.keys(found.variants).length > 0;
    const encoding = preferredEncoding(acceptEncoding);
    const variant = encoding ? found.variants[encoding] : undefined;
    return variant
      ? { body: variant, contentType: found.contentType, encoding, varies }
      : { body: found.identity, contentType: found.contentType, varies };
  }
}

/** The files under `dir` (none when it does not exist). */
function listFiles(dir: string): ReadonlySet<string> {
  try {
    return new Set(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name)),
    );
  } catch {
    return new Set();
  }
}

async function load(file: string): Promise<Entry | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const [identity, br, gzip] = await Promise.all([
    readFile(file),
    readFile(file + SUFFIX.br).catch(() => undefined),
    readFile(file + SUFFIX.gzip).catch(() => undefined),
  ]);
  return {
    contentType: MIME[extname(file)] ?? "application/octet-stream",
    identity,
    variants: { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
  };
}
