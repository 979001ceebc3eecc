import {
  cliActor,
  createCtx,
  type Db,
  defaultShopSettings,
  listAudit,
  loadConfig,
  readShopLogo,
  readShopSettings,
  SHOP_SETTINGS_KEY,
  type ShopSettings,
  silentLogger,
  systemClock,
  updateShopSettings,
} from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPicture } from "../../../packages/commerce/src/media/test-pictures.ts";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * The shop-settings screen over HTTP against the built storefront: owners only, the form without JavaScript, every
 * problem at once, and the shop (titles, header, footer, imprint, logo) following a save within two seconds.
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

const money = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** The form as the screen sends it, for these settings. */
function formOf(settings: ShopSettings): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {
    intent: "save",
    name: settings.name,
    returnDays: String(settings.returnDays),
    "mail.fromName": settings.mail.fromName,
    "mail.fromAddress": settings.mail.fromAddress,
  };
  for (const [key, value] of Object.entries(settings.legal)) fields[`legal.${key}`] = value;
  for (const [code, store] of Object.entries(settings.stores)) {
    fields[`stores.${code}.payments`] = [...store.payments];
    for (const [country, rate] of Object.entries(store.shipping)) {
      for (const [field, cents] of Object.entries(rate))
        fields[`stores.${code}.shipping.${country}.${field}`] = money(cents);
    }
  }
  return fields;
}

