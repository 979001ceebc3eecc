import { join } from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { createDatabase } from "@vitrine/commerce";
import { addRule } from "@vitrine/search";
import { STATISTICS_STATE } from "./consent-state.ts";
import { expectNoSeriousA11yViolations, hydrated } from "./fixtures.ts";

/**
 * Listing and search journeys in Chromium, in `de` and `fr-ch`: a category from the menu, filters (brand, size,
 * an excluded colour, a price range), sort, page 2, reload and back (the URL holds the state); the same filter flow
 * without JavaScript; search with a typo, a suggestion of the search box, a redirect trigger. The redirect rule
 * is written into the running shop's database with the search package's `addRule` (the shop's search service
 * picks merchandising changes up within a second), as the CLI would.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const SHOTS = "test-results/listing";

interface StoreTexts {
  store: "de" | "fr-ch";
  nav: string;
  women: string;
  brand: string;
  size: string;
  colour: string;
  price: string;
  from: string;
  to: string;
  apply: string;
  sortPriceAsc: string;
  without: (label: string) => string;
  items: RegExp;
  typo: string;
  resultsFor: string;
  page2: string;
  box: string;
  prefix: string;
}

const STORES: StoreTexts[] = [
  {
    store: "de",
    nav: "Kategorien",
    women: "Damen",
    brand: "Marke",
    size: "Größe",
    colour: "Farbe",
    price: "Preis",
    from: "Von",
    to: "Bis",
    apply: "Anwenden",
    sortPriceAsc: "Preis aufsteigend",
    without: (label) => `Ohne ${label}`,
    items: /^(\d+) Artikel$/,
    typo: "pulover",
    resultsFor: "Ergebnisse für",
    page2: "Seite 2",
    box: "Suche",
    prefix: "kle",
  },
  {
    store: "fr-ch",
    nav: "Catégories",
    women: "Femmes",
    brand: "Marque",
    size: "Taille",
    colour: "Couleur",
    price: "Prix",
    from: "De",
    to: "À",
    apply: "Appliquer",
    sortPriceAsc: "Prix croissant",
    without: (label) => `Sans ${label}`,
    items: /^(\d+) articles?$/,
    typo: "pantalom",
    resultsFor: "Résultats pour",
    page2: "Page 2",
    box: "Recherche",
    prefix: "rob",
  },
];

/** The facet's disclosure by its name. */
const facet = (page: Page, name: string): Locator =>
  page.locator("details.facet").filter({ has: page.locator("summary", { hasText: new RegExp(`^${name}$`) }) });

