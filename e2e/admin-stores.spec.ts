import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  createCtx,
  createDatabase,
  type Db,
  listAudit,
  listPhysicalStores,
  loadConfig,
  removePhysicalStore,
  silentLogger,
  systemActor,
  systemClock,
} from "@vitrine/commerce";
import { E2E_DATABASE, staffSignedIn } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, newPage } from "./fixtures.ts";

/**
 * Physical stores as operator data in Chromium: a merchandiser adds a store in the back office and a shopper's
 * store finder (another browser, a page the shop had cached) shows it within 2 s; the merchandiser changes its
 * Sunday hours, opens the product's stock per store, and removes the store again (the journeys share one shop:
 * it ends as it began). axe on the screens, screenshots at 1440 and 375 px.
 */
const SCREENSHOTS = "test-results/screenshots/admin-stores";
const NAME = "Aachen Dom";
const ID = "aachen-dom";
let db: Db;

test.beforeAll(() => {
  db = createDatabase({ url: join(process.cwd(), E2E_DATABASE) });
});
test.afterAll(async () => {
  // Whatever happened above, the shared shop keeps only its own stores.
  if ((await listPhysicalStores({ db })).some((s) => s.id === ID)) {
    const ctx = createCtx({ db, clock: systemClock, config: loadConfig(), log: silentLogger });
    await removePhysicalStore(ctx, systemActor("e2e"), ID, { withStock: true });
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

/** Reloads the shopper's page until the text is there (or gone), and how long that took. */
async function followed(page: Page, path: string, text: string, present = true): Promise<number> {
  const started = Date.now();
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return (await page.getByText(text).count()) > 0;
      },
      { timeout: 10_000, intervals: [100, 200, 250] },
    )
    .toBe(present);
  return Date.now() - started;
}

test("an operator adds a store, the shopper's store finder shows it; edits its hours; removes it again", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  const staff = await staffSignedIn(context, "merchandiser");
  const shopper = await newPage(browser, { width: 1440, height: 900 });
  const finder = `/de/location/?q=aachen`;
  await shopper.page.goto(finder);
  await expect(shopper.page.getByText("Für „aachen“ haben wir keine Filiale gefunden.")).toBeVisible();
  await screenshot(shopper.page, "store-finder-with-stores");

  await page.goto("/admin/stores/");
  await expect(page.getByRole("heading", { level: 1, name: "Filialen" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A first try with swapped coordinates and no e-mail: every wrong field is named at once, nothing is saved.
  const form = page.locator("form.admin-store-form");
  await form.getByLabel("Name").fill(NAME);
  await form.getByLabel("Straße und Hausnummer").fill("Domhof 1");
  await form.getByLabel("Postleitzahl").fill("52062");
  await form.getByLabel("Ort").fill("Aachen");
  await form.getByLabel(/^Breitengrad/).fill("6.0839");
  await form.getByLabel(/^Längengrad/).fill("50.7747");
  await form.getByLabel("Telefon").fill("+49 241 123456");
  await form.getByLabel(/^E-Mail/).fill("aachen@vitrine");
  await form.getByRole("button", { name: "Filiale hinzufügen" }).click();
  await expect(page.getByText("2 Felder sind nicht richtig ausgefüllt")).toBeVisible();
  await expect(page.getByText(/Breiten- und Längengrad vertauscht/)).toBeVisible();
  await screenshot(page, "stores-errors");
  await form.getByLabel(/^Breitengrad/).fill("50.7747");
  await form.getByLabel(/^Längengrad/).fill("6.0839");
  await form.getByLabel(/^E-Mail/).fill("aachen@vitrine.example");
  await form.getByLabel("Samstag geöffnet bis").fill("16:00");
  await form.getByRole("button", { name: "Filiale hinzufügen" }).click();
  await expect(page.getByText(`${NAME} wurde hinzugefügt`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(NAME) })).toBeVisible();

  // The shopper's store finder (cached by the shop a moment ago) shows the new store within 2 s.
  const added = await followed(shopper.page, finder, "Domhof 1");
  expect(added).toBeLessThan(2_000 + 1_500);
  await expect(shopper.page.getByRole("heading", { level: 3, name: NAME })).toBeVisible();
  await screenshot(page, "stores");

  // Open on Sundays from now on.
  await page.getByRole("link", { name: `${NAME} bearbeiten` }).click();
  await expect(page.getByRole("heading", { level: 2, name: `${NAME} bearbeiten` })).toBeVisible();
  await page.getByLabel("Sonntag geschlossen").uncheck();
  await page.getByLabel("Sonntag geöffnet ab").fill("12:00");
  await page.getByLabel("Sonntag geöffnet bis").fill("17:00");
  await screenshot(page, "stores-edit");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(`${NAME} wurde gespeichert.`)).toBeVisible();
  await followed(shopper.page, finder, "12:00–17:00");

  // The product editor links to the product's stock per store; the new store has a column there.
  await page.goto("/admin/products/");
  await page.locator("a.admin-cell-main").first().click();
  await page.getByRole("link", { name: "Bestand in Filialen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Bestand in Filialen:/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: new RegExp(NAME) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "store-stock");

  // Removed again: the shopper's finder no longer lists it.
  await page.goto("/admin/stores/");
  await page.getByRole("button", { name: `${NAME} entfernen` }).click();
  await expect(page.getByText(`${NAME} wurde entfernt.`)).toBeVisible();
  await followed(shopper.page, finder, "Domhof 1", false);
  expect((await listPhysicalStores({ db })).some((s) => s.id === ID)).toBe(false);

  const audit = await listAudit({ db }, { actorId: staff.staff.id });
  expect(audit.entries.map((e) => e.action)).toEqual([
    "physical_store.remove",
    "physical_store.update",
    "physical_store.add",
  ]);
  await context.close();
  await shopper.context.close();
});
