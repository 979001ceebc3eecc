import { type Db, loadConfig, resolveSecret } from "@vitrine/commerce";
import { publicApiKey } from "@vitrine/search";
import fc from "fast-check";
import { sql } from "kysely";
import type { TestBrowser, TestShop } from "./shop-client.ts";

/**
 * Hostile input for every way into the shop: the RPC methods, the search API (Coveo Commerce v2 and events), the
 * form actions and the query strings of every page type. Shared by the bounded suite (`fuzz.test.ts`, run by
 * Vitest in CI) and the long run (`npm run fuzz`, scripts/fuzz.ts). Requests go to a test shop's handler in this
 * process (`startTestShop`); nothing here depends on Vitest.
 *
 * Each generated request names its target (`rpc:addItemToBasket`, `search:listing`, `form:/account/profile-details`,
 * `page:listing`) so the long run can count by target, and carries the checks its answer must pass: no 5xx, the
 * error shape of its channel, and (for a refused request) no change of the shop's state.
 */

export type Channel = "rpc" | "search" | "form" | "page";

export interface FuzzRequest {
  target: string;
  channel: Channel;
  /** Which browser sends it: a guest, or the signed-in customer (account pages, user methods). */
  as: "guest" | "customer";
  path: string;
  method: string;
  headers: Record<string, string>;
  /** A string, or raw bytes (invalid UTF-8). */
  body?: string | Uint8Array;
  /** Sent from another site (Origin): the answer must be a refusal (403, or 400 from React Router for forms). */
  crossSite?: boolean;
}

/** What the generators need to know about the running shop. */
export interface FuzzWorld {
  variantIds: number[];
  productId: number;
  productPath: string;
  /** A listing two levels deep (`/de/c/damen/…/`). */
  deepListingPath: string;
  searchKey: string;
}

