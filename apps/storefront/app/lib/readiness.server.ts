import { pendingMigrations, probeDatabase } from "@vitrine/commerce";
import type { Services } from "./services.server.ts";
import { SHOP_MODULES } from "./services.server.ts";

/**
 * Readiness (/readyz), for load balancers and orchestrators: whether this process should get traffic. Each check
 * answers undefined when all is well, or why not in a few words.
 */
export interface ReadinessCheck {
  name: string;
  check(): Promise<string | undefined>;
}

export interface Readiness {
  ready: boolean;
  /** Every check by name: "ok", what fails, or that it was not checked (the database is away). */
  checks: Record<string, string>;
  /** The names of the failing checks. */
  failing: string[];
}

/**
 * The database answers and takes a write (away, full or read-only: no traffic this process could only fail),
 * it has run every migration of this code, the search index is built, and the checks other parts added
 * (`services.readinessChecks`) pass. Checks run one after the other: the later ones need the database.
 */
export async function readiness(services: Services): Promise<Readiness> {
  const { db, clock, search } = services;
  const builtIn: ReadinessCheck[] = [
    {
      name: "database",
      async check() {
        const trouble = await probeDatabase(db, clock.now());
        return trouble && `${trouble.kind}: ${trouble.reason}`;
      },
    },
    {
      name: "migrations",
      async check() {
        const pending = await pendingMigrations(db, SHOP_MODULES);
        return pending.length ? `pending: ${pending.join(", ")}` : undefined;
      },
    },
    { name: "search", check: async () => (search.status().ready ? undefined : "index not built") },
  ];
  const checks: Record<string, string> = {};
  const failing: string[] = [];
  for (const { name, check } of [...builtIn, ...services.readinessChecks]) {
    if (failing.includes("database")) {
      checks[name] = "not checked (database)";
      continue;
    }
    const problem = await check().catch((error: unknown) => `check failed: ${(error as Error).message}`);
    checks[name] = problem ?? "ok";
    if (problem) failing.push(name);
  }
  return { ready: failing.length === 0, checks, failing };
}
