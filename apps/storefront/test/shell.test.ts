import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, TEST_ORIGIN, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * The storefront shell over HTTP: every route of the specification's table in every store (status, layout,
 * page type), store detection, trailing slashes, both 404s, redirects, maintenance through the CLI, languages,
 * SEO tags, store switcher, sitemap, robots.txt, store finder.
 */

const run = promisify(execFile);
const CLI = resolve(import.meta.dirname, "../../../packages/cli/src/main.ts");
const STORES = ["de", "at", "ch", "fr-ch", "en"] as const;
type Store = (typeof STORES)[number];

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function page(browser: TestBrowser, path: string) {
  const response = await browser.fetch(path);
  const html = await response.text();
  return { response, html, document: new JSDOM(html).window.document };
}

/** The `vitrine` command against the test shop's database (same environment: data folder or schema). */
async function vitrine(...args: string[]) {
  return run(process.execPath, [CLI, ...args], { env: process.env });
}

/** Waits until a condition holds (settings are re-read by running shops within a second). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Paths of real catalogue pages of a store, read from the store's own sitemap and navigation. */
async function catalogPaths(store: Store) {
  const browser = shop.browser();
  const pages = await (await browser.fetch(`/sitemaps/${store}-pages.xml`)).text();
  const products = await (await browser.fetch(`/sitemaps/${store}-products-0.xml`)).text();
  const paths = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  const pagePaths = paths(pages);
  const find = (pattern: RegExp) => {
    const found = pagePaths.find((p) => pattern.test(p));
    if (!found) throw new Error(`no ${pattern} in the ${store} sitemap`);
    return found;
  };
  return {
    category: find(new RegExp(`^/${store}/c/[^/]+/[^/]+/[^/]+/$`)),
    outfit: find(new RegExp(`^/${store}/p/shop-the-look/[^/]+-\\d+/$`)),
    service: find(new RegExp(`^/${store}/s/[^/]+/$`)),
    product: paths(products)[0] as string,
  };
}

type Expectation =
  | { kind: "page"; layout: "shop" | "clean"; pageType: string | null }
  /** A protected page: shown, or the guest is sent to login with the original path (specification section 2). */
  | { kind: "protected"; pageType: string }
  /**
   * A page that needs something the visit does not have (an order to confirm, a sign-in to complete, a basket to
   * check out): shown, or the shopper is sent elsewhere in the same store, or it is an invalid page (404).
   */
  | { kind: "page-or-store-redirect"; layout: "shop" | "clean"; pageType: string | null }
  | { kind: "redirect"; location: string };

function routeTable(store: Store, paths: Awaited<ReturnType<typeof catalogPaths>>): [string, Expectation][] {
  const shopPage = (pageType: string | null): Expectation => ({ kind: "page", layout: "shop", pageType });
  return [
    [`/${store}/`, shopPage("home")],
    [paths.service, shopPage("service")],
    [paths.category, shopPage("product_list")],
    [`/${store}/c/outfits/`, shopPage("product_list")],
    [paths.product, shopPage("product_detail")],
    [paths.outfit, shopPage("outfit")],
    [`/${store}/search/?searchTerm=kleid`, shopPage("search")],
    [`/${store}/cart/`, shopPage("cart")],
    [`/${store}/checkout/`, { kind: "page-or-store-redirect", layout: "shop", pageType: "checkout" }],
    [`/${store}/app-checkout/`, { kind: "page-or-store-redirect", layout: "clean", pageType: "checkout" }],
    [`/${store}/success/`, { kind: "page-or-store-redirect", layout: "shop", pageType: "success" }],
    [`/${store}/wishlist/`, shopPage("wishlist")],
    [`/${store}/login/`, shopPage("login")],
    [`/${store}/login/?register=true`, shopPage("login")],
    [`/${store}/login/callback/`, { kind: "page-or-store-redirect", layout: "shop", pageType: null }],
    [`/${store}/account/`, { kind: "protected", pageType: "account_area" }],
    [`/${store}/account/profile-details/`, { kind: "protected", pageType: "account_area" }],
    [`/${store}/account/orders/`, { kind: "protected", pageType: "account_area" }],
    [`/${store}/account/order-details/1001/`, { kind: "protected", pageType: "account_area:order_id" }],
    [`/${store}/account/orders-details/1001/`, { kind: "protected", pageType: "account_area:order_id" }],
    [`/${store}/account/fashion-card/`, { kind: "protected", pageType: "account_area" }],
    [`/${store}/account/subscription/`, { kind: "protected", pageType: "subscription" }],
    [`/${store}/account/subscription-cancellations/`, { kind: "protected", pageType: "subscription-cancellation" }],
    [`/${store}/order-trackform/`, shopPage("order_tracking")],
    [`/${store}/returns-portal/`, shopPage("returns_portal")],
    [`/${store}/location/`, shopPage("store_finder")],
    // Maintenance is off: its page sends the shopper home.
    [`/${store}/maintenance/`, { kind: "redirect", location: `/${store}/` }],
  ];
}

