import {
  activePromotions,
  createCtx,
  type Db,
  findContentEntry,
  listAudit,
  listRedirects,
  loadConfig,
  loadPromotions,
  SHOPS,
  shopCtx,
  silentLogger,
  systemClock,
} from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * Issue 21 (back office II) over HTTP against the built storefront: redirects, maintenance mode, promotions and
 * content screens — their role checks, their forms without JavaScript, and the shop following each change.
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

const SCREENS = ["/admin/promotions/", "/admin/content/", "/admin/redirects/", "/admin/maintenance/"];

describe("role checks", () => {
  it("refuses customer service every marketing screen and its changes (403)", async () => {
    const { browser } = await staffBrowser(shop, db, "customer_service");
    for (const path of SCREENS) expect((await browser.fetch(path)).status, path).toBe(403);
    const refused = await browser.submit("/admin/redirects/", { intent: "add", sourcePath: "/cs/", target: "/c/" });
    expect(refused.status).toBe(403);
    expect((await listRedirects({ db })).some((r) => r.sourcePath === "/cs/")).toBe(false);
    expect((await browser.submit("/admin/maintenance/", { intent: "on", message: "" })).status).toBe(403);
  });

  it("lets a merchandiser in to promotions, content and redirects but not maintenance (owner only)", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    for (const path of SCREENS.slice(0, 3)) expect((await browser.fetch(path)).status, path).toBe(200);
    expect((await browser.fetch("/admin/maintenance/")).status).toBe(403);
    expect((await browser.submit("/admin/maintenance/", { intent: "on", message: "" })).status).toBe(403);
    const html = await (await browser.fetch("/admin/")).text();
    expect(html).toContain('href="/admin/promotions/"');
    expect(html).not.toContain('href="/admin/maintenance/"');
    const { browser: owner } = await staffBrowser(shop, db, "owner");
    expect((await owner.fetch("/admin/maintenance/")).status).toBe(200);
  });
});

describe("redirects", () => {
  it("adds a redirect the shop follows at once, tests where a path goes, refuses open redirects, removes it", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "merchandiser");
    const added = await browser.submit("/admin/redirects/", {
      intent: "add",
      sourcePath: "/herbst-aktion/",
      storeCode: "de",
      target: "/c/sale/",
      statusCode: "302",
    });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("/herbst-aktion/");
    const followed = await shop.browser().fetch("/de/herbst-aktion/?utm=mail");
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/de/c/sale/?utm=mail");
    // Only in the store it was given for.
    expect((await shop.browser().fetch("/at/herbst-aktion/")).status).toBe(404);

    const tested = await (await browser.fetch("/admin/redirects/?store=de&path=%2Fherbst-aktion%2F")).text();
    expect(tested).toContain("/de/c/sale/");
    const untouched = await (await browser.fetch("/admin/redirects/?store=at&path=%2Fherbst-aktion%2F")).text();
    expect(untouched).toMatch(/keine Weiterleitung|No redirect/);

    for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const refused = await browser.submit("/admin/redirects/", { intent: "add", sourcePath: "/evil/", target });
      expect(refused.status, target).toBe(400);
      expect(await refused.text()).toContain("Das Ziel muss ein Pfad in diesem Shop sein");
    }
    expect((await listRedirects({ db })).some((r) => r.sourcePath === "/evil/")).toBe(false);

    const redirect = (await listRedirects({ db })).find((r) => r.sourcePath === "/herbst-aktion/");
    expect(redirect).toBeDefined();
    const changed = await browser.submit("/admin/redirects/", {
      intent: "save",
      id: String(redirect?.id),
      sourcePath: "/herbst-aktion/",
      storeCode: "*",
      target: "/c/new/",
      statusCode: "301",
    });
    expect(changed.status).toBe(200);
    expect((await shop.browser().fetch("/at/herbst-aktion/")).headers.get("location")).toBe("/at/c/new/");
    expect((await browser.submit("/admin/redirects/", { intent: "remove", id: String(redirect?.id) })).status).toBe(
      200,
    );
    expect((await shop.browser().fetch("/de/herbst-aktion/")).status).toBe(404);

    const audit = await listAudit({ db }, { actorId: staff.staff.id });
    expect(audit.entries.map((e) => e.action)).toEqual(["redirect.remove", "redirect.update", "redirect.add"]);
  });
});

