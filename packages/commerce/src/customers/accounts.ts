import { randomBytes } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import type { RenderedMail } from "../mail/templates.ts";
import { enqueueMail } from "../orders/outbox.ts";
import {
  hitRateLimit,
  hitRateLimits,
  type RateLimitRule,
  type RateLimitSubject,
  resetRateLimit,
} from "../rate-limit/rate-limit.ts";
import { text } from "../validation.ts";
import {
  type AccountContext,
  type Customer,
  ensureCustomerProfile,
  loadCustomer,
  markGuestCustomerRegistered,
} from "./customers.ts";
import { type AccountIssue, emailSchema, NAME_MAX, parseAccountInput, passwordSchema } from "./validation.ts";

/**
 * Sign-up, sign-in, sign-out, sessions, password reset and change: the shop's rules (input, rate limits,
 * session rotation, guest customers) around better-auth, which does the hashing, the sessions and the tokens.
 * Every function that starts or ends a session returns the `Set-Cookie` values for the response.
 */

/** Who is asking: the request headers (cookies) and the client's address (rate limits). */
export interface ClientRequest {
  headers: Headers;
  clientAddress: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Limits per client address and per e-mail address (counted in the database, across processes). Sign-in has no
 * limit per e-mail alone: failures from anywhere would then lock the owner out. An address guessing is slowed
 * down instead (per address, and per e-mail from that address), and the owner is told by mail.
 */
export const ACCOUNT_RATE_LIMITS = {
  signInPerAddress: { name: "sign-in-ip", limit: 30, windowMs: 15 * MINUTE_MS },
  signInPerEmailAndAddress: { name: "sign-in-email-ip", limit: 10, windowMs: 15 * MINUTE_MS },
  signUpPerAddress: { name: "sign-up-ip", limit: 20, windowMs: HOUR_MS },
  signUpPerEmail: { name: "sign-up-email", limit: 5, windowMs: HOUR_MS },
  passwordResetPerAddress: { name: "password-reset-ip", limit: 10, windowMs: HOUR_MS },
  passwordResetPerEmail: { name: "password-reset-email", limit: 5, windowMs: HOUR_MS },
  passwordChangePerCustomer: { name: "password-change", limit: 10, windowMs: 15 * MINUTE_MS },
  guestConversionPerAddress: { name: "guest-conversion-ip", limit: 10, windowMs: HOUR_MS },
  guestConversionPerEmail: { name: "guest-conversion-email", limit: 3, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

/**
 * Failed sign-ins for one e-mail, from any address. Never refuses anyone: when the count reaches the limit, the
 * owner gets one mail for the window (not one per attempt).
 */
export const FAILED_SIGN_IN_ALERT = { name: "sign-in-failures", limit: 10, windowMs: HOUR_MS } satisfies RateLimitRule;

/**
 * The account mails the services send (through the mail outbox). The storefront words them in the language of
 * the store the request came from; the services decide when one goes out and to whom.
 */
export interface AccountMails {
  /** The link with which a guest customer sets a password; `token` belongs in the link. */
  guestConversion(recipient: MailRecipient, token: string): RenderedMail;
  /** Many failed sign-ins for the account: if that was not them, they can choose a new password. */
  failedSignIns(recipient: MailRecipient): RenderedMail;
}

export interface MailRecipient {
  email: string;
  name: string;
}

/** Services that may send an account mail also need their wording. */
export interface AccountMailContext extends AccountContext {
  mails: AccountMails;
}

export type RateLimited = { ok: false; error: "rate_limited"; retryAfterSeconds: number };
export type Invalid = { ok: false; error: "invalid"; issues: AccountIssue[] };
export type SignedIn = { ok: true; customer: Customer; setCookies: string[] };

const ip = (client: ClientRequest): RateLimitSubject => ({ scope: "ip", value: client.clientAddress || "unknown" });
const mail = (email: string): RateLimitSubject => ({ scope: "email", value: email });
const mailFrom = (email: string, client: ClientRequest): RateLimitSubject => ({
  scope: "email-ip",
  value: `${email} ${client.clientAddress || "unknown"}`,
});

async function limited(
  ctx: AccountContext,
  checks: { rule: RateLimitRule; subject: RateLimitSubject }[],
): Promise<RateLimited | null> {
  const verdict = await hitRateLimits(ctx, checks);
  return verdict.allowed ? null : { ok: false, error: "rate_limited", retryAfterSeconds: verdict.retryAfterSeconds };
}

function errorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

/** The token of the session the request carries, if it is valid. */
async function currentSessionToken(ctx: AccountContext, headers: Headers): Promise<string | null> {
  if (!headers.get("cookie")) return null;
  const session = await ctx.auth.api.getSession({ headers, query: { disableRefresh: true } });
  return session?.session.token ?? null;
}

/** Ends the session the request came with (session rotation: a sign-in never keeps the old session id). */
async function revokeSession(ctx: AccountContext, token: string | null, keep?: string): Promise<void> {
  if (!token || token === keep) return;
  const auth = await ctx.auth.$context;
  await auth.internalAdapter.deleteSession(token);
}

const signUpSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstName: text().trim().min(1).max(NAME_MAX),
  lastName: text().trim().min(1).max(NAME_MAX),
});

export type SignUpResult = SignedIn | Invalid | RateLimited | { ok: false; error: "email_taken" };

/** Creates an account (customer profile, group `new`) and signs it in. */
export async function signUp(
  ctx: AccountContext,
  client: ClientRequest,
  input: { email: unknown; password: unknown; firstName: unknown; lastName: unknown },
): Promise<SignUpResult> {
  const parsed = parseAccountInput(signUpSchema, input);
  if (!parsed.ok) return { ok: false, error: "invalid", issues: parsed.issues };
  const { email, password, firstName, lastName } = parsed.value;
  const refused = await limited(ctx, [
    { rule: ACCOUNT_RATE_LIMITS.signUpPerAddress, subject: ip(client) },
    { rule: ACCOUNT_RATE_LIMITS.signUpPerEmail, subject: mail(email) },
  ]);
  if (refused) return refused;

  const previous = await currentSessionToken(ctx, client.headers);
  let result: { headers: Headers; response: { token: string | null; user: { id: string } } };
  try {
    result = await ctx.auth.api.signUpEmail({
      body: { email, password, name: `${firstName} ${lastName}` },
      headers: client.headers,
      returnHeaders: true,
    });
  } catch (error) {
    const code = errorCode(error);
    if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || code === "USER_ALREADY_EXISTS") {
      return { ok: false, error: "email_taken" };
    }
    throw error;
  }
  return finishSignIn(
    ctx,
    result.response.user.id,
    { firstName, lastName },
    previous,
    result.response.token,
    result.headers.getSetCookie(),
  );
}

