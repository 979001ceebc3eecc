import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cliActor, listAudit } from "../audit/audit.ts";
import type { Clock } from "../clock.ts";
import { createTestDatabase, type TestDatabase, testCtx } from "../db/testing.ts";
import {
  addStaff,
  changeStaffRole,
  completeStaffSetup,
  deactivateStaff,
  endAllStaffSessions,
  endStaffSession,
  listStaff,
  listStaffSessions,
  STAFF_RATE_LIMITS,
  STAFF_SESSION_IDLE_SECONDS,
  STAFF_SESSION_MAX_AGE_SECONDS,
  type StaffCtx,
  signInStaff,
  staffActor,
  staffMay,
  staffSession,
  staffSetup,
  staffSetupUrl,
  totpCode,
} from "./staff.ts";
import { createTestStaff } from "./testing.ts";

let testDb: TestDatabase;
let now: Date;
const clock: Clock = { now: () => now };
let ctx: StaffCtx;
const SECRET = "staff-test-secret-0123456789abcdefghijklmnop";
const PASSWORD = "a-long-staff-password";
const cli = cliActor("tester");
let counter = 0;
const email = (prefix = "staff") => `${prefix}.${++counter}@shop.test`;
let address = 0;
const client = () => ({ clientAddress: `203.0.113.${++address % 250}`, userAgent: "vitest" });

beforeAll(async () => {
  testDb = await createTestDatabase();
  ctx = { ...testCtx(testDb.db, { clock }), secret: SECRET };
});
afterAll(async () => {
  await testDb.destroy();
});
beforeEach(() => {
  // Each test starts a few minutes later: TOTP steps and rate-limit windows of one test never meet another's.
  now = new Date(Date.UTC(2026, 10, 2, 9, 0, 0) + counter * 20 * 60_000);
});

/** Adds a member and uses the set-up link as the browser would: reads the key, answers with the app's code. */
async function activeStaff(role: "owner" | "customer_service" | "warehouse" | "merchandiser" = "warehouse") {
  const added = await addStaff(ctx, cli, { email: email(role), role, name: "Sam" });
  if (!added.ok) throw new Error(added.error);
  const setup = await staffSetup(ctx, added.token);
  if (!setup) throw new Error("no setup");
  const done = await completeStaffSetup(ctx, {
    token: added.token,
    password: PASSWORD,
    code: totpCode(setup.staff.email, setup.secret, now),
    clientAddress: client().clientAddress,
  });
  if (!done.ok) throw new Error(done.error);
  now = new Date(now.getTime() + 31_000);
  return { staff: done.staff, secret: setup.secret, backupCodes: done.backupCodes };
}

