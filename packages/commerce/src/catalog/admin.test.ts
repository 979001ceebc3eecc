import { generateDemoCatalog } from "@vitrine/demo-data";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, listAudit } from "../audit/audit.ts";
import type { Ctx } from "../context.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import { EVENT_FEED_START, readEventsAfter } from "../events/feed.ts";
import {
  bulkChangePrices,
  bulkChangeStock,
  deletedVariantIds,
  deleteProduct,
  editInputOf,
  formatMoneyInput,
  isDeletedProduct,
  listProducts,
  loadEditableProduct,
  type ProductEditInput,
  parseMoney,
  productField,
  saveProduct,
  setProductStatus,
} from "./admin.ts";
import { exportProductCsvLines } from "./csv-export.ts";
import { setProductImagePaths } from "./images.ts";
import { importCatalog } from "./import.ts";
import { getImportJob, startImportJob } from "./import-jobs.ts";
import type { ProductRecord } from "./records.ts";
import { loadProductRecords } from "./store.ts";
import { writeVocabulary } from "./vocabulary-store.ts";

const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 40, seed: 11, today: now });
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

/** The editor's input for a product as it is (what an untouched form posts). */
describe("money input", () => {
  it("reads amounts as operators type them, in cents", () => {
    expect(parseMoney("59.95")).toBe(5995);
    expect(parseMoney("59,9")).toBe(5990);
    expect(parseMoney("1'299")).toBe(129_900);
    expect(parseMoney("12")).toBe(1200);
    expect(parseMoney("12.345")).toBeUndefined();
    expect(parseMoney("-3")).toBeUndefined();
    expect(parseMoney("abc")).toBeUndefined();
    expect(formatMoneyInput(5905)).toBe("59.05");
  });
});

describe("product list", () => {
  it("pages through every product, newest id first, with names, prices and stock", async () => {
    const list = await listProducts(ctx, { language: "de", perPage: 25 });
    expect(list.total).toBe(40);
    expect(list.totalCapped).toBe(false);
    expect(list.rows).toHaveLength(25);
    const ids = list.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await listProducts(ctx, { language: "de", perPage: 25, page: 2 });
    expect(second.rows).toHaveLength(15);
    const row = list.rows[0];
    const record = demo.products.find((p) => p.id === row?.id) as ProductRecord;
    expect(row?.name).toBe(record.translations.de?.name);
    expect(row?.stock).toBe(record.variants.reduce((s, v) => s + v.stock.quantity, 0));
    expect(row?.prices.CH?.list).toBe(Math.min(...record.variants.map((v) => v.prices.CH?.listPrice ?? Infinity)));
  });

  it("finds a product by a word of its name, its number, its id, a variant id or an EAN", async () => {
    const p = product(3);
    const word = (p.translations.de?.name ?? "").split(" ").at(-1) as string;
    const byName = await listProducts(ctx, { language: "de", q: word.toUpperCase() });
    expect(byName.rows.map((r) => r.id)).toContain(p.id);
    for (const row of byName.rows) {
      const names = Object.values(demo.products.find((x) => x.id === row.id)?.translations ?? {}).map((x) => x.name);
      expect(names.some((n) => n.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    }
    expect((await listProducts(ctx, { language: "de", q: p.referenceKey })).rows.map((r) => r.id)).toEqual([p.id]);
    expect((await listProducts(ctx, { language: "de", q: String(p.id) })).rows.map((r) => r.id)).toContain(p.id);
    const variant = p.variants[0] as ProductRecord["variants"][number];
    expect((await listProducts(ctx, { language: "de", q: String(variant.id) })).rows.map((r) => r.id)).toContain(p.id);
    expect((await listProducts(ctx, { language: "de", q: "%" })).total).toBe(0);
  });

  it("filters by brand, category (with the categories below it), image, reduction and stock", async () => {
    const brand = product(0).brand;
    const byBrand = await listProducts(ctx, { language: "de", brand });
    expect(byBrand.total).toBe(demo.products.filter((p) => p.brand === brand).length);

    const leaf = product(0).categoryIds[0] as number;
    const parent = demo.categories.find((c) => c.id === leaf)?.parentId as number;
    const below = new Set(demo.categories.filter((c) => c.parentId === parent).map((c) => c.id));
    below.add(parent);
    const byCategory = await listProducts(ctx, { language: "de", categoryId: parent, perPage: 100 });
    expect(byCategory.total).toBe(demo.products.filter((p) => p.categoryIds.some((c) => below.has(c))).length);
    expect(byCategory.rows.map((r) => r.id)).toContain(product(0).id);

    const onSale = await listProducts(ctx, { language: "de", onSale: true, perPage: 100 });
    const reduced = demo.products.filter((p) =>
      p.variants.some((v) => Object.values(v.prices).some((x) => x.salePrice !== null)),
    );
    expect(onSale.total).toBe(reduced.length);

    await t.db.deleteFrom("product_image").where("product_id", "=", product(5).id).execute();
    expect((await listProducts(ctx, { language: "de", noImage: true })).rows.map((r) => r.id)).toEqual([product(5).id]);
    const front = product(5).images[0] as ProductRecord["images"][number];
    await t.db
      .insertInto("product_image")
      .values({ product_id: product(5).id, asset_name: front.assetName, position: 0, path: front.path })
      .execute();

    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 0, sellable_without_stock: 0 })
      .where("product_id", "=", product(6).id)
      .execute();
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 0, sellable_without_stock: 0 })
      .where("product_id", "=", product(7).id)
      .execute();
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: 2 })
      .where("id", "=", product(7).variants[0]?.id as number)
      .execute();
    const out = await listProducts(ctx, { language: "de", stock: "out", perPage: 100 });
    expect(out.rows.map((r) => r.id)).toContain(product(6).id);
    expect(out.rows.map((r) => r.id)).not.toContain(product(7).id);
    const low = await listProducts(ctx, { language: "de", stock: "low", perPage: 100 });
    expect(low.rows.map((r) => r.id)).toContain(product(7).id);
    expect(low.rows.every((r) => r.stock >= 1 && r.stock <= 5)).toBe(true);
    const inStock = await listProducts(ctx, { language: "de", stock: "in_stock", perPage: 100 });
    expect(inStock.total + out.total).toBe(40);
  });
});

