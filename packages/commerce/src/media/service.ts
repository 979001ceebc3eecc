import { type Actor, recordAudit } from "../audit/audit.ts";
import { catalogChangeEvents } from "../catalog/changes.ts";
import { imagePathInUse, productImagePaths, productLabel, setProductImagePaths } from "../catalog/images.ts";
import { type Ctx, withTransaction } from "../context.ts";
import type { CommonFailure } from "../errors.ts";
import { publishEvents } from "../events/publish.ts";
import { LANGUAGES, type Language } from "../shop/shops.ts";
import { MEDIA_PATH_PREFIX, mediaKeyOfPath } from "./paths.ts";
import { type MediaLimits, type MediaRefusal, type ProcessedImage, processImage } from "./pipeline.ts";
import { type MediaStore, mediaStoreFor } from "./storage.ts";

/**
 * A product's pictures in the back office and the CLI: upload (the pipeline renders it into the media store,
 * then one transaction adds it to the product's list, writes its alt texts, audits and publishes the product's
 * `catalog.changed` event so every process shows it), alt text per language, order, removal. The list itself is
 * the catalogue's (catalog/images.ts); this module keeps the uploaded pictures and their alt texts.
 */

export type AltTexts = Partial<Record<Language, string>>;

export interface ProductPicture {
  /** The catalogue's path: `media/{key}` for an upload, else the demo drawing's or import's path or address. */
  path: string;
  url: string;
  /** For an upload: its size, so a page can show it at its aspect ratio. */
  uploaded?: { key: string; width: number; height: number };
  alt: AltTexts;
}

/** A refused change; `reason` says why a file was refused. */
export type MediaFailure = {
  ok: false;
  error: Extract<CommonFailure["error"], "NotFound" | "InvalidInput" | "Conflict">;
  detail: string;
  reason?: MediaRefusal;
};
export type MediaResult<T> = { ok: true; value: T } | MediaFailure;

/** Longest alt text kept. */
export const ALT_MAX_LENGTH = 300;
/** Most pictures a product may have. */
export const MAX_PICTURES = 20;

export function mediaLimits(config: Ctx["config"]): MediaLimits {
  return {
    maxBytes: config.MEDIA_MAX_BYTES,
    maxDimension: config.MEDIA_MAX_DIMENSION,
    maxPixels: config.MEDIA_MAX_PIXELS,
  };
}

const notFound = (productId: number): MediaFailure => ({
  ok: false,
  error: "NotFound",
  detail: `There is no product ${productId}.`,
});

async function altsOf(ctx: Pick<Ctx, "db">, productId: number): Promise<Map<string, AltTexts>> {
  const rows = await ctx.db.selectFrom("media_alt").selectAll().where("product_id", "=", productId).execute();
  const alts = new Map<string, AltTexts>();
  for (const row of rows) {
    const alt = alts.get(row.path) ?? {};
    alt[row.language as Language] = row.alt;
    alts.set(row.path, alt);
  }
  return alts;
}

/** The product's pictures in order, with their alt texts; NotFound for an unknown product. */
export async function listProductPictures(
  ctx: Ctx,
  productId: number,
): Promise<MediaResult<{ product: { id: number; brand: string; name: string }; pictures: ProductPicture[] }>> {
  const product = await productLabel(ctx.db, productId, "de");
  if (!product) return notFound(productId);
  const [paths, alts] = await Promise.all([productImagePaths(ctx.db, productId), altsOf(ctx, productId)]);
  const pictures = paths.map((path): ProductPicture => {
    const key = mediaKeyOfPath(path);
    return {
      path,
      url: ctx.imageUrl(path),
      ...(key ? { uploaded: key } : {}),
      alt: alts.get(path) ?? {},
    };
  });
  return { ok: true, value: { product, pictures } };
}

/** The alt texts of the product's pictures by path, in one language (the storefront's product page). */
export async function pictureAltTexts(ctx: Pick<Ctx, "db">, productId: number, language: Language) {
  const rows = await ctx.db
    .selectFrom("media_alt")
    .select(["path", "alt"])
    .where("product_id", "=", productId)
    .where("language", "=", language)
    .execute();
  return new Map(rows.map((r) => [r.path, r.alt]));
}

function cleanAlts(alts: AltTexts): AltTexts {
  const out: AltTexts = {};
  for (const language of LANGUAGES) {
    const value = alts[language]?.trim().replace(/\s+/g, " ");
    if (value !== undefined) out[language] = value;
  }
  return out;
}

function altTooLong(alts: AltTexts): MediaFailure | undefined {
  const long = LANGUAGES.find((l) => (alts[l]?.length ?? 0) > ALT_MAX_LENGTH);
  return long
    ? {
        ok: false,
        error: "InvalidInput",
        detail: `The alt text (${long}) is longer than ${ALT_MAX_LENGTH} characters.`,
      }
    : undefined;
}

