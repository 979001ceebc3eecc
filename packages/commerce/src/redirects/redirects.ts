import { z } from "zod";
import type { Ctx } from "../context.ts";
import { STORE_CODES } from "../shop/shops.ts";

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