describe(`staff accounts (${process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite"})`, () => {
  it("adds an invited member with a single-use set-up link, audited, and mails the invitation in the same transaction", async () => {
    const address = email("new");
    const added = await addStaff(
      ctx,
      cli,
      { email: ` ${address.toUpperCase()} `, role: "customer_service" },
      ({ staff, token }) => ({
        kind: "staff-invitation",
        to: staff.email,
        subject: "Invitation",
        text: staffSetupUrl("https://shop.example/", token),
        html: "<p>Invitation</p>",
      }),
    );
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.staff).toMatchObject({
      email: address,
      role: "customer_service",
      status: "invited",
      totpEnabled: false,
    });
    const mail = await testDb.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", address)
      .executeTakeFirstOrThrow();
    expect(mail.text).toBe(`https://shop.example/admin/setup/?token=${added.token}`);
    const [entry] = (await listAudit(ctx, { subjectType: "staff", subjectId: added.staff.id })).entries;
    expect(entry).toMatchObject({
      action: "staff.invite",
      actor: { type: "cli", label: "cli:tester" },
      before: null,
      after: { email: address, role: "customer_service", status: "invited" },
    });
    // The stored token is a hash: the link's token itself is nowhere in the database.
    const stored = await testDb.db.selectFrom("staff_setup_token").select("token_hash").execute();
    expect(stored.some((r) => r.token_hash === added.token)).toBe(false);

    // Asked again before set-up: a new link, the old one stops working.
    const again = await addStaff(ctx, cli, { email: address, role: "warehouse" });
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(await staffSetup(ctx, added.token)).toBeUndefined();
    expect((await staffSetup(ctx, again.token))?.staff.role).toBe("warehouse");
  });

  it("refuses invalid input and an e-mail address of a member who set up already", async () => {
    expect(await addStaff(ctx, cli, { email: "not-an-address", role: "owner" })).toMatchObject({
      error: "invalid",
      issues: [{ field: "email", code: "invalid_email" }],
    });
    expect(await addStaff(ctx, cli, { email: email(), role: "boss" as never })).toMatchObject({ error: "invalid" });
    const { staff } = await activeStaff();
    expect(await addStaff(ctx, cli, { email: staff.email, role: "owner" })).toEqual({
      ok: false,
      error: "email_taken",
    });
  });

  it("enrols TOTP only with a right code, keeps the shown key across visits, and uses the link once", async () => {
    const added = await addStaff(ctx, cli, { email: email(), role: "owner" });
    if (!added.ok) throw new Error("not added");
    const first = await staffSetup(ctx, added.token);
    const second = await staffSetup(ctx, added.token);
    expect(second?.secret).toBe(first?.secret);
    expect(first?.uri).toMatch(/^otpauth:\/\/totp\/Vitrine:.+secret=/);
    expect(first?.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = first?.secret as string;
    const input = { token: added.token, password: PASSWORD, clientAddress: "198.51.100.1" };
    expect(await completeStaffSetup(ctx, { ...input, code: "000000" })).toEqual({ ok: false, error: "wrong_code" });
    expect(
      await completeStaffSetup(ctx, { ...input, password: "short", code: totpCode(added.staff.email, secret, now) }),
    ).toMatchObject({
      error: "invalid",
      issues: [{ field: "password", code: "too_short" }],
    });
    // Two requests with the same link at once: one sets up, the other finds the link used.
    const code = totpCode(added.staff.email, secret, now);
    const results = await Promise.all([
      completeStaffSetup(ctx, { ...input, code }),
      completeStaffSetup(ctx, { ...input, code }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: "invalid_token" });
    const done = results.find((r) => r.ok);
    expect(done?.ok && done.backupCodes).toHaveLength(10);
    expect(await staffSetup(ctx, added.token)).toBeUndefined();
    const stored = await testDb.db
      .selectFrom("staff_user")
      .select(["totp_secret", "password_hash", "backup_codes"])
      .where("id", "=", added.staff.id)
      .executeTakeFirstOrThrow();
    // Key encrypted, password hashed, backup codes hashed.
    expect(stored.totp_secret).not.toContain(secret);
    expect(stored.password_hash).not.toContain(PASSWORD);
    expect(stored.backup_codes).not.toContain(done?.ok ? (done.backupCodes[0] as string) : "");
    const [setupEntry] = (await listAudit(ctx, { action: "staff.setup", subjectId: added.staff.id })).entries;
    expect(setupEntry).toMatchObject({ before: { status: "invited" }, after: { status: "active", totpEnabled: true } });
  });

  it("expires a set-up link after three days", async () => {
    const added = await addStaff(ctx, cli, { email: email(), role: "warehouse" });
    if (!added.ok) throw new Error("not added");
    now = new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000 + 1000);
    expect(await staffSetup(ctx, added.token)).toBeUndefined();
  });

  it("signs in with password and TOTP code; a code works once; a wrong factor answers invalid_credentials", async () => {
    const { staff, secret } = await activeStaff("customer_service");
    const code = totpCode(staff.email, secret, now);
    expect(await signInStaff(ctx, { email: staff.email, password: "wrong-password!", code }, client())).toEqual({
      ok: false,
      error: "invalid_credentials",
    });
    expect(await signInStaff(ctx, { email: staff.email, password: PASSWORD, code: "111111" }, client())).toEqual({
      ok: false,
      error: "invalid_credentials",
    });
    expect(await signInStaff(ctx, { email: "nobody@shop.test", password: PASSWORD, code }, client())).toEqual({
      ok: false,
      error: "invalid_credentials",
    });
    const ok = await signInStaff(ctx, { email: staff.email.toUpperCase(), password: PASSWORD, code }, client());
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    expect((await staffSession(ctx, ok.token))?.staff).toMatchObject({ id: staff.id, role: "customer_service" });
    // The same code again (a replay), even within its window: refused.
    expect(await signInStaff(ctx, { email: staff.email, password: PASSWORD, code }, client())).toMatchObject({
      error: "invalid_credentials",
    });
    now = new Date(now.getTime() + 30_000);
    expect(
      (
        await signInStaff(
          ctx,
          { email: staff.email, password: PASSWORD, code: totpCode(staff.email, secret, now) },
          client(),
        )
      ).ok,
    ).toBe(true);
  });

  it("takes each backup code once instead of the app's code", async () => {
    const { staff, backupCodes } = await activeStaff();
    const backup = backupCodes[3] as string;
    const first = await signInStaff(
      ctx,
      { email: staff.email, password: PASSWORD, code: ` ${backup.toUpperCase()} ` },
      client(),
    );
    expect(first).toMatchObject({ ok: true, usedBackupCode: true });
    expect(await signInStaff(ctx, { email: staff.email, password: PASSWORD, code: backup }, client())).toMatchObject({
      error: "invalid_credentials",
    });
    expect(
      (await signInStaff(ctx, { email: staff.email, password: PASSWORD, code: backupCodes[4] as string }, client())).ok,
    ).toBe(true);
  });

  it("rate-limits sign-in per e-mail address and per client address", async () => {
    const { staff, secret } = await activeStaff();
    for (let i = 0; i < STAFF_RATE_LIMITS.signInByEmail.limit; i++) {
      await signInStaff(ctx, { email: staff.email, password: `guess-${i}`, code: "000000" }, client());
    }
    const limited = await signInStaff(
      ctx,
      { email: staff.email, password: PASSWORD, code: totpCode(staff.email, secret, now) },
      client(),
    );
    expect(limited).toMatchObject({ ok: false, error: "rate_limited" });
    expect(limited.ok === false && limited.error === "rate_limited" && limited.retryAfterSeconds).toBeGreaterThan(0);
    now = new Date(now.getTime() + STAFF_RATE_LIMITS.signInByEmail.windowMs + 1000);
    expect(
      (
        await signInStaff(
          ctx,
          { email: staff.email, password: PASSWORD, code: totpCode(staff.email, secret, now) },
          client(),
        )
      ).ok,
    ).toBe(true);

    const from = { clientAddress: "192.0.2.77", userAgent: null };
    for (let i = 0; i < STAFF_RATE_LIMITS.signInByIp.limit; i++) {
      await signInStaff(ctx, { email: `guess-${i}@shop.test`, password: "x", code: "0" }, from);
    }
    expect(await signInStaff(ctx, { email: staff.email, password: PASSWORD, code: "0" }, from)).toMatchObject({
      error: "rate_limited",
    });
  });

  it("ends idle and old sessions, lists a member's sessions and signs out everywhere (audited)", async () => {
    const test = await createTestStaff(ctx, { role: "merchandiser" });
    const other = await createTestStaff(ctx, { role: "merchandiser" });
    expect((await staffSession(ctx, test.sessionToken))?.staff.email).toBe(test.staff.email);
    expect(await staffSession(ctx, "not-a-token")).toBeUndefined();
    expect(await staffSession(ctx, undefined)).toBeUndefined();

    // Used within the idle limit, again and again: alive until the absolute end.
    const start = now.getTime();
    for (let t = 1; t * STAFF_SESSION_IDLE_SECONDS * 0.9 < STAFF_SESSION_MAX_AGE_SECONDS; t++) {
      now = new Date(start + t * STAFF_SESSION_IDLE_SECONDS * 900);
      expect(await staffSession(ctx, test.sessionToken), `after ${t} periods`).toBeDefined();
    }
    now = new Date(start + STAFF_SESSION_MAX_AGE_SECONDS * 1000 + 1000);
    expect(await staffSession(ctx, test.sessionToken)).toBeUndefined();
    // The other one was never used since: idle.
    expect(await staffSession(ctx, other.sessionToken)).toBeUndefined();

    const a = await createTestStaff(ctx, { role: "warehouse" });
    const { token: second } = await (await import("./staff.ts")).createStaffSession(ctx, a.staff.id, client());
    expect(await listStaffSessions(ctx, a.staff.id)).toHaveLength(2);
    await endStaffSession(ctx, second);
    expect(await listStaffSessions(ctx, a.staff.id)).toHaveLength(1);
    expect(await endAllStaffSessions(ctx, staffActor(a.staff), a.staff.id)).toBe(1);
    expect(await staffSession(ctx, a.sessionToken)).toBeUndefined();
    const [entry] = (await listAudit(ctx, { action: "staff.sign_out_everywhere", subjectId: a.staff.id })).entries;
    expect(entry).toMatchObject({
      actor: { type: "staff", id: a.staff.id },
      before: { sessions: 1 },
      after: { sessions: 0 },
    });
  });

  it("changes roles and deactivates with before → after in the audit log, never losing the last owner", async () => {
    // Start from a shop whose only active owner is `owner`.
    for (const m of await listStaff(ctx)) {
      if (m.role === "owner" && m.status === "active") {
        await testDb.db.updateTable("staff_user").set({ status: "deactivated" }).where("id", "=", m.id).execute();
      }
    }
    const owner = await createTestStaff(ctx, { role: "owner" });
    const member = await createTestStaff(ctx, { role: "warehouse" });
    const actor = staffActor(owner.staff);
    expect(await changeStaffRole(ctx, actor, owner.staff.id, "warehouse")).toEqual({ ok: false, error: "last_owner" });
    expect(await deactivateStaff(ctx, actor, owner.staff.id)).toEqual({ ok: false, error: "last_owner" });
    expect(await changeStaffRole(ctx, actor, "missing", "owner")).toEqual({ ok: false, error: "not_found" });

    const promoted = await changeStaffRole(ctx, actor, member.staff.id, "owner");
    expect(promoted).toMatchObject({ ok: true, staff: { role: "owner" } });
    // Now there are two owners: the first may step down.
    expect(await changeStaffRole(ctx, staffActor(member.staff), owner.staff.id, "customer_service")).toMatchObject({
      ok: true,
    });
    const deactivated = await deactivateStaff(ctx, staffActor(member.staff), owner.staff.id);
    expect(deactivated).toMatchObject({ ok: true, staff: { status: "deactivated" } });
    expect(await staffSession(ctx, owner.sessionToken)).toBeUndefined();
    expect(await changeStaffRole(ctx, actor, owner.staff.id, "owner")).toEqual({ ok: false, error: "staff_inactive" });
    // A deactivated member cannot sign in any more.
    expect(
      await signInStaff(
        ctx,
        {
          email: owner.staff.email,
          password: owner.password,
          code: totpCode(owner.staff.email, owner.totpSecret, now),
        },
        client(),
      ),
    ).toMatchObject({ error: "invalid_credentials" });

    const entries = (await listAudit(ctx, { subjectType: "staff", subjectId: owner.staff.id })).entries;
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["staff.deactivate", { status: "active" }, { status: "deactivated" }],
      ["staff.role", { role: "owner" }, { role: "customer_service" }],
    ]);
    expect(entries[0]?.actor).toEqual({ type: "staff", id: member.staff.id, label: member.staff.email });
  });

  it("maps roles to the areas they may open", () => {
    expect(staffMay("owner", "staff")).toBe(true);
    expect(staffMay("warehouse", "orders")).toBe(true);
    expect(staffMay("warehouse", "customers")).toBe(false);
    expect(staffMay("warehouse", "refunds")).toBe(false);
    expect(staffMay("customer_service", "refunds")).toBe(true);
    expect(staffMay("customer_service", "audit")).toBe(false);
    expect(staffMay("merchandiser", "orders")).toBe(false);
    expect(staffMay("merchandiser", "dashboard")).toBe(true);
  });
});
