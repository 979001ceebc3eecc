import { z } from "zod";
import { type Actor, changedFields, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import { publishEvents } from "../events/publish.ts";
import type { NewEvent } from "../events/types.ts";
import { STORE_CODES } from "../shop/shops.ts";
import { specErrorMap } from "../validation.ts";

/** Redirects managed by the CLI and looked up before a 404 (specification section 2). */

export const REDIRECT_STATUS_CODES = [301, 302, 307, 308] as const;

export interface Redirect {
  id: number;
  sourcePath: string;
  storeCode: string;
  target: string;
  statusCode: number;
}

export function isExternalTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

/** Paths are compared with a leading and a trailing slash and without the query. */
export function normaliseRedirectPath(path: string): string {
  let p = path.split("?")[0]?.split("#")[0] ?? "";
  if (!p.startsWith("/")) p = `/${p}`;
  if (!p.endsWith("/")) p = `${p}/`;
  return p.replace(/\/{2,}/g, "/").toLowerCase();
}

export const redirectInputSchema = z.object({
  sourcePath: z
    .string()
    .min(1)
    .max(500)
    .regex(/^\/[^\s?#]*$/, "must be a path starting with / (no query, no spaces)"),
  target: z
    .string()
    .min(1)
    .max(2000)
    .refine(
      (t) => (t.startsWith("/") && !t.startsWith("//")) || (isExternalTarget(t) && URL.canParse(t)),
      "must be an internal path starting with / or an http(s):// address",
    ),
  storeCode: z.enum(["*", ...STORE_CODES] as [string, ...string[]]).default("*"),
  statusCode: z
    .number()
    .int()
    .refine((s) => (REDIRECT_STATUS_CODES as readonly number[]).includes(s), "must be 301, 302, 307 or 308")
    .default(301),
});

export type RedirectInput = z.input<typeof redirectInputSchema>;

export async function addRedirect(ctx: Pick<Ctx, "db">, input: RedirectInput, now: Date): Promise<Redirect> {
  const { db } = ctx;
  const value = redirectInputSchema.parse(input);
  const source = normaliseRedirectPath(value.sourcePath);
  await db
    .insertInto("redirect")
    .values({
      source_path: source,
      store_code: value.storeCode,
      target: value.target,
      status_code: value.statusCode,
      created_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(["source_path", "store_code"]).doUpdateSet({ target: value.target, status_code: value.statusCode }),
    )
    .execute();
  const row = await db
    .selectFrom("redirect")
    .selectAll()
    .where("source_path", "=", source)
    .where("store_code", "=", value.storeCode)
    .executeTakeFirstOrThrow();
  return toRedirect(row);
}

export async function listRedirects(ctx: Pick<Ctx, "db">): Promise<Redirect[]> {
  const { db } = ctx;
  const rows = await db.selectFrom("redirect").selectAll().orderBy("source_path").orderBy("store_code").execute();
  return rows.map(toRedirect);
}

/** Removes by id or by source path (in every store); returns how many were removed. */
export async function removeRedirect(ctx: Pick<Ctx, "db">, idOrPath: number | string): Promise<number> {
  const { db } = ctx;
  const query =
    typeof idOrPath === "number"
      ? db.deleteFrom("redirect").where("id", "=", idOrPath)
      : db.deleteFrom("redirect").where("source_path", "=", normaliseRedirectPath(idOrPath));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The redirect for a path in a store: one for that store wins over one for every store. */
export async function lookupRedirect(
  ctx: Pick<Ctx, "db">,
  storeCode: string,
  path: string,
): Promise<Redirect | undefined> {
  const { db } = ctx;
  const rows = await db
    .selectFrom("redirect")
    .selectAll()
    .where("source_path", "=", normaliseRedirectPath(path))
    .where("store_code", "in", [storeCode, "*"])
    .execute();
  const row = rows.find((r) => r.store_code === storeCode) ?? rows[0];
  return row ? toRedirect(row) : undefined;
}

function toRedirect(row: {
  id: number;
  source_path: string;
  store_code: string;
  target: string;
  status_code: number;
}): Redirect {
  return {
    id: Number(row.id),
    sourcePath: row.source_path,
    storeCode: row.store_code,
    target: row.target,
    statusCode: row.status_code,
  };
}

// --- the operator's changes (back office, `vitrine redirects …`): audited, published as events ------------------

/** A redirect an operator manages: its target must be a path on this shop (no open redirect to another host). */
export const shopRedirectInputSchema = redirectInputSchema.safeExtend({
  target: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .regex(/^\/(?![/\\])[^\s#]*$/, "must be a path on this shop starting with / (no other host, no spaces)"),
});

export type RedirectFailure = { ok: false; error: "InvalidInput" | "NotFound" | "Conflict"; detail: string };
export type RedirectResult = { ok: true; redirect: Redirect } | RedirectFailure;

const redirectState = (r: Redirect) => ({
  sourcePath: r.sourcePath,
  storeCode: r.storeCode,
  target: r.target,
  statusCode: r.statusCode,
});

async function findRedirect(db: Ctx["db"], id: number): Promise<Redirect | undefined> {
  const row = await db.selectFrom("redirect").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toRedirect(row) : undefined;
}

function redirectEvent(r: Pick<Redirect, "sourcePath" | "storeCode">, change: "saved" | "removed"): NewEvent {
  return {
    type: "redirect.changed",
    entity: "redirect",
    entityId: `${r.storeCode}:${r.sourcePath}`,
    payload: { change },
  };
}

/**
 * Adds a redirect (`id` undefined) or changes one. A source path that already has a redirect in that store is a
 * conflict, and a target equal to its source would loop. Audited and published (`redirect.changed`) in the change's
 * transaction.
 */
export function saveRedirect(
  ctx: Ctx,
  actor: Actor,
  input: RedirectInput,
  id?: number,
  options: { allowExternal?: boolean } = {},
): Promise<RedirectResult> {
  // An address of another site only when the operator asks for it on purpose (the command line; specification
  // section 2 allows external targets); the back office takes paths on this shop only.
  const schema = options.allowExternal ? redirectInputSchema : shopRedirectInputSchema;
  const parsed = schema.safeParse(input, { error: specErrorMap });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return Promise.resolve({
      ok: false,
      error: "InvalidInput",
      detail: `${issue?.path.join(".") ?? "input"}: ${issue?.message ?? "invalid"}`,
    });
  }
  const value = parsed.data;
  const source = normaliseRedirectPath(value.sourcePath);
  if (normaliseRedirectPath(value.target) === source) {
    return Promise.resolve({ ok: false, error: "InvalidInput", detail: "target: must not be the source path itself" });
  }
  return withTransaction(ctx, async (tx): Promise<RedirectResult> => {
    const { db } = tx;
    const before = id === undefined ? undefined : await findRedirect(db, id);
    if (id !== undefined && !before) return { ok: false, error: "NotFound", detail: `No redirect ${id}` };
    const clash = await db
      .selectFrom("redirect")
      .select("id")
      .where("source_path", "=", source)
      .where("store_code", "=", value.storeCode)
      .executeTakeFirst();
    if (clash && Number(clash.id) !== id) {
      return {
        ok: false,
        error: "Conflict",
        detail: `${source} has a redirect in ${value.storeCode === "*" ? "every store" : value.storeCode} already`,
      };
    }
    const now = tx.clock.now();
    const columns = {
      source_path: source,
      store_code: value.storeCode,
      target: value.target,
      status_code: value.statusCode,
    };
    let saved: Redirect;
    if (before) {
      await db.updateTable("redirect").set(columns).where("id", "=", before.id).execute();
      saved = (await findRedirect(db, before.id)) as Redirect;
    } else {
      const row = await db
        .insertInto("redirect")
        .values({ ...columns, created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      saved = (await findRedirect(db, Number(row.id))) as Redirect;
    }
    const events = [redirectEvent(saved, "saved")];
    if (before && (before.sourcePath !== saved.sourcePath || before.storeCode !== saved.storeCode))
      events.push(redirectEvent(before, "removed"));
    await publishEvents(tx, events, now);
    const diff = before ? changedFields(redirectState(before), redirectState(saved)) : undefined;
    await recordAudit(tx, actor, {
      action: before ? "redirect.update" : "redirect.add",
      subjectType: "redirect",
      subjectId: saved.id,
      before: diff?.before ?? null,
      after: before ? (diff?.after ?? null) : redirectState(saved),
    });
    return { ok: true, redirect: saved };
  });
}

/** Removes a redirect by id: audited and published. */
export function deleteRedirect(ctx: Ctx, actor: Actor, id: number): Promise<RedirectResult> {
  return withTransaction(ctx, async (tx): Promise<RedirectResult> => {
    const before = await findRedirect(tx.db, id);
    if (!before) return { ok: false, error: "NotFound", detail: `No redirect ${id}` };
    await tx.db.deleteFrom("redirect").where("id", "=", id).execute();
    await publishEvents(tx, [redirectEvent(before, "removed")], tx.clock.now());
    await recordAudit(tx, actor, {
      action: "redirect.remove",
      subjectType: "redirect",
      subjectId: id,
      before: redirectState(before),
    });
    return { ok: true, redirect: before };
  });
}

/** Redirects followed at most this many times when tracing a path (the browser gives up on loops too). */
export const MAX_REDIRECT_HOPS = 10;

export interface RedirectTrace {
  /** The redirects the path goes through, in order. */
  hops: Redirect[];
  /** Where it ends: the last target (or the path itself when no redirect applies). */
  finalPath: string;
  /** A redirect leads back to a path already passed. */
  loop: boolean;
}

/**
 * Where a path of a store goes: the redirects it passes through, one after another, as the shop answers them
 * now (the catch-all route looks redirects up in the database on every request).
 */
export async function traceRedirect(ctx: Pick<Ctx, "db">, storeCode: string, path: string): Promise<RedirectTrace> {
  const hops: Redirect[] = [];
  const seen = new Set<string>();
  let current = path.trim() || "/";
  if (!current.startsWith("/")) current = `/${current}`;
  for (let i = 0; i < MAX_REDIRECT_HOPS; i++) {
    const key = normaliseRedirectPath(current);
    if (seen.has(key)) return { hops, finalPath: current, loop: true };
    seen.add(key);
    const found = await lookupRedirect(ctx, storeCode, current);
    if (!found) return { hops, finalPath: current, loop: false };
    hops.push(found);
    if (isExternalTarget(found.target)) return { hops, finalPath: found.target, loop: false };
    current = found.target;
  }
  return { hops, finalPath: current, loop: true };
}
