import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createDatabase, type Db, loadConfig, quoteIdent } from "@vitrine/commerce";
import { formatMoney } from "@vitrine/commerce/money";
import { createTestStaff } from "@vitrine/commerce/staff-testing";
import { sql } from "kysely";
import { freePort, type ServerProcess, startServer, stopServer } from "../apps/storefront/test/server-launch.ts";
import { testPicture } from "../packages/commerce/src/media/test-pictures.ts";
import { addStaffCookie } from "./admin-fixtures.ts";
import { newPage } from "./fixtures.ts";

/**
 * Back office II, done when (issue 21): with the shop running as two processes on one database (PostgreSQL when
 * DATABASE_URL names one, as CI runs this file; else one SQLite file), a merchandiser working on process A uploads
 * a photo for a product, changes its price for the ch store and publishes a new home-page banner; a shopper's
 * browser on process B (another context) sees the new image (AVIF served), the price and the banner within 2 s of
 * each change. B learns of every change only through the event feed. Both processes share one data folder (one
 * machine: its media store on disk).
 */
const url = process.env.DATABASE_URL ?? "";
const isPostgres = /^postgres/.test(url);
const WITHIN_MS = 2000;
const BANNER = "Zwei Prozesse, ein Schaufenster";

const dataDir = mkdtempSync(join(tmpdir(), "vitrine-e2e-two-"));
const schema = `vt_e2e_two_${process.pid}_${randomBytes(3).toString("hex")}`;
const servers: ServerProcess[] = [];
let db: Db;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VITRINE_DATA_DIR: dataDir,
    ...(isPostgres ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : { DATABASE_URL: "" }),
    DEMO_PRODUCTS: "300",
    VITRINE_SECRET: randomBytes(24).toString("base64url"),
    LOG_LEVEL: "warn",
  };
  // A migrates and loads the demo catalogue; B starts on the same database afterwards.
  servers.push(await startServer(await freePort(), env, 170_000));
  servers.push(await startServer(await freePort(), env, 170_000));
  db = isPostgres
    ? createDatabase({ url, schema, poolSize: 2 })
    : createDatabase({ url: join(dataDir, "vitrine.sqlite") });
});

