import { type Db, loadConfig, resolveSecret, type StaffRole } from "@vitrine/commerce";
import { createTestStaff, type TestStaff } from "@vitrine/commerce/staff-testing";
import type { TestBrowser, TestShop } from "./shop-client.ts";

/**
 * Back-office test support for HTTP tests: a staff member of a role, written straight into the test shop's
 * database (active, password and TOTP key known) with an open session, and a browser carrying its `/admin` cookie.
 *
 *   const db = openShopDatabase();
 *   const { browser, staff } = await staffBrowser(shop, db, "warehouse");
 *   expect((await browser.fetch("/admin/customers/")).status).toBe(403);
 */
export const STAFF_COOKIE = "vitrine_staff";

/** The shop's secret (as the server resolves it): TOTP keys are encrypted with it. */
export async function shopSecret(db: Db): Promise<string> {
  return resolveSecret({ db, config: loadConfig() }, new Date());
}

export async function createStaff(db: Db, role: StaffRole, options: { email?: string } = {}): Promise<TestStaff> {
  const secret = await shopSecret(db);
  return createTestStaff({ db, clock: { now: () => new Date() }, secret }, { role, ...options });
}

export async function staffBrowser(
  shop: TestShop,
  db: Db,
  role: StaffRole,
  options: { email?: string; acceptLanguage?: string } = {},
): Promise<{ browser: TestBrowser; staff: TestStaff }> {
  const staff = await createStaff(db, role, options.email ? { email: options.email } : {});
  const browser = shop.browser(options.acceptLanguage ? { acceptLanguage: options.acceptLanguage } : {});
  browser.cookies.set(STAFF_COOKIE, staff.sessionToken);
  return { browser, staff };
}
