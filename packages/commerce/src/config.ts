import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import type { Db } from "./db/database.ts";
import { LOG_LEVELS } from "./log.ts";
import { DEMO_PAYMENT_SETTINGS } from "./payments/demo-settings.ts";
import { getSetting, settingOrInsert } from "./settings/settings.ts";

/** Seconds between runs of an hourly-or-slower job: at least a minute, at most a week. */
const jobPeriodSeconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(fallback);

/** A third-party script address: https (or http on this machine, for tests), with `{id}` where the id goes. */
const scriptUrlTemplate = z.string().refine(
  (value) => {
    try {
      const url = new URL(value.replace("{id}", "id"));
      const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
      return value.includes("{id}") && (url.protocol === "https:" || (url.protocol === "http:" && local));
    } catch {
      return false;
    }
  },
  { message: "must be an https URL containing {id}" },
);
/** An operator's account id at a script vendor: letters, digits, underscore, hyphen or dot. */
const scriptId = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: "must be 1 to 64 letters, digits, underscores, hyphens or dots" });

/**
 * The methods each store offers unless PAYMENT_METHODS says otherwise. The international store takes no invoices
 * (no credit check abroad); cash on delivery appears only for deliveries to Germany (payments/methods.ts).
 */
export const DEFAULT_PAYMENT_METHODS =
  "de:credit_card+paypal+invoice+prepayment+cash_on_delivery;at:credit_card+paypal+invoice+prepayment;" +
  "ch:credit_card+paypal+invoice+prepayment;fr-ch:credit_card+paypal+invoice+prepayment;" +
  "en:credit_card+paypal+prepayment+cash_on_delivery";

/**
 * The one typed configuration of every Vitrine process (server, worker, CLI): the environment over an optional
 * JSON file (`VITRINE_CONFIG`, or `vitrine.config.json` in the working directory), validated with zod.
 * Everything has a default that gives a working shop on the embedded SQLite database.
 */
