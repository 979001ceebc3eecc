import { probeDatabase } from "@vitrine/commerce";
import { servicesContext } from "../lib/context.ts";
import { databaseUnavailable } from "../lib/middleware.server.ts";
import type { Route } from "./+types/readyz";

/**
 * Readiness, for load balancers and orchestrators: the database answers and takes a write. 503 while it is
 * away, full or read-only, so the process gets no traffic it could only fail; /healthz stays the liveness check.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clock } = context.get(servicesContext);
  const trouble = await probeDatabase(db, clock.now());
  if (trouble) return databaseUnavailable(request, trouble);
  return Response.json({ status: "ready" }, { headers: { "cache-control": "no-store" } });
}
