import { type Db, listAudit, loadCategoryTree, loadProductRecords, type ProductRecord } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * The back office's category tree and the product editor's sizes and colour siblings over HTTP, against the built
 * storefront: who may use them, each change reaching the shop's pages through the event feed, refusals with their
 * status and message; and the basket page naming products deleted (or sizes removed) since they were added.
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

async function shopPage(path: string, browser: TestBrowser = shop.browser()) {
  let response = await browser.fetch(path);
  while (response.status === 301 || response.status === 302) {
    response = await browser.fetch(response.headers.get("location") as string);
  }
  return { status: response.status, html: await response.text() };
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

async function category(key: string) {
  return db.selectFrom("category").selectAll().where("key", "=", key).executeTakeFirst();
}

describe("back-office category tree", () => {
  it("is for owners and merchandisers only (403 for the others, changing nothing)", async () => {
    for (const role of ["customer_service", "warehouse"] as const) {
      const { browser } = await staffBrowser(shop, db, role);
      expect((await browser.fetch("/admin/categories/")).status).toBe(403);
      const post = await browser.submit("/admin/categories/", { intent: "create", parent: "", name_de: "Verboten" });
      expect(post.status).toBe(403);
    }
    expect(await category("verboten")).toBeUndefined();
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const page = await browser.fetch("/admin/categories/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="/admin/categories/"');
    expect(html).toMatch(/\d+ Kategorien/);
    // The tree lists the categories once (the new category's parent): no row carries its own list of targets.
    const total = await db
      .selectFrom("category")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(html.match(/<option /g)?.length).toBe(Number(total.n) + 1);
    expect(html).not.toMatch(/aria-label="[^"]+ verschieben unter"/);
    expect(html).toContain('aria-label="Verschieben unter … (Damen)"');
  });

  it("opens one row's move targets by its address: every category but itself, those below it and its parent", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const tree = await db.selectFrom("category").select(["id", "parent_id"]).execute();
    const moved = tree.find((c) => c.parent_id !== null && tree.some((k) => k.parent_id === c.id));
    if (!moved) throw new Error("no category with a parent and children");
    const below = new Set([moved.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const c of tree)
        if (c.parent_id !== null && below.has(c.parent_id) && !below.has(c.id)) grew = below.add(c.id) !== undefined;
    }
    const html = await (await browser.fetch(`/admin/categories/?move=${moved.id}`)).text();
    const form = html.slice(html.indexOf('class="admin-inline-form admin-tree__move"'));
    const select = form.slice(0, form.indexOf("</select>"));
    expect(select).toMatch(/aria-label="[^"]+ verschieben unter"/);
    const offered = [...select.matchAll(/<option value="(\w+)"/g)].map((m) => m[1]);
    const expected = tree.filter((c) => !below.has(c.id) && c.id !== moved.parent_id).map((c) => String(c.id));
    expect(offered.sort()).toEqual(["root", ...expected].sort());
    expect(html.match(/aria-label="[^"]+ verschieben unter"/g)?.length).toBe(1);
    // The form posts to the page without `?move`, so the list closes once the category has moved.
    expect(form.slice(0, form.indexOf(">"))).toContain('action="/admin/categories/"');
    // Not a number, or no such category: no list open.
    expect(await (await browser.fetch("/admin/categories/?move=abc")).text()).not.toMatch(
      /aria-label="[^"]+ verschieben unter"/,
    );
  });

  it("creates a category that the shop's menu shows within the feed's interval; audited", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "merchandiser");
    const root = await db
      .selectFrom("category")
      .select("id")
      .where("parent_id", "is", null)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const created = await browser.submit("/admin/categories/", {
      intent: "create",
      parent: String(root.id),
      name_de: "Strickjacken Edition",
      name_fr: "Gilets édition",
      name_en: "Cardigan Edition",
    });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain("Kategorie Strickjacken Edition angelegt.");
    const row = await category("strickjacken-edition");
    expect(row).toMatchObject({ parent_id: root.id, hidden: 0 });
    const { ms } = await eventually(async () => {
      const [de, fr] = await Promise.all([shopPage("/de/"), shopPage("/fr-ch/")]);
      return (de.html.includes("Strickjacken Edition") && fr.html.includes("Gilets édition")) || undefined;
    }, 5000);
    expect(ms).toBeLessThan(5000);
    const audit = await listAudit({ db }, { subjectType: "category", action: "category.create" });
    expect(audit.entries[0]).toMatchObject({
      subjectId: String(row?.id),
      actor: { type: "staff", id: staff.staff.id },
    });

    const twice = await browser.submit("/admin/categories/", {
      intent: "create",
      parent: String(root.id),
      name_de: "Strickjacken Edition",
    });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Eine Kategorie an dieser Stelle hat schon diesen Namen");

    // Renamed, hidden (out of the menu, its page 404), shown again, deleted: each in the shop within the interval.
    const id = String(row?.id);
    const renamed = await browser.submit("/admin/categories/", {
      intent: "rename",
      id,
      name: "Strickjacken Edition",
      name_de: "Strick Edition",
      name_fr: "Gilets édition",
      name_en: "Knit Edition",
    });
    expect(renamed.status).toBe(200);
    await eventually(async () => (await shopPage("/en/")).html.includes("Knit Edition") || undefined, 5000);
    const path = await eventually(async () => {
      const html = (await shopPage("/de/")).html;
      return /href="(\/de\/c\/[^"]*strickjacken-edition\/)"/.exec(html)?.[1];
    }, 5000);
    expect((await shopPage(path.value)).status).toBe(200);
    expect((await browser.submit("/admin/categories/", { intent: "hide", id, name: "x" })).status).toBe(200);
    await eventually(async () => ((await shopPage(path.value)).status === 404 ? true : undefined), 5000);
    expect((await shopPage("/de/")).html).not.toContain("Strick Edition");
    expect((await browser.submit("/admin/categories/", { intent: "show", id, name: "x" })).status).toBe(200);
    await eventually(async () => ((await shopPage(path.value)).status === 200 ? true : undefined), 5000);
    const deleted = await browser.submit("/admin/categories/", { intent: "delete", id, name: "Strick Edition" });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Strick Edition gelöscht.");
    await eventually(async () => ((await shopPage(path.value)).status === 404 ? true : undefined), 5000);
  });

  it("moves with buttons and refuses to delete a category with products, saying how many (409)", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    const roots = await db
      .selectFrom("category")
      .select(["id", "position"])
      .where("parent_id", "is", null)
      .orderBy("position")
      .execute();
    const [first, second] = roots as [(typeof roots)[number], (typeof roots)[number]];
    expect(
      (await browser.submit("/admin/categories/", { intent: "down", id: String(first.id), name: "x" })).status,
    ).toBe(200);
    const order = async () =>
      (await db.selectFrom("category").select("id").where("parent_id", "is", null).orderBy("position").execute()).map(
        (r) => r.id,
      );
    expect((await order()).slice(0, 2)).toEqual([second.id, first.id]);
    const atTop = await browser.submit("/admin/categories/", { intent: "up", id: String(second.id), name: "x" });
    expect(atTop.status).toBe(409);
    expect((await browser.submit("/admin/categories/", { intent: "up", id: String(first.id), name: "x" })).status).toBe(
      200,
    );
    expect((await order()).slice(0, 2)).toEqual([first.id, second.id]);
    const under = await browser.submit("/admin/categories/", {
      intent: "move",
      id: String(first.id),
      parent: String(first.id),
      name: "x",
    });
    expect(under.status).toBe(400);
    expect(await under.text()).toContain("nicht unter sich selbst");

    const full = await db
      .selectFrom("product_category as pc")
      .innerJoin("category as c", "c.id", "pc.category_id")
      .select(["c.id", (eb) => eb.fn.countAll<number>().as("n")])
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("category as k").select("k.id").whereRef("k.parent_id", "=", "c.id"))),
      )
      .groupBy("c.id")
      .orderBy("c.id")
      .executeTakeFirstOrThrow();
    const refused = await browser.submit("/admin/categories/", { intent: "delete", id: String(full.id), name: "x" });
    expect(refused.status).toBe(409);
    const n = Number(full.n);
    expect(await refused.text()).toContain(
      `Nicht gelöscht: ${n} ${n === 1 ? "Produkt ist" : "Produkte sind"} in der Kategorie.`,
    );
    expect(await db.selectFrom("category").select("id").where("id", "=", full.id).executeTakeFirst()).toBeDefined();
    const malformed = await browser.submit("/admin/categories/", { intent: "move", id: String(first.id), parent: "x" });
    expect(malformed.status).toBe(400);
  });
});