describe("product editor", () => {
  it("saves names, attributes and a price for the ch store in one go: audited and published", async () => {
    const p = product(10);
    const before = (await loadEditableProduct(ctx, p.id)) as NonNullable<
      Awaited<ReturnType<typeof loadEditableProduct>>
    >;
    const cursor = (await readEventsAfter(t.db, EVENT_FEED_START, 100_000)).cursor;
    const input = editInputOf(before.record, before.updatedAt);
    input.translations.de = { name: "Neuer Name", shortDescription: "Kurz", description: "Lang" };
    const variant = before.record.variants[0] as ProductRecord["variants"][number];
    (input.variants[variant.id] as ProductEditInput["variants"][number]).prices.CH = {
      list: "149.90",
      sale: "99.90",
      reduction: "",
    };
    const result = await saveProduct(ctx, actor, p.id, input);
    expect(result).toMatchObject({ ok: true, changed: true });
    const [saved] = await loadProductRecords(ctx, [p.id]);
    expect(saved?.translations.de?.name).toBe("Neuer Name");
    expect(saved?.variants[0]?.prices.CH).toMatchObject({ currency: "CHF", listPrice: 14_990, salePrice: 9990 });
    expect(saved?.variants[0]?.prices.DE).toEqual(variant.prices.DE);

    const events = (await readEventsAfter(t.db, cursor)).events;
    expect(events).toContainEqual(
      expect.objectContaining({ type: "catalog.changed", entity: "product", entityId: String(p.id) }),
    );
    const audit = await listAudit(ctx, { subjectType: "product", action: "product.update" });
    const entry = audit.entries.find((e) => e.subjectId === String(p.id));
    expect(entry?.actor.label).toBe("merch@shop.test");
    expect(entry?.after).toMatchObject({ prices: { [`${variant.id}.CH`]: "14990/9990" } });
    expect(entry?.before).not.toHaveProperty("brand");

    const again = await saveProduct(ctx, actor, p.id, editInputOf(saved as ProductRecord));
    expect(again).toMatchObject({ ok: true, changed: false });
  });

  it("saves a product with more pictures than the three named ones (uploaded photos)", async () => {
    const p = product(12);
    const paths = [
      ...p.images.map((i) => i.path),
      "media/0123456789abcdef0123-600x800",
      "media/fedcba98765432100123-800x600",
    ];
    await setProductImagePaths(t.db, p.id, paths, now);
    const before = (await loadEditableProduct(ctx, p.id)) as NonNullable<
      Awaited<ReturnType<typeof loadEditableProduct>>
    >;
    expect(before.record.images.map((i) => i.assetName).slice(3)).toEqual(
      ["image4", "image5"].slice(0, paths.length - 3),
    );
    const input = editInputOf(before.record, before.updatedAt);
    input.translations.de = { name: "Mit vielen Fotos", shortDescription: "", description: "" };
    expect(await saveProduct(ctx, actor, p.id, input)).toMatchObject({ ok: true, changed: true });
    const [saved] = await loadProductRecords(ctx, [p.id]);
    expect(saved?.images.map((i) => i.path)).toEqual(paths);
  });

  it("refuses bad fields all at once and writes nothing of the form", async () => {
    const p = product(11);
    const before = (await loadEditableProduct(ctx, p.id))?.record as ProductRecord;
    const input = editInputOf(before);
    input.translations.de = { name: "Fast gespeichert", shortDescription: "", description: "" };
    input.brand = " ";
    input.colorId = "no-such-colour";
    const v = before.variants[0] as ProductRecord["variants"][number];
    const edit = input.variants[v.id] as ProductEditInput["variants"][number];
    edit.prices.DE = { list: "49.90", sale: "59.90", reduction: "" };
    edit.prices.AT = { list: "zwölf", sale: "", reduction: "" };
    edit.stock = "-1";
    input.categoryIds = [999_999];
    const result = await saveProduct(ctx, actor, p.id, input);
    expect(result.ok).toBe(false);
    if (result.ok || result.error !== "InvalidInput") throw new Error("expected field errors");
    expect(result.fields).toEqual({
      brand: "required",
      colorId: "unknown_value",
      categoryIds: "category",
      [productField.sale(v.id, "DE")]: "sale_not_lower",
      [productField.list(v.id, "AT")]: "price",
      [productField.stock(v.id)]: "stock",
    });
    expect((await loadProductRecords(ctx, [p.id]))[0]).toEqual(before);
  });

  it("refuses merchant attribute values that do not fit the attribute's value type", async () => {
    await writeVocabulary(
      ctx,
      [],
      [
        { key: "waist_cm", valueType: "number", facetable: false, searchable: false, labels: { en: "Waist" } },
        { key: "lined", valueType: "boolean", facetable: true, searchable: false, labels: { en: "Lined" } },
      ],
      now,
    );
    const p = product(13);
    const before = (await loadEditableProduct(ctx, p.id)) as NonNullable<
      Awaited<ReturnType<typeof loadEditableProduct>>
    >;
    const input = editInputOf(before.record, before.updatedAt);
    input.attributes = { ...input.attributes, waist_cm: ["72.5", "zweiundsiebzig"], lined: ["ja"] };
    const refused = await saveProduct(ctx, actor, p.id, input);
    expect(refused).toMatchObject({
      ok: false,
      error: "InvalidInput",
      fields: { [productField.attribute("waist_cm")]: "not_number", [productField.attribute("lined")]: "not_boolean" },
    });
    input.attributes = { ...input.attributes, waist_cm: ["72.5", "80"], lined: ["true"] };
    expect(await saveProduct(ctx, actor, p.id, input)).toMatchObject({ ok: true, changed: true });
    const [saved] = await loadProductRecords(ctx, [p.id]);
    expect(saved?.attributes).toMatchObject({ waist_cm: ["72.5", "80"], lined: ["true"] });
  });

  it("refuses a stock change when a sale moved the stock since the editor loaded it, and keeps sales otherwise", async () => {
    const p = product(12);
    const loaded = (await loadEditableProduct(ctx, p.id))?.record as ProductRecord;
    const v = loaded.variants[0] as ProductRecord["variants"][number];
    // A sale commits while the editor is open.
    await t.db
      .updateTable("variant")
      .set({ stock_quantity: v.stock.quantity + 7, stock_version: (v.stock.version ?? 0) + 1 })
      .where("id", "=", v.id)
      .execute();
    const input = editInputOf(loaded);
    (input.variants[v.id] as ProductEditInput["variants"][number]).stock = "3";
    const refused = await saveProduct(ctx, actor, p.id, input);
    expect(refused).toMatchObject({ ok: false, fields: { [productField.stock(v.id)]: "stock_moved" } });

    // A price-only save from the same stale form leaves the moved stock as it is.
    const priceOnly = editInputOf(loaded);
    (priceOnly.variants[v.id] as ProductEditInput["variants"][number]).prices.DE = {
      list: "10.00",
      sale: "",
      reduction: "",
    };
    expect(await saveProduct(ctx, actor, p.id, priceOnly)).toMatchObject({ ok: true, changed: true });
    const [after] = await loadProductRecords(ctx, [p.id]);
    expect(after?.variants[0]?.stock.quantity).toBe(v.stock.quantity + 7);
    expect(after?.variants[0]?.prices.DE?.listPrice).toBe(1000);
  });

  it("refuses a save over a change made meanwhile", async () => {
    const p = product(13);
    const loaded = await loadEditableProduct(ctx, p.id);
    const input = editInputOf(loaded?.record as ProductRecord, "2000-01-01T00:00:00.000Z");
    expect(await saveProduct(ctx, actor, p.id, input)).toMatchObject({ ok: false, error: "Conflict" });
    expect(await saveProduct(ctx, actor, 424_242, input)).toMatchObject({ ok: false, error: "NotFound" });
  });
});

