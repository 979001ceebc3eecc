import { type ChildProcess, spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createDatabase, type Db } from "@vitrine/commerce";
import { NECESSARY_ONLY_STATE } from "./consent-state.ts";
import {
  addToBasketByApi,
  expectNoSeriousA11yViolations,
  hydrated,
  purchasableVariants,
  startExtraShop,
} from "./fixtures.ts";

/**
 * Consent and tracking journeys: what the shop sends (page views to usage analytics, product views and clicks
 * and purchases to the search service's events) before the shopper chose, after allowing statistics, after
 * refusing, and under Do-Not-Track or Global Privacy Control; the banner in the store languages, by keyboard,
 * axe-clean and without layout shift; and the operator's third-party scripts, loaded only with their consent,
 * on a second shop started with them configured. Every request stays on 127.0.0.1.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const SCREENSHOTS = "test-results/consent";
/** Enough for the title delay (500 ms) and the flush delay (1000 ms) with room for a slow machine. */
const QUIET_MS = 3000;
test.describe.configure({ timeout: 180_000 });
// These journeys start as a shopper who has not chosen yet (the other journeys start with "necessary only").
test.use({ storageState: { cookies: [], origins: [] } });

interface Sent {
  kind: "commerce" | "view";
  url: string;
  events: Record<string, unknown>[];
}

/** Every tracking request the page makes, parsed. */
function recordTracking(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.hostname !== "127.0.0.1") return;
    const body = request.postData() ?? "";
    // A body the test cannot read still counts as sent.
    const parse = (text: string | null) => {
      try {
        return text ? JSON.parse(text) : { unreadable: body };
      } catch {
        return { unreadable: body };
      }
    };
    if (url.pathname === "/api/search/events/v1") {
      const events = parse(body);
      sent.push({ kind: "commerce", url: request.url(), events: Array.isArray(events) ? events : [events] });
    } else if (url.pathname.startsWith("/api/search/rest/ua/v15/analytics/")) {
      sent.push({ kind: "view", url: request.url(), events: [parse(new URLSearchParams(body).get("viewEvent"))] });
    }
  });
  return sent;
}

const types = (sent: Sent[]) =>
  sent.flatMap((s) =>
    s.events.map((e) => (s.kind === "view" ? "view" : (e.meta as { type: string } | undefined)?.type)),
  );

async function firstProductLink(page: Page) {
  return page.locator('main a.product-tile__link[href*="/p/"]').first();
}

