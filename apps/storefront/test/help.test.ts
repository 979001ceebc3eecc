import { HELP_ARTICLES } from "@vitrine/demo-data";
import { publicApiKey } from "@vitrine/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "./shop-client.ts";

/** The help centre's pages and API in the built shop, without JavaScript (issue 23). */

const SECRET = "a-help-centre-test-secret-of-32-characters";
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ VITRINE_SECRET: SECRET });
});

afterAll(async () => {
  await shop?.close();
});

const page = async (path: string) => {
  const response = await shop.browser().fetch(path);
  return { status: response.status, html: await response.text() };
};
const title = (name: string, language: "de" | "fr" | "en") =>
  HELP_ARTICLES.find((a) => a.name === name)?.versions[language][1] as string;
const slug = (name: string, language: "de" | "fr" | "en") =>
  HELP_ARTICLES.find((a) => a.name === name)?.versions[language][0] as string;
const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe("help centre pages", () => {
  const STORES = [
    { store: "de", language: "de", heading: "Hilfe-Center" },
    { store: "at", language: "de", heading: "Hilfe-Center" },
    { store: "ch", language: "de", heading: "Hilfe-Center" },
    { store: "fr-ch", language: "fr", heading: "Centre d’aide" },
    { store: "en", language: "en", heading: "Help centre" },
  ] as const;
  for (const { store, language, heading } of STORES) {
    it(`/${store}/help/ lists the topics and every article of its language`, async () => {
      const { status, html } = await page(`/${store}/help/`);
      expect(status).toBe(200);
      expect(decode(html)).toContain(`<h1 class="help-page__title">${heading}</h1>`);
      for (const article of HELP_ARTICLES) {
        expect(html).toContain(`href="/${store}/s/${article.versions[language][0]}/"`);
      }
      expect(html).toMatch(new RegExp(`<form[^>]*action="/${store}/help/search/"`));
    });
  }

  it("shows search results, the topic filter and the whole answer without JavaScript", async () => {
    const { status, html } = await page(`/fr-ch/help/search/?q=${encodeURIComponent("Quand serai-je remboursé ?")}`);
    expect(status).toBe(200);
    const text = decode(html);
    expect(text).toContain(title("refund", "fr"));
    // The whole answer in the page, citing the refund article.
    const answer = /<section class="help-answer"[\s\S]*?<\/section>/.exec(text)?.[0] ?? "";
    expect(answer).toContain("5 à 7 jours ouvrés");
    expect(answer).toContain(`href="/fr-ch/s/${slug("refund", "fr")}/"`);
    expect(text).toContain('aria-labelledby="help-filter-heading"');
    // The header's product search box does not take the help question.
    expect(html).not.toMatch(/name="searchTerm"[^>]*value="Quand/);
  });

  it("filters by topic and pages through all articles", async () => {
    const topic = "Zahlung";
    const { html } = await page(`/de/help/search/?q=&category=${encodeURIComponent(topic)}`);
    const links = [...html.matchAll(/<h3 class="help-result__title"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.length).toBe(HELP_ARTICLES.filter((a) => a.category === "payment").length + 1);
    const all = await page("/de/help/search/?q=&page=2");
    expect(all.html).toContain("Seite 2 von");
  });

  it("corrects a misspelt query and says so", async () => {
    const { html } = await page("/en/help/search/?q=paswrd");
    expect(decode(html)).toContain("Showing results for “password” instead of “paswrd”");
    expect(decode(html)).toContain(title("forgot-password", "en"));
  });

  it("says when the help articles cannot answer a question", async () => {
    const { html } = await page(`/de/help/?q=${encodeURIComponent("Wie koche ich Spaghetti Carbonara?")}`);
    expect(decode(html)).toContain("Darauf haben wir in unseren Hilfe-Artikeln keine passende Antwort gefunden");
  });

  it("places a help article in the help centre; the footer links the centre, not every article", async () => {
    const article = await page(`/de/s/${slug("delivery-times", "de")}/`);
    expect(article.status).toBe(200);
    expect(article.html).toContain('class="help-breadcrumb"');
    expect(article.html).toContain('href="/de/help/"');
    const footer = /<nav [^>]*aria-labelledby="footer-service"[^>]*>[\s\S]*?<\/nav>/.exec(article.html)?.[0] ?? "";
    expect(footer).toContain('href="/de/help/"');
    expect(footer).toContain('href="/de/s/versand/"');
    expect(footer).not.toContain(`href="/de/s/${slug("delivery-times", "de")}/"`);
  });
});

describe("help centre API on the shop's origin", () => {
  it("answers the classic search and streams answers with the store's public key", async () => {
    const headers = { authorization: `Bearer ${publicApiKey(SECRET, "en")}`, "content-type": "application/json" };
    const search = await shop.browser().fetch("/api/help/rest/search/v2?organizationId=vitrine", {
      method: "POST",
      headers,
      body: JSON.stringify({ q: "gift card", numberOfResults: 5 }),
    });
    expect(search.status).toBe(200);
    const body = (await search.json()) as {
      results: { title: string; clickUri: string }[];
      totalCountFiltered: number;
    };
    expect(body.results.map((r) => r.title)).toContain(title("redeem", "en"));
    expect(body.results[0]?.clickUri).toMatch(/\/en\/s\/[a-z0-9-]+\/$/);
    const answer = await shop
      .browser()
      .fetch("/api/help/rest/organizations/vitrine/answer/v1/configs/help-centre/generate", {
        method: "POST",
        headers,
        body: JSON.stringify({ q: "How do I redeem a gift card?" }),
      });
    expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(answer.headers.get("x-answer-id")).toMatch(/^[0-9a-f-]{36}$/);
    const stream = await answer.text();
    expect(stream).toContain('"payloadType":"genqa.citationsType"');
    expect(stream).toContain(slug("redeem", "en"));
    const unauthorised = await shop.browser().fetch("/api/help/rest/search/v2", { method: "POST", body: "{}" });
    expect(unauthorised.status).toBe(401);
  });
});
