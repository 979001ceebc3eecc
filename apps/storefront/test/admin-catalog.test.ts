import { type Db, listAudit, loadProductRecords, type ProductRecord } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * The catalogue screens of the back office over HTTP (issue 21), against the built storefront: who may open them,
 * the list's search, the editor's save (a ch price reaching the shop's page through the event feed), refused
 * fields, hiding (the page answers 404) and deleting (410), and the exports.
 */

let shop: TestShop;
let db: Db;

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
});

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

async function shopPage(path: string): Promise<{ status: number; html: string }> {
  const browser = shop.browser();
  let response = await browser.fetch(path);
  while (response.status === 301 || response.status === 302) {
    response = await browser.fetch(response.headers.get("location") as string);
  }
  return { status: response.status, html: await response.text() };
}

/** The editor's fields for a product as loaded (what an untouched form posts). */
function formOf(record: ProductRecord, updatedAt: string): Record<string, string> {
  const fields: Record<string, string> = {
    intent: "save",
    updatedAt,
    brand: record.brand,
    productType: record.productType,
    colorId: record.colorId,
    pattern: record.pattern,
    fit: record.fit ?? "",
  };
  for (const [language, t] of Object.entries(record.translations)) {
    fields[`name_${language}`] = t.name;
    fields[`short_${language}`] = t.shortDescription;
    fields[`description_${language}`] = t.description;
  }
  const money = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? "" : (cents / 100).toFixed(2);
  for (const v of record.variants) {
    fields[`v${v.id}_stock`] = String(v.stock.quantity);
    fields[`v${v.id}_stock_was`] = String(v.stock.quantity);
    fields[`v${v.id}_stock_version`] = String(v.stock.version ?? 0);
    for (const [zone, price] of Object.entries(v.prices)) {
      fields[`v${v.id}_${zone}_list`] = money(price.listPrice);
      fields[`v${v.id}_${zone}_sale`] = money(price.salePrice);
    }
  }
  return fields;
}

/** A form body with repeated fields (materials, categories). */
function body(fields: Record<string, string>, repeated: Record<string, readonly (string | number)[]>) {
  const form = new URLSearchParams(fields);
  for (const [name, values] of Object.entries(repeated)) for (const v of values) form.append(name, String(v));
  return form;
}

