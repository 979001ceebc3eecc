/**
 * Liveness: 200 while the process runs and answers, whatever the database does (readiness is /readyz). The
 * production server answers it before anything else (server.ts); this route answers it in-process (tests).
 */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
