import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { createE2eStaff, totpCode } from "./admin-fixtures.ts";
import { expectNoSeriousA11yViolations, newPage } from "./fixtures.ts";

/**
 * The back office as an operator in Chromium: the owner signs in with password and TOTP (the code computed here
 * from the key, as the authenticator app would), looks at the dashboard, invites a warehouse user; the warehouse
 * user opens the invitation link, sets a password, enrols the authenticator from the key on the page, keeps the
 * backup codes, signs in with one and cannot open Customers or Staff; the audit log shows the invitation and the
 * set-up. axe on every screen; screenshots at 375 and 1440 px.
 */
const SCREENSHOTS = "test-results/admin";

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Waits until React has hydrated the admin page (its forms then submit without a full reload). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
  );
}

test.describe("back office: staff", () => {
  test.describe.configure({ timeout: 180_000 });

  test("owner signs in with TOTP, invites a warehouse user who sets up, signs in and is kept out of customers and staff", async ({
    browser,
  }) => {
    const owner = await createE2eStaff("owner", { email: `owner.${Date.now()}@staff.test` });

    // --- The owner signs in (German by the browser's language).
    const { context: ownerContext, page } = await newPage(browser, { width: 1440, height: 900 }, "de-DE");
    await page.goto("/admin/");
    await expect(page).toHaveURL(/\/admin\/sign-in\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "sign-in");
    await hydrated(page);
    // Keyboard only: the fields in order, Enter submits.
    await page.getByLabel("E-Mail-Adresse").focus();
    await page.keyboard.type(owner.staff.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(owner.password);
    await page.keyboard.press("Tab");
    await page.keyboard.type(totpCode(owner.staff.email, owner.totpSecret, new Date()));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Back Office" });
    await expect(nav.getByRole("link", { name: "Team" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Protokoll" })).toBeVisible();

    // --- The dashboard: figures and the uPlot charts (the chart library is loaded only here).
    await expect(page.getByText("Offene Arbeit")).toBeVisible();
    await expect(page.locator(".admin-chart .uplot").first()).toBeVisible();
    await page.getByRole("link", { name: "30 Tage" }).click();
    await expect(page).toHaveURL(/days=30/);
    await expect(page.getByRole("link", { name: "30 Tage" })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "dashboard");

    // The skip link is the first stop of the keyboard and leads to the content.
    await page.reload();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#admin-main$/);

    // --- The owner invites a warehouse user: the link is shown (and mailed).
    await nav.getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    const invitee = `lager.${Date.now()}@staff.test`;
    const invite = page.locator("form").filter({ has: page.locator('input[value="invite"]') });
    await invite.getByLabel("E-Mail-Adresse").fill(invitee);
    await invite.getByLabel("Name").fill("Lena Lager");
    await invite.getByLabel("Rolle").selectOption("warehouse");
    await invite.getByRole("button", { name: "Einladen" }).click();
    await expect(page.getByText(`${invitee} ist eingeladen.`)).toBeVisible();
    const link = (await page.locator("[data-invite-link]").textContent()) ?? "";
    expect(link).toMatch(/\/admin\/setup\/\?token=/);
    await expect(page.getByRole("row", { name: new RegExp(invitee) })).toContainText("Eingeladen");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "staff");

    // --- The warehouse user opens the link (in English), sets a password and enrols the authenticator.
    const { context: warehouseContext, page: warehouse } = await newPage(
      browser,
      { width: 1440, height: 900 },
      "en-GB",
    );
    const url = new URL(link);
    await warehouse.goto(`${url.pathname}${url.search}`);
    await expect(warehouse.getByRole("heading", { level: 1, name: "Set up your access" })).toBeVisible();
    await expect(warehouse.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
    await expectNoSeriousA11yViolations(warehouse);
    await hydrated(warehouse);
    const key = (await warehouse.locator("[data-totp-secret]").textContent()) ?? "";
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await warehouse.getByLabel("New password").fill("lager-passwort-2026");
    await warehouse.getByLabel("Repeat the password").fill("lager-passwort-2026");
    await warehouse.getByLabel("Code", { exact: true }).fill(totpCode(invitee, key, new Date()));
    await warehouse.getByRole("button", { name: "Set up access" }).click();
    await expect(warehouse.getByRole("heading", { level: 1, name: "Access set up" })).toBeVisible();
    const backupCodes = await warehouse.getByRole("list", { name: "Backup codes" }).locator("code").allTextContents();
    expect(backupCodes).toHaveLength(10);
    await warehouse.getByRole("link", { name: "Continue to the back office" }).click();
    await expect(warehouse.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    // Signed out and in again, with a backup code (the TOTP code of this half-minute was used by the set-up).
    await warehouse.getByRole("button", { name: "Sign out" }).click();
    await expect(warehouse).toHaveURL(/\/admin\/sign-in\/$/);
    await hydrated(warehouse);
    await warehouse.getByLabel("E-mail address").fill(invitee);
    await warehouse.getByLabel("Password").fill("lager-passwort-2026");
    await warehouse.getByLabel("Code").fill(backupCodes[0] as string);
    await warehouse.getByRole("button", { name: "Sign in" }).click();
    await expect(warehouse.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const warehouseNav = warehouse.getByRole("navigation", { name: "Back office" });
    await expect(warehouseNav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(warehouseNav.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await expect(warehouseNav.getByRole("link", { name: "Customers" })).toHaveCount(0);
    await expect(warehouseNav.getByRole("link", { name: "Audit log" })).toHaveCount(0);

    // Customers and Staff stay closed, even by address.
    for (const path of ["/admin/customers/", "/admin/staff/", "/admin/audit/"]) {
      const response = await warehouse.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(warehouse.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(warehouse);

    // --- The owner's audit log shows the invitation and the warehouse user's set-up.
    await page.goto(`/admin/audit/?subject_type=staff`);
    await expect(page.getByRole("heading", { level: 1, name: "Protokoll" })).toBeVisible();
    const inviteRow = page.getByRole("row").filter({ hasText: "staff.invite" }).filter({ hasText: invitee });
    await expect(inviteRow).toHaveCount(1);
    await expect(inviteRow).toContainText(owner.staff.email);
    await expect(inviteRow).toContainText("warehouse");
    await expect(page.getByRole("row").filter({ hasText: "staff.setup" }).filter({ hasText: invitee })).toHaveCount(1);
    await page.getByLabel("Wer (E-Mail)").fill(owner.staff.email);
    await page.getByRole("button", { name: "Filtern" }).click();
    await expect(page).toHaveURL(/actor=/);
    await expect(page.getByRole("row").filter({ hasText: "staff.setup" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "staff.invite" })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "audit");

    await warehouseContext.close();
    await ownerContext.close();
  });

  test("a shop page loads nothing of the back office", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/de/");
    await page.locator("#navigation[data-enhanced]").waitFor({ state: "attached" });
    const html = await page.content();
    expect(html).not.toMatch(/\/assets\/(admin|AdminForm|frame|Chart|dashboard|sign-in|setup)[-.]/);
    expect(
      requested.filter((p) => /\/assets\/(admin|AdminForm|frame|Chart|dashboard|uPlot|sign-in|setup)-/i.test(p)),
    ).toEqual([]);
  });
});
