import type { ShopCtx } from "@vitrine/commerce";
import {
  BLOCK_TYPES,
  type BlockType,
  fixedClock,
  getCategoryTree,
  SHOPS,
  type Shop,
  validateBlock,
} from "@vitrine/commerce";
import { createTestDatabase, type TestDatabase, testCtx } from "@vitrine/commerce/testing";
import { loadDemoCatalog } from "@vitrine/demo-data";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveBlocks } from "../../content/resolve.server.ts";
import type { ResolvedBlock } from "../../content/resolved.ts";
import { I18nProvider } from "../../i18n/i18n.tsx";
import { messagesFor } from "../../i18n/messages.server.ts";
import { Blocks } from "./Blocks.tsx";

const NOW = new Date("2025-10-01T10:00:00Z");
const german = SHOPS.find((s) => s.code === "de");
if (!german) throw new Error("no German shop");
const shop: Shop = german;

let testDb: TestDatabase;
let ctx: ShopCtx;
let productIds: number[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  await loadDemoCatalog(testDb.db, { products: 120 }, NOW);
  ctx = testCtx(testDb.db, { clock: fixedClock(NOW), shop });
  const rows = await testDb.db.selectFrom("product").select("id").orderBy("id").limit(6).execute();
  productIds = rows.map((r) => r.id);
});

afterAll(async () => {
  await testDb?.destroy();
});

const storeData = {
  shop: {
    code: shop.code,
    shopId: shop.shopId,
    locale: shop.locale,
    language: shop.language,
    country: shop.country,
    currency: shop.currency,
  },
  stores: [],
  messages: messagesFor(shop.language),
  csrfToken: "test",
  navigation: [],
  shell: { counts: { basket: 0, wishlist: 0 } },
};

/** The blocks the stub page renders (set by `render`). */
let pageBlocks: ResolvedBlock[] = [];

function StoreRoute() {
  return (
    <I18nProvider messages={storeData.messages} locale={shop.locale}>
      <Outlet />
    </I18nProvider>
  );
}

function PageRoute() {
  return <Blocks blocks={pageBlocks} />;
}

const Stub = createRoutesStub([
  {
    id: "routes/store",
    path: "/:store",
    Component: StoreRoute,
    children: [{ id: "page", index: true, Component: PageRoute }],
  },
]);

/** Renders resolved blocks the way the page does: inside the store route (shop data, messages). */
function render(blocks: ResolvedBlock[]): string {
  pageBlocks = blocks;
  return renderToString(
    <Stub initialEntries={["/de/"]} hydrationData={{ loaderData: { "routes/store": storeData, page: null } }} />,
  );
}

async function renderBlock(raw: unknown): Promise<{ html: string; blocks: ResolvedBlock[] }> {
  const validation = validateBlock(raw);
  if (!validation.ok) throw new Error(JSON.stringify(validation.issues));
  const blocks = await resolveBlocks([raw], ctx);
  return { html: render(blocks), blocks };
}

const image = (src = "banner/coat/camel.svg", alt = "Mantel in Camel") => ({ src, alt });

