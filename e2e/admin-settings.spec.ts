import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  cliActor,
  createCtx,
  createDatabase,
  type Db,
  defaultShopSettings,
  listAudit,
  loadConfig,
  readShopSettings,
  SHOP_SETTINGS_KEY,
  silentLogger,
  systemClock,
  updateShopSettings,
} from "@vitrine/commerce";
import { E2E_DATABASE, staffSignedIn } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, newPage } from "./fixtures.ts";

/**
 * Shop settings in Chromium (back-office issue, item 6): the owner renames the shop and raises the German store's
 * free-shipping threshold on `/admin/settings/`; a shopper's browser (another context) shows the new name in the
 * title, header and footer and the new threshold within 2 s. The journey puts both back at the end (the e2e
 * journeys share one shop). axe on the screen; screenshots at 1440 and 375 px of the screen and of the shop.
 */
const SCREENSHOTS = "test-results/screenshots/admin-settings";
let db: Db;

test.beforeAll(() => {
  db = createDatabase({ url: join(process.cwd(), E2E_DATABASE) });
});
test.afterAll(async () => {
  // Should the journey have stopped half-way, the shop still gets its settings back for the other journeys.
  if (db && JSON.stringify(await readShopSettings({ db })) !== JSON.stringify(defaultShopSettings())) {
    const ctx = createCtx({ db, clock: systemClock, config: loadConfig({}), log: silentLogger });
    await updateShopSettings(ctx, cliActor("e2e-restore"), defaultShopSettings());
  }
  await db?.destroy();
});

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("the owner renames the shop and raises the free-shipping threshold; the shop shows both within 2 s", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  const owner = await staffSignedIn(context, "owner");
  const shopper = await newPage(browser, { width: 1440, height: 900 });
  await shopper.page.goto("/de/");
  await expect(shopper.page).toHaveTitle(/^Vitrine/);
  await expect(shopper.page.locator(".promo-bar")).toContainText("Kostenloser Versand ab 50,00");

  await page.goto("/admin/settings/");
  await expect(page.getByRole("heading", { level: 1, name: "Shop-Einstellungen" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const form = page.getByRole("form", { name: "Shop-Einstellungen" });
  const german = form.getByRole("group", { name: "Deutschland (de, EUR)" });
  const threshold = german.getByLabel("Deutschland, Standard kostenlos ab");
  await expect(threshold).toHaveValue("50.00");

  // Every problem at once: an empty name and an amount that is none.
  await form.getByLabel("Name des Shops").fill("");
  await threshold.fill("75 Euro");
  await form.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(page.getByRole("alert")).toContainText("2 Felder müssen geändert werden");
  await expect(form.getByLabel("Name des Shops")).toHaveAttribute("aria-invalid", "true");
  await expect(threshold).toHaveAccessibleDescription("Bitte gib einen Betrag wie 4,95 ein.");

  await form.getByLabel("Name des Shops").fill("Atelier Nord");
  await threshold.fill("75,00");
  // The keyboard saves as well as the button.
  await form.getByLabel("Name des Shops").press("Enter");
  await expect(page.getByRole("status")).toContainText("Einstellungen gespeichert");
  const savedAt = Date.now();

  // The shopper's next page shows the new name within 2 s of the save: a page asked for less than 2 s after the save
  // has it (how long the browser then takes to load the page is the machine's, not the shop's).
  let askedAfter = Number.POSITIVE_INFINITY;
  await expect(async () => {
    const asked = Date.now();
    await shopper.page.reload();
    await expect(shopper.page).toHaveTitle(/^Atelier Nord/, { timeout: 100 });
    askedAfter = asked - savedAt;
  }).toPass({ timeout: 10_000, intervals: [100] });
  expect(askedAfter).toBeLessThan(2_000);
  await expect(shopper.page.locator(".promo-bar")).toContainText("Kostenloser Versand ab 75,00");
  await expect(shopper.page.getByRole("contentinfo")).toContainText("Atelier Nord");
  await screenshot(shopper.page, "shop-renamed");
  await screenshot(page, "settings");
  // On a phone the price tables scroll in their own box; the page itself never gets wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1440, height: 900 });

  const audit = await listAudit({ db }, { actorId: owner.staff.id });
  expect(audit.entries[0]).toMatchObject({ action: "settings.update", subjectId: SHOP_SETTINGS_KEY });

  // Back as it was: the other journeys share this shop.
  await page.goto("/admin/settings/");
  await form.getByLabel("Name des Shops").fill("Vitrine");
  await form
    .getByRole("group", { name: "Deutschland (de, EUR)" })
    .getByLabel("Deutschland, Standard kostenlos ab")
    .fill("50.00");
  await form.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(page.getByRole("status")).toContainText("Einstellungen gespeichert");
  expect(await readShopSettings({ db })).toEqual(defaultShopSettings());
  await expect(async () => {
    await shopper.page.reload();
    await expect(shopper.page).toHaveTitle(/^Vitrine/, { timeout: 100 });
  }).toPass({ timeout: 10_000, intervals: [100] });
  await context.close();
  await shopper.context.close();
});
