import { type Db, listAudit, type StaffRole, setSetting } from "@vitrine/commerce";
import { listRules, listSynonyms, ROLLED_UP_THROUGH_KEY, searchDb } from "@vitrine/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffBrowser } from "./admin-fixtures.ts";
import { openShopDatabase } from "./basket-fixtures.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * Issue 21, search merchandising and analytics over HTTP against the built storefront: who may open the search
 * screens, the analytics from the roll-ups with the link from a query without results to a prefilled synonym form,
 * the "try it" panel (nothing saved), synonyms and rules added, changed and removed with their audit entries, and
 * the shop's search following a change through the event feed.
 */
let shop: TestShop;
let db: Db;
const NOTHING = "xqzfummel";

beforeAll(async () => {
  shop = await startTestShop();
  db = openShopDatabase();
});

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

const SCREENS = ["/admin/search/analytics/", "/admin/search/synonyms/", "/admin/search/rules/"];
const ROLES: [StaffRole, number][] = [
  ["owner", 200],
  ["merchandiser", 200],
  ["warehouse", 403],
  ["customer_service", 403],
];

/** The search page of the German store until `found` holds (the shop follows changes within 2 s). */
async function searchPage(query: string, found: (html: string, status: number) => boolean): Promise<string> {
  const browser = shop.browser();
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await browser.fetch(`/de/search/?searchTerm=${encodeURIComponent(query)}`);
    const html = response.status === 200 ? await response.text() : (response.headers.get("location") ?? "");
    if (found(html, response.status)) return html;
    if (Date.now() > deadline) throw new Error(`the search for ${query} did not change: ${response.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("search screens: roles", () => {
  it.each(ROLES)("answers %s with %i", async (role, status) => {
    const { browser } = await staffBrowser(shop, db, role);
    for (const path of SCREENS) expect((await browser.fetch(path)).status, path).toBe(status);
    const start = await browser.fetch("/admin/search/");
    expect(start.status).toBe(status === 200 ? 302 : 403);
    if (status === 200) {
      expect(start.headers.get("location")).toBe("/admin/search/analytics/");
      expect(await (await browser.fetch("/admin/")).text()).toContain('href="/admin/search/"');
    }
  });

  it("refuses the warehouse's changes with 403 and saves nothing", async () => {
    const { browser } = await staffBrowser(shop, db, "warehouse");
    const synonyms = (await listSynonyms(db)).length;
    const rules = (await listRules(db)).length;
    const synonym = await browser.submit("/admin/search/synonyms/", { intent: "save", language: "de", terms: "a, b" });
    expect(synonym.status).toBe(403);
    const rule = await browser.submit("/admin/search/rules/", {
      intent: "save",
      kind: "notify",
      store: "*",
      query: "x",
      content: "y",
    });
    expect(rule.status).toBe(403);
    expect(await browser.submit("/admin/search/rules/", { intent: "remove", id: "1" })).toHaveProperty("status", 403);
    expect((await listSynonyms(db)).length).toBe(synonyms);
    expect((await listRules(db)).length).toBe(rules);
  });
});

describe("search analytics", () => {
  it("shows the roll-ups as tables and charts, and links a query without results to a prefilled synonym form", async () => {
    const { browser } = await staffBrowser(shop, db, "merchandiser");
    const empty = await (await browser.fetch("/admin/search/analytics/")).text();
    expect(empty).toContain("Noch keine Auswertung");

    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    await searchDb(db)
      .insertInto("search_query_daily")
      .values([
        { day: day(1), store_code: "de", query: "kleid", searches: 40, zero_results: 0, clicks: 10 },
        { day: day(1), store_code: "de", query: NOTHING, searches: 6, zero_results: 6, clicks: 0 },
        { day: day(2), store_code: "fr-ch", query: "robe", searches: 9, zero_results: 0, clicks: 3 },
      ])
      .execute();
    await setSetting({ db }, ROLLED_UP_THROUGH_KEY, day(1), new Date());

    const html = await (await browser.fetch("/admin/search/analytics/?store=de&days=7")).text();
    expect(html).toMatch(/<dd>46<\/dd>/);
    expect(html).toContain("Suchen ohne Treffer");
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-describedby="days-table"/);
    expect(html).toContain('id="days-table"');
    expect(html).not.toContain(">robe<");
    const link = `/admin/search/synonyms/?query=${NOTHING}&amp;store=de&amp;language=de`;
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain(`href="/admin/search/rules/?query=${NOTHING}&amp;store=de&amp;kind=redirect"`);

    const all = await (await browser.fetch("/admin/search/analytics/?days=30")).text();
    expect(all).toMatch(/<dd>55<\/dd>/);
    expect(all).toContain(">robe<");

    const form = await (await browser.fetch(link.replaceAll("&amp;", "&"))).text();
    expect(form).toMatch(new RegExp(`name="terms"[^>]*value="${NOTHING}, "`));
    expect(form).toMatch(new RegExp(`name="tryQuery"[^>]*value="${NOTHING}"`));
    expect(form).toMatch(/<option value="de" selected="">Deutsch<\/option>/);
  });
});

describe("synonyms", () => {
  it("tries, refuses, adds, changes and removes synonyms; each change audited and followed by the shop's search", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "merchandiser");
    const draft = { language: "de", terms: `${NOTHING}, kleid`, tryStore: "de", tryQuery: NOTHING };
    const tried = await browser.submit("/admin/search/synonyms/", { intent: "try", ...draft });
    expect(tried.status).toBe(200);
    const triedHtml = await tried.text();
    expect(triedHtml).toMatch(/<h3>Jetzt<\/h3><p class="admin-try__total">Keine Treffer<\/p>/);
    expect(triedHtml).toMatch(/<h3>Mit der Änderung<\/h3><p class="admin-try__total">\d+ Treffer<\/p>/);
    expect(await listSynonyms(db)).toEqual([]);

    const refused = await browser.submit("/admin/search/synonyms/", {
      intent: "save",
      language: "de",
      terms: "shoes for running in the rain, tee",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Wörter: a synonym has at most 4 words.");

    await searchPage(NOTHING, (html) => html.includes(`Keine Ergebnisse für „${NOTHING}“`));
    const saved = await browser.submit("/admin/search/synonyms/", { intent: "save", ...draft });
    expect(saved.status).toBe(302);
    const [synonym] = await listSynonyms(db);
    expect(synonym).toMatchObject({ language: "de", terms: [NOTHING, "kleid"], oneWay: false });
    expect(saved.headers.get("location")).toBe(`/admin/search/synonyms/?done=added&id=${synonym?.id}`);
    const list = await (await browser.fetch(saved.headers.get("location") as string)).text();
    expect(list).toContain(`Synonyme ${synonym?.id} sind angelegt.`);
    expect(list).toContain(`<td>${NOTHING}, kleid</td>`);
    // The shop's search follows within 2 s.
    const started = Date.now();
    await searchPage(NOTHING, (html) => html.includes("product-tile__name") && !html.includes("Keine Ergebnisse für"));
    expect(Date.now() - started).toBeLessThan(2500);

    const edit = await (await browser.fetch(`/admin/search/synonyms/?edit=${synonym?.id}`)).text();
    expect(edit).toMatch(new RegExp(`value="${NOTHING}, kleid"`));
    const changed = await browser.submit("/admin/search/synonyms/", {
      intent: "save",
      id: String(synonym?.id),
      language: "*",
      terms: `${NOTHING}, kleid, robe`,
      oneWay: "on",
    });
    expect(changed.status).toBe(302);
    expect((await listSynonyms(db))[0]).toMatchObject({ language: "*", oneWay: true });
    const removed = await browser.submit("/admin/search/synonyms/", { intent: "remove", id: String(synonym?.id) });
    expect(removed.headers.get("location")).toBe(`/admin/search/synonyms/?done=removed&id=${synonym?.id}`);
    expect(await listSynonyms(db)).toEqual([]);
    expect((await browser.submit("/admin/search/synonyms/", { intent: "remove", id: "999999" })).status).toBe(404);
    await searchPage(NOTHING, (html) => html.includes(`Keine Ergebnisse für „${NOTHING}“`));

    const audit = await listAudit({ db }, { subjectType: "search.synonym" });
    expect(audit.entries.map((e) => e.action)).toEqual([
      "search.synonym.remove",
      "search.synonym.update",
      "search.synonym.add",
    ]);
    expect(audit.entries[2]).toMatchObject({ actor: { type: "staff", id: staff.staff.id } });
  });
});

describe("rules", () => {
  it("shows every problem of a rule at once, tries a redirect, adds, changes and removes it", async () => {
    const { browser, staff } = await staffBrowser(shop, db, "owner");
    const refused = await browser.submit("/admin/search/rules/", {
      intent: "save",
      kind: "redirect",
      store: "de",
      query: "",
      match: "exact",
      content: "javascript:alert(1)",
    });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Suchanfrage:");
    expect(refusedHtml).toContain("Ziel, neue Suchanfrage oder Hinweis: value is not a valid URL.");
    expect(refusedHtml).toContain('value="javascript:alert(1)"');
    const pin = await browser.submit("/admin/search/rules/", {
      intent: "save",
      kind: "pin",
      store: "*",
      category: "no-such-category",
      products: "1",
    });
    expect(pin.status).toBe(400);
    expect(await pin.text()).toContain("Kategorie: no category has the key");

    const rule = { kind: "redirect", store: "de", query: "Versandkosten", match: "exact", content: "/s/versand/" };
    const tried = await (
      await browser.submit("/admin/search/rules/", {
        intent: "try",
        ...rule,
        tryStore: "de",
        tryQuery: "versandkosten",
      })
    ).text();
    expect(tried).toContain("Weiterleitung: <code>/s/versand/</code>");
    expect(await listRules(db)).toEqual([]);

    // Pinned products are tried in their category's listing: the pinned product comes first.
    const dresses = await db
      .selectFrom("product_category as pc")
      .innerJoin("category as c", "c.id", "pc.category_id")
      .select("pc.product_id")
      .where("c.key", "=", "women-dresses")
      .orderBy("pc.product_id", "desc")
      .execute();
    const last = String(dresses[0]?.product_id);
    const pinTry = await (
      await browser.submit("/admin/search/rules/", {
        intent: "try",
        kind: "pin",
        store: "de",
        category: "women-dresses",
        products: last,
        tryStore: "de",
      })
    ).text();
    const firstAfter =
      /Mit der Änderung<\/h3>.*?<ol class="admin-try__products"><li>.*?<span class="admin-cell-sub">[^<]*? · (\d+)<\/span>/s;
    expect(firstAfter.exec(pinTry)?.[1]).toBe(last);
    expect(await listRules(db)).toEqual([]);

    const saved = await browser.submit("/admin/search/rules/", { intent: "save", ...rule });
    expect(saved.status).toBe(302);
    const [stored] = await listRules(db);
    expect(stored).toMatchObject({ kind: "redirect", store: "de", query: "versandkosten", content: "/s/versand/" });
    await searchPage("Versandkosten", (location, status) => status === 302 && location === "/de/s/versand/");

    const changed = await browser.submit("/admin/search/rules/", {
      intent: "save",
      id: String(stored?.id),
      ...rule,
      kind: "notify",
      content: "Ab 50 € versandkostenfrei",
    });
    expect(changed.status).toBe(302);
    await searchPage("Versandkosten", (html, status) => status === 200 && html.includes("Ab 50 € versandkostenfrei"));
    expect((await browser.submit("/admin/search/rules/", { intent: "remove", id: String(stored?.id) })).status).toBe(
      302,
    );
    expect(await listRules(db)).toEqual([]);
    const audit = await listAudit({ db }, { subjectType: "search.rule", subjectId: stored?.id });
    expect(audit.entries.map((e) => [e.action, e.actor.type])).toEqual([
      ["search.rule.remove", "staff"],
      ["search.rule.update", "staff"],
      ["search.rule.add", "staff"],
    ]);
    expect(audit.entries[2]?.actor).toMatchObject({ id: staff.staff.id });
  });
});
