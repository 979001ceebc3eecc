import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createDatabase, type Db, loadProductRecords, takeStock } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./server-process.ts";

/**
 * Varnish (Debian's package) in front of the shop as deploy/varnish/vitrine.vcl configures it, started by
 * scripts/varnish.sh: shared pages kept, personal ones passed with the shopper's cookies, and the shop's event feed
 * purging by tag through HTTP_CACHE_PURGE_URL. The shop keeps no pages itself here (PAGE_CACHE_MB=0).
 */

const root = resolve(import.meta.dirname, "../../..");

/** Installs Varnish as ensure-chromium does Chromium; the reason when it cannot. */
function varnishMissing(): string | undefined {
  try {
    execFileSync("bash", [join(root, "scripts/ensure-varnish.sh")], { stdio: "pipe", timeout: 300_000 });
    return undefined;
  } catch (error) {
    return `Varnish cannot be installed here: ${(error as Error).message.split("\n")[0]}`;
  }
}
const missing = varnishMissing();
if (missing) console.warn(`varnish.test.ts skipped: ${missing}`);

const shopPort = await freePort();
const varnishPort = await freePort();
const base = `http://127.0.0.1:${varnishPort}`;
let shop: ChildProcess;
let varnish: ChildProcess;
let dataDir: string;
let db: Db;

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never answered`);
}

beforeAll(async () => {
  if (missing) return;
  dataDir = mkdtempSync(join(tmpdir(), "vitrine-varnish-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(shopPort),
    HOST: "127.0.0.1",
    VITRINE_DATA_DIR: dataDir,
    DATABASE_URL: "",
    DEMO_PRODUCTS: "400",
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
    PAGE_CACHE_MB: "0",
    HTTP_CACHE_PURGE_URL: `${base}/`,
  };
  delete env.DATABASE_SCHEMA;
  shop = spawn(process.execPath, [join(root, "apps/storefront/server.ts")], { cwd: root, env, stdio: "ignore" });
  varnish = spawn("bash", [join(root, "scripts/varnish.sh")], {
    cwd: root,
    env: { ...process.env, VARNISH_PORT: String(varnishPort), SHOP_PORT: String(shopPort) },
    stdio: "ignore",
  });
  await waitFor(`http://127.0.0.1:${shopPort}/readyz`);
  await waitFor(`${base}/readyz`);
  db = createDatabase({ url: join(dataDir, "vitrine.sqlite"), poolSize: 1 });
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  for (const child of [varnish, shop]) {
    if (!child || child.exitCode !== null) continue;
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of its own: cookies as the answers set them, Origin on changes. */
function shopper() {
  const jar = new Map<string, string>();
  return async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.method && init.method !== "GET") headers.set("origin", base);
    const response = await fetch(`${base}${path}`, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
}

describe.skipIf(missing !== undefined)("Varnish in front (deploy/varnish/vitrine.vcl)", () => {
  it("keeps pages every shopper shares and passes personal ones with each shopper's cookies", async () => {
    const first = await fetch(`${base}/de/c/damen/`);
    const second = await fetch(`${base}/de/c/damen/`);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["miss", "hit"]);
    expect(second.headers.getSetCookie()).toEqual([]);
    expect(await second.text()).toBe(await first.text());

    // Two shoppers, one with a basket: the basket page and the personal data are their own every time.
    const [a, b] = [shopper(), shopper()];
    await (await a("/de/personal.json")).arrayBuffer();
    await (await b("/de/personal.json")).arrayBuffer();
    const [product] = await loadProductRecords({ db }, [1001]);
    const variant = product?.variants.find((v) => v.stock.quantity > 2);
    const added = await a("/api/rpc/addItemToBasket", {
      method: "POST",
      headers: { "content-type": "application/json", "x-shop-id": "10028" },
      body: JSON.stringify({ payload: { variantId: variant?.id, quantity: 2 } }),
    });
    expect(added.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const [mine, theirs] = [await a("/de/personal.json"), await b("/de/personal.json")];
      expect(mine.headers.get("x-cache")).toBe("pass");
      expect(((await mine.json()) as { counts: { basket: number } }).counts.basket).toBe(2);
      expect(((await theirs.json()) as { counts: { basket: number } }).counts.basket).toBe(0);
      const [cartA, cartB] = [await a("/de/cart/"), await b("/de/cart/")];
      expect(cartA.headers.get("x-cache")).toBe("pass");
      expect(await cartA.text()).toContain('data-testid="basket-item"');
      expect(await cartB.text()).not.toContain('data-testid="basket-item"');
    }
  });

  it("purges a product's pages by tag when the shop's event feed brings a change to it", async () => {
    const listing = await (await fetch(`${base}/de/c/damen/`)).text();
    const path = /href="(\/de\/p\/[^"]+)"/.exec(listing)?.[1] as string;
    const page = await fetch(`${base}${path}`);
    const id = Number(/(?:^| )p-(\d+)/.exec(page.headers.get("surrogate-key") ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    await page.arrayBuffer();
    expect((await fetch(`${base}${path}`)).headers.get("x-cache")).toBe("hit");

    // Its last pieces sell (stock.changed on the event feed): the shop bans `p-{id}`, the page shows it sold out.
    const [record] = await loadProductRecords({ db }, [id]);
    const lines = (record?.variants ?? [])
      .filter((v) => v.stock.quantity > 0)
      .map((v) => ({ variantId: v.id, quantity: v.stock.quantity }));
    expect(await takeStock({ db }, lines, new Date())).toEqual({ ok: true });
    await expect
      .poll(async () => (await (await fetch(`${base}${path}`)).text()).includes("in allen Größen ausverkauft"), {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(true);
  });

  it("takes purges only from the shop's side and bans whole tags only", async () => {
    await (await fetch(`${base}/de/s/impressum/`)).arrayBuffer();
    expect((await fetch(`${base}/de/s/impressum/`)).headers.get("x-cache")).toBe("hit");
    const partial = await fetch(`${base}/`, { method: "PURGE", headers: { "surrogate-key": "content-impress" } });
    expect(partial.status).toBe(200);
    expect((await fetch(`${base}/de/s/impressum/`)).headers.get("x-cache")).toBe("hit");
    const bad = await fetch(`${base}/`, { method: "PURGE", headers: { "surrogate-key": ".*" } });
    expect(bad.status).toBe(400);
    const whole = await fetch(`${base}/`, { method: "PURGE", headers: { "surrogate-key": "p-0 content-impressum" } });
    expect(whole.status).toBe(200);
    expect((await fetch(`${base}/de/s/impressum/`)).headers.get("x-cache")).toBe("miss");
  });
});
