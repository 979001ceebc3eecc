import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { currentEventCursor, readEventsAfter } from "../events/feed.ts";
import {
  ACCOUNT_RATE_LIMITS,
  changePassword,
  convertGuestCustomer,
  FAILED_SIGN_IN_ALERT,
  guestConversionEmail,
  isPasswordResetTokenValid,
  requestGuestConversion,
  requestPasswordReset,
  resetPassword,
  sessionCustomer,
  signIn,
  signOut,
  signUp,
} from "./accounts.ts";
import {
  createGuestCustomer,
  customerType,
  loadCustomer,
  markCustomerOrdered,
  updateCustomerProfile,
} from "./customers.ts";
import {
  type AccountTestContext,
  cookieHeaders,
  createAccountTestContext,
  outboxMails,
  uniqueEmail,
} from "./test-context.ts";

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
let ctx: AccountTestContext;
let addressCounter = 0;

beforeAll(async () => {
  ctx = await createAccountTestContext();
});
afterAll(async () => {
  await ctx?.destroy();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Each test signs in from its own address, so the per-address limits of one test do not leak into another. */
function client(headers: Headers = new Headers()) {
  addressCounter++;
  return { headers, clientAddress: `198.51.100.${addressCounter % 250}` };
}

async function registered(password = "Sommer-2026!") {
  const email = uniqueEmail();
  const result = await signUp(ctx, client(), { email, password, firstName: "Lena", lastName: "Berg" });
  if (!result.ok) throw new Error(`sign-up failed: ${JSON.stringify(result)}`);
  return { email, password, customer: result.customer, headers: cookieHeaders(result.setCookies) };
}

describe(`accounts (${dialectName})`, () => {
  it("signs up a customer in group new with an HttpOnly, SameSite=Lax session cookie", async () => {
    const email = uniqueEmail().toUpperCase();
    const result = await signUp(ctx, client(), {
      email,
      password: "Sommer-2026!",
      firstName: " Lena ",
      lastName: "Berg",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.customer).toMatchObject({
      email: email.toLowerCase(),
      firstName: "Lena",
      lastName: "Berg",
      groups: ["new"],
      loyaltyCards: [],
      status: { isGuestCustomer: false },
    });
    expect(result.customer.referenceKey).toMatch(/^4\d{9}$/);
    expect(customerType(result.customer)).toBe("new");
    const cookie = result.setCookies.find((c) => c.startsWith("vitrine.session_token="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const session = await sessionCustomer(ctx, cookieHeaders(result.setCookies));
    expect(session.customer?.id).toBe(result.customer.id);
    // Only a hash is stored, never the password.
    const account = await ctx.db
      .selectFrom("auth_account")
      .selectAll()
      .where("user_id", "=", result.customer.id)
      .executeTakeFirst();
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain("Sommer-2026!");
  });

  it("refuses a taken e-mail and reports invalid fields with codes", async () => {
    const { email } = await registered();
    expect(await signUp(ctx, client(), { email, password: "Another-pass1", firstName: "A", lastName: "B" })).toEqual({
      ok: false,
      error: "email_taken",
    });
    const invalid = await signUp(ctx, client(), {
      email: "not-an-email",
      password: "short",
      firstName: "",
      lastName: "B",
    });
    expect(invalid.ok).toBe(false);
    if (invalid.ok || invalid.error !== "invalid") throw new Error("expected invalid");
    expect(invalid.issues.map((i) => [i.field, i.code])).toEqual([
      ["email", "invalid_email"],
      ["password", "too_short"],
      ["firstName", "required"],
    ]);
  });

  it("gives Secure cookies behind HTTPS", async () => {
    const email = uniqueEmail();
    const result = await signUp({ ...ctx, auth: ctx.secureAuth }, client(), {
      email,
      password: "Sommer-2026!",
      firstName: "Lena",
      lastName: "Berg",
    });
    if (!result.ok) throw new Error("sign-up failed");
    const cookie = result.setCookies.find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-vitrine\.session_token=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it("signs in with a new session id and ends the session the request came with", async () => {
    const { email, password, customer, headers: before } = await registered();
    const wrong = await signIn(ctx, client(before), { email, password: "wrong-password" });
    expect(wrong).toEqual({ ok: false, error: "invalid_credentials" });
    const result = await signIn(ctx, client(before), { email: email.toUpperCase(), password });
    if (!result.ok) throw new Error("sign-in failed");
    expect(result.customer.id).toBe(customer.id);
    const after = cookieHeaders(result.setCookies);
    expect(after.get("cookie")).not.toBe(before.get("cookie"));
    expect((await sessionCustomer(ctx, after)).customer?.id).toBe(customer.id);
    expect((await sessionCustomer(ctx, before)).customer).toBeNull();
  });

  it("signs out on the server: the old cookie no longer opens the session", async () => {
    const { headers, customer } = await registered();
    const sessionsBefore = await ctx.db
      .selectFrom("auth_session")
      .select("id")
      .where("user_id", "=", customer.id)
      .execute();
    expect(sessionsBefore).toHaveLength(1);
    const { setCookies } = await signOut(ctx, headers);
    expect(setCookies.some((c) => /vitrine\.session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await sessionCustomer(ctx, headers)).customer).toBeNull();
    const sessionsAfter = await ctx.db
      .selectFrom("auth_session")
      .select("id")
      .where("user_id", "=", customer.id)
      .execute();
    expect(sessionsAfter).toHaveLength(0);
  });

  it("never locks the owner out: failures from other addresses do not stop the right password", async () => {
    const { email, password, customer } = await registered();
    for (let i = 0; i < FAILED_SIGN_IN_ALERT.limit + 2; i++) {
      expect(await signIn(ctx, client(), { email, password: `guess-${i}` })).toEqual({
        ok: false,
        error: "invalid_credentials",
      });
    }
    const owner = await signIn(ctx, client(), { email, password });
    expect(owner.ok && owner.customer.id).toBe(customer.id);
    // The owner is told once for the window, not once per attempt.
    expect(await outboxMails(ctx, email, "sign-in-alert")).toEqual([
      { subject: "Failed sign-ins, Lena Berg", text: "failed sign-ins" },
    ]);
    // An address that is not an account's gets no mail (and the answer is the same).
    const unknown = uniqueEmail("nobody");
    for (let i = 0; i < FAILED_SIGN_IN_ALERT.limit; i++)
      await signIn(ctx, client(), { email: unknown, password: "x-1" });
    expect(await outboxMails(ctx, unknown, "sign-in-alert")).toEqual([]);
  });

  it("slows down one address guessing one account, and an address guessing many", async () => {
    const { email, password } = await registered();
    const attacker = client();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.signInPerEmailAndAddress.limit; i++) {
      expect((await signIn(ctx, attacker, { email, password: `guess-${i}` })).ok).toBe(false);
    }
    const blocked = await signIn(ctx, attacker, { email, password: "guess-again" });
    expect(blocked).toMatchObject({ ok: false, error: "rate_limited" });
    if (blocked.ok || blocked.error !== "rate_limited") return;
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // The owner, from their own address, is not slowed down.
    expect((await signIn(ctx, client(), { email, password })).ok).toBe(true);

    const from = { headers: new Headers(), clientAddress: "203.0.113.77" };
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.signInPerAddress.limit; i++) {
      await signIn(ctx, from, { email: uniqueEmail("nobody"), password: "whatever-1" });
    }
    expect(await signIn(ctx, from, { email: uniqueEmail("nobody"), password: "whatever-1" })).toMatchObject({
      error: "rate_limited",
    });
  });

  it("rate-limits sign-up and password reset requests per e-mail", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.passwordResetPerEmail.limit; i++) {
      expect(await requestPasswordReset(ctx, client(), { email, callbackPath: "/de/login/callback/" })).toEqual({
        ok: true,
      });
    }
    expect(await requestPasswordReset(ctx, client(), { email, callbackPath: "/de/login/callback/" })).toMatchObject({
      error: "rate_limited",
    });
    const taken = uniqueEmail();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.signUpPerEmail.limit; i++) {
      await signUp(ctx, client(), { email: taken, password: "Sommer-2026!", firstName: "A", lastName: "B" });
    }
    expect(
      await signUp(ctx, client(), { email: taken, password: "Sommer-2026!", firstName: "A", lastName: "B" }),
    ).toMatchObject({ error: "rate_limited" });
  });

  it("resets a password through a single-use token and never says whether an address is registered", async () => {
    const { email, customer, headers } = await registered();
    const before = ctx.resetMails.length;
    const known = await requestPasswordReset(ctx, client(), { email, callbackPath: "/de/login/callback/" });
    const unknown = await requestPasswordReset(ctx, client(), {
      email: uniqueEmail("unknown"),
      callbackPath: "/de/login/callback/",
    });
    expect(known).toEqual(unknown);
    await ctx.auth.settled();
    expect(ctx.resetMails.slice(before)).toHaveLength(1);
    const mail = ctx.resetMails.at(-1);
    expect(mail).toMatchObject({ email, callbackPath: "/de/login/callback/" });
    const token = mail?.token as string;

    expect(await isPasswordResetTokenValid(ctx, token)).toBe(true);
    expect(await isPasswordResetTokenValid(ctx, "not-a-real-token-value")).toBe(false);
    // The token is stored hashed.
    const stored = await ctx.db.selectFrom("auth_verification").select("identifier").execute();
    expect(stored.some((row) => row.identifier.includes(token))).toBe(false);

    expect(await resetPassword(ctx, { token, newPassword: "short" })).toMatchObject({ error: "invalid" });
    expect(await resetPassword(ctx, { token, newPassword: "Winter-2027!" })).toEqual({ ok: true });
    expect(await resetPassword(ctx, { token, newPassword: "Again-2027!!" })).toEqual({
      ok: false,
      error: "invalid_token",
    });
    expect(await isPasswordResetTokenValid(ctx, token)).toBe(false);
    // Every session of the account ended; the new password works.
    expect((await sessionCustomer(ctx, headers)).customer).toBeNull();
    const signedIn = await signIn(ctx, client(), { email, password: "Winter-2027!" });
    expect(signedIn.ok && signedIn.customer.id).toBe(customer.id);
  });

  it("lets a reset token expire after an hour", async () => {
    const { email } = await registered();
    await requestPasswordReset(ctx, client(), { email, callbackPath: "/de/login/callback/" });
    await ctx.auth.settled();
    const token = ctx.resetMails.at(-1)?.token as string;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    expect(await isPasswordResetTokenValid(ctx, token)).toBe(false);
    expect(await resetPassword(ctx, { token, newPassword: "Winter-2027!" })).toEqual({
      ok: false,
      error: "invalid_token",
    });
  });

  it("changes the password after checking the current one, with a new session id", async () => {
    const { email, password, customer, headers } = await registered();
    const other = await signIn(ctx, client(), { email, password });
    if (!other.ok) throw new Error("second sign-in failed");
    const wrong = await changePassword(ctx, client(headers), customer.id, {
      currentPassword: "not-it-at-all",
      newPassword: "Winter-2027!",
    });
    expect(wrong).toEqual({ ok: false, error: "wrong_password" });
    const tooShort = await changePassword(ctx, client(headers), customer.id, {
      currentPassword: password,
      newPassword: "x",
    });
    expect(tooShort).toMatchObject({ error: "invalid" });
    const changed = await changePassword(ctx, client(headers), customer.id, {
      currentPassword: password,
      newPassword: "Winter-2027!",
    });
    if (!changed.ok) throw new Error(JSON.stringify(changed));
    expect((await sessionCustomer(ctx, cookieHeaders(changed.setCookies))).customer?.id).toBe(customer.id);
    expect((await sessionCustomer(ctx, headers)).customer).toBeNull();
    expect((await sessionCustomer(ctx, cookieHeaders(other.setCookies))).customer).toBeNull();
    expect((await signIn(ctx, client(), { email, password })).ok).toBe(false);
    expect((await signIn(ctx, client(), { email, password: "Winter-2027!" })).ok).toBe(true);
  });

  it("updates the profile field by field and validates phone and birth date", async () => {
    const { customer } = await registered();
    const updated = await updateCustomerProfile(ctx, customer.id, { phone: "+49 30 1234567", birthDate: "1990-02-28" });
    expect(updated).toMatchObject({
      ok: true,
      customer: { firstName: "Lena", lastName: "Berg", phone: "+49 30 1234567", birthDate: "1990-02-28" },
    });
    const user = await ctx.db.selectFrom("auth_user").select("name").where("id", "=", customer.id).executeTakeFirst();
    expect(user?.name).toBe("Lena Berg");
    const renamed = await updateCustomerProfile(ctx, customer.id, { firstName: "Lea", phone: "" });
    expect(renamed).toMatchObject({ ok: true, customer: { firstName: "Lea", phone: null, birthDate: "1990-02-28" } });
    const invalid = await updateCustomerProfile(ctx, customer.id, {
      birthDate: "1990-02-30",
      phone: "call me",
      lastName: "x".repeat(61),
    });
    if (invalid.ok) throw new Error("expected issues");
    expect(invalid.issues.map((i) => [i.field, i.code]).sort()).toEqual([
      ["birthDate", "invalid_birth_date"],
      ["lastName", "too_long"],
      ["phone", "invalid_phone"],
    ]);
    const future = await updateCustomerProfile(ctx, customer.id, { birthDate: "2999-01-01" });
    expect(future.ok).toBe(false);
  });

  it("keeps a customer in group new until the first order", async () => {
    const { customer } = await registered();
    expect(customerType(customer)).toBe("new");
    expect(await markCustomerOrdered(ctx, customer.id)).toBe(true);
    expect(await markCustomerOrdered(ctx, customer.id)).toBe(false);
    const after = await loadCustomer(ctx, customer.id);
    expect(after?.groups).toEqual([]);
    expect(customerType(after)).toBe("existing");
    expect(customerType(null)).toBe("guest");
  });
});

describe(`guest customers (${dialectName})`, () => {
  /** The token of the newest conversion mail to an address (the test mails carry it as their text). */
  async function conversionToken(email: string): Promise<string> {
    const mails = await outboxMails(ctx, email, "guest-conversion");
    return mails.at(-1)?.text as string;
  }

  it("creates a guest customer without a password; a later checkout with the address changes nothing", async () => {
    const email = uniqueEmail("gast");
    const created = await createGuestCustomer(ctx, {
      email,
      firstName: "Gina",
      lastName: "Gast",
      phone: "+41 44 123 45 67",
    });
    if (!created.ok) throw new Error(JSON.stringify(created));
    expect(created.created).toBe(true);
    expect(created.customer).toMatchObject({
      email,
      status: { isGuestCustomer: true },
      groups: ["new"],
      phone: "+41 44 123 45 67",
    });
    expect((await signIn(ctx, client(), { email, password: "anything-1" })).ok).toBe(false);

    // Whoever types the address next gets their order on the same customer, and neither sees nor changes it.
    const again = await createGuestCustomer(ctx, { email: email.toUpperCase(), firstName: "Mallory", lastName: "X" });
    expect(again).toMatchObject({
      ok: true,
      created: false,
      customer: { id: created.customer.id, firstName: "Gina", lastName: "Gast", phone: "+41 44 123 45 67" },
    });
  });

  it("refuses a guest checkout with the address of a full account", async () => {
    const { email } = await registered();
    expect(await createGuestCustomer(ctx, { email, firstName: "A", lastName: "B" })).toEqual({
      ok: false,
      error: "email_registered",
    });
    expect(await createGuestCustomer(ctx, { email: "nope", firstName: "A", lastName: "B" })).toMatchObject({
      ok: false,
      error: "invalid",
    });
  });

  it("turns a guest customer into a full account only with the single-use link from the mail", async () => {
    const email = uniqueEmail("gast");
    const created = await createGuestCustomer(ctx, { email, firstName: "Gina", lastName: "Gast" });
    if (!created.ok) throw new Error("guest");
    // Without a token from the mail nothing sets a password.
    for (const token of ["", "forged-token-value-123", "x".repeat(43)]) {
      expect(await convertGuestCustomer(ctx, client(), { token, password: "Sommer-2026!" })).toEqual({
        ok: false,
        error: "invalid_token",
      });
    }
    expect(await requestGuestConversion(ctx, client(), created.customer.id)).toEqual({ ok: true });
    const [mail] = await outboxMails(ctx, email, "guest-conversion");
    expect(mail?.subject).toBe("Keep your account, Gina Gast");
    const token = await conversionToken(email);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await guestConversionEmail(ctx, token)).toBe(email);
    // Stored hashed.
    const stored = await ctx.db.selectFrom("auth_verification").select("identifier").execute();
    expect(stored.some((row) => row.identifier.includes(token))).toBe(false);

    expect(await convertGuestCustomer(ctx, client(), { token, password: "password1" })).toMatchObject({
      ok: false,
      error: "invalid",
      issues: [{ field: "password", code: "common_password" }],
    });
    const converted = await convertGuestCustomer(ctx, client(), { token, password: "Sommer-2026!" });
    if (!converted.ok) throw new Error(JSON.stringify(converted));
    expect(converted.customer).toMatchObject({ id: created.customer.id, status: { isGuestCustomer: false } });
    expect((await sessionCustomer(ctx, cookieHeaders(converted.setCookies))).customer?.id).toBe(created.customer.id);
    expect((await signIn(ctx, client(), { email, password: "Sommer-2026!" })).ok).toBe(true);
    // Once only.
    expect(await guestConversionEmail(ctx, token)).toBeNull();
    expect(await convertGuestCustomer(ctx, client(), { token, password: "Winter-2027!" })).toEqual({
      ok: false,
      error: "invalid_token",
    });
    expect(await requestGuestConversion(ctx, client(), created.customer.id)).toEqual({
      ok: false,
      error: "not_a_guest",
    });
  });

  it("publishes registrations and password-reset requests as events, never a guest checkout", async () => {
    const from = await currentEventCursor(ctx.db);
    const { email, customer } = await registered();
    const guestEmail = uniqueEmail("gast");
    const guest = await createGuestCustomer(ctx, { email: guestEmail, firstName: "Gina", lastName: "Gast" });
    if (!guest.ok) throw new Error("guest");
    expect(await requestGuestConversion(ctx, client(), guest.customer.id)).toEqual({ ok: true });
    const converted = await convertGuestCustomer(ctx, client(), {
      token: await conversionToken(guestEmail),
      password: "Sommer-2026!",
    });
    expect(converted.ok).toBe(true);
    await requestPasswordReset(ctx, client(), { email, callbackPath: "/de/login/callback/" });
    await requestPasswordReset(ctx, client(), { email: uniqueEmail("niemand"), callbackPath: "/de/login/callback/" });
    await ctx.auth.settled();
    const expected = [
      { type: "customer.registered", entity: "customer", entityId: customer.id, payload: {} },
      { type: "customer.registered", entity: "customer", entityId: guest.customer.id, payload: {} },
      { type: "password_reset.requested", entity: "customer", entityId: customer.id, payload: {} },
    ];
    // PostgreSQL hands events out once every transaction before them has ended (other test files write too).
    await expect
      .poll(async () =>
        (await readEventsAfter(ctx.db, from)).events.map(({ type, entity, entityId, payload }) => ({
          type,
          entity,
          entityId,
          payload,
        })),
      )
      .toEqual(expected);
  });

  it("lets a conversion link expire after a day, and limits the mails per address", async () => {
    const email = uniqueEmail("gast");
    const created = await createGuestCustomer(ctx, { email, firstName: "Gina", lastName: "Gast" });
    if (!created.ok) throw new Error("guest");
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.guestConversionPerEmail.limit; i++) {
      expect(await requestGuestConversion(ctx, client(), created.customer.id)).toEqual({ ok: true });
    }
    expect(await requestGuestConversion(ctx, client(), created.customer.id)).toMatchObject({ error: "rate_limited" });
    const token = await conversionToken(email);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    expect(await guestConversionEmail(ctx, token)).toBeNull();
    expect(await convertGuestCustomer(ctx, client(), { token, password: "Sommer-2026!" })).toEqual({
      ok: false,
      error: "invalid_token",
    });
  });

  it("does not take a session of a guest customer for a sign-in", async () => {
    const email = uniqueEmail("gast");
    const created = await createGuestCustomer(ctx, { email, firstName: "Gina", lastName: "Gast" });
    if (!created.ok) throw new Error("guest");
    // A session as guest checkouts used to start them.
    const session = await ctx.auth.api.startCustomerSession({
      body: { userId: created.customer.id },
      headers: new Headers(),
      returnHeaders: true,
    });
    const headers = cookieHeaders(session.headers.getSetCookie());
    expect((await sessionCustomer(ctx, headers)).customer).toBeNull();
    const left = await ctx.db
      .selectFrom("auth_session")
      .select("id")
      .where("user_id", "=", created.customer.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("turns a guest customer into a full account through the password reset mail", async () => {
    const email = uniqueEmail("gast");
    const created = await createGuestCustomer(ctx, { email, firstName: "Gina", lastName: "Gast" });
    if (!created.ok) throw new Error("guest");
    await requestPasswordReset(ctx, client(), { email, callbackPath: "/at/login/callback/" });
    await ctx.auth.settled();
    const mail = ctx.resetMails.at(-1);
    expect(mail).toMatchObject({ email, callbackPath: "/at/login/callback/" });
    expect(await resetPassword(ctx, { token: mail?.token as string, newPassword: "Sommer-2026!" })).toEqual({
      ok: true,
    });
    expect((await loadCustomer(ctx, created.customer.id))?.status.isGuestCustomer).toBe(false);
    expect((await signIn(ctx, client(), { email, password: "Sommer-2026!" })).ok).toBe(true);
  });
});
