import { generateDemoCatalog } from "@vitrine/demo-data";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import * as migration0032 from "../db/migrations/0032_product_list_state.ts";
import * as migration0035 from "../db/migrations/0035_list_state_deferral.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import {
  bulkChangePrices,
  bulkChangeStock,
  deleteProduct,
  editInputOf,
  formatMoneyInput,
  LIST_COUNT_CAP,
  LOW_STOCK_UNITS,
  listProducts,
  loadEditableProduct,
  type ProductEditInput,
  saveProduct,
  type VariantInput,
} from "./admin.ts";
import { setProductImagePaths } from "./images.ts";
import { importCatalog, writeCatalog } from "./import.ts";
import { addProductSize, removeProductSize } from "./product-editing.ts";
import type { ProductRecord } from "./records.ts";
import { putBackStock, takeStock } from "./stock.ts";
import { loadProductRecords } from "./store.ts";

/**
 * The product columns the back office list filters on (stock_state, on_sale, has_front_image: migration 0032) are
 * kept by database triggers. Each write path is run here and every product's columns are compared with what its
 * variants, prices and pictures say, worked out independently in this file.
 */

const isPostgres = Boolean(process.env.DATABASE_URL?.startsWith("postgres"));
const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 30, seed: 5, today: now });
const actor: Actor = { type: "staff", id: "s-1", label: "merch@shop.test" };

let t: TestDatabase;
let ctx: Ctx;

beforeAll(async () => {
  t = await createTestDatabase();
  ctx = testCtx(t.db, { clock: { now: () => new Date() } });
  const lines = [...demo.categories, ...demo.products].map((r) => JSON.stringify(r));
  const result = await importCatalog(ctx, lines, now);
  expect(result.ok).toBe(true);
});
afterAll(async () => {
  await t.destroy();
});

const product = (i: number) => demo.products[i] as ProductRecord;

interface ListState {
  stock_state: string;
  on_sale: number;
  has_front_image: number;
}

/** What each product's list columns must be, from its variants, prices and pictures. */
async function expectedStates(): Promise<Map<number, ListState>> {
  const [products, variants, prices, images] = await Promise.all([
    t.db.selectFrom("product").select("id").execute(),
    // Removed sizes keep their rows (orders name them) but are no longer part of the product.
    t.db
      .selectFrom("variant")
      .select(["id", "product_id", "stock_quantity", "sellable_without_stock"])
      .where("removed_at", "is", null)
      .execute(),
    t.db.selectFrom("variant_price").select(["variant_id", "sale_price"]).execute(),
    t.db.selectFrom("product_image").select(["product_id", "asset_name"]).execute(),
  ]);
  const productOfVariant = new Map(variants.map((v) => [v.id, v.product_id]));
  const out = new Map<number, ListState>();
  for (const { id } of products) {
    const own = variants.filter((v) => v.product_id === id);
    const units = own.reduce((sum, v) => sum + v.stock_quantity, 0);
    const sellable = own.some((v) => v.stock_quantity > 0 || v.sellable_without_stock === 1);
    out.set(id, {
      stock_state: units >= 1 && units <= LOW_STOCK_UNITS ? "low" : sellable ? "in" : "out",
      on_sale: prices.some((p) => p.sale_price !== null && productOfVariant.get(p.variant_id) === id) ? 1 : 0,
      has_front_image: images.some((i) => i.product_id === id && i.asset_name === "front") ? 1 : 0,
    });
  }
  return out;
}

async function actualStates(): Promise<Map<number, ListState>> {
  const rows = await t.db.selectFrom("product").select(["id", "stock_state", "on_sale", "has_front_image"]).execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { stock_state: r.stock_state, on_sale: Number(r.on_sale), has_front_image: Number(r.has_front_image) },
    ]),
  );
}

async function expectStatesRight(): Promise<void> {
  expect(await actualStates()).toEqual(await expectedStates());
}

const stateOf = async (id: number) => (await actualStates()).get(id);

