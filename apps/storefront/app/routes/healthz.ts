import { sql } from "kysely";
import { servicesContext } from "../lib/context.ts";
import type { Route } from "./+types/healthz";

/** Liveness and database reachability, for load balancers. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  await sql`select 1`.execute(db);
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
