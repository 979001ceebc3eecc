import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { drainUnreadBody } from "@vitrine/commerce/node-http";
import type { ServerBuild } from "react-router";
import { CLUSTER_READY, CLUSTER_STOP } from "./cluster.ts";
import { HttpCache, withholdNote } from "./http-cache.ts";
import { StaticFiles } from "./static-files.ts";

/**
 * The production server: static assets from the client build (long-lived caching, compressed) and every other
 * request through React Router. `npm start` runs one per core on a shared port (cluster.ts); several machines
 * scale out behind a load balancer.
 *
 * Operations: JSON logs on standard output (one access line per request, with its X-Request-Id), `/healthz`
 * (alive) and `/readyz` (ready for traffic) answered here first, a start that ends with one clear line on
 * standard error when a setting is bad, the database cannot be reached or the port is taken, and a graceful
 * stop on SIGTERM/SIGINT: readiness fails at once, no new connections, requests in flight get SHUTDOWN_DRAIN_MS
 * to finish, then the services stop and the process exits 0.
 */

// React picks its development or production build when it is first loaded: decide before loading anything
// that imports it (the imports below are dynamic for that reason). The development build is several times slower.
process.env.NODE_ENV ??= "production";
const { createRequestListener } = await import("@react-router/node");
const { default: compression } = await import("compression");
const { loadConfig, maskUrlPassword } = await import("@vitrine/commerce/config");
const { createLogger, REQUEST_ID_HEADER, requestIdFrom } = await import("@vitrine/commerce/log");
const { databaseTrouble } = await import("@vitrine/commerce/availability");
const { startErrorReporting } = await import("@vitrine/commerce/error-reporting");

/** Ends a start that cannot succeed with one line an operator can act on, and no stack trace. */
function cannotStart(reason: string): never {
  process.stderr.write(`vitrine: cannot start: ${reason}\n`);
  process.exit(1);
}

type Config = ReturnType<typeof loadConfig>;
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if ((error as Error).name === "ConfigError") cannotStart((error as Error).message);
  throw error;
}
const log = createLogger({ level: config.LOG_LEVEL });
// Without SENTRY_DSN this warns 'Sentry DSN is not provided' once, in the process's log on the console, and
// reports nothing (specification section 8). Standard error stays for a start that fails.
const errors = await startErrorReporting(config, { warn: (message) => log.warn(message) });

const root = import.meta.dirname;
const buildDir = resolve(root, process.env.VITRINE_BUILD_DIR ?? "build");
const clientDir = join(buildDir, "client");
const { PORT: port, HOST: host } = config;

type Entry = { ServerBuild: ServerBuild };
type BuildModule = ServerBuild & {
  entry: {
    module: {
      initServices?: (options: { log: typeof log }) => Promise<void>;
      stopServices?: () => Promise<void>;
      onCachePurge?: (listener: (tags: readonly string[]) => void) => Promise<() => void>;
      maintenanceMode?: () => Promise<boolean>;
      onCachedView?: (note: string, headers: { get(name: string): string | null }) => Promise<void>;
      CACHE_NOTE_HEADER?: string;
      SHOP_MODULES: Parameters<typeof import("@vitrine/demo-data/seed").seedDemoShop>[1]["modules"];
    };
  };
};

const serverEntry = join(buildDir, "server", "index.js");
const build = (await import(pathToFileURL(serverEntry).href).catch((error: NodeJS.ErrnoException) => {
  if (error.code === "ERR_MODULE_NOT_FOUND" && error.message.includes(serverEntry))
    cannotStart(`no storefront build at ${buildDir} (run npm run build)`);
  throw error;
})) as BuildModule;
const handle = createRequestListener({
  build: build as unknown as Entry["ServerBuild"],
  mode: process.env.NODE_ENV ?? "production",
});
const compress = compression();

/**
 * The embedded shared HTTP cache (http-cache.ts) of the pages every shopper shares, purged by tag as this process
 * follows the event feed; off with PAGE_CACHE_MB=0 (a cache in front, deploy/varnish/).
 */
const httpCache =
  config.PAGE_CACHE_MB > 0
    ? new HttpCache(config.PAGE_CACHE_MB * 1024 * 1024, {
        onView(note, req) {
          const headers = { get: (name: string) => firstHeader(req.headers[name]) ?? null };
          build.entry.module.onCachedView?.(note, headers).catch((error: unknown) => {
            log.warn({ err: error, path: req.url }, "logging a cached page's search failed");
          });
        },
      })
    : undefined;

