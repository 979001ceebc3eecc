import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { drainUnreadBody } from "@vitrine/commerce/node-http";
import type { ServerBuild } from "react-router";
import { StaticFiles } from "./static-files.ts";

/**
 * The production server: static assets from the client build (long-lived caching, compressed) and every other
 * request through React Router. One process; run several behind a load balancer to scale out.
 */

// React picks its development or production build when it is first loaded: decide before loading anything
// that imports it (the imports below are dynamic for that reason). The development build is several times slower.
process.env.NODE_ENV ??= "production";
const { createRequestListener } = await import("@react-router/node");
const { default: compression } = await import("compression");

const root = import.meta.dirname;
const buildDir = resolve(root, process.env.VITRINE_BUILD_DIR ?? "build");
const clientDir = join(buildDir, "client");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

type Entry = { ServerBuild: ServerBuild };
interface PageRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}
type BuildModule = ServerBuild & {
  entry: {
    module: {
      initServices?: () => Promise<void>;
      stopServices?: () => Promise<void>;
      answerFromPageCache?: (request: PageRequest) => Promise<Response | undefined>;
    };
  };
};

const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as BuildModule;
const handle = createRequestListener({
  build: build as unknown as Entry["ServerBuild"],
  mode: process.env.NODE_ENV ?? "production",
});
const compress = compression();
const answerFromPageCache = build.entry.module.answerFromPageCache;

/**
 * Anonymous page views the page cache holds are answered here, before React Router (app/lib/page-cache.server.ts):
 * the URL is built as React Router builds it, so both find the same page.
 */
async function serveCachedPage(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (!answerFromPageCache || req.method !== "GET") return false;
  const protocol = "encrypted" in req.socket && req.socket.encrypted ? "https:" : "http:";
  let url: string;
  try {
    url = new URL(`${protocol}//${req.headers.host ?? "localhost"}${req.url}`).href;
  } catch {
    return false;
  }
  const headers = {
    get(name: string): string | null {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
  const response = await answerFromPageCache({ method: "GET", url, headers });
  if (!response) return false;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  res.setHeader("set-cookie", response.headers.getSetCookie());
  res.end(Buffer.from(await response.arrayBuffer()));
  return true;
}

const staticFiles = new StaticFiles(clientDir);

/** Files of the client build, in the precompressed encoding the browser accepts (precompress.ts). */
async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch {
    return false;
  }
  const file = await staticFiles.get(pathname, req.headers["accept-encoding"]);
  if (!file) return false;
  res.statusCode = 200;
  res.setHeader("content-type", file.contentType);
  res.setHeader("x-content-type-options", "nosniff");
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

const server = createServer((req, res) => {
  // The socket address for per-client rate limits (clientAddress of @vitrine/commerce); whatever a client sent
  // under this name is overwritten.
  req.headers["x-vitrine-client-address"] = req.socket.remoteAddress ?? "";
  drainUnreadBody(req, res);
  compress(req as never, res as never, () => {
    serveStatic(req, res)
      // A failing fast path (the database away) leaves the request to React Router, which answers it properly.
      .then((served) => served || serveCachedPage(req, res).catch(() => false))
      .then((served) => {
        if (!served) return handle(req, res);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  });
});

const started = performance.now();
await build.entry.module.initServices?.();
server.listen(port, host, () => {
  const shown = host === "0.0.0.0" ? "localhost" : host;
  console.log(
    `vitrine: shop ready at http://${shown}:${port}/ (${Math.round(performance.now() - started)} ms to start services)`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`vitrine: ${signal} received, stopping`);
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await build.entry.module.stopServices?.();
  clearTimeout(force);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
