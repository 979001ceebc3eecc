import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { expectNoSeriousA11yViolations } from "./fixtures.ts";

/**
 * Basket and wishlist in Chromium, in a German and a French-Swiss store, with and without JavaScript: add two
 * products (from the wishlist, in a chosen size), change a quantity until 3 for 2 on socks applies, remove one,
 * move one to the wishlist and back to the basket. axe on the basket and the wishlist; screenshots at 375 and 1440 px.
 */

const STORES = ["de", "fr-ch"] as const;
/** Each step waits for a server round trip (and the page's revalidation): give a busy machine time. */
const expect = baseExpect.configure({ timeout: 20_000 });
const SCREENSHOTS = "test-results/basket";
const port = Number(process.env.E2E_PORT ?? 3210);

interface DemoProducts {
  /** Socks (3 for 2) with a size that has plenty of stock. */
  socks: { productId: number; variantId: number };
  /** Another product, not in a promotion, with a size in stock. */
  other: { productId: number; variantId: number };
}

/** Reads two suitable products from the shop's database (the demo catalogue the test server loaded). */
function demoProducts(): DemoProducts {
  const db = new Database(join("test-results", `e2e-data-${port}`, "vitrine.sqlite"), { readonly: true });
  try {
    const pick = (where: string) =>
      db
        .prepare(
          `select p.id as productId, v.id as variantId from product p join variant v on v.product_id = p.id
           join variant_price ch on ch.variant_id = v.id and ch.price_zone = 'CH'
           join variant_price de on de.variant_id = v.id and de.price_zone = 'DE'
           where v.stock_quantity >= 10 and ${where} order by p.id, v.position limit 1`,
        )
        .get() as { productId: number; variantId: number };
    return {
      socks: pick("p.product_type = 'socks'"),
      other: pick("p.product_type in ('sweater', 'shirt', 'blouse') and p.promotion_id is null"),
    };
  } finally {
    db.close();
  }
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Puts a product on the wishlist the way the heart on a product page does without JavaScript (a form post to
 * the wishlist's action), so this journey does not depend on the product page's markup.
 */
async function saveToWishlist(page: Page, store: string, productId: number): Promise<void> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === "vitrine_csrf")?.value ?? "";
  const response = await page.request.post(`/${store}/wishlist/`, {
    form: { intent: "add", productId: String(productId), csrf },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

/** Adds a product from the wishlist: choose its size, press "add to basket". */
async function addFromWishlist(page: Page, store: string, product: { productId: number; variantId: number }) {
  await page.goto(`/${store}/wishlist/`);
  const card = page.locator(`[data-testid="wishlist-item"][data-product-id="${product.productId}"]`);
  await card.getByTestId("wishlist-size").selectOption(String(product.variantId));
  await card.locator("button.basket-button").click();
  // With the basket's script the added-to-basket modal opens; the page form lands on the basket instead.
  const modal = page.locator("dialog.added-modal[open]");
  await expect(modal.or(page.locator(".basket-notice--success"))).toBeVisible();
  if (await modal.isVisible()) await page.keyboard.press("Escape");
}

function row(page: Page, variantId: number) {
  return page.locator(`[data-testid="basket-item"][data-variant-id="${variantId}"]`);
}

async function journey(browser: Browser, store: string, javaScript: boolean): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const { socks, other } = demoProducts();
  const suffix = `${store}-${javaScript ? "js" : "nojs"}`;

  // axe runs in the page: it checks the pages with JavaScript (the markup is the same without).
  const axe = javaScript ? expectNoSeriousA11yViolations : async () => {};
  await page.goto(`/${store}/cart/`);
  await expect(page.locator(".basket-empty")).toBeVisible();
  await axe(page);

  // Add two products (kept on the wishlist, chosen in a size there).
  await saveToWishlist(page, store, socks.productId);
  await saveToWishlist(page, store, other.productId);
  await addFromWishlist(page, store, socks);
  await addFromWishlist(page, store, other);
  await page.goto(`/${store}/cart/`);
  await expect(page.locator('[data-testid="basket-item"]')).toHaveCount(2);
  await expect(page.locator(".header-action__count").last()).toHaveText("2");
  const promotion = page.locator('[data-promotion="socks-3-for-2"]');
  await expect(promotion).toBeVisible();
  await expect(promotion).not.toHaveClass(/basket-promotion--applied/);
  const totalBefore = await page.getByTestId("basket-total").textContent();

  // Change the quantity of the socks to 3: buy 2, get 1 free applies on the server.
  const quantity = row(page, socks.variantId).getByTestId("basket-quantity");
  await quantity.selectOption("3");
  if (!javaScript) await row(page, socks.variantId).locator('button[type="submit"]').first().click();
  await expect(quantity).toHaveValue("3");
  await expect(promotion).toHaveClass(/basket-promotion--applied/);
  await expect(page.getByTestId("basket-total")).not.toHaveText(totalBefore ?? "");
  await expect(page.locator(".header-action__count").last()).toHaveText("4");
  await expect(row(page, socks.variantId).locator(".basket-item__reductions")).toBeVisible();
  await axe(page);
  await screenshot(page, `cart-${suffix}`);

  // Remove the other product.
  await row(page, other.variantId).locator('button[name="intent"][value="remove"]').click();
  await expect(row(page, other.variantId)).toHaveCount(0);
  await expect(page.locator('[data-testid="basket-item"]')).toHaveCount(1);

  // Move the socks to the wishlist: the basket is empty, the wishlist has them.
  await row(page, socks.variantId).locator('button[name="intent"][value="wishlist"]').click();
  await expect(page.locator(".basket-empty")).toBeVisible();
  await expect(page.locator(".header-action__count")).toHaveCount(1);
  await page.goto(`/${store}/wishlist/`);
  const card = page.locator(`[data-testid="wishlist-item"][data-product-id="${socks.productId}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("wishlist-size")).toHaveValue(String(socks.variantId));
  await axe(page);
  await screenshot(page, `wishlist-${suffix}`);

  // And back into the basket.
  await card.locator('button[type="submit"].basket-button').click();
  if (javaScript) {
    const modal = page.locator("dialog.added-modal[open]");
    await expect(modal).toBeVisible();
    await expect(modal.locator(".added-modal__name")).not.toBeEmpty();
    await expect(page.locator(".header-action__count").last()).toHaveText("1");
    await screenshot(page, `modal-${suffix}`);
    await modal.locator('a[href$="/cart/"]').click();
  }
  await expect(page).toHaveURL(new RegExp(`/${store}/cart/`));
  await expect(row(page, socks.variantId)).toBeVisible();
  await expect(page.locator(".header-action__count").last()).toHaveText("1");
  await context.close();
}

for (const store of STORES) {
  test.describe(`basket and wishlist in /${store}/`, () => {
    // A long journey with axe runs and screenshots at two widths.
    test.setTimeout(150_000);
    test("with JavaScript", async ({ browser }) => {
      await journey(browser, store, true);
    });
    test("without JavaScript", async ({ browser }) => {
      await journey(browser, store, false);
    });
  });
}

test("the empty wishlist passes axe", async ({ page }) => {
  await page.goto("/de/wishlist/");
  await expect(page.locator(".basket-empty")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