describe("shop settings screen", () => {
  it("is the owner's only: other roles are refused the screen and its changes, and do not see it listed", async () => {
    for (const role of ["customer_service", "warehouse", "merchandiser"] as const) {
      const { browser } = await staffBrowser(shop, db, role);
      expect((await browser.fetch("/admin/settings/")).status, role).toBe(403);
      const post = await browser.submit("/admin/settings/", { ...formOf(defaultShopSettings()), name: role });
      expect(post.status, role).toBe(403);
      expect(await (await browser.fetch("/admin/")).text()).not.toContain('href="/admin/settings/"');
    }
    expect((await readShopSettings({ db })).name).toBe("Vitrine");
    const { browser: owner } = await staffBrowser(shop, db, "owner");
    const page = await owner.fetch("/admin/settings/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="stores.fr-ch.shipping.CH.freeFrom"');
    expect(html).toContain('value="80.00"');
    expect(await (await owner.fetch("/admin/")).text()).toContain('href="/admin/settings/"');
  });

  it("shows every problem of a form at once beside its field and saves nothing", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    const form = {
      ...formOf(defaultShopSettings()),
      name: "",
      returnDays: "5",
      "mail.fromAddress": "nobody",
      "stores.de.shipping.DE.standard": "4,9x",
      "stores.ch.payments": [],
    };
    const refused = await browser.submit("/admin/settings/", form);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Nicht gespeichert: 5 Felder müssen geändert werden.");
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(5);
    expect(html).toContain('id="stores-de-shipping-DE-standard-error"');
    expect(html).toContain("Bitte gib einen Betrag wie 4,95 ein.");
    expect(html).toContain("Die Rückgabefrist liegt zwischen 14 und 365 Tagen.");
    // What was typed stays in the form.
    expect(html).toContain('value="4,9x"');
    expect((await readShopSettings({ db })).name).toBe("Vitrine");
  });

  it("saves name, threshold and legal details the shop shows within two seconds, audited; then restores them", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "owner", { acceptLanguage: "en" });
    const shopper = shop.browser();
    // The page is cached before the change: the change must reach it anyway.
    const before = await (await shopper.fetch("/de/")).text();
    expect(before).toContain("Kostenloser Versand ab 50,00");
    expect(before).toContain("<title>Vorkasse per Überweisung</title>");
    const changed = structuredClone(defaultShopSettings());
    changed.name = "Atelier Nord";
    changed.stores.de.shipping.DE.freeFrom = 7500;
    changed.legal.company = "Atelier Nord GmbH";
    changed.legal.address = "Hafenstraße 3\n20457 Hamburg";
    changed.stores.de.payments = ["credit_card", "paypal"];
    const saved = await browser.submit("/admin/settings/", formOf(changed));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Settings saved.");

    const { value: home, ms } = await eventually(async () => {
      const html = await (await shopper.fetch("/de/")).text();
      return html.includes("<title>Atelier Nord") ? html : undefined;
    }, 2_000);
    expect(ms).toBeLessThan(2_000);
    expect(home).toContain("Kostenloser Versand ab 75,00");
    expect(home).toContain("Atelier Nord");
    expect(home).not.toContain("<title>Vitrine");
    // The footer shows the methods the store offers now.
    expect(home).toContain("<title>PayPal</title>");
    expect(home).not.toContain("<title>Vorkasse per Überweisung</title>");
    expect(home).not.toContain("<title>Rechnung</title>");
    const imprint = await (await shopper.fetch("/de/s/impressum/")).text();
    expect(imprint).toContain("Atelier Nord GmbH");
    expect(imprint).toContain("20457 Hamburg");
    expect(imprint).toContain("Impressum | Atelier Nord");
    // Other stores keep their threshold, with the new name.
    const at = await (await shopper.fetch("/at/")).text();
    expect(at).toMatch(/Kostenloser Versand ab (€\s|€&nbsp;)?60,00/);
    expect(at).toContain("Atelier Nord");

    const audit = await listAudit({ db }, { actorId: staff.staff.id });
    expect(audit.entries[0]).toMatchObject({
      action: "settings.update",
      subjectId: SHOP_SETTINGS_KEY,
      after: expect.objectContaining({ name: "Atelier Nord", "stores.de.shipping.DE.freeFrom": 7500 }),
    });

    expect((await browser.submit("/admin/settings/", formOf(defaultShopSettings()))).status).toBe(200);
    await eventually(
      async () => (await (await shopper.fetch("/de/")).text()).includes("<title>Vitrine") || undefined,
      2_000,
    );
  });

  it("follows a change made by another process (the CLI) within two seconds, cached pages included", async () => {
    const shopper = shop.browser();
    // The home page answered (and cached) before the change.
    expect(await (await shopper.fetch("/de/")).text()).toContain("30 Tage kostenlose Rückgabe");
    // Another process: its own connection, so the shop's reading is dropped only by the event feed (or its age).
    const cli = createCtx({ db, clock: systemClock, config: loadConfig(), log: silentLogger });
    const changed = await updateShopSettings(cli, cliActor("test"), { name: "Nordlicht Mode", returnDays: 45 });
    expect(changed).toMatchObject({ ok: true, changed: true });
    const { value: page, ms } = await eventually(async () => {
      const html = await (await shopper.fetch("/de/")).text();
      return html.includes("Nordlicht Mode") ? html : undefined;
    }, 2_000);
    expect(ms).toBeLessThan(2_000);
    expect(page).toContain("45 Tage");
    await updateShopSettings(cli, cliActor("test"), defaultShopSettings());
    await eventually(
      async () => (await (await shopper.fetch("/de/")).text()).includes("<title>Vitrine") || undefined,
      2_000,
    );
  });

  it("takes a logo the header shows, refuses a file that is no picture, and removes it", async () => {
    const { browser } = await staffBrowser(shop, db, "owner");
    const upload = async (file: Blob, name: string) => {
      const body = new FormData();
      body.set("intent", "logo");
      body.set("logo", file, name);
      return browser.fetch("/admin/settings/", { method: "POST", body });
    };
    const refused = await upload(new Blob(["<svg onload=alert(1)>"], { type: "image/svg+xml" }), "logo.svg");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Die Datei ist kein Bild.");

    const png = await testPicture("png", 600, 200);
    expect((await upload(new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png")).status).toBe(200);
    const logo = await readShopLogo({ db });
    if (!logo) throw new Error("no logo stored");
    const shopper = shop.browser();
    await eventually(async () => (await (await shopper.fetch("/de/")).text()).includes(logo.path) || undefined, 2_000);
    const image = await shopper.fetch(logo.path);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    expect((await browser.submit("/admin/settings/", { intent: "logo_remove" })).status).toBe(200);
    expect(await readShopLogo({ db })).toBeNull();
    expect((await shopper.fetch(logo.path)).status).toBe(404);
  });
});
