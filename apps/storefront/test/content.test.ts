import { addRedirect, createDatabase, type Db, writeContentEntries } from "@vitrine/commerce";
import { SERVICE_PAGES } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "./shop-client.ts";

const PREVIEW_TOKEN = "test-preview-token";

let shop: TestShop;
/** A second connection to the shop's database, to write content the way `vitrine content import` does. */
let db: Db;

beforeAll(async () => {
  shop = await startTestShop({ PREVIEW_TOKEN });
  db = createDatabase({
    url: process.env.DATABASE_URL || undefined,
    ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
  });
});

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

const blocksOf = (html: string) => [...html.matchAll(/data-block="([a-z_]+)"/g)].map((m) => m[1]);

describe("home page", () => {
  const HOMES = [
    { store: "de", lang: "de-DE", title: "Die neue Saison ist da", slider: "Neu eingetroffen", currency: "€" },
    { store: "fr-ch", lang: "fr-CH", title: "La nouvelle saison est arrivée", slider: "Nouveautés", currency: "CHF" },
    { store: "en", lang: "en-GB", title: "The new season is here", slider: "New in", currency: "€" },
  ];
  for (const home of HOMES) {
    it(`/${home.store}/ shows its blocks in its language`, async () => {
      const response = await shop.browser().fetch(`/${home.store}/`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`lang="${home.lang}"`);
      expect(blocksOf(html)).toEqual([
        "banner",
        "category_teaser",
        "product_slider",
        "story",
        "product_slider",
        "call_to_action",
      ]);
      expect(html).toContain(home.title);
      expect(html).toContain(home.slider);
      expect(html).toContain(home.currency);
      expect(html.match(/class="product-tile[ "]/g)?.length).toBeGreaterThanOrEqual(12);
      // The hero is the only picture fetched eagerly, with high priority; the rest load lazily.
      expect(html.match(/fetchpriority="high"/gi)).toHaveLength(1);
      expect(html.match(/loading="eager"/g)).toHaveLength(1);
      expect(html).toMatch(/loading="lazy"/);
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=/);
    });
  }

  it("uses the store's language and its prices: the Austrian store shows the German home in its zone", async () => {
    const html = await (await shop.browser().fetch("/at/")).text();
    expect(html).toContain("Die neue Saison ist da");
    expect(html).toContain('href="/at/c/new/"');
  });

  it("has the entry's description", async () => {
    const html = await (await shop.browser().fetch("/en/")).text();
    expect(html).toMatch(/<meta name="description" content="Women’s, men’s and kids’ fashion/);
  });
});

