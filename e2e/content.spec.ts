import { type ConsoleMessage, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures.ts";

/** Content pages in Chromium: the home page per store language, sliders by keyboard and touch, service pages. */

const SHOTS = "test-results/content";

/** Fails the test on script errors and hydration mismatches (the sanitized rich text must hydrate cleanly). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** Scrolls through the page so lazy pictures load, then back to the top. */
async function loadLazyImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(40);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // Pictures further along a slider stay lazy until the slider moves: only those in view must have loaded.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>("main img")]
      .filter((img) => {
        const rect = img.getBoundingClientRect();
        return rect.right > 0 && rect.left < window.innerWidth && !img.classList.contains("product-tile__image--hover");
      })
      .every((img) => img.complete),
  );
}

const HOMES = [
  { store: "de", hero: "Die neue Saison ist da", newIn: "Neu eingetroffen", trending: "Gerade beliebt" },
  { store: "fr-ch", hero: "La nouvelle saison est arrivée", newIn: "Nouveautés", trending: "Tendances du moment" },
  { store: "en", hero: "The new season is here", newIn: "New in", trending: "Trending now" },
];

for (const home of HOMES) {
  test(`the ${home.store} home page shows its blocks`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`/${home.store}/`);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 2, name: home.hero })).toBeVisible();
    await expect(main.locator("[data-block]")).toHaveCount(6);
    expect(
      await main.locator("[data-block]").evaluateAll((els) => els.map((e) => e.getAttribute("data-block"))),
    ).toEqual(["banner", "category_teaser", "product_slider", "story", "product_slider", "call_to_action"]);
    await expect(main.locator(".category-teaser__item")).toHaveCount(4);
    for (const title of [home.newIn, home.trending]) {
      const slider = main.getByRole("region", { name: title });
      await expect(slider.locator(".product-tile").first()).toBeVisible();
      expect(await slider.locator(".product-tile").count()).toBeGreaterThanOrEqual(8);
    }
    // The hero picture is requested at once and with high priority; the tiles wait until they are near.
    const hero = main.locator(".banner__image").first();
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(main.locator(".product-tile__image").first()).toHaveAttribute("loading", "lazy");
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(errors).toEqual([]);
  });
}

test("a product slider works by keyboard", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/de/");
  const track = page.getByRole("region", { name: "Neu eingetroffen" });
  const next = page.getByRole("button", { name: "Weiter" }).first();
  const previous = page.getByRole("button", { name: "Zurück" }).first();
  await expect(next).toBeVisible();
  await expect(previous).toBeDisabled();
  const scrollLeft = () => track.evaluate((el) => el.scrollLeft);

  await track.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(scrollLeft).toBeGreaterThan(100);
  await page.keyboard.press("End");
  await expect(next).toBeDisabled();
  await page.keyboard.press("Home");
  await expect.poll(scrollLeft).toBe(0);
  await expect(previous).toBeDisabled();

  // The buttons are reachable with Tab and page by whole tiles.
  await next.focus();
  await page.keyboard.press("Enter");
  await expect.poll(scrollLeft).toBeGreaterThan(600);
  await expect(previous).toBeEnabled();
  await previous.focus();
  await page.keyboard.press("Space");
  await expect.poll(scrollLeft).toBe(0);

  // Tabbing onto a tile that is out of view scrolls it in.
  const lastLink = track.locator(".product-tile__link").last();
  await lastLink.focus();
  await expect.poll(scrollLeft).toBeGreaterThan(600);
  await expect(lastLink).toBeInViewport();
  expect(errors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("a product slider follows a swipe", async ({ page }) => {
    await page.goto("/de/");
    const track = page.getByRole("region", { name: "Neu eingetroffen" });
    await track.scrollIntoViewIfNeeded();
    const box = await track.boundingBox();
    if (!box) throw new Error("slider not visible");
    // A finger moving from right to left over the track, as Chromium receives it from a touch screen.
    const client = await page.context().newCDPSession(page);
    const x = Math.round(box.x + box.width * 0.8);
    const y = Math.round(box.y + box.height / 3);
    await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step++) {
      await client.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x - step * 25, y }] });
      await page.waitForTimeout(16);
    }
    await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    // Scroll snapping leaves a tile aligned at the start.
    await page.waitForTimeout(600);
    const offset = await track.evaluate((el) => {
      const items = [...el.querySelectorAll<HTMLElement>(".slider__item")];
      const start = el.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(el).scrollPaddingLeft || "0");
      return Math.min(...items.map((item) => Math.abs(item.getBoundingClientRect().left - start)));
    });
    expect(offset).toBeLessThan(4);
  });
});

test("a footer link opens its service page", async ({ page }) => {
  await page.goto("/fr-ch/");
  const link = page.locator("footer").getByRole("link", { name: "Livraison", exact: true });
  await link.click();
  await expect(page).toHaveURL(/\/fr-ch\/s\/livraison\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Livraison" })).toBeVisible();
  await expect(page.locator("main details").first()).toBeVisible();
  await page.locator("main summary").first().click();
  await expect(page.locator("main details").first()).toHaveAttribute("open", "");
});

test("preview mode shows the notice only with the token", async ({ page }) => {
  await page.goto("/en/s/returns/?editor-mode");
  await expect(page.locator(".content-preview")).toHaveCount(0);
  await page.goto("/en/s/returns/?editor-mode&preview-token=e2e-preview-token");
  await expect(page).toHaveURL(/\/en\/s\/returns\/\?editor-mode=$/);
  await expect(page.locator(".content-preview")).toBeVisible();
});

test("no serious accessibility violations on the home page, a service page and a content page", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  for (const path of ["/de/", "/en/s/size-guide/", "/fr-ch/durabilite/"]) {
    await page.goto(path);
    await loadLazyImages(page);
    await expectNoSeriousA11yViolations(page);
  }
  // Rich text, grids and sliders hydrate without a mismatch.
  expect(errors).toEqual([]);
});

test("screenshots at 375 px and 1440 px", async ({ browser }) => {
  test.setTimeout(180_000);
  for (const width of [375, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
    const page = await context.newPage();
    for (const path of ["/de/", "/fr-ch/", "/en/", "/de/s/groessentabelle/", "/en/sustainability/"]) {
      await page.goto(path);
      await loadLazyImages(page);
      const name = path.replace(/^\/|\/$/g, "").replace(/\//g, "-");
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
});
