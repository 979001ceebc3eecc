import { randomUUID } from "node:crypto";
import { hashPassword, symmetricEncrypt } from "better-auth/crypto";
import * as OTPAuth from "otpauth";
import type { Ctx } from "../context.ts";
import { createStaffSession, type StaffMember, type StaffRole, totpCode } from "./staff.ts";

/**
 * Test support (HTTP tests, Playwright journeys): an active staff member of a role written straight into the
 * database, with a known password and TOTP key, and an open session whose token is the `/admin` cookie's value.
 * `secret` must be the server's (config.resolveSecret) for the TOTP key to work at the sign-in form.
 */
export interface TestStaff {
  staff: StaffMember;
  password: string;
  /** The TOTP key (base32): `totpCode(staff.email, totpSecret, new Date())` is the code an app would show. */
  totpSecret: string;
  /** The session token: the value of the `vitrine_staff` cookie. */
  sessionToken: string;
}

export const TEST_STAFF_PASSWORD = "correct horse battery staple";

export async function createTestStaff(
  ctx: Pick<Ctx, "db" | "clock"> & { secret: string },
  input: { email?: string; role: StaffRole; name?: string; password?: string },
): Promise<TestStaff> {
  const id = randomUUID();
  const email = (input.email ?? `${input.role}-${id.slice(0, 8)}@staff.test`).toLowerCase();
  const password = input.password ?? TEST_STAFF_PASSWORD;
  const totpSecret = new OTPAuth.Secret({ size: 20 }).base32;
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto("staff_user")
    .values({
      id,
      email,
      name: input.name ?? input.role,
      role: input.role,
      status: "active",
      password_hash: await hashPassword(password),
      totp_secret: await symmetricEncrypt({ key: ctx.secret, data: totpSecret }),
      totp_pending_secret: null,
      totp_last_step: 0,
      backup_codes: "[]",
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
    })
    .execute();
  const { token } = await createStaffSession(ctx, id, { clientAddress: "127.0.0.1", userAgent: "test" });
  const staff: StaffMember = {
    id,
    email,
    name: input.name ?? input.role,
    role: input.role,
    status: "active",
    totpEnabled: true,
    createdAt: now,
    lastSignInAt: null,
  };
  return { staff, password, totpSecret, sessionToken: token };
}

export { totpCode };
