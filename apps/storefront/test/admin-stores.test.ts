import {
  createCtx,
  type Db,
  listAudit,
  listPhysicalStores,
  loadConfig,
  loadProductStoreStock,
  removePhysicalStore,
  silentLogger,
  systemActor,
  systemClock,
} from "@vitrine/commerce";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * The physical stores as operator data over HTTP against the built storefront: the stores screen and a product's
 * stock per size and store — their role checks, their forms without JavaScript, the store finder and the
 * "available in store" filter following each change within two seconds, and a shop without stores that says so.
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

const STORE = {
  intent: "add",
  name: "Aachen Dom",
  street: "Domhof 1",
  zipCode: "52062",
  city: "Aachen",
  countryCode: "DE",
  latitude: "50.7747",
  longitude: "6.0839",
  phone: "+49 241 123456",
  email: "aachen@vitrine.example",
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
      [`opens_${d}`, "10:00"],
      [`closes_${d}`, d === 5 ? "16:00" : "19:00"],
    ]),
  ),
  closed_6: "on",
};

async function html(path: string): Promise<string> {
  const response = await shop.browser().fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("role checks", () => {
  it("refuses customer service and the warehouse the stores screens and their changes (403)", async () => {
    for (const role of ["customer_service", "warehouse"] as const) {
      const { browser } = await staffBrowser(shop, db, role);
      expect((await browser.fetch("/admin/stores/")).status, role).toBe(403);
      expect((await browser.fetch("/admin/products/1/store-stock/")).status, role).toBe(403);
      expect((await browser.submit("/admin/stores/", { ...STORE, name: "Sneaky" })).status, role).toBe(403);
      expect((await browser.submit("/admin/stores/", { intent: "remove", id: "berlin" })).status, role).toBe(403);
      const nav = await (await browser.fetch("/admin/")).text();
      expect(nav).not.toContain('href="/admin/stores/"');
    }
    expect((await listPhysicalStores({ db })).some((s) => s.name === "Sneaky")).toBe(false);
    expect((await listPhysicalStores({ db })).some((s) => s.id === "berlin")).toBe(true);
  });

  it("lets merchandisers and owners in, with the screen in the navigation", async () => {
    for (const role of ["merchandiser", "owner"] as const) {
      const { browser } = await staffBrowser(shop, db, role);
      const page = await browser.fetch("/admin/stores/");
      expect(page.status, role).toBe(200);
      expect(await page.text()).toContain("Vitrine Berlin");
      expect(await (await browser.fetch("/admin/")).text()).toContain('href="/admin/stores/"');
    }
  });
});

describe("the stores screen", () => {
  it("names every wrong field at once and keeps what was typed", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const refused = await browser.submit("/admin/stores/", {
      ...STORE,
      name: "",
      email: "nope",
      latitude: "6.08",
      longitude: "50.77",
      opens_2: "18:00",
      closes_2: "09:00",
    });
    expect(refused.status).toBe(400);
    const doc = new JSDOM(await refused.text()).window.document;
    const errors = [...doc.querySelectorAll(".admin-field-error")].map((e) => e.textContent);
    expect(errors).toEqual([
      "Bitte ausfüllen.",
      "Diese Koordinaten liegen nicht in Deutschland, Österreich oder der Schweiz – Breiten- und Längengrad vertauscht?",
      "Bitte eine E-Mail-Adresse wie filiale@beispiel.de eingeben.",
      "Die Filiale schließt, bevor sie öffnet.",
    ]);
    expect(doc.querySelector('[role="alert"]')?.textContent).toContain("4 Felder sind nicht richtig ausgefüllt");
    expect(doc.querySelector<HTMLInputElement>('input[name="street"]')?.value).toBe("Domhof 1");
    expect(doc.querySelector('input[name="email"]')?.getAttribute("aria-invalid")).toBe("true");
    expect((await listPhysicalStores({ db })).some((s) => s.city === "Aachen")).toBe(false);
  });

  it("adds a store the store finder shows, changes its hours, keeps stock, removes it only with its stock", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "merchandiser");
    const added = await browser.submit("/admin/stores/", STORE);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Aachen Dom wurde hinzugefügt");
    await eventually(async () => (await html("/de/location/?q=aachen")).includes("Domhof 1") || undefined, 2_000);
    expect(await html("/de/location/")).toContain("unsere 19 Filialen");

    const form = { ...STORE, intent: "save", id: "aachen-dom", closed_6: "", opens_6: "12:00", closes_6: "17:00" };
    expect((await browser.submit("/admin/stores/", form)).status).toBe(200);
    await eventually(async () => (await html("/de/location/?q=aachen")).includes("12:00–17:00") || undefined, 2_000);
    const editing = await (await browser.fetch("/admin/stores/?edit=aachen-dom")).text();
    expect(editing).toContain("Aachen Dom bearbeiten");

    // Stock for a women's product in the new store: the "available in store" filter follows.
    const listing = new JSDOM(await html("/de/c/damen/")).window.document;
    const link = listing.querySelector<HTMLAnchorElement>('a[href*="/p/"]')?.getAttribute("href") ?? "";
    const productId = Number(/-(\d+)\/?$/.exec(link)?.[1]);
    expect(productId).toBeGreaterThan(0);
    const before = await loadProductStoreStock({ db }, productId);
    const variant = before?.variants[0];
    expect(variant).toBeDefined();
    const screen = await browser.fetch(`/admin/products/${productId}/store-stock/`);
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain(`Größe ${variant?.size} in Aachen Dom`);
    const wrong = await browser.submit(`/admin/products/${productId}/store-stock/`, {
      intent: "save",
      [`qty.${variant?.id}.aachen-dom`]: "-3",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Ganze Zahl von 0 bis 99999.");
    const saved = await browser.submit(`/admin/products/${productId}/store-stock/`, {
      intent: "save",
      [`qty.${variant?.id}.aachen-dom`]: "5",
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Eine Menge wurde gespeichert.");
    const filtered = `/de/c/damen/?lf-store=${encodeURIComponent("Aachen Dom")}`;
    await eventually(async () => {
      const doc = new JSDOM(await html(filtered)).window.document;
      const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[href*="/p/"]')].map((a) => a.getAttribute("href"));
      return (links.length > 0 && links.every((href) => href?.includes(`-${productId}/`))) || undefined;
    }, 2_000);
    expect(await (await browser.fetch("/admin/stores/")).text()).toContain("5 Stück in 1 Größe");

    const refused = await browser.submit("/admin/stores/", { intent: "remove", id: "aachen-dom" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Aachen Dom hat noch 5 Stück in 1 Größe auf Lager");
    const removed = await browser.submit("/admin/stores/", { intent: "remove", id: "aachen-dom", withStock: "yes" });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("Aachen Dom wurde mit 5 Stück Bestand entfernt.");
    await eventually(async () => !(await html("/de/location/?q=aachen")).includes("Domhof 1") || undefined, 2_000);
    expect((await loadProductStoreStock({ db }, productId))?.stores.some((s) => s.id === "aachen-dom")).toBe(false);

    const audit = await listAudit({ db }, { actorId: staff.staff.id });
    expect(audit.entries.map((e) => e.action)).toEqual([
      "physical_store.remove",
      "store_stock.update",
      "physical_store.update",
      "physical_store.add",
    ]);
  });

  it("answers a product that does not exist with 404", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    expect((await browser.fetch("/admin/products/99999999/store-stock/")).status).toBe(404);
  });
});

describe("a shop without stores", () => {
  it("claims no stores: no store finder link, no returns in stores, the finder says there are none", async () => {
    // The shop's own frame (header, menu, footer); the operator's content pages are theirs to word.
    const frameLinks = (doc: Document) =>
      [...doc.querySelectorAll<HTMLAnchorElement>("header a, nav a, footer a")].map((a) => a.getAttribute("href"));
    const withStores = new JSDOM(await html("/de/")).window.document;
    expect(frameLinks(withStores)).toContain("/de/location/");
    expect(withStores.querySelector("footer")?.textContent).toContain("Rückgabe auch in unseren Filialen");
    expect(await html("/sitemaps/de-pages.xml")).toContain("/de/location/</loc>");
    const ctx = createCtx({ db, clock: systemClock, config: loadConfig(), log: silentLogger });
    for (const store of await listPhysicalStores({ db }))
      expect((await removePhysicalStore(ctx, systemActor("test"), store.id, { withStock: true })).ok).toBe(true);
    // Removed by another process (this test's own connection): each shop process keeps its count of stores and
    // drops it when the event feed brings the change, as it does for every change to the stores.
    await eventually(
      async () => !(await html("/de/location/")).includes("Rückgabe auch in unseren Filialen") || undefined,
      5_000,
    );

    for (const [path, none, claims] of [
      ["/de/location/", "Zurzeit haben wir keine Filialen", ["unsere 0 Filialen", "Rückgabe auch in unseren Filialen"]],
      [
        "/fr-ch/location/",
        "Nous n’avons pas de magasin pour le moment",
        ["nos 0 magasins", "magasins en Allemagne", "Retours possibles en magasin"],
      ],
      ["/en/location/", "We have no stores at the moment", ["our 0 stores", "Return in our stores, too"]],
    ] as const) {
      const page = await html(path);
      expect(page, path).toContain(none);
      for (const claim of claims) expect(page, path).not.toContain(claim);
      expect(page, path).not.toContain('class="store-finder__search"');
    }
    const home = new JSDOM(await html("/de/")).window.document;
    expect(frameLinks(home)).not.toContain("/de/location/");
    expect(home.querySelector("footer")?.textContent).not.toContain("Rückgabe auch in unseren Filialen");
    expect(home.querySelector('meta[name="description"]')?.getAttribute("content")).not.toContain("Filialen");
    expect(await html("/de/location/?q=berlin")).not.toContain("keine Filiale gefunden");
    expect(await html("/sitemaps/de-pages.xml")).not.toContain("/de/location/");
  });
});
