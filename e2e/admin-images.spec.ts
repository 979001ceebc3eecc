import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createDatabase, type Db, listAudit } from "@vitrine/commerce";
import { testPicture } from "../packages/commerce/src/media/test-pictures.ts";
import { E2E_DATABASE, staffSignedIn } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, newPage } from "./fixtures.ts";

/**
 * Product pictures in Chromium (issue 21, item 2): a merchandiser finds a product, uploads a photo with the file
 * picker and another by dropping it on the upload area, gives it a German alt text, moves it to the front by
 * keyboard; a shopper's browser (another context) sees the photo on the product page as AVIF within seconds.
 * axe on the screen, screenshots at 1440 and 375 px.
 */
const SCREENSHOTS = "test-results/screenshots/admin-images";
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

test("a merchandiser uploads a photo; a shopper sees it on the product page as AVIF", async ({ browser }) => {
  const row = await db.selectFrom("product").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  const product = row.id;
  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  const staff = await staffSignedIn(context, "merchandiser");

  await page.goto("/admin/media/");
  await page.getByLabel("Produktnummer").fill(String(product));
  await page.getByRole("button", { name: "Bilder öffnen" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${product}/images/$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`(#${product})`);
  const before = await page.locator(".admin-images__item").count();
  expect(before).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // The file picker, with the alt text for the upload.
  await page.getByLabel(/Fotos hier ablegen/).setInputFiles({
    name: "mantel.jpg",
    mimeType: "image/jpeg",
    buffer: await testPicture("jpeg", 900, 1200),
  });
  await page.getByLabel("Deutsch", { exact: true }).first().fill("Mantel in Sonnengelb, von vorn");
  await page.getByRole("button", { name: "Hochladen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 Foto hinzugefügt." })).toBeVisible();
  await expect(page.locator(".admin-images__item")).toHaveCount(before + 1);

  // Dropping a file on the upload area puts it in the picker; a text file is refused with its name.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["not a picture"], "notiz.png", { type: "image/png" }));
    return transfer;
  });
  await page.locator(".admin-images__drop").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByText("1 Datei gewählt: notiz.png")).toBeVisible();
  await page.getByRole("button", { name: "Hochladen" }).click();
  await expect(page.getByRole("alert")).toContainText("notiz.png: Das ist kein Bild");
  await expect(page.locator(".admin-images__item")).toHaveCount(before + 1);
  await screenshot(page, "uploaded");

  // To the front by keyboard: the focus stays on the moved picture's button.
  const last = before + 1;
  await page.getByRole("button", { name: `Bild ${last} nach oben` }).focus();
  for (let position = last; position > 1; position--) {
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Reihenfolge gespeichert." })).toBeVisible();
    await expect(
      page.getByRole("button", { name: `Bild ${position - 1} nach ${position > 2 ? "oben" : "unten"}` }),
    ).toBeFocused();
  }
  const first = page.locator(".admin-images__item").first();
  await expect(first).toContainText("Hauptbild");
  await expect(first.getByLabel("Alternativtext (Deutsch) von Bild 1")).toHaveValue("Mantel in Sonnengelb, von vorn");
  const path = (await first.getAttribute("data-path")) as string;
  expect(path).toMatch(/^media\/[0-9a-f]{20}-900x1200$/);
  await screenshot(page, "front");
  const audit = await listAudit({ db }, { subjectType: "product", subjectId: product });
  expect(audit.entries[0]).toMatchObject({ action: "product.images.move", actor: { id: staff.staff.id } });

  // Another browser: the product page shows the upload first, as AVIF, at its aspect ratio.
  const shopper = await newPage(browser, { width: 1440, height: 900 });
  const avif = shopper.page.waitForResponse((r) => r.url().includes(`/images/${path}/`) && r.url().endsWith(".avif"));
  await expect
    .poll(
      async () => {
        await shopper.page.goto(`/de/p/${product}/`);
        return shopper.page.locator(".gallery__slide").first().locator("source[type='image/avif']").count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  const response = await avif;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/avif");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const image = shopper.page.locator(".gallery__slide").first().locator("img");
  await expect(image).toHaveAttribute("alt", "Mantel in Sonnengelb, von vorn");
  await expect(image).toHaveAttribute("width", "720");
  await expect(image).toHaveAttribute("height", "960");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await shopper.page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await shopper.page.screenshot({ path: `${SCREENSHOTS}/product-${width}.png` });
  }
  await shopper.context.close();
  await context.close();
});
