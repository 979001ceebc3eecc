import { createDatabase, type Db } from "@vitrine/commerce";
import { addRule } from "@vitrine/search";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Listing and search pages over HTTP, as a browser without JavaScript sees them: server-rendered products, facets
 * as links, the URL state, canonical category paths, triggers and the search box's JSON answers.
 */
let shop: TestShop;
let browser: TestBrowser;
let db: Db;

beforeAll(async () => {
  shop = await startTestShop();
  browser = shop.browser();
  db = createDatabase({
    url: process.env.DATABASE_URL || undefined,
    ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
  });
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

async function page(path: string) {
  const response = await browser.fetch(path);
  expect(response.status, path).toBe(200);
  return new JSDOM(await response.text()).window.document;
}

const texts = (doc: Document, selector: string) =>
  [...doc.querySelectorAll(selector)].map((e) => (e.textContent ?? "").trim());
/** "1.234,95 €" / "CHF 49.95" → cents. */
const cents = (text: string) =>
  Math.round(
    Number(
      text
        .replace(/[^\d,.]/g, "")
        .replace(/\.(?=\d{3}\b)/g, "")
        .replace(",", "."),
    ) * 100,
  );
/** Text with no-break spaces (money formatting) as plain spaces. */
const plain = (text: string | undefined) => (text ?? "").replace(/\u00a0/g, " ");
const count = (doc: Document) => Number((doc.querySelector(".listing__count")?.textContent ?? "").replace(/\D/g, ""));
/** The facet value link of a facet (by its title) and value text. */
function facetValue(doc: Document, facet: string, value?: string) {
  const details = [...doc.querySelectorAll("details.facet")].find(
    (d) => d.querySelector(".facet__name")?.textContent === facet,
  );
  const values = [...(details?.querySelectorAll(".facet-value") ?? [])];
  const li = value ? values.find((v) => v.querySelector(".facet-value__label")?.textContent === value) : values[0];
  return {
    label: li?.querySelector(".facet-value__label")?.textContent ?? "",
    href: li?.querySelector(".facet-value__link")?.getAttribute("href") ?? "",
    excludeHref: li?.querySelector(".facet-value__exclude")?.getAttribute("href") ?? "",
    state: li?.className.replace("facet-value is-", "") ?? "",
  };
}

describe("category listing", () => {
  it("renders tiles, count, breadcrumbs, title, description, facets and sort, server-side", async () => {
    const doc = await page("/de/c/damen/bekleidung/kleider/");
    expect(doc.querySelector("h1")?.textContent).toBe("Kleider");
    expect(texts(doc, ".breadcrumbs a")).toEqual(["Damen", "Bekleidung", "Kleider"]);
    const tiles = doc.querySelectorAll(".listing__grid .product-tile");
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(24);
    expect(count(doc)).toBeGreaterThanOrEqual(tiles.length);
    const first = tiles[0] as Element;
    expect(first.querySelector(".product-tile__image")?.getAttribute("src")).toContain("/front.svg");
    // The second view is drawn in the browser when a mouse first enters the tile (e2e/listing.spec.ts).
    expect(first.querySelector(".product-tile__image--hover")).toBeNull();
    expect(first.querySelector(".product-tile__link")?.getAttribute("href")).toMatch(/^\/de\/p\/.+-\d+\/$/);
    expect(texts(doc, ".facet__name")).toEqual(
      expect.arrayContaining(["Kategorie", "Marke", "Farbe", "Größe", "Preis"]),
    );
    expect(texts(doc, ".sort__select option")).toEqual([
      "Empfehlung",
      "Preis aufsteigend",
      "Preis absteigend",
      "Neueste zuerst",
    ]);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("shows reduced prices by the discounted-price rule with the old price struck through and a sale badge", async () => {
    const doc = await page("/de/c/sale/");
    const tile = doc.querySelector(".listing__grid .product-tile") as Element;
    const now = cents(tile.querySelector(".product-tile__current")?.textContent ?? "");
    const old = cents(tile.querySelector(".product-tile__old")?.textContent ?? "");
    expect(now).toBeGreaterThan(0);
    expect(old).toBeGreaterThan(now);
    const badge = tile.querySelector(".product-tile__badge--sale")?.textContent ?? "";
    expect(badge).toMatch(/\d+/);
    expect(Number(badge.replace(/\D/g, ""))).toBe(Math.round(((old - now) / old) * 100));
  });

  it("shows colour swatches of the siblings and marks the shown colour", async () => {
    const doc = await page("/de/c/damen/");
    const withSwatches = [...doc.querySelectorAll(".product-tile")].find((t) =>
      t.querySelector(".product-tile__swatches"),
    );
    expect(withSwatches).toBeDefined();
    const swatches = withSwatches?.querySelectorAll(".product-tile__swatch") ?? [];
    expect(swatches.length).toBeGreaterThan(1);
    expect(withSwatches?.querySelectorAll(".product-tile__swatch.is-active")).toHaveLength(1);
  });

  it("redirects a slug with -digits and a shortened path to the canonical path, keeping the query", async () => {
    const digits = await browser.fetch("/de/c/damen-123/?sortCriteria=ec_price%20asc");
    expect(digits.status).toBe(301);
    expect(digits.headers.get("location")).toBe("/de/c/damen/?sortCriteria=ec_price%20asc");
    const short = await browser.fetch("/de/c/blusen/?page=1");
    expect(short.status).toBe(301);
    expect(short.headers.get("location")).toBe("/de/c/damen/bekleidung/blusen/?page=1");
  });

  it("answers an unknown category with the invalid-page 404", async () => {
    const response = await browser.fetch("/de/c/gibt-es-nicht/");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("/de/c/gibt-es-nicht/");
  });

  it("serves the sale in fr-ch as /c/soldes/ and the new arrivals at /c/new/", async () => {
    const soldes = await page("/fr-ch/c/soldes/");
    expect(soldes.querySelector("h1")?.textContent).toBe("Soldes");
    expect(soldes.querySelectorAll(".product-tile").length).toBeGreaterThan(0);
    const fresh = await page("/de/c/new/");
    expect(fresh.querySelector("h1")?.textContent).toBe("Neu");
    const badges = [...fresh.querySelectorAll(".listing__grid .product-tile")].map(
      (t) => !!t.querySelector(".product-tile__badge--new"),
    );
    expect(badges.length).toBeGreaterThan(0);
    expect(badges.every(Boolean)).toBe(true);
  });

  it("filters by a brand link, then excludes a colour, with chips for both and links that undo them", async () => {
    const start = await page("/de/c/damen/");
    const brand = facetValue(start, "Marke");
    expect(brand.href).toMatch(/^\/de\/c\/damen\/\?f-ec_brand=/);
    const filtered = await page(brand.href);
    const brands = texts(filtered, ".listing__grid .product-tile__brand");
    expect(brands.length).toBeGreaterThan(0);
    expect(new Set(brands)).toEqual(new Set([brand.label]));
    expect(facetValue(filtered, "Marke", brand.label).state).toBe("selected");

    // Exclude the colour the first multi-colour tile shows: no tile shows it afterwards.
    const shown = filtered.querySelector(".listing__grid .product-tile__swatch.is-active")?.getAttribute("title") ?? "";
    const colour = facetValue(filtered, "Farbe", shown);
    expect(colour.excludeHref).toContain("fExcluded-ec_color=");
    const excluded = await page(colour.excludeHref);
    expect(facetValue(excluded, "Farbe", colour.label).state).toBe("excluded");
    const active = [...excluded.querySelectorAll(".listing__grid .product-tile__swatch.is-active")].map((a) =>
      a.getAttribute("title"),
    );
    expect(active).not.toContain(colour.label);
    expect(new Set(texts(excluded, ".listing__grid .product-tile__brand"))).toEqual(new Set([brand.label]));
    const chips = texts(excluded, ".chip");
    expect(chips).toEqual([brand.label, `Ohne ${colour.label}`]);
    // Removing the brand chip keeps the excluded colour.
    const brandChip = excluded.querySelector(".chip")?.getAttribute("href") ?? "";
    expect(brandChip).not.toContain("f-ec_brand");
    expect(brandChip).toContain("fExcluded-ec_color");
    expect(excluded.querySelector(".chips__clear")?.getAttribute("href")).toBe("/de/c/damen/");
    expect(excluded.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, follow");
  });

  it("selects several values of a facet (values with spaces survive the router's re-encoding)", async () => {
    const doc = await page("/de/c/damen/?f-ec_brand=Hafen%2017,Rive%20Gauche");
    expect(texts(doc, ".chip").sort()).toEqual(["Hafen 17", "Rive Gauche"]);
    expect(new Set(texts(doc, ".listing__grid .product-tile__brand"))).toEqual(new Set(["Hafen 17", "Rive Gauche"]));
  });

  it("shows a long facet's first values and links to the page with all of them ('show more', 'show less')", async () => {
    const facetNamed = (doc: Document, name: string) =>
      [...doc.querySelectorAll("details.facet")].find((d) => d.querySelector(".facet__name")?.textContent === name);
    const valuesOf = (facet: Element | undefined) => [
      ...(facet?.querySelectorAll(":scope > .facet__body > .facet__values > .facet-value") ?? []),
    ];
    const start = await page("/de/c/damen/");
    const brands = facetNamed(start, "Marke");
    expect(valuesOf(brands)).toHaveLength(8);
    const more = brands?.querySelector("a.facet__more");
    expect(more?.textContent).toMatch(/^\d+ weitere? anzeigen \(Marke\)$/);
    const hiddenCount = Number(/^\d+/.exec(more?.textContent ?? "")?.[0]);
    expect(more?.getAttribute("href")).toBe("/de/c/damen/?more=ec_brand");

    const all = await page(more?.getAttribute("href") as string);
    const expanded = facetNamed(all, "Marke");
    const everyValue = valuesOf(expanded);
    expect(everyValue).toHaveLength(8 + hiddenCount);
    expect(expanded?.hasAttribute("open")).toBe(true);
    expect(expanded?.querySelector("a.facet__more")?.getAttribute("href")).toBe("/de/c/damen/");
    expect(expanded?.querySelector("a.facet__more")?.textContent).toBe("Weniger anzeigen (Marke)");
    // Other facets still show their first values; a page with every value is the same page (no noindex).
    expect(valuesOf(facetNamed(all, "Farbe")).length).toBeLessThanOrEqual(8);
    expect(all.querySelector('meta[name="robots"]')).toBeNull();

    // The values behind "show more" were neither rendered nor sent with the first page.
    const hidden = everyValue[everyValue.length - 1]?.querySelector(".facet-value__link")?.getAttribute("href");
    const hiddenLabel = everyValue[everyValue.length - 1]?.querySelector(".facet-value__label")?.textContent;
    expect(hidden).toBe(`/de/c/damen/?f-ec_brand=${encodeURIComponent(hiddenLabel as string)}&more=ec_brand`);
    const firstHtml = await (await browser.fetch("/de/c/damen/")).text();
    expect(firstHtml).not.toContain(`f-ec_brand=${encodeURIComponent(hiddenLabel as string)}`);

    // Selecting it keeps every value shown, the selected one first; "show less" keeps it among the first 8.
    const filtered = await page(hidden as string);
    const chosen = valuesOf(facetNamed(filtered, "Marke"));
    expect(chosen).toHaveLength(8 + hiddenCount);
    expect(chosen[0]?.querySelector(".facet-value__label")?.textContent).toBe(hiddenLabel);
    expect(chosen[0]?.className).toBe("facet-value is-selected");
    const less = facetNamed(filtered, "Marke")?.querySelector("a.facet__more")?.getAttribute("href");
    const fewer = await page(less as string);
    const first = valuesOf(facetNamed(fewer, "Marke"));
    expect(first).toHaveLength(8);
    expect(first[0]?.querySelector(".facet-value__label")?.textContent).toBe(hiddenLabel);
    expect(first[0]?.className).toBe("facet-value is-selected");
  });

  it("ignores 'show more' for facets the page does not list as values", async () => {
    const doc = await page("/de/c/damen/?more=ec_price,unknown_facet,ec_brand");
    const brands = [...doc.querySelectorAll("details.facet")].find(
      (d) => d.querySelector(".facet__name")?.textContent === "Marke",
    );
    expect(brands?.querySelector("a.facet__more")?.getAttribute("href")).toBe("/de/c/damen/");
  });

  it("answers the client's data requests for a category without redirecting them", async () => {
    const response = await browser.fetch("/de/c/damen/_.data?f-ec_brand=Hafen%2017");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Hafen 17");
  });

  it("sorts by price up and down", async () => {
    const up = await page("/de/c/damen/?sortCriteria=ec_price%20asc");
    const prices = texts(up, ".listing__grid .product-tile__current").map(cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await page("/de/c/damen/?sortCriteria=ec_price+desc");
    const high = texts(down, ".listing__grid .product-tile__current").map(cents);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect((down.querySelector(".sort__select option[selected]") as HTMLOptionElement | null)?.textContent).toBe(
      "Preis absteigend",
    );
  });

  it("a price range from the plain form becomes mnf and filters by price", async () => {
    const response = await browser.fetch("/de/c/damen/?from-ec_price=20&to-ec_price=60&sortCriteria=ec_price+asc");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/de/c/damen/?mnf-ec_price=20...60&sortCriteria=ec_price%20asc");
    const doc = await page(response.headers.get("location") as string);
    const prices = texts(doc, ".listing__grid .product-tile__current").map(cents);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(2000);
      expect(price).toBeLessThanOrEqual(6000);
    }
    expect(plain(texts(doc, ".chip")[0])).toBe("20,00 € – 60,00 €");
  });

  it("offers the arrival windows in the store's words, as links that stay valid, and filters by one", async () => {
    const labels: Record<string, [string, string, string]> = {
      "/de/c/damen/": ["Neu eingetroffen", "Letzte 7 Tage", "Letzte 30 Tage"],
      "/fr-ch/c/femmes/": ["Nouveautés", "7 derniers jours", "30 derniers jours"],
      "/en/c/women/": ["New arrivals", "Last 7 days", "Last 30 days"],
    };
    for (const [path, [facet, week, month]] of Object.entries(labels)) {
      const doc = await page(path);
      const byWeek = facetValue(doc, facet, week);
      const byMonth = facetValue(doc, facet, month);
      expect(byMonth.href, path).toBe(`${path}?df-new_arrivals=past-30-day...now`);
      expect(byWeek.state).toBe("idle");
      // No time of day in the page: the same page all day (a shared cache keeps one copy).
      expect(doc.documentElement.outerHTML, path).not.toMatch(/\d{4}\/\d{2}\/\d{2}@\d{2}:\d{2}/);
      const filtered = await page(byMonth.href);
      expect(facetValue(filtered, facet, month).state).toBe("selected");
      const monthCount = Number(
        [...doc.querySelectorAll("details.facet .facet-value")]
          .find((v) => v.querySelector(".facet-value__label")?.textContent === month)
          ?.querySelector(".facet-value__count")?.textContent,
      );
      expect(monthCount).toBeGreaterThan(0);
      expect(count(filtered)).toBe(monthCount);
    }
  });

  it("pages: page=1 is the second page, with previous and next links", async () => {
    const first = await page("/de/c/damen/");
    const second = await page("/de/c/damen/?page=1");
    const a = texts(first, ".product-tile__link");
    const b = texts(second, ".product-tile__link");
    expect(b.length).toBeGreaterThan(0);
    expect(b.filter((name) => a.includes(name)).length).toBeLessThan(b.length);
    expect(second.querySelector('.pagination [aria-current="page"]')?.textContent).toBe("2");
    expect(second.querySelector(".pagination__step[rel=prev]")?.getAttribute("href")).toBe("/de/c/damen/");
    expect(second.querySelector(".pagination__step[rel=next]")?.getAttribute("href")).toBe("/de/c/damen/?page=2");
    expect(second.querySelector(".listing__load-more")?.getAttribute("href")).toBe("/de/c/damen/?page=2");
  });

  it("the category tree links to child category pages and keeps the filters", async () => {
    const doc = await page("/de/c/damen/?f-ec_brand=Nordlicht");
    const links = [...doc.querySelectorAll(".facet-tree__link")].map((a) => a.getAttribute("href"));
    expect(links).toContain("/de/c/damen/bekleidung/?f-ec_brand=Nordlicht");
  });

  it("ignores unknown facets and invalid values instead of failing", async () => {
    const doc = await page("/de/c/damen/?f-nope=1&nf-ec_brand=1..2&nf-ec_price=9..1&page=-3&perPage=0");
    expect(doc.querySelectorAll(".product-tile").length).toBeGreaterThan(0);
  });
});

describe("search page", () => {
  it("finds products for a query and writes q into its links", async () => {
    const doc = await page("/de/search/?searchTerm=kleid");
    expect(doc.querySelector("h1")?.textContent).toBe("Ergebnisse für „kleid“");
    expect(doc.querySelectorAll(".product-tile").length).toBeGreaterThan(0);
    expect(facetValue(doc, "Marke").href).toMatch(/^\/de\/search\/\?q=kleid&f-ec_brand=/);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, follow");
  });

  it("finds products despite a typo", async () => {
    const typo = await page("/de/search/?searchTerm=pulover");
    expect(typo.querySelectorAll(".product-tile").length).toBeGreaterThan(0);
  });

  it("searches the did-you-mean correction when the query finds nothing, and says so", async () => {
    const doc = await page("/de/search/?searchTerm=pulovver");
    expect(doc.querySelectorAll(".product-tile").length).toBeGreaterThan(0);
    expect(doc.querySelector(".search-page__correction")?.textContent).toBe(
      "Meintest du „pullover“? Wir zeigen Ergebnisse für „pullover“ statt für „pulovver“.",
    );
    expect(facetValue(doc, "Marke").href).toContain("q=pullover");
  });

  it("shows suggestions and recommendations when nothing is found", async () => {
    const doc = await page("/de/search/?searchTerm=xqzvbnmwk");
    expect(doc.querySelector("h1")?.textContent).toBe("Keine Ergebnisse für „xqzvbnmwk“");
    expect(doc.querySelectorAll(".product-tile").length).toBe(0 + doc.querySelectorAll(".reco .product-tile").length);
    expect(doc.querySelectorAll(".reco .product-tile").length).toBeGreaterThan(0);
    expect(doc.querySelector(".reco__title")?.textContent).toBe("Gerade beliebt");
  });

  it("follows redirect triggers, shows notify triggers and searches rewritten queries", async () => {
    const now = new Date();
    expect((await addRule(db, { kind: "redirect", query: "versand", content: "/s/versand/" }, now)).ok).toBe(true);
    expect((await addRule(db, { kind: "notify", query: "jeans", content: "Jetzt neu: Denim-Wochen!" }, now)).ok).toBe(
      true,
    );
    expect((await addRule(db, { kind: "query", query: "hoodie", content: "sweatshirt" }, now)).ok).toBe(true);
    // The search service follows catalogue changes within a second.
    let redirect: Response | undefined;
    for (let i = 0; i < 40; i++) {
      redirect = await browser.fetch("/de/search/?searchTerm=Versand");
      if (redirect.status === 302) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("location")).toBe("/de/s/versand/");
    const plan = await (await browser.fetch("/de/search/suggest/?plan=1&q=versand")).json();
    expect(plan).toEqual({ redirect: "/de/s/versand/" });
    // A search page kept by the shop's HTTP cache is purged when its process's purger sees the change (it checks
    // every 100 ms), which may come a moment after the search service applied the rules.
    await expect
      .poll(async () => (await page("/de/search/?searchTerm=jeans")).querySelector(".notice")?.textContent, {
        timeout: 4000,
        interval: 100,
      })
      .toBe("Jetzt neu: Denim-Wochen!");
    await expect
      .poll(async () => (await page("/de/search/?searchTerm=hoodie")).querySelector("h1")?.textContent, {
        timeout: 4000,
        interval: 100,
      })
      .toBe("Ergebnisse für „sweatshirt“");
  });
});

describe("search box answers", () => {
  it("suggests queries, instant products with picture and price, and categories with filters and searchTerm", async () => {
    const response = await browser.fetch("/de/search/suggest/?q=kleid");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      completions: { text: string }[];
      products: { href: string; image?: string; price: string }[];
      categories: { label: string; href: string }[];
      total: number;
    };
    expect(body.completions.length).toBeGreaterThan(0);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products[0]?.href).toMatch(/^\/p\/.+-\d+\/$/);
    expect(body.products[0]?.image).toContain("/images/");
    expect(body.products[0]?.price).toMatch(/€/);
    expect(body.categories[0]?.label).toMatch(/ › Kleider$/);
    expect(body.categories[0]?.href).toMatch(/^\/c\/[a-z/]+\/kleider\/\?searchTerm=kleid$/);
    expect(body.total).toBeGreaterThan(0);
  });

  it("a brand in the query becomes the category suggestion's filter", async () => {
    const body = (await (await browser.fetch("/de/search/suggest/?q=Nordlicht")).json()) as {
      categories: { href: string }[];
    };
    expect(body.categories.length).toBeGreaterThan(0);
    const href = body.categories[0]?.href ?? "";
    expect(href).toMatch(/^\/c\/[a-z/]+\/\?filters\[ec_brand\]=Nordlicht$/);
    const doc = await page(`/de${href}`);
    expect(new Set(texts(doc, ".listing__grid .product-tile__brand"))).toEqual(new Set(["Nordlicht"]));
    // With a search term too, the category page searches within the category.
    const within = await page(`/de${href}&searchTerm=kleid`);
    expect(within.querySelector(".listing-page__query")?.textContent).toContain("„kleid“");
  });

  it("searches a facet's values within the page's products, as links of that page", async () => {
    const url = "/de/search/suggest/?facet=ec_brand&facetQuery=*nord*&page=%2Fde%2Fc%2Fdamen%2F%3Fsize%3DM";
    const body = (await (await browser.fetch(url)).json()) as { values: { label: string; href: string }[] };
    expect(body.values.map((v) => v.label)).toEqual(["Nordlicht"]);
    expect(body.values[0]?.href).toBe("/de/c/damen/?f-ec_brand=Nordlicht");
  });
});
