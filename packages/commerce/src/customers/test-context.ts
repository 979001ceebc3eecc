import { systemClock } from "../clock.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import type { AccountMailContext, AccountMails } from "./accounts.ts";
import { type AccountAuth, createAccountAuth } from "./auth.ts";

/**
 * Test support: a migrated database with a better-auth instance whose reset mails are captured, and account mails
 * that carry their token (or their kind) as the text, to be read back from the outbox table.
 */
export interface AccountTestContext extends AccountMailContext {
  testDb: TestDatabase;
  resetMails: { email: string; name: string; token: string; callbackPath: string }[];
  /** Another instance on the same database with Secure cookies (HTTPS). */
  secureAuth: AccountAuth;
  destroy(): Promise<void>;
}

export const TEST_SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

export async function createAccountTestContext(): Promise<AccountTestContext> {
  const testDb = await createTestDatabase();
  const resetMails: AccountTestContext["resetMails"] = [];
  const options = {
    db: testDb.db,
    clock: systemClock,
    secret: TEST_SECRET,
    baseURL: "http://localhost:3000",
    passwordResetMail(mail: AccountTestContext["resetMails"][number]) {
      resetMails.push(mail);
      return {
        kind: "password-reset",
        to: mail.email,
        subject: "Reset",
        text: mail.token,
        html: `<p>${mail.token}</p>`,
      };
    },
  };
  const auth = createAccountAuth({ ...options, secureCookies: false });
  const secureAuth = createAccountAuth({ ...options, baseURL: "https://shop.example", secureCookies: true });
  return {
    ...testCtx(testDb.db, { clock: systemClock }),
    auth,
    secureAuth,
    testDb,
    resetMails,
    mails: testMails,
    async destroy() {
      await auth.settled();
      await testDb.destroy();
    },
  };
}

/** A request's headers carrying the cookies a response set (name=value pairs only). */
export function cookieHeaders(setCookies: readonly string[], extra: Record<string, string> = {}): Headers {
  const pairs = setCookies.map((c) => c.split(";")[0]).filter((pair) => pair && !pair.endsWith("="));
  return new Headers({ ...(pairs.length ? { cookie: pairs.join("; ") } : {}), ...extra });
}

let counter = 0;
export function uniqueEmail(prefix = "kundin"): string {
  counter++;
  return `${prefix}.${process.pid}.${counter}@example.com`;
}

export const testMails: AccountMails = {
  guestConversion: (to, token) => ({ subject: `Keep your account, ${to.name}`, text: token, html: token }),
  failedSignIns: (to) => ({ subject: `Failed sign-ins, ${to.name}`, text: "failed sign-ins", html: "" }),
};

/** The mails of a kind to an address that wait in the outbox, oldest first. */
export async function outboxMails(ctx: AccountTestContext, to: string, kind: string) {
  return ctx.db
    .selectFrom("mail_outbox")
    .select(["subject", "text"])
    .where("recipient", "=", to)
    .where("kind", "=", kind)
    .orderBy("id")
    .execute();
}
