import { betterAuth } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import type { Clock } from "../clock.ts";
import { withTransaction } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import { publishEvent } from "../events/publish.ts";
import { wakeJob } from "../jobs/runner.ts";
import { enqueueMail, type OutboxMessage } from "../orders/outbox.ts";
import { markGuestCustomerRegistered } from "./customers.ts";

/**
 * Authentication through better-auth on the shop's own database (Kysely, SQLite or PostgreSQL): password hashing
 * (scrypt), sessions, session cookies, reset tokens. The storefront never mounts better-auth's HTTP handler;
 * route actions call `auth.api.*` in-process, so the shop's own CSRF check, rate limits and redirect rules sit in
 * front of every call (customers/accounts.ts).
 */
export interface AccountAuthOptions {
  db: Db;
  clock: Clock;
  /** The process secret (config.resolveSecret): signs session cookies. */
  secret: string;
  /** Public origin of the shop. */
  baseURL: string;
  /** HTTPS: cookies get `Secure` and the `__Secure-` prefix. */
  secureCookies: boolean;
  /**
   * Words the password-reset mail. `callbackPath` is the shop path the link must open (it carries the store),
   * `token` the single-use reset token. The mail goes to the outbox with the `password_reset.requested` event, in
   * one transaction, and the worker delivers it; neither the answer nor its timing tells whether the address is
   * registered.
   */
  passwordResetMail(args: { email: string; name: string; token: string; callbackPath: string }): OutboxMessage;
}

const DAY_SECONDS = 24 * 60 * 60;
/** A session lasts 30 days and is extended at most once a day while the shopper keeps coming back. */
export const SESSION_MAX_AGE_SECONDS = 30 * DAY_SECONDS;
export const SESSION_UPDATE_AGE_SECONDS = DAY_SECONDS;
/** A reset link works once, for an hour. */
export const PASSWORD_RESET_TOKEN_SECONDS = 60 * 60;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const SESSION_COOKIE_PREFIX = "vitrine";

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

/**
 * Server-only endpoint: a session for a customer the shop identified without a sign-in form (a guest customer who
 * has just set a password with the link from the mail). Never reachable over HTTP.
 */
const customerSessions = {
  id: "vitrine-customer-session",
  endpoints: {
    startCustomerSession: createAuthEndpoint.serverOnly(
      { method: "POST", body: z.object({ userId: z.string().min(1) }) },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError("NOT_FOUND", { message: "User not found", code: "USER_NOT_FOUND" });
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "Failed to create session" });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ token: session.token });
      },
    ),
  },
};

export function createAccountAuth(options: AccountAuthOptions) {
  const pending = new Set<Promise<unknown>>();
  const auth = betterAuth({
    appName: "Vitrine",
    baseURL: options.baseURL,
    secret: options.secret,
    database: { db: options.db, type: dialect(options.db), transaction: true },
    telemetry: { enabled: false },
    // Our own limiter (rate-limit/) guards sign-in, sign-up and reset across processes; better-auth's only
    // covers its HTTP handler, which the shop does not mount.
    rateLimit: { enabled: false },
    logger: { level: "error" },
    user: {
      modelName: "auth_user",
      fields: { emailVerified: "email_verified", ...timestamps },
    },
    session: {
      modelName: "auth_session",
      fields: {
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
        ...timestamps,
      },
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    account: {
      modelName: "auth_account",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...timestamps,
      },
    },
    verification: {
      modelName: "auth_verification",
      fields: { expiresAt: "expires_at", ...timestamps },
      // Reset tokens are stored hashed: a copy of the database does not hand out working links.
      storeIdentifier: "hashed",
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url, token }) {
        const callbackPath = new URL(url).searchParams.get("callbackURL") ?? "";
        const message = options.passwordResetMail({ email: user.email, name: user.name, token, callbackPath });
        await withTransaction(options, async (tx) => {
          await publishEvent(tx, { type: "password_reset.requested", entity: "customer", entityId: user.id });
          await enqueueMail(tx, message, tx.clock.now());
        });
        await wakeJob(options, "mail");
      },
      // A guest customer who sets a password through the mail link has proven the address: a full account now.
      async onPasswordReset({ user }) {
        await markGuestCustomerRegistered(options, user.id);
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      backgroundTasks: {
        handler(promise) {
          pending.add(promise);
          void promise.finally(() => pending.delete(promise));
        },
      },
    },
    plugins: [customerSessions],
  });
  return Object.assign(auth, {
    /** Resolves when mails queued in the background have been handed to the transport (tests, shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  });
}

export type AccountAuth = ReturnType<typeof createAccountAuth>;