/** The header that carries a page's cache note (the search it logged) to the HTTP cache, never to the client. */
const noteHeader = build.entry.module.CACHE_NOTE_HEADER;

/** Preview mode (drafts) never reads the cache; neither does anything but GET and HEAD. */
function mayUseCache(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if ((req.url ?? "").includes("editor-mode=")) return false;
  return !/(?:^|;\s*)vitrine_preview=/.test(req.headers.cookie ?? "");
}

const staticFiles = new StaticFiles(clientDir);

/**
 * The files of the client build get the security headers of the shop's answers too (middleware.server.ts): a
 * file opened on its own (an SVG, say) runs no script and is not framed by another site.
 */
const STATIC_SECURITY_HEADERS: [string, string][] = [
  ["x-content-type-options", "nosniff"],
  [
    "content-security-policy",
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'",
  ],
  ["x-frame-options", "SAMEORIGIN"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
];

/** Files of the client build, in the precompressed encoding the browser accepts (precompress.ts). */
async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const file = await staticFiles.get(pathname, req.headers["accept-encoding"]);
  if (!file) return false;
  res.statusCode = 200;
  res.setHeader("content-type", file.contentType);
  for (const [name, value] of STATIC_SECURITY_HEADERS) res.setHeader(name, value);
  if (config.PUBLIC_URL?.toLowerCase().startsWith("https://")) {
    res.setHeader("strict-transport-security", "max-age=31536000");
  }
  res.setHeader("content-length", file.body.length);
  // An encoded answer is not compressed again by the compression middleware.
  if (file.encoding) res.setHeader("content-encoding", file.encoding);
  if (file.varies) res.setHeader("vary", "Accept-Encoding");
  // Vite fingerprints everything under /assets/: cache it for a year.
  res.setHeader(
    "cache-control",
    pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  );
  res.end(req.method === "HEAD" ? undefined : file.body);
  return true;
}

/** Where the process is: starting (services not ready), serving, or stopping (draining requests in flight). */
let phase: "starting" | "serving" | "stopping" = "starting";
let servicesStarted: Promise<void> = Promise.resolve();

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
}

/**
 * Liveness and readiness that do not depend on the services: `/healthz` is 200 while the process runs;
 * `/readyz` is 503 while starting or stopping, and otherwise React Router's readiness route runs its checks.
 */
function answerProbe(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (pathname === "/healthz") {
    sendJson(res, 200, { status: "ok" });
    return true;
  }
  if (pathname === "/readyz" && phase !== "serving") {
    sendJson(res, 503, { status: "unavailable", failing: [phase === "starting" ? "starting" : "shutdown"] });
    return true;
  }
  return false;
}

/** Responses not finished yet: a stop tells their clients to close the connection after them. */
const inFlight = new Set<ServerResponse>();

