import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createDatabase, type Db, listAudit, loadVocabulary } from "@vitrine/commerce";
import { E2E_DATABASE, staffSignedIn } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, newPage } from "./fixtures.ts";

/**
 * The vocabulary screen in Chromium (issue 20): a merchandiser switches to the colours, changes a colour's French
 * label and hex by keyboard, adds a colour, adds a facetable merchant attribute; the changes are in the database and
 * the audit log; labels a value of the attribute per language. axe on the screen, screenshots at 1440 and 375 px.
 */
const SCREENSHOTS = "test-results/screenshots/admin-vocabulary";
let db: Db;

test.beforeAll(() => {
  db = createDatabase({ url: join(process.cwd(), E2E_DATABASE) });
});
test.afterAll(async () => {
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

test("a merchandiser edits colour labels and hex, adds a colour and a facetable attribute", async ({ browser }) => {
  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  const staff = await staffSignedIn(context, "merchandiser");
  await page.goto("/admin/vocabulary/");
  await expect(page.getByRole("heading", { level: 1, name: "Vokabular" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Produktarten" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Farben" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Farben" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "colours");

  // Change the French label and the hex of "petrol", then save with the keyboard.
  const french = page.getByLabel("Bezeichnung (Französisch) von petrol");
  await expect(french).toHaveValue("Bleu pétrole");
  await french.fill("Pétrole");
  await page.getByLabel("Farbe von petrol").fill("#1d6672");
  await page.getByRole("button", { name: "petrol speichern" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "petrol ist gespeichert." })).toBeVisible();
  const petrol = (await loadVocabulary({ db })).value("colour", "petrol");
  expect(petrol).toMatchObject({ hex: "#1d6672", labels: { fr: "Pétrole", de: "Petrol", en: "Petrol" } });

  // Add a colour: a wrong hex is refused by the form, a right one adds it.
  const add = page.getByRole("region", { name: "Wert hinzufügen" });
  await add.getByLabel("Kennung").fill("moss");
  await add.getByLabel("Englisch").fill("Moss");
  await add.getByLabel("Deutsch").fill("Moosgrün");
  await add.getByLabel("Farbe").fill("#4a5d23");
  await add.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "moss ist hinzugefügt." })).toBeVisible();
  await expect(page.getByLabel("Bezeichnung (Deutsch) von moss")).toHaveValue("Moosgrün");

  // A merchant attribute, offered as a filter.
  await page.getByRole("link", { name: "Merkmale" }).click();
  const addAttribute = page.getByRole("region", { name: "Merkmal hinzufügen" });
  await addAttribute.getByLabel("Schlüssel").fill("sleeve");
  await addAttribute.getByLabel("Englisch").fill("Sleeve");
  await addAttribute.getByLabel("Deutsch").fill("Ärmel");
  await addAttribute.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "sleeve ist hinzugefügt." })).toBeVisible();
  await page.getByLabel("sleeve als Filter").check();
  await page.getByRole("button", { name: "sleeve speichern" }).click();
  await expect(page.getByRole("status").filter({ hasText: "sleeve ist gespeichert." })).toBeVisible();
  expect((await loadVocabulary({ db })).attribute("sleeve")).toMatchObject({ facetable: true, searchable: true });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "attributes");

  // Label a value of the text attribute (no product holds one yet): German and English, then French by keyboard.
  await page.getByRole("link", { name: "Wertbezeichnungen (0) von sleeve", exact: true }).click();
  const values = page.getByRole("region", { name: "Werte von sleeve", exact: true });
  await expect(values.getByText("Noch kein Produkt hat einen Wert dieses Attributs")).toBeVisible();
  await values.getByLabel("Wert", { exact: true }).fill("long");
  await values.getByLabel("Deutsch", { exact: true }).fill("Langarm");
  await values.getByLabel("Englisch", { exact: true }).fill("Long sleeve");
  await values.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Die Bezeichnungen von long sind gespeichert." }),
  ).toBeVisible();
  const frenchLong = values.getByLabel("Bezeichnung (Französisch) von long");
  await frenchLong.fill("Manches longues");
  await values.getByRole("button", { name: "long speichern" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "Die Bezeichnungen von long sind gespeichert." }),
  ).toBeVisible();
  await expect(values.getByLabel("Bezeichnung (Französisch) von long")).toHaveValue("Manches longues");
  // The same message as after the first save is on the page already: wait for the database instead.
  await expect
    .poll(async () => (await loadVocabulary({ db })).attribute("sleeve")?.valueLabels)
    .toEqual({ long: { de: "Langarm", fr: "Manches longues", en: "Long sleeve" } });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "attribute-values");

  const audit = await listAudit({ db }, { actorId: staff.staff.id });
  expect(audit.entries.map((e) => e.action)).toEqual(
    expect.arrayContaining([
      "vocabulary.update",
      "vocabulary.add",
      "vocabulary.attribute.add",
      "vocabulary.attribute.update",
      "vocabulary.attribute.value",
    ]),
  );
  await context.close();
});
