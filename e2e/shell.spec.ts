import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createDatabase, type Db } from "@vitrine/commerce";
import { addToBasketByApi, expectNoSeriousA11yViolations, hydrated, newPage, purchasableVariants } from "./fixtures.ts";

/**
 * The storefront shell in Chromium: store detection, store switcher, mega menu and drawer (pointer and
 * keyboard), the 404 page and its home button, scroll behaviour, build check, prefetch, store finder,
 * screenshots at 375 px and 1440 px, axe on the home and 404 pages.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };
const SHOTS = "test-results/shell-screens";

/** Console errors that mean the page is broken (hydration mismatches, uncaught errors). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** Marks the current document: the mark survives client navigations and is gone after a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __shellMark: boolean }).__shellMark = true;
  });
}
/** Undefined while a full page load replaces the document (its scripts cannot be asked then): poll again. */
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shellMark?: boolean }).__shellMark === true).catch(() => undefined);

test("lands in the store of the browser language, switches to fr-ch, opens a category from the menu, sees the 404", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, DESKTOP, "en-GB");
  const errors = watchErrors(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/en\/$/);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-page-type", "home");

  await page.locator('.store-switcher a[data-store="fr-ch"]').click();
  await expect(page).toHaveURL(/\/fr-ch\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CH");
  await expect(page.locator(".header__actions")).toContainText("Panier");
  // The store cookie comes with the personal data, fetched after the page loaded.
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "vitrine_store")?.value).toBe("fr-ch");

  const menu = page.getByRole("navigation", { name: "Catégories" });
  await menu.getByRole("link", { name: "Femmes", exact: true }).hover();
  const panel = page.locator("#nav-panel-100");
  await expect(panel).toBeVisible();
  await markDocument(page);
  await panel.getByRole("link", { name: "Robes", exact: true }).click();
  await expect(page).toHaveURL(/\/fr-ch\/c\/femmes\/vetements\/robes\/$/);
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-page-type", "product_list");
  expect(await isSameDocument(page)).toBe(true); // a client navigation
  await expect(panel).toBeHidden(); // the panel closed behind the click

  const response = await page.goto("/fr-ch/nexiste-pas/");
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Oups !");
  await expect(page.locator(".error-screen__title")).toHaveText("Page introuvable");
  await expect
    .poll(() => page.locator(".error-screen__picture img").evaluate((img: HTMLImageElement) => img.currentSrc))
    .toContain("/images/error/large.svg");
  // A guest goes home by a full page load.
  await markDocument(page);
  await page.getByRole("link", { name: "Retour à l’accueil" }).click();
  await expect(page).toHaveURL(/\/fr-ch\/$/);
  await expect.poll(() => isSameDocument(page)).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});

test("mega menu by keyboard: the disclosure button opens a panel, Escape closes it and returns focus", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, DESKTOP);
  await page.goto("/de/");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Unterkategorien von Damen" });
  await page.getByRole("link", { name: "Damen", exact: true }).first().focus();
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator("#nav-panel-100");
  await expect(panel).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: "Bekleidung", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await context.close();
});