describe("bulk changes", () => {
  it("reduces a selection's prices by a percentage, sets a list price and ends reductions", async () => {
    const ids = [product(20).id, product(21).id];
    const off = await bulkChangePrices(ctx, actor, ids, { kind: "percent_off", zone: "CH", percent: 25 });
    expect(off).toEqual({ ok: true, changed: ids });
    for (const record of await loadProductRecords(ctx, ids)) {
      for (const v of record.variants) {
        const price = v.prices.CH;
        if (price) expect(price.salePrice).toBe(Math.round(price.listPrice * 0.75));
      }
    }
    const list = await bulkChangePrices(ctx, actor, ids, { kind: "list", zone: "DE", cents: 4200 });
    expect(list.ok).toBe(true);
    const end = await bulkChangePrices(ctx, actor, ids, { kind: "end_sale", zone: "CH" });
    expect(end.ok).toBe(true);
    for (const record of await loadProductRecords(ctx, ids)) {
      for (const v of record.variants) {
        if (v.prices.DE) expect(v.prices.DE.listPrice).toBe(4200);
        if (v.prices.CH) expect(v.prices.CH.salePrice).toBeNull();
      }
    }
    const audit = await listAudit(ctx, { action: "product.bulk_price" });
    expect(audit.entries.filter((e) => ids.includes(Number(e.subjectId)))).toHaveLength(6);
    expect(await bulkChangePrices(ctx, actor, [], { kind: "end_sale", zone: "CH" })).toMatchObject({
      ok: false,
      error: "InvalidInput",
    });
    expect(await bulkChangePrices(ctx, actor, ids, { kind: "percent_off", zone: "CH", percent: 100 })).toMatchObject({
      ok: false,
      error: "InvalidInput",
    });
  });

  it("sets and adds stock for every variant of a selection, never below zero", async () => {
    const ids = [product(22).id, product(23).id];
    expect((await bulkChangeStock(ctx, actor, ids, { kind: "set", quantity: 4 })).ok).toBe(true);
    for (const r of await loadProductRecords(ctx, ids)) for (const v of r.variants) expect(v.stock.quantity).toBe(4);
    expect((await bulkChangeStock(ctx, actor, ids, { kind: "add", quantity: -6 })).ok).toBe(true);
    for (const r of await loadProductRecords(ctx, ids)) for (const v of r.variants) expect(v.stock.quantity).toBe(0);
    expect(await bulkChangeStock(ctx, actor, ids, { kind: "set", quantity: -1 })).toMatchObject({ ok: false });
  });
});

