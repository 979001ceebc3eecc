import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./server-process.ts";
import { type TestBrowser, testBrowser } from "./shop-client.ts";

/**
 * Nothing personal is ever served to the wrong shopper (issue 18): two shoppers in parallel, with different baskets
 * and wishlists, one signed in, read every kind of page the shop lets shared caches keep, through the production
 * server and its embedded HTTP cache, and their personal data. Shared pages carry no cookie, nothing of either
 * shopper, and are the same for both; the personal data is each one's own.
 */

const root = resolve(import.meta.dirname, "../../..");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitrine-shared-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    VITRINE_DATA_DIR: dataDir,
    DATABASE_URL: "",
    DEMO_PRODUCTS: "400",
    NODE_ENV: "production",
    WEB_CONCURRENCY: "2",
  };
  delete env.DATABASE_SCHEMA;
  server = spawn(process.execPath, [join(root, "scripts/start.ts")], { cwd: root, env, stdio: "ignore" });
  for (let i = 0; i < 240; i++) {
    // Another shop on this port would answer for it: ours must be the one running.
    if (server.exitCode !== null || server.signalCode !== null) throw new Error("the shop exited before it was ready");
    const up = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the shop never became ready");
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

interface Shopper {
  browser: TestBrowser;
  /** What must never show on another shopper's page or on a shared one. */
  secrets: string[];
  expected: { basket: number; wishlist: number; firstName: string | null };
}

async function json<T>(response: Response): Promise<T> {
  expect(response.status, response.url).toBe(200);
  return (await response.json()) as T;
}

/** Sizes in stock of the demo products from `first` on, one per product. */
async function sizes(browser: TestBrowser, first: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let productId = first; ids.length < count; productId++) {
    const answer = await json<{
      wishlist: { items: { product: { id: number; variants: { id: number; stock: { quantity: number } }[] } }[] };
    }>(await browser.rpc("addItemToWishlist", { productId }));
    const product = answer.wishlist.items.find((i) => i.product.id === productId)?.product;
    const variant = product?.variants.find((v) => v.stock.quantity >= 5);
    if (variant) ids.push(variant.id);
  }
  await json(await browser.rpc("clearWishlist", {}));
  return ids;
}

/** Every kind of page the shop marks as shared (home, listings, search, product, outfits, content, help). */
async function sharedPages(): Promise<string[]> {
  const listing = await (await fetch(`${base}/de/c/damen/`)).text();
  const product = /href="(\/de\/p\/(?!shop-the-look)[^"]+)"/.exec(listing)?.[1] as string;
  const outfits = await (await fetch(`${base}/de/c/outfits/`)).text();
  const look = /href="(\/de\/p\/shop-the-look\/[^"]+)"/.exec(outfits)?.[1];
  return [
    "/de/",
    "/de/c/damen/",
    "/de/c/damen/bekleidung/kleider/?sortCriteria=ec_price%20asc",
    "/de/search/",
    "/de/search/?searchTerm=kleid",
    product,
    "/de/c/outfits/",
    ...(look ? [look] : []),
    "/de/s/versand/",
    "/de/help/",
    "/en/",
    "/fr-ch/c/femmes/",
  ];
}

describe("two shoppers in parallel on shared pages", () => {
  let anna: Shopper;
  let ben: Shopper;

  beforeAll(async () => {
    // Anna: a guest with two sizes in her basket and one product on her wishlist.
    const annaBrowser = testBrowser(fetch, { origin: base });
    await (await annaBrowser.fetch("/de/personal.json")).arrayBuffer();
    const [first, second] = await sizes(annaBrowser, 1001, 2);
    for (const variantId of [first, second]) {
      await json(await annaBrowser.rpc("addItemToBasket", { variantId, quantity: 1 }));
    }
    // On her wishlist: the product whose page both read (its heart must not show her choice to Ben).
    const listing = await (await fetch(`${base}/de/c/damen/`)).text();
    const productPath = /href="(\/de\/p\/(?!shop-the-look)[^"]+)"/.exec(listing)?.[1] as string;
    const productPage = await fetch(`${base}${productPath}`);
    await productPage.arrayBuffer();
    const productId = Number(/(?:^| )p-(\d+)/.exec(productPage.headers.get("surrogate-key") ?? "")?.[1]);
    expect(productId).toBeGreaterThan(0);
    await json(await annaBrowser.rpc("addItemToWishlist", { productId }));
    // Ben: signed in, one size in his basket, an empty wishlist.
    const benBrowser = testBrowser(fetch, { origin: base });
    const email = `ben-${Date.now()}@shared.test`;
    const signedUp = await benBrowser.submit("/de/login/?register=true", {
      intent: "sign-up",
      firstName: "Benedikt",
      lastName: "Quaste",
      email,
      password: "correct horse battery 9",
    });
    expect(signedUp.status).toBe(302);
    const [third] = await sizes(benBrowser, 1020, 1);
    await json(await benBrowser.rpc("addItemToBasket", { variantId: third, quantity: 1 }));
    const secretsOf = (browser: TestBrowser) => [...browser.cookies.values()].filter((v) => v.length >= 16);
    anna = {
      browser: annaBrowser,
      secrets: secretsOf(annaBrowser),
      expected: { basket: 2, wishlist: 1, firstName: null },
    };
    ben = {
      browser: benBrowser,
      secrets: [...secretsOf(benBrowser), "Benedikt", "Quaste", email],
      expected: { basket: 1, wishlist: 0, firstName: "Benedikt" },
    };
    expect(ben.secrets.length).toBeGreaterThan(3);
  }, 60_000);

  it("read every shared page and their own data, and never see the other's", async () => {
    const pages = await sharedPages();
    const everyone = [...anna.secrets, ...ben.secrets];
    /** The page without what differs between renders (script nonce, search response ids). */
    const rendered = (page: string) =>
      page.replace(/nonce="[^"]*"/g, "").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "");
    const seen = new Map<string, string>();
    let hits = 0;

    async function readAll(shopper: Shopper): Promise<void> {
      for (let round = 0; round < 3; round++) {
        for (const path of pages) {
          const answer = await shopper.browser.fetch(path);
          expect(answer.status, path).toBe(200);
          expect(answer.headers.get("cache-control"), path).toMatch(/^public, /);
          expect(answer.headers.getSetCookie(), path).toEqual([]);
          if (answer.headers.get("x-cache") === "hit") hits++;
          const html = await answer.text();
          for (const secret of everyone) expect(html.includes(secret), `${path} shows ${secret}`).toBe(false);
          expect(html, path).not.toContain("header-action__count");
          expect(html, path).not.toContain('aria-pressed="true"');
          const page = rendered(html);
          const before = seen.get(path);
          if (before === undefined) seen.set(path, page);
          else expect(page === before, `${path} differs between shoppers or reads`).toBe(true);

          const personal = await shopper.browser.fetch(`/${path.split("/")[1]}/personal.json`);
          expect(personal.headers.get("cache-control")).toBe("private, no-store");
          const data = await json<{
            counts: { basket: number; wishlist: number };
            customer: { firstName: string } | null;
          }>(personal);
          if (path.startsWith("/de/")) {
            expect(data.counts).toEqual({ basket: shopper.expected.basket, wishlist: shopper.expected.wishlist });
          }
          expect(data.customer?.firstName ?? null).toBe(shopper.expected.firstName);
        }
      }
    }

    await Promise.all([readAll(anna), readAll(ben)]);
    // The shared pages came from the cache for most reads (two processes: each keeps its own copy).
    expect(hits).toBeGreaterThan(pages.length * 2);
  }, 120_000);
});
