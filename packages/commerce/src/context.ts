import { randomUUID } from "node:crypto";
import type { Clock } from "./clock.ts";
import { publicUrl, type VitrineConfig } from "./config.ts";
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
  /** Where images live (`IMAGE_BASE_URL` + path): derived from `config` once, when the context is built. */
  imageUrl: (path: string) => string;
  /** Public origin of the shop (`PUBLIC_URL`), for links in mails and sitemaps; derived from `config`. */
  publicUrl: string;
}

/** A context inside one store: every storefront request, and jobs that act for a store. */
export interface ShopCtx extends Ctx {
  shop: Shop;
}

/** What a context is built from: the process's database, clock, configuration and logger. */
export interface CtxBase {
  db: Db;
  clock: Clock;
  config: VitrineConfig;
  log: Logger;
  /** The id of the request, command or job; a new one when left out. */
  requestId?: string;
}

/** Builds the context of a request, a command or a job; its logger carries the id in every line. */
export function createCtx(base: CtxBase): Ctx {
  const requestId = base.requestId ?? randomUUID();
  return {
    db: base.db,
    clock: base.clock,
    config: base.config,
    requestId,
    log: base.log.child({ requestId }),
    imageUrl: defaultImageUrl(base.config.IMAGE_BASE_URL),
    publicUrl: publicUrl(base.config),
  };
}

/** The same context inside a store. */
export function shopCtx(ctx: Ctx, shop: Shop): ShopCtx {
  return { ...ctx, shop };
}

/** A picture's URL: its path under the image base, or as it is when it is an address of its own (`https://…`). */
export const defaultImageUrl = (base: string) => (path: string) =>
  /^https?:\/\//i.test(path) ? path : `${base.replace(/\/$/, "")}/${path}`;

/**
 * Runs `fn` in a transaction: a new one on the database, or the caller's when `ctx.db` is already a transaction
 * (nested calls join it: one business change commits or rolls back as a whole).
 */
export function withTransaction<C extends { db: Db }, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
}