describe("hide, archive, delete", () => {
  it("takes a hidden or archived product out of the shop and puts it back", async () => {
    const id = product(30).id;
    expect(await setProductStatus(ctx, actor, id, "hidden")).toEqual({ ok: true, changed: true });
    expect(await loadProductRecords(ctx, [id])).toEqual([]);
    expect(await loadProductRecords(ctx, [id], { withHidden: true })).toHaveLength(1);
    expect((await listProducts(ctx, { language: "de", status: "hidden" })).rows.map((r) => r.id)).toEqual([id]);
    expect(await setProductStatus(ctx, actor, id, "archived")).toEqual({ ok: true, changed: true });
    expect(await setProductStatus(ctx, actor, id, "active")).toEqual({ ok: true, changed: true });
    expect(await loadProductRecords(ctx, [id])).toHaveLength(1);
    const audit = await listAudit(ctx, { subjectType: "product" });
    expect(audit.entries.filter((e) => e.subjectId === String(id)).map((e) => e.action)).toEqual([
      "product.show",
      "product.archive",
      "product.hide",
    ]);
  });

  it("deletes a product with everything it owns and remembers it for 410 and baskets", async () => {
    const p = product(31);
    expect(await deleteProduct(ctx, actor, p.id)).toEqual({ ok: true, changed: true });
    expect(await loadProductRecords(ctx, [p.id], { withHidden: true })).toEqual([]);
    expect(await isDeletedProduct(ctx, p.id)).toBe(true);
    expect(await isDeletedProduct(ctx, product(32).id)).toBe(false);
    const variantIds = p.variants.map((v) => v.id);
    expect([...(await deletedVariantIds(ctx, [...variantIds, product(32).variants[0]?.id as number]))].sort()).toEqual(
      [...variantIds].sort(),
    );
    const left = await t.db.selectFrom("variant").select("id").where("product_id", "=", p.id).execute();
    expect(left).toEqual([]);
    expect(await deleteProduct(ctx, actor, p.id)).toMatchObject({ ok: false, error: "NotFound" });
  });
});