async function finishSignIn(
  ctx: AccountContext,
  userId: string,
  profile: { firstName?: string; lastName?: string },
  previousToken: string | null,
  newToken: string | null,
  setCookies: string[],
): Promise<SignedIn> {
  await ensureCustomerProfile(ctx, userId, profile);
  await revokeSession(ctx, previousToken, newToken ?? undefined);
  const customer = await loadCustomer(ctx, userId);
  if (!customer) throw new Error(`no customer profile for ${userId}`);
  return { ok: true, customer, setCookies };
}

export type SignInResult = SignedIn | RateLimited | { ok: false; error: "invalid_credentials" };

/**
 * Signs in with e-mail and password; a new session replaces the one the request came with. Guessing is slowed
 * down per client address and per e-mail from that address, never for the owner signing in from elsewhere.
 */
export async function signIn(
  ctx: AccountMailContext,
  client: ClientRequest,
  input: { email: unknown; password: unknown },
): Promise<SignInResult> {
  const email = parseAccountInput(emailSchema, input.email);
  const password = typeof input.password === "string" ? input.password : "";
  if (!email.ok || password === "") return { ok: false, error: "invalid_credentials" };
  const refused = await limited(ctx, [
    { rule: ACCOUNT_RATE_LIMITS.signInPerAddress, subject: ip(client) },
    { rule: ACCOUNT_RATE_LIMITS.signInPerEmailAndAddress, subject: mailFrom(email.value, client) },
  ]);
  if (refused) return refused;

  const previous = await currentSessionToken(ctx, client.headers);
  let result: { headers: Headers; response: { token: string; user: { id: string } } };
  try {
    result = await ctx.auth.api.signInEmail({
      body: { email: email.value, password },
      headers: client.headers,
      returnHeaders: true,
    });
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "PASSWORD_TOO_LONG" || code === "INVALID_EMAIL") {
      await countFailedSignIn(ctx, email.value);
      return { ok: false, error: "invalid_credentials" };
    }
    throw error;
  }
  await resetRateLimit(ctx, ACCOUNT_RATE_LIMITS.signInPerEmailAndAddress, mailFrom(email.value, client));
  return finishSignIn(ctx, result.response.user.id, {}, previous, result.response.token, result.headers.getSetCookie());
}

