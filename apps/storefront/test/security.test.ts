import { createHash } from "node:crypto";
import { type Db, deliverOrder, shipOrder, systemActor } from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  PASSWORD,
  sessionCookie,
  sessionCookieName,
  signedUpBrowser,
  signIn,
  uniqueEmail,
} from "./account-fixtures.ts";
import { type DemoVariants, findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { formTargets, fuzzWorld, isRpcMutation, rpcPayloads, stateFingerprint } from "./fuzz-inputs.ts";
import { startTestShop, TEST_ORIGIN, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Security checks over HTTP: headers on every kind of answer, IDOR between customers, open redirects, CSRF on every
 * mutation, session fixation, and rate limits keyed by the real client address. This shop runs behind one trusted
 * proxy (`TRUST_PROXY=1`) with an https `PUBLIC_URL`, so the limits are tested with spoofed `X-Forwarded-For`
 * entries the way they arrive through a proxy (the other test files run without a trusted proxy).
 */
let shop: TestShop;
let db: Db;
let demo: DemoVariants;

const PROXY = "10.0.0.2";
// Sign-ups and sign-ins hash passwords: on a busy CI machine a journey of several takes longer than the default.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  shop = await startTestShop({ TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example" });
  db = openShopDatabase();
  demo = await findDemoVariants(db);
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

const location = (response: Response) => response.headers.get("location") ?? "";

/** The client `client` through the trusted proxy, with whatever the client itself wrote into X-Forwarded-For. */
function viaProxy(client: string, spoofed: string[] = []): Record<string, string> {
  return { "x-vitrine-client-address": PROXY, "x-forwarded-for": [...spoofed, client].join(", ") };
}

function post(browser: TestBrowser, path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return browser.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

let clients = 0;
/** A documentation address (RFC 5737) per call: each test's limits start empty. */
function nextClient(): string {
  clients++;
  return `203.0.${113 + Math.floor(clients / 250)}.${clients % 250}`;
}
function randomSpoof(): string {
  return `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

describe("security headers", () => {
  it("come with every kind of answer: pages, errors, redirects, JSON, problems, the search API and resources", async () => {
    const browser = shop.browser();
    await browser.fetch("/robots.txt");
    const key = (await fuzzWorld(db)).searchKey;
    const search = (auth: string) =>
      browser.fetch("/api/search/commerce/v2/search", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: auth },
        body: JSON.stringify({ trackingId: "comma_de", language: "de", country: "DE", currency: "EUR", query: "x" }),
      });
    const answers: [string, Response][] = [
      ["page", await browser.fetch("/de/")],
      ["listing", await browser.fetch("/de/c/damen/?f-__proto__=1")],
      ["404 page", await browser.fetch("/de/nowhere/")],
      ["store select redirect", await browser.fetch("/")],
      ["trailing-slash redirect", await browser.fetch("/de/c/damen")],
      ["data request", await browser.fetch("/de/c/damen.data")],
      ["RPC JSON", await browser.rpc("getBasket", {})],
      ["RPC problem", await browser.rpc("addItemToBasket", { variantId: "x" })],
      ["RPC 405", await browser.fetch("/api/rpc/getBasket")],
      // Nothing says where it came from (no Origin, no Sec-Fetch-Site): the shop's own refusal.
      ["CSRF refusal (page)", await shop.handler(new Request(new URL("/de/cart/", TEST_ORIGIN), { method: "POST" }))],
      [
        "CSRF refusal (RPC)",
        await browser.fetch("/api/rpc/clearBasket", { method: "POST", headers: { origin: "https://evil.example" } }),
      ],
      ["unreadable form", await post(browser, "/de/cart/", {}, { "content-type": "text/plain" })],
      ["form refusal", await browser.submit("/de/login/", { intent: "sign-in", email: "x", password: "y" })],
      ["search API", await search(`Bearer ${key}`)],
      ["search API error", await search("Bearer nope")],
      ["robots.txt", await browser.fetch("/robots.txt")],
      ["sitemap", await browser.fetch("/sitemap.xml")],
      ["image 404", await browser.fetch("/images/none.jpg")],
      ["healthz", await browser.fetch("/healthz")],
      ["readyz", await browser.fetch("/readyz")],
    ];
    for (const [name, response] of answers) {
      expect(response.status, name).toBeLessThan(500);
      const csp = response.headers.get("content-security-policy") ?? "";
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scripts, `${name}: script-src`).toContain("'self'");
      expect(scripts, `${name}: script-src`).not.toContain("unsafe-inline");
      expect(scripts, `${name}: script-src`).not.toContain("unsafe-eval");
      expect(csp, name).toMatch(/frame-ancestors '(self|none)'/);
      expect(csp, name).toContain("object-src 'none'");
      expect(csp, name).toContain("base-uri 'self'");
      expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), name).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
      // PUBLIC_URL is https: browsers are told to stay on HTTPS, even where the proxy is not trusted for the scheme.
      expect(response.headers.get("strict-transport-security"), name).toMatch(/^max-age=\d{8}/);
      await response.body?.cancel();
    }
  });

  it("lets only scripts with the answer's nonce run inline", async () => {
    for (const path of ["/de/", "/de/c/damen/", "/de/search/?q=mantel", "/de/nowhere/", "/de/login/"]) {
      const response = await shop.browser().fetch(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      const doc = new JSDOM(await response.text()).window.document;
      const inline = [...doc.querySelectorAll("script:not([src])")];
      expect(inline.length, path).toBeGreaterThan(0);
      // Each carries the answer's nonce, or is a constant script the policy names by its hash (the consent boot).
      for (const script of inline) {
        if (script.hasAttribute("nonce")) expect(script.getAttribute("nonce"), path).toBe(nonce);
        else
          expect(csp, path).toContain(
            `'sha256-${createHash("sha256")
              .update(script.textContent ?? "")
              .digest("base64")}'`,
          );
      }
      // No event-handler attributes: the policy would block them, so none may be needed.
      const handlers = [...doc.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${el.tagName} ${a.name}`),
      );
      expect(handlers, path).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

const ADDRESS = {
  "shipping.firstName": "Lena",
  "shipping.lastName": "Berg",
  "shipping.street": "Gartenstraße 5",
  "shipping.zipCode": "10115",
  "shipping.city": "Berlin",
  "shipping.countryCode": "DE",
};

/** A signed-in customer who ordered (invoice) one item; the order shipped and delivered, so it can be returned. */
async function customerWithOrder(variantId: number) {
  const customer = await signedUpBrowser(shop);
  const { browser } = customer;
  expect((await browser.rpc("addItemToBasket", { variantId })).status).toBe(200);
  expect((await browser.submit("/de/checkout/", { intent: "address", ...ADDRESS, billingSame: "on" })).status).toBe(
    302,
  );
  await browser.submit("/de/checkout/", { intent: "delivery", deliveryMethod: "standard" });
  await browser.submit("/de/checkout/", { intent: "payment", paymentMethod: "invoice" });
  const review = await (await browser.fetch("/de/checkout/")).text();
  const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(review)?.[1] ?? "";
  const placed = await browser.submit("/de/checkout/", { intent: "place", idempotencyKey });
  const number = /order=(\d{8})/.exec(location(placed))?.[1] as string;
  expect(number, location(placed)).toMatch(/^\d{8}$/);
  const orders = testCtx(db, { config: { PUBLIC_URL: "https://shop.example" } });
  const warehouse = systemActor("security-test");
  await shipOrder(orders, warehouse, number, {
    carrier: "dhl",
    trackingNumber: `0034043416109${Date.now() % 10_000_000}`,
  });
  await deliverOrder(orders, warehouse, number);
  return { ...customer, number };
}

/** The returns portal's form for an order: its token and the first line's id. */
async function returnForm(browser: TestBrowser, number: string, emailOrZipCode: string) {
  const lookup = await post(browser, "/de/returns-portal/", { intent: "lookup", number, emailOrZipCode }, {});
  expect(lookup.status).toBe(200);
  const html = await lookup.text();
  return {
    token: /name="token" value="([^"]+)"/.exec(html)?.[1] as string,
    lineId: /name="quantity\.(\d+)"/.exec(html)?.[1] as string,
  };
}

describe("IDOR: one customer never reaches another's data", () => {
  it("answers 404 for B's order, address, basket item, wishlist item and return, and changes nothing of B's", async () => {
    const a = await customerWithOrder(demo.inStock[0] as number);
    const b = await customerWithOrder(demo.inStock[1] as number);
    const aa = a.browser;
    const bb = b.browser;

    // B's things: an address, a basket line, a wishlist item, a registered return.
    expect(
      (
        await bb.submit("/de/account/profile-details/", {
          intent: "address-save",
          firstName: "Bea",
          lastName: "Brandt",
          street: "Torstraße 9",
          zipCode: "10119",
          city: "Berlin",
          countryCode: "DE",
        })
      ).status,
    ).toBe(302);
    const [bAddress] = (await (await bb.rpc("getShopUserAddresses", null)).json()) as { id: number }[];
    const basket = (await (await bb.rpc("addItemToBasket", { variantId: demo.inStock[2] })).json()) as {
      itemKeys: string[];
    };
    const bItem = basket.itemKeys[0] as string;
    await bb.rpc("addItemToWishlist", { productId: demo.productId });
    const wishlist = (await (await bb.rpc("getWishlist", {})).json()) as { items: { key: string }[] };
    const bWish = wishlist.items[0]?.key as string;
    const bReturn = await returnForm(bb, b.number, "10115");
    const registered = await bb.submit("/de/returns-portal/", {
      intent: "register",
      token: bReturn.token,
      [`quantity.${bReturn.lineId}`]: "1",
      [`reason.${bReturn.lineId}`]: "too_big",
    });
    expect(registered.status).toBe(302);
    const before = await stateFingerprint(db);

    // Order (page, its data request and the other spelling).
    for (const path of [
      `/de/account/order-details/${b.number}/`,
      `/de/account/orders-details/${b.number}/`,
      `/de/account/order-details/${b.number}.data`,
    ]) {
      const response = await aa.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("Torstraße");
    }
    expect(await (await aa.fetch("/de/account/orders/")).text()).not.toContain(b.number);
    // Address: shown, changed, made default or deleted.
    expect(await (await aa.fetch(`/de/account/profile-details/?address=${bAddress?.id}`)).text()).not.toContain(
      "Torstraße 9",
    );
    for (const intent of ["address-save", "address-default", "address-delete"]) {
      const response = await aa.submit("/de/account/profile-details/", {
        intent,
        addressId: String(bAddress?.id),
        firstName: "X",
        lastName: "Y",
        street: "Hijack 1",
        zipCode: "10115",
        city: "Berlin",
        countryCode: "DE",
      });
      expect(response.status, intent).toBe(404);
    }
    // Basket line, by RPC and by form.
    expect(
      (await aa.rpc("updateBasketItem", { basketItemKey: bItem, update: { quantity: 5, promotionId: null } })).status,
    ).toBe(404);
    expect((await aa.rpc("removeItemFromBasket", { itemKey: bItem })).status).toBe(404);
    expect((await aa.submit("/de/cart/", { intent: "remove", itemKey: bItem })).status).toBe(404);
    expect((await aa.submit("/de/cart/", { intent: "update", itemKey: bItem, quantity: "3" })).status).toBe(404);
    expect((await aa.submit("/de/cart/", { intent: "wishlist", itemKey: bItem })).status).toBe(404);
    // Wishlist item.
    const wishGone = await aa.rpc("removeItemFromWishlist", { itemKey: bWish });
    expect(wishGone.status).toBe(404);
    expect(((await wishGone.json()) as { detail: string }).detail).toBe("Could not find wishlist item.");
    expect((await aa.rpc("addItemToWishlist", { productId: demo.productId, replaceItemKey: bWish })).status).toBe(404);
    expect((await aa.submit("/de/wishlist/", { intent: "remove", itemKey: bWish })).status).toBe(404);
    // Return: B's order through A's own portal token, and B's order with A's details.
    const aReturn = await returnForm(aa, a.number, "10115");
    const crossed = await aa.submit("/de/returns-portal/", {
      intent: "register",
      token: aReturn.token,
      [`quantity.${bReturn.lineId}`]: "1",
      [`reason.${bReturn.lineId}`]: "too_big",
    });
    expect(crossed.status).toBeGreaterThanOrEqual(400);
    expect(crossed.status).toBeLessThan(500);
    const foreign = await post(
      aa,
      "/de/returns-portal/",
      { intent: "lookup", number: b.number, emailOrZipCode: a.email },
      {},
    );
    expect(foreign.status).toBe(404);

    expect(await stateFingerprint(db)).toBe(before);
    // B still has everything.
    expect(
      ((await (await bb.rpc("getBasket", {})).json()) as { items: { key: string; quantity: number }[] }).items,
    ).toEqual([expect.objectContaining({ key: bItem, quantity: 1 })]);
    expect(((await (await bb.rpc("getWishlist", {})).json()) as { items: unknown[] }).items).toHaveLength(1);
    expect((await bb.fetch(`/de/account/order-details/${b.number}/`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("open redirects", () => {
  const evil = [
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    " //evil.example",
  ];
  const isLocal = (target: string) => target === "" || (/^\/(?![/\\])/.test(target) && !/[\t\\]/.test(target));

  it("the basket's redirectTo and continue never lead off the site", async () => {
    const browser = shop.browser();
    for (const target of evil) {
      const added = await browser.submit("/de/cart/", {
        intent: "add",
        variantId: String(demo.inStock[0]),
        redirectTo: target,
      });
      expect(added.status, target).toBe(303);
      const next = new URL(location(added), "http://127.0.0.1:4173");
      expect(next.origin, target).toBe("http://127.0.0.1:4173");
      expect(isLocal(next.searchParams.get("continue") ?? ""), target).toBe(true);
      const page = await (await browser.fetch(`/de/cart/?continue=${encodeURIComponent(target)}`)).text();
      const links = [...new JSDOM(page).window.document.querySelectorAll("a[href]")].map(
        (a) => a.getAttribute("href") ?? "",
      );
      // Links of this page (the store switcher keeps the query as it is) stay on the site.
      const offSite = links.filter(
        (href) =>
          /^\s*javascript:/i.test(href) || new URL(href, "http://127.0.0.1:4173").origin !== "http://127.0.0.1:4173",
      );
      expect(offSite, target).toEqual([]);
      expect(page, target).not.toMatch(/href="(\/\/|https?:\/\/)evil/);
    }
  });

  it("sign-in, the login page, the callback and sign-out never lead off the site", async () => {
    const { browser, email } = await signedUpBrowser(shop);
    for (const target of evil) {
      const query = `?redirectUrl=${encodeURIComponent(target)}`;
      for (const path of [`/de/login/${query}`, `/de/login/callback/${query}`]) {
        expect(isLocal(location(await browser.fetch(path))), `${path}`).toBe(true);
      }
      const guest = shop.browser();
      const signedIn = await signIn(guest, email, PASSWORD, { redirectUrl: target, redirectTo: target });
      expect(location(signedIn), target).toBe("/de/account/");
      const out = await guest.submit("/de/login/", { intent: "sign-out", redirectUrl: target, redirectTo: target });
      expect(isLocal(location(out)), target).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("CSRF", () => {
  it("refuses every form action and RPC mutation from another site, another origin, or with nothing to vouch for it", async () => {
    const { browser } = await signedUpBrowser(shop);
    const world = await fuzzWorld(db);
    const before = await stateFingerprint(db);
    // The browser says where a request comes from (Origin, else Sec-Fetch-Site); the session cookie is SameSite=Lax.
    const variants: [string, Record<string, string>][] = [
      ["from another site", { origin: "https://evil.example" }],
      ["from another origin of the same site (another port)", { origin: "http://127.0.0.1:4174" }],
      ["cross-site fetch with a null Origin", { origin: "null", "sec-fetch-site": "cross-site" }],
      ["no Origin, Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
      ["neither Origin nor Sec-Fetch-Site", {}],
    ];
    /** POST with the signed-in browser's cookies and exactly the given headers (no Origin added). */
    const post = (path: string, headers: Headers, body: string | URLSearchParams) => {
      headers.set("cookie", [...browser.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "));
      return shop.handler(
        new Request(new URL(path, TEST_ORIGIN), { method: "POST", headers, body, redirect: "manual" }),
      );
    };
    const forms = formTargets(world);
    for (const target of forms) {
      for (const intent of target.intents) {
        for (const [name, sent] of variants) {
          const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", ...sent });
          const body = new URLSearchParams({ intent, ...Object.fromEntries(target.fields.map((f) => [f, "1"])) });
          const response = await post(target.path, headers, body);
          // A foreign (or "null") Origin is refused by React Router itself (400) before the shop's check (403).
          const refusals = headers.has("origin") ? [400, 403] : [403];
          expect(refusals, `${target.path} ${intent}: ${name} → ${response.status}`).toContain(response.status);
          await response.body?.cancel();
        }
      }
    }
    const payloads = rpcPayloads(world);
    const mutations = Object.keys(payloads).filter(isRpcMutation);
    expect(mutations.length).toBeGreaterThanOrEqual(12);
    for (const method of mutations) {
      for (const [name, sent] of variants) {
        const headers = new Headers({ "content-type": "application/json", "x-shop-id": "10028", ...sent });
        const response = await post(`/api/rpc/${method}`, headers, JSON.stringify({ payload: payloads[method] }));
        expect(response.status, `${method}: ${name}`).toBe(403);
        expect(response.headers.get("content-type"), method).toContain("application/problem+json");
        expect(await response.text(), method).toContain("did not come from this shop's pages");
      }
    }
    expect(await stateFingerprint(db)).toBe(before);
    // The same customer from the shop's own pages gets through (the refusals above were about where they came from).
    expect((await browser.rpc("addItemToBasket", { variantId: demo.inStock[0] })).status).toBe(200);
    const sameOrigin = new Headers({ "content-type": "application/json", "x-shop-id": "10028" });
    sameOrigin.set("sec-fetch-site", "same-origin");
    expect((await post("/api/rpc/clearBasket", sameOrigin, JSON.stringify({ payload: {} }))).status).toBe(200);
  });
});

describe("session fixation", () => {
  it("never keeps a session id the browser had before signing in, planted or its own", async () => {
    const victim = await signedUpBrowser(shop);
    await victim.browser.submit("/de/login/", { intent: "sign-out" });
    const attacker = await signedUpBrowser(shop);
    const name = sessionCookieName(attacker.browser) as string;
    const planted = sessionCookie(attacker.browser) as string;

    // The attacker plants its own session cookie (and a made-up one) in the victim's browser; the victim signs in.
    for (const fixed of [planted, "fixed-session-id.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const browser = shop.browser();
      await browser.fetch("/robots.txt");
      browser.cookies.set(name, fixed);
      const response = await signIn(browser, victim.email, PASSWORD);
      expect(response.status).toBe(302);
      const fresh = sessionCookie(browser);
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(fixed);
      // The planted id does not open the victim's account.
      const probe = shop.browser();
      await probe.fetch("/robots.txt");
      probe.cookies.set(name, fixed);
      const user = (await (await probe.rpc("getUser", null)).json()) as { email?: string } | null;
      expect(user?.email).not.toBe(victim.email);
    }
    // Signing in again in the same browser gets yet another id.
    const again = shop.browser();
    await signIn(again, victim.email, PASSWORD);
    const first = sessionCookie(again);
    await signIn(again, victim.email, PASSWORD);
    expect(sessionCookie(again)).not.toBe(first);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("rate limits behind a trusted proxy (TRUST_PROXY=1)", () => {
  /** Posts `attempts` times from one real client, each with a different spoofed X-Forwarded-For prefix. */
  async function spoofed(path: string, fields: () => Record<string, string>, attempts: number, client: string) {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const browser = shop.browser();
      await browser.fetch("/healthz");
      const response = await post(browser, path, fields(), viaProxy(client, [randomSpoof(), randomSpoof()]));
      statuses.push(response.status);
      await response.body?.cancel();
    }
    return statuses;
  }

  it("sign-in: limited per real client whatever it writes into X-Forwarded-For; other clients are not", async () => {
    const { email } = await signedUpBrowser(shop);
    const client = nextClient();
    const statuses = await spoofed("/de/login/", () => ({ intent: "sign-in", email, password: "wrong" }), 11, client);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // The same real client with the right password is still limited; another client behind the same proxy is not.
    const browser = shop.browser();
    await browser.fetch("/healthz");
    const owner = await post(
      browser,
      "/de/login/",
      { intent: "sign-in", email, password: PASSWORD },
      viaProxy(nextClient()),
    );
    expect(owner.status).toBe(302);
  });

  it("password reset: limited per real client, not per spoofed address", async () => {
    const client = nextClient();
    const statuses = await spoofed(
      "/de/login/reset-password/",
      () => ({ intent: "request", email: uniqueEmail("reset") }),
      11,
      client,
    );
    expect(statuses.slice(0, 10).every((s) => s < 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const other = await spoofed(
      "/de/login/reset-password/",
      () => ({ intent: "request", email: uniqueEmail("r") }),
      1,
      nextClient(),
    );
    expect(other[0]).toBeLessThan(400);
  });

  it("order tracking: limited per real client, not per spoofed address", async () => {
    const client = nextClient();
    const statuses = await spoofed(
      "/de/order-trackform/",
      () => ({ number: "12345678", emailOrZipCode: "10115" }),
      11,
      client,
    );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
    const other = await spoofed(
      "/de/order-trackform/",
      () => ({ number: "12345678", emailOrZipCode: "10115" }),
      1,
      nextClient(),
    );
    expect(other[0]).toBe(404);
  });

  it("search API: limited per real client, not per spoofed address", async () => {
    const key = (await fuzzWorld(db)).searchKey;
    const call = (client: string, spoof: string[]) =>
      shop.handler(
        new Request("http://127.0.0.1:4173/api/search/commerce/v2/search/querySuggest", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...viaProxy(client, spoof) },
          body: "{",
        }),
      );
    const client = nextClient();
    const statuses: number[] = [];
    // The bucket holds 120 and refills 40 a second: 400 quick calls run it dry whatever the spoofed prefix.
    for (let i = 0; i < 400; i++) statuses.push((await call(client, [randomSpoof()])).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(100);
    expect(statuses.filter((s) => s !== 429 && s !== 400)).toEqual([]);
    const other = await call(nextClient(), []);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { message: string }).message).toBe("The request body is not valid JSON.");
  });
});
