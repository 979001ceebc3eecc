import { mkdtemp, readdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDemoCatalog } from "@vitrine/demo-data";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliActor } from "../audit/audit.ts";
import { importCatalog } from "../catalog/import.ts";
import { loadConfig } from "../config.ts";
import type { Ctx } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { mediaKeyOfPath } from "./paths.ts";
import { addProductPicture, removeProductPicture } from "./service.ts";
import { DiskMediaStore, type MediaStore, mediaPublicUrl, mediaStoreFor, S3MediaStore } from "./storage.ts";
import { testPicture } from "./test-pictures.ts";

/**
 * The S3-compatible media store against a real S3 server on 127.0.0.1: s3rver (a devDependency), started here on a
 * free port; or, when MEDIA_S3_TEST_ENDPOINT is set (with MEDIA_S3_TEST_BUCKET and the key pair in
 * MEDIA_S3_TEST_ACCESS_KEY_ID / MEDIA_S3_TEST_SECRET_ACCESS_KEY), any other one such as MinIO.
 */

let server: S3rver | undefined;
let serverDir: string;
let dataDir: string;
let settings: {
  MEDIA_S3_BUCKET: string;
  MEDIA_S3_ENDPOINT: string;
  MEDIA_S3_ACCESS_KEY_ID: string;
  MEDIA_S3_SECRET_ACCESS_KEY: string;
  MEDIA_S3_PREFIX: string;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "vitrine-s3-data-"));
  serverDir = await mkdtemp(join(tmpdir(), "vitrine-s3-server-"));
  const prefix = `test-${process.pid}-${Date.now()}/media/`;
  const external = process.env.MEDIA_S3_TEST_ENDPOINT;
  if (external) {
    settings = {
      MEDIA_S3_BUCKET: process.env.MEDIA_S3_TEST_BUCKET ?? "vitrine-test",
      MEDIA_S3_ENDPOINT: external,
      MEDIA_S3_ACCESS_KEY_ID: process.env.MEDIA_S3_TEST_ACCESS_KEY_ID ?? "",
      MEDIA_S3_SECRET_ACCESS_KEY: process.env.MEDIA_S3_TEST_SECRET_ACCESS_KEY ?? "",
      MEDIA_S3_PREFIX: prefix,
    };
    return;
  }
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: serverDir,
    configureBuckets: [{ name: "vitrine-media", configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  settings = {
    MEDIA_S3_BUCKET: "vitrine-media",
    MEDIA_S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    // s3rver's own key pair: it checks the requests' signatures with it.
    MEDIA_S3_ACCESS_KEY_ID: "S3RVER",
    MEDIA_S3_SECRET_ACCESS_KEY: "S3RVER",
    MEDIA_S3_PREFIX: prefix,
  };
});
afterAll(async () => {
  await server?.close();
  await rm(serverDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe("the S3-compatible media store", () => {
  it("is the store when a bucket is configured, and the data folder otherwise", () => {
    expect(mediaStoreFor({ VITRINE_DATA_DIR: dataDir, ...settings })).toBeInstanceOf(S3MediaStore);
    expect(mediaStoreFor({ VITRINE_DATA_DIR: dataDir })).toBeInstanceOf(DiskMediaStore);
    // The same configuration, the same store (one client per process).
    expect(mediaStoreFor({ VITRINE_DATA_DIR: dataDir, ...settings })).toBe(
      mediaStoreFor({ VITRINE_DATA_DIR: dataDir, ...settings }),
    );
  });

  it("names a rendition's public address only for a public bucket", () => {
    const name = "0123456789abcdef0123-800x1000/480.avif";
    expect(mediaPublicUrl({ ...settings }, name)).toBeUndefined();
    expect(mediaPublicUrl({ MEDIA_S3_PUBLIC_URL: "https://cdn.example.com" }, name)).toBeUndefined();
    expect(
      mediaPublicUrl(
        { ...settings, MEDIA_S3_PREFIX: "shop/media/", MEDIA_S3_PUBLIC_URL: "https://cdn.example.com" },
        name,
      ),
    ).toBe(`https://cdn.example.com/shop/media/${name}`);
  });

  it("puts, gets and removes a key's renditions, and no other key's", async () => {
    const store: MediaStore = mediaStoreFor({ VITRINE_DATA_DIR: dataDir, ...settings });
    const a = "0123456789abcdef0123-800x1000";
    const b = "fedcba9876543210fedc-800x1000";
    const body = new Uint8Array([1, 2, 3, 250, 251, 252]);
    await store.put(`${a}/240.avif`, body, "image/avif");
    await store.put(`${a}/480.webp`, new Uint8Array([9]), "image/webp");
    await store.put(`${b}/240.avif`, new Uint8Array([7, 7]), "image/avif");
    expect(await store.get(`${a}/240.avif`)).toEqual(body);
    expect(await store.get(`${a}/960.avif`)).toBeUndefined();

    await store.removeKey(a);
    expect(await store.get(`${a}/240.avif`)).toBeUndefined();
    expect(await store.get(`${a}/480.webp`)).toBeUndefined();
    expect(await store.get(`${b}/240.avif`)).toEqual(new Uint8Array([7, 7]));
    await store.removeKey(a);
    await expect(store.put("../escape/240.avif", body, "image/avif")).rejects.toThrow("outside the store");
  });

  it("keeps an uploaded picture's renditions in the bucket (none on disk) and deletes them when it is taken off", async () => {
    const t: TestDatabase = await createTestDatabase();
    try {
      const now = new Date("2026-11-01T10:00:00Z");
      const demo = generateDemoCatalog({ products: 2, seed: 3, today: now });
      expect(
        (
          await importCatalog(
            t,
            [...demo.categories, ...demo.products].map((r) => JSON.stringify(r)),
            now,
          )
        ).ok,
      ).toBe(true);
      const ctx: Ctx = testCtx(t.db, { config: { ...loadConfig({}), VITRINE_DATA_DIR: dataDir, ...settings } });
      const product = demo.products[0]?.id as number;
      const added = await addProductPicture(ctx, cliActor("tester"), product, await testPicture("jpeg", 800, 600));
      if (!added.ok) throw new Error(added.detail);
      const key = mediaKeyOfPath(added.value.path)?.key as string;
      const store = mediaStoreFor(ctx.config);
      const rendition = await store.get(`${key}/480.avif`);
      expect(rendition?.byteLength).toBeGreaterThan(100);
      expect(await readdir(dataDir)).not.toContain("media");

      expect((await removeProductPicture(ctx, cliActor("tester"), product, added.value.path)).ok).toBe(true);
      expect(await store.get(`${key}/480.avif`)).toBeUndefined();
      expect(await store.get(`${key}/240.webp`)).toBeUndefined();
    } finally {
      await t.destroy();
    }
  });
});