/** Counts a failed sign-in for the e-mail; the one that reaches the alert limit tells the account's owner. */
async function countFailedSignIn(ctx: AccountMailContext, email: string): Promise<void> {
  const count = await hitRateLimit(ctx, FAILED_SIGN_IN_ALERT, mail(email));
  if (!count.allowed || count.remaining > 0) return;
  const auth = await ctx.auth.$context;
  const found = await auth.internalAdapter.findUserByEmail(email);
  if (!found || !(await auth.internalAdapter.findCredentialAccount(found.user.id))?.password) return;
  const rendered = ctx.mails.failedSignIns({ email: found.user.email, name: found.user.name });
  await enqueueMail(ctx, { kind: "sign-in-alert", to: found.user.email, ...rendered }, ctx.clock.now());
}

/** Ends the session on the server and clears its cookie. */
export async function signOut(ctx: AccountContext, headers: Headers): Promise<{ setCookies: string[] }> {
  const result = await ctx.auth.api.signOut({ headers, returnHeaders: true });
  return { setCookies: result.headers.getSetCookie() };
}

/**
 * The signed-in customer of a request, or null. `setCookies` carries a refreshed session cookie (a session is
 * extended once a day) or the removal of a cookie whose session is gone.
 */
export async function sessionCustomer(
  ctx: AccountContext,
  headers: Headers,
): Promise<{ customer: Customer | null; setCookies: string[] }> {
  if (!headers.get("cookie")) return { customer: null, setCookies: [] };
  const result = await ctx.auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = result.headers.getSetCookie();
  const session = result.response;
  if (!session) return { customer: null, setCookies };
  let customer = await loadCustomer(ctx, session.user.id);
  // A guest customer never proved the address and never signs in: a session for one is left from before the
  // mail link was needed, and is no sign-in.
  if (customer?.status.isGuestCustomer) {
    await revokeSession(ctx, session.session.token);
    return { customer: null, setCookies };
  }
  if (!customer) {
    await ensureCustomerProfile(ctx, session.user.id);
    customer = await loadCustomer(ctx, session.user.id);
  }
  return { customer, setCookies };
}

export type PasswordResetRequestResult = { ok: true } | Invalid | RateLimited;

/**
 * Sends a reset link when the address has an account; answers the same either way (the flow never tells
 * whether an address is registered). `callbackPath` is the shop page the link opens, with the token added.
 */
export async function requestPasswordReset(
  ctx: AccountContext,
  client: ClientRequest,
  input: { email: unknown; callbackPath: string },
): Promise<PasswordResetRequestResult> {
  if (!input.callbackPath.startsWith("/") || input.callbackPath.startsWith("//")) {
    throw new Error("requestPasswordReset: callbackPath must be a path on the shop");
  }
  const email = parseAccountInput(emailSchema, input.email);
  if (!email.ok) return { ok: false, error: "invalid", issues: email.issues.map((i) => ({ ...i, field: "email" })) };
  const refused = await limited(ctx, [
    { rule: ACCOUNT_RATE_LIMITS.passwordResetPerAddress, subject: ip(client) },
    { rule: ACCOUNT_RATE_LIMITS.passwordResetPerEmail, subject: mail(email.value) },
  ]);
  if (refused) return refused;
  await ctx.auth.api.requestPasswordReset({ body: { email: email.value, redirectTo: input.callbackPath } });
  return { ok: true };
}

