import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  buildDidYouMean,
  buildFacet,
  buildGeneratedAnswer,
  buildNotifyTrigger,
  buildPager,
  buildQueryTrigger,
  buildRedirectionTrigger,
  buildResultList,
  buildResultsPerPage,
  buildSearchBox,
  buildSearchEngine,
  type SearchEngine,
} from "@coveo/headless";
import { writeContentEntries } from "@vitrine/commerce";
import { createTestDatabase, type TestDatabase } from "@vitrine/commerce/testing";
import { buildContentEntries, HELP_ARTICLES } from "@vitrine/demo-data";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publicApiKey } from "../src/api/auth.ts";
import { toNodeListener } from "../src/api/node-server.ts";
import { searchMigrations } from "../src/db/index.ts";
import { HELP_CATEGORY_LABELS } from "../src/help/documents.ts";
import { createHelpHttpHandler } from "../src/help/help-http.ts";
import { createHelpService, HELP_ANSWER_CONFIG_ID, type HelpService } from "../src/help/help-service.ts";
import { addRule } from "../src/merchandising/rules.ts";
import { DIALECT } from "./database.ts";

/**
 * Conformance of the help centre's classic Search API v2: the real `@coveo/headless` 4.0.0 search engine
 * (`buildSearchEngine` with `search.proxyBaseUrl`) against a running Vitrine help search on 127.0.0.1: results,
 * facets, paging, query suggest, facet search, did-you-mean, triggers, and the generated-answer controller
 * reading the answer stream. Headless 4.0 builds the answer URL from the organization id alone
 * (`https://{org}.org.coveo.com/rest/organizations/{org}/answer/v1/…`, no proxy base URL), so the test routes
 * that host to the local server, as a DNS entry would.
 */

const SECRET = "h".repeat(40);
const ORG = "vitrine";
const STEP_TIMEOUT_MS = 5000;
const PLATFORM_HOST = `https://${ORG}.org.coveo.com`;
const CLIENT_DEV_WARNINGS = [
  "An input selector returned a different result",
  "The result function returned its own inputs",
  "SerializableStateInvariantMiddleware took",
  "ImmutableStateInvariantMiddleware took",
];

let testDb: TestDatabase;
let service: HelpService;
let server: Server;
let baseUrl: string;
const realFetch = globalThis.fetch;
const now = new Date();

async function until<T>(read: () => T | undefined | false, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > STEP_TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function engineFor(store: "de" | "fr-ch" | "en" = "de"): SearchEngine {
  return buildSearchEngine({
    configuration: {
      organizationId: ORG,
      accessToken: publicApiKey(SECRET, store),
      search: { proxyBaseUrl: `${baseUrl}/api/help/rest/search/v2`, locale: store === "fr-ch" ? "fr-CH" : "de-DE" },
      analytics: { enabled: false },
    },
    loggerOptions: { level: "silent" },
  });
}

/** Waits until the engine's search has answered (a new response id, not loading). */
async function searched(engine: SearchEngine, previous = ""): Promise<SearchEngine["state"]["search"]> {
  return until(() => {
    const s = engine.state.search;
    if (s.error) throw new Error(`search failed: ${JSON.stringify(s.error)}`);
    return !s.isLoading && s.response.searchUid !== "" && s.response.searchUid !== previous && s;
  }, "a search response");
}

async function submit(engine: SearchEngine, q: string): Promise<SearchEngine["state"]["search"]> {
  const previous = engine.state.search.response.searchUid;
  const box = buildSearchBox(engine);
  box.updateText(q);
  box.submit();
  return searched(engine, previous);
}

const articleTitle = (name: string, language: "de" | "fr" | "en") =>
  HELP_ARTICLES.find((a) => a.name === name)?.versions[language][1] as string;

async function post(path: string, body: unknown, token: string | null = publicApiKey(SECRET, "de")) {
  return realFetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  const warn = console.warn;
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && CLIENT_DEV_WARNINGS.some((p) => (args[0] as string).startsWith(p))) return;
    warn(...args);
  });
  testDb = await createTestDatabase({ modules: [searchMigrations] });
  await writeContentEntries({ db: testDb.db }, buildContentEntries(), now);
  await addRule(
    testDb.db,
    { kind: "notify", store: "de", query: "kontakt", content: "Wir antworten werktags in 24 Stunden." },
    now,
  );
  await addRule(
    testDb.db,
    { kind: "redirect", store: "de", query: "retourenportal", content: "/de/returns-portal/" },
    now,
  );
  await addRule(testDb.db, { kind: "query", store: "de", query: "retoure", content: "rücksendung" }, now);
  service = createHelpService({ db: testDb.db });
  const handler = createHelpHttpHandler(service, SECRET, { rateLimit: false, answerChunkDelayMs: 0 });
  server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The answer endpoint's host (fixed by the client) goes to the local server.
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(PLATFORM_HOST)) return realFetch(`${baseUrl}/api/help${url.slice(PLATFORM_HOST.length)}`, init);
    return realFetch(input, init);
  }) as typeof fetch;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server?.close(resolve));
  await testDb?.destroy();
  vi.restoreAllMocks();
});

