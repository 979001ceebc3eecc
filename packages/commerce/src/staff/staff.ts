import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hashPassword, symmetricDecrypt, symmetricEncrypt, verifyPassword } from "better-auth/crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { enqueueMail, type OutboxMessage } from "../orders/outbox.ts";
import { hitRateLimits, type RateLimitRule, resetRateLimit } from "../rate-limit/rate-limit.ts";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "./roles.ts";

/**
 * Staff of the back office: accounts separate from the shop's customers, each with one role, a password (scrypt,
 * the hashing of customer accounts) and a TOTP second factor with backup codes. A staff member is created
 * "invited" with a single-use set-up link (`vitrine staff add`, or an owner's invitation in the back office); the
 * link sets the password and enrols the authenticator. Sessions are random tokens whose SHA-256 is stored; the
 * storefront keeps the token in an HttpOnly cookie scoped to `/admin`. Every change to staff is audited.
 */

export type StaffStatus = "invited" | "active" | "deactivated";

export { isStaffRole, STAFF_AREAS, STAFF_ROLES, type StaffArea, type StaffRole, staffMay } from "./roles.ts";

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  totpEnabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** The context of the staff services: the process secret encrypts the TOTP keys at rest. */
export type StaffCtx = Pick<Ctx, "db" | "clock" | "requestId"> & { secret: string };

export const STAFF_SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
/** A session nobody used for this long ends (a forgotten back-office tab on a shared computer). */
export const STAFF_SESSION_IDLE_SECONDS = 2 * 60 * 60;
/** A set-up link works once, for three days. */
export const STAFF_SETUP_TOKEN_SECONDS = 3 * 24 * 60 * 60;
export const STAFF_MIN_PASSWORD_LENGTH = 12;
export const STAFF_MAX_PASSWORD_LENGTH = 128;
export const BACKUP_CODE_COUNT = 10;
const TOTP_ISSUER = "Vitrine";
const TOTP_PERIOD = 30;
const LAST_SEEN_EVERY_MS = 60_000;
const MINUTE_MS = 60_000;

