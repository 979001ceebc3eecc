import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createDatabase, type Db } from "@vitrine/commerce";
import { staffSignedIn } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, purchasableVariants } from "./fixtures.ts";

/**
 * Payments without provider keys (the e2e server's default): the shop pays card orders through the built-in
 * sandbox, says so on the payment page, and the back office shows the order's payment (provider, amounts,
 * history) and that the shop is in test mode.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const SCREENSHOTS = "test-results/payments";
test.describe.configure({ timeout: 180_000 });
let db: Db;
const variants: number[] = [];

test.beforeAll(async () => {
  db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
  variants.push(...(await purchasableVariants(db, { order: "asc" })));
});
test.afterAll(async () => {
  await db?.destroy();
});

async function ready(page: Page) {
  await page.locator("main[data-ready]").waitFor({ state: "attached" });
}

async function cardOrder(page: Page): Promise<string> {
  await page.goto("/de/");
  const csrf = (await page.context().cookies()).find((c) => c.name === "vitrine_csrf")?.value ?? "";
  const added = await page.request.post("/api/rpc/addItemToBasket", {
    headers: { "x-csrf-token": csrf, "x-shop-id": "10028", origin: `http://127.0.0.1:${port}` },
    data: { payload: { variantId: variants[4], quantity: 1 } },
  });
  expect(added.status()).toBe(200);
  await page.goto("/de/checkout/");
  await ready(page);
  await page.getByLabel("E-Mail-Adresse").fill(`karte.${Date.now().toString(36)}@example.com`);
  await page.getByRole("button", { name: "Weiter" }).click();
  for (const [field, value] of Object.entries({
    firstName: "Lena",
    lastName: "Berg",
    street: "Gartenstraße 5",
    zipCode: "10115",
    city: "Berlin",
  })) {
    await page.locator(`[name="shipping.${field}"]`).fill(value);
  }
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.locator('[data-step="delivery"].checkout-step--active')).toBeVisible();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("radio", { name: /^Kreditkarte/ }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/de\/payment\/sandbox\//);
  await ready(page);
  await expect(page.getByText("Testmodus: Es wird kein echtes Geld bewegt.")).toBeVisible();
  await page.getByLabel("Kartennummer").fill("4242 4242 4242 4242");
  await page.getByLabel("Gültig bis").fill("12/30");
  await page.getByLabel("Prüfnummer (CVC)").fill("123");
  await page.getByLabel("Name auf der Karte").fill("Lena Berg");
  await page.getByRole("button", { name: /bezahlen$/ }).click();
  await expect(page).toHaveURL(/\/de\/success\/\?order=\d{8}$/);
  return (await page.getByTestId("order-number").textContent()) as string;
}

test("the back office shows a card order's payment and that the shop is in test mode", async ({ page, context }) => {
  const number = (await cardOrder(page)).trim();
  await staffSignedIn(context, "owner");
  await page.goto("/admin/");
  // The back office speaks the browser's language (English here).
  await expect(page.getByTestId("payment-test-mode")).toContainText("Test mode");
  await page.goto(`/admin/orders/${number}/`);
  const section = page.getByTestId("order-payment");
  await expect(section.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(section).toContainText("Built-in sandbox (test)");
  await expect(section).toContainText("authorized");
  await expect(section.getByTestId("payment-test-mode")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/admin-order-payment-${width}.png`, fullPage: true });
  }
});