async function itemCount(page: Page, texts: StoreTexts): Promise<number> {
  const text = (await page.locator(".listing__count").textContent())?.replace(/\u202f|\u00a0|'/g, "") ?? "";
  return Number(texts.items.exec(text.trim())?.[1] ?? Number.NaN);
}

/** Runs an action and waits until the listing shows a new answer of the search service. */
async function nextAnswer(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = (await page.locator(".listing").getAttribute("data-response-id")) ?? "";
  await action();
  await expect(page.locator(".listing")).not.toHaveAttribute("data-response-id", before);
}

/** Follows a link (a client navigation or a page load) and waits for the listing at its URL. */
async function follow(page: Page, link: Locator, url: RegExp): Promise<void> {
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(url);
  await nextAnswer(page, () => Promise.all([page.waitForURL((u) => u.pathname + u.search === href), link.click()]));
}

/** "1.234,95 €", "CHF 49.95" → cents. */
function cents(text: string): number {
  const digits = text.replace(/[^\d,.]/g, "").replace(/[.,](?=\d{3}\b)/g, "");
  return Math.round(Number(digits.replace(",", ".")) * 100);
}

interface FlowResult {
  brands: string[];
  sizes: string[];
  colour: string;
  to: number;
}

/**
 * Category from the menu → brands and sizes → exclude a colour → price range → sort by price → page 2. Works the
 * same with and without JavaScript (links, GET forms); only how the sort form is sent differs.
 */
async function filterFlow(page: Page, texts: StoreTexts, javaScript: boolean): Promise<FlowResult> {
  await page.goto(`/${texts.store}/`);
  await page.getByRole("navigation", { name: texts.nav }).getByRole("link", { name: texts.women, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${texts.store}/c/[a-z]+/$`));
  await expect(page.locator("h1")).toHaveText(texts.women);
  const all = await itemCount(page, texts);
  expect(all).toBeGreaterThan(100);

  // "Show more" brings the brand facet's other values and "show less" its first ones again, on the same page.
  const brandFacet = facet(page, texts.brand);
  const brandValues = brandFacet.locator(".facet__body > .facet__values > .facet-value");
  await expect(brandValues).toHaveCount(8);
  await follow(page, brandFacet.locator("a.facet__more"), /\?more=ec_brand$/);
  expect(await brandValues.count()).toBeGreaterThan(8);
  expect(await itemCount(page, texts)).toBe(all);
  await follow(page, brandFacet.locator("a.facet__more"), /\/c\/[a-z]+\/$/);
  await expect(brandValues).toHaveCount(8);

  // Brands: the four largest (selected brands add up).
  const brands: string[] = [];
  for (let i = 0; i < 4; i++) {
    const value = facet(page, texts.brand).locator(".facet-value.is-idle .facet-value__link").first();
    brands.push((await value.locator(".facet-value__label").textContent()) ?? "");
    await follow(page, value, /f-ec_brand=/);
  }
  const afterBrands = await itemCount(page, texts);
  expect(afterBrands).toBeLessThan(all);
  for (const tile of await page.locator(".listing__grid .product-tile__brand").allTextContents()) {
    expect(brands).toContain(tile);
  }

  // Sizes M and L.
  const sizes = ["M", "L"];
  for (const size of sizes) {
    const value = facet(page, texts.size)
      .locator(".facet-value__link")
      .filter({
        has: page.locator(".facet-value__label", { hasText: new RegExp(`^${size}$`) }),
      });
    await follow(page, value, /f-size=/);
  }
  const afterSizes = await itemCount(page, texts);
  expect(afterSizes).toBeLessThan(afterBrands);

  // Exclude the colour with the fewest products of those shown before "show more".
  const colourValue = facet(page, texts.colour).locator(".facet__body > .facet__values > .facet-value").last();
  const colour = (await colourValue.locator(".facet-value__label").textContent()) ?? "";
  await follow(page, colourValue.locator(".facet-value__exclude"), /fExcluded-ec_color=/);
  await expect(facet(page, texts.colour).locator(".facet-value.is-excluded .facet-value__label")).toHaveText(colour);
  const active = await page
    .locator(".listing__grid .product-tile__swatch.is-active")
    .evaluateAll((links) => links.map((a) => a.getAttribute("title")));
  expect(active).not.toContain(colour);

  // A price range: from the lowest price to 80 % of the way to the highest.
  const priceFacet = facet(page, texts.price);
  const fromInput = priceFacet.getByRole("spinbutton", { name: new RegExp(`^${texts.from}`) });
  const toInput = priceFacet.getByRole("spinbutton", { name: new RegExp(`^${texts.to}`) });
  const min = Number(await fromInput.getAttribute("min"));
  const max = Number(await fromInput.getAttribute("max"));
  const to = Math.round(min + (max - min) * 0.8);
  await fromInput.fill(String(min));
  await toInput.fill(String(to));
  await nextAnswer(page, () =>
    Promise.all([page.waitForURL(/mnf-ec_price=/), priceFacet.getByRole("button", { name: texts.apply }).click()]),
  );
  await expect(page).toHaveURL(new RegExp(`mnf-ec_price=${min}\\.\\.\\.${to}`));

  // Sort by price, lowest first.
  const sort = page.locator("#sort");
  if (javaScript) {
    await nextAnswer(page, () =>
      Promise.all([page.waitForURL(/sortCriteria=ec_price%20asc/), sort.selectOption({ label: texts.sortPriceAsc })]),
    );
  } else {
    await sort.selectOption({ label: texts.sortPriceAsc });
    await nextAnswer(page, () =>
      Promise.all([page.waitForURL(/sortCriteria=ec_price/), page.locator(".sort__apply").click()]),
    );
  }
  const prices = (await page.locator(".listing__grid .product-tile__current").allTextContents()).map(cents);
  expect(prices.length).toBeGreaterThan(0);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  for (const price of prices) expect(price).toBeLessThanOrEqual(to * 100);

  // Page 2 (the URL's page is zero-based: page=1).
  expect(await itemCount(page, texts)).toBeGreaterThan(24);
  await follow(
    page,
    page.locator(".pagination").getByRole("link", { name: texts.page2, exact: true }),
    /[?&]page=1(&|$)/,
  );
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText("2");
  return { brands, sizes, colour, to };
}

/** Everything the flow set is shown again: selected values, the excluded colour, the price chip, sort and page. */
async function expectFlowState(page: Page, texts: StoreTexts, result: FlowResult, pageNumber: string | null) {
  const chips = await page.locator(".chip").allTextContents();
  for (const label of [...result.brands, ...result.sizes, texts.without(result.colour)]) {
    expect(chips).toContain(label);
  }
  expect(chips.some((c) => c.includes("–"))).toBe(true);
  for (const brand of result.brands) {
    await expect(
      facet(page, texts.brand).locator(".facet-value.is-selected .facet-value__label", { hasText: brand }),
    ).toHaveCount(1);
  }
  await expect(page.locator("#sort")).toHaveValue("ec_price asc");
  if (pageNumber) await expect(page.locator('.pagination [aria-current="page"]')).toHaveText(pageNumber);
  else await expect(page.locator('.pagination [aria-current="page"]')).toHaveText("1");
}

for (const texts of STORES) {
  test(`${texts.store}: filter, sort, page 2, reload and back (JavaScript)`, async ({ page }) => {
    // The product click at the end is reported only with statistics consent.
    await page.context().addCookies(STATISTICS_STATE.cookies);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const result = await filterFlow(page, texts, true);
    const url = page.url();
    await expectFlowState(page, texts, result, "2");

    await page.reload();
    expect(page.url()).toBe(url);
    await expectFlowState(page, texts, result, "2");

    await page.goBack();
    await expect(page).not.toHaveURL(/page=1/);
    await expect(page).toHaveURL(/sortCriteria=ec_price%20asc/);
    await expectFlowState(page, texts, result, null);

    // Load more appends the next page below the first.
    const before = await page.locator(".listing__grid > li").count();
    await page.locator(".listing__load-more").click();
    await expect.poll(() => page.locator(".listing__grid > li").count()).toBeGreaterThan(before);
    await expect(page).not.toHaveURL(/page=1/);

    // Following a product reports a product click to the search service's events.
    const tile = page.locator(".listing__grid .product-tile__link").first();
    const productId = Number(/-(\d+)\/$/.exec((await tile.getAttribute("href")) ?? "")?.[1]);
    const event = page.waitForResponse((r) => r.url().includes("/api/search/events/v1"));
    await tile.click();
    const response = await event;
    expect(response.status()).toBe(202);
    await expect(page).toHaveURL(/\/p\//);
    const db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
    try {
      const clicks = () =>
        db
          .selectFrom("search_event")
          .select("response_id")
          .where("type", "=", "ec.productClick")
          .where("product_id", "=", productId)
          .execute();
      await expect.poll(async () => (await clicks()).length).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
    expect(errors).toEqual([]);
  });

  test(`${texts.store}: the same filter flow without JavaScript`, async ({ browser }) => {
    const context = await (browser as Browser).newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const result = await filterFlow(page, texts, false);
    await expectFlowState(page, texts, result, "2");
    await page.reload();
    await expectFlowState(page, texts, result, "2");
    await page.goBack();
    await expectFlowState(page, texts, result, null);
    await context.close();
  });

  test(`${texts.store}: search with a typo, pick a suggestion`, async ({ page }) => {
    await page.goto(`/${texts.store}/`);
    const box = page.getByRole("combobox", { name: texts.box });
    await box.fill(texts.typo);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/${texts.store}/search/\\?searchTerm=${texts.typo}`));
    await expect(page.locator("h1")).toContainText(texts.resultsFor);
    await expect(page.locator(".listing__grid .product-tile").first()).toBeVisible();

    // Suggestions: typing shows a listbox; arrow keys move the active option, Enter picks it.
    await box.fill("");
    await box.pressSequentially(texts.prefix, { delay: 60 });
    const listbox = page.getByRole("listbox");
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const first = listbox.getByRole("option").first();
    const suggestion = ((await first.textContent()) ?? "").trim();
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    await box.press("Enter");
    await expect(page).toHaveURL(
      new RegExp(`searchTerm=${encodeURIComponent(suggestion).replace(/%20/g, "(%20|\\+)")}`),
    );
    await expect(page.locator(".listing__grid .product-tile").first()).toBeVisible();

    // The search is now a recent query, shown when the field is empty; Delete removes it.
    await box.fill("");
    await box.focus();
    await expect(listbox.getByRole("option", { name: suggestion.toLowerCase(), exact: true })).toBeVisible();
    await box.press("ArrowDown");
    await box.press("Delete");
    await expect(page.getByRole("option", { name: suggestion.toLowerCase(), exact: true })).toHaveCount(0);
  });
}