describe(`@coveo/headless 4.0.0 search engine against the Vitrine help centre (${DIALECT})`, () => {
  it("finds help articles for a query, in the store's language, with highlights and excerpts", async () => {
    const engine = engineFor("de");
    const results = buildResultList(engine);
    const state = await submit(engine, "Rücksendung");
    expect(state.response.totalCountFiltered).toBeGreaterThan(0);
    const titles = results.state.results.map((r) => r.title);
    expect(titles).toContain(articleTitle("how-to-return", "de"));
    for (const r of results.state.results) {
      expect(r.raw.language).toEqual(["de"]);
      expect(r.clickUri).toMatch(new RegExp(`^${baseUrl}/de/s/[a-z0-9-]+/$`));
      expect(r.excerpt.length).toBeGreaterThan(0);
    }
    const highlighted = results.state.results.find((r) => r.titleHighlights.length > 0);
    expect(highlighted).toBeDefined();

    const fr = engineFor("fr-ch");
    const frResults = buildResultList(fr);
    await submit(fr, "remboursement");
    expect(frResults.state.results.map((r) => r.title)).toContain(articleTitle("refund", "fr"));
    expect(frResults.state.results.every((r) => (r.raw.language as string[])[0] === "fr")).toBe(true);
  });

  it("facets by category: counts, selection narrows the results, exclusion removes them", async () => {
    const engine = engineFor("de");
    const facet = buildFacet(engine, { options: { field: "hc_category", facetId: "category" } });
    // Fields beyond the client's default list come back when asked for (fieldsToInclude).
    const results = buildResultList(engine, { options: { fieldsToInclude: ["hc_category"] } });
    let state = await submit(engine, "");
    const all = state.response.totalCountFiltered;
    expect(all).toBe(HELP_ARTICLES.length + 8);
    const payment = facet.state.values.find((v) => v.value === HELP_CATEGORY_LABELS.payment.de);
    if (!payment) throw new Error("no payment category");
    expect(payment.numberOfResults).toBe(HELP_ARTICLES.filter((a) => a.category === "payment").length + 1);

    facet.toggleSelect(payment);
    state = await searched(engine, state.response.searchUid);
    expect(state.response.totalCountFiltered).toBe(payment.numberOfResults);
    for (const r of results.state.results) expect(r.raw.hc_category).toBe(payment.value);
    expect(facet.state.values.find((v) => v.value === payment.value)?.state).toBe("selected");

    facet.toggleExclude(facet.state.values.find((v) => v.value === payment.value) as typeof payment);
    state = await searched(engine, state.response.searchUid);
    expect(state.response.totalCountFiltered).toBe(all - payment.numberOfResults);
    for (const r of results.state.results) expect(r.raw.hc_category).not.toBe(payment.value);
  });

  it("pages through the results with a page size", async () => {
    const engine = engineFor("en");
    const results = buildResultList(engine);
    const perPage = buildResultsPerPage(engine, { initialState: { numberOfResults: 5 } });
    const pager = buildPager(engine);
    let state = await submit(engine, "");
    expect(perPage.state.numberOfResults).toBe(5);
    const first = results.state.results.map((r) => r.uniqueId);
    expect(first).toHaveLength(5);
    expect(pager.state.maxPage).toBe(Math.ceil(state.response.totalCountFiltered / 5));
    pager.selectPage(3);
    state = await searched(engine, state.response.searchUid);
    expect(engine.state.pagination?.firstResult).toBe(10);
    const third = results.state.results.map((r) => r.uniqueId);
    expect(third).toHaveLength(5);
    expect(third.some((id) => first.includes(id))).toBe(false);
  });

  it("suggests queries as the shopper types and searches facet values", async () => {
    const engine = engineFor("de");
    const box = buildSearchBox(engine, { options: { numberOfSuggestions: 5 } });
    box.updateText("gesch");
    const suggestions = await until(() => box.state.suggestions.length > 0 && box.state.suggestions, "suggestions");
    expect(suggestions.length).toBeLessThanOrEqual(5);
    for (const s of suggestions) expect(s.rawValue.toLowerCase()).toContain("gesch");
    expect(suggestions[0]?.highlightedValue).toMatch(/<b>|<span|gesch/i);

    const facet = buildFacet(engine, { options: { field: "hc_category", facetId: "category" } });
    await submit(engine, "");
    facet.facetSearch.updateText("zahl");
    facet.facetSearch.search();
    const values = await until(
      () => facet.state.facetSearch.values.length > 0 && facet.state.facetSearch.values,
      "facet search",
    );
    expect(values.map((v) => v.rawValue)).toEqual([HELP_CATEGORY_LABELS.payment.de]);
  });

  it("corrects a misspelt query that finds nothing (did you mean)", async () => {
    const engine = engineFor("en");
    const dym = buildDidYouMean(engine);
    const results = buildResultList(engine);
    await submit(engine, "paswrd");
    await until(() => dym.state.wasCorrectedTo !== "" && dym.state, "the correction");
    expect(dym.state.wasCorrectedTo).toBe("password");
    expect(dym.state.originalQuery).toBe("paswrd");
    expect(results.state.results.map((r) => r.title)).toContain(articleTitle("forgot-password", "en"));
  });

  it("fires the merchandising triggers: notify, redirect and query rewrite", async () => {
    const engine = engineFor("de");
    const notify = buildNotifyTrigger(engine);
    const redirect = buildRedirectionTrigger(engine);
    const rewrite = buildQueryTrigger(engine);
    await submit(engine, "Kontakt");
    expect(notify.state.notifications).toEqual(["Wir antworten werktags in 24 Stunden."]);
    await submit(engine, "Retourenportal");
    await until(() => redirect.state.redirectTo, "the redirect");
    expect(redirect.state.redirectTo).toBe("/de/returns-portal/");
    const results = buildResultList(engine);
    await submit(engine, "Retoure");
    await until(() => rewrite.state.wasQueryModified && rewrite.state, "the rewrite");
    expect(rewrite.state.originalQuery).toBe("Retoure");
    expect(rewrite.state.newQuery).toBe("rücksendung");
    expect(results.state.results.map((r) => r.title)).toContain(articleTitle("how-to-return", "de"));
  });

  it("streams a generated answer with citations that the generated-answer controller reads", async () => {
    const engine = engineFor("de");
    const answer = buildGeneratedAnswer(engine, { answerConfigurationId: HELP_ANSWER_CONFIG_ID });
    await submit(engine, "Wie lange dauert die Lieferung nach Österreich?");
    const state = await until(
      () => (!answer.state.isLoading && !answer.state.isStreaming && answer.state.answer ? answer.state : undefined),
      "the answer",
    );
    expect(state.error?.message).toBeUndefined();
    expect(state.answer).toContain("3–5 Werktagen");
    expect(state.answerContentFormat).toBe("text/markdown");
    expect(state.citations[0]?.title).toBe(articleTitle("delivery-times", "de"));
    expect(state.citations[0]?.clickUri).toBe(`${baseUrl}/de/s/lieferzeiten/`);
    expect(state.cannotAnswer).toBe(false);
    // The client keeps the x-answer-id header with the streamed answer (its answer cache, for feedback).
    const cache = (engine.state as unknown as { answer: { queries: Record<string, { data?: { answerId?: string } }> } })
      .answer.queries;
    expect(Object.values(cache).map((q) => q.data?.answerId)).toContainEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));

    await submit(engine, "Wer hat die Fußball-Weltmeisterschaft 2014 gewonnen?");
    await until(() => answer.state.cannotAnswer && answer.state, "cannotAnswer");
    expect(answer.state.answer ?? "").toBe("");
    expect(answer.state.citations).toEqual([]);
  });
});

