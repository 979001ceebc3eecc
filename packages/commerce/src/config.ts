import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "./db/database.ts";
import { LOG_LEVELS } from "./log.ts";
import { getSetting } from "./settings/settings.ts";

/**
 * The one typed configuration of a Vitrine process, read from the environment and validated with zod.
 * Everything has a default that gives a working shop on the embedded SQLite database.
 */
const configSchema = z.object({
  /** `postgres://…` for PostgreSQL; unset for the SQLite file under `data/`. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL schema to use (created when missing); tests run each shop in its own schema. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/i)
    .optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public origin of the shop (canonical URLs, e-mails, sitemaps); defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Base URL product and content images are served from. */
  IMAGE_BASE_URL: z.string().default("/images"),
  /** Secret for signed tokens and cookies; when unset one is generated once and kept in the database. */
  VITRINE_SECRET: z.string().min(32).optional(),
  /** `smtp://user:pass@host:port`; unset writes e-mails to the outbox folder under `data/`. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Vitrine <shop@vitrine.example>"),
  /** Token that unlocks preview-editor mode (`?editor-mode&preview-token=…`). */
  PREVIEW_TOKEN: z.string().min(8).optional(),
  /** Folder for the SQLite file, the mail outbox and other local state. */
  VITRINE_DATA_DIR: z.string().default("data"),
  /**
   * Demo catalogue loaded on first start: number of products. 0 (the default) loads nothing: demo data, with its
   * gift cards of published codes, only when asked for (scripts/start.sh asks for it).
   */
  DEMO_PRODUCTS: z.coerce.number().int().min(0).default(0),
  NODE_ENV: z.string().default("production"),
  /** Level of the JSON logs on standard output (log.ts). */
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /**
   * Memory for each storefront process's page cache (pages of anonymous visitors, see
   * apps/storefront/app/lib/page-cache.server.ts), in MB; 0 switches the cache off.
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /**
   * Behind reverse proxies: how many of them to trust for X-Forwarded-For (client address) and X-Forwarded-Proto
   * (HTTPS); 0 uses the socket peer only (client-address.ts). `true` and `false` are read as 1 and 0.
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(10)),
});

export type VitrineConfig = z.output<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): VitrineConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return result.data;
}

export function publicUrl(config: VitrineConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}

const SECRET_KEY = "app_secret";

/**
 * The process secret: from VITRINE_SECRET, or generated on first use and stored in the database so that every
 * process of one shop signs with the same key.
 */
export async function resolveSecret(db: Db, config: VitrineConfig, now: Date): Promise<string> {
  if (config.VITRINE_SECRET) return config.VITRINE_SECRET;
  const stored = await getSetting({ db }, SECRET_KEY);
  if (stored) return stored;
  const fresh = randomBytes(32).toString("base64url");
  await db
    .insertInto("setting")
    .values({ key: SECRET_KEY, value: fresh, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  // Another process may have won the race: use whatever is stored now.
  return (await getSetting({ db }, SECRET_KEY)) ?? fresh;
}