export async function fuzzWorld(db: Db): Promise<FuzzWorld> {
  const variants = await db
    .selectFrom("variant")
    .select(["id", "product_id"])
    .where("stock_quantity", ">", 5)
    .orderBy("id")
    .limit(5)
    .execute();
  const first = variants[0];
  if (!first) throw new Error("the demo catalogue has no variants in stock");
  const slug = await db
    .selectFrom("product_translation")
    .select("slug")
    .where("product_id", "=", first.product_id)
    .where("language", "=", "de")
    .executeTakeFirst();
  const child = await db
    .selectFrom("category as c")
    .innerJoin("category as p", "p.id", "c.parent_id")
    .innerJoin("category_translation as ct", (j) => j.onRef("ct.category_id", "=", "c.id").on("ct.language", "=", "de"))
    .innerJoin("category_translation as pt", (j) => j.onRef("pt.category_id", "=", "p.id").on("pt.language", "=", "de"))
    .select(["ct.slug as child", "pt.slug as parent"])
    .where("p.parent_id", "is", null)
    .orderBy("c.id")
    .executeTakeFirst();
  const secret = await resolveSecret({ db, config: loadConfig() }, new Date());
  return {
    variantIds: variants.map((v) => v.id),
    productId: first.product_id,
    productPath: `/de/p/${slug?.slug ?? "x"}-${first.product_id}/`,
    deepListingPath: child ? `/de/c/${child.parent}/${child.child}/` : "/de/c/damen/",
    searchKey: publicApiKey(secret, "de"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Values

export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

/** A JSON document as a tree whose objects keep their keys in order, duplicates and `__proto__` included. */
type Doc = { raw: string } | { object: [string, Doc][] } | { array: Doc[] } | string | number | boolean | null;

/** JSON text of a document: numbers JSON cannot hold (NaN, Infinity) come out as the bare words. */
export function jsonText(doc: Doc): string {
  if (doc === null || typeof doc === "boolean") return String(doc);
  if (typeof doc === "number") return Number.isFinite(doc) ? JSON.stringify(doc) : String(doc);
  if (typeof doc === "string") return JSON.stringify(doc);
  if ("raw" in doc) return doc.raw;
  if ("array" in doc) return `[${doc.array.map(jsonText).join(",")}]`;
  return `{${doc.object.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
}

const hostileStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "%",
  "%E0%A4%A",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; drop table product; --",
  "$" + "{7*7}",
  "\u202e\u200b",
  "🧥".repeat(40),
  "0x10",
  "1e309",
  "-0",
  "NaN",
  "null",
  "true",
  "2147483648",
  "99999999999999999999999",
  "-1",
  "１２３",
  "javascript:alert(1)",
  "//evil.example",
  "https://evil.example/",
  "\\\\evil.example",
  ...PROTOTYPE_KEYS,
);

/** Long strings: up to 1 MB (over every body limit) without generating a megabyte of random characters. */
const longStrings = fc
  .tuple(fc.constantFrom("a", "ä", "🧥", "%", "\u0000", "<"), fc.constantFrom(256, 4096, 70_000, 1_048_576))
  .map(([c, n]) => c.repeat(Math.ceil(n / c.length)));

export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileStrings },
  { weight: 3, arbitrary: fc.string({ maxLength: 40, unit: "grapheme" }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20, unit: "binary" }) },
  { weight: 1, arbitrary: longStrings },
);

const hostileNumbers = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    -1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -1e308,
    5e-324,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ),
  fc.integer(),
  fc.double(),
);

const rawValues = fc.constantFrom<Doc>(
  { raw: "NaN" },
  { raw: "Infinity" },
  { raw: "-Infinity" },
  { raw: "1e999" },
  { raw: "-1e999" },
  { raw: "undefined" },
  { raw: "01" },
  { raw: "'a'" },
  { raw: `${'{"a":'.repeat(3000)}1${"}".repeat(3000)}` },
  { raw: `${"[".repeat(5000)}${"]".repeat(5000)}` },
);

const keyNames = (known: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known, "a") },
    { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: anyString },
  );

const scalar: fc.Arbitrary<Doc> = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 3, arbitrary: hostileNumbers },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: rawValues },
);

/** Any JSON-ish value, a few levels deep, with prototype keys among the object keys. */
export function anyDoc(known: readonly string[] = ["a"]): fc.Arbitrary<Doc> {
  const { doc } = fc.letrec<{ doc: Doc }>((tie) => ({
    doc: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      scalar,
      fc.array(tie("doc"), { maxLength: 4 }).map((array) => ({ array })),
      fc.array(fc.tuple(keyNames(known), tie("doc")), { maxLength: 4 }).map((object) => ({ object })),
    ),
  }));
  return doc;
}

/** A valid document with one thing wrong: a field replaced, removed, or one added (an extra or a prototype key). */
function mutated(base: Record<string, unknown>): fc.Arbitrary<Doc> {
  const keys = Object.keys(base);
  const entries = (): [string, Doc][] => Object.entries(base).map(([k, v]) => [k, docOf(v)]);
  return fc.oneof(
    fc.constant<Doc>({ object: entries() }),
    keys.length === 0
      ? fc.constant<Doc>({ object: [] })
      : fc.tuple(fc.constantFrom(...keys), anyDoc(keys)).map(
          ([key, value]): Doc => ({
            object: entries().map(([k, v]) => [k, k === key ? value : v]),
          }),
        ),
    keys.length === 0
      ? fc.constant<Doc>(null)
      : fc.constantFrom(...keys).map((key): Doc => ({ object: entries().filter(([k]) => k !== key) })),
    fc.tuple(keyNames(keys), anyDoc(keys)).map(([key, value]): Doc => ({ object: [...entries(), [key, value]] })),
    anyDoc(keys),
  );
}

function docOf(value: unknown): Doc {
  if (value === null || typeof value !== "object") return value as Doc;
  if (Array.isArray(value)) return { array: value.map(docOf) };
  return { object: Object.entries(value).map(([k, v]) => [k, docOf(v)]) };
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies and media types

const invalidUtf8 = fc.constantFrom(
  new Uint8Array([0xff, 0xfe, 0xfd]),
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  new Uint8Array([0xed, 0xa0, 0x80]),
  new Uint8Array([0x25, 0xe0, 0xa4]),
);

const brokenJson = fc.constantFrom(
  "",
  " ",
  "{",
  "}",
  "[",
  "{'a':1}",
  '{"payload":',
  "null",
  "[]",
  '"x"',
  "1",
  "\u0000",
);

const otherMediaTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/JSON",
  "",
  "application/json, text/plain",
  "*/*",
);

type Body = { body: string | Uint8Array; contentType: string };

/** A JSON body: mostly the document, sometimes broken JSON, invalid bytes or a wrong content type. */
function jsonBody(doc: fc.Arbitrary<Doc>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 8, arbitrary: doc.map((d) => ({ body: jsonText(d), contentType: "application/json" })) },
    { weight: 1, arbitrary: brokenJson.map((body) => ({ body, contentType: "application/json" })) },
    { weight: 1, arbitrary: invalidUtf8.map((body) => ({ body, contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc.tuple(doc, otherMediaTypes).map(([d, contentType]) => ({ body: jsonText(d), contentType })),
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// RPC

const RPC_MUTATIONS = new Set([
  "clearBasket",
  "mergeBaskets",
  "addItemToBasket",
  "addItemsToBasket",
  "updateBasketItem",
  "removeItemFromBasket",
  "registerFashionCard",
  "updateShopUser",
  "updatePassword",
  "clearWishlist",
  "addItemToWishlist",
  "removeItemFromWishlist",
]);

/** A valid payload of every method (the mutations start from these). */
export function rpcPayloads(world: FuzzWorld): Record<string, unknown> {
  const variantId = world.variantIds[0];
  return {
    getBasket: {},
    clearBasket: {},
    mergeBaskets: { strategy: "merge" },
    addItemToBasket: { variantId, quantity: 1, customData: { a: 1 } },
    addItemsToBasket: { items: [{ variantId, quantity: 1 }], existingItemHandling: "merge" },
    updateBasketItem: { basketItemKey: "k", update: { quantity: 1, promotionId: null } },
    removeItemFromBasket: { variantId },
    getCategoryById: { id: 1 },
    getCategoryByPath: { path: ["damen"] },
    fetchFashionCard: {},
    registerFashionCard: { acceptTerms: true },
    getUser: null,
    refreshUser: null,
    updateShopUser: { firstName: "Lena", lastName: "Berg", phone: null, birthDate: null },
    updatePassword: { currentPassword: "x", newPassword: "y" },
    getShopUserAddresses: null,
    getWishlist: {},
    clearWishlist: {},
    addItemToWishlist: { productId: world.productId, variantId, toggle: true },
    removeItemFromWishlist: { itemKey: "w" },
  };
}

export function isRpcMutation(method: string): boolean {
  return RPC_MUTATIONS.has(method);
}

const shopIds = fc.oneof(
  { weight: 10, arbitrary: fc.constant("10028") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("", "0", "99999", "10028 ", "1e4", "__proto__", "constructor", "10028,10029"),
  },
);

export function rpcRequest(world: FuzzWorld, methods: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const payloads = rpcPayloads(world);
  const valid = fc.constantFrom(...methods).chain((method) => {
    const payload = payloads[method];
    const payloadDoc: fc.Arbitrary<Doc> =
      payload && typeof payload === "object" ? mutated(payload as Record<string, unknown>) : anyDoc();
    const envelope = fc.oneof(
      { weight: 6, arbitrary: payloadDoc.map((p): Doc => ({ object: [["payload", p]] })) },
      {
        weight: 1,
        arbitrary: fc.tuple(payloadDoc, keyNames(["payload"]), anyDoc()).map(
          ([p, k, v]): Doc => ({
            object: [
              ["payload", p],
              [k, v],
            ],
          }),
        ),
      },
      { weight: 1, arbitrary: anyDoc(["payload"]) },
    );
    return fc
      .record({
        body: jsonBody(envelope),
        shopId: shopIds,
        httpMethod: fc.oneof(
          { weight: 30, arbitrary: fc.constant("POST") },
          { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "DELETE", "PATCH") },
        ),
        // One mutation in eight without the token: the answer must be 403 and nothing changes.
        crossSite: fc.noBias(fc.nat(7)).map((n) => n === 0 && isRpcMutation(method)),
        as: fc.constantFrom<"guest" | "customer">("guest", "customer"),
      })
      .map(
        ({ body, shopId, httpMethod, crossSite, as }): FuzzRequest => ({
          target: `rpc:${method}`,
          channel: "rpc",
          as,
          path: `/api/rpc/${method}`,
          method: httpMethod,
          headers: { "content-type": body.contentType, ...(shopId ? { "x-shop-id": shopId } : {}) },
          ...(httpMethod === "GET" ? {} : { body: body.body }),
          crossSite,
        }),
      );
  });
  const unknown = fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "x", "getBasket%00").map(
    (name): FuzzRequest => ({
      target: "rpc:(unknown)",
      channel: "rpc",
      as: "guest",
      path: `/api/rpc/${name}`,
      method: "POST",
      headers: { "content-type": "application/json", "x-shop-id": "10028" },
      body: '{"payload":{}}',
    }),
  );
  return fc.oneof({ weight: 20, arbitrary: valid }, { weight: 1, arbitrary: unknown });
}

// ---------------------------------------------------------------------------------------------------------------
// Search API

export const SEARCH_ENDPOINTS = [
  "listing",
  "search",
  "search/productSuggest",
  "search/querySuggest",
  "facet?type=LISTING",
  "facet?type=SEARCH",
  "recommendations",
  "events",
] as const;

function searchBase(world: FuzzWorld, endpoint: string): Record<string, unknown> {
  const base = {
    trackingId: "comma_de",
    clientId: "0b7a2f3e-7c55-4a43-9d3b-2f1e0a1f4c11",
    language: "de",
    country: "DE",
    currency: "EUR",
    context: { view: { url: "http://127.0.0.1:4173/de/c/damen/" }, user: { userAgent: "fuzz" } },
    page: 0,
    perPage: 24,
    facets: [{ facetId: "ec_brand", type: "regular", values: [{ value: "Vela", state: "selected" }] }],
    sort: { sortCriteria: "relevance" },
  };
  if (endpoint.startsWith("facet")) return { ...base, facetId: "ec_brand", facetQuery: "*a*" };
  if (endpoint === "recommendations") {
    return {
      ...base,
      slotId: "similar",
      context: { ...base.context, product: { productId: String(world.productId) } },
    };
  }
  if (endpoint === "events") return { type: "search", searchUid: "x", query: "mantel", storeCode: "de" };
  return { ...base, query: "mantel" };
}

const credentials = (world: FuzzWorld) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${world.searchKey}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("", "Bearer", "Bearer x", "Basic abc", `Bearer ${world.searchKey}x`, "Bearer \u00e4"),
    },
  );

export function searchRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...SEARCH_ENDPOINTS).chain((endpoint) => {
    const base = searchBase(world, endpoint);
    const doc =
      endpoint === "events"
        ? fc.oneof(
            mutated(base),
            mutated(base).map((d): Doc => ({ array: [d, d] })),
          )
        : mutated(base);
    const path = endpoint === "events" ? "/api/search/events/v1" : `/api/search/commerce/v2/${endpoint}`;
    return fc
      .record({
        body: jsonBody(doc),
        auth: credentials(world),
        httpMethod: fc.oneof(
          { weight: 30, arbitrary: fc.constant("POST") },
          { weight: 1, arbitrary: fc.constantFrom("GET", "OPTIONS", "PUT") },
        ),
        query: fc.option(fc.constantFrom("type=__proto__", "type=", "type=listing", "access_token=x", "%E0%A4%A"), {
          freq: 8,
        }),
      })
      .map(({ body, auth, httpMethod, query }): FuzzRequest => {
        const separator = path.includes("?") ? "&" : "?";
        return {
          target: `search:${endpoint}`,
          channel: "search",
          as: "guest",
          path: query ? `${path}${separator}${query}` : path,
          method: httpMethod,
          headers: { "content-type": body.contentType, ...(auth ? { authorization: auth } : {}) },
          ...(httpMethod === "GET" || httpMethod === "OPTIONS" ? {} : { body: body.body }),
        };
      });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Form actions

interface FormTarget {
  path: string;
  as: "guest" | "customer";
  intents: readonly string[];
  fields: readonly string[];
}

const ADDRESS = [
  "firstName",
  "lastName",
  "street",
  "zipCode",
  "city",
  "countryCode",
  "phone",
  "addressId",
  "isDefault",
];

export function formTargets(world: FuzzWorld): FormTarget[] {
  const checkoutFields = [
    "email",
    "phone",
    ...ADDRESS.map((f) => `shipping.${f}`),
    ...ADDRESS.map((f) => `billing.${f}`),
    "billingSame",
    "saveAddress",
    "shippingAddressId",
    "deliveryMethod",
    "paymentMethod",
    "giftCardCode",
    "idempotencyKey",
    "expectedTotal",
    "expectedAmountDue",
  ];
  const checkoutIntents = ["contact", "address", "delivery", "payment", "gift-card", "remove-gift-card", "place", "x"];
  return [
    {
      path: "/de/login/",
      as: "guest",
      intents: ["sign-in", "sign-up", "sign-out", "x"],
      fields: ["email", "password", "firstName", "lastName", "newsletter", "redirectTo", "redirectUrl"],
    },
    {
      path: "/de/login/?register=true",
      as: "guest",
      intents: ["sign-up"],
      fields: ["email", "password", "firstName", "lastName", "newsletter"],
    },
    {
      path: "/de/login/reset-password/",
      as: "guest",
      intents: ["request", "set-password", "x"],
      fields: ["email", "token", "newPassword", "confirmPassword"],
    },
    {
      path: "/de/account/profile-details/",
      as: "customer",
      intents: ["profile", "password", "address-save", "address-delete", "address-default", "x"],
      fields: [...ADDRESS, "birthDate", "currentPassword", "newPassword", "confirmPassword", "email"],
    },
    { path: "/de/account/fashion-card/", as: "customer", intents: ["register", "x"], fields: ["acceptTerms"] },
    {
      path: "/de/account/subscription/",
      as: "customer",
      intents: ["subscribe", "toggle", "x"],
      fields: ["language"],
    },
    {
      path: "/de/account/subscription-cancellations/",
      as: "customer",
      intents: ["cancel", "x"],
      fields: ["reason", "comment", "confirm", "language"],
    },
    { path: "/de/order-trackform/", as: "guest", intents: ["", "x"], fields: ["number", "emailOrZipCode", "email"] },
    {
      path: "/de/returns-portal/",
      as: "guest",
      intents: ["lookup", "register", "x"],
      fields: ["number", "emailOrZipCode", "itemKey", "quantity", "reason", "comment"],
    },
    {
      path: "/de/cart/",
      as: "guest",
      intents: ["add", "update", "remove", "wishlist", "clear", "remove-unavailable", "x"],
      fields: ["variantId", "quantity", "itemKey", "promotionId", "via", "productId"],
    },
    {
      path: "/de/wishlist/",
      as: "guest",
      intents: ["add", "toggle", "remove", "clear", "x"],
      fields: ["productId", "variantId", "itemKey", "via"],
    },
    { path: "/de/checkout/", as: "guest", intents: checkoutIntents, fields: checkoutFields },
    { path: "/de/checkout/", as: "customer", intents: checkoutIntents, fields: checkoutFields },
    { path: "/de/app-checkout/", as: "guest", intents: checkoutIntents, fields: checkoutFields },
    { path: "/de/success/?order=1", as: "guest", intents: ["convert", "x"], fields: ["password", "token"] },
    {
      path: "/de/payment/sandbox/x/",
      as: "guest",
      intents: ["card", "challenge-pass", "challenge-fail", "paypal-approve", "paypal-cancel"],
      fields: ["number", "expiry", "cvc", "holder"],
    },
    { path: "/de/p/shop-the-look/x/", as: "guest", intents: ["add-many", "x"], fields: ["variantId"] },
    { path: world.productPath, as: "guest", intents: ["add", "x"], fields: ["variantId", "quantity"] },
  ];
}

const formValue = (world: FuzzWorld) =>
  fc.oneof(
    { weight: 4, arbitrary: anyString },
    { weight: 2, arbitrary: hostileNumbers.map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...world.variantIds.map(String), String(world.productId), "on", "1") },
  );

function encodeForm(entries: [string, string][], raw: string | null): string {
  const text = new URLSearchParams(entries).toString();
  return raw === null ? text : `${text}&${raw}`;
}

export function formRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...formTargets(world)).chain((target) => {
    const fieldName = keyNames([...target.fields, "intent"]);
    const entries = fc.tuple(
      fc.option(fc.constantFrom(...target.intents, ...PROTOTYPE_KEYS), { freq: 6 }),
      fc.array(fc.tuple(fieldName, formValue(world)), { maxLength: 8 }),
    );
    const body = fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .tuple(
            entries,
            fc.option(fc.constantFrom("%E0%A4%A", "a=%", "%=%", "&&&==", "a=%00", "__proto__[x]=1"), { freq: 5 }),
          )
          .map(([[intent, fields], raw]): Body => {
            const all: [string, string][] = intent === null ? fields : [["intent", intent], ...fields];
            return { body: encodeForm(all, raw), contentType: "application/x-www-form-urlencoded" };
          }),
      },
      {
        weight: 1,
        arbitrary: invalidUtf8.map((b): Body => ({ body: b, contentType: "application/x-www-form-urlencoded" })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Body>(
          { body: "", contentType: "application/x-www-form-urlencoded" },
          { body: '{"intent":"add"}', contentType: "application/json" },
          { body: "intent=add", contentType: "text/plain" },
          {
            body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n',
            contentType: "multipart/form-data; boundary=x",
          },
          { body: "garbage", contentType: "multipart/form-data" },
          { body: "intent=add", contentType: "" },
        ),
      },
    );
    // One in eight without the token: the answer must be 403 and nothing changes.
    return fc.tuple(body, fc.noBias(fc.nat(7))).map(
      ([b, n]): FuzzRequest => ({
        target: `form:${target.path.split("?")[0]}`,
        channel: "form",
        as: target.as,
        path: target.path,
        method: "POST",
        headers: { "content-type": b.contentType },
        body: b.body,
        crossSite: n === 0,
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Page query strings

export function pagePaths(world: FuzzWorld): Record<string, string> {
  return {
    home: "/de/",
    listing: "/de/c/damen/",
    "listing-deep": world.deepListingPath,
    outfits: "/de/c/outfits/",
    search: "/de/search/",
    suggest: "/de/search/suggest/",
    product: world.productPath,
    "shop-the-look": "/de/p/shop-the-look/x/",
    cart: "/de/cart/",
    wishlist: "/de/wishlist/",
    checkout: "/de/checkout/",
    "app-checkout": "/de/app-checkout/",
    success: "/de/success/",
    login: "/de/login/",
    reset: "/de/login/reset-password/",
    callback: "/de/login/callback/",
    account: "/de/account/",
    orders: "/de/account/orders/",
    "order-details": "/de/account/order-details/1/",
    "order-trackform": "/de/order-trackform/",
    "returns-portal": "/de/returns-portal/",
    "returns-label": "/de/returns-label/x/",
    location: "/de/location/",
    service: "/de/s/impressum/",
    unknown: "/de/nowhere/",
    "store-select": "/",
    images: "/images/x.jpg",
    sitemap: "/sitemap.xml",
    robots: "/robots.txt",
  };
}

const QUERY_KEYS = [
  "q",
  "sort",
  "page",
  "perPage",
  "facet",
  "facetQuery",
  "redirectTo",
  "redirectUrl",
  "register",
  "step",
  "order",
  "payment",
  "token",
  "return",
  "added",
  "continue",
  "warning",
  "lat",
  "lng",
  "v",
  "from",
  "gender",
  "error",
  "_data",
  "w",
  "format",
];

const facetKey = fc
  .tuple(
    fc.constantFrom("f-", "fExcluded-", "cf-", "nf-", "df-"),
    fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, "ec_brand", "ec_color", "ec_size", "ec_price"), anyString),
  )
  .map(([prefix, id]) => `${prefix}${id}`);

const rawQueryParts = fc.constantFrom(
  "%E0%A4%A",
  "%",
  "f-%ZZ=1",
  "q=%C0%AF",
  "page=%00",
  "&&",
  "=",
  "f-=",
  "nf-ec_price=9..1",
);

export function pageRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const paths = pagePaths(world);
  const pair = fc.tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) },
      { weight: 3, arbitrary: facetKey },
      { weight: 1, arbitrary: anyString },
    ),
    fc.oneof(
      anyString.filter((s) => s.length < 5000),
      hostileNumbers.map(String),
      fc.constant("Vela"),
      fc.constant("10..20"),
    ),
  );
  return fc
    .record({
      page: fc.constantFrom(...Object.keys(paths)),
      pairs: fc.array(pair, { maxLength: 5 }),
      raw: fc.option(rawQueryParts, { freq: 4 }),
      data: fc.boolean(),
      as: fc.constantFrom<"guest" | "customer">("guest", "customer"),
    })
    .map(({ page, pairs, raw, data, as }): FuzzRequest => {
      const query = new URLSearchParams(pairs).toString();
      const search = [query, raw].filter(Boolean).join("&");
      let path = paths[page] as string;
      // React Router's data requests for the same page: `/de/c/damen.data?…`
      if (data && path.startsWith("/de/") && path.endsWith("/") && path.length > 4) path = `${path.slice(0, -1)}.data`;
      return {
        target: `page:${page}`,
        channel: "page",
        as,
        path: search ? `${path}?${search}` : path,
        method: "GET",
        headers: {},
      };
    });
}

/** Every channel, weighted roughly by how many ways in each has. */
export function anyRequest(world: FuzzWorld, rpcMethods: readonly string[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 3, arbitrary: rpcRequest(world, rpcMethods) },
    { weight: 2, arbitrary: searchRequest(world) },
    { weight: 3, arbitrary: formRequest(world) },
    { weight: 3, arbitrary: pageRequest(world) },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Sending and checking

let clientCounter = 0;

/** Sends a request as its browser would; each from its own client address, so no rate limit shapes the run. */
export async function send(
  request: FuzzRequest,
  browsers: { guest: TestBrowser; customer: TestBrowser },
): Promise<Response> {
  const browser = browsers[request.as];
  const headers: Record<string, string> = { ...request.headers };
  clientCounter++;
  headers["x-vitrine-client-address"] =
    `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
  if (request.headers["content-type"] === "") delete headers["content-type"];
  const body = request.body;
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS") {
    if (request.crossSite && request.channel !== "page") headers.origin = "https://evil.example";
  }
  return browser.fetch(request.path, {
    method: request.method,
    headers,
    ...(body === undefined ? {} : { body: body as BodyInit }),
  });
}

/** What is wrong with an answer (empty when nothing): status, the error shape of its channel, CSRF refusal. */
export async function answerProblems(request: FuzzRequest, response: Response): Promise<string[]> {
  const problems: string[] = [];
  const { status } = response;
  if (status >= 500) problems.push(`status ${status}`);
  const type = response.headers.get("content-type") ?? "";
  const text = status >= 400 ? await response.text() : "";
  if (status >= 400 && request.channel === "rpc") {
    // Problem details (specification section 8): title, status, detail, application/problem+json.
    if (!type.startsWith("application/problem+json")) problems.push(`content-type ${type}`);
    else {
      const body = safeJson(text) as { status?: unknown; title?: unknown; detail?: unknown } | undefined;
      if (body?.status !== status) problems.push(`problem status ${String(body?.status)} ≠ ${status}`);
      if (typeof body?.title !== "string") problems.push("problem without title");
      if (status === 400 && typeof body?.detail !== "string") problems.push("problem without detail");
      // Schema validation in the specification's wording, with the fields it names.
      if ((body as { errors?: unknown } | undefined)?.errors !== undefined) {
        if (!String(body?.detail).startsWith("The following properties are invalid"))
          problems.push(`validation detail ${String(body?.detail).slice(0, 80)}`);
        if (!Array.isArray((body as { errors?: unknown }).errors)) problems.push("errors is not a list");
      }
    }
  }
  if (status >= 400 && request.channel === "search") {
    const body = safeJson(text) as { statusCode?: unknown; message?: unknown; type?: unknown } | undefined;
    if (!type.startsWith("application/json")) problems.push(`content-type ${type}`);
    else if (body?.statusCode !== status || typeof body.message !== "string" || typeof body.type !== "string")
      problems.push(`error body ${text.slice(0, 120)}`);
  }
  const refused = status === 403 || status === 404 || status === 405 || (request.channel === "form" && status === 400);
  if (request.crossSite && request.channel !== "page" && !refused) {
    problems.push(`from another site: ${status}`);
  }
  if (status < 400) await response.body?.cancel();
  return problems;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A fingerprint of the shop's business state: baskets, wishlists, customers, addresses, orders, returns, cards,
 * subscriptions, stock. Sessions, rate-limit counters, events, jobs and mails are left out (a refused sign-in
 * counts towards its limit, which is the point).
 */
export async function stateFingerprint(db: Db): Promise<string> {
  const tables = [
    "basket",
    "basket_item",
    "wishlist",
    "wishlist_item",
    "customer",
    "customer_address",
    "auth_user",
    "auth_account",
    "shop_order",
    "order_line",
    "order_return",
    "payment",
    "gift_card",
    "loyalty_card",
    "newsletter_subscription",
    "subscription_cancellation",
    "checkout_session",
  ];
  const counts = await sql<{ name: string; n: number | string }>`${sql.join(
    tables.map((t) => sql`select ${t} as name, count(*) as n from ${sql.table(t)}`),
    sql` union all `,
  )}`.execute(db);
  const items = await db
    .selectFrom("basket_item")
    .select(["basket_id", "variant_id", "quantity"])
    .orderBy("basket_id")
    .orderBy("variant_id")
    .execute();
  const addresses = await db.selectFrom("customer_address").selectAll().orderBy("id").execute();
  const customers = await db.selectFrom("customer").selectAll().orderBy("id").execute();
  const stock = await db
    .selectFrom("variant")
    .select((eb) => eb.fn.sum<number | string>("stock_quantity").as("s"))
    .executeTakeFirst();
  // Readable, so a failing comparison shows what changed.
  const state = JSON.stringify(
    {
      counts: counts.rows.map((r) => `${r.name}:${Number(r.n)}`),
      items,
      addresses,
      customers: customers.map((c) => ({ ...c, updated_at: undefined, last_seen_at: undefined })),
      stock: Number(stock?.s ?? 0),
    },
    null,
    1,
  );
  return state;
}

/** Whether the process still answers its liveness and readiness checks. */
export async function healthy(shop: Pick<TestShop, "handler">): Promise<boolean> {
  for (const path of ["/healthz", "/readyz"]) {
    const response = await shop.handler(new Request(`http://127.0.0.1:4173${path}`));
    await response.body?.cancel();
    if (response.status !== 200) return false;
  }
  return true;
}

/** A customer for the account pages and user methods: signed up through the form, from its own address. */
export async function customerBrowser(shop: TestShop): Promise<TestBrowser> {
  const browser = shop.browser();
  const response = await browser.submit("/de/login/?register=true", {
    intent: "sign-up",
    firstName: "Fuzz",
    lastName: "Kundin",
    email: `fuzz.${process.pid}.${Date.now().toString(36)}@example.com`,
    password: "Sommer-2026!-fuzz",
  });
  if (response.status !== 302) throw new Error(`sign-up answered ${response.status}`);
  return browser;
}