function expectLayout(html: string, layout: "shop" | "clean", pageType: string | null, path: string) {
  const document = new JSDOM(html).window.document;
  const root = document.querySelector("[data-layout]");
  expect(root?.getAttribute("data-layout"), path).toBe(layout);
  if (pageType === null) expect(root?.hasAttribute("data-page-type"), path).toBe(false);
  else expect(root?.getAttribute("data-page-type"), path).toBe(pageType);
  expect(document.querySelector(".header") !== null, `${path} header`).toBe(layout === "shop");
  expect(document.querySelector(".footer") !== null, `${path} footer`).toBe(layout === "shop");
}

describe("every route of the route table in every store", () => {
  it.each(STORES)("%s: status, layout and page type", async (store) => {
    const paths = await catalogPaths(store);
    const browser = shop.browser();
    for (const [path, expected] of routeTable(store, paths)) {
      const response = await browser.fetch(path);
      const location = response.headers.get("location");
      const html = await response.text();
      if (expected.kind === "redirect") {
        expect([301, 302, 303, 307, 308], path).toContain(response.status);
        expect(location, path).toBe(expected.location);
        continue;
      }
      if (expected.kind === "protected" && response.status >= 300 && response.status < 400) {
        const target = new URL(location ?? "", TEST_ORIGIN);
        expect(target.pathname, path).toBe(`/${store}/login/`);
        expect(target.searchParams.get("redirectUrl"), path).toBe(path);
        continue;
      }
      if (expected.kind === "page-or-store-redirect" && response.status >= 300 && response.status < 400) {
        expect(new URL(location ?? "", TEST_ORIGIN).pathname.startsWith(`/${store}/`), path).toBe(true);
        continue;
      }
      if (expected.kind === "page-or-store-redirect" && response.status === 404) {
        expectLayout(html, expected.layout, "error", path);
        continue;
      }
      expect(response.status, path).toBe(200);
      const layout = expected.kind === "protected" ? "shop" : expected.layout;
      expectLayout(html, layout, expected.pageType, path);
    }
  });
});

describe("store selection and routing rules", () => {
  it("sends / to the store of the locale cookie first", async () => {
    const browser = shop.browser({ acceptLanguage: "fr-CH" });
    browser.cookies.set("vitrine_store", "at");
    const response = await browser.fetch("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/at/");
  });

  it("then by the browser languages, then de", async () => {
    const location = async (acceptLanguage?: string) =>
      (await shop.browser(acceptLanguage ? { acceptLanguage } : {}).fetch("/")).headers.get("location");
    expect(await location("fr-CH,fr;q=0.9")).toBe("/fr-ch/");
    expect(await location("en-US,en;q=0.8")).toBe("/en/");
    expect(await location("de-CH")).toBe("/ch/");
    expect(await location("de-AT,de;q=0.9")).toBe("/at/");
    expect(await location("ja-JP")).toBe("/de/");
    expect(await location()).toBe("/de/");
  });

  it("remembers the store the shopper opened for 365 days", async () => {
    const browser = shop.browser({ acceptLanguage: "de-DE" });
    // The page is shared (no cookie); the personal-data request it makes remembers the store.
    expect((await browser.fetch("/fr-ch/")).headers.getSetCookie()).toEqual([]);
    const response = await browser.fetch("/fr-ch/personal.json");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("vitrine_store="));
    expect(cookie).toContain("vitrine_store=fr-ch");
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect((await browser.fetch("/")).headers.get("location")).toBe("/fr-ch/");
  });

  it("adds a trailing slash by a permanent redirect that keeps the query", async () => {
    const browser = shop.browser();
    const response = await browser.fetch("/de/search?searchTerm=kleid&page=2");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/de/search/?searchTerm=kleid&page=2");
    const nested = await browser.fetch("/fr-ch/account/orders?x=1");
    expect(nested.status).toBe(301);
    expect(nested.headers.get("location")).toBe("/fr-ch/account/orders/?x=1");
    expect((await browser.fetch("/de")).headers.get("location")).toBe("/de/");
  });

  it("sends a path without a store into the shopper's store", async () => {
    const response = await shop.browser({ acceptLanguage: "en" }).fetch("/cart/?x=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/cart/?x=1");
  });
});