/** The editor's input for a product as it is, with changes to some variants' stock and prices. */
async function editorInput(
  id: number,
  change: (variant: ProductRecord["variants"][number]) => { stock?: number; sale?: string },
): Promise<ProductEditInput> {
  const current = await loadEditableProduct(ctx, id);
  const record = current?.record as ProductRecord;
  const input = editInputOf(record, current?.updatedAt);
  for (const v of record.variants) {
    const c = change(v);
    const variant = input.variants[v.id] as VariantInput;
    if (c.stock !== undefined) variant.stock = String(c.stock);
    if (c.sale !== undefined) for (const price of Object.values(variant.prices)) if (price) price.sale = c.sale;
  }
  return input;
}

describe("the product list's stock, sale and picture columns", () => {
  it("are right after a catalogue import, and the demo catalogue has products in every state", async () => {
    await expectStatesRight();
    const states = [...(await actualStates()).values()];
    expect(new Set(states.map((s) => s.on_sale))).toEqual(new Set([0, 1]));
    expect(states.some((s) => s.stock_state === "in")).toBe(true);
  });

  it("follow the editor: stock down to low, to sold out, and a reduction set and ended", async () => {
    const id = product(1).id;
    await t.db.updateTable("variant").set({ sellable_without_stock: 0 }).where("product_id", "=", id).execute();
    const firstVariant = product(1).variants[0]?.id;
    const low = await saveProduct(
      ctx,
      actor,
      id,
      await editorInput(id, (v) => ({ stock: v.id === firstVariant ? 2 : 0 })),
    );
    expect(low.ok).toBe(true);
    expect((await stateOf(id))?.stock_state).toBe("low");
    const out = await saveProduct(ctx, actor, id, await editorInput(id, () => ({ stock: 0 })));
    expect(out.ok).toBe(true);
    expect((await stateOf(id))?.stock_state).toBe("out");
    const listPrice = Object.values(product(1).variants[0]?.prices ?? {})[0]?.listPrice ?? 0;
    const sale = await saveProduct(
      ctx,
      actor,
      id,
      await editorInput(id, () => ({ sale: formatMoneyInput(listPrice - 100) })),
    );
    expect(sale.ok).toBe(true);
    expect((await stateOf(id))?.on_sale).toBe(1);
    const ended = await saveProduct(ctx, actor, id, await editorInput(id, () => ({ sale: "" })));
    expect(ended.ok).toBe(true);
    expect((await stateOf(id))?.on_sale).toBe(0);
    await expectStatesRight();
  });

  it("follow a size removed and added again: only the sizes the product has count", async () => {
    const record = product(5);
    const id = record.id;
    await t.db.updateTable("variant").set({ sellable_without_stock: 0 }).where("product_id", "=", id).execute();
    const [kept, removed] = record.variants;
    if (!kept || !removed) throw new Error("a product with two sizes");
    // Two units in one size, 40 in the other: "in"; without the big one the product is low on stock.
    await saveProduct(
      ctx,
      actor,
      id,
      await editorInput(id, (v) => ({ stock: v.id === kept.id ? 2 : v.id === removed.id ? 40 : 0 })),
    );
    expect((await stateOf(id))?.stock_state).toBe("in");
    expect(await removeProductSize(ctx, actor, id, removed.id)).toMatchObject({ ok: true });
    expect((await stateOf(id))?.stock_state).toBe("low");
    await expectStatesRight();
    expect(
      await addProductSize(ctx, actor, id, { size: removed.size, ean: removed.ean ?? "", stock: "40" }),
    ).toMatchObject({ ok: true });
    expect((await stateOf(id))?.stock_state).toBe("in");
    await expectStatesRight();
  });

  it("follow bulk price and stock changes", async () => {
    const ids = [product(2).id, product(3).id, product(4).id];
    expect((await bulkChangePrices(ctx, actor, ids, { kind: "percent_off", zone: "DE", percent: 20 })).ok).toBe(true);
    for (const id of ids) expect((await stateOf(id))?.on_sale).toBe(1);
    await expectStatesRight();
    for (const zone of ["DE", "AT", "CH"] as const) {
      expect((await bulkChangePrices(ctx, actor, ids, { kind: "end_sale", zone })).ok).toBe(true);
    }
    for (const id of ids) expect((await stateOf(id))?.on_sale).toBe(0);
    expect((await bulkChangeStock(ctx, actor, ids, { kind: "set", quantity: 0 })).ok).toBe(true);
    for (const id of ids) expect((await stateOf(id))?.stock_state).toBe("out");
    expect((await bulkChangeStock(ctx, actor, [ids[0] as number], { kind: "add", quantity: 1 })).ok).toBe(true);
    const variants = product(2).variants.length;
    expect((await stateOf(ids[0] as number))?.stock_state).toBe(variants <= LOW_STOCK_UNITS ? "low" : "in");
    expect((await bulkChangeStock(ctx, actor, ids, { kind: "set", quantity: 50 })).ok).toBe(true);
    for (const id of ids) expect((await stateOf(id))?.stock_state).toBe("in");
    await expectStatesRight();
  });

  it("follow orders taking stock and cancellations putting it back, and roll back with a failed order", async () => {
    const p = product(5);
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 0, sellable_without_stock: 0 })
      .where("product_id", "=", p.id)
      .execute();
    const [first] = p.variants;
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 7 })
      .where("id", "=", first?.id as number)
      .execute();
    expect((await stateOf(p.id))?.stock_state).toBe("in");

    const lines = [{ variantId: first?.id as number, quantity: 3 }];
    await withTransaction(ctx, async (tx) => expect((await takeStock(tx, lines, now)).ok).toBe(true));
    expect((await stateOf(p.id))?.stock_state).toBe("low");
    await withTransaction(ctx, async (tx) =>
      expect((await takeStock(tx, [{ variantId: first?.id as number, quantity: 4 }], now)).ok).toBe(true),
    );
    expect((await stateOf(p.id))?.stock_state).toBe("out");
    // An order that fails after taking stock takes nothing: neither units nor the state.
    await expect(
      withTransaction(ctx, async (tx) => {
        await putBackStock(tx, lines, now);
        const inside = await tx.db
          .selectFrom("product")
          .select("stock_state")
          .where("id", "=", p.id)
          .executeTakeFirst();
        expect(inside?.stock_state).toBe("low");
        throw new Error("payment refused");
      }),
    ).rejects.toThrow("payment refused");
    expect((await stateOf(p.id))?.stock_state).toBe("out");
    await withTransaction(ctx, (tx) => putBackStock(tx, lines, now));
    expect((await stateOf(p.id))?.stock_state).toBe("low");
    // Sold without stock: never sold out.
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 0, sellable_without_stock: 1 })
      .where("id", "=", first?.id as number)
      .execute();
    expect((await stateOf(p.id))?.stock_state).toBe("in");
    await expectStatesRight();
  });

  it("follow pictures set, removed and replaced", async () => {
    const id = product(6).id;
    await withTransaction(ctx, (tx) => setProductImagePaths(tx.db, id, [], now));
    expect((await stateOf(id))?.has_front_image).toBe(0);
    expect((await listProducts(ctx, { language: "de", noImage: true })).rows.map((r) => r.id)).toContain(id);
    await withTransaction(ctx, (tx) => setProductImagePaths(tx.db, id, ["p/x/front.webp", "p/x/back.webp"], now));
    expect((await stateOf(id))?.has_front_image).toBe(1);
    expect((await listProducts(ctx, { language: "de", noImage: true })).rows.map((r) => r.id)).not.toContain(id);
    await expectStatesRight();
  });

  it("follow a re-import that changes stock, reductions and pictures, and drops a variant", async () => {
    const current = await loadProductRecords(
      ctx,
      [7, 8, 9, 10, 11].map((i) => product(i).id),
      { withHidden: true },
    );
    const changed = current.map((p, i) => {
      const variants = p.variants.slice(0, Math.max(1, p.variants.length - 1)).map((v) => ({
        ...v,
        stock: { ...v.stock, quantity: i % 2 === 0 ? 0 : 3, isSellableWithoutStock: false },
        prices: Object.fromEntries(
          Object.entries(v.prices).map(([zone, price]) => [
            zone,
            i % 2 === 0
              ? { ...price, salePrice: price.listPrice - 1, reductionCategory: "sale" }
              : { ...price, salePrice: null, reductionCategory: null },
          ]),
        ),
      }));
      // The import needs the front picture; the others go (its rows are deleted and written again).
      return { ...p, variants, images: i === 0 ? p.images.slice(0, 1) : p.images };
    });
    const result = await importCatalog(
      ctx,
      [...demo.categories, ...changed].map((r) => JSON.stringify(r)),
      now,
      {
        stock: "set",
      },
    );
    expect(result, JSON.stringify(result).slice(0, 600)).toMatchObject({ ok: true });
    await expectStatesRight();
    const first = await stateOf(changed[0]?.id as number);
    expect(first).toEqual({ stock_state: "out", on_sale: 1, has_front_image: 1 });
    expect(await stateOf(changed[1]?.id as number)).toMatchObject({ on_sale: 0 });
  });

  it("go with a deleted product, and the filters answer from them", async () => {
    expect((await deleteProduct(ctx, actor, product(13).id)).ok).toBe(true);
    await expectStatesRight();
    const states = await actualStates();
    for (const [filter, pick] of [
      [{ stock: "out" }, (s: ListState) => s.stock_state === "out"],
      [{ stock: "low" }, (s: ListState) => s.stock_state === "low"],
      [{ stock: "in_stock" }, (s: ListState) => s.stock_state !== "out"],
      [{ onSale: true }, (s: ListState) => s.on_sale === 1],
      [{ noImage: true }, (s: ListState) => s.has_front_image === 0],
    ] as const) {
      const list = await listProducts(ctx, { language: "de", perPage: 100, ...filter });
      const want = [...states].filter(([, s]) => pick(s)).map(([id]) => id);
      expect(list.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
    }
  });
});