/** One valid example per block type, with what its rendering must contain. */
const VALID: Record<BlockType, { raw: () => unknown; expect: (html: string) => void }> = {
  text: {
    raw: () => ({
      type: "text",
      html: '<h2>Versand</h2><p>Ab <strong>50 €</strong> <a href="/s/versand/">frei</a>.</p>',
    }),
    expect: (html) => {
      expect(html).toContain("<h2>Versand</h2>");
      expect(html).toContain("<strong>50 €</strong>");
      expect(html).toContain('href="/de/s/versand/"');
    },
  },
  accordion: {
    raw: () => ({
      type: "accordion",
      title: "Häufige Fragen",
      items: [
        { title: "Wie lange dauert die Lieferung?", html: "<p>2–4 Werktage.</p>" },
        { title: "Was kostet der Versand?", html: "<p>4,95 €</p>" },
      ],
    }),
    expect: (html) => {
      expect(html.match(/<details/g)).toHaveLength(2);
      expect(html).toContain("<summary");
      expect(html).toContain("Wie lange dauert die Lieferung?");
      expect(html).toContain("<p>2–4 Werktage.</p>");
    },
  },
  banner: {
    raw: () => ({
      type: "banner",
      eyebrow: "Neu",
      title: "Die neue Saison",
      text: "Mäntel und Strick",
      image: image(),
      link: { href: "/c/new/", label: "Entdecken" },
    }),
    expect: (html) => {
      expect(html).toContain("Die neue Saison");
      expect(html).toContain('href="/de/c/new/"');
      expect(html).toContain("<picture>");
      expect(html).toMatch(/<source media="\(min-width: 768px\)" srcSet="[^"]*w=1440&amp;h=630 1440w/);
      expect(html).toMatch(/srcSet="[^"]*w=768&amp;h=576 768w/);
      // The first banner is the largest paint: eager and high priority.
      expect(html).toContain('loading="eager"');
      expect(html).toContain('fetchPriority="high"');
    },
  },
  call_to_action: {
    raw: () => ({
      type: "call_to_action",
      title: "Fashion Card",
      text: "Punkte sammeln",
      link: { href: "/account/fashion-card/", label: "Anmelden" },
      secondaryLink: { href: "https://example.com/info", label: "Mehr" },
      style: "dark",
    }),
    expect: (html) => {
      expect(html).toContain("cta--dark");
      expect(html).toContain('href="/de/account/fashion-card/"');
      expect(html).toContain('href="https://example.com/info"');
    },
  },
  image: {
    raw: () => ({
      type: "image",
      image: image("demo/dress/red/plain/front.svg", "Rotes Kleid"),
      caption: "Leinen",
      aspectRatio: "3:4",
    }),
    expect: (html) => {
      expect(html).toContain('alt="Rotes Kleid"');
      expect(html).toContain('loading="lazy"');
      expect(html).toContain("<figcaption");
      expect(html).toMatch(/srcSet="\/images\/demo\/dress\/red\/plain\/front\.svg\?w=480&amp;h=640 480w/);
    },
  },
  image_slider: {
    raw: () => ({
      type: "image_slider",
      title: "Ateliers",
      slides: [
        { image: image("banner/jeans/denim.svg", "Jeans"), caption: "Denim" },
        { image: image("banner/dress/green.svg", "Kleid"), caption: "Leinen" },
      ],
    }),
    expect: (html) => {
      expect(html.match(/class="slider__item"/g)).toHaveLength(2);
      expect(html).toMatch(/<section class="slider__track"[^>]*aria-label="Ateliers"/);
      expect(html).toContain('aria-label="Ateliers"');
      expect(html).toContain('tabindex="0"');
    },
  },
  product: {
    raw: () => ({ type: "product", productId: productIds[0], title: "Teil der Woche" }),
    expect: (html) => {
      expect(html).toContain("Teil der Woche");
      expect(html).toContain("product-tile");
      expect(html).toMatch(/href="\/de\/p\/[a-z0-9-]+-\d+\/"/);
      expect(html).toMatch(/\d+,\d\d\s€/);
    },
  },
  product_slider: {
    raw: () => ({ type: "product_slider", title: "Lieblinge", source: { kind: "products", productIds } }),
    expect: (html) => {
      expect(html.match(/class="product-tile[ "]/g)?.length).toBeGreaterThanOrEqual(productIds.length - 1);
      expect(html).toContain("Lieblinge");
      expect(html).toContain('aria-label="Zurück"');
    },
  },
  grid: {
    raw: () => ({
      type: "grid",
      columns: 3,
      items: [
        { type: "text", html: "<p>Links</p>" },
        { type: "image", image: image("demo/shirt/blue/plain/front.svg", "Hemd"), aspectRatio: "3:4" },
        { type: "call_to_action", title: "Reparieren", link: { href: "/location/", label: "Store finden" } },
      ],
    }),
    expect: (html) => {
      expect(html).toContain("grid-block__items--3");
      expect(html.match(/class="grid-block__item /g)).toHaveLength(3);
      expect(html).toContain("<h3");
    },
  },
  video: {
    raw: () => ({
      type: "video",
      title: "Im Atelier",
      sources: [{ src: "video/atelier.mp4", mimeType: "video/mp4" }],
      poster: image("banner/coat/navy.svg", ""),
      captions: { src: "video/atelier.de.vtt", language: "de", label: "Deutsch" },
    }),
    expect: (html) => {
      expect(html).toContain("<video");
      expect(html).toContain('preload="none"');
      expect(html).toContain('src="/images/video/atelier.mp4"');
      expect(html).toContain('kind="captions"');
    },
  },
  size_chart: {
    raw: () => ({
      type: "size_chart",
      title: "Damen",
      headers: ["Größe", "EU", "Brust (cm)"],
      rows: [
        ["S", "36", "84–87"],
        ["M", "38", "88–91"],
      ],
    }),
    expect: (html) => {
      expect(html).toContain("<table");
      expect(html.match(/<th scope="col"/g)).toHaveLength(3);
      expect(html).toContain('<th scope="row">M</th>');
      expect(html).toMatch(/<section class="size-chart__scroll" aria-labelledby="[^"]+" tabindex="0">/);
    },
  },
  shipping_rates: {
    raw: () => ({ type: "shipping_rates" }),
    expect: (html) => {
      // The German store's setting: Germany, Austria, Switzerland, priced in euros.
      expect(html).toContain('data-countries="DE AT CH"');
      expect(html).toContain("Lieferländer: Deutschland, Österreich und Schweiz.");
      expect(html).toContain("4,95\u00a0€");
      expect(html).toContain("kostenlos ab 50,00\u00a0€");
      expect(html).toMatch(/<th scope="row">Schweiz<\/th><td><span class="shipping-rates__price">7,95\u00a0€/);
    },
  },
  story: {
    raw: () => ({
      type: "story",
      title: "Gemacht, um zu bleiben",
      text: "Erster Absatz.\n\nZweiter Absatz.",
      image: image("banner/sweater/olive.svg", "Pullover"),
      imagePosition: "right",
      link: { href: "/nachhaltigkeit/", label: "Mehr" },
    }),
    expect: (html) => {
      expect(html).toContain("story--image-right");
      expect(html.match(/class="story__text"/g)).toHaveLength(2);
      expect(html).toContain('href="/de/nachhaltigkeit/"');
    },
  },
  footer_columns: {
    raw: () => ({
      type: "footer_columns",
      columns: [
        {
          title: "Service",
          links: [
            { href: "/s/versand/", label: "Versand" },
            { href: "mailto:service@vitrine.example", label: "E-Mail" },
          ],
        },
        { title: "Rechtliches", links: [{ href: "/s/agb/", label: "AGB" }] },
      ],
    }),
    expect: (html) => {
      expect(html.match(/<nav/g)).toHaveLength(2);
      expect(html).toContain('href="/de/s/versand/"');
      expect(html).toContain('href="mailto:service@vitrine.example"');
    },
  },
  category_teaser: {
    raw: () => ({
      type: "category_teaser",
      title: "Kategorien",
      items: [
        { categoryKey: "women-dresses", image: image("demo/dress/bordeaux/plain/front.svg", "") },
        { categoryKey: "men-jackets", label: "Jacken für Herren" },
      ],
    }),
    expect: (html) => {
      expect(html).toContain('href="/de/c/damen/bekleidung/kleider/"');
      expect(html).toContain(">Kleider<");
      expect(html).toContain(">Jacken für Herren<");
    },
  },
};

/** One invalid example per block type, with the field and reason the validation must name. */
const INVALID: Record<BlockType, { raw: unknown; field: string; message: RegExp }> = {
  text: { raw: { type: "text", html: "" }, field: "html", message: /empty string/ },
  accordion: { raw: { type: "accordion", items: [] }, field: "items", message: /less than 1/ },
  banner: {
    raw: { type: "banner", title: "x", image: { src: "javascript:alert(1)", alt: "" } },
    field: "image.src",
    message: /asset path .* or an https:\/\/ address/,
  },
  call_to_action: {
    raw: { type: "call_to_action", title: "x", link: { href: "//evil.example/", label: "Los" } },
    field: "link.href",
    message: /internal path/,
  },
  image: {
    raw: { type: "image", image: image(), aspectRatio: "2:1" },
    field: "aspectRatio",
    message: /not in enum/,
  },
  image_slider: {
    raw: { type: "image_slider", slides: [{ image: image() }] },
    field: "slides",
    message: /less than 2/,
  },
  product: { raw: { type: "product", productId: -3 }, field: "productId", message: /minimum value/ },
  product_slider: {
    raw: { type: "product_slider", title: "x", source: { kind: "recommendation", slotId: "bestsellers" } },
    field: "source.slotId",
    message: /not in enum. Allowed: trending, new-arrivals, sale/,
  },
  grid: {
    raw: {
      type: "grid",
      items: [{ type: "product_slider", title: "x", source: { kind: "products", productIds: [1] } }],
    },
    field: "items.0.type",
    message: /not in enum/,
  },
  video: {
    raw: { type: "video", sources: [{ src: "video/a.ogv", mimeType: "video/ogg" }] },
    field: "sources.0.src",
    message: /asset path/,
  },
  size_chart: {
    raw: { type: "size_chart", title: "x", headers: ["a", "b"], rows: [["1", "2"], ["3"]] },
    field: "rows.1",
    message: /has 1 cells, the headers have 2/,
  },
  shipping_rates: {
    raw: { type: "shipping_rates", countries: ["DE"] },
    field: "(block)",
    message: /unknown field: countries/,
  },
  story: { raw: { type: "story", text: "x", image: image() }, field: "title", message: /value is required/ },
  footer_columns: {
    raw: { type: "footer_columns", columns: [{ title: "x" }] },
    field: "columns.0.links",
    message: /value is required/,
  },
  category_teaser: {
    raw: { type: "category_teaser", categoryKeys: ["women"] },
    field: "(block)",
    message: /unknown field: categoryKeys/,
  },
};

describe("content blocks", () => {
  it("has an example for every block type", () => {
    expect(Object.keys(VALID).sort()).toEqual([...BLOCK_TYPES].sort());
    expect(Object.keys(INVALID).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  for (const type of BLOCK_TYPES) {
    it(`${type}: renders from valid data`, async () => {
      const { html, blocks } = await renderBlock(VALID[type].raw());
      expect(blocks).toHaveLength(1);
      expect(html).toContain(`data-block="${type}"`);
      VALID[type].expect(html);
    });

    it(`${type}: rejects invalid data with the field and the reason`, () => {
      const result = validateBlock(INVALID[type].raw);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const issue = result.issues.find((i) => i.field === INVALID[type].field);
      expect(issue, JSON.stringify(result.issues)).toBeDefined();
      expect(issue?.message).toMatch(INVALID[type].message);
    });
  }

  it("names an unknown block type and the allowed ones", () => {
    const result = validateBlock({ type: "carousel" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues[0]?.field).toBe("type");
      expect(result.issues[0]?.message).toMatch(/not in enum. Allowed: accordion, banner, call_to_action/);
    }
  });

  it("leaves out stored blocks that no longer validate, and reports them", async () => {
    const reported: number[] = [];
    const blocks = await resolveBlocks([{ type: "text", html: "<p>ok</p>" }, { type: "text" }, { type: "nope" }], ctx, {
      onInvalid: (index) => reported.push(index),
    });
    expect(blocks.map((b) => b.type)).toEqual(["text"]);
    expect(reported).toEqual([1, 2]);
  });

  it("leaves out blocks whose products or categories do not exist", async () => {
    const blocks = await resolveBlocks(
      [
        { type: "product", productId: 999_999 },
        { type: "product_slider", title: "x", source: { kind: "category", categoryKey: "no-such-category" } },
        { type: "category_teaser", items: [{ categoryKey: "no-such-category" }] },
      ],
      ctx,
    );
    expect(blocks).toEqual([]);
  });

  it("fills a category slider with the category's products and its subcategories', newest first", async () => {
    const [block] = await resolveBlocks(
      [{ type: "product_slider", title: "Damen", source: { kind: "category", categoryKey: "women" }, limit: 8 }],
      ctx,
    );
    expect(block?.type).toBe("product_slider");
    if (block?.type !== "product_slider") return;
    const tree = await getCategoryTree(ctx);
    const women = new Set(tree.descendantIds(tree.byKey("women")?.record.id ?? 0));
    const rows = await ctx.db
      .selectFrom("product_category")
      .innerJoin("product", "product.id", "product_category.product_id")
      .select(["product.id", "product.arrival_date", "product_category.category_id"])
      .where(
        "product.id",
        "in",
        block.products.map((p) => p.id),
      )
      .execute();
    expect(block.products.length).toBeGreaterThan(0);
    for (const row of rows) expect(women.has(row.category_id)).toBe(true);
    const dates = block.products.map((p) => rows.find((r) => r.id === p.id)?.arrival_date ?? "");
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("shows each product once, not each of its colours, and fills the slider to its limit", async () => {
    const [block] = await resolveBlocks(
      [{ type: "product_slider", title: "Damen", source: { kind: "category", categoryKey: "women" }, limit: 10 }],
      ctx,
    );
    if (block?.type !== "product_slider") throw new Error("no slider");
    expect(block.products).toHaveLength(10);
    const masters = await ctx.db
      .selectFrom("product")
      .select("master_key")
      .where(
        "id",
        "in",
        block.products.map((p) => p.id),
      )
      .execute();
    expect(new Set(masters.map((m) => m.master_key)).size).toBe(10);
  });

  it("fills the new-arrivals category and the recommendation slots from the catalogue", async () => {
    const blocks = await resolveBlocks(
      [
        { type: "product_slider", title: "Neu", source: { kind: "category", categoryKey: "new" } },
        { type: "product_slider", title: "Trend", source: { kind: "recommendation", slotId: "trending" } },
        { type: "product_slider", title: "Sale", source: { kind: "recommendation", slotId: "sale" } },
      ],
      ctx,
    );
    expect(blocks.map((b) => b.type)).toEqual(["product_slider", "product_slider", "product_slider"]);
    const [fresh, trending, sale] = blocks as Extract<ResolvedBlock, { type: "product_slider" }>[];
    expect(fresh?.products.every((p) => p.badges.some((b) => b.kind === "new"))).toBe(true);
    expect(trending?.products.some((p) => fresh?.products.some((f) => f.id === p.id))).toBe(false);
    expect(sale?.products.every((p) => p.oldPrice !== undefined && p.oldPrice > p.price)).toBe(true);
  });

  it("loads only the first banner eagerly", async () => {
    const raw = { type: "banner", title: "x", image: image() };
    const blocks = await resolveBlocks([raw, raw], ctx);
    const html = render(blocks);
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html.match(/loading="lazy"/g)).toHaveLength(1);
  });

  it("never renders markup an editor's rich text smuggles in", async () => {
    const { html } = await renderBlock({
      type: "text",
      html: '<p onclick="steal()">Hallo<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">klick</a><iframe src="https://evil.example"></iframe></p>',
    });
    expect(html).toContain("<p>Hallo");
    expect(html).toContain("klick");
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img/i);
  });
});
