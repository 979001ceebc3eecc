import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, newPage } from "./fixtures.ts";

/**
 * The help centre (issue 23) in German, Swiss French and English: the topics, a question typed and submitted
 * with the keyboard, the answer streaming into its live region with its sources, the results with the topic
 * filter, a cited article; the same without JavaScript (the answer comes whole in the page). Screenshots at
 * 1440 and 375 px go to test-results/screenshots/help-*.png.
 */

const SCREENSHOTS = "test-results/screenshots";
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

const CASES = [
  {
    store: "de",
    locale: "de-DE",
    centre: "Hilfe-Center",
    question: "Wie lange dauert die Lieferung nach Österreich?",
    answerText: "3–5 Werktagen",
    source: "Wie lange dauert die Lieferung?",
    answerHeading: "Antwort",
  },
  {
    store: "fr-ch",
    locale: "fr-CH",
    centre: "Centre d’aide",
    question: "Quand serai-je remboursé après mon retour ?",
    answerText: "5 à 7 jours ouvrés",
    source: "Quand serai-je remboursé ?",
    answerHeading: "Réponse",
  },
  {
    store: "en",
    locale: "en-GB",
    centre: "Help centre",
    question: "How do I redeem a gift card?",
    answerText: "enter the code",
    source: "Redeeming a gift card",
    answerHeading: "Answer",
  },
] as const;

async function screenshot(page: Page, name: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    // From the top, once the layout has settled (the navigation drawer's transition otherwise shows mid-way).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENSHOTS}/help-${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0] as { width: number; height: number });
}

