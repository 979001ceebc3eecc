import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createDatabase,
  type Db,
  defaultImageUrl,
  loadConfig,
  migrateToLatest,
  resolveSecret,
} from "@vitrine/commerce";
import { drainUnreadBody } from "@vitrine/commerce/node-http";
import { searchMigrations } from "../db/index.ts";
import { createSearchService, type SearchService } from "../service.ts";
import {
  createSearchHttpHandler,
  DEFAULT_MAX_BODY_BYTES,
  type SearchHttpHandler,
  type SearchHttpOptions,
} from "./http-handler.ts";

/**
 * Adapts a Fetch API handler to node:http (the standalone search process and the tests use it). A body larger
 * than `maxBodyBytes` is answered 413 as soon as it is seen, without holding it in memory.
 */
export function toNodeListener(
  handler: SearchHttpHandler,
  extraRoutes: (req: IncomingMessage) => { status: number; body: unknown } | undefined = () => undefined,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    drainUnreadBody(req, res);
    const extra = extraRoutes(req);
    if (extra) {
      res.writeHead(extra.status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(JSON.stringify(extra.body));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) {
        chunks.push(chunk);
        return;
      }
      req.removeAllListeners("end");
      res.writeHead(413, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(
        JSON.stringify({
          statusCode: 413,
          message: `The request body exceeds ${maxBodyBytes} bytes.`,
          type: "PayloadTooLarge",
        }),
      );
    });
    req.on("error", () => res.destroy());
    req.on("end", async () => {
      try {
        const host = req.headers.host ?? "localhost";
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(name, v);
          else if (value !== undefined) headers.set(name, value);
        }
        const method = req.method ?? "GET";
        const request = new Request(`http://${host}${req.url ?? "/"}`, {
          method,
          headers,
          ...(method === "GET" || method === "HEAD" ? {} : { body: Buffer.concat(chunks) }),
        });
        const response = await handler(request, { clientAddress: req.socket.remoteAddress ?? "unknown" });
        const outHeaders: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          outHeaders[name] = value;
        });
        res.writeHead(response.status, outHeaders);
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ statusCode: 500, message: "The request could not be processed.", type: "InternalError" }),
        );
      }
    });
  };
}

export interface ServeSearchOptions extends SearchHttpOptions {
  port?: number;
  /** Interface to listen on; default 127.0.0.1 (put a proxy in front for the world). */
  host?: string;
  /** An existing service (tests, or a process that already has one); otherwise one is made from the config. */
  service?: SearchService;
  /** Database to use when no service is given; default from DATABASE_URL / the SQLite file. */
  db?: Db;
}

export interface RunningSearchServer {
  server: Server;
  url: string;
  service: SearchService;
  close(): Promise<void>;
}

export const DEFAULT_SEARCH_PORT = 3100;

/**
 * `vitrine search serve`: the search API as its own process (plain node:http), e.g. one per machine behind a
 * load balancer while the storefronts run elsewhere. `GET /healthz` reports the index status.
 */
export async function serveSearch(options: ServeSearchOptions = {}): Promise<RunningSearchServer> {
  let service = options.service;
  let ownDb: Db | undefined;
  if (!service) {
    const config = loadConfig();
    const db = options.db ?? createDatabase({ url: config.DATABASE_URL });
    if (!options.db) ownDb = db;
    await migrateToLatest(db, [searchMigrations]);
    const secret = await resolveSecret({ db, config }, new Date());
    service = createSearchService({ db, secret, imageUrl: defaultImageUrl(config.IMAGE_BASE_URL) });
  }
  await service.start();
  const running = service;
  const handler = createSearchHttpHandler(running, { trustProxy: loadConfig().TRUST_PROXY, ...options });
  const server = createServer(
    toNodeListener(
      handler,
      (req) => (req.method === "GET" && req.url === "/healthz" ? { status: 200, body: running.status() } : undefined),
      options.maxBodyBytes,
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_SEARCH_PORT, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${host}:${address.port}`,
    service: running,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      if (!options.service) await running.stop();
      await ownDb?.destroy();
    },
  };
}
