import { writeContentEntries } from "@vitrine/commerce";
import { createTestDatabase, type TestDatabase } from "@vitrine/commerce/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchMigrations } from "../src/db/index.ts";
import { createHelpService, type HelpService, helpConcerns } from "../src/help/help-service.ts";
import { addSynonym } from "../src/merchandising/rules.ts";
import { createSearchService, type SearchService } from "../src/service.ts";
import { DIALECT } from "./database.ts";

/**
 * Issue 23: the help index follows the core's event feed as the product index does (no polling of the content):
 * a content publish (or a synonym rule) committed by any process reaches this process's help search once its
 * search service has read the feed. Driven by `search.refresh()` (the feed read its timer and PostgreSQL's
 * wake-up call), so nothing here depends on time.
 */

let testDb: TestDatabase;
let search: SearchService;
let help: HelpService;
/** A help service no feed listener tells: it keeps what it read first (it does not poll the content). */
let unfollowed: HelpService;
const now = new Date("2026-06-01T10:00:00Z");

const article = (slug: string, title: string, text: string): Parameters<typeof writeContentEntries>[1][number] => ({
  language: "de",
  slug,
  pageType: "service",
  pageKey: null,
  title,
  seoTitle: title,
  seoDescription: text,
  draftBlocks: [{ type: "text", html: `<p>${text}</p>` }],
  publishedBlocks: [{ type: "text", html: `<p>${text}</p>` }],
});

const helpTitles = async (q: string, service = help) => {
  const response = await service.search("de", { q }, "http://shop.test");
  return response.results.map((r) => r.title);
};

beforeAll(async () => {
  testDb = await createTestDatabase({ modules: [searchMigrations] });
  const { db } = testDb;
  await writeContentEntries(
    { db },
    [article("versand", "Versand und Lieferung", "Wir liefern in zwei bis vier Werktagen.")],
    now,
  );
  // Long polling: only the explicit reads below move the feed.
  search = createSearchService({ db, secret: "s".repeat(32), pollIntervalMs: 1000 });
  await search.start();
  help = createHelpService({ db });
  unfollowed = createHelpService({ db });
  search.onFeedEvents(({ events, full }) => {
    if (full || helpConcerns(events)) void help.changed();
  });
});

afterAll(async () => {
  await search?.stop();
  await testDb?.destroy();
});

describe(`the help index follows the event feed (${DIALECT})`, () => {
  it("finds an article published after its first read once the feed was read, not before", async () => {
    expect(await helpTitles("Geschenkverpackung")).toEqual([]);
    expect(await helpTitles("Geschenkverpackung", unfollowed)).toEqual([]);
    await writeContentEntries(
      { db: testDb.db },
      [article("geschenk", "Geschenkverpackung", "Jede Bestellung kann als Geschenk verpackt werden.")],
      now,
    );
    await search.refresh();
    await help.changed();
    expect(await helpTitles("Geschenkverpackung")).toEqual(["Geschenkverpackung"]);
    // The change reached the help index through the feed, not by the help service reading the content itself.
    expect(await helpTitles("Geschenkverpackung", unfollowed)).toEqual([]);
  });

  it("drops an article taken offline, and follows a synonym rule", async () => {
    await writeContentEntries(
      { db: testDb.db },
      [
        {
          ...article("geschenk", "Geschenkverpackung", "Jede Bestellung kann als Geschenk verpackt werden."),
          publishedBlocks: null,
        },
      ],
      now,
    );
    await search.refresh();
    await help.changed();
    expect(await helpTitles("Geschenkverpackung")).toEqual([]);

    expect(await helpTitles("Kurierdienst")).toEqual([]);
    expect(await addSynonym(testDb.db, { language: "de", terms: ["kurierdienst", "versand"] }, now)).toMatchObject({
      ok: true,
    });
    await search.refresh();
    await help.changed();
    expect(await helpTitles("Kurierdienst")).toEqual(["Versand und Lieferung"]);
  });

  it("reads again when a change arrives while a read runs (the last change is never missed)", async () => {
    const first = help.changed();
    await writeContentEntries(
      { db: testDb.db },
      [article("gutschein", "Gutscheine einlösen", "Gutscheine löst du im Warenkorb ein.")],
      now,
    );
    const second = help.changed();
    await Promise.all([first, second]);
    expect(await helpTitles("Gutscheine")).toEqual(["Gutscheine einlösen"]);
  });

  it("tells which events concern the help index", () => {
    const event = (type: string, entity: string, entityId = "1") => ({ type, entity, entityId });
    expect(helpConcerns([event("content.published", "content")])).toBe(true);
    expect(helpConcerns([event("content.changed", "content")])).toBe(true);
    expect(helpConcerns([event("catalog.changed", "merchandising")])).toBe(true);
    expect(helpConcerns([event("catalog.changed", "catalog", "*")])).toBe(true);
    expect(helpConcerns([event("catalog.changed", "product"), event("stock.changed", "product")])).toBe(false);
    expect(helpConcerns([event("order.placed", "order")])).toBe(false);
  });
});
