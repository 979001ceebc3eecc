import { servicesContext } from "../lib/context.ts";
import { readiness } from "../lib/readiness.server.ts";
import type { Route } from "./+types/readyz";

/** How soon a load balancer may ask again after a failed check. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Readiness (lib/readiness.server.ts): 200 when this process can serve, else 503 naming the failing checks.
 * /healthz stays the liveness check; while the server stops, server.ts answers 503 itself.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const state = await readiness(services);
  if (state.ready) {
    return Response.json({ status: "ready", checks: state.checks }, { headers: { "cache-control": "no-store" } });
  }
  services.log.warn({ failing: state.failing, checks: state.checks }, "not ready");
  return Response.json(
    { status: "unavailable", failing: state.failing, checks: state.checks },
    { status: 503, headers: { "cache-control": "no-store", "retry-after": String(RETRY_AFTER_SECONDS) } },
  );
}
