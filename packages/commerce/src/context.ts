import { randomUUID } from "node:crypto";
import type { Clock } from "./clock.ts";
import type { VitrineConfig } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { Logger } from "./log.ts";
import type { Shop } from "./shop/shops.ts";

/**
 * The one context of the commerce core. It is built once per request (storefront middleware), once per CLI command
 * and once per worker job, and passed first to every service. `db` is the database or, inside
 * `withTransaction`, the open transaction: a service never opens a transaction another way, so a caller's
 * transaction always carries through.
 */
export interface Ctx {
  /** The database, or the transaction this work runs in. */
  db: Db;
  clock: Clock;
  config: VitrineConfig;
  /** Carries the request or job id in every line. */
  log: Logger;
  /** The request id (`X-Request-Id`), or the id of the CLI command or worker job run. */
  requestId: string;
}

/** A context inside one store: every storefront request, and jobs that act for a store. */
export interface ShopCtx extends Ctx {
  shop: Shop;
}

/** Builds a context for a request, a command or a job; the logger gets the id as a field. */
export function createCtx(base: Omit<Ctx, "requestId" | "log"> & { log: Logger; requestId?: string }): Ctx {
  const requestId = base.requestId ?? randomUUID();
  return { ...base, requestId, log: base.log.child({ requestId }) };
}

/**
 * Runs `fn` in a transaction: a new one on the database, or the caller's when `ctx.db` is already a transaction
 * (nested calls join it: one business change commits or rolls back as a whole).
 */
export function withTransaction<C extends { db: Db }, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
}
