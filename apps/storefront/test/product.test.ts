import { type Db, loadOutfitRecords, type ProductRecord, writeProductRecords } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * The product page and the outfit pages over HTTP, against the built storefront: canonical redirects, the two
 * kinds of 404, sizes and prices as rendered, the basket and wishlist forms, structured data and meta tags.
 */

let shop: TestShop;
let db: Db;

/** Test products written into the shop's catalogue (ids far above the demo catalogue's). */
const PRODUCT_ID = 990_001;
const SOLD_OUT_ID = 990_002;

const zone = (currency: "EUR" | "CHF", listPrice: number, salePrice: number | null) => ({
  currency,
  listPrice,
  salePrice,
  reductionCategory: salePrice === null ? null : "sale",
});

function testProduct(id: number, categoryId: number, variants: ProductRecord["variants"]): ProductRecord {
  return {
    type: "product",
    id,
    masterKey: `TEST-${id}`,
    referenceKey: `VT-${id}`,
    brand: "Prüfstand",
    productType: "dress",
    colorId: "navy",
    pattern: "plain",
    material: ["cotton", "elastane"],
    fit: "regular",
    care: ["wash_30", "no_bleach"],
    seasonMonth: 3,
    seasonYear: 2026,
    campaign: null,
    arrivalDate: "2020-01-01",
    promotionId: null,
    attributes: {},
    categoryIds: [categoryId],
    translations: {
      de: {
        name: "Kleid (Test) aus Baumwolle!",
        shortDescription: "Baumwolle · Regular Fit",
        description: "Ein Kleid für Tests.",
        freeTextBadge: "Nachhaltig",
      },
      fr: {
        name: "Robe (test) en coton",
        shortDescription: "Coton",
        description: "Une robe de test.",
        freeTextBadge: null,
      },
      en: {
        name: "Cotton test dress",
        shortDescription: "Cotton",
        description: "A dress for tests.",
        freeTextBadge: null,
      },
    },
    images: (["front", "fa", "d1"] as const).map((assetName) => ({
      assetName,
      path: `demo/dress/navy/plain/${assetName}.svg`,
    })),
    variants,
  };
}

/** Sold in Germany and Austria only (no CH price), sizes stored out of order. */
const variants = (id: number, soldOut: boolean): ProductRecord["variants"] =>
  [
    { size: "xl", quantity: 0, withoutStock: !soldOut },
    { size: "s", quantity: soldOut ? 0 : 2, withoutStock: false },
    { size: "2xs", quantity: 0, withoutStock: false },
    { size: "m", quantity: soldOut ? 0 : 25, withoutStock: false },
  ].map((v, i) => ({
    id: id * 10 + i,
    size: v.size,
    ean: null,
    stock: { quantity: v.quantity, isSellableWithoutStock: v.withoutStock },
    deliveryDays: v.withoutStock ? { min: 14, max: 21 } : { min: 2, max: 4 },
    prices: { DE: zone("EUR", 7995, 5595), AT: zone("EUR", 7995, 5595) },
  }));

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  const leaf = await db
    .selectFrom("category")
    .select("id")
    .where("key", "=", "women-dresses")
    .executeTakeFirstOrThrow();
  await writeProductRecords(
    { db },
    [
      testProduct(PRODUCT_ID, leaf.id, variants(PRODUCT_ID, false)),
      testProduct(SOLD_OUT_ID, leaf.id, variants(SOLD_OUT_ID, true)),
    ],
    new Date(),
  );
});

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

const CANONICAL = `/de/p/kleid-test-aus-baumwolle-${PRODUCT_ID}/`;

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await shop.browser().fetch(path);
  return { status: response.status, html: await response.text() };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse((m[1] as string).replace(/\\u003c/g, "<")),
  );
}

/** The first element's opening tag (attributes in any order) matching a class or attribute snippet. */
function tagWith(html: string, tag: string, snippet: string): string {
  const found = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))]
    .map((m) => m[0])
    .find((t) => t.includes(snippet));
  return found ?? "";
}

/** The whole element from its opening tag to the matching close (no nesting of the same tag inside). */
function elementWith(html: string, tag: string, snippet: string): string {
  const open = tagWith(html, tag, snippet);
  const start = open ? html.indexOf(open) : -1;
  return start === -1 ? "" : html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}