test("a redirect trigger sends the search box straight to its target", async ({ page }) => {
  const db = createDatabase({ url: join(process.cwd(), `test-results/e2e-data-${port}/vitrine.sqlite`) });
  try {
    const added = await addRule(
      db,
      { kind: "redirect", store: "de", query: "gutschein", content: "/c/sale/" },
      new Date(),
    );
    expect(added.ok).toBe(true);
  } finally {
    await db.destroy();
  }
  await page.goto("/de/");
  // The search service reloads merchandising rules within a second of the change.
  await expect
    .poll(async () => (await page.request.get("/de/search/suggest/?plan=1&q=Gutschein")).json())
    .toEqual({ redirect: "/de/c/sale/" });
  const box = page.getByRole("combobox", { name: "Suche" });
  await box.fill("Gutschein");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/de\/c\/sale\/$/);
  // Without JavaScript the search page itself follows the trigger.
  const response = await page.request.get("/de/search/?searchTerm=gutschein", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/de/c/sale/");
});

test("a tile's second view is fetched when a mouse first rests on the tile, not before", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") asked.push(new URL(request.url()).pathname);
  });
  await page.goto("/de/c/damen/");
  await hydrated(page);
  const tile = page.locator(".listing__grid .product-tile").first();
  await expect(tile.locator(".product-tile__image--hover")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  const before = [...asked];

  await tile.hover();
  const hover = tile.locator(".product-tile__image--hover");
  await expect(hover).toHaveJSProperty("complete", true);
  const second = new URL((await hover.evaluate((img: HTMLImageElement) => img.currentSrc)) as string).pathname;
  expect(asked).toContain(second);
  expect(before, "the second view was not fetched before the hover").not.toContain(second);
  expect(await hover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(hover).toHaveCSS("opacity", "1");
  // Only that tile's: the others still have none.
  await expect(page.locator(".listing__grid .product-tile__image--hover")).toHaveCount(1);
});