describe("service and content pages", () => {
  for (const page of SERVICE_PAGES) {
    it(`${page.key} exists in three languages`, async () => {
      for (const [store, language] of [
        ["de", "de"],
        ["fr-ch", "fr"],
        ["en", "en"],
      ] as const) {
        const response = await shop.browser().fetch(`/${store}/s/${page.slugs[language]}/`);
        expect(response.status, `${store} ${page.slugs[language]}`).toBe(200);
        const html = await response.text();
        const title = page.titles[language].replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
        expect(html).toContain(`<h1 class="content-page__title">${title}</h1>`);
        expect(html).toMatch(new RegExp(`<title>${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
      }
    });
  }

  it("shows the size guide's charts and answers", async () => {
    const html = await (await shop.browser().fetch("/de/s/groessentabelle/")).text();
    expect(blocksOf(html)).toEqual(["text", "size_chart", "size_chart", "size_chart", "accordion"]);
    expect(html).toContain("Fußlänge (cm)");
    expect(html).toContain('href="/de/s/ruecksendung/"');
  });

  it("answers an unknown service page with the invalid-page 404", async () => {
    const response = await shop.browser().fetch("/de/s/gibt-es-nicht/");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("invalid_page");
    expect(html).toContain("/de/s/gibt-es-nicht/");
  });

  it("shows content pages (and service pages by their slug) on the catch-all route", async () => {
    const content = await shop.browser().fetch("/de/nachhaltigkeit/");
    expect(content.status).toBe(200);
    const html = await content.text();
    expect(blocksOf(html)).toEqual(["banner", "text", "grid", "image_slider", "grid", "product_slider", "accordion"]);
    expect(html).toContain('<h1 class="content-page__title">Nachhaltigkeit</h1>');
    const help = await (await shop.browser().fetch("/fr-ch/aide/")).text();
    expect(blocksOf(help)).toEqual(["text", "footer_columns", "call_to_action"]);
    expect(help).toContain('href="/fr-ch/s/livraison/"');
    const service = await shop.browser().fetch("/en/returns/");
    expect(service.status).toBe(200);
    expect(await service.text()).toContain("Returns &amp; exchanges");
  });

  it("falls through to the redirect lookup and then the 404 for other paths", async () => {
    await addRedirect(
      { db },
      { sourcePath: "/alte-aktion/", target: "/s/versand/", storeCode: "de", statusCode: 301 },
      new Date(),
    );
    const redirected = await shop.browser().fetch("/de/alte-aktion/?x=1");
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get("location")).toBe("/de/s/versand/?x=1");
    const missing = await shop.browser().fetch("/de/gibt/es/nicht/");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("unknown_route");
    // A content page of another language does not answer here.
    expect((await shop.browser().fetch("/de/sustainability/")).status).toBe(404);
  });
});

describe("preview mode", () => {
  const PUBLISHED = "Veröffentlichter Text";
  const DRAFT = "Entwurf für morgen";

  beforeAll(async () => {
    await writeContentEntries(
      { db },
      [
        {
          language: "de",
          slug: "aktion",
          pageType: "service",
          title: "Aktion",
          seoTitle: "",
          seoDescription: "",
          draftBlocks: [{ type: "text", html: `<p>${DRAFT}</p>` }],
          publishedBlocks: [{ type: "text", html: `<p>${PUBLISHED}</p>` }],
        },
        {
          language: "de",
          slug: "magazin/herbst",
          pageType: "content",
          title: "Herbst",
          seoTitle: "",
          seoDescription: "",
          draftBlocks: [{ type: "text", html: "<p>Noch geheim</p>" }],
          publishedBlocks: null,
        },
      ],
      new Date(),
    );
  });

  it("shows published blocks without the editor-mode parameter", async () => {
    const response = await shop.browser().fetch("/de/s/aktion/");
    const html = await response.text();
    expect(html).toContain(PUBLISHED);
    expect(html).not.toContain(DRAFT);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=/);
    // Without a description of its own, a page is described by its first text.
    expect(html).toContain(`<meta name="description" content="${PUBLISHED}"/>`);
  });

  it("ignores the editor-mode parameter without a valid token", async () => {
    const browser = shop.browser();
    for (const path of ["/de/s/aktion/?editor-mode", "/de/s/aktion/?editor-mode&preview-token=wrong-token"]) {
      const response = await browser.fetch(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(PUBLISHED);
      expect(html).not.toContain(DRAFT);
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=/);
      expect(browser.cookies.has("vitrine_preview")).toBe(false);
    }
    expect((await browser.fetch("/de/magazin/herbst/?editor-mode")).status).toBe(404);
    // A made-up cookie does not open preview either.
    browser.cookies.set("vitrine_preview", "forged");
    expect(await (await browser.fetch("/de/s/aktion/?editor-mode")).text()).not.toContain(DRAFT);
  });

  it("refuses every preview token from an address after 10 tries in 15 minutes, the right one too", async () => {
    const browser = shop.browser();
    const from = { "x-vitrine-client-address": "203.0.113.199" };
    for (let i = 0; i < 10; i++) {
      const guess = await browser.fetch(`/de/s/aktion/?editor-mode&preview-token=guess-${i}`, { headers: from });
      expect(guess.status, `guess ${i + 1}`).toBe(200);
    }
    const limited = await browser.fetch(`/de/s/aktion/?editor-mode&preview-token=${PREVIEW_TOKEN}`, { headers: from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(browser.cookies.has("vitrine_preview")).toBe(false);
    // Another address is not affected.
    const other = await browser.fetch(`/de/s/aktion/?editor-mode&preview-token=${PREVIEW_TOKEN}`, {
      headers: { "x-vitrine-client-address": "203.0.113.200" },
    });
    expect(other.status).toBe(302);
  });

  it("shows drafts, never cached, with the token; then remembers it for 8 hours", async () => {
    const browser = shop.browser();
    const entered = await browser.fetch(`/de/s/aktion/?editor-mode&preview-token=${PREVIEW_TOKEN}`);
    // The token leaves the address at once; an HttpOnly session cookie carries it from now on.
    expect(entered.status).toBe(302);
    expect(entered.headers.get("location")).toBe("/de/s/aktion/?editor-mode=");
    const cookie = entered.headers.getSetCookie().find((c) => c.startsWith("vitrine_preview="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=28800/);
    expect(cookie).not.toContain(PREVIEW_TOKEN);

    const preview = await browser.fetch("/de/s/aktion/?editor-mode=");
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    const html = await preview.text();
    expect(html).toContain(DRAFT);
    expect(html).not.toContain(PUBLISHED);
    expect(html).toContain('class="content-preview"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');

    // Never-published pages and the home page's drafts show in preview too.
    const unpublished = await browser.fetch("/de/magazin/herbst/?editor-mode");
    expect(unpublished.status).toBe(200);
    expect(await unpublished.text()).toContain("Noch geheim");
    const home = await browser.fetch("/de/?editor-mode");
    expect(home.headers.get("cache-control")).toBe("no-store");
    expect(await home.text()).toContain('class="content-preview"');

    // The cookie alone does nothing: preview needs the parameter on every page.
    const plain = await browser.fetch("/de/s/aktion/");
    expect(await plain.text()).toContain(PUBLISHED);
    expect(plain.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=/);
  });

  // Content pages are shared (public); the HTTP caches drop them when the event feed shows the change (purge by tag,
  // two-processes.test.ts and varnish.test.ts): published content shows within about a second.
  it("shows a newly published version within seconds", async () => {
    await writeContentEntries(
      { db },
      [
        {
          language: "de",
          slug: "aktion",
          pageType: "service",
          title: "Aktion",
          seoTitle: "",
          seoDescription: "",
          draftBlocks: [{ type: "text", html: `<p>${DRAFT}</p>` }],
          publishedBlocks: [{ type: "text", html: `<p>${DRAFT}</p>` }],
        },
      ],
      new Date(Date.now() + 1000),
    );
    await expect
      .poll(async () => (await shop.browser().fetch("/de/s/aktion/")).text(), { timeout: 3000, interval: 100 })
      .toContain(DRAFT);
  });
});
