import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { cliActor, createDatabase, type Db, deliverOrder, shipOrder } from "@vitrine/commerce";
import { NECESSARY_ONLY_STATE } from "./consent-state.ts";
import { expectNoSeriousA11yViolations, purchasableVariants } from "./fixtures.ts";

const TEST_ACTOR = cliActor("test");

/**
 * Checkout journeys in Chromium: a guest checkout with invoice (de) whose shopper keeps the account through the
 * mail link, a signed-in checkout with a 3-D Secure card
 * (fr-ch) ending in the account, a declined card, the app checkout without shop chrome, and a return through the
 * returns portal. Items go into the basket through the RPC channel; everything after that is the shopper's UI.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const SCREENSHOTS = "test-results/checkout";
// Whole purchases with a payment page: more steps than the default minute allows on a busy machine.
test.describe.configure({ timeout: 180_000 });
let db: Db;
const variants: number[] = [];

test.beforeAll(async () => {
  db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
  variants.push(...(await purchasableVariants(db, { order: "desc" })));
});
test.afterAll(async () => {
  await db?.destroy();
});

/** Waits until the page's script has taken over (typing earlier may be lost on a slow machine). */
async function ready(page: Page) {
  await page.locator("main[data-ready]").waitFor({ state: "attached" });
}

let emailCounter = 0;
const email = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++emailCounter}@example.com`;

/** The shop path of the link in the newest mail of a kind to an address (the shop's outbox folder). */
async function mailLink(to: string, kind: string): Promise<string> {
  const dir = join(process.cwd(), `test-results/e2e-data-${port}/outbox`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await readFile(join(dir, name), "utf8")) as { to: string[]; kind: string; text: string };
      if (mail.kind !== kind || !mail.to.includes(to)) continue;
      const url = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] as string);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** Puts a variant into the basket of the page's browser through the shop's RPC channel. */
async function addToBasket(page: Page, variantId: number, store = "de", shopId = 10028) {
  await page.goto(`/${store}/`);
  const csrf = (await page.context().cookies()).find((c) => c.name === "vitrine_csrf")?.value ?? "";
  const response = await page.request.post("/api/rpc/addItemToBasket", {
    headers: { "x-csrf-token": csrf, "x-shop-id": String(shopId), origin: `http://127.0.0.1:${port}` },
    data: { payload: { variantId, quantity: 1 } },
  });
  expect(response.status()).toBe(200);
}

async function fillAddress(page: Page, address: Record<string, string>) {
  for (const [field, value] of Object.entries(address)) {
    const input = page.locator(`[name="shipping.${field}"]`);
    if (field === "countryCode") await input.selectOption(value);
    else await input.fill(value);
  }
}

const DE_ADDRESS = { firstName: "Lena", lastName: "Berg", street: "Gartenstraße 5", zipCode: "10115", city: "Berlin" };
const CH_ADDRESS = { firstName: "Léa", lastName: "Favre", street: "Rue du Lac 3", zipCode: "1003", city: "Lausanne" };

async function guestCheckoutTo(page: Page, payment: RegExp, guestEmail = email("gast")) {
  await page.goto("/de/checkout/");
  await ready(page);
  await page.getByLabel("E-Mail-Adresse").fill(guestEmail);
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.locator('[data-step="address"].checkout-step--active')).toBeVisible();
  await fillAddress(page, DE_ADDRESS);
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.locator('[data-step="delivery"].checkout-step--active')).toBeVisible();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.locator('[data-step="payment"].checkout-step--active')).toBeVisible();
  await page.getByRole("radio", { name: payment }).check();
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.locator('[data-step="review"].checkout-step--active')).toBeVisible();
  return guestEmail;
}

