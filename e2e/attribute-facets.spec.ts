import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  cliActor,
  createDatabase,
  loadProductRecords,
  saveAttributeDefinition,
  writeProductRecords,
} from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";

/**
 * Issue 20: a merchant attribute marked facetable is a filter of the listings. The attributes are written into the
 * running shop's database as the CLI (`vitrine vocabulary attribute sleeve_length --facetable yes …`) would, with values on
 * four products of the women's listing; the shop follows through the event feed. In Chromium, in `de` and `en`:
 * open the facet, select one value then a second, reload, go back (the URL holds the state); without JavaScript
 * the same links work. Screenshots of the listing with the facet open at 1440 and 375 px.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const SHOTS = "test-results/attribute-facets";

/** The facet's disclosure by its name. */
const facet = (page: Page, name: string): Locator =>
  page.locator("details.facet").filter({ has: page.locator("summary", { hasText: new RegExp(`^${name}$`) }) });
const valueLink = (page: Page, facetName: string, label: string): Locator =>
  facet(page, facetName)
    .locator(".facet-value__link")
    .filter({ has: page.locator(".facet-value__label", { hasText: new RegExp(`^${label}$`) }) });
const tileIds = async (page: Page) =>
  (
    await page
      .locator(".listing__grid .product-tile__link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")))
  )
    .map((href) => Number(/-(\d+)\/$/.exec(href ?? "")?.[1]))
    .sort((a, b) => a - b);

let products: number[] = [];

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto("/de/c/damen/");
  const ids = await page
    .locator(".listing__grid .product-tile__link")
    .evaluateAll((links) => links.slice(0, 4).map((a) => Number(/-(\d+)\/$/.exec(a.getAttribute("href") ?? "")?.[1])));
  await page.close();
  products = ids;
  const db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
  try {
    const ctx = testCtx(db, {});
    await saveAttributeDefinition(ctx, cliActor("e2e"), {
      key: "sleeve_length",
      facetable: true,
      labels: { de: "Ärmellänge", fr: "Longueur de manche", en: "Sleeve length" },
    });
    await saveAttributeDefinition(ctx, cliActor("e2e"), {
      key: "lined",
      valueType: "boolean",
      facetable: true,
      labels: { de: "Gefüttert", fr: "Doublé", en: "Lined" },
    });
    const records = await loadProductRecords({ db }, ids);
    await writeProductRecords(
      { db },
      records.map((r) => {
        const i = ids.indexOf(r.id);
        return { ...r, attributes: { sleeve_length: [i < 3 ? "long" : "short"], lined: [i === 0 ? "true" : "false"] } };
      }),
      new Date(),
    );
  } finally {
    await db.destroy();
  }
});

/** Opens the facet (merchant facets come after the built-in ones, closed) once the shop offers it. */
async function openFacet(page: Page, path: string, name: string): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(facet(page, name)).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  if (!(await facet(page, name).evaluate((d) => (d as HTMLDetailsElement).open))) {
    await facet(page, name).locator("summary").click();
  }
}

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // The open facet in view, then the whole page from the top (the sticky header otherwise shows mid-page).
  await facet(page, "Ärmellänge").scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-1440-facet.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.locator(".listing__filter-button").click();
  await facet(page, "Ärmellänge").scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("de: filter the women's listing by sleeve, one value then two; reload and back keep the URL's state", async ({
  page,
}) => {
  await openFacet(page, "/de/c/damen/", "Ärmellänge");
  await expect(facet(page, "Ärmellänge").locator(".facet-value__label")).toHaveText(["long", "short"]);
  await expect(facet(page, "Ärmellänge").locator(".facet-value__count")).toHaveText(["3", "1"]);
  await screenshots(page, "de-women-sleeve");

  await valueLink(page, "Ärmellänge", "long").click();
  await expect(page).toHaveURL(/\/de\/c\/damen\/\?f-sleeve_length=long$/);
  await expect(page.locator(".listing__count")).toHaveText("3 Artikel");
  expect(await tileIds(page)).toEqual(products.slice(0, 3).sort((a, b) => a - b));
  await expect(page.locator(".chip")).toHaveText(["long"]);

  await valueLink(page, "Ärmellänge", "short").click();
  await expect(page).toHaveURL(/\?f-sleeve_length=long,short$/);
  await expect(page.locator(".listing__count")).toHaveText("4 Artikel");
  await page.reload();
  await expect(page.locator(".listing__count")).toHaveText("4 Artikel");
  await expect(facet(page, "Ärmellänge").locator(".facet-value.is-selected")).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(/\?f-sleeve_length=long$/);
  await expect(page.locator(".listing__count")).toHaveText("3 Artikel");
  await expect(facet(page, "Ärmellänge").locator(".facet-value.is-selected .facet-value__label")).toHaveText("long");
});

test("en: filter by a yes/no attribute, shared as a link and opened again", async ({ page }) => {
  await openFacet(page, "/en/c/women/", "Lined");
  await expect(facet(page, "Lined").locator(".facet-value__label")).toHaveText(["Yes", "No"]);
  await valueLink(page, "Lined", "Yes").click();
  await expect(page).toHaveURL(/\/en\/c\/women\/\?f-lined=Yes$/);
  // The address changes as the navigation starts: the filtered listing is there once its count says so.
  await expect(page.locator(".listing__count")).toHaveText("1 item");
  expect(await tileIds(page)).toEqual([products[0]]);
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.locator(".listing__count")).toHaveText("1 item");
  await other.close();
});

test("without JavaScript: the facet's values are links that filter", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await openFacet(page, "/de/c/damen/", "Ärmellänge");
  await valueLink(page, "Ärmellänge", "short").click();
  await expect(page).toHaveURL(/\?f-sleeve_length=short$/);
  expect(await tileIds(page)).toEqual([products[3]]);
  await context.close();
});
