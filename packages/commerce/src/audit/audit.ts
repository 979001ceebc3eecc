import type { Ctx } from "../context.ts";

/**
 * The audit log: every change an operator makes — in the back office or with the `vitrine` command — is recorded
 * with who, when, what, and the subject's changed fields before and after. A service records its audit entry in
 * the transaction of the change itself (`ctx.db` inside `withTransaction`), so a change and its entry commit or
 * roll back together.
 */

/** Who made a change. */
export type Actor =
  | { type: "staff"; id: string; label: string }
  | { type: "cli"; label: string }
  | { type: "system"; label: string };

/** The command line's actor: the operating-system user who ran `vitrine`. */
export function cliActor(user: string): Actor {
  return { type: "cli", label: `cli:${user || "unknown"}` };
}

/** A background job or the shop itself (the prepayment expiry, a webhook). */
export function systemActor(job: string): Actor {
  return { type: "system", label: `system:${job}` };
}

export type AuditState = Record<string, unknown>;

export interface AuditChange {
  /** `<subject>.<verb>`: `order.ship`, `staff.invite`, `return.refund`. */
  action: string;
  subjectType: string;
  subjectId: string | number;
  before?: AuditState | null;
  after?: AuditState | null;
  note?: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: Actor;
  action: string;
  subjectType: string;
  subjectId: string;
  before: AuditState | null;
  after: AuditState | null;
  note: string | null;
  requestId: string;
}

/**
 * Keeps only the fields whose value differs between two states (compared as JSON), so an entry shows what changed
 * and not the whole record. A field missing on one side counts as `null` there.
 */
export function changedFields(
  before: AuditState,
  after: AuditState,
): { before: AuditState; after: AuditState } | undefined {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: AuditState = {};
  const a: AuditState = {};
  for (const key of keys) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    b[key] = from;
    a[key] = to;
  }
  return Object.keys(a).length === 0 ? undefined : { before: b, after: a };
}

const json = (state: AuditState | null | undefined) => (state == null ? null : JSON.stringify(state));

/** Records one change; call it with the context of the change's own transaction. */
export async function recordAudit(ctx: Pick<Ctx, "db" | "clock" | "requestId">, actor: Actor, change: AuditChange) {
  const row = await ctx.db
    .insertInto("audit_log")
    .values({
      at: ctx.clock.now().toISOString(),
      actor_type: actor.type,
      actor_id: actor.type === "staff" ? actor.id : null,
      actor_label: actor.label,
      action: change.action,
      subject_type: change.subjectType,
      subject_id: String(change.subjectId),
      before_state: json(change.before),
      after_state: json(change.after),
      note: change.note ?? null,
      request_id: ctx.requestId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AuditQuery {
  actorId?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string | number;
  /** Entries older than this id (the `next` of the previous page). */
  before?: number;
  /** At most this many entries (1–500, default 50). */
  limit?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor of the next (older) page, when there is one. */
  next?: number;
}

const parseState = (value: string | null): AuditState | null => (value == null ? null : JSON.parse(value));

/** The log newest first, filtered and paged by id. */
export async function listAudit(ctx: Pick<Ctx, "db">, query: AuditQuery = {}): Promise<AuditPage> {
  const limit = Math.min(500, Math.max(1, Math.trunc(query.limit ?? 50)));
  let q = ctx.db.selectFrom("audit_log").selectAll();
  if (query.actorId !== undefined) q = q.where("actor_id", "=", query.actorId);
  if (query.action !== undefined) q = q.where("action", "=", query.action);
  if (query.subjectType !== undefined) q = q.where("subject_type", "=", query.subjectType);
  if (query.subjectId !== undefined) q = q.where("subject_id", "=", String(query.subjectId));
  if (query.before !== undefined) q = q.where("id", "<", query.before);
  const rows = await q
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const entries = page.map(
    (r): AuditEntry => ({
      id: r.id,
      at: r.at,
      actor:
        r.actor_type === "staff"
          ? { type: "staff", id: r.actor_id ?? "", label: r.actor_label }
          : { type: r.actor_type === "cli" ? "cli" : "system", label: r.actor_label },
      action: r.action,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      before: parseState(r.before_state),
      after: parseState(r.after_state),
      note: r.note,
      requestId: r.request_id,
    }),
  );
  const last = page.at(-1);
  return rows.length > limit && last ? { entries, next: last.id } : { entries };
}
