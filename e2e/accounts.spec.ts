import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { expectNoSeriousA11yViolations } from "./fixtures.ts";

/**
 * Customer accounts in Chromium: sign up, sign out, sign in with a guest basket that merges, edit the profile,
 * add an address, reset the password through the outbox mail, open a protected page as a guest and come back to
 * it after signing in. axe on the login and account pages; screenshots at 375 and 1440 px.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = join("test-results", `e2e-data-${port}`);
const SCREENSHOTS = "test-results/accounts";
const PASSWORD = "Sommer-2026!";

let counter = 0;
function uniqueEmail(prefix: string): string {
  counter++;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** A variant with plenty of stock, sold in the German store (from the test server's database). */
function variantInStock(): number {
  const db = new Database(join(dataDir, "vitrine.sqlite"), { readonly: true });
  try {
    const row = db
      .prepare(
        `select v.id from variant v join variant_price de on de.variant_id = v.id and de.price_zone = 'DE'
         where v.stock_quantity >= 20 order by v.id limit 1`,
      )
      .get() as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** Calls the RPC channel from the page, as the shop's own script does (CSRF header from the cookie). */
async function rpc<T>(page: Page, method: string, payload: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, payload }) => {
      const csrf = document.cookie.split("; ").find((c) => c.startsWith("vitrine_csrf="));
      const response = await fetch(`/api/rpc/${method}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shop-id": "10028",
          "x-csrf-token": decodeURIComponent(csrf?.slice("vitrine_csrf=".length) ?? ""),
        },
        body: JSON.stringify({ payload }),
      });
      return response.json();
    },
    { method, payload },
  ) as Promise<T>;
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    // From the top, once the layout has settled: sticky header and drawer transitions otherwise show mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The newest password-reset mail to an address in the shop's outbox folder. */
async function resetMail(email: string): Promise<{ subject: string; text: string }> {
  const dir = join(dataDir, "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (() => {
      try {
        return readdirSync(dir).filter((n) => n.endsWith(".json"));
      } catch {
        return [];
      }
    })().sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(readFileSync(join(dir, name), "utf8")) as {
        to: string[];
        kind: string;
        subject: string;
        text: string;
      };
      if (mail.kind === "password-reset" && mail.to.includes(email)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail to ${email}`);
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto("/de/login/?register=true");
  await page.getByLabel("Vorname").fill("Lena");
  await page.getByLabel("Nachname").fill("Berg");
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page).toHaveURL(/\/de\/account\/$/);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}