function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("product address", () => {
  it("redirects an id-only or outdated address permanently to the canonical one, keeping the query", async () => {
    for (const path of [`/de/p/${PRODUCT_ID}/?utm_source=mail`, `/de/p/altes-kleid-${PRODUCT_ID}/?utm_source=mail`]) {
      const response = await shop.browser().fetch(path);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`${CANONICAL}?utm_source=mail`);
    }
  });

  it("answers client navigations (the router's data requests) at the canonical path without redirecting", async () => {
    const data = await shop.browser().fetch(`${CANONICAL}_.data?_routes=routes%2Fproduct`);
    expect(data.status).toBe(200);
    const outdated = await shop.browser().fetch(`/de/p/altes-kleid-${PRODUCT_ID}/_.data?_routes=routes%2Fproduct`);
    const body = await outdated.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain(`"${CANONICAL}"`);
  });

  it("applies the slug rule to the name: special characters removed, lower case", async () => {
    const { status } = await page(CANONICAL);
    expect(status).toBe(200);
  });

  it("answers an unknown id with 404 'Page Not Found: {path}'", async () => {
    const { status, html } = await page("/en/p/no-such-dress-99999999/");
    expect(status).toBe(404);
    expect(textOf(html)).toContain("Page Not Found: /en/p/no-such-dress-99999999/");
  });

  it("answers an address without an id with the same 404", async () => {
    const { status, html } = await page("/en/p/just-a-name/");
    expect(status).toBe(404);
    expect(textOf(html)).toContain("Page Not Found: /en/p/just-a-name/");
  });

  it("answers 404 in a store that does not sell the product", async () => {
    expect((await page(`/ch/p/kleid-test-aus-baumwolle-${PRODUCT_ID}/`)).status).toBe(404);
    expect((await page(`/at/p/kleid-test-aus-baumwolle-${PRODUCT_ID}/`)).status).toBe(200);
  });
});

