import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import de from "../i18n/de/shell.json";
import { messagesFor } from "../i18n/messages.server.ts";
import { setMessageSource } from "../i18n/registry.ts";
import { pageMeta, pageTypeOf, shopMeta } from "./meta.ts";

setMessageSource(() => messagesFor("de"));
const store = { id: "routes/store", loaderData: { shop: { locale: "de-DE" } } };

describe("page meta", () => {
  it("takes the page type of the deepest route that has one", () => {
    expect(pageTypeOf([{ handle: { pageType: "x" } }, { handle: {} }, { handle: { pageType: "cart" } }])).toBe("cart");
    expect(pageTypeOf([{}, { handle: undefined }])).toBeUndefined();
  });

  it("titles pages by page type and keeps private pages out of search engines", () => {
    const meta = shopMeta([store, { id: "routes/cart", handle: { pageType: "cart" } }], undefined);
    expect(meta).toContainEqual({ title: "Warenkorb | Vitrine" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(meta).toContainEqual({ property: "og:locale", content: "de_DE" });
    const home = shopMeta([store, { id: "routes/home", handle: { pageType: "home" } }], undefined);
    expect(home).toContainEqual({ title: de["shell.meta_title"] });
    expect(home.some((d) => "name" in d && d.name === "robots")).toBe(false);
  });

  it("titles error pages by their error", () => {
    const notFound = { status: 404, data: { kind: "invalid_page", path: "/de/p/x-1/" } };
    expect(shopMeta([store], notFound)).toContainEqual({ title: "Seite nicht gefunden: /de/p/x-1/ | Vitrine" });
    expect(shopMeta([store], new Error("boom"))).toContainEqual({ title: "Fehler 500 | Vitrine" });
  });

  it("lets a page replace title and description and keeps the layout's other tags", () => {
    const layout = {
      id: "routes/layout.shop",
      meta: shopMeta([store, { id: "routes/product", handle: { pageType: "product_detail" } }], undefined),
    };
    const meta = pageMeta([store, layout], { title: "Strickkleid", description: "Weich und warm." });
    expect(meta.filter((d) => "title" in d)).toEqual([{ title: "Strickkleid | Vitrine" }]);
    expect(meta).toContainEqual({ name: "description", content: "Weich und warm." });
    expect(meta).toContainEqual({ property: "og:type", content: "product" });
    expect(meta.filter((d) => "name" in d && d.name === "description")).toHaveLength(1);
  });

  it("gives every page with a page type its own meta: the layout's meta sees only the routes above it", () => {
    // React Router calls a layout's meta with the matches up to the layout, so a page without a meta export
    // showed the home page's title ("/de/location/" was titled like the home page).
    const routes = join(import.meta.dirname, "../routes");
    const untitled = readdirSync(routes)
      .filter((file) => file.endsWith(".tsx"))
      .filter((file) => {
        const source = readFileSync(join(routes, file), "utf8");
        return /pageType: "(?!home")/.test(source) && !/export (const|function) meta\b/.test(source);
      });
    expect(untitled).toEqual([]);
  });
});