describe("a hidden category in the search box", () => {
  it("is no longer suggested, and is again once shown", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const suggested = async () =>
      (
        (await (await shop.browser().fetch("/de/search/suggest/?q=kleid")).json()) as {
          categories: { href: string }[];
        }
      ).categories.map((c) => c.href.split("?")[0] as string);
    const [first] = await suggested();
    expect(first).toMatch(/^\/c\/.+\/$/);
    const tree = await loadCategoryTree({ db });
    const found = tree.findByPath(
      "de",
      (first as string).split("/").filter((s) => s !== "" && s !== "c"),
    );
    if (!found) throw new Error(`no category at ${first}`);
    const id = String(found.node.record.id);
    expect((await browser.submit("/admin/categories/", { intent: "hide", id, name: "x" })).status).toBe(200);
    await eventually(async () => (!(await suggested()).includes(first as string) ? true : undefined), 5000);
    expect((await browser.submit("/admin/categories/", { intent: "show", id, name: "x" })).status).toBe(200);
    await eventually(async () => ((await suggested()).includes(first as string) ? true : undefined), 5000);
  });
});

/** A product of the shop with at least two sizes sold in every zone, not yet used by this file. */
const used = new Set<number>();
async function someProduct(): Promise<ProductRecord> {
  const records = await loadProductRecords({ db });
  const found = records.find(
    (r) =>
      !used.has(r.id) &&
      r.id > 1100 &&
      r.variants.length >= 2 &&
      r.variants.every((v) => v.prices.DE && v.prices.CH && v.stock.quantity >= 3),
  );
  if (!found) throw new Error("no product left");
  used.add(found.id);
  return found;
}

