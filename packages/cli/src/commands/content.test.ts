import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** The CLI against its own database: a SQLite file in a temporary folder, or a fresh PostgreSQL schema. */
const { cli, dir } = cliHarness("content");

const pages = [
  {
    language: "en",
    slug: "shipping",
    pageType: "service",
    title: "Shipping",
    draftBlocks: [{ type: "text", html: "<p>Soon: next-day delivery.</p>" }],
    publishedBlocks: [{ type: "text", html: "<p>2–4 working days.</p>" }],
  },
  {
    language: "en",
    slug: "sustainability",
    pageType: "content",
    title: "Sustainability",
    draftBlocks: [
      {
        type: "product_slider",
        title: "Favourites",
        source: { kind: "category", categoryKey: "women-knitwear" },
      },
    ],
    publishedBlocks: null,
  },
];

describe("vitrine content import / export", () => {
  it("imports a file and exports it again", async () => {
    const file = join(dir, "content.json");
    writeFileSync(file, JSON.stringify(pages));
    const imported = await cli("content", "import", file);
    expect(imported.err).toEqual([]);
    expect(imported.out).toEqual(["Imported 2 content entries"]);
    expect(imported.code).toBe(0);

    const exported = await cli("content", "export");
    expect(exported.code).toBe(0);
    const entries = JSON.parse(exported.out.join("\n"));
    // Sorted by language, page type and slug; defaults written out.
    expect(entries.map((e: { slug: string }) => e.slug)).toEqual(["sustainability", "shipping"]);
    expect(entries[0]).toMatchObject({ publishedBlocks: null, seoTitle: "", seoDescription: "" });
    expect(entries[0].draftBlocks[0]).toMatchObject({ limit: 12 });

    const out = join(dir, "export.json");
    const toFile = await cli("content", "export", "--out", out);
    expect(toFile.err).toEqual([`Exported 2 content entries to ${out}`]);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(entries);
  });

  it("rejects an invalid file with entry, field and reason, and imports nothing", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(
      file,
      JSON.stringify([
        { ...pages[0], title: "Delivery" },
        {
          ...pages[1],
          draftBlocks: [{ type: "product_slider", title: "x", source: { kind: "bestsellers" } }],
        },
      ]),
    );
    const result = await cli("content", "import", file);
    expect(result.code).toBe(1);
    expect(result.err[0]).toBe(`Rejected ${file}: 1 problem(s), nothing was imported`);
    expect(result.err[1]).toMatch(
      /^ {2}entry 2, draftBlocks\.0\.source\.kind: value is not in enum\. Allowed: products, category, recommendation$/,
    );
    const exported = JSON.parse((await cli("content", "export")).out.join("\n"));
    expect(exported.find((e: { slug: string }) => e.slug === "shipping").title).toBe("Shipping");
  });

  it("says why a file cannot be read", async () => {
    const result = await cli("content", "import", join(dir, "missing.json"));
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/^Cannot read .*missing\.json: ENOENT/);
  });
});
