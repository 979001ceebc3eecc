import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { findContentEntry, listContentEntries } from "./content.ts";
import { exportContent, formatContentImportIssue, importContent, parseContentFile } from "./transfer.ts";

const NOW = new Date("2025-10-01T10:00:00Z");

const entry = (overrides: Record<string, unknown> = {}) => ({
  language: "de",
  slug: "versand",
  pageType: "service",
  title: "Versand",
  draftBlocks: [{ type: "text", html: "<p>Neu: Express am nächsten Tag.</p>" }],
  publishedBlocks: [{ type: "text", html: "<p>Lieferung in 2–4 Werktagen.</p>" }],
  ...overrides,
});

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.destroy();
});

describe(`content import and export (${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"})`, () => {
  it("imports valid entries, defaults applied, and exports them again", async () => {
    const file = [
      entry(),
      entry({ language: "fr", slug: "livraison", title: "Livraison", publishedBlocks: null }),
      entry({
        slug: "",
        pageType: "home",
        title: "Mode",
        seoDescription: "Mode für jeden Tag",
        draftBlocks: [{ type: "banner", title: "Neu", image: { src: "banner/coat/camel.svg", alt: "Mantel" } }],
        publishedBlocks: [],
      }),
    ];
    const result = await importContent(testDb, JSON.stringify(file), NOW);
    expect(result).toEqual({ ok: true, entries: 3 });

    const shipping = await findContentEntry(testDb, "de", "service", "versand");
    expect(shipping?.publishedBlocks).toEqual(file[0]?.publishedBlocks);
    expect(shipping?.publishedAt).toBe(NOW.toISOString());
    const french = await findContentEntry(testDb, "fr", "service", "livraison");
    expect(french?.publishedBlocks).toBeNull();
    expect(french?.publishedAt).toBeNull();
    const home = await findContentEntry(testDb, "de", "home", "");
    expect(home?.draftBlocks[0]).toMatchObject({ type: "banner", textColor: "dark" });

    const exported = await exportContent(testDb);
    expect(exported).toHaveLength(3);
    const again = await importContent(testDb, JSON.stringify(exported), NOW);
    expect(again).toEqual({ ok: true, entries: 3 });
    expect(await exportContent(testDb)).toEqual(exported);
  });

  it("keeps the page key that links a page's languages, and refuses a malformed one", async () => {
    const linked = [entry({ pageKey: "shipping" }), entry({ language: "fr", slug: "livraison", pageKey: "shipping" })];
    expect(await importContent(testDb, JSON.stringify(linked), NOW)).toEqual({ ok: true, entries: 2 });
    expect((await findContentEntry(testDb, "fr", "service", "livraison"))?.pageKey).toBe("shipping");
    expect((await exportContent(testDb)).filter((e) => e.pageKey === "shipping").map((e) => e.slug)).toEqual([
      "versand",
      "livraison",
    ]);
    const bad = await importContent(testDb, JSON.stringify([entry({ pageKey: "Ship ping" })]), NOW);
    expect(bad.ok).toBe(false);
    // Back to the entries the next tests expect.
    await importContent(
      testDb,
      JSON.stringify([
        entry(),
        entry({ language: "fr", slug: "livraison", publishedBlocks: null, title: "Livraison" }),
      ]),
      NOW,
    );
  });

  it("replaces an entry with the same language, page type and slug", async () => {
    const result = await importContent(testDb, JSON.stringify([entry({ title: "Versand & Lieferung" })]), NOW);
    expect(result.ok).toBe(true);
    expect((await findContentEntry(testDb, "de", "service", "versand"))?.title).toBe("Versand & Lieferung");
    expect(await listContentEntries(testDb)).toHaveLength(3);
  });

  it("rejects a file with a bad block, naming entry, field and reason, and imports nothing of it", async () => {
    const before = await exportContent(testDb);
    const file = [
      entry({ slug: "zahlung", title: "Zahlung" }),
      entry({
        slug: "agb",
        title: "AGB",
        draftBlocks: [{ type: "accordion", items: [{ title: "Frage" }] }],
        publishedBlocks: [{ type: "slideshow" }],
      }),
      entry({ slug: "Kontakt Seite", title: "" }),
    ];
    const result = await importContent(testDb, JSON.stringify(file), NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = result.issues.map(formatContentImportIssue);
    expect(lines).toContain("entry 2, draftBlocks.0.items.0.html: value is required.");
    expect(lines.find((l) => l.startsWith("entry 2, publishedBlocks.0.type:"))).toMatch(/not in enum/);
    expect(lines).toContain("entry 3, title: value is an empty string.");
    expect(lines.find((l) => l.startsWith("entry 3, slug:"))).toMatch(/lower-case words/);
    expect(result.issues.some((i) => i.entry === 1)).toBe(false);
    // Entry 1 was fine, but nothing of a rejected file is written.
    expect(await findContentEntry(testDb, "de", "service", "zahlung")).toBeUndefined();
    expect(await exportContent(testDb)).toEqual(before);
  });

  it("rejects duplicates, slugs that do not fit the page type, and files that are not a list", () => {
    const duplicate = parseContentFile(JSON.stringify([entry(), entry({ title: "Noch einmal" })]));
    expect(duplicate.issues).toEqual([
      { entry: 2, field: "slug", reason: 'de service "versand" appears twice (first as entry 1)' },
    ]);
    const slugs = parseContentFile(
      JSON.stringify([
        entry({ pageType: "home", slug: "start" }),
        entry({ slug: "hilfe/versand" }),
        entry({ pageType: "content", slug: "magazin/herbst-looks" }),
      ]),
    );
    expect(slugs.issues).toEqual([
      { entry: 1, field: "slug", reason: "must be empty for the home page" },
      { entry: 2, field: "slug", reason: "must be a single segment for a service page" },
    ]);
    expect(parseContentFile("{").issues[0]?.reason).toMatch(/^not valid JSON/);
    expect(parseContentFile('{"entries":[]}').issues).toEqual([
      { entry: 0, field: "(file)", reason: "must be a JSON array of content entries" },
    ]);
  });
});
