import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_RATE_LIMITS,
  changePassword,
  isPasswordResetTokenValid,
  registerGuestCustomer,
  requestPasswordReset,
  resetPassword,
  sessionCustomer,
  signIn,
  signOut,
  signUp,
  startGuestCustomerSession,
} from "./accounts.ts";
import {
  createGuestCustomer,
  customerType,
  loadCustomer,
  markCustomerOrdered,
  updateCustomerProfile,
} from "./customers.ts";
import { type AccountTestContext, cookieHeaders, createAccountTestContext, uniqueEmail } from "./test-context.ts";

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

  it("rate-limits sign-in per e-mail across addresses, and per address across e-mails", async () => {
    const { email } = await registered();
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.signInPerEmail.limit; i++) {
      expect((await signIn(ctx, client(), { email, password: `guess-${i}` })).ok).toBe(false);
    }
    const blocked = await signIn(ctx, client(), { email, password: "guess-again" });
    expect(blocked).toMatchObject({ ok: false, error: "rate_limited" });
    if (blocked.ok || blocked.error !== "rate_limited") return;
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);

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
    const before = ctx.mails.length;
    const known = await requestPasswordReset(ctx, client(), { email, callbackPath: "/de/login/callback/" });
    const unknown = await requestPasswordReset(ctx, client(), {
      email: uniqueEmail("unknown"),
      callbackPath: "/de/login/callback/",
    });
    expect(known).toEqual(unknown);
    await ctx.auth.settled();
    expect(ctx.mails.slice(before)).toHaveLength(1);
    const mail = ctx.mails.at(-1);
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
    const token = ctx.mails.at(-1)?.token as string;
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
  it("creates a guest customer without a password, signs them in as guest customer", async () => {
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

    const session = await startGuestCustomerSession(ctx, new Headers(), created.customer.id);
    if (!session.ok) throw new Error("no guest session");
    const current = await sessionCustomer(ctx, cookieHeaders(session.setCookies));
    expect(current.customer?.status.isGuestCustomer).toBe(true);

    // The same address at a later guest checkout: the same guest customer, with the new checkout's details only.
    const again = await createGuestCustomer(ctx, { email: email.toUpperCase(), firstName: "Gerd", lastName: "Gast" });
    expect(again).toMatchObject({
      ok: true,
      created: false,
      customer: { id: created.customer.id, firstName: "Gerd", phone: null },
    });
  });

  it("refuses a guest checkout with the address of a full account", async () => {
    const { email, customer } = await registered();
    expect(await createGuestCustomer(ctx, { email, firstName: "A", lastName: "B" })).toEqual({
      ok: false,
      error: "email_registered",
    });
    expect(await startGuestCustomerSession(ctx, new Headers(), customer.id)).toEqual({
      ok: false,
      error: "not_a_guest",
    });
    expect(await createGuestCustomer(ctx, { email: "nope", firstName: "A", lastName: "B" })).toMatchObject({
      ok: false,
      error: "invalid",
    });
  });

  it("turns a guest customer into a full account when they set a password", async () => {
    const email = uniqueEmail("gast");
    const created = await createGuestCustomer(ctx, { email, firstName: "Gina", lastName: "Gast" });
    if (!created.ok) throw new Error("guest");
    const session = await startGuestCustomerSession(ctx, new Headers(), created.customer.id);
    if (!session.ok) throw new Error("session");
    const headers = cookieHeaders(session.setCookies);
    const registeredGuest = await registerGuestCustomer(ctx, client(headers), created.customer.id, {
      password: "Sommer-2026!",
    });
    if (!registeredGuest.ok) throw new Error(JSON.stringify(registeredGuest));
    expect(registeredGuest.customer).toMatchObject({ id: created.customer.id, status: { isGuestCustomer: false } });
    // Rotated: the guest session is gone, the new one works.
    expect((await sessionCustomer(ctx, headers)).customer).toBeNull();
    expect((await sessionCustomer(ctx, cookieHeaders(registeredGuest.setCookies))).customer?.id).toBe(
      created.customer.id,
    );
    expect((await signIn(ctx, client(), { email, password: "Sommer-2026!" })).ok).toBe(true);
    expect(
      await registerGuestCustomer(ctx, client(headers), created.customer.id, { password: "x-Sommer-2026" }),
    ).toEqual({
      ok: false,
      error: "not_a_guest",
    });
  });

  it("turns a guest customer into a full account through the password reset mail", async () => {
    const email = uniqueEmail("gast");
    const created = await createGuestCustomer(ctx, { email, firstName: "Gina", lastName: "Gast" });
    if (!created.ok) throw new Error("guest");
    await requestPasswordReset(ctx, client(), { email, callbackPath: "/at/login/callback/" });
    await ctx.auth.settled();
    const mail = ctx.mails.at(-1);
    expect(mail).toMatchObject({ email, callbackPath: "/at/login/callback/" });
    expect(await resetPassword(ctx, { token: mail?.token as string, newPassword: "Sommer-2026!" })).toEqual({
      ok: true,
    });
    expect((await loadCustomer(ctx, created.customer.id))?.status.isGuestCustomer).toBe(false);
    expect((await signIn(ctx, client(), { email, password: "Sommer-2026!" })).ok).toBe(true);
  });
});