describe("product editor: sizes and colour siblings", () => {
  it("adds and removes a size; the shop's page follows; a bad EAN is refused beside its field", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const p = await someProduct();
    const editor = await (await browser.fetch(`/admin/products/${p.id}/`)).text();
    expect(editor).toContain('id="sizes-heading"');
    expect(editor).toContain('id="colours-heading"');
    const bad = await browser.submit(`/admin/products/${p.id}/`, {
      intent: "size-add",
      size: "5XL",
      ean: "12",
      stock: "1",
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Eine EAN hat 8 bis 14 Ziffern");
    expect(badHtml).toContain('value="5XL"');
    const added = await browser.submit(`/admin/products/${p.id}/`, {
      intent: "size-add",
      size: "5XL",
      ean: "",
      stock: "6",
    });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Größe 5XL hinzugefügt");
    await eventually(async () => (await shopPage(`/de/p/${p.id}/`)).html.includes(">5XL<") || undefined, 5000);

    const gone = p.variants[0] as ProductRecord["variants"][number];
    const removed = await browser.submit(`/admin/products/${p.id}/`, {
      intent: "size-remove",
      variant: String(gone.id),
      size: gone.size,
    });
    expect(removed.status).toBe(200);
    const [after] = await loadProductRecords({ db }, [p.id]);
    expect(after?.variants.map((v) => v.id)).not.toContain(gone.id);
    const audit = await listAudit({ db }, { subjectType: "product", action: "product.size_remove" });
    expect(audit.entries[0]).toMatchObject({ subjectId: String(p.id), before: { variantId: gone.id } });
    const again = await browser.submit(`/admin/products/${p.id}/`, {
      intent: "size-remove",
      variant: String(gone.id),
      size: gone.size,
    });
    expect(again.status).toBe(404);
  });

  it("links a product to another one's colours and unlinks it: both pages show the change", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const records = await loadProductRecords({ db });
    const a = await someProduct();
    const groupColours = new Set(records.filter((r) => r.masterKey === a.masterKey).map((r) => r.colorId));
    const b = records.find(
      (r) =>
        !used.has(r.id) &&
        r.masterKey !== a.masterKey &&
        !groupColours.has(r.colorId) &&
        records.filter((x) => x.masterKey === r.masterKey).length === 1,
    ) as ProductRecord;
    used.add(b.id);
    const self = await browser.submit(`/admin/products/${b.id}/`, { intent: "colour-link", sibling: String(b.id) });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("Ein Produkt kann nicht seine eigene Farbe sein.");
    const linked = await browser.submit(`/admin/products/${b.id}/`, { intent: "colour-link", sibling: a.referenceKey });
    expect(linked.status).toBe(200);
    const editor = await (await browser.fetch(`/admin/products/${b.id}/`)).text();
    expect(editor).toContain(`href="/admin/products/${a.id}/"`);
    // A swatch in the page's colour list (not any link: recommendations may lead to the product too).
    const swatchTo = (id: number) => ({
      test: (html: string) =>
        (/class="colours__list"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "").includes(`-${id}/"`),
    });
    await eventually(async () => swatchTo(b.id).test((await shopPage(`/de/p/${a.id}/`)).html) || undefined, 5000);
    await eventually(async () => swatchTo(a.id).test((await shopPage(`/de/p/${b.id}/`)).html) || undefined, 5000);
    const unlinked = await browser.submit(`/admin/products/${b.id}/`, { intent: "colour-unlink" });
    expect(unlinked.status).toBe(200);
    await eventually(
      async () => (!swatchTo(b.id).test((await shopPage(`/de/p/${a.id}/`)).html) ? true : undefined),
      5000,
    );
    const audit = await listAudit({ db }, { subjectType: "product" });
    expect(audit.entries.slice(0, 2).map((e) => e.action)).toEqual(["product.colour_unlink", "product.colour_link"]);
  });
});