describe("maintenance", () => {
  it("lets the owner close the shop with a message and open it again", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    const on = await browser.submit("/admin/maintenance/", { intent: "on", message: "Wir sind um 14 Uhr zurück." });
    expect(on.status).toBe(200);
    const shopper = shop.browser();
    await eventually(async () => (await shopper.fetch("/de/")).status === 302 || undefined, 2_000);
    expect((await shopper.fetch("/de/c/sale/")).headers.get("location")).toBe("/de/maintenance/");
    const page = await shopper.fetch("/de/maintenance/");
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("Wir sind um 14 Uhr zurück.");
    // The back office stays open.
    expect((await browser.fetch("/admin/maintenance/")).status).toBe(200);
    expect((await browser.submit("/admin/maintenance/", { intent: "off", message: "" })).status).toBe(200);
    await eventually(async () => (await shopper.fetch("/de/")).status === 200 || undefined, 2_000);
    const audit = await listAudit({ db }, { subjectType: "setting" });
    expect(audit.entries.slice(0, 2).map((e) => e.action)).toEqual(["maintenance.off", "maintenance.on"]);
  });
});

function ctxOf(store: string) {
  const shopOf = SHOPS.find((s) => s.code === store) as (typeof SHOPS)[number];
  return shopCtx(createCtx({ db, clock: systemClock, config: loadConfig(), log: silentLogger }), shopOf);
}

