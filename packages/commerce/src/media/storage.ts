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

/** Where an S3-compatible bucket is and how to sign in to it (the MEDIA_S3_* settings). */
export interface S3MediaStoreOptions {
  bucket: string;
  /** Any S3-compatible server (`https://s3.eu-central-1.amazonaws.com`, MinIO, Ceph, R2…); empty: AWS's own. */
  endpoint?: string;
  region: string;
  /** Without both keys the SDK's usual sources are used (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Put in front of every name (`media/`: `media/{key}/{width}.{format}`); may be empty. */
  prefix: string;
  /** Bucket in the path (`{endpoint}/{bucket}/…`), as most self-hosted servers want, not in the host name. */
  forcePathStyle: boolean;
}

/**
 * Renditions in an S3-compatible bucket, for shops with several machines or no lasting disk. The SDK is loaded
 * only when a bucket is configured, so a shop on disk never loads it.
 */
export class S3MediaStore implements MediaStore {
  readonly options: S3MediaStoreOptions;
  private client?: Promise<{ s3: import("@aws-sdk/client-s3").S3Client; sdk: typeof import("@aws-sdk/client-s3") }>;

  constructor(options: S3MediaStoreOptions) {
    this.options = options;
  }

  private connect() {
    this.client ??= import("@aws-sdk/client-s3").then((sdk) => {
      const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = this.options;
      const s3 = new sdk.S3Client({
        region,
        forcePathStyle,
        ...(endpoint ? { endpoint } : {}),
        ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
        // Checksums only where S3 requires them: not every S3-compatible server takes the newer trailing ones.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
      });
      return { s3, sdk };
    });
    return this.client;
  }

  private objectName(name: string): string {
    // The same guard as on disk: names come from parsed keys; nothing may reach outside the prefix.
    if (name.split("/").some((part) => part === "" || part === "." || part === "..")) {
      throw new Error(`media name outside the store: ${name}`);
    }
    return `${this.options.prefix}${name}`;
  }

  async put(name: string, body: Uint8Array, contentType: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectName(name),
        Body: body,
        ContentType: contentType,
        // A name's content never changes (media/paths.ts).
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(name: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const { s3, sdk } = await this.connect();
    try {
      const object = await s3.send(
        new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(name) }),
      );
      if (!object.Body) return undefined;
      const bytes = await object.Body.transformToByteArray();
      return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === "NotFound") return undefined;
      throw error;
    }
  }

  async removeKey(key: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    const prefix = `${this.objectName(key)}/`;
    let token: string | undefined;
    do {
      const page = await s3.send(
        new sdk.ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      // One request per rendition (a key has at most a dozen): every S3-compatible server takes DeleteObject.
      for (const object of page.Contents ?? []) {
        if (object.Key) await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: object.Key }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

type MediaStoreConfig = Pick<
  VitrineConfig,
  | "VITRINE_DATA_DIR"
  | "MEDIA_S3_BUCKET"
  | "MEDIA_S3_ENDPOINT"
  | "MEDIA_S3_REGION"
  | "MEDIA_S3_ACCESS_KEY_ID"
  | "MEDIA_S3_SECRET_ACCESS_KEY"
  | "MEDIA_S3_PREFIX"
  | "MEDIA_S3_URL_STYLE"
  | "MEDIA_S3_PUBLIC_URL"
>;

/**
 * Where a rendition is public when the bucket is (MEDIA_S3_PUBLIC_URL: a CDN or the bucket's website): the shop
 * sends a browser there instead of reading the bytes itself. Undefined when the shop serves its pictures.
 */
export function mediaPublicUrl(config: Partial<MediaStoreConfig>, name: string): string | undefined {
  if (!config.MEDIA_S3_BUCKET || !config.MEDIA_S3_PUBLIC_URL) return undefined;
  const base = config.MEDIA_S3_PUBLIC_URL.endsWith("/") ? config.MEDIA_S3_PUBLIC_URL : `${config.MEDIA_S3_PUBLIC_URL}/`;
  return `${base}${config.MEDIA_S3_PREFIX ?? "media/"}${name}`;
}

const stores = new Map<string, MediaStore>();

/**
 * The store of this configuration: an S3-compatible bucket when MEDIA_S3_BUCKET is set, else the data folder's
 * `media/` (one store per process and place).
 */
export function mediaStoreFor(config: Partial<MediaStoreConfig> & Pick<VitrineConfig, "VITRINE_DATA_DIR">): MediaStore {
  if (config.MEDIA_S3_BUCKET) {
    const options: S3MediaStoreOptions = {
      bucket: config.MEDIA_S3_BUCKET,
      endpoint: config.MEDIA_S3_ENDPOINT,
      region: config.MEDIA_S3_REGION ?? "us-east-1",
      accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
      prefix: config.MEDIA_S3_PREFIX ?? "media/",
      forcePathStyle: (config.MEDIA_S3_URL_STYLE ?? "path") === "path",
    };
    const id = `s3:${JSON.stringify(options)}`;
    let store = stores.get(id);
    if (!store) {
      store = new S3MediaStore(options);
      stores.set(id, store);
    }
    return store;
  }
  const root = join(config.VITRINE_DATA_DIR, "media");
  let store = stores.get(root);
  if (!store) {
    store = new DiskMediaStore(root);
    stores.set(root, store);
  }
  return store;
}
