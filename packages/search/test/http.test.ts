import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { cliActor, loadProductRecords, saveAttributeDefinition, writeProductRecords } from "@vitrine/commerce";
import { type TestDatabase, testCtx } from "@vitrine/commerce/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSearchToken, publicApiKey } from "../src/api/auth.ts";
import { createSearchHttpHandler, type SearchHttpHandler } from "../src/api/http-handler.ts";
import { toNodeListener } from "../src/api/node-server.ts";
import { searchDb } from "../src/db/index.ts";
import { createSearchService, type SearchService } from "../src/service.ts";
import { DIALECT, fixtureDatabase, TestClock } from "./database.ts";
import { request, STORES, TODAY } from "./fixtures.ts";

const BASE = "http://shop.test/api/search/commerce/v2";
const SECRET = "h".repeat(40);

describe(`search HTTP API on ${DIALECT}`, () => {
  let testDb: TestDatabase;
  let service: SearchService;
  let handler: SearchHttpHandler;
  const clock = new TestClock(TODAY);
  let token: string;

  beforeAll(async () => {
    testDb = await fixtureDatabase();
    service = createSearchService({ db: testDb.db, secret: SECRET, clock, logger: { warn: () => {}, info: () => {} } });
    await service.start();
    handler = createSearchHttpHandler(service, { rateLimit: false, allowedOrigins: ["https://shop.example"] });
    token = issueSearchToken(SECRET, { storeCode: "de", ttlSeconds: 300, now: clock.now() });
  });

  afterAll(async () => {
    await service?.stop();
    await testDb?.destroy();
  });

  const post = (path: string, body: unknown, credential: string | null = token, h = handler) =>
    h(
      new Request(`${BASE}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(credential ? { authorization: `Bearer ${credential}` } : {}),
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );

  it("serves every endpoint of the protocol", async () => {
    const listing = await post("/listing", request({}, STORES.de, "/c/damen/"));
    expect(listing.status).toBe(200);
    expect(listing.headers.get("content-type")).toContain("application/json");
    const body = await listing.json();
    expect(body.pagination.totalEntries).toBe(5);
    expect(Object.keys(body).sort()).toEqual(["facets", "pagination", "products", "responseId", "sort", "triggers"]);

    expect((await (await post("/search", request({ query: "mantel" }))).json()).products[0].permanentid).toBe("104");
    expect((await (await post("/search/productSuggest", request({ query: "mant" }))).json()).products).toHaveLength(1);
    expect(
      (await (await post("/search/querySuggest", request({ query: "man" }))).json()).completions.length,
    ).toBeGreaterThan(0);
    const facet = await post("/facet?type=LISTING", {
      ...request({}, STORES.de, "/c/damen/"),
      facetId: "ec_brand",
      facetQuery: "*a*",
    });
    expect((await facet.json()).values.map((v: { rawValue: string }) => v.rawValue)).toEqual(["Alpha", "Beta"]);
    const recs = await post("/recommendations", {
      ...request({ slotId: "similar" }),
      context: { view: { url: "http://shop.test/de/p/x/" }, product: { productId: "101" } },
    });
    expect((await recs.json()).headline).toBe("Ähnliche Artikel");
  });

  it("finds a German compound the shopper wrote as two words, first", async () => {
    const body = await (await post("/search", request({ query: "sommer kleid" }))).json();
    expect(body.products.map((p: { permanentid: string }) => p.permanentid)).toEqual(["103"]);
  });

  it("accepts a store's public API key", async () => {
    const response = await post("/search", request({ query: "mantel" }), publicApiKey(SECRET, "de"));
    expect(response.status).toBe(200);
  });

  it("answers 401 for a missing or bad token and 419 for an expired one", async () => {
    const missing = await post("/search", request({ query: "x" }), null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      statusCode: 401,
      message: "An access token is required.",
      type: "MissingToken",
    });
    expect((await post("/search", request({}), "vtpk_de_forged")).status).toBe(401);
    const expired = issueSearchToken(SECRET, {
      storeCode: "de",
      ttlSeconds: 60,
      now: new Date(TODAY.getTime() - 120_000),
    });
    const response = await post("/search", request({}), expired);
    expect(response.status).toBe(419);
    expect(await response.json()).toEqual({
      statusCode: 419,
      message: "The access token has expired.",
      type: "ExpiredToken",
    });
  });

  it("answers 403 when a token of one store asks for another", async () => {
    const response = await post("/search", request({ query: "x" }, STORES.ch));
    expect(response.status).toBe(403);
    expect((await response.json()).type).toBe("Forbidden");
  });

  it("answers bad input with 400 in the specification's words, never 500", async () => {
    const invalid = await post("/listing", { ...request({}), page: -1, perPage: 0 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      statusCode: 400,
      type: "InvalidRequest",
      message:
        "The following properties are invalid:\n\n\tpage: minimum value of 0 not respected.\n\tperPage: minimum value of 1 not respected.",
    });
    const broken = await post("/search", "{not json");
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe("The request body is not valid JSON.");
    expect((await post("/search", "")).status).toBe(400);
    expect((await post("/search", "[1,2]")).status).toBe(400);
    expect((await post("/facet?type=OTHER", { ...request({}), facetId: "ec_brand", facetQuery: "*" })).status).toBe(
      400,
    );
    expect((await post("/recommendations", request({ slotId: "nope" }))).status).toBe(400);
    const unknownStore = await post("/search", { ...request({}), language: "it", country: "IT" });
    expect(unknownStore.status).toBe(400);
  });

  it("answers 404 for unknown paths and 405 for other methods", async () => {
    const unknown = await post("/catalog", request({}));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).type).toBe("NotFound");
    const get = await handler(new Request(`${BASE}/search`, { method: "GET" }));
    expect(get.status).toBe(405);
  });

  it("refuses bodies that are too large", async () => {
    const small = createSearchHttpHandler(service, { rateLimit: false, maxBodyBytes: 100 });
    const response = await post("/search", request({ query: "x".repeat(200) }), token, small);
    expect(response.status).toBe(413);
  });

  it("limits the rate per client with 429 and Retry-After", async () => {
    const limited = createSearchHttpHandler(service, { rateLimit: { capacity: 2, refillPerSecond: 0.5 } });
    const call = () =>
      limited(
        new Request(`${BASE}/search/querySuggest`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(request({ query: "k" })),
        }),
        { clientAddress: "203.0.113.9" },
      );
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const third = await call();
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("2");
    expect((await third.json()).type).toBe("TooManyRequests");
  });

  it("counts a client behind one trusted proxy by the address the proxy appended, not the entries the client wrote", async () => {
    const limited = createSearchHttpHandler(service, {
      rateLimit: { capacity: 2, refillPerSecond: 0.5 },
      trustProxy: 1,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await limited(
        new Request(`${BASE}/search/querySuggest`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            "x-forwarded-for": `192.0.2.${i}, 198.51.100.20`,
          },
          body: JSON.stringify(request({ query: "k" })),
        }),
        { clientAddress: "10.0.0.1" },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("over node:http, refuses a large body as soon as it is too large and keeps the connection usable", async () => {
    const server = createServer(toNodeListener(handler, () => undefined, 64 * 1024));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const HELD_BACK_FROM = 256 * 1024;
    /** A POST; with `holdBack` the client sends the rest of the body only once the answer has come. */
    const send = (body: Buffer, holdBack = false) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            agent,
            port,
            host: "127.0.0.1",
            method: "POST",
            path: "/api/search/commerce/v2/search/querySuggest",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          },
          (res) => {
            if (holdBack) req.end(body.subarray(HELD_BACK_FROM));
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        if (holdBack) req.write(body.subarray(0, HELD_BACK_FROM));
        else req.end(body);
      });
    try {
      // Answered while the client still holds back most of its 1 MiB: nothing waits for (or keeps) the whole body.
      expect(await send(Buffer.alloc(1024 * 1024, "a"), true)).toBe(413);
      // The same connection, after the rest of that body was read and dropped.
      expect(await send(Buffer.from(JSON.stringify(request({ query: "k" }))))).toBe(200);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("stores events posted with the access token in the query", async () => {
    const events = [
      {
        currency: "EUR",
        product: { productId: "104", name: "Mantel aus Wolle", price: 199.95 },
        meta: { type: "ec.productView", clientId: "b-1", config: { trackingId: "comma_de" }, ts: Date.now() },
      },
    ];
    const response = await handler(
      new Request(`http://shop.test/api/search/events/v1?access_token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify(events),
      }),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1, ignored: 0 });
    const row = await searchDb(testDb.db)
      .selectFrom("search_event")
      .selectAll()
      .where("type", "=", "ec.productView")
      .where("client_id", "=", "b-1")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ store_code: "de", product_id: 104 });
    const noToken = await handler(new Request("http://shop.test/api/search/events/v1", { method: "POST", body: "[]" }));
    expect(noToken.status).toBe(401);
  });

  const postEvents = (body: string, h = handler, clientAddress?: string, credential = token) =>
    h(
      new Request(`http://shop.test/api/search/events/v1?access_token=${encodeURIComponent(credential)}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body,
      }),
      clientAddress ? { clientAddress } : undefined,
    );
  const view = (clientId: string) => ({
    currency: "EUR",
    product: { productId: "104" },
    meta: { type: "ec.productView", clientId, config: { trackingId: "comma_de" } },
  });

  it("limits events per client and store, each event of a batch counting, with 429", async () => {
    const limited = createSearchHttpHandler(service, {
      rateLimit: false,
      eventRateLimit: { capacity: 3, refillPerSecond: 0.001 },
    });
    const two = JSON.stringify([view("r-1"), view("r-1")]);
    expect((await postEvents(two, limited, "203.0.113.7")).status).toBe(202);
    const refused = await postEvents(two, limited, "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, type: "TooManyRequests" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await postEvents(JSON.stringify(view("r-1")), limited, "203.0.113.7")).status).toBe(202);
    // Another client, or the same client in another store, has its own allowance.
    expect((await postEvents(two, limited, "203.0.113.8")).status).toBe(202);
    const en = issueSearchToken(SECRET, { storeCode: "en", ttlSeconds: 300, now: clock.now() });
    expect((await postEvents(two, limited, "203.0.113.7", en)).status).toBe(202);
  });

  it("answers 400, not 500, to deeply nested bodies and events", async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
    const event = await postEvents(
      `[{"currency":"EUR","product":{"productId":"104"},"meta":{"type":"ec.productView"},"extra":${deep(20_000)}}]`,
    );
    expect(event.status).toBe(400);
    expect(await event.json()).toMatchObject({ statusCode: 400, type: "InvalidRequest" });
    const base = JSON.stringify(request({ query: "mantel" }));
    const chain = `${'{"value":"a","state":"idle","children":['.repeat(5000)}${"]}".repeat(5000)}`;
    const facets = `"facets":[{"facetId":"ec_category","type":"hierarchical","values":[${chain}]}]`;
    const search = await post("/search", `${base.slice(0, -1)},${facets}}`);
    expect(search.status).toBe(400);
    expect((await search.json()).message).toContain("nests more than");
    // Nesting within the bound is stored as usual.
    const shallow = await postEvents(`[${JSON.stringify({ ...view("d-1"), extra: JSON.parse(deep(40)) })}]`);
    expect(shallow.status).toBe(202);
    await expect(
      service.recordEvents([{ ...view("d-2"), extra: JSON.parse(deep(100)) }], { storeCode: "de" }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("refuses NUL characters in event ids with 400", async () => {
    const response = await postEvents(JSON.stringify([{ ...view("n\u0000ul"), product: { productId: "1\u00004" } }]));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ statusCode: 400, type: "InvalidRequest" });
    expect(body.message).toContain("value contains control characters.");
  });

  it("answers a page beyond the last with the last page", async () => {
    const last = await (await post("/listing", { ...request({}, STORES.de, "/c/damen/"), perPage: 2, page: 2 })).json();
    const beyond = await post("/listing", { ...request({}, STORES.de, "/c/damen/"), perPage: 2, page: 99 });
    expect(beyond.status).toBe(200);
    const body = await beyond.json();
    expect(body.pagination).toEqual({ page: 2, perPage: 2, totalEntries: 5, totalPages: 3 });
    expect(body.products.map((p: { permanentid: string }) => p.permanentid)).toEqual(
      last.products.map((p: { permanentid: string }) => p.permanentid),
    );
    const search = await (await post("/search", { ...request({ query: "mantel" }), page: 99 })).json();
    expect(search.pagination).toMatchObject({ page: 0, totalPages: 1 });
    expect(search.products).toHaveLength(1);
  });

  it("answers a view URL with malformed percent-encoding as a page with no listing", async () => {
    const response = await post("/listing", request({}, STORES.de, "/c/%E0%A4%A/"));
    expect(response.status).toBe(200);
    expect((await response.json()).pagination.totalEntries).toBe(0);
  });

  it("range-checks context.location with the API's error shape", async () => {
    const response = await post("/search", {
      ...request({ query: "mantel" }),
      context: { ...request({}).context, location: { latitude: 91, longitude: 181 } },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ statusCode: 400, type: "InvalidRequest" });
    expect(body.message).toContain("context.location.latitude: maximum value of 90 not respected.");
    expect(body.message).toContain("context.location.longitude: maximum value of 180 not respected.");
  });

  it("answers CORS preflights for allowed origins", async () => {
    const preflight = await handler(
      new Request(`${BASE}/search`, { method: "OPTIONS", headers: { origin: "https://shop.example" } }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    const other = await handler(
      new Request(`${BASE}/search`, { method: "OPTIONS", headers: { origin: "https://evil.example" } }),
    );
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("accepts and answers the merchant's facetable attributes like the built-in facets, by the attribute's key", async () => {
    const ctx = testCtx(testDb.db, { clock });
    await saveAttributeDefinition(ctx, cliActor("test"), {
      key: "lined",
      valueType: "boolean",
      facetable: true,
      labels: { de: "Gefüttert", en: "Lined" },
    });
    await saveAttributeDefinition(ctx, cliActor("test"), { key: "note", facetable: false });
    const lined: Record<number, string> = { 101: "false", 103: "false", 104: "true" };
    const records = await loadProductRecords(testDb, Object.keys(lined).map(Number));
    await writeProductRecords(
      testDb,
      records.map((r) => ({ ...r, attributes: { lined: [lined[r.id] as string], note: ["x"] } })),
      clock.now(),
    );
    await service.refresh();
    const facet = { facetId: "lined", field: "lined", type: "regular", values: [{ value: "Ja", state: "selected" }] };
    const listing = await post("/listing", request({ facets: [facet] }, STORES.de, "/c/damen/"));
    expect(listing.status).toBe(200);
    const body = await listing.json();
    expect(body.products.map((p: { permanentid: string }) => p.permanentid)).toEqual(["104"]);
    expect(body.facets.find((f: { facetId: string }) => f.facetId === "lined")).toEqual(
      expect.objectContaining({
        facetId: "lined",
        field: "lined",
        displayName: "Gefüttert",
        type: "regular",
        values: [
          expect.objectContaining({ value: "Ja", state: "selected", numberOfResults: 1 }),
          expect.objectContaining({ value: "Nein", state: "idle", numberOfResults: 2 }),
        ],
      }),
    );
    expect(body.facets.map((f: { facetId: string }) => f.facetId)).not.toContain("note");
    const values = await post("/facet?type=SEARCH", {
      ...request({ query: "kleid" }),
      facetId: "lined",
      facetQuery: "*",
    });
    expect((await values.json()).values).toEqual([{ rawValue: "Nein", displayValue: "Nein", count: 2 }]);
    const notFacetable = await post(
      "/search",
      request({ query: "kleid", facets: [{ facetId: "note", type: "regular", values: [] }] }),
    );
    expect(notFacetable.status).toBe(400);
    expect((await notFacetable.json()).message).toBe(
      "The following properties are invalid:\n\n\tfacets.0.facetId: value does not match an existing facet.",
    );
    const wrongType = await post("/listing", request({ facets: [{ ...facet, type: "numericalRange", values: [] }] }));
    expect((await wrongType.json()).message).toContain("facets.0.type: value must be regular for this facet.");
  });
});