const configSchema = z
  .object({
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
     * SQLite: `full` syncs every commit to the disk (a confirmed order survives a power cut or a disk the kernel
     * turned read-only); `normal` writes faster and may lose the last commits then.
     */
    SQLITE_SYNCHRONOUS: z.enum(["full", "normal"]).default("full"),
    /**
     * Demo catalogue loaded on first start: number of products. 0 (the default) loads nothing: demo data, with its
     * gift cards of published codes, only when asked for (scripts/start.sh asks for it).
     */
    DEMO_PRODUCTS: z.coerce.number().int().min(0).default(0),
    NODE_ENV: z.string().default("production"),
    /**
     * How long a stopping server lets requests in flight finish (SIGTERM, SIGINT) before it closes their
     * connections, in milliseconds.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /**
     * Server processes `npm start` runs, sharing the port (node:cluster): 0 (the default) runs one per core, 1 runs
     * the server alone in the started process.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
    /** Level of the JSON logs on standard output (log.ts). */
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    /**
     * Memory for each storefront process's HTTP cache of the pages every shopper shares (apps/storefront/
     * http-cache.ts, honouring Cache-Control and purged by tag), in MB; 0 switches it off (a cache in front).
     */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /**
     * A shared HTTP cache in front (Varnish, deploy/varnish/): where the shop sends `PURGE` with the changed pages'
     * tags in `Surrogate-Key` as the event feed brings changes. Unset: no purges are sent.
     */
    HTTP_CACHE_PURGE_URL: z.url().optional(),
    /**
     * Behind reverse proxies: how many of them to trust for X-Forwarded-For (client address) and X-Forwarded-Proto
     * (HTTPS); 0 uses the socket peer only (client-address.ts). `true` and `false` are read as 1 and 0.
     */
    TRUST_PROXY: z
      .string()
      .default("0")
      .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
      .pipe(z.number().int().min(0).max(10)),
    /** Days after which a prepayment order whose transfer has not arrived is cancelled (stock back, mail). */
    PREPAYMENT_CANCEL_DAYS: z.coerce.number().int().min(1).max(365).default(10),
    /** Days sent mails stay in the outbox table. */
    MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Days a guest's basket and checkout draft are kept after their last change. */
    GUEST_BASKET_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Days events stay in the event table after every process has read them (they read within seconds). */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /**
     * Whether this process runs the worker (jobs/runner.ts) in-process (`embedded`, the storefront's default) or leaves
     * it to a separate `vitrine worker` (`off`). Any number of processes may run it: each job runs in one at a time.
     */
    WORKER: z.enum(["embedded", "off"]).default("embedded"),
    /** Seconds between runs of the mail-delivery job (the outbox; failed sends retry with backoff). */
    MAIL_JOB_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(5),
    /** Seconds between runs of the retention job (jobs/retention.ts). */
    RETENTION_JOB_INTERVAL_S: jobPeriodSeconds(3600),
    /** Seconds between runs of the job that deletes uploaded pictures no product shows any more (media/service.ts). */
    MEDIA_CLEANUP_JOB_INTERVAL_S: jobPeriodSeconds(3600),
    /** Seconds between runs of the job that cancels unpaid prepayment orders (orders/expiry.ts). */
    EXPIRY_JOB_INTERVAL_S: jobPeriodSeconds(3600),
    /** Seconds between runs of the search-analytics roll-up (it rolls up each finished day once). */
    SEARCH_ROLLUP_JOB_INTERVAL_S: jobPeriodSeconds(3600),
    /**
     * Third-party hooks (specification sections 1 and 7), each loaded in the browser only with the shopper's consent
     * (app/lib/third-party.ts) and allowed by the Content-Security-Policy only when set. The tag manager: its
     * container id (`GTM-` and upper-case letters or digits, section 5), loaded with statistics consent.
     */
    TAG_MANAGER_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, { message: "must be GTM- followed by upper-case letters and digits, e.g. GTM-AB12CD3" })
      .optional(),
    /** Where the tag manager loads from (the shop's own tagging host, or Google's). */
    TAG_MANAGER_URL: scriptUrlTemplate.default("https://www.googletagmanager.com/gtm.js?id={id}"),
    /** The A/B-testing script's account id; loaded with statistics consent and the consent store's legal consent. */
    AB_TEST_SCRIPT_ID: scriptId.optional(),
    /** Where the A/B-testing script loads from, e.g. `https://try.abtasty.com/{id}.js`; required with the id. */
    AB_TEST_SCRIPT_URL: scriptUrlTemplate.optional(),
    /** The recommendation script's merchant id; loaded with marketing consent. */
    RECOMMENDATION_SCRIPT_ID: scriptId.optional(),
    /** Where the recommendation script loads from (its vendor's CDN, `{id}` for the merchant id); required with the id. */
    RECOMMENDATION_SCRIPT_URL: scriptUrlTemplate.optional(),
    /**
     * The languages a store falls back along when a product has no text in its own language, comma-separated
     * (issue 20): the store's own language first, then these in order. `de,en,fr` makes fr → de → en.
     */
    LANGUAGE_FALLBACK: z
      .string()
      .regex(/^(de|fr|en)(,(de|fr|en))*$/, {
        message: "must be languages de, fr, en separated by commas, e.g. de,en,fr",
      })
      .default("de,en,fr")
      .transform((s) => s.split(",") as ("de" | "fr" | "en")[]),
    /** Error reporting (Sentry or a Sentry-compatible service such as GlitchTip); unset reports nothing. */
    SENTRY_DSN: z.url().optional(),
    /** The environment errors are reported under (section 9: 'unknown' unless set). */
    SENTRY_ENVIRONMENT: z.string().min(1).max(64).default("unknown"),
    /**
     * Payments (README "Payments", payments/gateways.ts). Stripe: the secret key (`sk_live_…`/`sk_test_…`) turns
     * card payments over to Stripe; the publishable key goes to Stripe.js on the payment step; the signing secret
     * checks `POST /api/payments/stripe/webhook`. Unset: the built-in sandbox takes card payments (test mode).
     */
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(8).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** Stripe's API address; only tests change it (a local fake on 127.0.0.1). */
    STRIPE_API_URL: z.url().default("https://api.stripe.com"),
    /** PayPal REST app credentials; unset, the built-in sandbox takes PayPal payments (test mode). */
    PAYPAL_CLIENT_ID: z.string().min(8).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(8).optional(),
    /** The id of the webhook registered in the PayPal app (its signature check names it). */
    PAYPAL_WEBHOOK_ID: z.string().min(4).optional(),
    /** `sandbox` (PayPal's test environment) or `live`. */
    PAYPAL_ENVIRONMENT: z.enum(["sandbox", "live"]).default("sandbox"),
    /** PayPal's API address when set (tests: a local fake); otherwise the one of PAYPAL_ENVIRONMENT. */
    PAYPAL_API_URL: z.url().optional(),
    /** Milliseconds a payment provider may take to answer before the call counts as failed. */
    PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /**
     * The payment methods each store offers, in checkout's order: `store:method+method;…` (methods: credit_card,
     * paypal, invoice, prepayment, cash_on_delivery). A store left out keeps the default list.
     */
    PAYMENT_METHODS: z.string().default(DEFAULT_PAYMENT_METHODS),
    /**
     * The shop's legal name (invoices, transfer instructions, the bank account's holder when it names none). No
     * default: a shop says who it is; the demo start fills in the demo shop's (payments/demo-settings.ts).
     */
    SHOP_LEGAL_NAME: z.string().min(1).max(200).optional(),
    /**
     * The shop's bank account for transfers (invoice, prepayment) per currency: `holder|bank|IBAN|BIC` (holder empty:
     * the legal name). No default: invoice and prepayment are offered only in the stores whose currency has an
     * account (and a holder or legal name); the demo start fills in the demo shop's accounts.
     */
    BANK_ACCOUNT_EUR: z.string().optional(),
    BANK_ACCOUNT_CHF: z.string().optional(),
    /** Days to pay an invoice after the order, and to transfer a prepayment. */
    INVOICE_DUE_DAYS: z.coerce.number().int().min(1).max(120).default(14),
    PREPAYMENT_DUE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    /** Seconds between runs of the payment reconciliation (payments without order, stale states, expiring holds). */
    PAYMENT_RECONCILE_JOB_INTERVAL_S: jobPeriodSeconds(900),
    /** Largest picture file the back office, the CLI and the import take, in bytes (default 25 MB). */
    MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).max(200_000_000).default(25_000_000),
    /** Widest and tallest picture taken, in pixels. */
    MEDIA_MAX_DIMENSION: z.coerce.number().int().min(16).max(65_535).default(12_000),
    /** Most pixels a picture may decode to (a small file that would unpack to gigabytes is refused). */
    MEDIA_MAX_PIXELS: z.coerce.number().int().min(256).max(1_000_000_000).default(60_000_000),
    /**
     * Absolute (`https://…`) image addresses in a catalogue import: `keep` shows them as they are (from their own
     * server); `fetch` downloads each into the media store at import time (http(s) only, within MEDIA_MAX_BYTES and
     * MEDIA_FETCH_TIMEOUT_MS) and refuses the import when one cannot be fetched.
     */
    IMPORT_IMAGE_URLS: z.enum(["keep", "fetch"]).default("keep"),
    MEDIA_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
    /**
     * Uploaded pictures in an S3-compatible bucket instead of `{VITRINE_DATA_DIR}/media` (README "Pictures"): the
     * bucket turns it on. ENDPOINT: the server (`https://…`; empty: AWS); REGION: its region; the key pair (both or
     * neither: then the SDK's usual sources, such as an instance role); PREFIX: put before every object name;
     * URL_STYLE: `path` puts the bucket in the path (most self-hosted servers), `host` in the host name.
     */
    MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
    MEDIA_S3_ENDPOINT: z.url().optional(),
    MEDIA_S3_REGION: z.string().min(1).default("us-east-1"),
    MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    MEDIA_S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, { message: "must be empty or end with / (letters, digits, . _ -)" })
      .default("media/"),
    MEDIA_S3_URL_STYLE: z.enum(["path", "host"]).default("path"),
    /**
     * Where the bucket's objects are public (`https://cdn.example.com/`, a CDN or the bucket's website): the shop
     * then sends a picture's address there (a lasting redirect) instead of reading it from the bucket itself.
     */
    MEDIA_S3_PUBLIC_URL: z.url().optional(),
  })
  .superRefine((config, issues) => {
    for (const [id, url] of [
      ["AB_TEST_SCRIPT_ID", "AB_TEST_SCRIPT_URL"],
      ["RECOMMENDATION_SCRIPT_ID", "RECOMMENDATION_SCRIPT_URL"],
    ] as const) {
      if (config[id] && !config[url]) {
        issues.addIssue({ code: "custom", path: [url], message: `is required when ${id} is set` });
      }
    }
    for (const [key, needs] of [
      ["STRIPE_SECRET_KEY", ["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]],
      ["PAYPAL_CLIENT_ID", ["PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"]],
    ] as const) {
      for (const need of needs) {
        if (config[key] && !config[need]) {
          issues.addIssue({ code: "custom", path: [need], message: `is required when ${key} is set` });
        }
      }
    }
    if (!config.MEDIA_S3_ACCESS_KEY_ID !== !config.MEDIA_S3_SECRET_ACCESS_KEY) {
      const missing = config.MEDIA_S3_ACCESS_KEY_ID ? "MEDIA_S3_SECRET_ACCESS_KEY" : "MEDIA_S3_ACCESS_KEY_ID";
      issues.addIssue({ code: "custom", path: [missing], message: "the S3 key pair needs both its parts" });
    }
    if (config.MEDIA_S3_PUBLIC_URL && !config.MEDIA_S3_BUCKET) {
      issues.addIssue({
        code: "custom",
        path: ["MEDIA_S3_BUCKET"],
        message: "is required when MEDIA_S3_PUBLIC_URL is set",
      });
    }
    for (const name of ["BANK_ACCOUNT_EUR", "BANK_ACCOUNT_CHF"] as const) {
      const value = config[name];
      if (value !== undefined && (value.split("|").length !== 4 || !value.split("|")[2]?.trim())) {
        issues.addIssue({ code: "custom", path: [name], message: "must be holder|bank|IBAN|BIC" });
      }
    }
    if (!/^([a-z-]+:[a-z_]+(\+[a-z_]+)*)(;[a-z-]+:[a-z_]+(\+[a-z_]+)*)*$/.test(config.PAYMENT_METHODS)) {
      issues.addIssue({ code: "custom", path: ["PAYMENT_METHODS"], message: "must be store:method+method;…" });
    }
  });

export type VitrineConfig = z.output<typeof configSchema>;
export type SettingName = keyof VitrineConfig;
/** `demo`: the demo shop's value, for a start with the demo catalogue (payments/demo-settings.ts). */
export type SettingSource = "default" | "file" | "env" | "demo";

/** The names of all settings, in the order `vitrine config` shows them. */
export const SETTING_NAMES = Object.keys(configSchema.shape) as SettingName[];

/** A setting that cannot be used: its message is one line naming the setting, fit to end a start with. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface LoadedConfig {
  config: VitrineConfig;
  /** Where each setting's value came from. */
  sources: Record<SettingName, SettingSource>;
  /** The config file that was read, if any. */
  file: string | undefined;
}

type Env = Record<string, string | undefined>;

/** The config file: `VITRINE_CONFIG` (must exist), else `vitrine.config.json` in the working directory when present. */
function configFilePath(env: Env): string | undefined {
  if (env.VITRINE_CONFIG) return resolve(env.VITRINE_CONFIG);
  const local = resolve("vitrine.config.json");
  return existsSync(local) ? local : undefined;
}

function readConfigFile(file: string): Env {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new ConfigError(`config file ${file} (VITRINE_CONFIG): ${reason}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new ConfigError(`config file ${file}: expected a JSON object of settings`);
  const values: Env = {};
  for (const [name, value] of Object.entries(parsed)) {
    // A typo in a file would otherwise be ignored silently (the environment has plenty of unrelated names).
    if (!(SETTING_NAMES as string[]).includes(name))
      throw new ConfigError(`config file ${file}: unknown setting ${name}`);
    if (value === null) continue;
    if (!["string", "number", "boolean"].includes(typeof value))
      throw new ConfigError(`config file ${file}: setting ${name} must be a string, number or boolean`);
    values[name] = String(value);
  }
  return values;
}

/**
 * Reads the configuration with where each value came from: the default, the config file or the environment (the
 * environment wins). Throws a `ConfigError` naming the setting when one is invalid.
 */
export function loadConfigWithSources(env: Env = process.env): LoadedConfig {
  const file = configFilePath(env);
  const fromFile = file ? readConfigFile(file) : {};
  const merged: Env = {};
  const sources = {} as Record<SettingName, SettingSource>;
  for (const name of SETTING_NAMES) {
    if (env[name] !== undefined) {
      merged[name] = env[name];
      sources[name] = "env";
    } else if (fromFile[name] !== undefined) {
      merged[name] = fromFile[name];
      sources[name] = "file";
    } else {
      sources[name] = "default";
    }
  }
  // A start with the demo catalogue takes the demo shop's legal name and bank accounts where the operator set none.
  if (Number(merged.DEMO_PRODUCTS ?? 0) > 0) {
    for (const [name, value] of Object.entries(DEMO_PAYMENT_SETTINGS) as [SettingName, string][]) {
      if (sources[name] !== "default") continue;
      merged[name] = value;
      sources[name] = "demo";
    }
  }
  const result = configSchema.safeParse(merged);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "?") as SettingName;
      const shown = merged[name] === undefined ? "" : `=${JSON.stringify(maskSetting(name, merged[name]))}`;
      const from = sources[name] === "file" ? ` (in ${file})` : "";
      return `${name}${shown}${from}: ${issue.message}`;
    });
    throw new ConfigError(`invalid setting ${problems.join("; ")}`);
  }
  return { config: result.data, sources, file };
}

export function loadConfig(env: Env = process.env): VitrineConfig {
  return loadConfigWithSources(env).config;
}

/** Settings that are secrets as a whole; URLs are shown with their password masked. */
function isSecretSetting(name: string): boolean {
  // A Sentry DSN carries the project's key: shown as a whole it would let anyone report into the project.
  return (
    name === "VITRINE_SECRET" ||
    name === "PREVIEW_TOKEN" ||
    name === "SENTRY_DSN" ||
    /_(KEY|SECRET|TOKEN|PASSWORD)$/.test(name)
  );
}

const MASK = "*****";

/** A setting's value as it may be shown or logged: secrets masked, passwords in URLs masked. */
export function maskSetting(name: string, value: unknown): string {
  if (value === undefined) return "";
  const text = String(value);
  if (isSecretSetting(name)) return text === "" ? "" : MASK;
  return maskUrlPassword(text);
}

/** `postgres://user:secret@host/db` → `postgres://user:*****@host/db`; anything else unchanged. */
export function maskUrlPassword(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:)([^@\s]+)@/i, `$1${MASK}@`);
}

export function publicUrl(config: VitrineConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}

const SECRET_KEY = "app_secret";

/**
 * The process secret: from VITRINE_SECRET, or generated on first use and stored in the database so that every
 * process of one shop signs with the same key.
 */
export async function resolveSecret(
  ctx: { db: Db; config: Pick<VitrineConfig, "VITRINE_SECRET"> },
  now: Date,
): Promise<string> {
  const { db, config } = ctx;
  if (config.VITRINE_SECRET) return config.VITRINE_SECRET;
  const stored = await getSetting({ db }, SECRET_KEY);
  if (stored) return stored;
  // Another process may have won the race: settingOrInsert answers whatever is stored now.
  return settingOrInsert({ db }, SECRET_KEY, randomBytes(32).toString("base64url"), now);
}
