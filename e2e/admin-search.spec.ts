import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createDatabase, type Db, listAudit } from "@vitrine/commerce";
import { listSynonyms, rollUpSearchAnalytics, searchDb } from "@vitrine/search";
import { E2E_DATABASE, staffSignedIn } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, newPage } from "./fixtures.ts";

/**
 * Search merchandising in Chromium (issue 21): a shopper's search that finds nothing is recorded, the worker's
 * search-analytics job rolls it up (run here as the roll-up tests run it, with a clock one day ahead, since only
 * finished days are rolled up), the merchandiser finds the query among the searches without results, follows its
 * link to the prefilled synonym form, tries the synonym, adds it, and the shopper's search for that query then
 * finds products. axe on the screens, screenshots at 1440 and 375 px.
 */
const SCREENSHOTS = "test-results/screenshots/admin-search";
const NOTHING = "xqzfummel";
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

test("a merchandiser turns a search without results into a synonym, and the search then finds products", async ({
  browser,
}) => {
  const shopper = await newPage(browser, { width: 1440, height: 900 });
  await shopper.page.goto(`/de/search/?searchTerm=${NOTHING}`);
  await expect(shopper.page.getByRole("heading", { level: 1 })).toHaveText(`Keine Ergebnisse für „${NOTHING}“`);

  // The shop writes its logged searches every second; the worker's job then rolls up the finished day.
  await expect
    .poll(async () =>
      (
        await searchDb(db)
          .selectFrom("search_event")
          .select("results")
          .where("type", "=", "search")
          .where("query", "=", NOTHING)
          .execute()
      ).map((r) => r.results),
    )
    .toContain(0);
  const tomorrow = new Date(Date.now() + 86_400_000);
  const report = await rollUpSearchAnalytics({ db, clock: { now: () => tomorrow } });
  expect(report.days).toContain(new Date().toISOString().slice(0, 10));

  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  const staff = await staffSignedIn(context, "merchandiser");
  await page.goto("/admin/");
  await page.getByRole("navigation", { name: "Back Office" }).getByRole("link", { name: "Suche" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Suche: Auswertung" })).toBeVisible();
  await page.getByRole("combobox", { name: /^Shop/ }).selectOption("de");
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/store=de/);
  const zero = page.getByRole("region", { name: "Suchen ohne Treffer" });
  await expect(zero.getByRole("rowheader", { name: NOTHING })).toBeVisible();
  await expect(page.getByRole("img", { name: /Suchen pro Tag/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "analytics");

  await zero.getByRole("link", { name: `Synonym für „${NOTHING}“ anlegen` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Suche: Synonyme" })).toBeVisible();
  const words = page.getByLabel("Wörter");
  await expect(words).toHaveValue(`${NOTHING}, `);
  await expect(page.locator('select[name="language"]')).toHaveValue("de");
  await words.fill(`${NOTHING}, kleid`);
  await page.getByRole("button", { name: "Ausprobieren" }).click();
  const tried = page.getByRole("region", { name: `„${NOTHING}“ im Shop de` });
  await expect(tried.getByText("Keine Treffer")).toBeVisible();
  await expect(tried.getByText(/^\d+ Treffer$/)).toBeVisible();
  expect(await listSynonyms(db)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "synonyms-try");

  await page.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Synonyme \d+ sind angelegt\./ })).toBeVisible();
  await expect(page.getByRole("cell", { name: `${NOTHING}, kleid` })).toBeVisible();
  await screenshot(page, "synonyms");

  // The shopper's search follows within seconds (the search index and the page cache follow the event feed).
  // (The page without results shows recommended products too: the heading says whether the search found any.)
  await expect
    .poll(
      async () => {
        await shopper.page.goto(`/de/search/?searchTerm=${NOTHING}`);
        return shopper.page.getByRole("heading", { level: 1 }).textContent();
      },
      { timeout: 10_000, intervals: [250] },
    )
    .not.toMatch(/Keine Ergebnisse/);
  await expect(shopper.page.locator("main .product-tile").first()).toBeVisible();

  const audit = await listAudit({ db }, { actorId: staff.staff.id });
  expect(audit.entries.map((e) => e.action)).toEqual(["search.synonym.add"]);
  await context.close();
  await shopper.context.close();
});

test("a merchandiser tries and adds a redirect for a query, and the shopper's search follows it", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  await staffSignedIn(context, "merchandiser");
  // Where search analytics' "add a redirect" link leads.
  await page.goto("/admin/search/rules/?query=Gutscheincode&store=de&kind=redirect");
  await expect(page.getByRole("heading", { level: 1, name: "Suche: Regeln" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Art/ })).toHaveValue("redirect");
  await expect(page.getByRole("textbox", { name: "Suchanfrage", exact: true })).toHaveValue("Gutscheincode");
  await page.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByRole("alert")).toContainText("Ziel, neue Suchanfrage oder Hinweis:");
  await page.getByLabel("Ziel, neue Suchanfrage oder Hinweis").fill("/c/sale/");
  await page.getByRole("button", { name: "Ausprobieren" }).click();
  const tried = page.getByRole("region", { name: "„Gutscheincode“ im Shop de" });
  await expect(tried.getByText("Weiterleitung: /c/sale/")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "rules-try");
  await page.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Regel \d+ ist angelegt\./ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "/c/sale/" })).toBeVisible();
  await screenshot(page, "rules");

  const shopper = await newPage(browser, { width: 1440, height: 900 });
  await expect
    .poll(async () => (await shopper.page.request.get("/de/search/suggest/?plan=1&q=gutscheincode")).json())
    .toEqual({ redirect: "/de/c/sale/" });
  await shopper.context.close();
  await context.close();
});
