import { generateDemoCatalog } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, listAudit } from "../audit/audit.ts";
import { addItemToBasket, getBasket } from "../basket/service.ts";
import type { Shopper } from "../basket/types.ts";
import { getUnavailableBasketItems, removeUnavailableBasketItems } from "../basket/unavailable.ts";
import type { Ctx, ShopCtx } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { EVENT_FEED_START, readEventsAfter } from "../events/feed.ts";
import { type Shop, shopByCode } from "../shop/shops.ts";
import { bulkChangeStock, deleteProduct, listProducts, setProductStatus } from "./admin.ts";
import { importCatalog } from "./import.ts";
import {
  addProductSize,
  linkColourSibling,
  listColourSiblings,
  removeProductSize,
  unlinkColourSibling,
} from "./product-editing.ts";
import type { ProductRecord } from "./records.ts";
import { getProductView } from "./service.ts";
import { loadProductRecords } from "./store.ts";
import { getVariantLines } from "./variant-lines.ts";

/** The product editor's colour siblings and sizes, and what an open basket says of products that went away. */
const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 40, seed: 12, today: now });
const actor: Actor = { type: "staff", id: "s-2", label: "merch@shop.test" };
const dialectName = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

let t: TestDatabase;
let ctx: Ctx;
let de: ShopCtx;
let fr: ShopCtx;
let shopperSeq = 0;
const guest = (): Shopper => ({ kind: "guest", browserId: `editing-${++shopperSeq}-${Math.random()}` });

beforeAll(async () => {
  t = await createTestDatabase();
  ctx = testCtx(t.db, { clock: { now: () => new Date() } });
  de = testCtx(t.db, { clock: { now: () => new Date() }, shop: shopByCode("de") as Shop });
  fr = testCtx(t.db, { clock: { now: () => new Date() }, shop: shopByCode("fr-ch") as Shop });
  const lines = [...demo.categories, ...demo.products].map((r) => JSON.stringify(r));
  expect((await importCatalog(ctx, lines, now)).ok).toBe(true);
});
afterAll(async () => {
  await t?.destroy();
});

const cursorNow = async () => (await readEventsAfter(t.db, EVENT_FEED_START, 100_000)).cursor;
/**
 * The `catalog.changed` events of entity product after a cursor. On PostgreSQL the feed shows a transaction's events
 * once no older transaction of the cluster is still open (events/feed.ts): wait for them a little.
 */