describe("the two 404s", () => {
  it("answers an unknown route with 404 'Page not found' in the shop layout, translated", async () => {
    const texts: Record<Store, [string, string]> = {
      de: ["Seite nicht gefunden", "Hoppla!"],
      at: ["Seite nicht gefunden", "Hoppla!"],
      ch: ["Seite nicht gefunden", "Hoppla!"],
      "fr-ch": ["Page introuvable", "Oups\u202f!"],
      en: ["Page not found", "Oops!"],
    };
    for (const store of STORES) {
      const { response, html, document } = await page(shop.browser(), `/${store}/no-such-page/`);
      expect(response.status).toBe(404);
      expectLayout(html, "shop", "error", store);
      expect(document.querySelector(".error-screen__title")?.textContent).toBe(texts[store][0]);
      expect(document.querySelector("h1")?.textContent).toBe(texts[store][1]);
      expect(document.querySelector("title")?.textContent).toContain(texts[store][0]);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    }
  });

  it("answers an invalid page with 404 'Page Not Found: {path}'", async () => {
    const product = await page(shop.browser(), "/en/p/no-such-product-999999999/");
    expect(product.response.status).toBe(404);
    expect(product.document.querySelector(".error-screen__title")?.textContent).toBe(
      "Page Not Found: /en/p/no-such-product-999999999/",
    );
    const category = await page(shop.browser(), "/de/c/gibt-es-nicht/");
    expect(category.response.status).toBe(404);
    expect(category.document.querySelector(".error-screen__title")?.textContent).toBe(
      "Seite nicht gefunden: /de/c/gibt-es-nicht/",
    );
    const outfit = await page(shop.browser(), "/fr-ch/p/shop-the-look/rien-999999/");
    expect(outfit.response.status).toBe(404);
    expect(outfit.document.querySelector(".error-screen__title")?.textContent).toBe(
      "Page introuvable\u00a0: /fr-ch/p/shop-the-look/rien-999999/",
    );
  });

  it("answers a path outside any store with the last-resort error screen in the three languages", async () => {
    const { response, document } = await page(shop.browser(), "/wp-login.php");
    expect(response.status).toBe(404);
    const messages = [...document.querySelectorAll(".error-screen__message")].map((p) => [
      p.getAttribute("lang"),
      p.textContent,
    ]);
    expect(messages).toEqual([
      ["de", "Seite nicht gefunden"],
      ["fr", "Page introuvable"],
      ["en", "Page not found"],
    ]);
    expect(document.querySelector("a.button")?.getAttribute("href")).toBe("/");
  });

  it("shows the error screen of the specification: code heading, message, home button, three picture sizes", async () => {
    const { document } = await page(shop.browser(), "/de/no-such-page/");
    const screen = document.querySelector(".error-screen");
    expect(screen?.getAttribute("data-status")).toBe("404");
    expect(document.querySelector(".error-screen__message")?.textContent).toContain("gibt es leider nicht");
    const home = document.querySelector<HTMLAnchorElement>(".error-screen__home");
    expect(home?.getAttribute("href")).toBe("/de/");
    expect(home?.textContent).toBe("Zur Startseite");
    const sources = [...document.querySelectorAll(".error-screen__picture source")].map((s) => [
      s.getAttribute("media"),
      s.getAttribute("srcset"),
    ]);
    expect(sources).toEqual([
      ["(min-width: 1024px)", "/images/error/large.svg"],
      ["(min-width: 768px)", "/images/error/medium.svg"],
    ]);
    expect(document.querySelector(".error-screen__picture img")?.getAttribute("src")).toBe("/images/error/small.svg");
    for (const size of ["small", "medium", "large"]) {
      const image = await shop.browser().fetch(`/images/error/${size}.svg`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toContain("image/svg+xml");
      expect(await image.text()).toMatch(/^<svg /);
    }
    expect((await shop.browser().fetch("/images/error/huge.svg")).status).toBe(404);
  });

  it("draws its icons from sprites that every icon of the page finds, kept for good under the build's id", async () => {
    const { document } = await page(shop.browser(), "/de/");
    const uses = [...document.querySelectorAll("svg.icon use")].map((use) => use.getAttribute("href") as string);
    expect(uses.length).toBeGreaterThan(10);
    const sprites = new Map<string, string>();
    for (const href of uses) {
      const [url, id] = href.split("#") as [string, string];
      if (!sprites.has(url)) {
        const answer = await shop.browser().fetch(url);
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get("content-type")).toContain("image/svg+xml");
        expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        sprites.set(url, await answer.text());
      }
      expect(sprites.get(url), href).toContain(`<symbol id="${id}" `);
    }
    expect([...sprites.keys()].map((url) => url.split("?")[0])).toEqual(
      expect.arrayContaining(["/images/icons/ui.svg", "/images/icons/payment.svg", "/images/icons/flag.svg"]),
    );
    // An old build's page still gets the current sprite, kept for a day only.
    const old = await shop.browser().fetch("/images/icons/ui.svg?v=1999");
    expect(old.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await shop.browser().fetch("/images/icons/secrets.svg")).status).toBe(404);
  });
});