describe("/cart/ with products that went away", () => {
  it("names a deleted product and a removed size in the store's language, and removes them on request", async () => {
    const doomed = await someProduct();
    const sized = await someProduct();
    const shopper = shop.browser();
    for (const variantId of [doomed.variants[0]?.id, sized.variants[1]?.id]) {
      const added = await shopper.submit("/fr-ch/cart/", { intent: "add", variantId: String(variantId) });
      expect(added.status).toBe(303);
    }
    expect((await shopPage("/fr-ch/cart/", shopper)).html).not.toContain("basket-unavailable");
    const { browser: staff } = await staffBrowser(shop, db, "owner");
    expect((await staff.submit(`/admin/products/${doomed.id}/`, { intent: "delete", confirm: "yes" })).status).toBe(
      302,
    );
    const removedSize = sized.variants[1] as ProductRecord["variants"][number];
    const removed = await staff.submit(`/admin/products/${sized.id}/`, {
      intent: "size-remove",
      variant: String(removedSize.id),
      size: removedSize.size,
    });
    expect(removed.status).toBe(200);

    const { html } = await shopPage("/fr-ch/cart/", shopper);
    expect(html).toContain("2 articles de votre panier ne sont plus disponibles");
    const frName = (doomed.translations.fr ?? doomed.translations.de ?? doomed.translations.en)?.name as string;
    expect(html).toContain(`${escapeHtml(frName)} ne fait plus partie de notre assortiment.`);
    const sizedName = (sized.translations.fr ?? sized.translations.de ?? sized.translations.en)?.name as string;
    expect(html).toContain(`${escapeHtml(sizedName)} n’est plus disponible en taille ${escapeHtml(removedSize.size)}.`);
    // Nothing else was in the basket: it is empty, and says so beside the notice.
    expect(html).toContain("Votre panier est vide.");

    const dismissed = await shopper.submit("/fr-ch/cart/", { intent: "remove-unavailable" });
    expect(dismissed.status).toBe(303);
    expect((await shopPage("/fr-ch/cart/", shopper)).html).not.toContain("basket-unavailable");
  });
});