async function productRow(id: number) {
  return db.selectFrom("product").select(["updated_at", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
}

describe("back-office catalogue", () => {
  it("keeps customer service and warehouse out of the screens and their actions (403)", async () => {
    for (const role of ["customer_service", "warehouse"] as const) {
      const { browser } = await staffBrowser(shop, db, role);
      expect((await browser.fetch("/admin/products/")).status).toBe(403);
      expect((await browser.fetch("/admin/products/1001/")).status).toBe(403);
      expect((await browser.fetch("/admin/products/export.csv")).status).toBe(403);
      const post = await browser.submit("/admin/products/1001/", { intent: "status", status: "hidden" });
      expect(post.status).toBe(403);
    }
    expect((await productRow(1001)).status).toBe("active");
    const anonymous = await shop.browser().fetch("/admin/products/");
    expect(anonymous.status).toBe(302);
  });

  it("lists and finds products for a merchandiser, with the catalogue in the navigation", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const list = await browser.fetch("/admin/products/");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('href="/admin/products/"');
    expect(html).toMatch(/400 Produkte/);
    const [record] = await loadProductRecords({ db }, [1003]);
    const found = await (await browser.fetch(`/admin/products/?q=${record?.referenceKey}`)).text();
    expect(found).toContain("1 Produkt<");
    expect(found).toContain(`href="/admin/products/1003/"`);
    const none = await (await browser.fetch("/admin/products/?q=zzzznothing")).text();
    expect(none).toContain("Kein Produkt passt.");
  });

  it("saves a ch price from the editor: audited, and the shop's page shows it through the event feed", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "merchandiser");
    const id = 1005;
    expect((await browser.fetch(`/admin/products/${id}/`)).status).toBe(200);
    const [record] = await loadProductRecords({ db }, [id]);
    if (!record) throw new Error("no product");
    const fields = formOf(record, (await productRow(id)).updated_at);
    for (const v of record.variants) {
      fields[`v${v.id}_CH_list`] = "777.00";
      fields[`v${v.id}_CH_sale`] = "";
    }
    const saved = await browser.fetch(`/admin/products/${id}/`, {
      method: "POST",
      body: body(fields, { material: record.material, categoryIds: record.categoryIds }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Gespeichert.");
    const [after] = await loadProductRecords({ db }, [id]);
    expect(after?.variants.every((v) => v.prices.CH?.listPrice === 77_700)).toBe(true);
    const audit = await listAudit({ db }, { subjectType: "product", action: "product.update" });
    expect(audit.entries[0]).toMatchObject({ subjectId: String(id), actor: { type: "staff", id: staff.staff.id } });
    await eventually(async () => {
      const { html } = await shopPage(`/ch/p/${id}/`);
      return html.includes("777.00") || undefined;
    }, 5000);
  });

  it("refuses bad fields with 400, names them, and saves nothing", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const id = 1006;
    const [record] = await loadProductRecords({ db }, [id]);
    if (!record) throw new Error("no product");
    const before = await productRow(id);
    const fields = formOf(record, before.updated_at);
    const v = record.variants[0] as ProductRecord["variants"][number];
    fields.name_de = "Halb gespeichert";
    fields[`v${v.id}_DE_list`] = "abc";
    fields[`v${v.id}_stock`] = "-3";
    const refused = await browser.fetch(`/admin/products/${id}/`, {
      method: "POST",
      body: body(fields, { material: record.material, categoryIds: record.categoryIds }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Nicht gespeichert: 2 Felder müssen geändert werden.");
    expect(html).toContain("Betrag wie 59.95 eingeben.");
    expect(html).toContain('value="Halb gespeichert"');
    expect((await productRow(id)).updated_at).toBe(before.updated_at);
    expect((await loadProductRecords({ db }, [id]))[0]).toEqual(record);
  });

  it("hides a product (its page answers 404) and deletes one (410), both audited", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    expect((await shopPage("/de/p/1007/")).status).toBe(200);
    const hidden = await browser.submit("/admin/products/1007/", { intent: "status", status: "hidden" });
    expect(hidden.status).toBe(200);
    await eventually(async () => ((await shopPage("/de/p/1007/")).status === 404 ? true : undefined), 5000);
    const refusedDelete = await browser.submit("/admin/products/1008/", { intent: "delete" });
    expect(refusedDelete.status).toBe(400);
    const deleted = await browser.submit("/admin/products/1008/", { intent: "delete", confirm: "yes" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/products/?deleted=1008");
    await eventually(async () => ((await shopPage("/de/p/1008/")).status === 410 ? true : undefined), 5000);
    expect((await browser.fetch("/admin/products/1008/")).status).toBe(404);
    const audit = await listAudit({ db }, { subjectType: "product" });
    expect(audit.entries.map((e) => `${e.action}:${e.subjectId}`)).toEqual(
      expect.arrayContaining(["product.hide:1007", "product.delete:1008"]),
    );
  });

  it("bulk-reduces the ticked products' prices", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const form = new URLSearchParams({ intent: "bulk-price", zone: "AT", kind: "percent_off", value: "10" });
    form.append("id", "1010");
    form.append("id", "1011");
    const response = await browser.fetch("/admin/products/", {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("2 Produkte geändert.");
    for (const record of await loadProductRecords({ db }, [1010, 1011])) {
      for (const v of record.variants) {
        const at = v.prices.AT;
        if (at) expect(at.salePrice).toBe(Math.round(at.listPrice * 0.9));
      }
    }
  });

  it("exports the catalogue as JSON Lines and as the product CSV", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const jsonl = await browser.fetch("/admin/products/export.jsonl");
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get("content-disposition")).toMatch(/attachment; filename="catalogue-.*\.jsonl"/);
    const lines = (await jsonl.text()).trim().split("\n");
    expect(lines.filter((l) => l.startsWith('{"type":"product"')).length).toBe(399);
    const csv = await browser.fetch("/admin/products/export.csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\n")[0]).toMatch(/^product_id,master_key,reference_key,brand,/);
  });
});