/** Opens a listing, clicks a product, and waits on the product page. */
async function browseToProduct(page: Page, store = "de") {
  await page.goto(`/${store}/c/damen/`);
  await hydrated(page);
  await (await firstProductLink(page)).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/p/`));
  await expect(page.locator("main.product-page")).toBeVisible();
}

async function quiet(page: Page) {
  await page.waitForTimeout(QUIET_MS);
}

test("before a choice nothing is sent; the banner is keyboard-usable, axe-clean and shifts nothing", async ({
  page,
}) => {
  const sent = recordTracking(page);
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/de/");
  await hydrated(page);
  const banner = page.getByRole("dialog", { name: "Datenschutz-Einstellungen" });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("button", { name: "Alle akzeptieren" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Nur notwendige" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Its appearance moves nothing on the page (it is fixed over it).
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);

  // Tab order: the skip link, then the banner's buttons; refusing by keyboard works like a click.
  await page.keyboard.press("Tab");
  await expect(page.locator(".skip-link")).toBeFocused();
  for (const name of ["Einstellungen", "Nur notwendige", "Alle akzeptieren"]) {
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("button", { name })).toBeFocused();
  }

  await quiet(page);
  await browseToProduct(page);
  await quiet(page);
  expect(sent).toEqual([]);
  await expect(page.getByRole("dialog", { name: "Datenschutz-Einstellungen" })).toBeVisible();
});

test("the banner is in the first paint for a first visitor, never for one who chose, and absent without JavaScript", async ({
  browser,
}) => {
  // The shop's scripts never load: what the shopper sees is the server's HTML and the head's boot script.
  const withoutHydration = async (storageState: typeof NECESSARY_ONLY_STATE) => {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/de/");
    return { context, page };
  };
  const first = await withoutHydration({ cookies: [], origins: [] });
  const banner = first.page.getByRole("dialog", { name: "Datenschutz-Einstellungen" });
  await expect(banner).toBeVisible();
  // Not hydrated: its buttons say they do not work yet (Playwright waits for them to be enabled).
  await expect(banner.getByRole("button", { name: "Alle akzeptieren" })).toHaveAttribute("aria-disabled", "true");
  await first.context.close();

  const chose = await withoutHydration(NECESSARY_ONLY_STATE);
  await expect(chose.page.locator(".consent")).toHaveCount(1);
  await expect(chose.page.locator(".consent")).toBeHidden();
  await chose.context.close();

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
  const page = await noScript.newPage();
  await page.goto("/de/");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator(".consent")).toBeHidden();
  await noScript.close();
});

test("after allowing statistics, page views, product views and clicks are sent; refused, nothing", async ({ page }) => {
  const sent = recordTracking(page);
  await page.goto("/de/c/damen/");
  await hydrated(page);
  const banner = page.getByRole("dialog", { name: "Datenschutz-Einstellungen" });
  await banner.getByRole("button", { name: "Einstellungen" }).click();
  await banner.getByRole("checkbox", { name: /Statistik/ }).check();
  await expect(banner.getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await banner.getByRole("button", { name: "Auswahl speichern" }).press("Enter");
  await expect(banner).toBeHidden();

  // The page where statistics were allowed counts as viewed, with its title read after it settled.
  await expect.poll(() => types(sent)).toEqual(["view"]);
  const [view] = sent;
  expect(new URL(view?.url as string).searchParams.get("discardVisitInfo")).toBe("true");
  expect(view?.events[0]).toMatchObject({
    location: expect.stringContaining("/de/c/damen/"),
    contentType: "product_list",
  });
  expect(String(view?.events[0]?.title)).toContain("Damen");

  await (await firstProductLink(page)).click();
  await expect(page).toHaveURL(/\/de\/p\//);
  await expect
    .poll(() => types(sent).sort(), { timeout: 10_000 })
    .toEqual(["ec.productClick", "ec.productView", "view", "view"].sort());
  const click = sent.flatMap((s) => s.events).find((e) => (e.meta as { type?: string })?.type === "ec.productClick");
  expect(click).toMatchObject({ position: 1, currency: "EUR" });
  // The events reached the shop's own endpoints and were accepted there.
  const health = await page.request.get("/api/search/rest/ua/v15/analytics/monitoring/health");
  expect(await health.json()).toEqual({ status: "UP" });

  // Changed from the footer to "necessary only": nothing more.
  await page.getByRole("button", { name: "Cookie-Einstellungen" }).focus();
  await page.keyboard.press("Enter");
  await expect(banner.getByRole("heading", { name: "Datenschutz-Einstellungen" })).toBeFocused();
  await expect(banner.getByRole("checkbox", { name: /Statistik/ })).toBeChecked();
  await banner.getByRole("checkbox", { name: /Statistik/ }).uncheck();
  await banner.getByRole("button", { name: "Auswahl speichern" }).click();
  const before = sent.length;
  await browseToProduct(page);
  await quiet(page);
  expect(sent.length).toBe(before);
});

test("refusing sends nothing", async ({ page }) => {
  const sent = recordTracking(page);
  await page.goto("/de/");
  await hydrated(page);
  await page.getByRole("button", { name: "Nur notwendige" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await browseToProduct(page);
  await quiet(page);
  expect(sent).toEqual([]);
  // The choice holds on the next page load.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("dialog", { name: "Datenschutz-Einstellungen" })).toBeHidden();
});

for (const [signal, script] of [
  ["Do-Not-Track", () => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" })],
  [
    "Global Privacy Control",
    () => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  ],
] as const) {
  test(`with ${signal}, accepting everything still sends nothing`, async ({ page }) => {
    await page.addInitScript(script);
    const sent = recordTracking(page);
    await page.goto("/de/c/damen/");
    await hydrated(page);
    await page.getByRole("button", { name: "Alle akzeptieren" }).click();
    await quiet(page);
    await browseToProduct(page);
    await quiet(page);
    expect(sent).toEqual([]);
  });
}

test.describe("a purchase", () => {
  let db: Db;
  let variants: number[] = [];

  test.beforeAll(async () => {
    db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
    // From the middle of the list: the checkout journeys take theirs from both ends.
    variants = (await purchasableVariants(db, { order: "asc" })).slice(40, 60);
  });
  test.afterAll(async () => {
    await db?.destroy();
  });

  async function checkout(page: Page, variantId: number, address: { zipCode: string; lastName: string }) {
    await addToBasketByApi(page, { code: "de", shopId: 10028 }, variantId);
    await page.goto("/de/checkout/");
    await page.locator("main[data-ready]").waitFor({ state: "attached" });
    await page.getByLabel("E-Mail-Adresse").fill(`Consent.Kundin.${Date.now()}@Example.com`);
    await page.getByRole("button", { name: "Weiter" }).click();
    const fields = { firstName: "Mia", street: "Gartenstraße 5", city: "Berlin", ...address };
    for (const [field, value] of Object.entries(fields)) await page.locator(`[name="shipping.${field}"]`).fill(value);
    for (const step of ["delivery", "payment"]) {
      await page.getByRole("button", { name: "Weiter" }).click();
      await expect(page.locator(`[data-step="${step}"].checkout-step--active`)).toBeVisible();
    }
    await page.getByRole("radio", { name: /^Rechnung/ }).check();
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/de\/success\/\?order=\d{8}$/);
    return (await page.getByTestId("order-number").textContent()) as string;
  }

  test("is sent with statistics allowed, e-mail and names hashed and the postcode masked; refused, not", async ({
    page,
  }) => {
    const sent = recordTracking(page);
    await page.goto("/de/");
    await hydrated(page);
    await page.getByRole("button", { name: "Alle akzeptieren" }).click();
    const number = await checkout(page, variants[0] as number, { zipCode: "10115", lastName: "Van Berg" });
    await expect
      .poll(() => sent.flatMap((s) => s.events).find((e) => (e.meta as { type?: string })?.type === "ec.purchase"))
      .toBeTruthy();
    const purchase = sent.flatMap((s) => s.events).find((e) => (e.meta as { type?: string })?.type === "ec.purchase");
    expect(purchase).toMatchObject({
      transaction: { id: number },
      customer: { postcode: "1****", lastNameHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const lastNameHash = await page.evaluate(async () => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode("vanberg"));
      return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    });
    expect((purchase?.customer as { lastNameHash?: string } | undefined)?.lastNameHash).toBe(lastNameHash);
    expect(JSON.stringify(purchase)).not.toMatch(/Consent\.Kundin|Van Berg|10115/);
  });

  test("is not sent after refusing", async ({ page }) => {
    const sent = recordTracking(page);
    await page.goto("/de/");
    await hydrated(page);
    await page.getByRole("button", { name: "Nur notwendige" }).click();
    await checkout(page, variants[1] as number, { zipCode: "20095", lastName: "Nord" });
    await quiet(page);
    expect(sent).toEqual([]);
  });
});

test("the banner in every store language, at desktop and phone widths", async ({ browser }) => {
  const stores = [
    ["de", "de-DE", "Datenschutz-Einstellungen", "Alle akzeptieren"],
    ["at", "de-AT", "Datenschutz-Einstellungen", "Alle akzeptieren"],
    ["ch", "de-CH", "Datenschutz-Einstellungen", "Alle akzeptieren"],
    ["fr-ch", "fr-CH", "Paramètres de confidentialité", "Tout accepter"],
    ["en", "en-GB", "Privacy settings", "Accept all"],
  ] as const;
  for (const [store, locale, title, accept] of stores) {
    for (const width of [1440, 375]) {
      const context: BrowserContext = await browser.newContext({
        viewport: { width, height: width === 375 ? 812 : 900 },
        locale,
        storageState: { cookies: [], origins: [] },
        ...(width === 375 ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      await page.goto(`/${store}/`);
      await hydrated(page);
      const banner = page.getByRole("dialog", { name: title });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("button", { name: accept })).toBeInViewport();
      if (store === "de" || store === "fr-ch") {
        await expectNoSeriousA11yViolations(page);
        await page.screenshot({ path: `${SCREENSHOTS}/banner-${store}-${width}.png` });
        await banner.getByRole("button", { name: store === "de" ? "Einstellungen" : "Personnaliser" }).click();
        await page.screenshot({ path: `${SCREENSHOTS}/banner-${store}-${width}-details.png` });
        await expectNoSeriousA11yViolations(page);
      }
      await context.close();
    }
  }
});

test("a tag manager id that is not GTM- plus upper-case letters and digits stops the start with a clear error", () => {
  const result = spawnSync(process.execPath, ["apps/storefront/server.ts"], {
    env: { ...process.env, PORT: "3384", HOST: "127.0.0.1", TAG_MANAGER_ID: "GTM-abc", DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    'vitrine: cannot start: invalid setting TAG_MANAGER_ID="GTM-abc": must be GTM- followed by upper-case letters and digits',
  );
});

test.describe("third-party scripts configured by the operator", () => {
  const shopPort = 3382;
  const scriptPort = 3383;
  const shop = `http://127.0.0.1:${shopPort}`;
  let shopProcess: ChildProcess;
  let scripts: Server;
  const served: string[] = [];

  test.beforeAll(async () => {
    scripts = createServer((req, res) => {
      const kind = new URL(req.url ?? "/", "http://x").searchParams.get("kind") ?? "?";
      served.push(kind);
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(`(window.__hooks = window.__hooks || []).push(${JSON.stringify(kind)});`);
    });
    await new Promise<void>((resolve) => scripts.listen(scriptPort, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${scriptPort}`;
    shopProcess = await startExtraShop(shopPort, {
      TAG_MANAGER_ID: "GTM-E2E42",
      TAG_MANAGER_URL: `${base}/gtm.js?kind=tagManager&id={id}`,
      AB_TEST_SCRIPT_ID: "ab1",
      AB_TEST_SCRIPT_URL: `${base}/ab.js?kind=abTesting&id={id}`,
      RECOMMENDATION_SCRIPT_ID: "m7",
      RECOMMENDATION_SCRIPT_URL: `${base}/recs.js?kind=recommendations&id={id}`,
    });
  });

  test.afterAll(async () => {
    shopProcess?.kill("SIGTERM");
    await new Promise((resolve) => scripts?.close(resolve));
  });

  test("load only with their consent, from exactly the origins the policy allows", async ({ page }) => {
    const response = await page.goto(`${shop}/de/`);
    const policy = (await response?.headerValue("content-security-policy")) ?? "";
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[^']+' 'sha256-[^']+' http:\/\/127\.0\.0\.1:3383$/);
    await hydrated(page);
    await page.waitForTimeout(1000);
    expect(served).toEqual([]);

    // Statistics: the tag manager and the A/B tool (whose legal consent the consent store now holds).
    const banner = page.getByRole("dialog");
    await banner.getByRole("button", { name: "Einstellungen" }).click();
    await banner.getByRole("checkbox", { name: /Statistik/ }).check();
    await banner.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect.poll(() => served.slice().sort()).toEqual(["abTesting", "tagManager"]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("ucData") ?? "{}"))).toMatchObject({
      consent: { services: { abTesting: { consent: true } } },
    });

    // Marketing too: the recommendation script.
    await page.getByRole("button", { name: "Cookie-Einstellungen" }).click();
    await banner.getByRole("button", { name: "Alle akzeptieren" }).click();
    await expect.poll(() => served.slice().sort()).toEqual(["abTesting", "recommendations", "tagManager"]);

    // Withdrawn: the page reloads without them.
    served.length = 0;
    await page.getByRole("button", { name: "Cookie-Einstellungen" }).click();
    await banner.getByRole("checkbox", { name: /Statistik/ }).uncheck();
    await banner.getByRole("checkbox", { name: /Marketing/ }).uncheck();
    await banner.getByRole("button", { name: "Auswahl speichern" }).click();
    await page.waitForLoadState("load");
    await hydrated(page);
    await page.waitForTimeout(1000);
    expect(served).toEqual([]);
  });
});
