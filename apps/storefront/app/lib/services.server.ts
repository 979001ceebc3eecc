import {
  type Clock,
  type Ctx,
  concernsShopSettings,
  coreJobs,
  createCtx,
  createDatabase,
  createLogger,
  createWorker,
  type Db,
  defaultImageUrl,
  ensureSchema,
  forgetPhysicalStoreCount,
  forgetShopLogo,
  forgetShopSettings,
  invalidateCategoryTree,
  type Logger,
  loadConfig,
  migrateToLatest,
  paymentSettings,
  resolveSecret,
  SharedRateLimiter,
  setLanguageFallback,
  systemClock,
  transfersWithoutAccount,
  type VitrineConfig,
  type Worker,
  workerHeartbeatAge,
} from "@vitrine/commerce";
import {
  createHelpHttpHandler,
  createHelpService,
  createSearchHttpHandler,
  createSearchService,
  HELP_API_RATE_RULE,
  type HelpHttpHandler,
  type HelpService,
  helpConcerns,
  SEARCH_API_RATE_RULE,
  type SearchHttpHandler,
  type SearchService,
  searchJobs,
  searchMigrations,
} from "@vitrine/search";
import { type CachePurger, createCachePurger } from "./cache-purge.server.ts";
import { ALL_PAGES_TAG } from "./http-cache.ts";
import type { ReadinessCheck } from "./readiness.server.ts";

/**
 * The services of one storefront process, created once: configuration, database (migrated; the demo catalogue
 * is seeded before by the server's start, `@vitrine/demo-data/seed`), the signing secret. Route loaders and actions reach them through `getServices()`.
 */
/** The modules beyond commerce whose migrations the shop's database runs (one list for migrating and readiness). */
export const SHOP_MODULES = [searchMigrations] as const;

export interface Services {
  config: VitrineConfig;
  db: Db;
  clock: Clock;
  /** The process's logger (JSON lines on standard output); requests log through a child with their id. */
  log: Logger;
  secret: string;
  imageUrl: (path: string) => string;
  /** The search and listing service, in process (its index follows catalogue changes). */
  search: SearchService;
  /** The search service's Coveo-compatible HTTP API, mounted at /api/search/. */
  searchHttp: SearchHttpHandler;
  /** The help centre's search and answers (in process) and its classic Search API v2 over HTTP. */
  help: HelpService;
  helpHttp: HelpHttpHandler;
  /** Cache purges by tag following the event feed (lib/cache-purge.server.ts): the HTTP caches listen. */
  cachePurger: CachePurger;
  /**
   * The embedded worker (WORKER=embedded, the default): mail delivery, retention, roll-ups, prepayment expiry. With
   * several processes each runs one and every job still runs in one process at a time; WORKER=off leaves the jobs
   * to a separate `vitrine worker`.
   */
  worker: Worker | undefined;
  /**
   * Checks /readyz runs besides the database, the migrations and the search index (readiness.server.ts): parts
   * started with the services add theirs (the embedded worker its heartbeat).
   */
  readinessChecks: ReadinessCheck[];
  /** The APIs' shared rate limiters: their last counts are written at the stop. */
  rateLimiters: SharedRateLimiter[];
}

export interface ServiceOptions {
  /** The process's logger (server.ts makes it); without one the services make their own from LOG_LEVEL. */
  log?: Logger;
}

let services: Promise<Services> | undefined;

/** How old the heartbeat of this process's own worker may be (it beats every second). */
const WORKER_STALE_MS = 15_000;
/** How old the freshest heartbeat of a separate `vitrine worker` may be. */
const SEPARATE_WORKER_STALE_MS = 60_000;

/** The services, created on first use; the options of the first call count. */
export function getServices(options: ServiceOptions = {}): Promise<Services> {
  services ??= createServices(options).catch((error) => {
    services = undefined;
    throw error;
  });
  return services;
}

