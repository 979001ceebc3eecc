import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures.ts";

/**
 * Product page and shop the look in Chromium, in a German and a French store: open a product from a category listing
 * and from a look, switch colour, see a sold-out size refused, pick a size, add to basket, toggle the wishlist, open a
 * look and add all its pieces. Screenshots at 375 px and 1440 px go to test-results/screenshots/.
 */

const SCREENSHOTS = "test-results/screenshots";
const STORES = [
  { code: "de", women: "damen", chooseSize: "Bitte wähle eine Größe.", addAll: "Alle in den Warenkorb" },
  { code: "fr-ch", women: "femmes", chooseSize: "Veuillez choisir une taille.", addAll: "Tout ajouter au panier" },
] as const;

/** First demo product id (packages/demo-data). */
const FIRST_PRODUCT_ID = 1001;
const PRODUCTS_SCANNED = 300;

/**
 * A demo product with several colours, a sold-out size and a size in stock: found by reading product pages, as
 * a shopper would see them.
 */
async function findProduct(request: APIRequestContext, store: string): Promise<string> {
  for (let id = FIRST_PRODUCT_ID; id < FIRST_PRODUCT_ID + PRODUCTS_SCANNED; id++) {
    const response = await request.get(`/${store}/p/${id}/`);
    if (!response.ok()) continue;
    const html = await response.text();
    const swatches = (html.match(/class="swatch"/g) ?? []).length;
    if (swatches >= 2 && html.includes("size size--sold-out") && html.includes("size size--in-stock")) {
      return new URL(response.url()).pathname;
    }
  }
  throw new Error("no demo product with colours, a sold-out size and a size in stock");
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const store of STORES) {
  test.describe(`product page in /${store.code}/`, () => {
    test("open from a listing, switch colour, refuse a sold-out size, add to basket, toggle the wishlist", async ({
      page,
      request,
    }) => {
      // From a category listing: the tile's product opens with its name as the heading.
      await page.goto(`/${store.code}/c/${store.women}/`);
      const tile = page.locator(".product-tile__link").first();
      const tileName = (await tile.locator(".product-tile__name").textContent())?.trim() ?? "";
      await tile.click();
      await expect(page).toHaveURL(new RegExp(`/${store.code}/p/[a-z0-9-]+-\\d+/$`));
      await expect(page.locator("h1.product__name")).toHaveText(tileName);

      // From a look: its pieces lead to their product pages too.
      await page.goto(`/${store.code}/c/outfits/`);
      await page.locator(".outfit-tile__link").first().click();
      await expect(page).toHaveURL(new RegExp(`/${store.code}/p/shop-the-look/[a-z0-9-]+-\\d+/$`));
      const pieceLink = page.locator(".outfit-piece__name a").first();
      const pieceName = (await pieceLink.textContent())?.trim() ?? "";
      await pieceLink.click();
      await expect(page.locator("h1.product__name")).toHaveText(pieceName);

      const path = await findProduct(request, store.code);
      await page.goto(path);
      const name = page.locator("h1.product__name");
      await expect(name).toBeVisible();

      // Switch colour: the other swatch leads to its own page, marked as the current one there.
      const other = page.locator('.swatch:not([aria-current="page"])').first();
      const otherHref = await other.getAttribute("href");
      await other.click();
      await expect(page).toHaveURL(otherHref ?? "");
      await expect(page.locator(`.swatch[href="${otherHref}"]`)).toHaveAttribute("aria-current", "page");
      await page.goBack();
      await expect(page).toHaveURL(path);

      // A sold-out size is shown but cannot be chosen.
      const soldOut = page.locator(".size--sold-out").first();
      await expect(soldOut).toBeVisible();
      await soldOut.click({ force: true });
      await expect(soldOut.locator("input")).toBeDisabled();
      await expect(soldOut.locator("input")).not.toBeChecked();

      // Without a size the page asks for one instead of adding.
      await page.locator(".purchase__add").click();
      await expect(page.locator("#size-error")).toHaveText(store.chooseSize);
      await expect(page).toHaveURL(path);

      // Pick a size: the error goes, the delivery dates are those of the size.
      const inStock = page.locator(".size--in-stock").first();
      await inStock.click();
      await expect(inStock.locator("input")).toBeChecked();
      await expect(page.locator("#size-error")).toHaveCount(0);
      await expect(page.locator(".purchase__delivery")).toBeVisible();

      await page.locator(".purchase__add").click();
      const modal = page.locator("dialog.added-modal");
      await expect(modal).toBeVisible();
      await expect(modal).toContainText((await name.textContent())?.trim() ?? "");
      await modal.locator(".added-modal__close").click();
      await expect(modal).toBeHidden();

      const heart = page.locator(".wishlist-toggle");
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await page.reload();
      await expect(page.locator(".wishlist-toggle")).toHaveAttribute("aria-pressed", "true");

      await screenshot(page, `product-${store.code}`);
    });

    test("open a look, see missing sizes pointed out, add all pieces at once", async ({ page }) => {
      await page.goto(`/${store.code}/c/outfits/`);
      await page.locator(".outfit-tile__link").first().click();
      await expect(page).toHaveURL(new RegExp(`/${store.code}/p/shop-the-look/[a-z0-9-]+-\\d+/$`));
      const selects = page.locator(".outfit-piece select");
      await expect(selects.first()).toBeVisible();
      const pieces = await selects.count();
      expect(pieces).toBeGreaterThan(1);

      await page.getByRole("button", { name: store.addAll }).click();
      await expect(page.locator(".outfit__error")).toBeVisible();
      await expect(page.locator('.outfit-piece select[aria-invalid="true"]').first()).toBeFocused();

      for (let i = 0; i < pieces; i++) {
        const select = selects.nth(i);
        const value = await select
          .locator("option:not([disabled])")
          .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== ""));
        await select.selectOption(value ?? "");
      }
      await expect(page.locator(".outfit__error")).toHaveCount(0);
      await page.getByRole("button", { name: store.addAll }).click();
      await expect(page.locator("dialog.added-modal")).toBeVisible();

      await screenshot(page, `outfit-${store.code}`);
    });
  });
}

test("without JavaScript a size is required, then the product lands in the basket", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const path = await findProduct(request, "de");
  await page.goto(path);
  const name = (await page.locator("h1.product__name").textContent())?.trim() ?? "";
  // The browser itself refuses the form without a size (a required radio group).
  await page.locator(".purchase__add").click();
  await expect(page).toHaveURL(path);
  expect(
    await page
      .locator('input[name="variantId"]')
      .first()
      .evaluate((i) => (i as HTMLInputElement).validity.valid),
  ).toBe(false);
  await page.locator(".size--in-stock").first().click();
  await page.locator(".purchase__add").click();
  await expect(page).toHaveURL(/\/de\/cart\/\?added=/);
  await expect(page.locator("main")).toContainText(name);
  await context.close();
});

test("the product page has no serious or critical accessibility violation", async ({ page, request }) => {
  await page.goto(await findProduct(request, "de"));
  await expectNoSeriousA11yViolations(page);
  await page.locator(".size--in-stock").first().click();
  await page.locator(".gallery__zoom-link").first().click();
  await expect(page.locator("dialog.zoom")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the looks page has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/de/c/outfits/");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "outfits-de");
});