test("the drawer on a phone: opens, expands a category, closes with Escape, navigates", async ({ browser }) => {
  const { context, page } = await newPage(browser, PHONE);
  const errors = watchErrors(page);
  await page.goto("/de/");
  await hydrated(page);
  const menuButton = page.getByRole("button", { name: "Menü öffnen" });
  const drawer = page.locator("#navigation");
  await expect(drawer).toBeHidden();
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await expect(page.getByRole("button", { name: "Menü schließen" })).toBeFocused();
  await expect(page.locator("#main")).toHaveAttribute("inert", "");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  // The menu button answers the Space key like a button.
  await page.keyboard.press(" ");
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await menuButton.click();
  const toggle = page.getByRole("button", { name: "Unterkategorien von Damen" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#nav-panel-100")).toBeVisible();
  await page.waitForTimeout(300); // the slide-in transition
  await page.screenshot({ path: `${SHOTS}/375-drawer.png` });
  await page.locator("#nav-panel-100").getByRole("link", { name: "Kleider", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/c\/damen\/bekleidung\/kleider\/$/);
  await expect(drawer).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

test("scroll: category to category restores the stored position minus 158 px, other navigations go to the top", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, DESKTOP);
  // The position is what is checked here, not the smooth animation towards it: with reduced motion the shop
  // scrolls at once, so a busy machine's slow animation frames cannot leave the reading half-way.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/de/c/damen/");
  await hydrated(page);
  // The category pages are short placeholders until the listing lands: make the layout tall (its element stays
  // through client navigations; the sticky header sticks within it).
  // The browser's scroll anchoring is switched off: on a busy machine a late layout change above the viewport
  // moved the stored position (1632 instead of 1500) by the browser's own adjustment, not by the shop's.
  await page.evaluate(() => {
    (document.querySelector(".shop-layout") as HTMLElement).style.minHeight = "6000px";
    document.documentElement.style.overflowAnchor = "none";
  });
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
  // The page's position is stored as it scrolls. Twice in CI runs the page ended 132 px further than scrolled to
  // (stored 1632: something on the busy machine moved it, not the shop's scroll code), so the check is that the
  // stored value is where the page is, and that the return restores that value minus 158 px.
  const stored = () => page.evaluate(() => Number(sessionStorage.getItem("vitrine:scroll:/de/c/damen/")));
  await expect.poll(async () => (await stored()) - (await page.evaluate(() => Math.round(window.scrollY)))).toBe(0);
  expect(await stored()).toBeGreaterThanOrEqual(1500);
  const nav = page.getByRole("navigation", { name: "Kategorien" });
  await nav.getByRole("link", { name: "Herren", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/c\/herren\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Read once the page was left: from now on nothing writes the Damen position.
  const position = await stored();
  await nav.getByRole("link", { name: "Damen", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/c\/damen\/$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(position - 158);
  // Category to the store finder: top.
  await page.getByRole("link", { name: "Filialen" }).first().click();
  await expect(page).toHaveURL(/\/de\/location\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await context.close();
});

test("build check: after a newer build is announced the next route change is a full page load", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  await page.goto("/de/");
  await hydrated(page);
  let checks = 0;
  await page.route("**/builds/latest.json", (route) => {
    checks++;
    return route.fulfill({ json: { id: "99991231235959" } });
  });
  await markDocument(page);
  const nav = page.getByRole("navigation", { name: "Kategorien" });
  await nav.getByRole("link", { name: "Herren", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/c\/herren\/$/);
  await expect.poll(() => checks).toBe(1);
  expect(await isSameDocument(page)).toBe(true);
  await nav.getByRole("link", { name: "Kinder", exact: true }).click();
  await expect(page).toHaveURL(/\/de\/c\/kinder\/$/);
  await expect.poll(() => isSameDocument(page)).toBe(false);
  await context.close();
});

test("route prefetch on intent, skipped when the browser asks to save data", async ({ browser }) => {
  const isDataRequest = (url: string) => url.includes("/de/c/herren") && url.includes(".data");
  const { context, page } = await newPage(browser, DESKTOP);
  await page.goto("/de/");
  await hydrated(page);
  const prefetched = page.waitForRequest((request) => isDataRequest(request.url()), { timeout: 5000 });
  await page.getByRole("navigation", { name: "Kategorien" }).getByRole("link", { name: "Herren", exact: true }).hover();
  await prefetched;
  await context.close();

  const saver = await newPage(browser, DESKTOP);
  await saver.page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
  });
  await saver.page.goto("/de/");
  await hydrated(saver.page);
  const requests: string[] = [];
  saver.page.on("request", (request) => requests.push(request.url()));
  await saver.page
    .getByRole("navigation", { name: "Kategorien" })
    .getByRole("link", { name: "Herren", exact: true })
    .hover();
  await saver.page.waitForTimeout(1000);
  expect(requests.filter(isDataRequest)).toEqual([]);
  await saver.context.close();
});

test("store finder: search by city and postcode, server-rendered", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  await page.goto("/de/location/");
  await hydrated(page);
  await expect(page.locator(".store-card")).toHaveCount(18);
  await page.getByLabel("Filiale suchen nach Stadt oder Postleitzahl").fill("Wien");
  await page.getByRole("button", { name: "Suchen", exact: true }).last().click();
  await expect(page).toHaveURL(/\/de\/location\/\?q=Wien$/);
  await expect(page.locator(".store-card")).toHaveCount(1);
  await expect(page.locator(".store-card__name")).toHaveText("Vitrine Wien");
  await page.locator(".store-card__hours summary").click();
  await expect(page.locator(".store-card__hours tr")).toHaveCount(7);
  await context.close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`screenshots at ${viewport.width} px and no serious accessibility violations on the home and 404 pages`, async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, viewport);
    const errors = watchErrors(page);
    await page.goto("/de/");
    await hydrated(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/${viewport.width}-home.png`, fullPage: true });
    if (viewport.width >= 1024) {
      await page
        .getByRole("navigation", { name: "Kategorien" })
        .getByRole("link", { name: "Damen", exact: true })
        .hover();
      await expect(page.locator("#nav-panel-100")).toBeVisible();
      await page.waitForTimeout(250);
      await page.screenshot({ path: `${SHOTS}/${viewport.width}-mega-menu.png` });
      await page.mouse.move(5, 600);
    }
    const response = await page.goto("/de/gibt-es-nicht/");
    expect(response?.status()).toBe(404);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/${viewport.width}-404.png`, fullPage: true });
    await page.goto("/fr-ch/location/");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/${viewport.width}-store-finder.png`, fullPage: true });
    await page.goto("/en/s/shipping/");
    await page.screenshot({ path: `${SHOTS}/${viewport.width}-footer.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
}

test.describe("the shell's static navigation", () => {
  const port = Number(process.env.E2E_PORT ?? 3210);
  let db: Db;
  test.beforeAll(() => {
    db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
  });
  test.afterAll(async () => {
    await db?.destroy();
  });

  test("after a first load of the checkout: the shop's menu and footer work on the way back, and again after it", async ({
    browser,
  }) => {
    // From the middle of the list: the checkout journeys buy from either end.
    const variants = await purchasableVariants(db, { order: "asc", stockedOnly: true });
    const variantId = variants[Math.floor(variants.length / 2)] as number;
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = watchErrors(page);
    await addToBasketByApi(page, { code: "de", shopId: 10028 }, variantId);

    // The checkout's slim shell has neither the menu nor the footer: its page brings the categories as data.
    await page.goto("/de/checkout/");
    await page.locator("main[data-ready]").waitFor({ state: "attached" });
    await expect(page.locator("#navigation")).toHaveCount(0);
    await markDocument(page);
    await page.locator(".checkout-header__logo").click();
    await expect(page).toHaveURL(/\/de\/$/);
    const toggle = page.getByRole("button", { name: "Unterkategorien von Damen" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.locator("#nav-panel-100").getByRole("link", { name: "Kleider", exact: true }).click();
    await expect(page).toHaveURL(/\/de\/c\/damen\/bekleidung\/kleider\/$/);
    await expect(page.locator("#nav-panel-100")).toBeHidden();
    await page.locator("#navigation").getByRole("link", { name: "Damen", exact: true }).click();
    await expect(page).toHaveURL(/\/de\/c\/damen\/$/);
    await expect(page.locator("#navigation").getByRole("link", { name: "Damen", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.locator("footer").getByRole("link", { name: "Sendungsverfolgung" }).click();
    await expect(page).toHaveURL(/\/de\/order-trackform\/$/);
    expect(await isSameDocument(page)).toBe(true);

    // A first load with the static menu, on to the checkout and back (client navigations): the menu comes back
    // as the document had it, and follows the page.
    await page.goto("/de/c/damen/");
    await hydrated(page);
    await expect(page.locator("#shell-nav-items")).toHaveAttribute("data-store", "de");
    await markDocument(page);
    await page
      .locator(".header")
      .getByRole("link", { name: /Warenkorb/ })
      .click();
    await expect(page).toHaveURL(/\/de\/cart\/$/);
    await page.locator(".basket-summary").getByRole("link", { name: "Zur Kasse" }).click();
    await expect(page).toHaveURL(/\/de\/checkout\/$/);
    await expect(page.locator("#navigation")).toHaveCount(0);
    await page.locator(".checkout-header__logo").click();
    await expect(page).toHaveURL(/\/de\/$/);
    const damen = page.locator("#navigation").getByRole("link", { name: "Damen", exact: true });
    await expect(damen).not.toHaveAttribute("aria-current", "page");
    await toggle.click();
    await expect(page.locator("#nav-panel-100")).toBeVisible();
    await page.locator("#nav-panel-100").getByRole("link", { name: "Kleider", exact: true }).click();
    await expect(page).toHaveURL(/\/de\/c\/damen\/bekleidung\/kleider\/$/);
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