test("a guest checks out with invoice in de, gets the confirmation and keeps the account through the mail", async ({
  page,
}) => {
  await addToBasket(page, variants[0] as number);
  await page.goto("/de/checkout/");
  await expect(page.locator('[data-layout="shop"] header.checkout-header')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const guestEmail = await guestCheckoutTo(page, /^Rechnung/);
  // The step summaries and the order summary are on the page.
  await expect(page.locator('[data-step="address"]')).toContainText("Gartenstraße 5");
  await expect(page.locator(".checkout-summary")).toContainText("Gesamt");
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("place-order").click();

  await expect(page).toHaveURL(/\/de\/success\/\?order=\d{8}$/);
  const number = await page.getByTestId("order-number").textContent();
  expect(number).toMatch(/^\d{8}$/);
  await expect(page.getByTestId("payment-instructions")).toContainText("DE89 3704 0044 0532 0130 00");
  await expect(page.getByRole("heading", { name: "Kundenkonto behalten?" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keeping the account needs the mailbox: the link goes to the order's address, and only it lets a password be set.
  await page.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByText(`Wir haben dir einen Link an ${guestEmail} geschickt.`)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/success-link-sent.png`, fullPage: true });
  await page.goto(await mailLink(guestEmail, "guest-conversion"));
  await expect(page).toHaveURL(/\/de\/login\/\?register=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Passwort festlegen" })).toBeVisible();
  await expect(page.getByText(guestEmail)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SCREENSHOTS}/guest-set-password.png`, fullPage: true });
  await page.getByLabel("Neues Passwort").fill("Sommer-2026!");
  await page.locator("main").getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page).toHaveURL(/\/de\/account\/$/);
  await page.goto("/de/account/orders/");
  await expect(page.getByText(number as string).first()).toBeVisible();
});

test("a declined card leaves no order and the basket as it was", async ({ page }) => {
  await addToBasket(page, variants[1] as number);
  await guestCheckoutTo(page, /^Kreditkarte/);
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/de\/payment\/sandbox\//);
  await ready(page);
  // No provider keys: the shop says plainly that it is in test mode.
  await expect(page.getByText("Testmodus: Es wird kein echtes Geld bewegt.")).toBeVisible();
  await page.getByLabel("Kartennummer").fill("4000 0000 0000 0002");
  await page.getByLabel("Gültig bis").fill("12/30");
  await page.getByLabel("Prüfnummer (CVC)").fill("123");
  await page.getByLabel("Name auf der Karte").fill("Lena Berg");
  await page.getByRole("button", { name: /bezahlen$/ }).click();
  await expect(page).toHaveURL(/\/de\/checkout\/\?payment=/);
  await expect(page.getByRole("alert")).toContainText("Deine Zahlung wurde abgelehnt.");
  // Still the review with the same basket: nothing was ordered.
  await expect(page.locator('[data-step="review"].checkout-step--active')).toBeVisible();
  await expect(page.locator(".checkout-summary .order-line")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
});

test("a signed-in customer pays by card through 3-D Secure in fr-ch and finds the order in the account", async ({
  page,
}) => {
  await page.goto("/fr-ch/login/?register=true", { waitUntil: "networkidle" });
  const signUp = page.locator('form:has(input[name="intent"][value="sign-up"])');
  await signUp.locator('[name="firstName"]').fill("Léa");
  await signUp.locator('[name="lastName"]').fill("Favre");
  await signUp.locator('[name="email"]').fill(email("kundin"));
  await signUp.locator('[name="password"]').fill("Ete-2026-Lausanne!");
  await signUp.getByRole("button", { name: "Créer le compte" }).click();
  await expect(page).not.toHaveURL(/login/);

  await addToBasket(page, variants[2] as number, "fr-ch", 10031);
  await page.goto("/fr-ch/checkout/");
  await ready(page);
  // Signed in: the contact step is done, the address is next.
  await expect(page.locator('[data-step="contact"]')).toContainText("Connecté en tant que");
  await fillAddress(page, CH_ADDRESS);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.locator('[data-step="delivery"].checkout-step--active')).toBeVisible();
  await page.getByRole("button", { name: "Continuer" }).click();
  await page.getByRole("radio", { name: /^Carte de crédit/ }).check();
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.locator(".checkout-summary")).toContainText("CHF");
  await page.getByTestId("place-order").click();

  await expect(page).toHaveURL(/\/fr-ch\/payment\/sandbox\//);
  await ready(page);
  await expect(page.getByText("Mode test : aucun argent réel n’est débité.")).toBeVisible();
  await page.getByLabel("Numéro de carte").fill("4000 0000 0000 3220");
  await page.getByLabel("Date d’expiration").fill("12/30");
  await page.getByLabel("Code de sécurité (CVC)").fill("123");
  await page.getByLabel("Nom sur la carte").fill("Léa Favre");
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page.getByRole("heading", { name: "Confirmer le paiement (3-D Secure)" })).toBeVisible();
  await page.getByRole("button", { name: "Confirmer le paiement" }).click();

  await expect(page).toHaveURL(/\/fr-ch\/success\/\?order=\d{8}$/);
  const number = (await page.getByTestId("order-number").textContent()) as string;
  await expectNoSeriousA11yViolations(page);
  await page.goto("/fr-ch/account/orders/");
  await expect(page.getByRole("link", { name: `Voir la commande ${number}` })).toBeVisible();
  await page.getByRole("link", { name: `Voir la commande ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/fr-ch/account/order-details/${number}/$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande ${number}`);
  await expect(page.locator(".order-status")).toHaveText("Payée");
  await expect(page.locator(".order-history")).toContainText("Commande reçue");
});

test("the app checkout has no shop header or footer", async ({ page }) => {
  await addToBasket(page, variants[3] as number);
  await page.goto("/de/app-checkout/");
  await expect(page.locator('[data-layout="clean"]')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kasse" })).toBeVisible();
  await expect(page.locator("header")).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("a shopper registers a return through the returns portal and prints the label", async ({ page }) => {
  await addToBasket(page, variants[4] as number);
  const guestEmail = await guestCheckoutTo(page, /^Rechnung/);
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/de\/success\//);
  const number = (await page.getByTestId("order-number").textContent()) as string;
  const orders = {
    db,
    clock: { now: () => new Date() },
    publicUrl: `http://127.0.0.1:${port}`,
    requestId: "e2e-returns",
  };
  expect(
    (await shipOrder(orders, TEST_ACTOR, number, { carrier: "dhl", trackingNumber: "00340434161094015904" })).ok,
  ).toBe(true);
  expect((await deliverOrder(orders, TEST_ACTOR, number)).ok).toBe(true);

  const other = await page.context().browser()?.newContext({ storageState: NECESSARY_ONLY_STATE });
  const portal = (await other?.newPage()) as Page;
  await portal.goto("/de/returns-portal/");
  await ready(portal);
  await portal.getByLabel("Bestellnummer").fill(number);
  await portal.getByLabel("E-Mail-Adresse oder Postleitzahl").fill(guestEmail);
  await portal.getByRole("button", { name: "Bestellung finden" }).click();
  await expect(portal.getByRole("heading", { name: new RegExp(number) })).toBeVisible();
  await portal.getByLabel("Menge").first().selectOption("1");
  await portal.getByLabel("Grund").first().selectOption("too_big");
  await portal.getByRole("button", { name: "Rücksendung anmelden" }).click();
  await expect(portal.getByRole("heading", { name: "Rücksendung angemeldet" })).toBeVisible();
  await expect(portal.getByRole("status")).toContainText(`R${number}-1`);
  await expectNoSeriousA11yViolations(portal);
  const [label] = await Promise.all([
    portal.context().waitForEvent("page"),
    portal.getByRole("link", { name: /Etikett drucken/ }).click(),
  ]);
  await expect(label.getByText(`R${number}-1`, { exact: true })).toBeVisible();
  await expect(label.locator("svg.code39")).toBeVisible();
  await other?.close();

  // The order tracking form shows the return in the history.
  await page.goto(`/de/order-trackform/?order=${number}`);
  await ready(page);
  await page.getByLabel("E-Mail-Adresse oder Postleitzahl").fill("10115");
  await page.getByRole("button", { name: "Bestellung finden" }).click();
  await expect(page.locator(".order-history")).toContainText(`Rücksendung R${number}-1 angemeldet`);
  await expect(page.locator(".order-status")).toHaveText("Zugestellt");
});