for (const c of CASES) {
  test(`${c.store}: ask the help centre with the keyboard, the answer streams in with its sources`, async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 }, c.locale);
    await page.goto(`/${c.store}/help/`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: c.centre })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (c.store === "de") await screenshot(page, "centre");

    // Keyboard only: focus the question field, type, submit with Enter.
    const field = page.getByRole("searchbox", { name: /Frage|Question/ }).first();
    await field.focus();
    await page.keyboard.type(c.question);
    const stream = page.waitForResponse((r) => r.url().includes("/answer/v1/configs/help-centre/generate"));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/help\/search\/\?q=/);
    // The answer streams from the answer endpoint (an event stream) into the page.
    const response = await stream;
    expect(response.headers()["content-type"]).toMatch(/^text\/event-stream/);
    expect(response.headers()["x-answer-id"]).toBeTruthy();

    const answer = page.getByRole("region", { name: c.answerHeading });
    const live = answer.locator("[aria-live=polite]");
    await expect(live).toBeVisible();
    await expect(live).toHaveAttribute("aria-busy", "false");
    await expect(live).toContainText(c.answerText);
    const source = answer.getByRole("link", { name: c.source });
    await expect(source).toBeVisible();
    await expect(page.locator(".help-result").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `search-${c.store}`);

    // The source opens the article, placed in the help centre.
    await source.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: c.source })).toBeVisible();
    await expect(page.getByRole("navigation", { name: /Navigationspfad|Fil d’Ariane|Breadcrumb/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (c.store === "de") await screenshot(page, "article");
    await context.close();
  });

  test(`${c.store}: the help centre works without JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: c.locale });
    const page = await context.newPage();
    await page.goto(`/${c.store}/help/`);
    const form = page.locator(".help-search");
    await form.getByRole("searchbox").fill(c.question);
    await form.getByRole("button").click();
    await page.waitForURL(/\/help\/search\/\?q=/);
    const answer = page.getByRole("region", { name: c.answerHeading });
    await expect(answer).toContainText(c.answerText);
    await expect(answer.getByRole("link", { name: c.source })).toBeVisible();
    // The topic filter and its links work as plain links.
    const filter = page.getByRole("navigation", { name: /Thema|Thème|Topic/ });
    await filter.getByRole("link").nth(1).click();
    await expect(page).toHaveURL(/category=/);
    await expect(page.locator(".help-result").first()).toBeVisible();
    // (axe needs scripts in the page: the same pages are checked in the journey with JavaScript.)
    if (c.store === "de") await screenshot(page, "search-nojs");
    await context.close();
  });
}

test("an off-topic question says the help centre cannot answer it", async ({ browser }) => {
  const { context, page } = await newPage(browser, { width: 375, height: 812 }, "de-DE");
  await page.goto(`/de/help/search/?q=${encodeURIComponent("Wie koche ich Spaghetti Carbonara?")}`);
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Antwort" })).toContainText("keine passende Antwort");
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test.describe("the answer stream's retries (section 9: 3 retries, reconnect after 1000 ms)", () => {
  const ANSWER = "**/answer/v1/configs/help-centre/generate";

  async function ask(page: Page, question: string) {
    await page.goto("/de/help/");
    await hydrated(page);
    const field = page.getByRole("searchbox", { name: /Frage/ }).first();
    await field.fill(question);
    await field.press("Enter");
    await page.waitForURL(/\/help\/search\/\?q=/);
  }

  test("a 503 and a stream broken off are tried again: the shopper gets the whole answer", async ({ browser }) => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 }, "de-DE");
    let calls = 0;
    const retryNotes: string[] = [];
    await page.route(ANSWER, async (route) => {
      calls++;
      if (calls === 1) return route.fulfill({ status: 503, body: "busy" });
      if (calls === 2) {
        // The header and half an answer, then the connection ends without the end of the stream.
        const header = { payloadType: "genqa.headerMessageType", payload: '{"contentFormat":"text/plain"}' };
        const half = { payloadType: "genqa.messageType", payload: '{"textDelta":"Halbe Antwort "}' };
        return route.fulfill({
          status: 200,
          headers: { "content-type": "text/event-stream" },
          body: `data: ${JSON.stringify(header)}\n\ndata: ${JSON.stringify(half)}\n\n`,
        });
      }
      return route.fallback();
    });
    const answer = page.getByRole("region", { name: "Antwort" });
    const live = answer.locator("[aria-live=polite]");
    const watching = (async () => {
      // While reconnecting, the shopper is told so (polled while the page waits for the next try).
      for (let i = 0; i < 60 && calls < 3; i++) {
        const text = (await live.textContent()) ?? "";
        if (text.includes("Die Verbindung wurde unterbrochen")) retryNotes.push(text);
        await page.waitForTimeout(50);
      }
    })();
    await ask(page, "Wie lange dauert die Lieferung nach Österreich?");
    await expect(live).toContainText("3–5 Werktagen", { timeout: 15_000 });
    await watching;
    expect(calls).toBe(3);
    expect(retryNotes.length).toBeGreaterThan(0);
    await expect(live).not.toContainText("Halbe Antwort");
    await expect(live).toHaveAttribute("aria-busy", "false");
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test("after 3 retries the page says the answer could not be loaded, and the results stay", async ({ browser }) => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 }, "de-DE");
    let calls = 0;
    await page.route(ANSWER, (route) => {
      calls++;
      return route.fulfill({ status: 502, body: "bad gateway" });
    });
    await ask(page, "Wie lange dauert die Lieferung nach Österreich?");
    const answer = page.getByRole("region", { name: "Antwort" });
    await expect(answer).toContainText("Die Antwort konnte gerade nicht geladen werden", { timeout: 15_000 });
    expect(calls).toBe(4);
    await expect(page.locator(".help-result").first()).toBeVisible();
    await context.close();
  });

  test("a refusal (400) is not tried again", async ({ browser }) => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 }, "de-DE");
    let calls = 0;
    await page.route(ANSWER, (route) => {
      calls++;
      return route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 400, message: "bad", type: "InvalidRequest" }),
      });
    });
    await ask(page, "Wie lange dauert die Lieferung nach Österreich?");
    await expect(page.getByRole("region", { name: "Antwort" })).toContainText(
      "Die Antwort konnte gerade nicht geladen werden",
    );
    await page.waitForTimeout(1500);
    expect(calls).toBe(1);
    await context.close();
  });
});
