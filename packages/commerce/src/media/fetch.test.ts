import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImagePaths } from "../catalog/images.ts";
import { importCatalog } from "../catalog/import.ts";
import { defaultImageUrl } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { fetchPicture, importImageResolver } from "./fetch.ts";
import { mediaKeyOfPath } from "./paths.ts";
import { mediaStoreFor } from "./storage.ts";
import { testPicture } from "./test-pictures.ts";

const now = new Date("2026-11-01T10:00:00Z");
let server: Server;
let origin = "";
let photo: Buffer;
let t: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  photo = await testPicture("jpeg", 600, 800);
  server = createServer((request, response) => {
    switch (request.url) {
      case "/coat.jpg":
        response.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
        return;
      case "/big.jpg":
        // No length given: the reader has to stop by itself.
        response.writeHead(200, { "content-type": "image/jpeg" });
        response.end(Buffer.alloc(3_000_000));
        return;
      case "/slow.jpg":
        setTimeout(() => response.writeHead(200).end(photo), 2000);
        return;
      case "/page.html":
        response.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "vitrine-media-fetch-"));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe("fetching a picture by address", () => {
  const limits = { maxBytes: 1_000_000, timeoutMs: 500 };

  it("downloads http(s) only, within the size and time limits", async () => {
    const ok = await fetchPicture(`${origin}/coat.jpg`, limits);
    expect(ok.ok && Buffer.from(ok.body).equals(photo)).toBe(true);
    expect(await fetchPicture(`${origin}/missing.jpg`, limits)).toEqual({ ok: false, reason: "answered HTTP 404" });
    expect(await fetchPicture(`${origin}/big.jpg`, limits)).toEqual({
      ok: false,
      reason: "is larger than 1000000 bytes",
    });
    expect(await fetchPicture(`${origin}/slow.jpg`, limits)).toEqual({
      ok: false,
      reason: "did not answer within 500 ms",
    });
    expect(await fetchPicture("file:///etc/passwd", limits)).toEqual({
      ok: false,
      reason: "is not an http(s) address",
    });
    expect(await fetchPicture("ftp://127.0.0.1/x.jpg", limits)).toMatchObject({ ok: false });
  });

  it("shows an address as it is instead of under the shop's image base", () => {
    const url = defaultImageUrl("/images");
    expect(url("demo/a/b.svg")).toBe("/images/demo/a/b.svg");
    expect(url("https://cdn.example/coat.jpg")).toBe("https://cdn.example/coat.jpg");
  });
});

describe("a catalogue import with picture addresses", () => {
  const demo = generateDemoCatalog({ products: 2, seed: 9, today: now });
  const withImages = (paths: string[]) => {
    const [first, second] = demo.products;
    const changed = { ...first, images: paths.map((path, i) => ({ assetName: ["front", "fa", "d1"][i], path })) };
    return [...demo.categories, changed, second].map((r) => JSON.stringify(r));
  };

  it("keeps the addresses by default (IMPORT_IMAGE_URLS=keep)", async () => {
    const ctx = testCtx(t.db, { config: { VITRINE_DATA_DIR: dataDir } });
    const address = `${origin}/coat.jpg`;
    const resolver = importImageResolver(ctx);
    expect(resolver).toBeUndefined();
    const result = await importCatalog(t, withImages([address]), now);
    expect(result.ok).toBe(true);
    expect(await productImagePaths(t.db, demo.products[0]?.id as number)).toEqual([address]);
  });

  it("fetches them into the media store with IMPORT_IMAGE_URLS=fetch, and refuses the file when one fails", async () => {
    const ctx = testCtx(t.db, { config: { VITRINE_DATA_DIR: dataDir, IMPORT_IMAGE_URLS: "fetch" } });
    const product = demo.products[0]?.id as number;
    const before = await productImagePaths(t.db, product);
    const refused = await importCatalog(t, withImages([`${origin}/coat.jpg`, `${origin}/page.html`]), now, {
      imageAddresses: importImageResolver(ctx),
    });
    expect(refused).toMatchObject({
      ok: false,
      issues: [
        {
          field: "images.1.path",
          reason: `${origin}/page.html: The file is not a picture.`,
        },
      ],
    });
    expect(await productImagePaths(t.db, product)).toEqual(before);

    const result = await importCatalog(t, withImages([`${origin}/coat.jpg`, "demo/x/y/plain/fa.svg"]), now, {
      imageAddresses: importImageResolver(ctx),
    });
    expect(result.ok).toBe(true);
    const [front, hover] = await productImagePaths(t.db, product);
    expect(mediaKeyOfPath(front as string)).toMatchObject({ width: 600, height: 800 });
    expect(hover).toBe("demo/x/y/plain/fa.svg");
    const key = mediaKeyOfPath(front as string)?.key as string;
    expect(await mediaStoreFor(ctx.config).get(`${key}/480.avif`)).toBeDefined();
  });
});
