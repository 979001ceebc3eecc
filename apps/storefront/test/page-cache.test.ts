import { gunzipSync } from "node:zlib";
import { type Db, takeStock, writeContentEntries } from "@vitrine/commerce";
import { searchDb } from "@vitrine/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpBrowser } from "./account-fixtures.ts";
import { findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * The page cache (app/lib/page-cache.server.ts): anonymous visitors get kept pages with their own CSRF token;
 * shoppers with a basket, a wishlist or a session get pages rendered for them; changes show without restart.
 */

let shop: TestShop;
let db: Db;

beforeAll(async () => {
  shop = await startTestShop({ PREVIEW_TOKEN: "test-preview-token" });
  db = openShopDatabase();
});

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

const HOW = "x-vitrine-page-cache";

async function view(browser: TestBrowser, path: string) {
  const response = await browser.fetch(path);
  return { response, how: response.headers.get(HOW), html: await response.text() };
}

/** The CSRF token a page embeds: its forms' hidden field, else the store data. */
function pageTokens(html: string): string[] {
  const fields = [...html.matchAll(/name="csrf" value="([^"]+)"/g)].map((m) => m[1] as string);
  // The store's data in the page's script: an escaped JSON string inside a JSON string.
  const data = [...html.matchAll(/\\"csrfToken\\",\\"([^"\\]+)\\"/g)].map((m) => m[1] as string);
  return [...fields, ...data];
}

describe("page cache", () => {
  it("keeps a listing for anonymous visitors, each answered with their own CSRF token", async () => {
    const path = "/de/c/damen/?sortCriteria=ec_price%20asc";
    const first = shop.browser();
    const second = shop.browser();
    const a = await view(first, path);
    const b = await view(second, path);
    expect(a.response.status).toBe(200);
    expect([a.how, b.how]).toEqual(["miss", "hit"]);
    for (const [browser, page] of [
      [first, a],
      [second, b],
    ] as const) {
      const token = browser.csrfToken() as string;
      expect(token).toMatch(/^[\w-]{32}$/);
      expect(page.html).toContain(token);
      expect(page.html).not.toContain("csrf-placeholder");
      const embedded = pageTokens(page.html);
      expect(embedded.length).toBeGreaterThan(0);
      for (const found of embedded) expect(found).toBe(token);
    }
    expect(first.csrfToken()).not.toBe(second.csrfToken());
    // Apart from the token and the script nonce (new for every answer, named in its Content-Security-Policy),
    // the kept page is the page.
    const nonceOf = (answer: Response) =>
      /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1] as string;
    expect(nonceOf(b.response)).not.toBe(nonceOf(a.response));
    expect(b.html.replaceAll(second.csrfToken() as string, "T").replaceAll(nonceOf(b.response), "N")).toBe(
      a.html.replaceAll(first.csrfToken() as string, "T").replaceAll(nonceOf(a.response), "N"),
    );
    // Every answer sets the visitor's cookies.
    expect(b.response.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual([
      "vitrine_sid",
      "vitrine_csrf",
      "vitrine_store",
    ]);
  });

  it("accepts a form posted with the token of a kept page", async () => {
    const product = /href="(\/de\/p\/[^"]+)"/.exec((await view(shop.browser(), "/de/c/damen/")).html)?.[1] as string;
    await view(shop.browser(), product);
    const browser = shop.browser();
    const page = await view(browser, product);
    expect(page.how).toBe("hit");
    const variantId = /name="variantId" value="(\d+)"/.exec(page.html)?.[1];
    const token = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1] as string;
    const response = await browser.fetch("/de/cart/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", variantId: variantId ?? "", csrf: token }),
    });
    // Without JavaScript the add answers with the basket page (a redirect); a refused token would be 403.
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/de\/cart\/\?added=/);
  });

  it("renders for a shopper with a basket, a wishlist or a session, and keeps none of it", async () => {
    const path = "/de/c/herren/";
    await view(shop.browser(), path);
    expect((await view(shop.browser(), path)).how).toBe("hit");
    const demo = await findDemoVariants(db);

    const withBasket = shop.browser();
    expect((await withBasket.rpc("addItemToBasket", { variantId: demo.inStock[0], quantity: 2 })).status).toBe(200);
    const basketPage = await view(withBasket, path);
    expect(basketPage.how).toBeNull();
    expect(basketPage.html).toContain(`<span class="header-action__count" aria-hidden="true">2</span>`);

    const withWishlist = shop.browser();
    expect((await withWishlist.rpc("addItemToWishlist", { productId: demo.productId })).status).toBe(200);
    expect((await view(withWishlist, path)).how).toBeNull();

    const { browser: signedIn } = await signedUpBrowser(shop);
    const accountPage = await view(signedIn, path);
    expect(accountPage.how).toBeNull();
    expect(accountPage.html).toContain("Lena");

    // Anonymous visitors still get the kept page, without anybody's basket or name.
    const anonymous = await view(shop.browser(), path);
    expect(anonymous.how).toBe("hit");
    expect(anonymous.html).not.toContain("Lena");
  });

  it("never keeps personal pages, data requests, preview pages or errors", async () => {
    for (const path of ["/de/cart/", "/de/wishlist/", "/de/login/", "/de/order-trackform/", "/de/keine-seite/"]) {
      const browser = shop.browser();
      await view(browser, path);
      expect((await view(browser, path)).how, path).toBe("pass");
    }
    const data = await shop.browser().fetch("/de/c/damen/_.data?_routes=routes%2Fcategory");
    expect(data.headers.get(HOW)).toBeNull();
    const preview = shop.browser();
    await preview.fetch("/de/?editor-mode&preview-token=test-preview-token");
    expect((await view(preview, "/de/?editor-mode")).how).toBeNull();
  });

  it("answers gzip compressed when the client takes it", async () => {
    const browser = shop.browser();
    await view(shop.browser(), "/de/s/versand/");
    const response = await browser.fetch("/de/s/versand/", { headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers.get(HOW)).toBe("hit");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(html).toContain(browser.csrfToken() as string);
    expect(html).toMatch(/<\/html>$/);
  });

  it("shows changed content within seconds (every process follows the change log)", async () => {
    const path = "/de/s/impressum/";
    const before = await view(shop.browser(), path);
    expect(before.response.status).toBe(200);
    expect((await view(shop.browser(), path)).how).toBe("hit");
    const entry = await db
      .selectFrom("content_entry")
      .selectAll()
      .where("language", "=", "de")
      .where("slug", "=", "impressum")
      .executeTakeFirstOrThrow();
    const blocks = [{ type: "text", html: "<p>Neu: Cache-Test</p>" }];
    await writeContentEntries(
      { db },
      [
        {
          language: "de",
          slug: "impressum",
          pageType: entry.page_type as "service",
          title: entry.title,
          seoTitle: entry.seo_title,
          seoDescription: entry.seo_description,
          draftBlocks: blocks as never,
          publishedBlocks: blocks as never,
        },
      ],
      new Date(),
    );
    await expect
      .poll(async () => (await view(shop.browser(), path)).html, { timeout: 5000, interval: 200 })
      .toContain("Neu: Cache-Test");
  });

  it("renders a product's page again when the product changes, and keeps the other products' pages", async () => {
    // From two listings, so that the other product is no colour of the changed one (its page shows those too).
    const firstProduct = async (path: string) =>
      /href="(\/de\/p\/[^"?]+)"/.exec((await view(shop.browser(), path)).html)?.[1] as string;
    const changed = await firstProduct("/de/c/herren/");
    const other = await firstProduct("/de/c/damen/");
    const id = Number(/-(\d+)\/$/.exec(changed as string)?.[1]);
    for (const path of [changed, other] as string[]) {
      await view(shop.browser(), path);
      expect((await view(shop.browser(), path)).how).toBe("hit");
    }
    // Sold out everywhere: the last pieces taken as an order takes them (its stock event tells every process).
    await db.updateTable("variant").set({ sellable_without_stock: 0 }).where("product_id", "=", id).execute();
    const variants = await db
      .selectFrom("variant")
      .select(["id", "stock_quantity"])
      .where("product_id", "=", id)
      .execute();
    await db.transaction().execute((trx) =>
      takeStock(
        { db: trx },
        variants.map((v) => ({ variantId: v.id, quantity: v.stock_quantity })),
        new Date(),
      ),
    );
    await expect
      .poll(async () => (await view(shop.browser(), changed as string)).how, { timeout: 5000, interval: 100 })
      .toBe("miss");
    expect((await view(shop.browser(), changed as string)).html).toMatch(/ausverkauft/i);
    expect((await view(shop.browser(), other as string)).how).toBe("hit");
  });

  it("logs a kept search page's search on every visit", async () => {
    const query = "cachetest kleid";
    const count = async () =>
      Number(
        (
          await searchDb(db)
            .selectFrom("search_event")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("type", "=", "search")
            .where("query", "=", query)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const path = `/de/search/?searchTerm=${encodeURIComponent(query)}`;
    expect((await view(shop.browser(), path)).how).toBe("miss");
    expect((await view(shop.browser(), path)).how).toBe("hit");
    expect((await view(shop.browser(), path)).how).toBe("hit");
    await expect.poll(count, { timeout: 5000, interval: 200 }).toBe(3);
  });
});
