import {
  createDatabase,
  ensureSchema,
  type Logger,
  loadConfig,
  type ModuleMigrations,
  migrateToLatest,
  silentLogger,
  type VitrineConfig,
} from "@vitrine/commerce";
import { isCatalogEmpty, loadDemoCatalog } from "./generate.ts";

/**
 * The start's demo seeding: when DEMO_PRODUCTS asks for it and the catalogue is empty, migrates the database and
 * loads the demo catalogue, before the storefront's services start. The storefront itself never imports this
 * package, so a production server holds no demo data unless its operator asks for it.
 */
export async function seedDemoShop(
  config: VitrineConfig = loadConfig(),
  options: {
    log?: Logger;
    now?: Date;
    /** The shop's other modules' migrations (search's). */
    modules: readonly ModuleMigrations[];
  },
): Promise<boolean> {
  if (config.DEMO_PRODUCTS <= 0) return false;
  const log = options.log ?? silentLogger;
  if (config.DATABASE_SCHEMA) {
    const admin = createDatabase({ url: config.DATABASE_URL, poolSize: 1, log });
    await ensureSchema(admin, config.DATABASE_SCHEMA).finally(() => admin.destroy());
  }
  const db = createDatabase({
    url: config.DATABASE_URL,
    dataDir: config.VITRINE_DATA_DIR,
    poolSize: 1,
    ...(config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {}),
    log,
  });
  try {
    await migrateToLatest(db, options.modules);
    if (!(await isCatalogEmpty(db))) return false;
    const started = performance.now();
    await loadDemoCatalog(db, { products: config.DEMO_PRODUCTS }, options.now ?? new Date());
    log.info({ products: config.DEMO_PRODUCTS, ms: Math.round(performance.now() - started) }, "demo catalogue loaded");
    return true;
  } finally {
    await db.destroy();
  }
}