async function productEventsAfter(cursor: Awaited<ReturnType<typeof readEventsAfter>>["cursor"]): Promise<number[]> {
  for (let tries = 0; ; tries++) {
    const ids = (await readEventsAfter(t.db, cursor)).events
      .filter((e) => e.type === "catalog.changed" && e.entity === "product")
      .map((e) => Number(e.entityId))
      .sort((a, b) => a - b);
    if (ids.length > 0 || tries >= 50) return ids;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Two products of different colour groups whose colours differ from every product of the other group. */
function twoGroups(): [ProductRecord, ProductRecord] {
  const byMaster = new Map<string, ProductRecord[]>();
  for (const p of demo.products) byMaster.set(p.masterKey, [...(byMaster.get(p.masterKey) ?? []), p]);
  const groups = [...byMaster.values()];
  for (const a of groups) {
    for (const b of groups) {
      if (a === b || a.length < 2) continue;
      const [first] = b;
      if (first && !a.some((p) => p.colorId === first.colorId)) return [a[0] as ProductRecord, first];
    }
  }
  throw new Error("the demo catalogue has no two such groups");
}

describe(`colour siblings (${dialectName})`, () => {
  it("links a product into another product's group, and unlinks it: audited, every sibling's page follows", async () => {
    const [inGroup, single] = twoGroups();
    const groupBefore = demo.products.filter((p) => p.masterKey === inGroup.masterKey).map((p) => p.id);
    const ownBefore = demo.products.filter((p) => p.masterKey === single.masterKey).map((p) => p.id);
    const cursor = await cursorNow();
    expect(await linkColourSibling(ctx, actor, single.id, String(inGroup.id))).toEqual({ ok: true, changed: true });
    const siblings = await listColourSiblings(ctx, single.id, "de");
    expect(siblings.map((s) => s.id).sort((a, b) => a - b)).toEqual(groupBefore);
    // Every product of the old and the new group gets its event (their swatches change).
    expect(await productEventsAfter(cursor)).toEqual(expect.arrayContaining([...groupBefore, ...ownBefore]));
    const view = await getProductView(de, inGroup.id);
    expect(view?.siblings.map((s) => s.id)).toContain(single.id);
    const audit = await listAudit(ctx, { subjectType: "product", action: "product.colour_link" });
    expect(audit.entries[0]).toMatchObject({
      subjectId: String(single.id),
      before: { masterKey: single.masterKey },
      after: { masterKey: inGroup.masterKey },
    });

    expect(await unlinkColourSibling(ctx, actor, single.id)).toEqual({ ok: true, changed: true });
    expect(await listColourSiblings(ctx, single.id, "de")).toEqual([]);
    expect((await getProductView(de, inGroup.id))?.siblings.map((s) => s.id)).not.toContain(single.id);
    expect(await unlinkColourSibling(ctx, actor, single.id)).toMatchObject({ ok: false, reason: "alone" });
    const [record] = await loadProductRecords(ctx, [single.id]);
    expect(record?.masterKey).not.toBe(inGroup.masterKey);
    // By product number, too.
    expect(await linkColourSibling(ctx, actor, single.id, inGroup.referenceKey)).toMatchObject({ ok: true });
    expect(await unlinkColourSibling(ctx, actor, single.id)).toMatchObject({ ok: true });
  });

  it("refuses itself, unknown and deleted products, the same group and a colour the group has", async () => {
    const [inGroup, single] = twoGroups();
    expect(await linkColourSibling(ctx, actor, single.id, String(single.id))).toMatchObject({
      ok: false,
      error: "InvalidInput",
      reason: "self",
    });
    expect(await linkColourSibling(ctx, actor, single.id, "99999999")).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect(await linkColourSibling(ctx, actor, 99999999, String(single.id))).toMatchObject({
      ok: false,
      error: "NotFound",
    });
    const sibling = demo.products.find((p) => p.masterKey === inGroup.masterKey && p.id !== inGroup.id);
    expect(await linkColourSibling(ctx, actor, inGroup.id, String(sibling?.id))).toMatchObject({
      ok: false,
      reason: "same_group",
    });
    // A product of single's colour, alone in its group, cannot join a group that has that colour already.
    const sameColour = demo.products.find(
      (p) => p.id !== single.id && p.colorId === single.colorId && p.masterKey !== single.masterKey,
    );
    if (sameColour) {
      expect(await linkColourSibling(ctx, actor, single.id, String(sameColour.id))).toMatchObject({
        ok: false,
        reason: "colour_taken",
      });
    }
    const doomed = demo.products[demo.products.length - 1] as ProductRecord;
    expect((await deleteProduct(ctx, actor, doomed.id)).ok).toBe(true);
    expect(await linkColourSibling(ctx, actor, single.id, String(doomed.id))).toMatchObject({
      ok: false,
      reason: "deleted",
    });
  });
});

describe(`sizes (${dialectName})`, () => {
  it("adds a size with the prices of the first size, in size order; audited; the shop sells it", async () => {
    const p = demo.products[3] as ProductRecord;
    const before = (await loadProductRecords(ctx, [p.id]))[0] as ProductRecord;
    const result = await addProductSize(ctx, actor, p.id, { size: "5XL", ean: "4006381333931", stock: "4" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const after = (await loadProductRecords(ctx, [p.id]))[0] as ProductRecord;
    expect(after.variants).toHaveLength(before.variants.length + 1);
    const added = after.variants.find((v) => v.id === result.variantId);
    expect(added).toMatchObject({ size: "5XL", ean: "4006381333931", stock: { quantity: 4 } });
    expect(added?.prices).toEqual(before.variants[0]?.prices);
    const lines = await getVariantLines(de, [result.variantId as number]);
    expect(lines.get(result.variantId as number)?.variant.size).toBe("5XL");
    const audit = await listAudit(ctx, { subjectType: "product", action: "product.size_add" });
    expect(audit.entries[0]).toMatchObject({ subjectId: String(p.id), after: { size: "5XL", stock: 4 } });
  });

  it("refuses a bad size label or EAN, a size the product has and an EAN of another size", async () => {
    const p = demo.products[4] as ProductRecord;
    const first = p.variants[0] as ProductRecord["variants"][number];
    const other = (demo.products[5] as ProductRecord).variants.find((v) => v.ean !== null);
    expect(await addProductSize(ctx, actor, p.id, { size: " ", ean: "", stock: "1" })).toMatchObject({
      reason: "size",
    });
    expect(await addProductSize(ctx, actor, p.id, { size: "x".repeat(21), ean: "", stock: "1" })).toMatchObject({
      reason: "size",
    });
    expect(await addProductSize(ctx, actor, p.id, { size: "XXL9", ean: "12ab", stock: "1" })).toMatchObject({
      reason: "ean",
    });
    expect(await addProductSize(ctx, actor, p.id, { size: "XXL9", ean: "", stock: "-1" })).toMatchObject({
      reason: "stock",
    });
    expect(
      await addProductSize(ctx, actor, p.id, { size: first.size.toUpperCase(), ean: "", stock: "1" }),
    ).toMatchObject({ error: "Conflict", reason: "size_taken" });
    if (other?.ean) {
      expect(await addProductSize(ctx, actor, p.id, { size: "XXL9", ean: other.ean, stock: "1" })).toMatchObject({
        reason: "ean_taken",
      });
    }
    expect((await loadProductRecords(ctx, [p.id]))[0]?.variants).toHaveLength(p.variants.length);
  });

  it("removes a size: kept as a row for orders, out of the product and the shop; adding it again brings it back", async () => {
    const p = demo.products[6] as ProductRecord;
    const gone = p.variants[0] as ProductRecord["variants"][number];
    const cursor = await cursorNow();
    expect(await removeProductSize(ctx, actor, p.id, gone.id)).toEqual({ ok: true, changed: true });
    expect(await productEventsAfter(cursor)).toContain(p.id);
    const after = (await loadProductRecords(ctx, [p.id]))[0] as ProductRecord;
    expect(after.variants.map((v) => v.id)).not.toContain(gone.id);
    const row = await t.db.selectFrom("variant").selectAll().where("id", "=", gone.id).executeTakeFirst();
    expect(row?.removed_at).not.toBeNull();
    expect((await getVariantLines(de, [gone.id])).size).toBe(0);
    expect((await getProductView(de, p.id))?.variants.map((v) => v.id)).not.toContain(gone.id);
    expect(await removeProductSize(ctx, actor, p.id, gone.id)).toMatchObject({ reason: "variant_not_found" });
    const audit = await listAudit(ctx, { subjectType: "product", action: "product.size_remove" });
    expect(audit.entries[0]).toMatchObject({
      subjectId: String(p.id),
      before: { variantId: gone.id, size: gone.size },
    });

    const back = await addProductSize(ctx, actor, p.id, { size: gone.size, ean: "", stock: "2" });
    expect(back).toMatchObject({ ok: true, variantId: gone.id });
    const restored = (await loadProductRecords(ctx, [p.id]))[0] as ProductRecord;
    expect(restored.variants.find((v) => v.id === gone.id)).toMatchObject({ ean: gone.ean, stock: { quantity: 2 } });
  });

  it("leaves a removed size out of the back office's list and its bulk stock changes", async () => {
    const p = demo.products[8] as ProductRecord;
    const gone = p.variants[p.variants.length - 1] as ProductRecord["variants"][number];
    expect((await removeProductSize(ctx, actor, p.id, gone.id)).ok).toBe(true);
    const { rows } = await listProducts(ctx, { q: String(p.id), language: "de", status: "active" });
    expect(rows.find((r) => r.id === p.id)).toMatchObject({
      variants: p.variants.length - 1,
      stock: p.variants.filter((v) => v.id !== gone.id).reduce((sum, v) => sum + v.stock.quantity, 0),
    });
    expect((await bulkChangeStock(ctx, actor, [p.id], { kind: "set", quantity: 9 })).ok).toBe(true);
    const row = await t.db.selectFrom("variant").select("stock_quantity").where("id", "=", gone.id).executeTakeFirst();
    expect(row?.stock_quantity).toBe(gone.stock.quantity);
  });

  it("keeps the last size of a product", async () => {
    const p = demo.products[7] as ProductRecord;
    const [keep, ...rest] = p.variants;
    for (const v of rest) expect((await removeProductSize(ctx, actor, p.id, v.id)).ok).toBe(true);
    expect(await removeProductSize(ctx, actor, p.id, keep?.id as number)).toMatchObject({
      ok: false,
      error: "Conflict",
      reason: "last_size",
    });
  });
});

/** Products (from `from` on) whose first size the store sells now, with its variant id. */
async function sellable(shop: ShopCtx, count: number, from: number): Promise<[ProductRecord, number][]> {
  const out: [ProductRecord, number][] = [];
  for (const p of demo.products.slice(from).filter((x) => x.variants.length >= 2)) {
    const lines = await getVariantLines(
      shop,
      p.variants.map((v) => v.id),
    );
    const line = [...lines.values()].find((l) => l.variant.isSellable);
    if (line) out.push([p, line.variant.id]);
    if (out.length === count) return out;
  }
  throw new Error("not enough sellable products");
}

describe(`a basket with products that went away (${dialectName})`, () => {
  it("names a deleted product in the shopper's language and a removed size, and removes the lines on request", async () => {
    const picks = await sellable(de, 3, 10);
    const [doomed, doomedVariant] = picks[0] as [ProductRecord, number];
    const [sized, sizeGone] = picks[1] as [ProductRecord, number];
    const [kept, keptVariant] = picks[2] as [ProductRecord, number];
    const shopper = guest();
    for (const variantId of [doomedVariant, sizeGone, keptVariant]) {
      expect((await addItemToBasket(de, shopper, { variantId, quantity: 1 })).ok).toBe(true);
    }
    expect(await getUnavailableBasketItems(de, shopper)).toEqual([]);
    expect((await deleteProduct(ctx, actor, doomed.id)).ok).toBe(true);
    expect((await removeProductSize(ctx, actor, sized.id, sizeGone)).ok).toBe(true);

    const basket = await getBasket(de, shopper);
    expect(basket.items.map((i) => i.product.id)).toEqual([kept.id]);
    const notices = await getUnavailableBasketItems(de, shopper);
    const deName = doomed.translations.de?.name ?? doomed.translations.en?.name;
    expect(notices).toEqual([
      expect.objectContaining({ productId: doomed.id, name: deName, reason: "deleted", size: null }),
      expect.objectContaining({
        productId: sized.id,
        variantId: sizeGone,
        size: sized.variants.find((v) => v.id === sizeGone)?.size,
        reason: "size_removed",
      }),
    ]);
    expect(await removeUnavailableBasketItems(de, shopper)).toBe(2);
    expect(await getUnavailableBasketItems(de, shopper)).toEqual([]);
    expect((await getBasket(de, shopper)).items).toHaveLength(1);
  });

  it("names the product in French in the fr-ch store, and a hidden product as unavailable", async () => {
    const picks = await sellable(fr, 2, 20);
    const [doomed, doomedVariant] = picks[0] as [ProductRecord, number];
    const [hidden, hiddenVariant] = picks[1] as [ProductRecord, number];
    const shopper = guest();
    for (const variantId of [doomedVariant, hiddenVariant]) {
      expect((await addItemToBasket(fr, shopper, { variantId, quantity: 1 })).ok).toBe(true);
    }
    expect((await deleteProduct(ctx, actor, doomed.id)).ok).toBe(true);
    expect((await setProductStatus(ctx, actor, hidden.id, "hidden")).ok).toBe(true);
    const notices = await getUnavailableBasketItems(fr, shopper);
    const frName = (doomed.translations.fr ?? doomed.translations.de ?? doomed.translations.en)?.name;
    expect(notices.map((n) => [n.productId, n.reason])).toEqual([
      [doomed.id, "deleted"],
      [hidden.id, "unavailable"],
    ]);
    expect(notices[0]?.name).toBe(frName);
    // Shown again: the line is back, no notice.
    expect((await setProductStatus(ctx, actor, hidden.id, "active")).ok).toBe(true);
    expect((await getUnavailableBasketItems(fr, shopper)).map((n) => n.productId)).toEqual([doomed.id]);
    expect((await getBasket(fr, shopper)).items.map((i) => i.product.id)).toEqual([hidden.id]);
  });
});
