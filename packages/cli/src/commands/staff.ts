import { userInfo } from "node:os";
import {
  type AuditEntry,
  addStaff,
  changeStaffRole,
  cliActor,
  deactivateStaff,
  findStaffByEmail,
  isStaffRole,
  listAudit,
  listStaff,
  resolveSecret,
  STAFF_ROLES,
  type StaffCtx,
  staffSetupUrl,
} from "@vitrine/commerce";
import { type Command, type CommandContext, UsageError } from "../cli.ts";

/**
 * `vitrine staff …` and `vitrine audit`: the back office's staff from the command line (the first owner is added
 * here) and the audit log. Every change is audited with the operating-system user as the actor.
 */

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "";
  }
}

async function staffContext(ctx: CommandContext) {
  const base = await ctx.ctx();
  const secret = await resolveSecret({ db: base.db, config: base.config }, ctx.now());
  const staffCtx: StaffCtx & { publicUrl: string } = { ...base, secret };
  return { staffCtx, actor: cliActor(osUser()) };
}

function roleOption(value: string | boolean | undefined) {
  if (!isStaffRole(value)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(", ")}`);
  return value;
}

async function staffIdOf(ctx: CommandContext, staffCtx: StaffCtx, email: string): Promise<string | undefined> {
  const staff = await findStaffByEmail(staffCtx, email);
  if (!staff) ctx.err(`No staff member ${email}`);
  return staff?.id;
}

function describeChange(entry: AuditEntry): string {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const text = (value: unknown) => (value === undefined || value === null ? "–" : JSON.stringify(value));
  return keys.map((key) => `${key}: ${text(entry.before?.[key])} → ${text(entry.after?.[key])}`).join("; ");
}

export const staffCommands: Command[] = [
  {
    path: ["staff", "add"],
    summary: "Add a back-office staff member and print their one-time set-up link",
    usage: `vitrine staff add EMAIL --role ${STAFF_ROLES.join("|")} [--name NAME]`,
    details:
      "The link (valid three days, once) sets the password and enrols the authenticator app. Run it again for someone who has not set up yet to get a new link. The first owner of a shop is added this way; owners invite everyone else in the back office.",
    options: {
      role: { type: "string", description: STAFF_ROLES.join(", ") },
      name: { type: "string", description: "The person's name" },
    },
    args: [1, 1],
    async run(ctx) {
      const role = roleOption(ctx.options.role);
      const { staffCtx, actor } = await staffContext(ctx);
      const result = await addStaff(staffCtx, actor, {
        email: ctx.args[0] as string,
        role,
        ...(typeof ctx.options.name === "string" ? { name: ctx.options.name } : {}),
      });
      if (!result.ok) {
        ctx.err(
          result.error === "email_taken"
            ? `${ctx.args[0]} has set up their access already: sign in, or deactivate and add again`
            : `Refused: ${result.issues.map((i) => `${i.field} ${i.code}`).join(", ")}`,
        );
        return 1;
      }
      ctx.out(`Added ${result.staff.email} (${result.staff.role}). One-time set-up link, valid for three days:`);
      ctx.out(staffSetupUrl(staffCtx.publicUrl, result.token));
      return 0;
    },
  },
  {
    path: ["staff", "list"],
    summary: "List the back office's staff with role and status",
    usage: "vitrine staff list",
    async run(ctx) {
      const members = await listStaff(await ctx.ctx());
      if (members.length === 0) ctx.out("No staff yet: vitrine staff add EMAIL --role owner");
      for (const m of members) {
        const seen = m.lastSignInAt ? `last sign-in ${m.lastSignInAt}` : "never signed in";
        ctx.out(`${m.email.padEnd(32)} ${m.role.padEnd(17)} ${m.status.padEnd(12)} ${seen}`);
      }
      return 0;
    },
  },
  {
    path: ["staff", "role"],
    summary: "Give a staff member another role",
    usage: `vitrine staff role EMAIL ${STAFF_ROLES.join("|")}`,
    args: [2, 2],
    async run(ctx) {
      const role = roleOption(ctx.args[1]);
      const { staffCtx, actor } = await staffContext(ctx);
      const id = await staffIdOf(ctx, staffCtx, ctx.args[0] as string);
      if (!id) return 1;
      const result = await changeStaffRole(staffCtx, actor, id, role);
      if (!result.ok) {
        ctx.err(
          result.error === "last_owner"
            ? "Refused: the shop keeps at least one active owner"
            : `Refused: ${result.error}`,
        );
        return 1;
      }
      ctx.out(`${result.staff.email} is now ${result.staff.role}`);
      return 0;
    },
  },
  {
    path: ["staff", "deactivate"],
    summary: "Deactivate a staff member: no sign-in, every session ends",
    usage: "vitrine staff deactivate EMAIL",
    args: [1, 1],
    async run(ctx) {
      const { staffCtx, actor } = await staffContext(ctx);
      const id = await staffIdOf(ctx, staffCtx, ctx.args[0] as string);
      if (!id) return 1;
      const result = await deactivateStaff(staffCtx, actor, id);
      if (!result.ok) {
        ctx.err(
          result.error === "last_owner"
            ? "Refused: the shop keeps at least one active owner"
            : `Refused: ${result.error}`,
        );
        return 1;
      }
      ctx.out(`${result.staff.email} is deactivated`);
      return 0;
    },
  },
  {
    path: ["audit"],
    summary: "Show the audit log, newest first",
    usage: "vitrine audit [--actor EMAIL] [--subject TYPE[:ID]] [--action ACTION] [--limit N] [--before ID]",
    details:
      "--actor takes a staff member's e-mail. --subject takes a subject type (staff, order, return) or type:id. Each line: id, time, who, action, subject, before → after.",
    options: {
      actor: { type: "string", description: "A staff member's e-mail" },
      subject: { type: "string", description: "TYPE or TYPE:ID" },
      action: { type: "string", description: "An action such as staff.invite" },
      limit: { type: "string", description: "At most this many entries (default 50, at most 500)" },
      before: { type: "string", description: "Entries older than this id (paging)" },
    },
    async run(ctx) {
      const base = await ctx.ctx();
      const query: Parameters<typeof listAudit>[1] = {};
      if (typeof ctx.options.limit === "string") {
        const limit = Number(ctx.options.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError("--limit must be 1 to 500");
        query.limit = limit;
      }
      if (typeof ctx.options.before === "string") {
        const before = Number(ctx.options.before);
        if (!Number.isInteger(before) || before < 1) throw new UsageError("--before must be an entry id");
        query.before = before;
      }
      if (typeof ctx.options.actor === "string") {
        const staff = await findStaffByEmail(base, ctx.options.actor);
        if (!staff) {
          ctx.err(`No staff member ${ctx.options.actor}`);
          return 1;
        }
        query.actorId = staff.id;
      }
      if (typeof ctx.options.subject === "string") {
        const [type = "", ...id] = ctx.options.subject.split(":");
        if (!type) throw new UsageError("--subject must be TYPE or TYPE:ID");
        query.subjectType = type;
        if (id.length > 0) query.subjectId = id.join(":");
      }
      if (typeof ctx.options.action === "string") query.action = ctx.options.action;
      const page = await listAudit(base, query);
      if (page.entries.length === 0) ctx.out("No entries");
      for (const e of page.entries) {
        const change = describeChange(e);
        const note = e.note ? `  (${e.note})` : "";
        ctx.out(
          `#${e.id} ${e.at} ${e.actor.label} ${e.action} ${e.subjectType}:${e.subjectId}${change ? `  ${change}` : ""}${note}`,
        );
      }
      if (page.next !== undefined) ctx.out(`More: --before ${page.next}`);
      return 0;
    },
  },
];