describe("import and export from the back office", () => {
  async function csvText(): Promise<string> {
    const lines: string[] = [];
    for await (const line of exportProductCsvLines(t.db)) lines.push(line);
    return `${lines.join("\n")}\n`;
  }

  it("exports every product as CSV (a row per size) that imports back, with a changed price", async () => {
    await setProductStatus(ctx, actor, product(33).id, "hidden");
    const csv = await csvText();
    const rows = csv.trim().split("\n");
    const products = await t.db
      .selectFrom("variant")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(rows).toHaveLength(Number(products?.n) + 1);
    const table = parse(csv) as string[][];
    const header = table[0] as string[];
    const cells = table[1] as string[];
    const productId = Number(cells[header.indexOf("product_id")]);
    const variantId = Number(cells[header.indexOf("variant_id")]);
    cells[header.indexOf("price_ch")] = "123.45";
    const edited = stringify(table);
    const job = await startImportJob(ctx, actor, {
      format: "csv",
      fileName: "products.csv",
      content: edited,
      stock: "keep",
    });
    if (!job.ok) throw new Error(job.detail);
    await job.finished;
    const done = await getImportJob(ctx, job.id);
    const count = await t.db
      .selectFrom("product")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(done).toMatchObject({ status: "done", result: { ok: true, products: Number(count?.n) } });
    const [after] = await loadProductRecords(ctx, [productId], { withHidden: true });
    expect(after?.variants.find((v) => v.id === variantId)?.prices.CH?.listPrice).toBe(12_345);
    // The hidden product stays hidden: an import does not put it back into the shop.
    expect(await loadProductRecords(ctx, [product(33).id])).toEqual([]);
  });

  it("refuses a file with bad lines, naming each line, and writes nothing", async () => {
    const before = await loadProductRecords(ctx, [product(35).id]);
    const good = JSON.stringify({ ...product(35), brand: "Changed brand" });
    const bad = JSON.stringify({ ...product(36), variants: [] });
    const job = await startImportJob(ctx, actor, {
      format: "jsonl",
      fileName: "broken.jsonl",
      content: [good, "{not json", bad].join("\n"),
      stock: "keep",
    });
    if (!job.ok) throw new Error(job.detail);
    await job.finished;
    const done = await getImportJob(ctx, job.id);
    expect(done?.status).toBe("refused");
    const issues = (done?.result as { issues: { line: number }[] } | undefined)?.issues.map((i) => i.line);
    expect(issues).toEqual([2, 3]);
    expect(await loadProductRecords(ctx, [product(35).id])).toEqual(before);
    expect(
      await startImportJob(ctx, actor, { format: "csv", fileName: "x.csv", content: "a", mapping: "{", stock: "keep" }),
    ).toMatchObject({ ok: false });
  });
});