const RESET_IDENTIFIER_PREFIX = "reset-password:";

/** Whether a reset token is known and not expired (the link page asks before showing the form). */
export async function isPasswordResetTokenValid(ctx: AccountContext, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(token)) return false;
  const auth = await ctx.auth.$context;
  const verification = await auth.internalAdapter.findVerificationValue(`${RESET_IDENTIFIER_PREFIX}${token}`);
  return !!verification && new Date(verification.expiresAt).getTime() > ctx.clock.now().getTime();
}

export type PasswordResetResult = { ok: true } | Invalid | { ok: false; error: "invalid_token" };

/**
 * Sets a new password with a reset token: the token works once and expires; every session of the account ends
 * (a guest customer becomes a full account).
 */
export async function resetPassword(
  ctx: AccountContext,
  input: { token: string; newPassword: unknown },
): Promise<PasswordResetResult> {
  const password = parseAccountInput(passwordSchema, input.newPassword);
  if (!password.ok)
    return { ok: false, error: "invalid", issues: password.issues.map((i) => ({ ...i, field: "newPassword" })) };
  if (!input.token) return { ok: false, error: "invalid_token" };
  try {
    await ctx.auth.api.resetPassword({ body: { token: input.token, newPassword: password.value } });
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return { ok: false, error: "invalid_token" };
    throw error;
  }
  return { ok: true };
}

export type PasswordChangeResult =
  | { ok: true; setCookies: string[] }
  | Invalid
  | RateLimited
  | { ok: false; error: "wrong_password" | "no_password" };

/**
 * Changes the password of the signed-in customer after checking the current one. Every other session ends and
 * this one gets a new id.
 */
