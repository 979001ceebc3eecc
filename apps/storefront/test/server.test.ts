import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createDatabase, type Db, setMaintenanceMode } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_BOOT_SCRIPT } from "../app/lib/consent-boot.ts";
import { freePort } from "./server-process.ts";

const sha256Base64 = (text: string) => createHash("sha256").update(text).digest("base64");

/**
 * The production server (server.ts) on 127.0.0.1 with its own SQLite database: its embedded HTTP cache
 * (http-cache.ts) keeps what the shop's answers allow a shared cache to keep, and nothing personal.
 */

const root = resolve(import.meta.dirname, "../../..");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitrine-server-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    VITRINE_DATA_DIR: dataDir,
    DATABASE_URL: "",
    DEMO_PRODUCTS: "400",
    NODE_ENV: "production",
  };
  delete env.DATABASE_SCHEMA;
  server = spawn(process.execPath, [join(root, "apps/storefront/server.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    // The server listens before its services are ready: /readyz says when they are.
    const up = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  db = createDatabase({ url: join(dataDir, "vitrine.sqlite"), poolSize: 1 });
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  server?.kill("SIGTERM");
  await new Promise((r) => server?.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as a browser sends it (with `Accept-Encoding: gzip`), body as it came over the wire. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      `${base}${path}`,
      { headers: { "accept-encoding": "gzip, deflate, br", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.end();
  });
}

const html = (answer: Answer) =>
  (answer.headers["content-encoding"] === "gzip"
    ? gunzipSync(answer.body)
    : answer.headers["content-encoding"] === "br"
      ? brotliDecompressSync(answer.body)
      : answer.body
  ).toString("utf8");
const cookie = (answer: Answer, name: string) =>
  (answer.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0]
    ?.slice(name.length + 1);

describe("server HTTP cache", () => {
  it("keeps a page every shopper shares: public, tagged, compressed, and never with a cookie", async () => {
    const first = await get("/de/c/damen/");
    const second = await get("/de/c/damen/");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);
    for (const answer of [first, second]) {
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(answer.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(String(answer.headers["surrogate-key"]).split(" ")).toEqual(
        expect.arrayContaining(["vitrine", "store-de", "products", "listing"]),
      );
      expect(String(answer.headers["cache-tag"])).toContain("store-de,");
    }
    // Kept as the server's compression sent it, in the encoding the browser takes (one copy per Accept-Encoding).
    expect(second.headers["content-encoding"]).toBe("br");
    expect(Number(second.headers["content-length"])).toBe(second.body.length);
    const gzip = await get("/de/c/damen/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    // Another render (its own script nonce and search response id), the same page.
    const rendered = (page: string) =>
      page.replace(/nonce="[^"]*"/g, "").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "");
    expect(rendered(html(gzip))).toBe(rendered(html(second)));
    expect(Number(second.headers.age)).toBeGreaterThanOrEqual(0);
    const page = html(second);
    expect(page).toBe(html(first));
    expect(page).not.toMatch(/name="csrf"|csrfToken/);
    expect(page).toMatch(/<\/html>$/);
    expect(second.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("gives every render its own script nonce, named in its Content-Security-Policy; a kept copy keeps its render's", async () => {
    const nonces: string[] = [];
    const how: unknown[] = [];
    for (const path of ["/de/s/impressum/", "/de/s/impressum/", "/de/cart/", "/de/cart/"]) {
      const answer = await get(path, { "accept-encoding": "gzip" });
      expect(answer.status).toBe(200);
      how.push(answer.headers["x-cache"]);
      const policy = String(answer.headers["content-security-policy"] ?? "");
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
      expect(nonce).not.toBe("");
      expect(policy).toContain("default-src 'self'");
      expect(answer.headers["permissions-policy"]).toContain("camera=()");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      nonces.push(nonce);
      const page = html(answer);
      // Every inline script React Router writes carries the nonce (JSON-LD data blocks are not run).
      // The consent boot script is the same in every page: the policy names it by its hash instead.
      const inline = [...page.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)([^>]*)>([^<]*)/g)];
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, attributes, text] of inline) {
        if (text === CONSENT_BOOT_SCRIPT) expect(policy).toContain(`'sha256-${sha256Base64(text)}'`);
        else expect(attributes, path).toContain(`nonce="${nonce}"`);
      }
    }
    // The basket is personal: rendered for every request, never kept.
    expect(how).toEqual(["miss", "hit", "miss", "miss"]);
    expect(nonces[1]).toBe(nonces[0]);
    expect(new Set([nonces[0], nonces[2], nonces[3]]).size).toBe(3);
  });

  it("answers the personal data, never cached; a new shopper's browser id comes with their first change", async () => {
    const personal = await get("/de/personal.json");
    expect(personal.status).toBe(200);
    expect(personal.headers["cache-control"]).toBe("private, no-store");
    // Nothing of theirs yet: no browser id (an RPC call racing this answer could otherwise get another one).
    expect(cookie(personal, "vitrine_sid")).toBeUndefined();
    expect(cookie(personal, "vitrine_store")).toBe("de");
    const body = html(personal);
    expect(body.length).toBeLessThan(200);
    // A few hundred bytes go out as they are, with their length: compressing them costs more than it saves.
    expect(personal.headers["content-encoding"]).toBeUndefined();
    expect(Number(personal.headers["content-length"])).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toEqual({ counts: { basket: 0, wishlist: 0 }, customer: null });
    expect((await get("/de/personal.json")).headers["x-cache"]).toBe("miss");

    const added = await fetch(`${base}/api/rpc/addItemToWishlist`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shop-id": "10028", origin: base },
      body: JSON.stringify({ payload: { productId: 1001 } }),
    });
    expect(added.status).toBe(200);
    const sid = added.headers.getSetCookie().find((c) => c.startsWith("vitrine_sid="));
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Lax/);
    const mine = await get("/de/personal.json", { cookie: (sid as string).split(";")[0] as string });
    expect(JSON.parse(html(mine)).counts).toEqual({ basket: 0, wishlist: 1 });
    expect(mine.headers["set-cookie"]?.some((c) => c.startsWith("vitrine_sid="))).not.toBe(true);
  });

  it("lets maintenance mode win over a kept page", async () => {
    await get("/de/");
    expect((await get("/de/")).headers["x-cache"]).toBe("hit");
    await setMaintenanceMode({ db }, true, new Date());
    try {
      await expect.poll(async () => (await get("/de/")).status, { timeout: 5000, interval: 250 }).toBe(302);
      expect((await get("/de/")).headers.location).toBe("/de/maintenance/");
    } finally {
      await setMaintenanceMode({ db }, false, new Date());
    }
    await expect.poll(async () => (await get("/de/")).status, { timeout: 5000, interval: 250 }).toBe(200);
  });

  it("answers the build's scripts precompressed, in the encoding the browser accepts", async () => {
    const page = html(await get("/de/"));
    const script = page.match(/<link rel="modulepreload" href="(\/assets\/framework-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const plain = await get(script as string, { "accept-encoding": "identity" });
    const br = await get(script as string);
    const gzip = await get(script as string, { "accept-encoding": "gzip" });
    expect([plain.status, br.status, gzip.status]).toEqual([200, 200, 200]);
    expect([
      plain.headers["content-encoding"],
      br.headers["content-encoding"],
      gzip.headers["content-encoding"],
    ]).toEqual([undefined, "br", "gzip"]);
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(br.headers["content-security-policy"]).toMatch(/^default-src 'none';.*frame-ancestors 'self'/);
    expect(br.headers["content-security-policy"]).not.toContain("script-src");
    // Plain HTTP and no https PUBLIC_URL: no HSTS.
    expect(br.headers["strict-transport-security"]).toBeUndefined();
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    // Nothing outside the client build is answered as a file.
    expect((await get("/assets/..%2f..%2fserver%2findex.js")).headers["content-type"]).not.toMatch(/javascript/);
  });

  it("answers a kept page with the request's own id, not the id of the request that rendered it", async () => {
    await get("/de/s/agb/", { "x-request-id": "render-1" });
    const kept = await get("/de/s/agb/", { "x-request-id": "hit-2" });
    expect(kept.headers["x-cache"]).toBe("hit");
    expect(kept.headers["x-request-id"]).toBe("hit-2");
  });

  it("leaves other paths to React Router", async () => {
    expect((await get("/de/c/damen")).status).toBe(301);
    expect((await get("/xx/")).status).toBeGreaterThanOrEqual(300);
    const cart = await get("/de/cart/");
    expect(cart.headers["x-cache"]).toBe("miss");
    expect(cart.headers["cache-control"]).toBe("private, no-cache");
  });
});

describe("server connections", () => {
  /** A request through `agent`, body sent as given; the answer's status and whether the socket was a reused one. */
  function send(agent: Agent, method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; reused: boolean }>((done, fail) => {
      const req = httpRequest(`${base}${path}`, { agent, method, headers }, (res) => {
        res.resume();
        res.on("end", () => done({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      // A body the server does not read must not hang the request: the client gives up with an error, not a pass.
      req.on("error", (error) => (error.message.includes("EPIPE") ? undefined : fail(error)));
      req.end(body);
    });
  }

  it("answers the next request on a kept-alive connection after refusing a large body early", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, "POST", "/api/rpc/getUser", Buffer.alloc(1024 * 1024, "a"), {
        "content-type": "application/json",
      });
      expect(refused.status).toBe(403);
      // Behind the unread bytes this request used to stall until the server reset the connection.
      const next = await send(agent, "GET", "/healthz");
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