/** Sign-in attempts: per client address and per e-mail address (every attempt counts, right or wrong). */
export const STAFF_RATE_LIMITS = {
  signInByIp: { name: "staff-sign-in-ip", limit: 20, windowMs: 15 * MINUTE_MS },
  signInByEmail: { name: "staff-sign-in-email", limit: 8, windowMs: 15 * MINUTE_MS },
  setup: { name: "staff-setup", limit: 20, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, RateLimitRule>;

type RateLimited = { ok: false; error: "rate_limited"; retryAfterSeconds: number };
type Invalid = { ok: false; error: "invalid"; issues: { field: string; code: string }[] };

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const newToken = () => randomBytes(32).toString("base64url");
const normalizeEmail = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: string;
  status: string;
  totp_secret: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

function memberOf(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : "warehouse",
    status: row.status === "active" || row.status === "deactivated" ? row.status : "invited",
    totpEnabled: row.totp_secret !== null,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

/** The staff member's actor in the audit log. */
export function staffActor(member: Pick<StaffMember, "id" | "email">): Actor {
  return { type: "staff", id: member.id, label: member.email };
}

const MEMBER_COLUMNS = [
  "id",
  "email",
  "name",
  "role",
  "status",
  "totp_secret",
  "created_at",
  "last_sign_in_at",
] as const;

export async function getStaff(ctx: Pick<Ctx, "db">, id: string): Promise<StaffMember | undefined> {
  const row = await ctx.db.selectFrom("staff_user").select(MEMBER_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? memberOf(row) : undefined;
}

export async function findStaffByEmail(ctx: Pick<Ctx, "db">, email: string): Promise<StaffMember | undefined> {
  const row = await ctx.db
    .selectFrom("staff_user")
    .select(MEMBER_COLUMNS)
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row ? memberOf(row) : undefined;
}

/** Every staff member, owners first, then by e-mail. */
export async function listStaff(ctx: Pick<Ctx, "db">): Promise<StaffMember[]> {
  const rows = await ctx.db.selectFrom("staff_user").select(MEMBER_COLUMNS).orderBy("email").execute();
  return rows.map(memberOf).sort((a, b) => STAFF_ROLES.indexOf(a.role) - STAFF_ROLES.indexOf(b.role));
}

async function issueSetupToken(ctx: StaffCtx, staffId: string): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  // An older link of the same person stops working: only the newest one is valid.
  await ctx.db
    .updateTable("staff_setup_token")
    .set({ used_at: now.toISOString() })
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .execute();
  await ctx.db
    .insertInto("staff_setup_token")
    .values({
      token_hash: sha256(token),
      staff_id: staffId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STAFF_SETUP_TOKEN_SECONDS * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export interface AddStaffInput {
  email: string;
  role: StaffRole;
  name?: string;
}

export type AddStaffResult =
  | { ok: true; staff: StaffMember; token: string }
  | Invalid
  | { ok: false; error: "email_taken" };

/**
 * Adds a staff member as "invited" and issues the single-use set-up link's token (`vitrine staff add`, an owner's
 * invitation). An invited member who has not set up yet gets a new link instead (the old one stops working).
 * `mail` words the invitation for the outbox: it is queued in the same transaction.
 */
export async function addStaff(
  ctx: StaffCtx,
  actor: Actor,
  input: AddStaffInput,
  mail?: (args: { staff: StaffMember; token: string }) => OutboxMessage,
): Promise<AddStaffResult> {
  const email = normalizeEmail(input.email);
  const name = (input.name ?? "").trim();
  const issues: { field: string; code: string }[] = [];
  if (!EMAIL.test(email) || email.length > 254) issues.push({ field: "email", code: "invalid_email" });
  if (!isStaffRole(input.role)) issues.push({ field: "role", code: "invalid_role" });
  if (name.length > 100) issues.push({ field: "name", code: "too_long" });
  if (issues.length) return { ok: false, error: "invalid", issues };
  return withTransaction(ctx, async (tx) => {
    const now = tx.clock.now().toISOString();
    const existing = await findStaffByEmail(tx, email);
    let staff: StaffMember;
    if (existing) {
      if (existing.status !== "invited") return { ok: false, error: "email_taken" } as const;
      await tx.db
        .updateTable("staff_user")
        .set({ role: input.role, ...(name ? { name } : {}), updated_at: now })
        .where("id", "=", existing.id)
        .execute();
      staff = { ...existing, role: input.role, name: name || existing.name };
      await recordAudit(tx, actor, {
        action: "staff.invite",
        subjectType: "staff",
        subjectId: staff.id,
        ...(changedFields({ role: existing.role }, { role: staff.role }) ?? {}),
        note: "invitation sent again",
      });
    } else {
      const id = randomUUID();
      await tx.db
        .insertInto("staff_user")
        .values({
          id,
          email,
          name,
          role: input.role,
          status: "invited",
          password_hash: null,
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: 0,
          backup_codes: "[]",
          created_at: now,
          updated_at: now,
          last_sign_in_at: null,
        })
        .execute();
      staff = memberOf({
        id,
        email,
        name,
        role: input.role,
        status: "invited",
        totp_secret: null,
        created_at: now,
        last_sign_in_at: null,
      });
      await recordAudit(tx, actor, {
        action: "staff.invite",
        subjectType: "staff",
        subjectId: id,
        before: null,
        after: { email, name, role: input.role, status: "invited" },
      });
    }
    const token = await issueSetupToken(tx, staff.id);
    if (mail) await enqueueMail(tx, mail({ staff, token }), tx.clock.now());
    return { ok: true, staff, token } as const;
  });
}

async function setupTokenRow(ctx: StaffCtx, token: string) {
  if (!token || token.length > 100) return undefined;
  const row = await ctx.db
    .selectFrom("staff_setup_token")
    .selectAll()
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= ctx.clock.now().toISOString()) return undefined;
  return row;
}

export interface StaffSetup {
  staff: StaffMember;
  /** The TOTP key in base32, to type into an authenticator app. */
  secret: string;
  /** The `otpauth://` URI of the key (what the QR code holds). */
  uri: string;
  /** The QR code of the URI as an SVG `data:` URL. */
  qrDataUrl: string;
}

function totpFor(email: string, secretBase32: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/**
 * What the set-up page shows for a valid link: the staff member and the TOTP key to enrol (created on the first
 * visit and kept, so a reload shows the same key). Undefined for an unknown, used or expired link.
 */
export async function staffSetup(ctx: StaffCtx, token: string): Promise<StaffSetup | undefined> {
  const row = await setupTokenRow(ctx, token);
  if (!row) return undefined;
  const user = await ctx.db
    .selectFrom("staff_user")
    .select([...MEMBER_COLUMNS, "totp_pending_secret"])
    .where("id", "=", row.staff_id)
    .executeTakeFirst();
  if (!user || user.status === "deactivated") return undefined;
  let secret: string;
  if (user.totp_pending_secret) {
    secret = await symmetricDecrypt({ key: ctx.secret, data: user.totp_pending_secret });
  } else {
    secret = new OTPAuth.Secret({ size: 20 }).base32;
    await ctx.db
      .updateTable("staff_user")
      .set({ totp_pending_secret: await symmetricEncrypt({ key: ctx.secret, data: secret }) })
      .where("id", "=", user.id)
      .execute();
  }
  const uri = totpFor(user.email, secret).toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    staff: memberOf(user),
    secret,
    uri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

function passwordIssues(password: string, field = "password"): { field: string; code: string }[] {
  if (password.length < STAFF_MIN_PASSWORD_LENGTH) return [{ field, code: "too_short" }];
  if (password.length > STAFF_MAX_PASSWORD_LENGTH) return [{ field, code: "too_long" }];
  return [];
}

/** The time step a TOTP code is valid for (within one step of now), or undefined. */
function totpStep(email: string, secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpFor(email, secret).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString("hex");
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

const backupCodeHash = (code: string) =>
  sha256(
    `backup:${code
      .trim()
      .toLowerCase()
      .replace(/[^0-9a-f]/g, "")}`,
  );

export type CompleteSetupResult =
  | { ok: true; staff: StaffMember; backupCodes: string[] }
  | Invalid
  | RateLimited
  | { ok: false; error: "invalid_token" | "wrong_code" };

/**
 * Uses a set-up link: sets the password and enrols the TOTP key once a code from the authenticator confirms it.
 * Answers the backup codes, shown once (only their hashes are kept). The member is active from now on.
 */
export async function completeStaffSetup(
  ctx: StaffCtx,
  input: { token: string; password: string; code: string; name?: string; clientAddress?: string },
): Promise<CompleteSetupResult> {
  const limited = await hitRateLimits(ctx, [
    { rule: STAFF_RATE_LIMITS.setup, subject: { scope: "ip", value: input.clientAddress ?? "unknown" } },
  ]);
  if (!limited.allowed) return { ok: false, error: "rate_limited", retryAfterSeconds: limited.retryAfterSeconds };
  const issues = passwordIssues(input.password);
  const name = input.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 100)) issues.push({ field: "name", code: "required" });
  if (issues.length) return { ok: false, error: "invalid", issues };
  const hash = await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    const row = await setupTokenRow(tx, input.token);
    if (!row) return { ok: false, error: "invalid_token" } as const;
    const user = await tx.db.selectFrom("staff_user").selectAll().where("id", "=", row.staff_id).executeTakeFirst();
    if (!user?.totp_pending_secret || user.status === "deactivated")
      return { ok: false, error: "invalid_token" } as const;
    const secret = await symmetricDecrypt({ key: tx.secret, data: user.totp_pending_secret });
    const step = totpStep(user.email, secret, input.code, tx.clock.now());
    if (step === undefined) return { ok: false, error: "wrong_code" } as const;
    // The link is used up by exactly one request (a second one running at once updates no row).
    const used = await tx.db
      .updateTable("staff_setup_token")
      .set({ used_at: tx.clock.now().toISOString() })
      .where("token_hash", "=", row.token_hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { ok: false, error: "invalid_token" } as const;
    const backupCodes = newBackupCodes();
    const now = tx.clock.now().toISOString();
    await tx.db
      .updateTable("staff_user")
      .set({
        password_hash: hash,
        totp_secret: user.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
        backup_codes: JSON.stringify(backupCodes.map(backupCodeHash)),
        status: "active",
        ...(name ? { name } : {}),
        updated_at: now,
      })
      .where("id", "=", user.id)
      .execute();
    // A new password ends every session the member had (a reset by a new link).
    await tx.db.deleteFrom("staff_session").where("staff_id", "=", user.id).execute();
    const staff = memberOf({ ...user, status: "active", totp_secret: "set", name: name || user.name });
    await recordAudit(tx, staffActor(staff), {
      action: "staff.setup",
      subjectType: "staff",
      subjectId: staff.id,
      before: { status: user.status, totpEnabled: user.totp_secret !== null },
      after: { status: "active", totpEnabled: true },
    });
    return { ok: true, staff, backupCodes } as const;
  });
}

export interface ClientInfo {
  clientAddress: string;
  userAgent?: string | null;
}

export type StaffSignInResult =
  | { ok: true; staff: StaffMember; token: string; expiresAt: string; usedBackupCode: boolean }
  | RateLimited
  | { ok: false; error: "invalid_credentials" };

// A fixed hash to verify against when the e-mail is unknown: the answer takes as long either way.
let dummyHash: Promise<string> | undefined;

/**
 * Signs a staff member in with e-mail, password and a TOTP code (or one of the backup codes, used up by this).
 * Every attempt counts towards the per-address and per-e-mail limits; a wrong e-mail, password or code all answer
 * `invalid_credentials`.
 */
export async function signInStaff(
  ctx: StaffCtx,
  input: { email: string; password: string; code: string },
  client: ClientInfo,
): Promise<StaffSignInResult> {
  const email = normalizeEmail(input.email);
  const limited = await hitRateLimits(ctx, [
    { rule: STAFF_RATE_LIMITS.signInByIp, subject: { scope: "ip", value: client.clientAddress } },
    { rule: STAFF_RATE_LIMITS.signInByEmail, subject: { scope: "email", value: email } },
  ]);
  if (!limited.allowed) return { ok: false, error: "rate_limited", retryAfterSeconds: limited.retryAfterSeconds };
  const refused = { ok: false, error: "invalid_credentials" } as const;
  const user = await ctx.db.selectFrom("staff_user").selectAll().where("email", "=", email).executeTakeFirst();
  if (!user?.password_hash || !user.totp_secret || user.status !== "active") {
    dummyHash ??= hashPassword("vitrine-staff-timing-equalizer");
    await verifyPassword({ hash: await dummyHash, password: input.password });
    return refused;
  }
  if (!(await verifyPassword({ hash: user.password_hash, password: input.password }))) return refused;
  const secret = await symmetricDecrypt({ key: ctx.secret, data: user.totp_secret });
  const now = ctx.clock.now();
  const step = totpStep(user.email, secret, input.code, now);
  return withTransaction(ctx, async (tx) => {
    let usedBackupCode = false;
    if (step !== undefined) {
      // A code works once: the step must be newer than the last one accepted (checked and set in one update).
      const taken = await tx.db
        .updateTable("staff_user")
        .set({ totp_last_step: step })
        .where("id", "=", user.id)
        .where("totp_last_step", "<", step)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return refused;
    } else {
      const codes = JSON.parse(user.backup_codes) as string[];
      const hash = backupCodeHash(input.code);
      if (!input.code.trim() || !codes.includes(hash)) return refused;
      const left = JSON.stringify(codes.filter((c) => c !== hash));
      const taken = await tx.db
        .updateTable("staff_user")
        .set({ backup_codes: left })
        .where("id", "=", user.id)
        .where("backup_codes", "=", user.backup_codes)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return refused;
      usedBackupCode = true;
    }
    await tx.db
      .updateTable("staff_user")
      .set({ last_sign_in_at: now.toISOString() })
      .where("id", "=", user.id)
      .execute();
    const session = await createStaffSession(tx, user.id, client);
    await resetRateLimit(tx, STAFF_RATE_LIMITS.signInByEmail, { scope: "email", value: email });
    return {
      ok: true,
      staff: memberOf({ ...user, last_sign_in_at: now.toISOString() }),
      usedBackupCode,
      ...session,
    } as const;
  });
}

/** Opens a session for a staff member (after sign-in) and answers its cookie token. */
export async function createStaffSession(
  ctx: Pick<Ctx, "db" | "clock">,
  staffId: string,
  client: Partial<ClientInfo> = {},
): Promise<{ token: string; sessionId: string; expiresAt: string }> {
  const token = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_AGE_SECONDS * 1000).toISOString();
  const sessionId = randomUUID();
  await ctx.db
    .insertInto("staff_session")
    .values({
      id: sessionId,
      token_hash: sha256(token),
      staff_id: staffId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt,
      ip_address: client.clientAddress ?? null,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, sessionId, expiresAt };
}

export interface StaffSessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * The active staff member of a session token, with the session's id; undefined for an unknown, expired or idle
 * session, or a member who is no longer active. Notes the session's use at most once a minute.
 */
export async function staffSession(
  ctx: Pick<Ctx, "db" | "clock">,
  token: string | undefined | null,
): Promise<{ staff: StaffMember; sessionId: string } | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await ctx.db
    .selectFrom("staff_session as s")
    .innerJoin("staff_user as u", "u.id", "s.staff_id")
    .select([
      "s.id as session_id",
      "s.expires_at",
      "s.last_seen_at",
      "u.id",
      "u.email",
      "u.name",
      "u.role",
      "u.status",
      "u.totp_secret",
      "u.created_at",
      "u.last_sign_in_at",
    ])
    .where("s.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (row?.status !== "active") return undefined;
  const now = ctx.clock.now();
  const idleSince = now.getTime() - STAFF_SESSION_IDLE_SECONDS * 1000;
  if (row.expires_at <= now.toISOString() || new Date(row.last_seen_at).getTime() < idleSince) {
    await ctx.db.deleteFrom("staff_session").where("id", "=", row.session_id).execute();
    return undefined;
  }
  if (now.getTime() - new Date(row.last_seen_at).getTime() > LAST_SEEN_EVERY_MS) {
    await ctx.db
      .updateTable("staff_session")
      .set({ last_seen_at: now.toISOString() })
      .where("id", "=", row.session_id)
      .execute();
  }
  return { staff: memberOf(row), sessionId: row.session_id };
}

/** A staff member's open sessions, most recently used first. */
export async function listStaffSessions(ctx: Pick<Ctx, "db" | "clock">, staffId: string): Promise<StaffSessionInfo[]> {
  const rows = await ctx.db
    .selectFrom("staff_session")
    .selectAll()
    .where("staff_id", "=", staffId)
    .where("expires_at", ">", ctx.clock.now().toISOString())
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: r.expires_at,
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
  }));
}

/** Ends the session of a cookie token (sign out). */
export async function endStaffSession(ctx: Pick<Ctx, "db">, token: string | undefined | null): Promise<void> {
  if (!token) return;
  await ctx.db.deleteFrom("staff_session").where("token_hash", "=", sha256(token)).execute();
}

/** Ends every session of a staff member ("sign out everywhere"), audited; answers how many ended. */
export async function endAllStaffSessions(ctx: StaffCtx, actor: Actor, staffId: string): Promise<number> {
  return withTransaction(ctx, async (tx) => {
    const result = await tx.db.deleteFrom("staff_session").where("staff_id", "=", staffId).executeTakeFirst();
    const ended = Number(result.numDeletedRows);
    await recordAudit(tx, actor, {
      action: "staff.sign_out_everywhere",
      subjectType: "staff",
      subjectId: staffId,
      before: { sessions: ended },
      after: { sessions: 0 },
    });
    return ended;
  });
}

type ChangeResult =
  | { ok: true; staff: StaffMember }
  | { ok: false; error: "not_found" | "last_owner" | "staff_inactive" };

async function otherActiveOwners(ctx: Pick<Ctx, "db">, staffId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom("staff_user")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "owner")
    .where("status", "=", "active")
    .where("id", "!=", staffId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives a staff member another role (audited). The last active owner stays an owner. */
export async function changeStaffRole(
  ctx: StaffCtx,
  actor: Actor,
  staffId: string,
  role: StaffRole,
): Promise<ChangeResult | Invalid> {
  if (!isStaffRole(role)) return { ok: false, error: "invalid", issues: [{ field: "role", code: "invalid_role" }] };
  return withTransaction(ctx, async (tx) => {
    const staff = await getStaff(tx, staffId);
    if (!staff) return { ok: false, error: "not_found" } as const;
    if (staff.status === "deactivated") return { ok: false, error: "staff_inactive" } as const;
    if (staff.role === role) return { ok: true, staff } as const;
    if (staff.role === "owner" && staff.status === "active" && (await otherActiveOwners(tx, staffId)) === 0) {
      return { ok: false, error: "last_owner" } as const;
    }
    await tx.db
      .updateTable("staff_user")
      .set({ role, updated_at: tx.clock.now().toISOString() })
      .where("id", "=", staffId)
      .execute();
    await recordAudit(tx, actor, {
      action: "staff.role",
      subjectType: "staff",
      subjectId: staffId,
      before: { role: staff.role },
      after: { role },
      note: staff.email,
    });
    return { ok: true, staff: { ...staff, role } } as const;
  });
}

/** Deactivates a staff member: no sign-in, every session ends, set-up links stop working (audited). */
export async function deactivateStaff(ctx: StaffCtx, actor: Actor, staffId: string): Promise<ChangeResult> {
  return withTransaction(ctx, async (tx) => {
    const staff = await getStaff(tx, staffId);
    if (!staff) return { ok: false, error: "not_found" } as const;
    if (staff.status === "deactivated") return { ok: true, staff } as const;
    if (staff.role === "owner" && staff.status === "active" && (await otherActiveOwners(tx, staffId)) === 0) {
      return { ok: false, error: "last_owner" } as const;
    }
    const now = tx.clock.now().toISOString();
    await tx.db
      .updateTable("staff_user")
      .set({ status: "deactivated", updated_at: now })
      .where("id", "=", staffId)
      .execute();
    await tx.db.deleteFrom("staff_session").where("staff_id", "=", staffId).execute();
    await tx.db
      .updateTable("staff_setup_token")
      .set({ used_at: now })
      .where("staff_id", "=", staffId)
      .where("used_at", "is", null)
      .execute();
    await recordAudit(tx, actor, {
      action: "staff.deactivate",
      subjectType: "staff",
      subjectId: staffId,
      before: { status: staff.status },
      after: { status: "deactivated" },
      note: staff.email,
    });
    return { ok: true, staff: { ...staff, status: "deactivated" } } as const;
  });
}

/** The e-mail labels of staff ids (the audit log shows who). */
export async function staffEmails(ctx: Pick<Ctx, "db">, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom("staff_user")
    .select(["id", "email"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The current TOTP code of a key (tests and the e2e journeys compute what an authenticator app shows). */
export function totpCode(email: string, secretBase32: string, at: Date): string {
  return totpFor(email, secretBase32).generate({ timestamp: at.getTime() });
}

/** The set-up link of a token (`/admin/setup/`): printed by `vitrine staff add`, shown and mailed on invitation. */
export function staffSetupUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/admin/setup/?token=${encodeURIComponent(token)}`;
}
