import { type Db, listAudit, loadVocabulary, type ProductRecord, writeProductRecords } from "@vitrine/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * Issue 20 over HTTP, against the built storefront: a product with an English name only shows in every store with
 * the English text marked `lang="en"` (the fallback chain), and the vocabulary screen of the back office changes
 * labels that reach the shop's pages through the event feed.
 */

let shop: TestShop;
let db: Db;
const ENGLISH_ONLY = 990_301;

function englishOnly(id: number, categoryId: number): ProductRecord {
  const zone = { currency: "EUR" as const, listPrice: 5995, salePrice: null, reductionCategory: null };
  return {
    type: "product",
    id,
    masterKey: `EN-${id}`,
    referenceKey: `EN-${id}`,
    brand: "Fallback & Co",
    productType: "jacket",
    colorId: "olive",
    pattern: "plain",
    material: ["cotton"],
    fit: null,
    care: ["wash_30"],
    seasonMonth: 3,
    seasonYear: 2026,
    campaign: null,
    arrivalDate: "2020-01-01",
    promotionId: null,
    attributes: {},
    categoryIds: [categoryId],
    translations: {
      en: {
        name: "Waxed field jacket",
        shortDescription: "Waxed cotton",
        description: "A jacket that keeps the rain out.",
        freeTextBadge: null,
      },
    },
    images: [{ assetName: "front", path: "demo/jacket/olive/plain/front.svg" }],
    variants: [
      {
        id: id * 10,
        size: "m",
        ean: null,
        stock: { quantity: 5, isSellableWithoutStock: false },
        deliveryDays: { min: 2, max: 4 },
        prices: { DE: zone, AT: zone, CH: { ...zone, currency: "CHF" } },
      },
    ],
  };
}

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  const leaf = await db
    .selectFrom("category")
    .select("id")
    .where("key", "=", "women-jackets")
    .executeTakeFirstOrThrow();
  await writeProductRecords({ db }, [englishOnly(ENGLISH_ONLY, leaf.id)], new Date());
});

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

/** The page at `path`, following the redirect to its canonical address. */
async function page(path: string): Promise<{ status: number; html: string; url: string }> {
  const browser = shop.browser();
  let response = await browser.fetch(path);
  let url = path;
  while (response.status === 301 || response.status === 302) {
    url = response.headers.get("location") as string;
    response = await browser.fetch(url);
  }
  return { status: response.status, html: await response.text(), url };
}

describe("partial translations", () => {
  it("shows a product with only an English name in every store, the name and texts marked lang=en", async () => {
    for (const prefix of ["de", "at", "ch", "fr-ch", "en"]) {
      const { status, html, url } = await page(`/${prefix}/p/${ENGLISH_ONLY}/`);
      expect(status, `${prefix}: ${url}`).toBe(200);
      expect(url).toBe(`/${prefix}/p/waxed-field-jacket-${ENGLISH_ONLY}/`);
      const h1 = /<h1 class="product__name"([^>]*)>([^<]*)<\/h1>/.exec(html);
      expect(h1?.[2]).toBe("Waxed field jacket");
      if (prefix === "en") expect(h1?.[1]).not.toContain("lang=");
      else {
        expect(h1?.[1]).toContain('lang="en"');
        expect(html).toMatch(/<p class="product__short" lang="en">Waxed cotton<\/p>/);
        expect(html).toMatch(/<p lang="en">A jacket that keeps the rain out\.<\/p>/);
      }
    }
  });

  it("finds it by its English words in the German store's search, the tile's name marked lang=en", async () => {
    const { value: html } = await eventually(async () => {
      const { html } = await page("/de/search/?searchTerm=waxed%20field%20jacket");
      return html.includes("Waxed field jacket") ? html : undefined;
    }, 10_000);
    expect(html).toMatch(/<span class="product-tile__name" lang="en">Waxed field jacket<\/span>/);
  });
});

describe("back-office vocabulary", () => {
  it("lets a merchandiser change a colour's labels: audited, and the shop's pages follow through the event feed", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "merchandiser");
    const screen = await browser.fetch("/admin/vocabulary/?kind=colour");
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(/value="Oliv"/);

    const saved = await browser.submit("/admin/vocabulary/?kind=colour", {
      intent: "save",
      kind: "colour",
      id: "olive",
      label_de: "Moosoliv",
      label_fr: "Olive",
      label_en: "Olive",
      hex: "#6b6b3a",
    });
    expect(saved.status).toBe(200);
    expect((await loadVocabulary({ db })).label("colour", "olive", "de")).toBe("Moosoliv");
    const audit = await listAudit({ db }, { subjectType: "vocabulary.colour" });
    expect(audit.entries[0]).toMatchObject({
      action: "vocabulary.update",
      subjectId: "olive",
      actor: { type: "staff", id: staff.staff.id },
      before: { labels: { de: "Oliv", fr: "Olive", en: "Olive" } },
      after: { labels: { de: "Moosoliv", fr: "Olive", en: "Olive" } },
    });
    // The shop process reloads its vocabulary from the event: the product page shows the new label.
    await eventually(async () => {
      const { html } = await page(`/de/p/${ENGLISH_ONLY}/`);
      return html.includes("Moosoliv") || undefined;
    }, 10_000);

    const refused = await browser.submit("/admin/vocabulary/?kind=colour", {
      intent: "add",
      kind: "colour",
      id: "Bad Id",
      label_en: "Bad",
      hex: "#000000",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Nicht gespeichert: id must be");
  });

  it("keeps a customer-service person out: the screen is for owners and merchandisers", async () => {
    const { browser } = await staffBrowser(shop, db, "customer_service");
    expect((await browser.fetch("/admin/vocabulary/")).status).toBe(403);
    const post = await browser.submit("/admin/vocabulary/", {
      intent: "save",
      kind: "colour",
      id: "olive",
      label_de: "X",
    });
    expect(post.status).toBe(403);
    expect((await loadVocabulary({ db })).label("colour", "olive", "de")).not.toBe("X");
  });
});
