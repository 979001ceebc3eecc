import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliActor, listAudit } from "../audit/audit.ts";
import { deleteProduct } from "../catalog/admin.ts";
import { productImagePaths } from "../catalog/images.ts";
import { importCatalog } from "../catalog/import.ts";
import type { Ctx } from "../context.ts";
import { withTransaction } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { mediaKeyOfPath } from "./paths.ts";
import {
  addProductPicture,
  deleteUnusedPicturesAll,
  listProductPictures,
  moveProductPicture,
  pictureAltTexts,
  removeProductPicture,
  setProductPictureAlt,
  storePicture,
  UNUSED_PICTURE_GRACE_MS,
} from "./service.ts";
import { mediaStoreFor } from "./storage.ts";
import { blackPng, testPicture } from "./test-pictures.ts";

const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 3, seed: 5, today: now });
const product = demo.products[0]?.id as number;
const actor = cliActor("tester");

let t: TestDatabase;
let ctx: Ctx;
let dataDir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "vitrine-media-"));
  ctx = testCtx(t.db, { config: { VITRINE_DATA_DIR: dataDir } });
  const result = await importCatalog(
    t,
    [...demo.categories, ...demo.products].map((r) => JSON.stringify(r)),
    now,
  );
  expect(result.ok).toBe(true);
});
afterAll(async () => {
  await t.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

async function productEvents(): Promise<number> {
  const rows = await t.db
    .selectFrom("event")
    .select("id")
    .where("type", "=", "catalog.changed")
    .where("entity", "=", "product")
    .where("entity_id", "=", String(product))
    .execute();
  return rows.length;
}

describe("product pictures", () => {
  let uploaded = "";

  it("adds an uploaded photo after the product's pictures, stores its renditions, audits and publishes", async () => {
    const before = await productImagePaths(t.db, product);
    const events = await productEvents();
    const result = await addProductPicture(ctx, actor, product, await testPicture("jpeg", 800, 1000), {
      de: "  Model trägt   den Mantel ",
      en: "Model wearing the coat",
    });
    if (!result.ok) throw new Error(result.detail);
    uploaded = result.value.path;
    const key = mediaKeyOfPath(uploaded);
    expect(key).toMatchObject({ width: 800, height: 1000 });
    expect(await productImagePaths(t.db, product)).toEqual([...before, uploaded]);
    const files = await readdir(join(dataDir, "media", key?.key as string));
    expect(files.sort()).toEqual(["240", "360", "480", "720"].flatMap((w) => [`${w}.avif`, `${w}.webp`]).sort());
    expect(await (await mediaStoreFor(ctx.config)).get(`${key?.key}/480.avif`)).toBeDefined();
    expect(await productEvents()).toBe(events + 1);
    const audit = await listAudit(t, { subjectType: "product", subjectId: product });
    expect(audit.entries[0]).toMatchObject({
      action: "product.images.add",
      actor: { type: "cli", label: "cli:tester" },
      before: { images: before },
      after: { images: [...before, uploaded] },
    });
    const listed = await listProductPictures(ctx, product);
    if (!listed.ok) throw new Error(listed.detail);
    expect(listed.value.pictures.at(-1)).toEqual({
      path: uploaded,
      url: `/images/${uploaded}`,
      uploaded: key,
      alt: { de: "Model trägt den Mantel", en: "Model wearing the coat" },
    });
    expect((await pictureAltTexts(t, product, "en")).get(uploaded)).toBe("Model wearing the coat");
  });

  it("refuses the same photo twice on one product", async () => {
    const again = await addProductPicture(ctx, actor, product, await testPicture("jpeg", 800, 1000));
    expect(again).toMatchObject({ ok: false, error: "Conflict" });
  });

  it("stores nothing for a refused file: no row, no file, no change of the product, no event", async () => {
    const before = await productImagePaths(t.db, product);
    const assets = await t.db.selectFrom("media_asset").select("key").execute();
    const folders = await readdir(join(dataDir, "media"));
    const events = await productEvents();
    for (const file of [Buffer.from("no picture"), blackPng(9000, 9000)]) {
      const result = await addProductPicture(ctx, actor, product, file);
      expect(result).toMatchObject({ ok: false, error: "InvalidInput" });
    }
    expect(await productImagePaths(t.db, product)).toEqual(before);
    expect(await t.db.selectFrom("media_asset").select("key").execute()).toEqual(assets);
    expect(await readdir(join(dataDir, "media"))).toEqual(folders);
    expect(await productEvents()).toBe(events);
  });

  it("moves a picture to the front, where it becomes the front picture", async () => {
    const before = await productImagePaths(t.db, product);
    for (let i = before.indexOf(uploaded); i > 0; i--) {
      const moved = await moveProductPicture(ctx, actor, product, uploaded, "up");
      expect(moved).toEqual({ ok: true, value: { changed: true } });
    }
    const after = await productImagePaths(t.db, product);
    expect(after[0]).toBe(uploaded);
    expect(after.slice(1)).toEqual(before.filter((p) => p !== uploaded));
    const front = await t.db
      .selectFrom("product_image")
      .select("path")
      .where("product_id", "=", product)
      .where("asset_name", "=", "front")
      .executeTakeFirst();
    expect(front?.path).toBe(uploaded);
    expect(await moveProductPicture(ctx, actor, product, uploaded, "up")).toEqual({
      ok: true,
      value: { changed: false },
    });
  });

  it("sets and clears alt texts per language, audited", async () => {
    const result = await setProductPictureAlt(ctx, actor, product, uploaded, { fr: "Mannequin en manteau", de: "" });
    expect(result).toEqual({ ok: true, value: { changed: true } });
    const listed = await listProductPictures(ctx, product);
    if (!listed.ok) throw new Error(listed.detail);
    expect(listed.value.pictures[0]?.alt).toEqual({ en: "Model wearing the coat", fr: "Mannequin en manteau" });
    expect((await listAudit(t, { action: "product.images.alt" })).entries).toHaveLength(1);
    const long = await setProductPictureAlt(ctx, actor, product, uploaded, { en: "x".repeat(301) });
    expect(long).toMatchObject({ ok: false, error: "InvalidInput" });
  });

  it("removes a picture from the product with its alt texts", async () => {
    const before = await productImagePaths(t.db, product);
    expect(await removeProductPicture(ctx, actor, product, uploaded)).toEqual({ ok: true, value: { changed: true } });
    expect(await productImagePaths(t.db, product)).toEqual(before.filter((p) => p !== uploaded));
    expect((await pictureAltTexts(t, product, "en")).size).toBe(0);
    expect(await removeProductPicture(ctx, actor, product, uploaded)).toMatchObject({ ok: false, error: "NotFound" });
  });

  it("answers NotFound for an unknown product", async () => {
    expect(await listProductPictures(ctx, 999_999_999)).toMatchObject({ ok: false, error: "NotFound" });
    const file = await testPicture("png", 300, 400);
    expect(await addProductPicture(ctx, actor, 999_999_999, file)).toMatchObject({ ok: false, error: "NotFound" });
  });
});

describe("deleting the files of pictures no product shows", () => {
  const other = demo.products[1]?.id as number;
  const third = demo.products[2]?.id as number;
  const folder = (key: string) => join(dataDir, "media", key);
  const exists = async (key: string) =>
    readdir(folder(key)).then(
      (files) => files.length > 0,
      () => false,
    );
  const asset = async (key: string) =>
    (await t.db.selectFrom("media_asset").select("key").where("key", "=", key).executeTakeFirst()) !== undefined;

  it("keeps the files while another product shows the same content, and deletes them with the last one", async () => {
    const file = await testPicture("png", 600, 900);
    const first = await addProductPicture(ctx, actor, product, file);
    const second = await addProductPicture(ctx, actor, other, file);
    if (!first.ok || !second.ok) throw new Error("upload refused");
    // The same content is stored once, under one key.
    expect(second.value.path).toBe(first.value.path);
    const key = mediaKeyOfPath(first.value.path)?.key as string;
    expect(await exists(key)).toBe(true);

    expect((await removeProductPicture(ctx, actor, product, first.value.path)).ok).toBe(true);
    expect(await exists(key)).toBe(true);
    expect(await asset(key)).toBe(true);

    expect((await removeProductPicture(ctx, actor, other, first.value.path)).ok).toBe(true);
    expect(await exists(key)).toBe(false);
    expect(await asset(key)).toBe(false);
    // Other pictures keep theirs.
    const left = (await readdir(join(dataDir, "media"))).filter((name) => !name.startsWith("."));
    for (const name of left) expect(await exists(name)).toBe(true);

    // Uploaded again: stored again, and shown.
    const again = await addProductPicture(ctx, actor, product, file);
    if (!again.ok) throw new Error(again.detail);
    expect(await exists(key)).toBe(true);
    expect(await (await mediaStoreFor(ctx.config)).get(`${key}/480.webp`)).toBeDefined();
  });

  it("keeps the files of a picture taken off in a transaction that is rolled back", async () => {
    const listed = await productImagePaths(t.db, product);
    const path = listed.at(-1) as string;
    const key = mediaKeyOfPath(path)?.key as string;
    await expect(
      withTransaction(ctx, async (tx) => {
        expect((await removeProductPicture(tx, actor, product, path)).ok).toBe(true);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await productImagePaths(t.db, product)).toContain(path);
    expect(await exists(key)).toBe(true);
  });

  it("the cleanup job deletes pictures replaced or gone with their product, after a grace period", async () => {
    // A picture stored for an upload that never reached its product, and one on a product that is deleted.
    const orphan = await storePicture(ctx, await testPicture("jpeg", 500, 700));
    const shown = await addProductPicture(ctx, actor, third, await testPicture("png", 700, 500));
    if (!orphan.ok || !shown.ok) throw new Error("upload refused");
    const orphanKey = mediaKeyOfPath(orphan.value.path)?.key as string;
    const shownKey = mediaKeyOfPath(shown.value.path)?.key as string;
    expect((await deleteProduct(ctx, actor, third)).ok).toBe(true);
    const kept = (await productImagePaths(t.db, product)).flatMap((p) => mediaKeyOfPath(p)?.key ?? []);
    expect(kept.length).toBeGreaterThan(0);

    // Within the grace period nothing goes: an upload may still be on its way to its product.
    const soon = testCtx(t.db, { config: { VITRINE_DATA_DIR: dataDir }, clock: { now: () => new Date() } });
    expect(await deleteUnusedPicturesAll(soon)).toMatchObject({ deleted: 0 });
    expect(await exists(orphanKey)).toBe(true);

    const later = new Date(Date.now() + UNUSED_PICTURE_GRACE_MS + 60_000);
    const afterGrace = testCtx(t.db, { config: { VITRINE_DATA_DIR: dataDir }, clock: { now: () => later } });
    expect(await deleteUnusedPicturesAll(afterGrace)).toMatchObject({ deleted: 2 });
    expect(await exists(orphanKey)).toBe(false);
    expect(await exists(shownKey)).toBe(false);
    for (const key of kept) expect(await exists(key)).toBe(true);
    expect(await deleteUnusedPicturesAll(afterGrace)).toMatchObject({ deleted: 0 });
  });
});