async function createServices(options: ServiceOptions): Promise<Services> {
  const config = loadConfig();
  setLanguageFallback(config.LANGUAGE_FALLBACK);
  const log = options.log ?? createLogger({ level: config.LOG_LEVEL });
  if (config.DATABASE_SCHEMA) {
    const admin = createDatabase({ url: config.DATABASE_URL, poolSize: 1, log });
    await ensureSchema(admin, config.DATABASE_SCHEMA);
    await admin.destroy();
  }
  const db = createDatabase({
    url: config.DATABASE_URL,
    dataDir: config.VITRINE_DATA_DIR,
    synchronous: config.SQLITE_SYNCHRONOUS,
    ...(config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {}),
    log,
  });
  await migrateToLatest(db, SHOP_MODULES);
  const clock = systemClock;
  const secret = await resolveSecret({ db, config }, clock.now());
  const imageUrl = defaultImageUrl(config.IMAGE_BASE_URL);
  const transferGaps = transfersWithoutAccount(paymentSettings(config));
  if (transferGaps.length > 0)
    log.warn(
      {
        stores: transferGaps.map((gap) => gap.store),
        currencies: [...new Set(transferGaps.map((gap) => gap.currency))],
      },
      "invoice and prepayment are not offered where the shop has no bank account: set BANK_ACCOUNT_EUR / BANK_ACCOUNT_CHF and SHOP_LEGAL_NAME",
    );
  const search = createSearchService({ db, secret, clock, imageUrl, logger: log });
  await search.start();
  // The APIs' rate limits hold across all processes on the database (counted in memory, written in batches).
  const searchLimiter = new SharedRateLimiter({ db, clock }, { rule: SEARCH_API_RATE_RULE, log });
  const helpLimiter = new SharedRateLimiter({ db, clock }, { rule: HELP_API_RATE_RULE, log });
  const searchHttp = createSearchHttpHandler(search, {
    trustProxy: config.TRUST_PROXY,
    logger: log,
    rateLimit: searchLimiter,
  });
  const help = createHelpService({ db, clock });
  // The help index follows the event feed the product index reads: a content publish or a rule change on any
  // process reaches this one's help search within the feed's polling interval (or at once on PostgreSQL's wake-up).
  search.onFeedEvents(({ events, full }) => {
    if (full || helpConcerns(events))
      help.changed().catch((err: unknown) => log.warn({ err }, "help: reading the changed content failed"));
  });
  const helpHttp = createHelpHttpHandler(help, secret, {
    trustProxy: config.TRUST_PROXY,
    logger: log,
    rateLimit: helpLimiter,
  });
  // A category change (any process): this process's category tree (menu, category pages) is read again before the
  // purger below drops the pages, so no page is rendered again from the old tree (listeners run in this order).
  search.onFeedEvents(({ events, full }) => {
    if (full || events.some((e) => e.type === "catalog.changed" && e.entity === "category")) {
      invalidateCategoryTree({ db });
    }
  });
  // Whether the shop has physical stores shows on every page (the finder's link): forgotten before the purger below
  // drops the pages (the search service's version moves with the same events).
  search.onFeedEvents(({ events, full }) => {
    if (full || events.some((e) => e.type === "physical_store.changed")) forgetPhysicalStoreCount(db);
  });
  const cachePurger = createCachePurger(search, { purgeUrl: config.HTTP_CACHE_PURGE_URL, log });
  // The shop settings (name, logo, delivery prices, return window…) show on every page: a change made by any process
  // drops this process's reading and every cached page (the reading's own TTL bounds it should the feed lag).
  search.onFeedEvents(({ events, full }) => {
    const changed = concernsShopSettings(events);
    if (!changed && !full) return;
    forgetShopSettings(db);
    forgetShopLogo(db);
    if (changed) cachePurger.purge([ALL_PAGES_TAG]);
  });
  const worker =
    config.WORKER === "embedded"
      ? createWorker({ db, clock, config, log, jobs: [...coreJobs(config), ...searchJobs(config)] })
      : undefined;
  worker?.start();
  const readinessChecks: ReadinessCheck[] = [
    {
      name: "worker",
      async check() {
        // The embedded worker writes its heartbeat every second; a separate one may be restarting for a while.
        const limitMs = worker ? WORKER_STALE_MS : SEPARATE_WORKER_STALE_MS;
        const age = await workerHeartbeatAge(db, clock.now());
        if (age === undefined) return worker ? "the embedded worker has not started" : "no worker is running";
        return age > limitMs ? `no worker heartbeat for ${Math.round(age / 1000)} s` : undefined;
      },
    },
  ];
  return {
    config,
    db,
    clock,
    log,
    secret,
    imageUrl,
    search,
    searchHttp,
    help,
    helpHttp,
    cachePurger,
    worker,
    readinessChecks,
    rateLimiters: [searchLimiter, helpLimiter],
  };
}

/** The context of one request (or one piece of background work) of this process. */
export function processCtx(services: Services, requestId?: string): Ctx {
  const { db, clock, config, log } = services;
  return createCtx({ db, clock, config, log, ...(requestId ? { requestId } : {}) });
}

/** Stops background work and closes the database (on SIGINT/SIGTERM). */
export async function stopServices(): Promise<void> {
  if (!services) return;
  const s = await services.catch(() => undefined);
  services = undefined;
  // Running jobs finish first (a mail half sent is sent, a roll-up day commits), then nothing new starts.
  await s?.worker?.stop().catch((err: unknown) => s.log.error({ err }, "stopping the worker failed"));
  // Its last write of logged searches may fail (the database gone or read-only): close the database anyway.
  s?.cachePurger.stop();
  await s?.search.stop().catch((err: unknown) => s.log.error({ err }, "stopping the search service failed"));
  for (const limiter of s?.rateLimiters ?? [])
    await limiter.stop().catch((err: unknown) => s?.log.error({ err }, "writing the last rate limit counts failed"));
  await s?.db.destroy();
}