describe("client-side navigations", () => {
  it("load a page's data like the page: found, invalid, redirected during maintenance", async () => {
    const { category } = await catalogPaths("de");
    const browser = shop.browser();
    const found = await browser.fetch(`${category}_.data?_routes=routes%2Flayout.shop`);
    expect(found.status).toBe(200);
    const body = await found.text();
    expect(body).toContain(`${TEST_ORIGIN}${category}`); // the canonical URL names the page, not the data URL
    expect(body).not.toContain("_.data");
    const missing = await browser.fetch("/de/c/gibt-es-nicht/_.data");
    expect(missing.status).toBe(404);
    const missingBody = await missing.text();
    expect(missingBody).toContain('"/de/c/gibt-es-nicht/"');
    expect(missingBody).not.toContain("_.data");
  });
});

describe("the shell's menu and footer", () => {
  it.each(STORES)(
    "%s: are static markup in the page, not page data, except where a first load may lack them",
    async (store) => {
      const browser = shop.browser();
      const { category } = await catalogPaths(store);
      const { document } = await page(browser, category);
      const list = document.querySelector("#shell-nav-items");
      expect(list?.getAttribute("data-store")).toBe(store);
      const leaves = [...document.querySelectorAll("#shell-nav-items .nav__leaf-link")].map((a) =>
        a.getAttribute("href"),
      );
      expect(leaves.length).toBeGreaterThan(5);
      expect(leaves.every((href) => href?.startsWith(`/${store}/c/`))).toBe(true);
      // The footer's columns are there too, in the store's language.
      for (const part of ["footer-promises", "footer-service", "footer-shop", "footer-payment"]) {
        expect(document.querySelector(`#shell-${part}[data-store="${store}"]`)?.textContent?.length).toBeGreaterThan(
          10,
        );
      }
      expect(document.querySelector(`#shell-footer-shop a[href="/${store}/order-trackform/"]`)).not.toBeNull();
      // The page's own top category is marked, on the server already.
      const top = `/${store}${category.slice(store.length + 1).match(/^\/c\/[^/]+\//)?.[0]}`;
      const { document: topPage } = await page(browser, top);
      expect(topPage.querySelector(`#shell-nav-items a.nav__link[href="${top}"]`)?.getAttribute("aria-current")).toBe(
        "page",
      );
      expect(topPage.querySelectorAll("#shell-nav-items [aria-current]")).toHaveLength(1);

      // The store's data on a shared page does not carry the tree; on a personal page (the checkout's slim shell
      // may be the first load) it does.
      const leafPath = (leaves[0] as string).slice(store.length + 1);
      const shared = await (await browser.fetch(`${category}_.data?_routes=routes%2Fstore`)).text();
      expect(shared).not.toContain(leafPath);
      const personal = await (await browser.fetch(`/${store}/cart/_.data?_routes=routes%2Fstore`)).text();
      expect(personal).toContain(leafPath);
    },
  );
});