describe("product page", () => {
  let html: string;
  let text: string;
  beforeAll(async () => {
    html = (await page(CANONICAL)).html;
    text = textOf(html);
  });

  it("shows brand, name, badges and the reduced price with the old one struck through", () => {
    expect(html).toMatch(/<h1 class="product__name">Kleid \(Test\) aus Baumwolle!<\/h1>/);
    expect(text).toContain("Prüfstand");
    expect(text).toContain("Nachhaltig");
    expect(html).toMatch(/<s class="price__original">.*79,95\s€<\/s>/);
    expect(text).toContain("55,95 €");
    expect(text).toContain("−30 %");
  });

  it("lists the sizes in size order, sold-out ones disabled, low stock and later delivery marked", () => {
    const sizes = [...html.matchAll(/<span class="size__label">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(sizes).toEqual(["2XS", "S", "M", "XL"]);
    const radios = [...html.matchAll(/<input class="size__input"[^>]*>/g)].map((m) => m[0]);
    expect(radios).toHaveLength(4);
    expect(radios[0]).toContain(`value="${PRODUCT_ID * 10 + 2}"`);
    expect(radios[0]).toContain("disabled");
    expect(radios.slice(1).every((r) => !r.includes("disabled"))).toBe(true);
    expect(radios.every((r) => r.includes('name="variantId"') && r.includes("required"))).toBe(true);
    expect(text).toContain("nur noch 2");
    expect(text).toMatch(/XL Lieferung ab \S+ \d+\. \S+/);
  });

  it("shows the delivery range over the sizes that can be bought", () => {
    expect(text).toMatch(/Lieferung zwischen .+ und .+/);
  });

  it("posts to the basket (intent=add) and, from the heart, to the wishlist (intent=toggle) without JavaScript", () => {
    const form = elementWith(html, "form", 'class="purchase"');
    expect(tagWith(form, "form", "purchase")).toContain('action="/de/cart/"');
    expect(tagWith(form, "form", "purchase")).toContain('method="post"');
    // No token in the page (it is the same for every shopper): the server checks where the form came from.
    expect(form).not.toContain('name="csrf"');
    expect(form).toContain('name="quantity" value="1"');
    const add = tagWith(form, "button", 'value="add"');
    expect(add).toContain('name="intent"');
    expect(add).toContain('type="submit"');
    const heart = tagWith(form, "button", 'value="toggle"');
    expect(heart).toContain('name="intent"');
    expect(heart.toLowerCase()).toContain('formaction="/de/wishlist/"');
  });

  it("shows description, material, care symbols, size chart and delivery and returns", () => {
    expect(text).toContain("Ein Kleid für Tests.");
    expect(text).toContain("Baumwolle, Elasthan");
    expect(text).toContain("Maschinenwäsche 30 °C");
    expect(html).toContain('class="size-chart"');
    expect(text).toContain("Deutsche Größe");
    expect(text).toContain("30 Tagen");
    expect(text).toContain("Standardversand");
  });

  it("sends the detail sections as HTML in a client navigation's data too", async () => {
    const data = await (await shop.browser().fetch(`${CANONICAL}_.data?_routes=routes%2Fproduct`)).text();
    for (const expected of ["Maschinenwäsche 30 °C", "Deutsche Größe", "size-chart", "Standardversand"]) {
      expect(data).toContain(expected);
    }
    expect(html).toMatch(/<div class="product-details"><details class="product-details__section" open="">/);
  });

  it("carries Product structured data with an offer per size: price, currency, availability", () => {
    const product = jsonLd(html).find((d) => d["@type"] === "Product") as {
      name: string;
      brand: { name: string };
      offers: { sku: string; price: string; priceCurrency: string; availability: string }[];
    };
    expect(product.name).toBe("Kleid (Test) aus Baumwolle!");
    expect(product.brand.name).toBe("Prüfstand");
    expect(
      product.offers.map((o) => [o.price, o.priceCurrency, o.availability.replace("https://schema.org/", "")]),
    ).toEqual([
      ["55.95", "EUR", "OutOfStock"],
      ["55.95", "EUR", "InStock"],
      ["55.95", "EUR", "InStock"],
      ["55.95", "EUR", "BackOrder"],
    ]);
    expect(jsonLd(html).some((d) => d["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("has a title, a description and an absolute og:image", () => {
    expect(html).toContain("<title>Prüfstand Kleid (Test) aus Baumwolle! | Vitrine</title>");
    expect(html).toMatch(/<meta name="description" content="Baumwolle · Regular Fit"\/>/);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/[^"]+\/images\/demo\/dress\/navy\/plain\/front\.svg"\/>/,
    );
  });

  it("is readable without JavaScript: the gallery pictures and thumbnails are plain links", () => {
    expect(html).toMatch(/<li id="image-front" class="gallery__slide"><a href="[^"]+front\.svg"/);
    expect(html).toContain('href="#image-fa"');
    expect(html).toContain('href="#image-d1"');
  });
});

describe("without JavaScript", () => {
  it("adds the chosen size to the basket through the basket page's form", async () => {
    const browser = shop.browser();
    await browser.fetch(CANONICAL);
    const response = await browser.submit("/de/cart/", {
      intent: "add",
      variantId: String(PRODUCT_ID * 10 + 3),
      quantity: "1",
      productId: String(PRODUCT_ID),
      redirectTo: CANONICAL,
    });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toMatch(/^\/de\/cart\/\?added=/);
    const basket = await (await browser.rpc("getBasket", {})).json();
    expect(basket.items.map((i: { variant: { id: number } }) => i.variant.id)).toEqual([PRODUCT_ID * 10 + 3]);
  });

  it("toggles the wishlist from the heart; the shared product page never shows one shopper's heart", async () => {
    const browser = shop.browser();
    await browser.fetch(CANONICAL);
    const response = await browser.submit("/de/wishlist/", {
      intent: "toggle",
      productId: String(PRODUCT_ID),
      variantId: "",
      redirectTo: CANONICAL,
    });
    expect(response.status).toBeLessThan(400);
    // The wishlist holds it (the page every shopper shares shows the heart pressed only with JavaScript, from the
    // shopper's own data).
    const wishlist = await (await browser.fetch("/de/wishlist/")).text();
    expect(wishlist).toContain(CANONICAL);
    const page = await browser.fetch(CANONICAL);
    expect(page.headers.get("cache-control")).toMatch(/^public, /);
    expect(tagWith(await page.text(), "button", 'value="toggle"')).toContain('aria-pressed="false"');
  });
});

describe("sold-out product", () => {
  it("says so, refuses the basket and offers nothing in structured data", async () => {
    const { status, html } = await page(`/de/p/kleid-test-aus-baumwolle-${SOLD_OUT_ID}/`);
    expect(status).toBe(200);
    expect(textOf(html)).toContain("Dieser Artikel ist in allen Größen ausverkauft.");
    const add = elementWith(html, "button", 'value="add"');
    expect(add).toContain('disabled=""');
    expect(add).toMatch(/>Ausverkauft<\/span><\/button>$/);
    const radios = [...html.matchAll(/<input class="size__input"[^>]*>/g)].map((m) => m[0]);
    expect(radios.every((r) => r.includes("disabled"))).toBe(true);
    const product = jsonLd(html).find((d) => d["@type"] === "Product") as { offers: { availability: string }[] };
    expect(new Set(product.offers.map((o) => o.availability))).toEqual(new Set(["https://schema.org/OutOfStock"]));
  });
});

describe("recommendations", () => {
  it("shows the search service's similar and complete-the-look slots as sliders of product tiles", async () => {
    const location = (await shop.browser().fetch("/de/p/1001/")).headers.get("location") ?? "";
    const { html } = await page(location);
    for (const slot of ["similar", "complete-the-look"]) {
      const section = elementWith(html, "section", `data-slot="${slot}"`);
      expect(section, slot).not.toBe("");
      const links = [...section.matchAll(/href="(\/de\/p\/[^"]+)"/g)].map((m) => m[1]);
      expect(links.length, slot).toBeGreaterThan(0);
      expect(links, slot).not.toContain(location);
    }
  });
});

describe("demo product in another store", () => {
  it("shows the French name and Swiss francs in the fr-ch store", async () => {
    const response = await shop.browser().fetch("/fr-ch/p/1001/");
    expect(response.status).toBe(301);
    const location = response.headers.get("location") ?? "";
    const { status, html } = await page(location);
    expect(status).toBe(200);
    const product = jsonLd(html).find((d) => d["@type"] === "Product") as { offers: { priceCurrency: string }[] };
    expect(product.offers[0]?.priceCurrency).toBe("CHF");
    expect(html).toContain('lang="fr-CH"');
    expect(textOf(html)).toMatch(/\d+\.\d{2}\sCHF/);
  });
});

describe("outfits", () => {
  it("redirects to the outfit's canonical address and lists its pieces with a size choice each", async () => {
    const [outfit] = await loadOutfitRecords({ db });
    if (!outfit) throw new Error("the demo catalogue has no outfits");
    const redirect = await shop.browser().fetch(`/de/p/shop-the-look/${outfit.id}/?ref=home`);
    expect(redirect.status).toBe(301);
    const location = redirect.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`^/de/p/shop-the-look/[a-z0-9-]+-${outfit.id}/\\?ref=home$`));
    const { status, html } = await page(location);
    expect(status).toBe(200);
    expect(html).toContain(`<h1 class="outfit-page__title">${outfit.names.de}</h1>`);
    const form = elementWith(html, "form", 'class="outfit__form"');
    // The look's own action adds all pieces in one call (no `action`: the form posts to the page itself).
    expect(tagWith(form, "form", "outfit__form")).toContain('method="post"');
    expect(tagWith(form, "form", "outfit__form")).not.toContain("action=");
    expect(tagWith(form, "button", 'value="add-many"')).toContain('name="intent"');
    const selects = [...form.matchAll(/<select [^>]*name="variantId"/g)];
    const soldOut = (form.match(/outfit-piece__sold-out/g) ?? []).length;
    expect(selects.length + soldOut).toBe(outfit.productIds.length);
    expect(textOf(html)).toMatch(/Gesamt \d+,\d{2}\s€/);
  });

  it("adds every chosen size in one call without JavaScript, and asks for sizes when none came", async () => {
    const [outfit] = await loadOutfitRecords({ db });
    if (!outfit) throw new Error("the demo catalogue has no outfits");
    const browser = shop.browser();
    const location = (await browser.fetch(`/de/p/shop-the-look/${outfit.id}/`)).headers.get("location") ?? "";
    const html = await (await browser.fetch(location)).text();
    const variantIds = [...html.matchAll(/<select [^>]*name="variantId"[^>]*>([\s\S]*?)<\/select>/g)].map(
      (m) => /<option value="(\d+)"(?: selected="")?>/.exec(m[1] as string)?.[1] as string,
    );
    expect(variantIds.length).toBeGreaterThan(1);
    const added = await browser.submit(location, { intent: "add-many", variantId: variantIds });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toMatch(/^\/de\/cart\/\?added=[^&]+&continue=/);
    const basket = await (await browser.rpc("getBasket", {})).json();
    expect(basket.items).toHaveLength(variantIds.length);

    const none = await browser.submit(location, { intent: "add-many", variantId: ["", ""] });
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain("Bitte wähle eine Größe.");
  });

  it("answers an unknown outfit with 404", async () => {
    const { status, html } = await page("/en/p/shop-the-look/no-look-999999/");
    expect(status).toBe(404);
    expect(textOf(html)).toContain("Page Not Found: /en/p/shop-the-look/no-look-999999/");
  });

  it("lists every look on /c/outfits/ with a link to its page, and filters by gender", async () => {
    const outfits = await loadOutfitRecords({ db });
    const { status, html } = await page("/de/c/outfits/");
    expect(status).toBe(200);
    const links = new Set([...html.matchAll(/href="(\/de\/p\/shop-the-look\/[^"]+)"/g)].map((m) => m[1]));
    expect(links.size).toBe(outfits.length);
    const men = await page("/de/c/outfits/?gender=men");
    const menLinks = new Set([...men.html.matchAll(/href="(\/de\/p\/shop-the-look\/[^"]+)"/g)].map((m) => m[1]));
    expect(menLinks.size).toBe(outfits.filter((o) => o.gender === "men").length);
  });
});
