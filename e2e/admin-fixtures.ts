import { join } from "node:path";
import type { BrowserContext } from "@playwright/test";
import { createDatabase, loadConfig, type StaffRole } from "@vitrine/commerce";
import { createTestStaff, type TestStaff, totpCode } from "@vitrine/commerce/staff-testing";

/**
 * Back-office support for Playwright journeys: a staff member of a role written into the e2e server's SQLite
 * database (active, known password and TOTP key, an open session), optionally signed in in a browser context by
 * its `/admin` cookie. `totpCode(staff.email, totpSecret, new Date())` is what the authenticator app would show.
 *
 *   const { staff } = await staffSignedIn(context, "customer_service");
 *   await page.goto("/admin/customers/");
 */
const port = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATABASE = join("test-results", `e2e-data-${port}`, "vitrine.sqlite");

export async function createE2eStaff(role: StaffRole, options: { email?: string } = {}): Promise<TestStaff> {
  const db = createDatabase({ url: E2E_DATABASE });
  try {
    return await createTestStaff(
      { db, clock: { now: () => new Date() }, config: loadConfig({}) },
      { role, ...options },
    );
  } finally {
    await db.destroy();
  }
}

/** A staff member of the role, signed in in the context (the session cookie for /admin on the e2e server). */
export async function staffSignedIn(
  context: BrowserContext,
  role: StaffRole,
  options: { email?: string } = {},
): Promise<TestStaff> {
  const staff = await createE2eStaff(role, options);
  await addStaffCookie(context, staff.sessionToken);
  return staff;
}

/** The back office's session cookie of a staff session, as the shop on 127.0.0.1 (any port) sets it. */
export async function addStaffCookie(context: BrowserContext, sessionToken: string): Promise<void> {
  await context.addCookies([
    {
      name: "vitrine_staff",
      value: sessionToken,
      domain: "127.0.0.1",
      path: "/admin",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

export { totpCode };