describe("promotions", () => {
  it("creates a scheduled promotion with a preview of the products it reaches, then ends a running one live", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const women = await db.selectFrom("category").select("id").where("key", "=", "women").executeTakeFirstOrThrow();
    const fields = {
      id: "winter-15",
      name_de: "{percentage} auf Damenmode",
      name_fr: "{percentage} sur la mode femme",
      name_en: "{percentage} off womenswear",
      kind: "percentage",
      percentage: "15",
      categoryIds: String(women.id),
      colorHex: "#1f2f52",
      storeCodes: ["de", "at"],
      validFrom: "2030-01-01T09:00",
      validTo: "2030-01-31T18:00",
      priority: "7",
    };
    const preview = await (await browser.submit("/admin/promotions/", { ...fields, intent: "preview" })).text();
    const reached = /(\d+) Produkte? erreicht/.exec(preview);
    expect(Number(reached?.[1])).toBeGreaterThan(0);
    expect(preview).toContain('href="/de/p/');

    const created = await browser.submit("/admin/promotions/", { ...fields, intent: "create" });
    expect(created.status).toBe(200);
    const saved = (await loadPromotions({ db })).find((p) => p.id === "winter-15");
    expect(saved).toMatchObject({
      priority: 7,
      effect: { type: "automatic_discount", kind: "percentage", percentage: 15 },
      conditions: { categoryIds: [women.id] },
      storeCodes: ["de", "at"],
      // Berlin time (UTC+1 in winter).
      validFrom: "2030-01-01T08:00:00.000Z",
      validTo: "2030-01-31T17:00:00.000Z",
    });
    const list = await (await browser.fetch("/admin/promotions/")).text();
    expect(list).toMatch(/data-promotion-id="winter-15"[\s\S]*?Geplant/);

    const bad = await browser.submit("/admin/promotions/", {
      ...fields,
      id: "bad",
      validTo: "2029-01-01T00:00",
      intent: "create",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("validFrom");

    // A running demo promotion shown on a product page: ending it takes the badge off.
    const running = await activePromotions({ db }, "de", new Date());
    const product = await db
      .selectFrom("product")
      .select(["id", "promotion_id"])
      .where(
        "promotion_id",
        "in",
        running.map((p) => p.id),
      )
      .executeTakeFirstOrThrow();
    const promotion = running.find((p) => p.id === product.promotion_id);
    const badge = promotion?.names.de as string;
    const shopper = shop.browser();
    const pagePath = `/de/p/${product.id}/`;
    const firstPage = await shopper.fetch(pagePath);
    const location = firstPage.headers.get("location") ?? pagePath;
    expect(await (await shopper.fetch(location)).text()).toContain(badge);
    const ended = await browser.submit("/admin/promotions/", { intent: "end", id: product.promotion_id as string });
    expect(ended.status).toBe(200);
    await eventually(async () => !(await (await shopper.fetch(location)).text()).includes(badge) || undefined, 2_000);
    expect((await activePromotions(ctxOf("de"), "de", new Date())).some((p) => p.id === product.promotion_id)).toBe(
      false,
    );
  });
});

describe("content", () => {
  it("creates a page, adds a banner, previews the draft, publishes, and rolls back", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const created = await browser.submit("/admin/content/", {
      intent: "create",
      language: "de",
      pageType: "content",
      slug: "winter-edit",
      title: "Winter-Edit",
    });
    expect(created.status).toBe(302);
    const editor = created.headers.get("location") as string;
    expect(editor).toMatch(/^\/admin\/content\/\d+\/$/);
    const base = { title: "Winter-Edit", seoTitle: "", seoDescription: "" };
    expect((await browser.submit(editor, { ...base, blockCount: "0", intent: "add", addType: "banner" })).status).toBe(
      200,
    );
    const banner = (title: string) => ({
      ...base,
      blockCount: "1",
      "b0.type": "banner",
      "b0.eyebrow": "Neu",
      "b0.title": title,
      "b0.text": "",
      "b0.imageSrc": "banner/coat/camel.svg",
      "b0.imageAlt": "Mantel",
      "b0.linkHref": "/c/new/",
      "b0.linkLabel": "Entdecken",
      "b0.textColor": "dark",
    });
    const refused = await browser.submit(editor, { ...banner(""), intent: "save" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Ein Feld braucht Ihre Aufmerksamkeit");

    expect((await browser.submit(editor, { ...banner("Mäntel für den Winter"), intent: "save" })).status).toBe(200);
    const shopper = shop.browser();
    expect((await shopper.fetch("/de/winter-edit/")).status).toBe(404);
    // The preview: the staff browser gets the preview cookie and the page in the shop's preview mode.
    const toPreview = await browser.fetch("/admin/content/preview/?store=at&path=%2Fwinter-edit%2F");
    expect(toPreview.status).toBe(302);
    expect(toPreview.headers.get("location")).toBe("/at/winter-edit/?editor-mode");
    const preview = await browser.fetch("/at/winter-edit/?editor-mode");
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Mäntel für den Winter");
    expect(
      (await browser.fetch("/admin/content/preview/?store=de&path=https://evil.example/")).headers.get("location"),
    ).toBe("/de/?editor-mode");

    expect((await browser.submit(editor, { ...banner("Mäntel für den Winter"), intent: "publish" })).status).toBe(200);
    await eventually(
      async () =>
        (await (await shopper.fetch("/de/winter-edit/")).text()).includes("Mäntel für den Winter") || undefined,
      2_000,
    );
    expect((await browser.submit(editor, { ...banner("Mäntel im Schnee"), intent: "publish" })).status).toBe(200);
    await eventually(
      async () => (await (await shopper.fetch("/de/winter-edit/")).text()).includes("Mäntel im Schnee") || undefined,
      2_000,
    );

    const entry = await findContentEntry({ db }, "de", "content", "winter-edit");
    const first = await db
      .selectFrom("content_version")
      .select("id")
      .where("entry_id", "=", entry?.id as number)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const history = await (await browser.fetch(editor)).text();
    expect(history).toContain("Auf Version 1 zurückrollen");
    expect((await browser.submit(editor, { intent: "rollback", versionId: String(first.id) })).status).toBe(200);
    await eventually(
      async () =>
        (await (await shopper.fetch("/de/winter-edit/")).text()).includes("Mäntel für den Winter") || undefined,
      2_000,
    );
    const audit = await listAudit({ db }, { subjectType: "content", subjectId: entry?.id as number });
    expect(audit.entries.map((e) => e.action)).toEqual([
      "content.rollback",
      "content.publish",
      "content.draft",
      "content.publish",
      "content.draft",
      "content.draft",
      "content.create",
    ]);
  });
});
