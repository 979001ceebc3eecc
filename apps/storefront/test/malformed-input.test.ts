import type { Db } from "@vitrine/commerce";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpBrowser } from "./account-fixtures.ts";
import { type DemoVariants, findDemoVariants, openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Input a browser or a script can send that is malformed or hostile: each answers 4xx in the specification's
 * wording (or the shop's own pages), never 500, on SQLite and PostgreSQL.
 */
let shop: TestShop;
let db: Db;
let demo: DemoVariants;

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
  demo = await findDemoVariants(db);
});
afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

interface Problem {
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
}

/** The RPC channel with a raw body: documents too deep for JSON.stringify in the test itself. */
async function rawRpc(browser: TestBrowser, method: string, body: string): Promise<Response> {
  await browser.rpc("getBasket", {});
  return browser.fetch(`/api/rpc/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-shop-id": "10028" },
    body,
  });
}

async function problem(response: Response, status = 400): Promise<Problem> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Problem;
}

describe("URLs", () => {
  it("read facet ids named like Object.prototype members as facet ids, in every map", async () => {
    const browser = shop.browser();
    for (const name of ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"]) {
      for (const query of [
        `f-${name}=1`,
        `fExcluded-${name}=1`,
        `cf-${name}=1`,
        `nf-${name}=1..2`,
        `df-${name}=now..now`,
      ]) {
        const response = await browser.fetch(`/de/c/damen/?${query}`);
        expect(response.status, query).toBe(200);
      }
    }
  });

  it("look facet ids from the URL up by own keys only (facet values of the search box)", async () => {
    const page = encodeURIComponent("/de/c/damen/?f-ec_brand=Vela&f-bogus=1");
    const response = await shop.browser().fetch(`/de/search/suggest/?facet=constructor&page=${page}`);
    expect(response.status).toBe(200);
  });

  it("leave control characters out of queries and facet values instead of failing", async () => {
    const browser = shop.browser();
    for (const path of [
      "/de/search/?q=man%00tel",
      "/de/search/suggest/?q=man%00tel",
      "/de/c/damen/?f-ec_brand=Ve%00la",
    ]) {
      expect((await browser.fetch(path)).status, path).toBe(200);
    }
    const search = await (await browser.fetch("/de/search/?q=man%00tel")).text();
    expect(search).toContain('value="mantel"');
  });

  it("answer 404 with the shop's page to malformed percent-encoding", async () => {
    const browser = shop.browser();
    for (const path of ["/de/c/%E0%A4%A/", "/de/c/damen/%E0%A4%A/", "/de/s/%E0%A4%A/", "/de/%E0%A4%A/"]) {
      const response = await browser.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
    }
  });

  it("answer 404 to control characters in a page's path", async () => {
    const browser = shop.browser();
    for (const path of ["/de/s/a%00/", "/de/c/a%00/", "/de/p/a%00-1/"]) {
      expect((await browser.fetch(path)).status, path).toBe(404);
    }
  });

  it("answer 404 to product ids beyond the database's integer range", async () => {
    const browser = shop.browser();
    for (const id of ["2147483648", "99999999999999999999", "0"]) {
      expect((await browser.fetch(`/de/p/x-${id}/`)).status, id).toBe(404);
    }
  });

  it("answer a page beyond the last with the last page, its previous link one before it", async () => {
    const browser = shop.browser();
    const doc = async (path: string) => {
      const response = await browser.fetch(path);
      expect(response.status, path).toBe(200);
      return new JSDOM(await response.text()).window.document;
    };
    const beyond = await doc("/de/c/herren/?page=99");
    const current = Number(beyond.querySelector('.pagination [aria-current="page"]')?.textContent);
    expect(current).toBeGreaterThan(1);
    expect(current).toBeLessThan(99);
    expect(beyond.querySelectorAll(".listing__grid .product-tile").length).toBeGreaterThan(0);
    expect(beyond.querySelector(".pagination__step[rel=next]")).toBeNull();
    expect(beyond.querySelector(".pagination__step[rel=prev]")?.getAttribute("href")).toBe(
      current - 2 === 0 ? "/de/c/herren/" : `/de/c/herren/?page=${current - 2}`,
    );
    const last = await doc(`/de/c/herren/?page=${current - 1}`);
    const names = (d: Document) => [...d.querySelectorAll(".product-tile__link")].map((a) => a.getAttribute("href"));
    expect(names(beyond)).toEqual(names(last));
  });
});

describe("RPC payloads", () => {
  const deep = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;

  it("refuse custom data nested thousands of levels with the schema message", async () => {
    const browser = shop.browser();
    const variantId = demo.inStock[0];
    for (const [method, body, field] of [
      ["addItemToBasket", `{"payload":{"variantId":${variantId},"customData":${deep}}}`, "customData"],
      ["addItemToBasket", `{"payload":{"variantId":${variantId},"displayData":${deep}}}`, "displayData"],
      ["addItemToBasket", `{"payload":{"variantId":${variantId},"orderCustomData":${deep}}}`, "orderCustomData"],
      [
        "addItemsToBasket",
        `{"payload":{"items":[{"variantId":${variantId},"customData":${deep}}]}}`,
        "items.0.customData",
      ],
      [
        "updateBasketItem",
        `{"payload":{"basketItemKey":"k","update":{"orderCustomData":${deep}}}}`,
        "update.orderCustomData",
      ],
    ] as const) {
      const answer = await problem(await rawRpc(browser, method, body));
      expect(answer.detail, method).toContain("The following properties are invalid");
      expect(answer.errors?.map((e) => e.field)).toEqual([field]);
    }
    // Data within the bounds is kept as before.
    const nested = { a: { b: { c: [1, { d: "e" }] } } };
    const added = await browser.rpc("addItemToBasket", { variantId, customData: nested });
    expect(added.status).toBe(200);
    expect((await added.json()).basket.items[0].customData).toEqual(nested);
  });

  it("refuse control characters in keys and ids (PostgreSQL cannot store NUL)", async () => {
    const browser = shop.browser();
    const itemGroup = { id: "look\u00001", isMainItem: true, isRequired: false };
    for (const [method, payload, field] of [
      ["addItemToBasket", { variantId: demo.inStock[0], itemGroup }, "itemGroup.id"],
      ["addItemsToBasket", { items: [{ variantId: demo.inStock[0], itemGroup }] }, "items.0.itemGroup.id"],
      ["removeItemFromBasket", { variantId: demo.inStock[0], itemGroupId: "g\u0000" }, "itemGroupId"],
      ["updateBasketItem", { basketItemKey: "k\u0000", update: { quantity: 1, promotionId: null } }, "basketItemKey"],
      ["removeItemFromWishlist", { itemKey: "w\u0000" }, "itemKey"],
      ["addItemToWishlist", { productId: demo.productId, replaceItemKey: "w\u0000" }, "replaceItemKey"],
    ] as const) {
      const answer = await problem(await browser.rpc(method, payload));
      expect(answer.detail, method).toContain("The following properties are invalid");
      expect(JSON.stringify(answer.errors)).toContain(field);
    }
    const basket = await (await browser.rpc("getBasket", {})).json();
    expect(basket.items).toEqual([]);
  });
});

describe("forms", () => {
  it("refuse a country named like an Object.prototype member in an address with 400, not 500", async () => {
    const { browser } = await signedUpBrowser(shop);
    for (const countryCode of ["__proto__", "constructor", "toString"]) {
      const response = await browser.submit("/de/account/profile-details/", {
        intent: "address-save",
        firstName: "Lena",
        lastName: "Berg",
        street: "Torstraße 1",
        zipCode: "10115",
        city: "Berlin",
        countryCode,
      });
      expect(response.status, countryCode).toBe(400);
    }
    const addresses = await (await browser.rpc("getShopUserAddresses", null)).json();
    expect(addresses).toEqual([]);
  });

  it("refuse a NUL in names at sign-up without creating the account", async () => {
    const browser = shop.browser();
    const email = `nul-${Date.now()}@example.com`;
    const response = await browser.submit("/de/login/?register=true", {
      intent: "sign-up",
      firstName: "Le\u0000na",
      lastName: "Berg",
      email,
      password: "Correct-Horse-9-Battery",
    });
    expect(response.status).toBe(400);
    const user = await db.selectFrom("auth_user").select("id").where("email", "=", email).executeTakeFirst();
    expect(user).toBeUndefined();
  });
});
