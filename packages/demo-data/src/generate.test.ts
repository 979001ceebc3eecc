import { createHash } from "node:crypto";
import { categoryRecordSchema, compareSizes, productRecordSchema, SHOPS } from "@vitrine/commerce";
import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "./generate.ts";
import { HELP_ARTICLES } from "./help-articles.ts";
import { parseDemoImagePath, renderProductSvg } from "./images.ts";

const today = new Date("2026-11-01T00:00:00Z");
const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

describe("demo catalogue generator", () => {
  it("gives the same catalogue for the same seed and day", () => {
    const a = generateDemoCatalog({ products: 500, seed: 7, today });
    const b = generateDemoCatalog({ products: 500, seed: 7, today });
    expect(digest(a)).toBe(digest(b));
  });

  it("gives a different catalogue for another seed", () => {
    const a = generateDemoCatalog({ products: 200, seed: 1, today });
    const b = generateDemoCatalog({ products: 200, seed: 2, today });
    expect(digest(a.products)).not.toBe(digest(b.products));
  });

  const demo = generateDemoCatalog({ today });

  it("makes 2,000 valid products by default in at least 60 leaf categories", () => {
    expect(demo.products).toHaveLength(2000);
    for (const p of demo.products) expect(() => productRecordSchema.parse(p)).not.toThrow();
    for (const c of demo.categories) expect(() => categoryRecordSchema.parse(c)).not.toThrow();
    const parents = new Set(demo.categories.map((c) => c.parentId));
    const leaves = demo.categories.filter((c) => !parents.has(c.id) && c.role === "regular");
    expect(leaves.length).toBeGreaterThanOrEqual(60);
    const used = new Set(demo.products.flatMap((p) => p.categoryIds));
    expect(leaves.filter((l) => used.has(l.id)).length).toBeGreaterThanOrEqual(60);
  });

  it("has a tree of at least three levels with women, men, kids, sale, new and outfits", () => {
    const keys = demo.categories.filter((c) => c.parentId === null).map((c) => c.key);
    expect(keys).toEqual(["women", "men", "kids", "sale", "new", "outfits"]);
    const byId = new Map(demo.categories.map((c) => [c.id, c]));
    const depth = (id: number): number => {
      const parent = byId.get(id)?.parentId;
      return parent ? 1 + depth(parent) : 0;
    };
    expect(Math.max(...demo.categories.map((c) => depth(c.id)))).toBeGreaterThanOrEqual(2);
  });

  it("covers at least 25 brands and 20 colours, with colour siblings sharing a master key", () => {
    expect(new Set(demo.products.map((p) => p.brand)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(demo.products.map((p) => p.colorId)).size).toBeGreaterThanOrEqual(20);
    const masters = new Map<string, Set<string>>();
    for (const p of demo.products) masters.set(p.masterKey, (masters.get(p.masterKey) ?? new Set()).add(p.colorId));
    const withSiblings = [...masters.values()].filter((colours) => colours.size > 1);
    expect(withSiblings.length).toBeGreaterThan(200);
    for (const colours of masters.values()) expect(colours.size).toBeGreaterThanOrEqual(1);
  });

  it("gives sized products 3 to 8 variants in size order, prices in EUR and CHF", () => {
    for (const p of demo.products) {
      const sizes = p.variants.map((v) => v.size);
      if (sizes[0] !== "onesize") {
        expect(sizes.length).toBeGreaterThanOrEqual(3);
        expect(sizes.length).toBeLessThanOrEqual(8);
        expect([...sizes].sort(compareSizes)).toEqual(sizes);
      }
      for (const v of p.variants) {
        expect(v.prices.DE?.currency).toBe("EUR");
        expect(v.prices.CH?.currency).toBe("CHF");
      }
    }
    const shoes = demo.products.filter((p) => p.productType === "sneaker");
    expect(shoes.some((p) => p.variants.some((v) => /^\d+$/.test(v.size)))).toBe(true);
  });

  it("reduces about a fifth, sells some out, sells some sizes without stock and has new arrivals", () => {
    const share = (f: (p: (typeof demo.products)[number]) => boolean) =>
      demo.products.filter(f).length / demo.products.length;
    expect(share((p) => p.variants.some((v) => v.prices.DE?.salePrice !== null))).toBeGreaterThan(0.15);
    expect(share((p) => p.variants.some((v) => v.prices.DE?.salePrice !== null))).toBeLessThan(0.25);
    expect(
      share((p) => p.variants.every((v) => v.stock.quantity === 0 && !v.stock.isSellableWithoutStock)),
    ).toBeGreaterThan(0.01);
    expect(share((p) => p.variants.some((v) => v.stock.isSellableWithoutStock))).toBeGreaterThan(0.05);
    const recent = (p: (typeof demo.products)[number]) =>
      (today.getTime() - Date.parse(p.arrivalDate)) / 86_400_000 <= 30;
    expect(share(recent)).toBeGreaterThan(0.08);
  });

  it("writes names and descriptions in German, French and English", () => {
    const dress = demo.products.find((p) => p.productType === "dress");
    expect(dress?.translations.de?.name).toMatch(/^Kleid aus /);
    expect(dress?.translations.fr?.name).toMatch(/^Robe en /);
    expect(dress?.translations.en?.name).toMatch(/ dress/);
    expect(dress?.translations.fr?.description.length).toBeGreaterThan(40);
  });

  it("makes outfits of 3 to 5 products, promotions of both kinds, and 15+ stores in three countries", () => {
    expect(demo.outfits.length).toBeGreaterThanOrEqual(20);
    for (const o of demo.outfits) {
      expect(o.productIds.length).toBeGreaterThanOrEqual(3);
      expect(o.productIds.length).toBeLessThanOrEqual(5);
    }
    // Named by occasion and colours, without numbers, each name once per language.
    for (const language of ["de", "fr", "en"] as const) {
      const names = demo.outfits.map((o) => o.names[language]);
      expect(names.filter((n) => /\d/.test(n))).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(demo.outfits.map((o) => o.names.fr)).toContainEqual(expect.stringMatching(/^[A-ZÉ][^ ]*.* en [a-zéè]/));
    expect(new Set(demo.promotions.map((p) => p.effect.type))).toEqual(new Set(["automatic_discount", "buy_x_get_y"]));
    expect(demo.stores.length).toBeGreaterThanOrEqual(15);
    expect(new Set(demo.stores.map((s) => s.countryCode))).toEqual(new Set(["DE", "AT", "CH"]));
    // The eight classic service pages and the help centre's articles, in three languages.
    expect(demo.content.filter((c) => c.pageType === "service").length).toBe((8 + HELP_ARTICLES.length) * 3);
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(40);
    expect(SHOPS.length).toBe(5);
  });

  it("renders an SVG image for every image path of every product", () => {
    for (const p of demo.products.slice(0, 400)) {
      for (const image of p.images) {
        const parsed = parseDemoImagePath(image.path);
        expect(parsed).toBeDefined();
        const svg = parsed && renderProductSvg(parsed.type, parsed.colorId, parsed.pattern, parsed.view);
        expect(svg).toMatch(/^<svg /);
      }
    }
    expect(parseDemoImagePath("../../etc/passwd")).toBeUndefined();
  });
});