test.afterAll(async () => {
  for (const server of servers) await stopServer(server);
  await db?.destroy();
  if (isPostgres) {
    const admin = createDatabase({ url, poolSize: 1 });
    await sql.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).execute(admin);
    await admin.destroy();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Polls `check` as a shopper's browser on B would ask, and expects a request sent within 2 s of `since` to pass. */
async function seenWithin(since: number, check: () => Promise<void>): Promise<number> {
  let askedAfter = Number.POSITIVE_INFINITY;
  await expect(async () => {
    const asked = Date.now();
    await check();
    askedAfter = asked - since;
  }).toPass({ timeout: 15_000, intervals: [100, 100, 200] });
  expect(askedAfter, "asked within 2 s of the change").toBeLessThan(WITHIN_MS);
  return askedAfter;
}

async function signedIn(context: BrowserContext): Promise<void> {
  const staff = await createTestStaff(
    { db, clock: { now: () => new Date() }, config: loadConfig({}) },
    { role: "merchandiser" },
  );
  await addStaffCookie(context, staff.sessionToken);
}

async function html(page: Page, path: string): Promise<string> {
  const answer = await page.request.get(path);
  expect(answer.status()).toBe(200);
  return answer.text();
}

test("a merchandiser on process A changes photo, ch price and banner; a shopper on B sees each within 2 s", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [a, b] = servers as [ServerProcess, ServerProcess];
  // A product sold in the ch store with one CHF price for all its sizes and no reduction there.
  const rows = await db
    .selectFrom("product as p")
    .innerJoin("variant as v", "v.product_id", "p.id")
    .innerJoin("variant_price as vp", (j) => j.onRef("vp.variant_id", "=", "v.id").on("vp.price_zone", "=", "CH"))
    .select(["p.id", "vp.list_price", "vp.sale_price"])
    .orderBy("p.id")
    .execute();
  const byProduct = Map.groupBy(rows, (r) => r.id);
  const [productId, prices] = [...byProduct].find(([, ps]) =>
    ps.every((p) => p.sale_price === null && p.list_price === ps[0]?.list_price),
  ) ?? [0, []];
  expect(productId, "a product with one CHF price").toBeGreaterThan(0);
  const chf = prices[0]?.list_price as number;

  const merchandiser = await newPage(browser, { width: 1440, height: 900 });
  await signedIn(merchandiser.context);
  const page = merchandiser.page;
  const shopper = await newPage(browser, { width: 1440, height: 900 }, "de-CH");
  await shopper.page.goto(`${b.base}/ch/p/${productId}/`);
  await expect(shopper.page.locator(".product__info")).toBeVisible();

  // 1. A photo, uploaded on A with the file picker and moved to the front.
  await page.goto(`${a.base}/admin/products/${productId}/images/`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`(#${productId})`);
  const before = await page.locator(".admin-images__item").count();
  await page.getByLabel(/Fotos hier ablegen/).setInputFiles({
    name: "zwei-prozesse.jpg",
    mimeType: "image/jpeg",
    buffer: await testPicture("jpeg", 600, 800),
  });
  await page.getByLabel("Deutsch", { exact: true }).first().fill("Foto aus Prozess A");
  await page.getByRole("button", { name: "Hochladen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 Foto hinzugefügt." })).toBeVisible();
  await expect(page.locator(".admin-images__item")).toHaveCount(before + 1);
  await page.getByRole("button", { name: `Bild ${before + 1} nach oben` }).focus();
  for (let position = before + 1; position > 1; position--) {
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Reihenfolge gespeichert." })).toBeVisible();
    // The focus moves with the picture: the next press moves it again.
    await expect(
      page.getByRole("button", { name: `Bild ${position - 1} nach ${position > 2 ? "oben" : "unten"}` }),
    ).toBeFocused();
  }
  const moved = Date.now();
  const path = (await page.locator(".admin-images__item").first().getAttribute("data-path")) as string;
  expect(path).toMatch(/^media\/[0-9a-f]{20}-600x800$/);
  await seenWithin(moved, async () => {
    expect(await html(shopper.page, `${b.base}/ch/p/${productId}/`)).toContain(`/images/${path}/`);
  });
  // B serves the picture as AVIF.
  const avif = shopper.page.waitForResponse((r) => r.url().includes(`/images/${path}/`) && r.url().endsWith(".avif"));
  await shopper.page.goto(`${b.base}/ch/p/${productId}/`);
  const response = await avif;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/avif");
  await expect(shopper.page.locator(".gallery__slide").first().locator("img")).toHaveAttribute(
    "alt",
    "Foto aus Prozess A",
  );

  // 2. The CHF price of every size, in the product editor on A.
  await page.goto(`${a.base}/admin/products/${productId}/`);
  const listInputs = page.getByLabel(/^Listenpreis der Größe .*, Zone CH$/);
  const count = await listInputs.count();
  expect(count).toBeGreaterThan(0);
  const newPrice = chf + 700;
  const typed = `${Math.floor(newPrice / 100)}.${String(newPrice % 100).padStart(2, "0")}`;
  for (let i = 0; i < count; i++) await listInputs.nth(i).fill(typed);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Gespeichert." })).toBeVisible();
  const priced = Date.now();
  const shown = formatMoney(newPrice, { locale: "de-CH", currency: "CHF" });
  await seenWithin(priced, async () => {
    expect(await html(shopper.page, `${b.base}/ch/p/${productId}/`)).toContain(`class="price__current">${shown}<`);
  });
  await shopper.page.goto(`${b.base}/ch/p/${productId}/`);
  await expect(shopper.page.locator(".product__info .price__current").first()).toHaveText(shown);

  // 3. A banner on top of the home page, published on A.
  await page.goto(`${a.base}/admin/content/`);
  await page
    .getByRole("row", { name: /Startseite/ })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 2, name: /Blöcke/ })).toBeVisible();
  const blocks = await page.locator("fieldset.admin-marketing__block").count();
  await page.getByLabel("Neuer Block").selectOption("banner");
  await page.getByRole("button", { name: "Block hinzufügen" }).click();
  await expect(page.locator("fieldset.admin-marketing__block")).toHaveCount(blocks + 1);
  const block = page.locator("fieldset.admin-marketing__block").last();
  await block.getByLabel(`Titel von Block ${blocks + 1}`, { exact: true }).fill(BANNER);
  await block.getByLabel(`Text von Block ${blocks + 1}`, { exact: true }).fill("Gesehen auf dem anderen Prozess.");
  await block.getByLabel(`Linkziel von Block ${blocks + 1}`).fill("/c/sale/");
  await block.getByLabel(`Linktext von Block ${blocks + 1}`).fill("Zum Sale");
  // Only for the Swiss store: the German and Austrian stores share the page but not this banner.
  const shownIn = block.getByRole("group", { name: `Block ${blocks + 1} zeigen in` });
  await shownIn.getByLabel("Deutschland").uncheck();
  await shownIn.getByLabel("Österreich").uncheck();
  await page.getByRole("button", { name: "Veröffentlichen" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Als Version \d+ veröffentlicht/ })).toBeVisible();
  const published = Date.now();
  await seenWithin(published, async () => {
    expect(await html(shopper.page, `${b.base}/ch/`)).toContain(BANNER);
  });
  await shopper.page.goto(`${b.base}/ch/`);
  await expect(shopper.page.getByRole("heading", { name: BANNER })).toBeVisible();
  expect(await html(shopper.page, `${b.base}/de/`)).not.toContain(BANNER);
  expect(await html(shopper.page, `${b.base}/at/`)).not.toContain(BANNER);
  // The editor after publishing: the banner still ticked for the Swiss store only.
  const published2 = page.locator("fieldset.admin-marketing__block").last();
  await expect(published2.getByLabel("Schweiz (Deutsch)")).toBeChecked();
  await expect(published2.getByLabel("Deutschland")).not.toBeChecked();
  await published2.screenshot({ path: "test-results/screenshots/two-processes/banner-block.png" });
  await shopper.page.screenshot({ path: "test-results/screenshots/two-processes/ch-home.png" });

  await shopper.context.close();
  await merchandiser.context.close();
});