async function writeAlts(ctx: Pick<Ctx, "db">, productId: number, path: string, alts: AltTexts) {
  for (const language of LANGUAGES) {
    const alt = alts[language];
    if (alt === undefined) continue;
    await ctx.db
      .deleteFrom("media_alt")
      .where("product_id", "=", productId)
      .where("path", "=", path)
      .where("language", "=", language)
      .execute();
    if (alt !== "") {
      await ctx.db.insertInto("media_alt").values({ product_id: productId, path, language, alt }).execute();
    }
  }
}

/**
 * Checks and renders a file and keeps its renditions in the media store; records the picture. Returns its
 * catalogue path (`media/{key}`). The same file twice is stored once.
 */
export async function storePicture(
  ctx: Ctx,
  file: Uint8Array,
  store?: MediaStore,
): Promise<MediaResult<{ path: string; image: Omit<ProcessedImage, "renditions"> }>> {
  const processed = await processImage(file, mediaLimits(ctx.config));
  if (!processed.ok) return { ok: false, error: "InvalidInput", detail: processed.detail, reason: processed.reason };
  const { renditions, ...image } = processed.image;
  const target = store ?? mediaStoreFor(ctx.config);
  const known = await ctx.db.selectFrom("media_asset").select("key").where("key", "=", image.key).executeTakeFirst();
  // The renditions go in before the row that names them: a picture is never listed before its files exist.
  if (!known || !(await target.get(renditions[0]?.name ?? ""))) {
    for (const r of renditions) await target.put(r.name, r.body, `image/${r.format}`);
  }
  await ctx.db
    .insertInto("media_asset")
    .values({
      key: image.key,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      source_type: image.sourceType,
      created_at: ctx.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return { ok: true, value: { path: `${MEDIA_PATH_PREFIX}${image.key}`, image } };
}

/** Publishes the product's change and audits it, inside the caller's transaction. */
async function changed(ctx: Ctx, actor: Actor, productId: number, action: string, before: string[], after: string[]) {
  await recordAudit(ctx, actor, {
    action: `product.images.${action}`,
    subjectType: "product",
    subjectId: productId,
    before: { images: before },
    after: { images: after },
  });
  await publishEvents(ctx.db, catalogChangeEvents("product", [productId]), ctx.clock.now());
}

/** Uploads a picture and adds it at the end of the product's pictures. */
export async function addProductPicture(
  ctx: Ctx,
  actor: Actor,
  productId: number,
  file: Uint8Array,
  alts: AltTexts = {},
): Promise<MediaResult<ProductPicture>> {
  if (!(await productLabel(ctx.db, productId, "de"))) return notFound(productId);
  const alt = cleanAlts(alts);
  const invalid = altTooLong(alt);
  if (invalid) return invalid;
  const stored = await storePicture(ctx, file);
  if (!stored.ok) return stored;
  const { path } = stored.value;
  return withTransaction(ctx, async (tx): Promise<MediaResult<ProductPicture>> => {
    const before = await productImagePaths(tx.db, productId);
    if (before.includes(path)) {
      return { ok: false, error: "Conflict", detail: "The product has this picture already." };
    }
    if (before.length >= MAX_PICTURES) {
      return { ok: false, error: "InvalidInput", detail: `A product has at most ${MAX_PICTURES} pictures.` };
    }
    const after = [...before, path];
    await setProductImagePaths(tx.db, productId, after, tx.clock.now());
    await writeAlts(tx, productId, path, alt);
    await changed(tx, actor, productId, "add", before, after);
    const key = mediaKeyOfPath(path);
    return { ok: true, value: { path, url: tx.imageUrl(path), ...(key ? { uploaded: key } : {}), alt } };
  });
}

/** Moves a picture one place up or down (the first is the front picture). */
export async function moveProductPicture(
  ctx: Ctx,
  actor: Actor,
  productId: number,
  path: string,
  direction: "up" | "down",
): Promise<MediaResult<{ changed: boolean }>> {
  return withTransaction(ctx, async (tx): Promise<MediaResult<{ changed: boolean }>> => {
    if (!(await productLabel(tx.db, productId, "de"))) return notFound(productId);
    const before = await productImagePaths(tx.db, productId);
    const from = before.indexOf(path);
    if (from < 0) return { ok: false, error: "NotFound", detail: "The product has no such picture." };
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= before.length) return { ok: true, value: { changed: false } };
    const after = [...before];
    [after[from], after[to]] = [after[to] as string, after[from] as string];
    await setProductImagePaths(tx.db, productId, after, tx.clock.now());
    await changed(tx, actor, productId, "move", before, after);
    return { ok: true, value: { changed: true } };
  });
}

/**
 * Deletes the files (and the record) of uploaded pictures that no product shows any more. A key names its
 * content's hash (and the size that content has), so "no product shows `media/{key}`" is "no picture has this
 * content". Call it after the transaction that took the pictures off has committed: files are not transactional,
 * and a picture taken off in a transaction rolled back afterwards must keep its files. Each key is looked up again
 * right before its files go, so a product given the same picture meanwhile keeps it.
 */
export async function deleteUnusedPictures(
  ctx: Pick<Ctx, "db" | "config">,
  paths: readonly string[],
  store?: MediaStore,
): Promise<string[]> {
  const target = store ?? mediaStoreFor(ctx.config);
  const deleted: string[] = [];
  for (const key of new Set(paths.flatMap((path) => mediaKeyOfPath(path)?.key ?? []))) {
    const path = `${MEDIA_PATH_PREFIX}${key}`;
    if (await imagePathInUse(ctx.db, path)) continue;
    await ctx.db.deleteFrom("media_asset").where("key", "=", key).execute();
    await target.removeKey(key);
    deleted.push(key);
  }
  return deleted;
}

/** Uploaded pictures no product showed for at least this long are deleted by the media cleanup job. */
export const UNUSED_PICTURE_GRACE_MS = 3_600_000;

/**
 * The media cleanup job: deletes the files of every uploaded picture that no product shows and that was stored
 * longer than UNUSED_PICTURE_GRACE_MS ago. It catches pictures taken off otherwise than one by one: replaced by an
 * import, gone with a deleted product, or uploaded for a change that was then refused. The grace period keeps a
 * picture whose upload is still on its way to its product (stored first, then added).
 */
export async function deleteUnusedPicturesAll(
  ctx: Pick<Ctx, "db" | "config" | "clock">,
  store?: MediaStore,
): Promise<{ checked: number; deleted: number }> {
  const before = new Date(ctx.clock.now().getTime() - UNUSED_PICTURE_GRACE_MS).toISOString();
  let checked = 0;
  let deleted = 0;
  let after = "";
  for (;;) {
    const rows = await ctx.db
      .selectFrom("media_asset")
      .select("key")
      .where("key", ">", after)
      .where("created_at", "<", before)
      .orderBy("key")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    checked += rows.length;
    after = rows.at(-1)?.key as string;
    deleted += (
      await deleteUnusedPictures(
        ctx,
        rows.map((r) => `${MEDIA_PATH_PREFIX}${r.key}`),
        store,
      )
    ).length;
  }
  return { checked, deleted };
}

/**
 * Takes a picture off the product. Its files are deleted once no product shows the same picture (the same
 * content uploaded to several products is stored once).
 */
export async function removeProductPicture(
  ctx: Ctx,
  actor: Actor,
  productId: number,
  path: string,
  store?: MediaStore,
): Promise<MediaResult<{ changed: true }>> {
  const result = await withTransaction(ctx, async (tx): Promise<MediaResult<{ changed: true }>> => {
    if (!(await productLabel(tx.db, productId, "de"))) return notFound(productId);
    const before = await productImagePaths(tx.db, productId);
    if (!before.includes(path)) return { ok: false, error: "NotFound", detail: "The product has no such picture." };
    const after = before.filter((p) => p !== path);
    await setProductImagePaths(tx.db, productId, after, tx.clock.now());
    await tx.db.deleteFrom("media_alt").where("product_id", "=", productId).where("path", "=", path).execute();
    await changed(tx, actor, productId, "remove", before, after);
    return { ok: true, value: { changed: true } };
  });
  // Inside a caller's transaction the files wait: that caller may still roll back (the next removal, or
  // deleteUnusedPictures after its commit, takes them).
  if (result.ok && !ctx.db.isTransaction) await deleteUnusedPictures(ctx, [path], store);
  return result;
}

/** Sets a picture's alt texts (an empty text removes that language's). */
export async function setProductPictureAlt(
  ctx: Ctx,
  actor: Actor,
  productId: number,
  path: string,
  alts: AltTexts,
): Promise<MediaResult<{ changed: boolean }>> {
  const alt = cleanAlts(alts);
  const invalid = altTooLong(alt);
  if (invalid) return invalid;
  return withTransaction(ctx, async (tx): Promise<MediaResult<{ changed: boolean }>> => {
    if (!(await productLabel(tx.db, productId, "de"))) return notFound(productId);
    const paths = await productImagePaths(tx.db, productId);
    if (!paths.includes(path)) return { ok: false, error: "NotFound", detail: "The product has no such picture." };
    const before = (await altsOf(tx, productId)).get(path) ?? {};
    const changedLanguages = LANGUAGES.filter((l) => alt[l] !== undefined && (before[l] ?? "") !== alt[l]);
    if (changedLanguages.length === 0) return { ok: true, value: { changed: false } };
    await writeAlts(tx, productId, path, alt);
    await recordAudit(tx, actor, {
      action: "product.images.alt",
      subjectType: "product",
      subjectId: productId,
      before: { path, alt: before },
      after: { path, alt: { ...before, ...alt } },
    });
    await publishEvents(tx.db, catalogChangeEvents("product", [productId]), tx.clock.now());
    return { ok: true, value: { changed: true } };
  });
}