const server = createServer((req, res) => {
  const started = performance.now();
  // One id per request, in every log line about it and in the answer; React Router's middleware reads it here.
  const requestId = requestIdFrom(firstHeader(req.headers[REQUEST_ID_HEADER]));
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  // The socket address for per-client rate limits (clientAddress of @vitrine/commerce); whatever a client sent
  // under this name is overwritten.
  req.headers["x-vitrine-client-address"] = req.socket.remoteAddress ?? "";
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch {
    pathname = req.url ?? "/";
  }
  inFlight.add(res);
  if (phase === "stopping") res.shouldKeepAlive = false;
  res.once("close", () => {
    inFlight.delete(res);
    log.info(
      {
        requestId,
        method: req.method,
        path: pathname,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
    if (phase === "stopping") server.closeIdleConnections();
  });
  drainUnreadBody(req, res);
  if (answerProbe(req, res, pathname)) return;
  servicesStarted
    .then(async () => {
      // Kept pages are answered before compression (they are kept compressed); an answer to keep is captured as
      // the compression writes it.
      const note = noteHeader ? withholdNote(res, noteHeader) : undefined;
      if (httpCache && mayUseCache(req) && !(await build.entry.module.maintenanceMode?.())) {
        if (httpCache.answer(req, res, note)) return;
      }
      await new Promise<void>((done, fail) =>
        compress(req as never, res as never, () => {
          serveStatic(req, res, pathname)
            .then((served) => (served ? undefined : handle(req, res)))
            .then(() => done(), fail);
        }),
      );
    })
    .catch((error: unknown) => {
      log.error({ err: error, requestId, method: req.method, path: pathname }, "request failed");
      errors.capture(error, { requestId, method: req.method, path: pathname });
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
});

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Listens, or ends the start with one line when the port is taken or not ours to use. */
function listen(): Promise<void> {
  return new Promise((done) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") cannotStart(`port ${port} on ${host} is already in use (PORT, HOST)`);
      if (error.code === "EACCES") cannotStart(`no permission to listen on port ${port} (PORT)`);
      if (error.code === "EADDRNOTAVAIL") cannotStart(`address ${host} is not on this machine (HOST)`);
      cannotStart(`cannot listen on ${host}:${port}: ${error.message}`);
    });
    server.listen(port, host, () => done());
  });
}

/** The one line for a start whose services failed; an unexpected failure is logged with its stack too. */
function startFailure(error: unknown): string {
  const err = error as Error;
  if (err.name === "ConfigError") return err.message;
  const trouble = databaseTrouble(error);
  const database = config.DATABASE_URL ? maskUrlPassword(config.DATABASE_URL) : "the SQLite file";
  if (trouble?.kind === "unreachable") return `cannot reach the database ${database} (${trouble.reason}; DATABASE_URL)`;
  if (trouble) return `the database ${database} refuses writes (${trouble.reason})`;
  log.fatal({ err: error }, "starting the services failed");
  return `starting the services failed: ${err.message}`;
}

process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
if (cluster.isWorker) {
  // One of `npm start`'s processes: the primary asks it to stop (a stop it already began is not a second signal),
  // and a primary that is gone (killed) leaves no process serving unsupervised.
  process.on("message", (message: { type?: string; signal?: string } | undefined) => {
    if (message?.type === CLUSTER_STOP) void shutdown(message.signal ?? "SIGTERM", { once: true });
  });
  process.on("disconnect", () => void shutdown("SIGTERM", { once: true }));
}

// Listening first ends a start on a taken port at once; requests wait for the services (readiness says 503).
const starting = performance.now();
await listen();
servicesStarted = (async () => {
  // The demo catalogue comes from its seeding package, only when DEMO_PRODUCTS asks for it: the production bundle
  // does not contain it.
  if (config.DEMO_PRODUCTS > 0) {
    const { seedDemoShop } = await import("@vitrine/demo-data/seed");
    await seedDemoShop(config, { log, modules: build.entry.module.SHOP_MODULES });
  }
  await build.entry.module.initServices?.({ log });
  if (httpCache) await build.entry.module.onCachePurge?.((tags) => httpCache.purge(tags));
})();
try {
  await servicesStarted;
} catch (error) {
  cannotStart(startFailure(error));
}
if (phase === "starting") phase = "serving";
const shown = host === "0.0.0.0" ? "localhost" : host;
log.info(
  { url: `http://${shown}:${port}/`, ms: Math.round(performance.now() - starting) },
  `shop ready at http://${shown}:${port}/`,
);
if (cluster.isWorker) process.send?.(CLUSTER_READY);

async function shutdown(signal: string, options: { once?: boolean } = {}): Promise<void> {
  if (phase === "stopping") {
    if (options.once) return;
    // A second signal: stop waiting for requests in flight.
    log.warn({ signal, requests: inFlight.size }, "stopping now, closing the connections of requests in flight");
    server.closeAllConnections();
    return;
  }
  phase = "stopping";
  log.info({ signal, requests: inFlight.size, drainMs: config.SHUTDOWN_DRAIN_MS }, "stopping: draining requests");
  const closed = new Promise<void>((done) => server.close(() => done()));
  // Keep-alive connections between requests close now; the others after their answer.
  server.closeIdleConnections();
  for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  const drain = setTimeout(() => {
    log.warn({ requests: inFlight.size }, "drain timeout: closing the connections of requests still in flight");
    server.closeAllConnections();
  }, config.SHUTDOWN_DRAIN_MS);
  await closed;
  clearTimeout(drain);
  // A stop during the start lets the services finish starting (a migration runs to its end), then stops them.
  await servicesStarted.catch(() => undefined);
  try {
    await build.entry.module.stopServices?.();
  } catch (error) {
    log.error({ err: error }, "stopping the services failed");
    process.exit(1);
  }
  await errors.flush(2000);
  log.info({ signal }, "stopped");
  process.exit(0);
}