describe("redirect lookup before the 404", () => {
  it("leads to another internal path, localized, keeping the query", async () => {
    const response = await shop.browser().fetch("/de/sale-alt/?utm_source=news");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/de/c/sale/?utm_source=news");
    const storeOnly = await shop.browser().fetch("/de/damen-sale/");
    expect(storeOnly.headers.get("location")).toBe("/de/c/sale/");
    expect((await shop.browser().fetch("/at/damen-sale/")).status).toBe(404);
  });

  it("leads to an external address", async () => {
    const response = await shop.browser().fetch("/en/instagram/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://www.instagram.com/");
  });

  it("takes redirects added with the CLI at once, also for catalogue paths that name nothing", async () => {
    await vitrine("redirects", "add", "/p/altes-kleid-999999/", "/c/sale/", "--store", "de", "--status", "308");
    await vitrine("redirects", "add", "/lookbook/", "https://lookbook.vitrine.example/");
    const product = await shop.browser().fetch("/de/p/altes-kleid-999999/");
    expect(product.status).toBe(308);
    expect(product.headers.get("location")).toBe("/de/c/sale/");
    const external = await shop.browser().fetch("/fr-ch/lookbook/");
    expect(external.headers.get("location")).toBe("https://lookbook.vitrine.example/");
  });

  it("sends a category path written in another store language to the store's own spelling", async () => {
    const { category } = await catalogPaths("fr-ch");
    const inGerman = category.replace("/fr-ch/", "/de/");
    const response = await shop.browser().fetch(`${inGerman}?page=2`);
    expect(response.status).toBe(301);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/de\/c\/damen\/|^\/de\/c\/herren\/|^\/de\/c\/kinder\//);
    expect(location.endsWith("/?page=2")).toBe(true);
  });
});

describe("maintenance mode through the CLI, without a restart", () => {
  it("redirects every page to the maintenance page (503, Retry-After) and back when it is off", async () => {
    await vitrine("maintenance", "on");
    try {
      const browser = shop.browser({ acceptLanguage: "fr-CH" });
      await eventually(async () => (await browser.fetch("/de/c/outfits/")).status === 302);
      expect((await browser.fetch("/de/c/outfits/")).headers.get("location")).toBe("/de/maintenance/");
      expect((await browser.fetch("/en/")).headers.get("location")).toBe("/en/maintenance/");
      // A client-side navigation (data request) is sent there too.
      const data = await browser.fetch("/de/cart/_.data");
      expect([202, 302]).toContain(data.status);
      expect(data.headers.get("location") ?? (await data.text())).toContain("/de/maintenance/");
      // A new browser: the first request above may have been answered before the switch and set a store cookie.
      const newcomer = shop.browser({ acceptLanguage: "fr-CH" });
      expect((await newcomer.fetch("/")).headers.get("location")).toBe("/fr-ch/maintenance/");
      const { response, html, document } = await page(browser, "/fr-ch/maintenance/");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("300");
      expectLayout(html, "clean", "maintenance", "maintenance");
      expect(document.querySelector("h1")?.textContent).toBe("Nous revenons tout de suite");
      expect(document.documentElement.getAttribute("lang")).toBe("fr-CH");
      // Files and images still answer; the RPC channel says it is unavailable.
      expect((await browser.fetch("/images/error/small.svg")).status).toBe(200);
      expect((await browser.fetch("/builds/latest.json")).status).toBe(200);
      expect((await browser.rpc("getBasket", {})).status).toBe(503);
    } finally {
      await vitrine("maintenance", "off");
      // Waited for here, so that a failure above does not leave the next tests in maintenance mode.
      await eventually(async () => (await shop.browser().fetch("/de/maintenance/")).status === 302);
    }
    const browser = shop.browser();
    expect((await browser.fetch("/de/maintenance/")).headers.get("location")).toBe("/de/");
    expect((await browser.fetch("/de/")).status).toBe(200);
  });
});