test.describe("customer accounts", () => {
  // Long journeys with axe and screenshots at two widths on every page: more than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test("sign up, sign out, sign in with a guest basket that merges", async ({ page }) => {
    const email = uniqueEmail("journey");
    await page.goto("/de/login/");
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "login");
    await page.getByRole("link", { name: "Kundenkonto anlegen" }).click();
    await expect(page).toHaveURL(/register=true/);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "register");

    await signUp(page, email);
    await expect(page.getByRole("heading", { level: 1, name: "Hallo Lena" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "account-overview");

    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/de\/$/);
    await page.goto("/de/account/");
    await expect(page).toHaveURL(/\/de\/login\/\?redirectUrl=%2Fde%2Faccount%2F$/);

    // As a guest, put an item into the basket (through the channel, as the product page does).
    const variantId = variantInStock();
    const added = await rpc<{ basket: { count: number } }>(page, "addItemToBasket", { variantId, quantity: 2 });
    expect(added.basket.count).toBe(2);

    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/de\/account\/$/);
    const basket = await rpc<{ count: number; items: { variant: { id: number }; quantity: number }[] }>(
      page,
      "getBasket",
      {},
    );
    expect(basket.items.map((i) => [i.variant.id, i.quantity])).toEqual([[variantId, 2]]);
    const user = await rpc<{ email: string; groups: string[] }>(page, "getUser", null);
    expect(user).toMatchObject({ email, groups: ["new"] });
  });

  test("edit the profile and add an address", async ({ page }) => {
    await signUp(page, uniqueEmail("profile"));
    await page
      .getByRole("navigation", { name: "Kundenkonto" })
      .getByRole("link", { name: "Persönliche Daten" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Persönliche Daten" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const personal = page.locator("#profile");
    await personal.getByLabel("Vorname").fill("Lea");
    await personal.getByLabel("Telefon").fill("+49 30 1234567");
    await personal.getByLabel("Geburtsdatum").fill("1990-05-01");
    await personal.getByRole("button", { name: "Daten speichern" }).click();
    await expect(page.getByText("Deine Daten wurden gespeichert.")).toBeVisible();
    await expect(personal.getByLabel("Vorname")).toHaveValue("Lea");

    // No address yet: the form is open. A postcode with 4 digits is refused for Germany.
    const form = page.locator("#address-form");
    await form.getByLabel("Straße und Hausnummer").fill("Torstraße 1");
    await form.getByLabel("Postleitzahl").fill("1011");
    await form.getByLabel("Ort").fill("Berlin");
    await form.getByLabel("Land").selectOption("DE");
    await form.getByRole("button", { name: "Adresse speichern" }).click();
    await expect(page.getByText("Eine Postleitzahl in Deutschland hat 5 Ziffern.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "profile-error");
    await form.getByLabel("Postleitzahl").fill("10119");
    await form.getByRole("button", { name: "Adresse speichern" }).click();
    await expect(page.getByText("Die Adresse wurde gespeichert.")).toBeVisible();
    const card = page.locator(".account-address-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Torstraße 1");
    await expect(card).toContainText("10119 Berlin");
    await expect(card).toContainText("Standardadresse");

    await page.getByRole("link", { name: "Adresse hinzufügen" }).click();
    await form.getByLabel("Straße und Hausnummer").fill("Ringstraße 5");
    await form.getByLabel("Postleitzahl").fill("1010");
    await form.getByLabel("Ort").fill("Wien");
    await form.getByLabel("Land").selectOption("AT");
    await form.getByRole("button", { name: "Adresse speichern" }).click();
    await expect(card).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "profile-details");

    const addresses = await rpc<{ city: string; isDefault: boolean }[]>(page, "getShopUserAddresses", null);
    expect(addresses.map((a) => [a.city, a.isDefault])).toEqual([
      ["Berlin", true],
      ["Wien", false],
    ]);
  });

  test("reset the password through the mail in the outbox", async ({ page, browser }) => {
    const email = uniqueEmail("reset");
    await signUp(page, email);
    await page.getByRole("button", { name: "Abmelden" }).click();

    const other = await browser.newContext();
    const tab = await other.newPage();
    await tab.goto("/de/login/");
    await tab.getByRole("link", { name: "Passwort vergessen?" }).click();
    await expect(tab.getByRole("heading", { level: 1, name: "Passwort zurücksetzen" })).toBeVisible();
    await expectNoSeriousA11yViolations(tab);
    await tab.getByLabel("E-Mail-Adresse").fill(email);
    await tab.getByRole("button", { name: "Link senden" }).click();
    await expect(tab.getByText("ist ein Link für ein neues Passwort unterwegs")).toBeVisible();
    await screenshot(tab, "reset-request");

    const mail = await resetMail(email);
    expect(mail.subject).toBe("Neues Passwort festlegen");
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] as string);
    await tab.goto(`${link.pathname}${link.search}`);
    await expect(tab).toHaveURL(/\/de\/login\/reset-password\/$/);
    await expect(tab.getByRole("heading", { level: 1, name: "Neues Passwort festlegen" })).toBeVisible();
    await expectNoSeriousA11yViolations(tab);
    await tab.getByLabel("Neues Passwort", { exact: true }).fill("Winter-2027!");
    await tab.getByLabel("Neues Passwort wiederholen").fill("Winter-2027!");
    await tab.getByRole("button", { name: "Passwort speichern" }).click();
    await expect(tab.getByText("Dein Passwort wurde geändert.")).toBeVisible();
    await signIn(tab, email, "Winter-2027!");
    await expect(tab).toHaveURL(/\/de\/account\/$/);

    // The link works once.
    await tab.goto(`${link.pathname}${link.search}`);
    await expect(tab.getByText("Dieser Link ist nicht mehr gültig")).toBeVisible();
    await other.close();
  });

  test("a guest opening a protected page signs in and comes back to it", async ({ page, browser }) => {
    const email = uniqueEmail("back");
    const first = await browser.newContext();
    await signUp(await first.newPage(), email);
    await first.close();

    await page.goto("/de/account/fashion-card/");
    await expect(page).toHaveURL(/\/de\/login\/\?redirectUrl=%2Fde%2Faccount%2Ffashion-card%2F$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/de\/account\/fashion-card\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Fashion Card" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "fashion-card-register");
    await page.getByLabel("Ich akzeptiere die Teilnahmebedingungen der Fashion Card.").check();
    await page.getByRole("button", { name: "Für die Fashion Card anmelden" }).click();
    await expect(page.getByText("Willkommen bei der Fashion Card!")).toBeVisible();
    await expect(page.getByText("0 Punkte")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "fashion-card");

    await page.goto("/de/account/subscription/");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: /^Abonnieren\W+Newsletter auf Deutsch$/ }).click();
    await expect(page.getByText("Du hast den Newsletter auf Deutsch abonniert.")).toBeVisible();
    await screenshot(page, "subscription");
    await page.getByRole("link", { name: "Abonnement kündigen und uns den Grund sagen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Abonnement kündigen" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Ich bekomme zu viele E-Mails").check();
    await page.getByLabel("Ja, ich möchte dieses Abonnement kündigen.").check();
    await page.getByRole("button", { name: "Abonnement kündigen" }).click();
    await expect(page.getByText("Dein Abonnement wurde gekündigt.")).toBeVisible();
    await screenshot(page, "subscription-cancellations");
  });
});
