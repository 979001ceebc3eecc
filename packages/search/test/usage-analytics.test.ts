import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestDatabase } from "@vitrine/commerce/testing";
import { CoveoAnalyticsClient } from "coveo.analytics";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueSearchToken, publicApiKey } from "../src/api/auth.ts";
import { createSearchHttpHandler, type SearchHttpHandler, USAGE_ANALYTICS_PATH } from "../src/api/http-handler.ts";
import { toNodeListener } from "../src/api/node-server.ts";
import { searchDb } from "../src/db/index.ts";
import { rollUpSearchAnalytics, searchQueryStats } from "../src/events/rollup.ts";
import { BEACON_TOO_LARGE } from "../src/events/usage-analytics.ts";
import { createSearchService, type SearchService } from "../src/service.ts";
import { DIALECT, fixtureDatabase, TestClock } from "./database.ts";
import { TODAY } from "./fixtures.ts";

const SECRET = "u".repeat(40);
const BASE = `http://shop.test${USAGE_ANALYTICS_PATH}/analytics`;
const VISITOR = "5b0e3d52-6f0c-4a57-9f57-1d6a4c2b8e11";

describe(`usage analytics v15 on ${DIALECT}`, () => {
  let testDb: TestDatabase;
  let service: SearchService;
  let handler: SearchHttpHandler;
  const clock = new TestClock(TODAY);
  let token: string;

  beforeAll(async () => {
    testDb = await fixtureDatabase();
    service = createSearchService({ db: testDb.db, secret: SECRET, clock, logger: { warn: () => {}, info: () => {} } });
    await service.start();
    handler = createSearchHttpHandler(service, { rateLimit: false });
    token = issueSearchToken(SECRET, { storeCode: "fr-ch", ttlSeconds: 3600, now: clock.now() });
  });

  afterAll(async () => {
    await service?.stop();
    await testDb?.destroy();
  });

  const rows = (type: string) =>
    searchDb(testDb.db).selectFrom("search_event").selectAll().where("type", "=", type).orderBy("id").execute();

  const postJson = (type: string, body: unknown, query = `?visitor=${VISITOR}`, credential: string | null = token) =>
    handler(
      new Request(`${BASE}/${type}${query}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(credential ? { authorization: `Bearer ${credential}` } : {}),
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );

  const searchEvent = (fields: Record<string, unknown> = {}) => ({
    language: "fr",
    searchQueryUid: "q-1",
    queryText: "retour",
    actionCause: "searchboxSubmit",
    numberOfResults: 7,
    responseTime: 12,
    originLevel1: "help",
    originLevel2: "default",
    ...fields,
  });

  it("stores a JSON search event under the token's store and answers the visitor id", async () => {
    const response = await postJson("search", searchEvent());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ visitId: VISITOR, visitorId: VISITOR });
    expect(response.headers.get("set-cookie")).toContain(`coveo_visitorId=${VISITOR}`);
    const [row] = await rows("ua.search");
    expect(row).toMatchObject({
      store_code: "fr-ch",
      client_id: VISITOR,
      query: "retour",
      response_id: "q-1",
      results: 7,
      action: "searchboxSubmit",
    });
    expect(JSON.parse(row?.payload ?? "{}").originLevel1).toBe("help");
  });

  it("takes a beacon's form body with the access token and visitor id in the query", async () => {
    const click = {
      searchQueryUid: "q-1",
      actionCause: "documentOpen",
      documentPosition: 2,
      documentUri: "/fr-ch/s/x",
    };
    const body = `clickEvent=${encodeURIComponent(JSON.stringify(click))}`;
    const response = await handler(
      new Request(`${BASE}/click?access_token=${token}&visitorId=${VISITOR}&discardVisitInfo=true`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await rows("ua.click")).toMatchObject([{ response_id: "q-1", quantity: 2, client_id: VISITOR }]);

    // The next-mode encoding puts the token in the form.
    const custom = { eventType: "help", eventValue: "answerShown", lastSearchQueryUid: "q-1" };
    const inForm = await handler(
      new Request(`${BASE}/custom?discardVisitInfo=true`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `access_token=${encodeURIComponent(token)}&customEvent=${encodeURIComponent(JSON.stringify(custom))}`,
      }),
    );
    expect(inForm.status).toBe(200);
    expect(await rows("ua.custom")).toMatchObject([{ query: "help", action: "answerShown", response_id: "q-1" }]);
  });

  it("refuses a beacon over 32 KB with the client's own message", async () => {
    const view = { location: "http://shop.test/", title: "x".repeat(33 * 1024) };
    const response = await handler(
      new Request(`${BASE}/view?access_token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `viewEvent=${encodeURIComponent(JSON.stringify(view))}`,
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ statusCode: 413, message: BEACON_TOO_LARGE, type: "PayloadTooLarge" });
  });

  it("answers 400 in the protocol's error shape for fields beyond the limits and bad payloads", async () => {
    const cases: [string, unknown, string][] = [
      ["search", searchEvent({ originLevel3: "o".repeat(1025) }), "originLevel3: value contains more than 1024"],
      ["search", searchEvent({ referrer: "r".repeat(2049) }), "referrer: value contains more than 2048"],
      ["click", { searchQueryUid: "q", actionCause: "x", documentPosition: 1, page: "p".repeat(2049) }, "page:"],
      ["view", { location: "l".repeat(1025) }, "location: value contains more than 1024"],
      ["search", { queryText: "x", actionCause: "x" }, "searchQueryUid: value is required."],
      ["click", { searchQueryUid: "q", actionCause: "x", documentPosition: "2" }, "documentPosition: value is not a"],
      ["custom", { eventType: "x" }, "eventValue: value is required."],
      ["view", [1, 2], "(body): value is not an object."],
    ];
    for (const [type, body, message] of cases) {
      const response = await postJson(type, body);
      expect(response.status, `${type} ${message}`).toBe(400);
      const answer = await response.json();
      expect(answer).toMatchObject({ statusCode: 400, type: "InvalidRequest" });
      expect(answer.message).toContain("The following properties are invalid");
      expect(answer.message).toContain(message);
    }
    // Limits are inclusive: exactly 1024 and 2048 characters are fine.
    const atLimit = await postJson(
      "search",
      searchEvent({
        originLevel3: "o".repeat(1024),
        location: "l".repeat(2048),
        searchQueryUid: "q-limit",
        queryText: "limite",
      }),
    );
    expect(atLimit.status).toBe(200);
    const notJson = await postJson("search", "{");
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBe("The request body is not valid JSON.");
    const noField = await handler(
      new Request(`${BASE}/click?access_token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "searchEvent=%7B%7D",
      }),
    );
    expect(noField.status).toBe(400);
    expect((await noField.json()).message).toContain("clickEvent: value is required.");
    expect((await postJson("purchase", searchEvent())).status).toBe(404);
    expect((await postJson("search", searchEvent(), "", null)).status).toBe(401);
    expect((await handler(new Request(`${BASE}/search`, { method: "GET" }))).status).toBe(405);
  });

  it("keeps empty values out, except the search's query text, and counts API-key events without visitor as anonymous", async () => {
    const response = await postJson(
      "search",
      searchEvent({ queryText: "", searchQueryUid: "q-empty", originLevel2: "", username: null }),
      "",
      publicApiKey(SECRET, "de"),
    );
    expect(response.status).toBe(200);
    const row = (await rows("ua.search")).find((r) => r.response_id === "q-empty");
    expect(row).toMatchObject({ store_code: "de", client_id: "anonymous", query: "" });
    const payload = JSON.parse(row?.payload ?? "{}");
    expect(payload).not.toHaveProperty("originLevel2");
    expect(payload).not.toHaveProperty("username");
  });

  it("answers the visit, forgets the visitor cookie and reports health", async () => {
    const visit = await handler(new Request(`${BASE}/visit`, { headers: { cookie: `coveo_visitorId=${VISITOR}` } }));
    expect(await visit.json()).toEqual({ id: VISITOR, visitorId: VISITOR });
    const fresh = await (await handler(new Request(`${BASE}/visit`))).json();
    expect(fresh.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    const removed = await handler(new Request(`${BASE}/visit`, { method: "DELETE" }));
    expect(removed.status).toBe(200);
    expect(removed.headers.get("set-cookie")).toMatch(/^coveo_visitorId=; Max-Age=0; Path=\//);
    const health = await handler(new Request(`${BASE}/monitoring/health`));
    expect(await health.json()).toEqual({ status: "UP" });
  });

  it("rolls usage-analytics searches and their clicks up with the other searches", async () => {
    const day = searchDb(testDb.db);
    await day
      .updateTable("search_event")
      .set({ created_at: "2026-11-21T10:00:00.000Z" })
      .where("type", "like", "ua.%")
      .execute();
    const report = await rollUpSearchAnalytics({ db: testDb.db, clock });
    expect(report.days).toContain("2026-11-21");
    const stats = await searchQueryStats(testDb.db, { from: "2026-11-21", to: "2026-11-21", storeCode: "fr-ch" });
    expect(stats).toContainEqual({ storeCode: "fr-ch", query: "retour", searches: 1, zeroResults: 0, clicks: 1 });
    expect(await rows("ua.search")).toEqual([]);
  });

  describe("with the coveo.analytics client", () => {
    let server: Server;
    let endpoint: string;

    beforeAll(async () => {
      server = createServer(toNodeListener(handler));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/search/rest/ua`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it("sends search, click, custom and view events and reads visit and health", async () => {
      const client = new CoveoAnalyticsClient({ endpoint, token });
      const answer = await client.sendSearchEvent({
        searchQueryUid: "headless-1",
        queryText: "lieferzeit",
        actionCause: "searchboxSubmit",
        responseTime: 3,
        numberOfResults: 4,
        language: "de",
        originLevel1: "help",
      });
      expect(answer?.visitorId).toMatch(/^[0-9a-f-]{36}$/);
      await client.sendClickEvent({
        searchQueryUid: "headless-1",
        actionCause: "documentOpen",
        documentPosition: 1,
        documentUri: "/de/s/lieferung",
        documentUriHash: "h",
        sourceName: "help",
        documentTitle: "Lieferung",
        language: "de",
        originLevel1: "help",
      });
      await client.sendCustomEvent({ eventType: "help", eventValue: "citationOpen", language: "de" });
      // A view event reads the page's address, referrer and title (the client was built for Node, without them).
      vi.stubGlobal("window", { location: new URL("http://127.0.0.1/de/s/lieferung") });
      vi.stubGlobal("document", { referrer: "", title: "Lieferung", documentElement: { lang: "de" } });
      try {
        await client.sendViewEvent({ contentIdKey: "@uri", contentIdValue: "x", contentType: "help" });
      } finally {
        vi.unstubAllGlobals();
      }
      const stored = await searchDb(testDb.db)
        .selectFrom("search_event")
        .select(["type", "query", "client_id"])
        .where("type", "like", "ua.%")
        .orderBy("id")
        .execute();
      expect(stored.map((r) => r.type)).toEqual(["ua.search", "ua.click", "ua.custom", "ua.view"]);
      expect(stored[0]?.query).toBe("lieferzeit");
      expect(new Set(stored.map((r) => r.client_id)).size).toBe(1);
      expect((await client.getHealth()) as unknown).toEqual({ status: "UP" });
      expect(((await client.getVisit()) as { visitorId: string }).visitorId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