describe("languages and SEO tags", () => {
  it("sets lang, title, description, canonical URL and hreflang alternates for the five stores", async () => {
    const { document } = await page(shop.browser(), "/fr-ch/?utm_source=x");
    expect(document.documentElement.getAttribute("lang")).toBe("fr-CH");
    expect(document.querySelector("title")?.textContent).toBe("Vitrine – Mode femme, homme et enfant en ligne");
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toContain("25 marques");
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${TEST_ORIGIN}/fr-ch/`);
    const alternates = [...document.querySelectorAll('link[rel="alternate"]')].map((l) => [
      l.getAttribute("hreflang"),
      l.getAttribute("href"),
    ]);
    expect(alternates).toEqual([
      ["de-DE", `${TEST_ORIGIN}/de/`],
      ["de-AT", `${TEST_ORIGIN}/at/`],
      ["de-CH", `${TEST_ORIGIN}/ch/`],
      ["fr-CH", `${TEST_ORIGIN}/fr-ch/`],
      ["en", `${TEST_ORIGIN}/en/`],
      ["x-default", `${TEST_ORIGIN}/`],
    ]);
  });

  it("links the same catalogue page under its own name in every store", async () => {
    const de = await catalogPaths("de");
    const fr = await catalogPaths("fr-ch");
    const { document } = await page(shop.browser(), `${de.category}?page=2`);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(TEST_ORIGIN + de.category);
    const hreflang = (lang: string) =>
      document.querySelector(`link[rel="alternate"][hreflang="${lang}"]`)?.getAttribute("href");
    expect(hreflang("de-AT")).toBe(TEST_ORIGIN + de.category.replace("/de/", "/at/"));
    expect(hreflang("fr-CH")?.startsWith(`${TEST_ORIGIN}/fr-ch/c/`)).toBe(true);
    expect(hreflang("x-default")).toBe(TEST_ORIGIN + de.category);
    // The store switcher leads to the same page with the query kept.
    const switcher = document.querySelector('.store-switcher a[data-store="fr-ch"]')?.getAttribute("href");
    expect(switcher).toBe(`${new URL(hreflang("fr-CH") as string).pathname}?page=2`);
    const frCategory = await page(shop.browser(), new URL(hreflang("fr-CH") as string).pathname);
    expect(frCategory.response.status).toBe(200);
    expect(fr.category.startsWith("/fr-ch/c/")).toBe(true);

    const product = await page(shop.browser(), de.product);
    const productAlternates = [...product.document.querySelectorAll('link[rel="alternate"]')].map((l) =>
      l.getAttribute("hreflang"),
    );
    expect(productAlternates).toEqual(["de-DE", "de-AT", "de-CH", "fr-CH", "en", "x-default"]);
    const enProduct = product.document.querySelector('.store-switcher a[data-store="en"]')?.getAttribute("href");
    expect(enProduct).toMatch(/^\/en\/p\/[a-z0-9-]+-\d+\/$/);
    expect(enProduct?.split("-").pop()).toBe(de.product.split("-").pop());
  });

  it("switches a service page to its translation", async () => {
    const { document } = await page(shop.browser(), "/de/s/versand/");
    expect(document.querySelector('.store-switcher a[data-store="fr-ch"]')?.getAttribute("href")).toBe(
      "/fr-ch/s/livraison/",
    );
    expect(document.querySelector('.store-switcher a[data-store="en"]')?.getAttribute("href")).toBe("/en/s/shipping/");
  });

  it("speaks the store's language in header and footer", async () => {
    const texts: Record<Store, string[]> = {
      de: ["Warenkorb", "Wunschliste", "Land & Sprache", "Kostenloser Versand ab 50,00 €"],
      at: ["Warenkorb", "Kostenloser Versand ab € 60,00"],
      ch: ["Warenkorb", "Menü schliessen", "Kostenloser Versand ab CHF"],
      "fr-ch": ["Panier", "Liste d’envies", "Pays et langue", "Livraison offerte dès"],
      en: ["Basket", "Wishlist", "Country & language", "Free delivery from €50.00"],
    };
    for (const store of STORES) {
      const { document } = await page(shop.browser(), `/${store}/`);
      const text = (document.querySelector("[data-layout]")?.textContent ?? "").replace(/\s+/g, " ");
      for (const expected of texts[store]) expect(text, `${store}: ${expected}`).toContain(expected);
      // A missing message would show its key.
      expect(text).not.toMatch(/\b(shell|common|error|location)\.[a-z_]+/);
      const services = [...document.querySelectorAll(`nav[aria-labelledby="footer-service"] a`)].map((a) =>
        a.getAttribute("href"),
      );
      // The help centre first, then the service pages (the help centre lists its own articles).
      expect(services[0]).toBe(`/${store}/help/`);
      expect(services.length).toBeGreaterThanOrEqual(9);
      for (const href of services.slice(1)) expect(href?.startsWith(`/${store}/s/`)).toBe(true);
      const current = document.querySelector('.store-switcher a[aria-current="true"]');
      expect(current?.getAttribute("data-store")).toBe(store);
      expect(document.querySelectorAll(".store-switcher .icon--flag")).toHaveLength(5);
    }
  });

  it("shows the header counters and the search form without JavaScript", async () => {
    const { document } = await page(shop.browser(), "/de/search/?searchTerm=Strickkleid");
    const form = document.querySelector<HTMLFormElement>(".header__search form");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.getAttribute("action")).toBe("/de/search/");
    expect(document.querySelector<HTMLInputElement>('.header__search input[name="searchTerm"]')?.value).toBe(
      "Strickkleid",
    );
    const basket = document.querySelector('.header__actions a[href="/de/cart/"]');
    expect(basket?.textContent).toContain("Keine Artikel");
    expect(document.querySelectorAll(".nav__list > .nav__item")).toHaveLength(6);
    expect(document.querySelector(".nav__panel .nav__leaf-link")?.getAttribute("href")).toMatch(/^\/de\/c\/damen\//);
  });
});

describe("robots.txt, sitemap and build id", () => {
  it("lists the sitemap and keeps private pages out", async () => {
    const text = await (await shop.browser().fetch("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(text).toContain("Disallow: /*/account/");
  });

  it("indexes the pages and product files of every store; every listed page exists", async () => {
    const index = await (await shop.browser().fetch("/sitemap.xml")).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    for (const store of STORES) {
      expect(files).toContain(`/sitemaps/${store}-pages.xml`);
      expect(files).toContain(`/sitemaps/${store}-products-0.xml`);
    }
    const products = await shop.browser().fetch("/sitemaps/en-products-0.xml");
    expect(products.headers.get("content-type")).toContain("application/xml");
    const productUrls = [...(await products.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(productUrls).toHaveLength(400);
    const pages = await (await shop.browser().fetch("/sitemaps/de-pages.xml")).text();
    expect(pages).toContain(`<loc>${TEST_ORIGIN}/de/s/versand/</loc>`);
    expect(pages).toContain(`<loc>${TEST_ORIGIN}/de/location/</loc>`);
    const browser = shop.browser();
    for (const url of [productUrls[0], productUrls[399]]) {
      expect((await browser.fetch(new URL(url as string).pathname)).status, url).toBe(200);
    }
    expect((await browser.fetch("/sitemaps/xx-pages.xml")).status).toBe(404);
    expect((await browser.fetch("/sitemaps/de-products-9.xml")).status).toBe(200);
  });

  it("tells the client which build is running", async () => {
    const response = await shop.browser().fetch("/builds/latest.json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await response.json()).id).toMatch(/^\d{14}$|^.+$/);
  });
});

describe("store finder", () => {
  it("lists every store grouped by country, the store's country first, with opening hours", async () => {
    const { document } = await page(shop.browser(), "/ch/location/");
    const countries = [...document.querySelectorAll(".store-finder__country")].map((h) =>
      h.firstChild?.textContent?.trim(),
    );
    expect(countries).toEqual(["Schweiz", "Deutschland", "Österreich"]);
    expect(document.querySelectorAll(".store-card")).toHaveLength(18);
    expect(document.querySelectorAll(".store-card__hours tr")).toHaveLength(18 * 7);
  });

  it("searches by city or postcode without JavaScript", async () => {
    const zurich = await page(shop.browser(), "/de/location/?q=Zuerich");
    expect([...zurich.document.querySelectorAll(".store-card__name")].map((n) => n.textContent)).toEqual([
      "Vitrine Zürich",
    ]);
    expect(zurich.document.querySelector(".store-finder__status")?.textContent).toContain("1 Filiale");
    const postcode = await page(shop.browser(), "/en/location/?q=20095");
    expect(postcode.document.querySelector(".store-card__name")?.textContent).toBe("Vitrine Hamburg");
    const none = await page(shop.browser(), "/fr-ch/location/?q=Atlantis");
    expect(none.document.querySelector(".store-finder__status")?.textContent).toContain("Aucun magasin trouvé");
    expect(none.document.querySelectorAll(".store-card")).toHaveLength(18);
  });

  it("lists the nearest stores to the browser's position", async () => {
    const { document } = await page(shop.browser(), "/at/location/?lat=48.21&lng=16.37");
    const names = [...document.querySelectorAll(".store-card__name")].map((n) => n.textContent);
    expect(names).toHaveLength(5);
    expect(names.slice(0, 2)).toEqual(["Vitrine Wien", "Vitrine Graz"]);
    expect(document.querySelector(".store-card__distance")?.textContent).toMatch(/km entfernt/);
  });
});