/** Reads an event stream (`data: …` lines, events separated by a blank line). */
async function readEventStream(
  response: Response,
): Promise<{ payloadType: string; payload: string; finishReason?: string }[]> {
  const text = await response.text();
  return text
    .split(/\n\n/)
    .map((block) =>
      block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim())
        .join("\n"),
    )
    .filter((data) => data !== "")
    .map((data) => JSON.parse(data));
}

describe(`the help centre's HTTP API (${DIALECT})`, () => {
  const SEARCH = "/api/help/rest/search/v2";
  const ANSWER = `/api/help/rest/organizations/${ORG}/answer/v1/configs/${HELP_ANSWER_CONFIG_ID}/generate`;

  it("streams header, text, citations and end of stream, with x-answer-id", async () => {
    const response = await post(ANSWER, { q: "Kann ich mit PayPal bezahlen?" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const answerId = response.headers.get("x-answer-id");
    expect(answerId).toMatch(/^[0-9a-f-]{36}$/);
    const messages = await readEventStream(response);
    expect(messages[0]?.payloadType).toBe("genqa.headerMessageType");
    expect(JSON.parse(messages[0]?.payload as string)).toEqual({ contentFormat: "text/markdown" });
    const texts = messages
      .filter((m) => m.payloadType === "genqa.messageType")
      .map((m) => JSON.parse(m.payload).textDelta);
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join("")).toContain("PayPal");
    const citations = messages.find((m) => m.payloadType === "genqa.citationsType");
    const cited = JSON.parse(citations?.payload as string).citations as { title: string; permanentid: string }[];
    expect(cited.map((c) => c.permanentid)).toContain("de:paypal");
    const end = messages.at(-1);
    expect(end?.payloadType).toBe("genqa.endOfStreamType");
    expect(JSON.parse(end?.payload as string)).toEqual({ answerGenerated: true });
    expect(end?.finishReason).toBe("COMPLETED");

    const refused = await readEventStream(await post(ANSWER, { q: "Wie koche ich Spaghetti Carbonara?" }));
    expect(refused.map((m) => m.payloadType)).toEqual(["genqa.headerMessageType", "genqa.endOfStreamType"]);
    expect(JSON.parse(refused[1]?.payload as string)).toEqual({ answerGenerated: false });
  });

  it("narrows answers and results with aq, cq, lq and dq", async () => {
    const body = (extra: object) => post(SEARCH, { q: "", numberOfResults: 100, ...extra }).then((r) => r.json());
    const paymentOnly = await body({ aq: "@hc_categoryid==payment" });
    expect(paymentOnly.results.length).toBeGreaterThan(0);
    for (const r of paymentOnly.results) expect(r.raw.hc_categoryid).toBe("payment");
    const withTerms = await body({ aq: "@hc_categoryid==payment", dq: "@slug==agb" });
    expect(withTerms.totalCountFiltered).toBe(paymentOnly.totalCountFiltered + 1);
    const notPayment = await body({ cq: "NOT @hc_categoryid==(payment,returns)" });
    for (const r of notPayment.results) expect(["payment", "returns"]).not.toContain(r.raw.hc_categoryid);
    const large = await body({ lq: "Kaschmir Nachnahme" });
    const largeSlugs = large.results.map((r: { raw: { slug: string } }) => r.raw.slug);
    expect(largeSlugs).toEqual(expect.arrayContaining(["nachnahme", "wolle-kaschmir-pflege"]));
    expect(largeSlugs.length).toBeLessThan(5);
    const sorted = await body({ sortCriteria: "@title ascending", aq: "@hc_categoryid==returns" });
    const titles = sorted.results.map((r: { title: string }) => r.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b, "de")));
    // Answers only cite what the filters keep.
    const filtered = await readEventStream(
      await post(ANSWER, { q: "Kann ich mit PayPal bezahlen?", aq: "@hc_categoryid==returns" }),
    );
    const cites = filtered.find((m) => m.payloadType === "genqa.citationsType");
    if (cites) for (const c of JSON.parse(cites.payload).citations) expect(c.permanentid).not.toBe("de:paypal");
  });

  it("finds articles for a whole question: question words dropped, then a partial match", async () => {
    const en = publicApiKey(SECRET, "en");
    const question = await (await post(SEARCH, { q: "How do I redeem a gift card?" }, en)).json();
    expect(question.results[0].raw.slug).toBe("redeem-a-gift-card");
    const partial = await (await post(SEARCH, { q: "gift card redeem cinema" }, en)).json();
    expect(partial.results.map((r: { raw: { slug: string } }) => r.raw.slug)).toContain("redeem-a-gift-card");
    const none = await (await post(SEARCH, { q: "cinema popcorn" }, en)).json();
    expect(none.totalCountFiltered).toBe(0);
  });

  it("keeps first result plus count within the 5,000 result window", async () => {
    const response = await post(SEARCH, { q: "", firstResult: 4995, numberOfResults: 100 });
    expect(response.status).toBe(200);
    expect((await response.json()).results).toEqual([]);
    const edge = await (await post(SEARCH, { q: "", firstResult: 50, numberOfResults: 10 })).json();
    expect(edge.results).toHaveLength(HELP_ARTICLES.length + 8 - 50);
  });

  it("answers bad requests with clear 4xx errors in the protocol's shape", async () => {
    const expectError = async (response: Response, status: number, type: string, message: RegExp) => {
      expect(response.status).toBe(status);
      const body = await response.json();
      expect(body).toEqual({ statusCode: status, type, message: expect.stringMatching(message) });
    };
    await expectError(
      await post(SEARCH, { numberOfResults: -1 }),
      400,
      "InvalidRequest",
      /properties are invalid[\s\S]*numberOfResults/,
    );
    await expectError(await post(SEARCH, { numberOfResults: 1001 }), 400, "InvalidRequest", /numberOfResults/);
    await expectError(
      await post(SEARCH, { aq: "@hc_categoryid==(payment" }),
      400,
      "InvalidRequest",
      /aq: .*parenthesis/,
    );
    await expectError(await post(SEARCH, { aq: "@nosuchfield==x" }), 400, "InvalidRequest", /does not exist/);
    await expectError(
      await post(SEARCH, { facets: [{ facetId: "x", field: "title" }] }),
      400,
      "InvalidRequest",
      /not a facet field/,
    );
    await expectError(await post(SEARCH, { sortCriteria: "price upwards" }), 400, "InvalidRequest", /sort criterion/);
    await expectError(await post(SEARCH, "{not json"), 400, "InvalidRequest", /not valid JSON/);
    await expectError(await post(SEARCH, {}, null), 401, expect.any(String) as unknown as string, /./);
    await expectError(await post(ANSWER, { q: 42 }), 400, "InvalidRequest", /q/);
    await expectError(
      await post(ANSWER.replace(HELP_ANSWER_CONFIG_ID, "nope"), { q: "x" }),
      404,
      "NotFound",
      /answer configuration/,
    );
    await expectError(
      await realFetch(`${baseUrl}${SEARCH}`, { headers: { authorization: `Bearer ${publicApiKey(SECRET, "de")}` } }),
      405,
      "MethodNotAllowed",
      /POST/,
    );
    await expectError(await post("/api/help/rest/search/v3", {}), 404, "NotFound", /No help endpoint/);
  });
});
