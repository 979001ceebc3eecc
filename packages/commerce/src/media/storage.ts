import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { VitrineConfig } from "../config.ts";

/**
 * Where the renditions of uploaded pictures are kept. Names are `{key}/{width}.{format}` (media/paths.ts): a
 * name's content never changes, so a store needs no overwrite semantics and a half-written upload can be
 * written again.
 */
export interface MediaStore {
  put(name: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is nothing under the name. */
  get(name: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Removes every rendition of a key. */
  removeKey(key: string): Promise<void>;
}

/** The embedded default: files under `{VITRINE_DATA_DIR}/media/`. */
export class DiskMediaStore implements MediaStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private file(name: string): string {
    const path = resolve(this.root, name);
    // Names come from parsed keys, but a store must never be walked out of.
    if (!path.startsWith(this.root + sep)) throw new Error(`media name outside the store: ${name}`);
    return path;
  }

  async put(name: string, body: Uint8Array): Promise<void> {
    const path = this.file(name);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const temporary = `${path}.${process.pid}.${Date.now()}.part`;
    await writeFile(temporary, body);
    await rename(temporary, path);
  }

  async get(name: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
    try {
      return await readFile(this.file(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async removeKey(key: string): Promise<void> {
    await rm(this.file(key), { recursive: true, force: true });
  }
}

const stores = new Map<string, MediaStore>();

/**
 * The store of this configuration: the data folder's `media/` (one per process and folder). S3-compatible storage
 * is a second implementation of `MediaStore`, not built yet.
 */
export function mediaStoreFor(config: Pick<VitrineConfig, "VITRINE_DATA_DIR">): MediaStore {
  const root = join(config.VITRINE_DATA_DIR, "media");
  let store = stores.get(root);
  if (!store) {
    store = new DiskMediaStore(root);
    stores.set(root, store);
  }
  return store;
}
