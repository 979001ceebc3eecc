import {
  type Clock,
  type Ctx,
  createCtx,
  createDatabase,
  createLogger,
  type Db,
  defaultImageUrl,
  ensureSchema,
  type Logger,
  loadConfig,
  migrateToLatest,
  type OutboxFlusher,
  resolveSecret,
  startOutboxFlusher,
  systemClock,
  type VitrineConfig,
} from "@vitrine/commerce";
import {
  createSearchHttpHandler,
  createSearchService,
  type SearchHttpHandler,
  type SearchService,
} from "@vitrine/search";
import { PageCache } from "./page-cache.server.ts";
import type { ReadinessCheck } from "./readiness.server.ts";

/**
 * The services of one storefront process, created once: configuration, database (migrated; the demo catalogue
 * is seeded before by the server's start, `@vitrine/demo-data/seed`), the signing secret. Route loaders and actions reach them through `getServices()`.
 */
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
  /** Rendered pages of anonymous visitors (lib/page-cache.server.ts); undefined when PAGE_CACHE_MB is 0. */
  pageCache: PageCache | undefined;
  /** Sends mails a crash or a failed send left in the outbox: at start, then every 30 s. */
  mailFlusher: OutboxFlusher;
  /**
   * Checks /readyz runs besides the database, the migrations and the search index (readiness.server.ts): parts
   * started with the services add theirs (the embedded worker its heartbeat).
   */
  readinessChecks: ReadinessCheck[];
}

export interface ServiceOptions {
  /** The process's logger (server.ts makes it); without one the services make their own from LOG_LEVEL. */
  log?: Logger;
}

let services: Promise<Services> | undefined;

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
  const log = options.log ?? createLogger({ level: config.LOG_LEVEL });
  if (config.DATABASE_SCHEMA) {
    const admin = createDatabase({ url: config.DATABASE_URL, poolSize: 1, log });
    await ensureSchema(admin, config.DATABASE_SCHEMA);
    await admin.destroy();
  }
  const db = createDatabase({
    url: config.DATABASE_URL,
    dataDir: config.VITRINE_DATA_DIR,
    ...(config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {}),
    log,
  });
  await migrateToLatest(db);
  const clock = systemClock;
  const secret = await resolveSecret(db, config, clock.now());
  const imageUrl = defaultImageUrl(config.IMAGE_BASE_URL);
  const search = createSearchService({ db, secret, clock, imageUrl, logger: log });
  await search.start();
  const searchHttp = createSearchHttpHandler(search, { trustProxy: config.TRUST_PROXY, logger: log });
  const pageCache = config.PAGE_CACHE_MB > 0 ? new PageCache(config.PAGE_CACHE_MB * 1024 * 1024) : undefined;
  const mailFlusher = startOutboxFlusher(
    { db, clock, config },
    { onError: (err) => log.error({ err }, "delivering mails failed (they stay in the outbox)") },
  );
  return { config, db, clock, log, secret, imageUrl, search, searchHttp, pageCache, mailFlusher, readinessChecks: [] };
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
  await s?.mailFlusher.stop();
  // Its last write of logged searches may fail (the database gone or read-only): close the database anyway.
  await s?.search.stop().catch((err: unknown) => s.log.error({ err }, "stopping the search service failed"));
  await s?.db.destroy();
}