describe("the product list's name search (trigram index) and codes", () => {
  it("finds a name by any part of it, in any case, in the staff member's language only", async () => {
    const p = product(20);
    await t.db
      .updateTable("product_translation")
      .set({ name: "Blazer aus Schurwolle Édition Spéciale" })
      .where("product_id", "=", p.id)
      .where("language", "=", "fr")
      .execute();
    const ids = async (q: string, language: "de" | "fr" | "en" = "fr") =>
      (await listProducts(ctx, { language, q, perPage: 100 })).rows.map((r) => r.id);
    expect(await ids("schurwolle édition")).toEqual([p.id]);
    expect(await ids("SCHURWOLLE ÉDITION")).toEqual([p.id]);
    expect(await ids("wolle édi")).toEqual([p.id]);
    // The name in German is another one: not found in German.
    expect(await ids("schurwolle édition", "de")).toEqual([]);
    // A name changed again: the old words no longer find it, the new ones do.
    await t.db
      .updateTable("product_translation")
      .set({ name: "Mantel Kaschmir" })
      .where("product_id", "=", p.id)
      .where("language", "=", "fr")
      .execute();
    expect(await ids("schurwolle")).toEqual([]);
    expect(await ids("kaschmir")).toEqual([p.id]);
    // Quotes and LIKE's wildcards are text, not syntax; one or two letters still search.
    expect(await ids('"kaschmir')).toEqual([]);
    expect(await ids("%")).toEqual([]);
    expect(await ids("Ma")).toContain(p.id);
  });

  it("finds a product by its EAN, also on PostgreSQL where ids are 32-bit", async () => {
    const p = product(21);
    const variant = p.variants[0] as ProductRecord["variants"][number];
    await t.db.updateTable("variant").set({ ean: "4006381333931" }).where("id", "=", variant.id).execute();
    expect((await listProducts(ctx, { language: "de", q: "4006381333931" })).rows.map((r) => r.id)).toEqual([p.id]);
    expect((await listProducts(ctx, { language: "de", q: "99999999999" })).rows).toEqual([]);
  });
});