export async function changePassword(
  ctx: AccountContext,
  client: ClientRequest,
  customerId: string,
  input: { currentPassword: unknown; newPassword: unknown },
): Promise<PasswordChangeResult> {
  const password = parseAccountInput(passwordSchema, input.newPassword);
  if (!password.ok)
    return { ok: false, error: "invalid", issues: password.issues.map((i) => ({ ...i, field: "newPassword" })) };
  const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
  if (!current) {
    return {
      ok: false,
      error: "invalid",
      issues: [{ field: "currentPassword", code: "required", message: "value is required." }],
    };
  }
  const refused = await limited(ctx, [
    { rule: ACCOUNT_RATE_LIMITS.passwordChangePerCustomer, subject: { scope: "customer", value: customerId } },
  ]);
  if (refused) return refused;
  try {
    const result = await ctx.auth.api.changePassword({
      body: { currentPassword: current, newPassword: password.value, revokeOtherSessions: true },
      headers: client.headers,
      returnHeaders: true,
    });
    return { ok: true, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD" || code === "PASSWORD_TOO_LONG") return { ok: false, error: "wrong_password" };
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { ok: false, error: "no_password" };
    throw error;
  }
}

const GUEST_CONVERSION_PREFIX = "guest-conversion:";
/** A conversion link works once, for a day (it follows an order, the shopper may read the mail later). */
export const GUEST_CONVERSION_TOKEN_SECONDS = 24 * 60 * 60;
const LINK_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

export type GuestConversionRequestResult = { ok: true } | RateLimited | { ok: false; error: "not_a_guest" };

/**
 * Sends a guest customer the link with which they set a password and keep the account. Only the link proves the
 * address: whoever typed it at checkout need not own it. The token is random, stored hashed (better-auth's
 * verification table), works once and expires; the mail goes through the outbox.
 */
export async function requestGuestConversion(
  ctx: AccountMailContext,
  client: ClientRequest,
  customerId: string,
): Promise<GuestConversionRequestResult> {
  const customer = await loadCustomer(ctx, customerId);
  if (!customer?.status.isGuestCustomer) return { ok: false, error: "not_a_guest" };
  const refused = await limited(ctx, [
    { rule: ACCOUNT_RATE_LIMITS.guestConversionPerAddress, subject: ip(client) },
    { rule: ACCOUNT_RATE_LIMITS.guestConversionPerEmail, subject: mail(customer.email) },
  ]);
  if (refused) return refused;
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const auth = await ctx.auth.$context;
  await auth.internalAdapter.createVerificationValue({
    identifier: `${GUEST_CONVERSION_PREFIX}${token}`,
    value: customer.id,
    expiresAt: new Date(now.getTime() + GUEST_CONVERSION_TOKEN_SECONDS * 1000),
  });
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const rendered = ctx.mails.guestConversion({ email: customer.email, name }, token);
  await enqueueMail(ctx, { kind: "guest-conversion", to: customer.email, ...rendered }, now);
  return { ok: true };
}

/** The e-mail address a conversion link is for, while the link is unused and unexpired and its customer a guest. */
export async function guestConversionEmail(ctx: AccountContext, token: string): Promise<string | null> {
  if (!LINK_TOKEN.test(token)) return null;
  const auth = await ctx.auth.$context;
  const verification = await auth.internalAdapter.findVerificationValue(`${GUEST_CONVERSION_PREFIX}${token}`);
  if (!verification || new Date(verification.expiresAt).getTime() <= ctx.clock.now().getTime()) return null;
  const customer = await loadCustomer(ctx, verification.value);
  return customer?.status.isGuestCustomer ? customer.email : null;
}

export type GuestConversionResult = SignedIn | Invalid | { ok: false; error: "invalid_token" };

/**
 * Sets the first password with the token of the mail link: the guest customer becomes a full account (same
 * customer, same orders) with a verified address, signed in with a new session. The token is used up.
 */
export async function convertGuestCustomer(
  ctx: AccountContext,
  client: ClientRequest,
  input: { token: string; password: unknown },
): Promise<GuestConversionResult> {
  const password = parseAccountInput(passwordSchema, input.password);
  if (!password.ok)
    return { ok: false, error: "invalid", issues: password.issues.map((i) => ({ ...i, field: "password" })) };
  if (!LINK_TOKEN.test(input.token)) return { ok: false, error: "invalid_token" };
  const auth = await ctx.auth.$context;
  // Consumed atomically: of two requests with one token, only one gets it.
  const verification = await auth.internalAdapter.consumeVerificationValue(`${GUEST_CONVERSION_PREFIX}${input.token}`);
  if (!verification) return { ok: false, error: "invalid_token" };
  const customerId = verification.value;
  const customer = await loadCustomer(ctx, customerId);
  if (!customer?.status.isGuestCustomer) return { ok: false, error: "invalid_token" };

  const hash = await auth.password.hash(password.value);
  const account = await auth.internalAdapter.findCredentialAccount(customerId);
  if (account) await auth.internalAdapter.updateAccount(account.id, { password: hash });
  else
    await auth.internalAdapter.linkAccount({
      userId: customerId,
      providerId: "credential",
      accountId: customerId,
      password: hash,
    });
  await auth.internalAdapter.updateUser(customerId, { emailVerified: true });
  await markGuestCustomerRegistered(ctx, customerId);
  await auth.internalAdapter.deleteUserSessions(customerId);
  const session = await startSession(ctx, client.headers, customerId);
  return { ok: true, customer: (await loadCustomer(ctx, customerId)) as Customer, setCookies: session.setCookies };
}

async function startSession(ctx: AccountContext, headers: Headers, userId: string): Promise<{ setCookies: string[] }> {
  const previous = await currentSessionToken(ctx, headers);
  const result = await ctx.auth.api.startCustomerSession({ body: { userId }, headers, returnHeaders: true });
  await revokeSession(ctx, previous, result.response.token);
  return { setCookies: result.headers.getSetCookie() };
}
