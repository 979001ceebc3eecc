import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createLogger, type Logger } from "@vitrine/commerce";
import { seedDemoShop } from "@vitrine/demo-data/seed";
import { searchMigrations } from "@vitrine/search";
import { sql } from "kysely";
import { createRequestHandler, type ServerBuild } from "react-router";

/**
 * The built storefront in this test process, on a fresh database: SQLite in a temporary folder, or a fresh
 * PostgreSQL schema when DATABASE_URL points at PostgreSQL. Requests go straight to React Router's handler
 * (no network). Build first: `npm run build` (or with VITRINE_BUILD_DIR for a separate build folder).
 *
 * One shop per test file: services are created once per process (Vitest runs each file in its own process).
 */
export interface TestShop {
  /** A new browser: its own cookie jar (browser id, session). */
  browser(options?: { acceptLanguage?: string }): TestBrowser;
  handler: (request: Request) => Promise<Response>;
  /** What the shop logged so far, one object per JSON line (kept in memory, not printed). */
  logs(): Record<string, unknown>[];
  close(): Promise<void>;
}

export interface TestBrowser {
  cookies: Map<string, string>;
  /** GET or any request; follows nothing (redirects are returned as they are). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** POST JSON to the RPC channel with x-shop-id (from the shop's origin, as its pages' script does). */
  rpc(method: string, payload: unknown, shopId?: number | string): Promise<Response>;
  /** POST a form as a browser without JavaScript would (from the shop's origin). */
  submit(path: string, fields: Record<string, string | string[]>): Promise<Response>;
}

export const TEST_ORIGIN = "http://127.0.0.1:4173";

export async function startTestShop(
  env: Record<string, string> = {},
  options: { logLevel?: "info" | "warn" | "error" } = {},
): Promise<TestShop> {
  const dataDir = mkdtempSync(join(tmpdir(), "vitrine-test-"));
  const isPostgres = /^postgres/.test(process.env.DATABASE_URL ?? "");
  const schema = isPostgres ? `vt_shop_${process.pid}_${randomBytes(3).toString("hex")}` : undefined;
  Object.assign(process.env, {
    VITRINE_DATA_DIR: dataDir,
    DEMO_PRODUCTS: "400",
    PREVIEW_TOKEN: "test-preview-token",
    ...(schema ? { DATABASE_SCHEMA: schema } : { DATABASE_URL: "" }),
    ...env,
  });
  const buildDir = resolve(import.meta.dirname, "..", process.env.VITRINE_BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuild & {
    entry: { module: { initServices(options: { log: Logger }): Promise<void>; stopServices(): Promise<void> } };
  };
  const logged: string[] = [];
  const log = createLogger({
    level: options.logLevel ?? "info",
    destination: { write: (line: string) => logged.push(line) },
  });
  // As the server's start does: the demo catalogue is seeded by its package, not by the storefront.
  await seedDemoShop(undefined, { log, modules: [searchMigrations] });
  await build.entry.module.initServices({ log });
  const handle = createRequestHandler(build, "production");
  const handler = (request: Request) => handle(request);

  return {
    handler,
    logs: () => logged.map((line) => JSON.parse(line) as Record<string, unknown>),
    browser(options = {}) {
      return testBrowser(handler, options);
    },
    async close() {
      await build.entry.module.stopServices();
      if (schema) {
        const { createDatabase, quoteIdent } = await import("@vitrine/commerce");
        const admin = createDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
        await sql.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).execute(admin);
        await admin.destroy();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser on a shop's request handler: in process (`startTestShop`), or a real server over HTTP when the handler
 * is `fetch` and `origin` the server's (`http://127.0.0.1:{port}`).
 */
export function testBrowser(
  handler: (request: Request) => Promise<Response>,
  options: { acceptLanguage?: string; origin?: string; cookies?: Map<string, string> } = {},
): TestBrowser {
  const origin = options.origin ?? TEST_ORIGIN;
  // A jar of its own, or one shared with browsers on other servers (one shopper across several processes).
  const cookies = options.cookies ?? new Map<string, string>();
  const browser: TestBrowser = {
    cookies,
    async fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size > 0) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      if (options.acceptLanguage && !headers.has("accept-language"))
        headers.set("accept-language", options.acceptLanguage);
      if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", origin);
      const response = await handler(new Request(new URL(path, origin), { ...init, headers, redirect: "manual" }));
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const index = (pair ?? "").indexOf("=");
        if (index > 0) {
          const name = (pair as string).slice(0, index);
          const value = decodeURIComponent((pair as string).slice(index + 1));
          if (/max-age=0/i.test(cookie) || value === "") cookies.delete(name);
          else cookies.set(name, value);
        }
      }
      return response;
    },
    async rpc(method, payload, shopId = 10028) {
      return browser.fetch(`/api/rpc/${method}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shop-id": String(shopId),
        },
        body: JSON.stringify({ payload }),
      });
    },
    async submit(path, fields) {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) {
        for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
      }
      return browser.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    },
  };
  return browser;
}