describe("the product list's pages and count past the count's cap", () => {
  it("pages through more products than LIST_COUNT_CAP, each page in order, the total capped", async () => {
    const extra = LIST_COUNT_CAP + 60;
    const first = 500_001;
    const stamp = "2026-11-01T00:00:00.000Z";
    const base = product(0);
    for (let start = 0; start < extra; start += 200) {
      const ids = Array.from({ length: Math.min(200, extra - start) }, (_, i) => first + start + i);
      await t.db
        .insertInto("product")
        .values(
          ids.map((id) => ({
            id,
            master_key: `EXTRA-${id}`,
            reference_key: `EXTRA-${id}`,
            brand: "Paging Test",
            product_type: base.productType,
            color_id: base.colorId,
            pattern: base.pattern,
            material: "[]",
            fit: null,
            care: "[]",
            season_month: 1,
            season_year: 2026,
            campaign: null,
            arrival_date: "2026-01-01",
            promotion_id: null,
            attributes: "{}",
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    const all = Array.from({ length: extra }, (_, i) => first + extra - 1 - i);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(extra / 50) + 1; page++) {
      const list = await listProducts(ctx, { language: "de", brand: "Paging Test", perPage: 50, page });
      expect(list.total).toBe(LIST_COUNT_CAP);
      expect(list.totalCapped).toBe(true);
      seen.push(...list.rows.map((r) => r.id));
    }
    expect(seen).toEqual(all);
    // Sold out (no variants): the stock filter finds them all, past the cap too.
    const out = await listProducts(ctx, { language: "de", brand: "Paging Test", stock: "out", perPage: 100, page: 11 });
    expect(out.rows.map((r) => r.id)).toEqual(all.slice(1000, 1100));
    await t.db.deleteFrom("product").where("brand", "=", "Paging Test").execute();
  });
});

describe("the product list's columns after a catalogue write, which works them out itself (migration 0035)", () => {
  const deferrals = async () => (await t.db.selectFrom("product_list_state_deferral").select("id").execute()).length;
  /** A record's variants with this stock (none sellable without it) and these sale prices (null: none). */
  const withVariants = (
    record: ProductRecord,
    stock: (index: number) => number,
    sale: (index: number, zone: string) => boolean,
  ): ProductRecord => ({
    ...record,
    variants: record.variants.map((v, index) => ({
      ...v,
      stock: { ...v.stock, quantity: stock(index), isSellableWithoutStock: false },
      prices: Object.fromEntries(
        Object.entries(v.prices).map(([zone, price]) => [
          zone,
          sale(index, zone)
            ? { ...price, salePrice: price.listPrice - 100, reductionCategory: "sale" }
            : { ...price, salePrice: null, reductionCategory: null },
        ]),
      ),
    })),
  });

  it("are right after an import over removed sizes, sold-out and low stock, reductions and missing front pictures", async () => {
    const sized = demo.products.slice(23).filter((p) => p.variants.length >= 2) as ProductRecord[];
    const [stayRemoved, comesBack] = sized;
    if (!stayRemoved || !comesBack) throw new Error("two demo products with two sizes");
    const [noFront, saleAdded, saleEnded] = [product(26), product(27), product(28)];
    for (const p of [stayRemoved, comesBack]) {
      const removed = p.variants[1]?.id as number;
      expect(await removeProductSize(ctx, actor, p.id, removed)).toMatchObject({ ok: true });
    }
    await withTransaction(ctx, (tx) => setProductImagePaths(tx.db, noFront.id, [], now));
    const [current] = await loadProductRecords(ctx, [stayRemoved.id], { withHidden: true });
    // New products: their variants get the file's stock.
    const fresh = (n: number) => ({
      ...product(29),
      id: 900_000 + n,
      masterKey: `LS-${n}`,
      referenceKey: `LS-${n}`,
      variants: product(29).variants.map((v, i) => ({ ...v, id: 9_000_000 + n * 20 + i })),
    });
    const soldOut = withVariants(
      fresh(1),
      () => 0,
      () => false,
    );
    const low = withVariants(
      fresh(2),
      (i) => (i === 0 ? 3 : 0),
      () => false,
    );
    const reducedInSwitzerland = withVariants(
      fresh(3),
      () => 40,
      (i, zone) => i === 0 && zone === "CH",
    );
    const records = [
      current as ProductRecord,
      comesBack,
      withVariants(
        saleAdded,
        () => 10,
        (i) => i === 0,
      ),
      withVariants(
        saleEnded,
        () => 10,
        () => false,
      ),
      soldOut,
      low,
      reducedInSwitzerland,
    ];
    const result = await importCatalog(
      ctx,
      [...demo.categories, ...records].map((r) => JSON.stringify(r)),
      now,
    );
    expect(result, JSON.stringify(result).slice(0, 600)).toMatchObject({ ok: true });
    expect(await deferrals()).toBe(0);
    await expectStatesRight();
    const removedRow = await t.db
      .selectFrom("variant")
      .select("removed_at")
      .where("id", "=", stayRemoved.variants[1]?.id as number)
      .executeTakeFirst();
    expect(removedRow?.removed_at).not.toBeNull();
    expect(await stateOf(noFront.id)).toMatchObject({ has_front_image: 0 });
    expect(await stateOf(soldOut.id)).toEqual({ stock_state: "out", on_sale: 0, has_front_image: 1 });
    expect(await stateOf(low.id)).toMatchObject({ stock_state: "low", on_sale: 0 });
    expect(await stateOf(reducedInSwitzerland.id)).toMatchObject({ stock_state: "in", on_sale: 1 });
    // Stock the shop has is the shop's (an import never undoes sales): only the reductions changed.
    expect(await stateOf(saleAdded.id)).toMatchObject({ on_sale: 1 });
    expect(await stateOf(saleEnded.id)).toMatchObject({ on_sale: 0 });
  });

  it("moves a variant's product: both products' columns follow", async () => {
    const [from, to] = [product(24), product(25)];
    const movingId = from.variants[0]?.id as number;
    // The moving variant is the only one of its product in stock and reduced.
    await t.db.updateTable("variant").set({ removed_at: null }).where("product_id", "=", from.id).execute();
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 0, sellable_without_stock: 0 })
      .where("product_id", "=", from.id)
      .execute();
    await t.db.updateTable("variant").set({ stock_quantity: 50 }).where("id", "=", movingId).execute();
    await t.db
      .updateTable("variant_price")
      .set({ sale_price: null })
      .where("variant_id", "in", t.db.selectFrom("variant").select("id").where("product_id", "=", from.id))
      .execute();
    await t.db.updateTable("variant_price").set({ sale_price: 100 }).where("variant_id", "=", movingId).execute();
    expect(await stateOf(from.id)).toMatchObject({ stock_state: "in", on_sale: 1 });
    const [source] = await loadProductRecords(ctx, [from.id], { withHidden: true });
    const [target] = await loadProductRecords(ctx, [to.id], { withHidden: true });
    const moving = source?.variants.find((v) => v.id === movingId);
    if (!moving || !target) throw new Error("demo products");
    await writeCatalog(ctx, [], [{ ...target, variants: [...target.variants, { ...moving, size: "XXL-moved" }] }], now);
    expect(await deferrals()).toBe(0);
    expect(await stateOf(from.id)).toMatchObject({ stock_state: "out", on_sale: 0 });
    await expectStatesRight();
  });

  it("leaves the triggers on after a refused write, and they do nothing only inside the writer's transaction", async () => {
    const id = product(23).id;
    const input = await editorInput(id, () => ({ stock: 0 }));
    // Sold meanwhile: the guarded stock write is refused.
    await t.db
      .updateTable("variant")
      .set({ stock_version: sql`stock_version + 1` })
      .where("product_id", "=", id)
      .execute();
    expect(await saveProduct(ctx, actor, id, input)).toMatchObject({ ok: false });
    expect(await deferrals()).toBe(0);
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 0, sellable_without_stock: 0 })
      .where("product_id", "=", id)
      .execute();
    expect((await stateOf(id))?.stock_state).toBe("out");
    await expect(
      withTransaction(ctx, async (tx) => {
        await tx.db.insertInto("product_list_state_deferral").values({ id: 1 }).execute();
        await tx.db.updateTable("variant").set({ stock_quantity: 50 }).where("product_id", "=", id).execute();
        const inside = await tx.db.selectFrom("product").select("stock_state").where("id", "=", id).executeTakeFirst();
        expect(inside?.stock_state).toBe("out");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await t.db.updateTable("variant").set({ stock_quantity: 50 }).where("product_id", "=", id).execute();
    expect((await stateOf(id))?.stock_state).toBe("in");
    await expectStatesRight();
  });
});

describe("migration 0035", () => {
  it("undoes itself and comes back, the triggers keeping the columns either way", async () => {
    const id = product(23).id;
    await t.db.transaction().execute((trx) => migration0035.down(trx));
    await t.db.updateTable("variant").set({ stock_quantity: 0 }).where("product_id", "=", id).execute();
    expect((await stateOf(id))?.stock_state).toBe("out");
    await t.db.transaction().execute((trx) => migration0035.up(trx));
    await t.db.updateTable("variant").set({ stock_quantity: 2 }).where("product_id", "=", id).execute();
    expect((await stateOf(id))?.stock_state).toBe(product(23).variants.length * 2 <= LOW_STOCK_UNITS ? "low" : "in");
    await expectStatesRight();
  });
});

describe("migration 0032", () => {
  it("fills the columns and the name index for a catalogue that exists when it runs, and undoes itself", async () => {
    await t.db.transaction().execute(async (trx) => {
      await migration0032.down(trx);
      await migration0032.up(trx);
    });
    await expectStatesRight();
    const name = product(22).translations.de?.name as string;
    expect((await listProducts(ctx, { language: "de", q: name })).rows.map((r) => r.id)).toContain(product(22).id);
  });
});

// SQLite writes one transaction at a time: only PostgreSQL's row locks can meet in two orders.
describe.skipIf(!isPostgres)("an editor's save and an order of the same product at once (PostgreSQL)", () => {
  it("never deadlock: the save takes the sizes before the product, as the order does", async () => {
    const id = product(7).id;
    const sizes = await t.db.selectFrom("variant").select("id").where("product_id", "=", id).orderBy("id").execute();
    const last = (sizes.at(-1) as { id: number }).id;
    // Only the last size has stock: the order's sale of it changes the product's stock state (its trigger then
    // updates the product row).
    await t.db.updateTable("variant").set({ stock_quantity: 0 }).where("product_id", "=", id).execute();
    await t.db.updateTable("variant").set({ stock_quantity: 3 }).where("id", "=", last).execute();
    const input = await editorInput(id, () => ({}));
    const de = input.translations.de as { name: string };
    de.name = `${de.name} (neu)`;

    let release = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    let locked = () => {};
    const sizeLocked = new Promise<void>((done) => {
      locked = done;
    });
    const order = t.db.transaction().execute(async (trx) => {
      await trx.updateTable("variant").set({ stock_quantity: sql`stock_quantity` }).where("id", "=", last).execute();
      locked();
      await released;
      await trx.updateTable("variant").set({ stock_quantity: 0 }).where("id", "=", last).execute();
    });
    await sizeLocked;
    const save = saveProduct(ctx, actor, id, input);
    // The save is under way once a connection waits for a lock (the order holds the size).
    for (let i = 0; i < 200; i++) {
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database() and query ilike '%variant%'`.execute(t.db);
      if ((waiting.rows[0]?.n ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    release();
    const [ordered, saved] = await Promise.allSettled([order, save]);
    expect(ordered.status, String((ordered as PromiseRejectedResult).reason)).toBe("fulfilled");
    expect(saved.status, String((saved as PromiseRejectedResult).reason)).toBe("fulfilled");
    expect((saved as PromiseFulfilledResult<Awaited<typeof save>>).value.ok).toBe(true);
    expect((await loadEditableProduct(ctx, id))?.record.translations.de?.name).toBe(de.name);
    await expectStatesRight();
  }, 30_000);
});
