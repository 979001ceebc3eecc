import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { importCatalog } from "./import.ts";
import { productSitemapBuckets, productSitemapEntries, SITEMAP_BUCKET_SIZE } from "./sitemap.ts";

const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 30, seed: 5, today: now });

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  // Spread the products over three id buckets, with a gap: the sitemap files follow the ids.
  const ids = [1, 2, 3, SITEMAP_BUCKET_SIZE * 2, SITEMAP_BUCKET_SIZE * 2 + 7];
  const products = demo.products.slice(0, 30).map((p, i) => ({
    ...p,
    id: i < ids.length ? (ids[i] as number) : SITEMAP_BUCKET_SIZE * 5 + i,
    variants: p.variants.map((v, j) => ({ ...v, id: (i + 1) * 100 + j })),
  }));
  const lines = [...demo.categories, ...products].map((r) => JSON.stringify(r));
  const result = await importCatalog(t, lines, now);
  expect(result.ok).toBe(true);
});
afterAll(async () => {
  await t.destroy();
});

describe("catalogue for the sitemap", () => {
  it("lists the non-empty id buckets of a price zone with their product counts", async () => {
    expect(await productSitemapBuckets(t, "DE")).toEqual([
      { bucket: 0, products: 3 },
      { bucket: 2, products: 2 },
      { bucket: 5, products: 25 },
    ]);
  });

  it("reads a bucket in id order, batch by batch, with names in the language", async () => {
    const batches: { id: number; name: string }[][] = [];
    for await (const batch of productSitemapEntries(t.db, { zone: "CH", language: "fr", bucket: 5, batchSize: 10 })) {
      batches.push(batch);
    }
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    const ids = batches.flat().map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBe(SITEMAP_BUCKET_SIZE * 5 + 5);
    const first = demo.products[5];
    expect(batches[0]?.[0]?.name).toBe(first?.translations.fr?.name);
  });

  it("leaves out empty buckets and products not sold in the zone", async () => {
    const none: unknown[] = [];
    for await (const batch of productSitemapEntries(t.db, { zone: "DE", language: "de", bucket: 1 })) none.push(batch);
    expect(none).toEqual([]);
    await t.db.deleteFrom("variant_price").where("price_zone", "=", "AT").execute();
    expect(await productSitemapBuckets(t, "AT")).toEqual([]);
  });
});