test("no serious accessibility violations on a listing and a search page; screenshots", async ({ page }) => {
  // Four axe-core runs over full listing pages and four screenshots: 59.5 s in one CI run, over 60 s in the next.
  test.setTimeout(150_000);
  for (const [name, path] of [
    ["listing", "/de/c/damen/?f-ec_brand=Nordlicht&fExcluded-ec_color=Schwarz"],
    ["search", "/fr-ch/search/?searchTerm=robe"],
    ["search-empty", "/de/search/?searchTerm=xqzvbnmwk"],
  ] as const) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    }
  }
  await page.goto("/de/c/damen/");
  await page.locator(".listing__filter-button").click();
  await expect(page.locator("#filters")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/drawer-375.png` });
  await page.locator(".listing__show-results").click();
  await expect(page.locator("#filters")).toBeHidden();
});

test("hydration (Preact in the browser) keeps the server's head: every stylesheet, no element twice, no script run again", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const key = (rel: string | null, hreflang: string | null, href: string | null) => `${rel} ${hreflang ?? ""} ${href}`;
  // A listing: its first images get React's image preloads in the server's head, which Preact must not mistake
  // for the stylesheets after them.
  const html = await (await page.request.get("/de/c/damen/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
  const served = [...head.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => ({
      rel: attribute(tag, "rel"),
      hreflang: attribute(tag, "hrefLang"),
      href: attribute(tag, "href"),
    }))
    .filter(({ rel }) => rel === "stylesheet" || rel === "canonical" || rel === "alternate")
    .map(({ rel, hreflang, href }) => key(rel, hreflang, href?.replaceAll("&amp;", "&") ?? null));
  expect(served.filter((link) => link.startsWith("stylesheet")).length).toBeGreaterThanOrEqual(2);
  expect(head).toContain('rel="preload" as="image"');

  await page.goto("/de/c/damen/");
  await hydrated(page);
  await expect(page.locator(".listing__filter-button")).toHaveAttribute("aria-expanded", "false");
  const kept = await page.evaluate(() =>
    [...document.head.querySelectorAll("link")].map((link) => [
      link.getAttribute("rel"),
      link.getAttribute("hreflang"),
      link.getAttribute("href"),
    ]),
  );
  const keptKeys = kept.map(([rel, hreflang, href]) => key(rel ?? null, hreflang ?? null, href ?? null));
  // Loading code later adds its stylesheets by full address; the server's (relative) stay, once each.
  for (const link of served) expect(keptKeys.filter((other) => other === link)).toHaveLength(1);
  // The facet tools load after hydration and ask for the root's sheet (vite.config.ts rootStyleOnce): it is in
  // the page already, and not added again (which would style the whole page again).
  await expect(page.locator(".price-range__slider").first()).toBeAttached();
  const rootSheet = served.find((link) => link.startsWith("stylesheet") && link.includes("/assets/entry-"));
  expect(rootSheet).toBeDefined();
  const rootPath = new URL((rootSheet as string).split(" ").at(-1) as string, "http://shop").pathname;
  const rootCopies = await page.evaluate(
    (path) =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].filter(
        (link) => new URL((link as HTMLLinkElement).href).pathname === path,
      ).length,
    rootPath,
  );
  expect(rootCopies).toBe(1);
  expect(await page.locator("body > .shop-layout").count()).toBe(1);
  expect(await page.locator("html > head").count()).toBe(1);
  // The styles apply: on a desktop the filters are a column beside the results, on a phone a closed drawer.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator("#filters")).toHaveCSS("display", "block");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator("#filters")).toHaveCSS("display", "none");
  expect(problems).toEqual([]);
});

test("the first hydration goes in parts and keeps every element of the server's page; the last part to hydrate works after it", async ({
  page,
}) => {
  // The parts stay in place in the server's HTML: React's streaming render moves none of them out of place (a
  // template where the part would be, the part later in a hidden element). The router's data comes after them.
  const html = await (await page.request.get("/de/c/damen/")).text();
  const beforeData = html.slice(html.indexOf("<body"), html.indexOf("</footer>"));
  expect(beforeData).toContain('class="listing__grid"');
  expect(beforeData).toContain('class="facets"');
  expect(beforeData).not.toContain("<template");
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removed: string[] }).removed = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (
            node instanceof Element &&
            record.target instanceof Element &&
            record.target.closest("header, main, footer")
          )
            removed.push(`${node.tagName}.${node.className}`);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/de/c/damen/");
  await hydrated(page);
  // Hydration took the server's elements of the header, the page and the footer: none was thrown away (and
  // rendered anew).
  expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([]);
  // The last tile is the last part to hydrate: its heart saves the product without leaving the page.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const heart = page.locator(".listing__grid > li").last().locator(".tile-heart");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // A facet's value link filters in place.
  await page.locator(".facet--values .facet-value__link").first().click();
  await expect(page).toHaveURL(/\?/);
  await expect(page.locator(".chips")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
