import {
  cliActor,
  createDatabase,
  type Db,
  listAudit,
  loadProductRecords,
  loadVocabulary,
  saveAttributeDefinition,
  writeProductRecords,
} from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../packages/search/test/database.ts";
import { staffBrowser } from "./admin-fixtures.ts";
import { startTestShop, type TestBrowser, type TestShop } from "./shop-client.ts";

/**
 * Issue 20: the merchant's facetable attributes are filters of the listings in every store, over HTTP as a browser
 * without JavaScript uses them (facet values are links, the URL holds the state as `f-{key}=…`).
 */
let shop: TestShop;
let browser: TestBrowser;
let db: Db;
/** Product ids of four colour groups of the women's listing: sleeve long (first three) or short; lined the first. */
let products: number[];

const WOMEN: Record<string, string> = {
  de: "/de/c/damen/",
  at: "/at/c/damen/",
  ch: "/ch/c/damen/",
  "fr-ch": "/fr-ch/c/femmes/",
  en: "/en/c/women/",
};

beforeAll(async () => {
  shop = await startTestShop();
  browser = shop.browser();
  db = createDatabase({
    url: process.env.DATABASE_URL || undefined,
    ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
  });
  const actor = cliActor("test");
  const ctx = testCtx(db, {});
  const attributes = [
    { key: "sleeve", facetable: true, labels: { de: "Ärmel", fr: "Manches", en: "Sleeve" } },
    { key: "lined", valueType: "boolean" as const, facetable: true, labels: { de: "Gefüttert", en: "Lined" } },
    { key: "supplier_code", facetable: false, labels: { de: "Lieferantencode" } },
  ];
  for (const attribute of attributes) {
    const saved = await saveAttributeDefinition(ctx, actor, attribute);
    expect(saved.ok).toBe(true);
  }
  const listing = await page(WOMEN.de as string);
  products = [...listing.querySelectorAll(".listing__grid a.product-tile__link")]
    .map((a) => Number(/-(\d+)\/$/.exec(a.getAttribute("href") ?? "")?.[1]))
    .slice(0, 4);
  expect(products).toHaveLength(4);
  const records = await loadProductRecords({ db }, products);
  const values = (id: number) => {
    const i = products.indexOf(id);
    return { sleeve: [i < 3 ? "long" : "short"], lined: [i === 0 ? "true" : "false"], supplier_code: ["S-1"] };
  };
  await writeProductRecords(
    { db },
    records.map((r) => ({ ...r, attributes: { ...r.attributes, ...values(r.id) } })),
    new Date(),
  );
  // The shop follows through the event feed: a vocabulary change rebuilds its index (slow on a busy machine).
  await eventually(async () => facetValues(await page(WOMEN.de as string), "Ärmel").length === 2 || undefined, 60_000);
}, 90_000);

afterAll(async () => {
  await db?.destroy();
  await shop?.close();
});

async function page(path: string) {
  const response = await browser.fetch(path);
  expect(response.status, path).toBe(200);
  return new JSDOM(await response.text()).window.document;
}

const count = (doc: Document) => Number((doc.querySelector(".listing__count")?.textContent ?? "").replace(/\D/g, ""));
const facetNames = (doc: Document) =>
  [...doc.querySelectorAll("details.facet .facet__name")].map((e) => e.textContent ?? "");
function facetValues(doc: Document, facet: string) {
  const details = [...doc.querySelectorAll("details.facet")].find(
    (d) => d.querySelector(".facet__name")?.textContent === facet,
  );
  return [...(details?.querySelectorAll(".facet-value") ?? [])].map((li) => ({
    label: li.querySelector(".facet-value__label")?.textContent ?? "",
    count: Number((li.querySelector(".facet-value__count")?.textContent ?? "").replace(/\D/g, "")),
    href: li.querySelector(".facet-value__link")?.getAttribute("href") ?? "",
    excludeHref: li.querySelector(".facet-value__exclude")?.getAttribute("href") ?? "",
    state: li.className.replace("facet-value is-", ""),
  }));
}
const value = (doc: Document, facet: string, label: string) => {
  const found = facetValues(doc, facet).find((v) => v.label === label);
  if (!found) throw new Error(`no value ${label} in facet ${facet}`);
  return found;
};
const productIds = (doc: Document) =>
  [...doc.querySelectorAll(".listing__grid a.product-tile__link")].map((a) =>
    Number(/-(\d+)\/$/.exec(a.getAttribute("href") ?? "")?.[1]),
  );

describe("merchant attribute facets on listings", () => {
  it("offer the facetable attributes in every store, named in its language, and not the others", async () => {
    const names: Record<string, [string, string]> = {
      de: ["Ärmel", "Gefüttert"],
      at: ["Ärmel", "Gefüttert"],
      ch: ["Ärmel", "Gefüttert"],
      // No French label for the lining: the fallback chain (German first) names it.
      "fr-ch": ["Manches", "Gefüttert"],
      en: ["Sleeve", "Lined"],
    };
    for (const [store, path] of Object.entries(WOMEN)) {
      const doc = await page(path);
      expect(facetNames(doc), store).toEqual(expect.arrayContaining(names[store] as string[]));
      expect(facetNames(doc).join(" "), store).not.toMatch(/Lieferantencode|supplier/i);
      expect(facetValues(doc, names[store]?.[0] as string).map((v) => [v.label, v.count])).toEqual([
        ["long", 3],
        ["short", 1],
      ]);
    }
  });

  it("filter the German listing by one value, then two, by links whose URL holds the state", async () => {
    const start = await page(WOMEN.de as string);
    const long = value(start, "Ärmel", "long");
    expect(long.href).toBe("/de/c/damen/?f-sleeve=long");
    const filtered = await page(long.href);
    expect(count(filtered)).toBe(3);
    expect(productIds(filtered).sort()).toEqual(products.slice(0, 3).sort());
    expect(value(filtered, "Ärmel", "long").state).toBe("selected");
    expect([...filtered.querySelectorAll(".chip")].map((c) => c.textContent?.trim())).toEqual(["long"]);
    // The other facets count within the selection; the facet itself still offers its other value.
    expect(facetValues(filtered, "Gefüttert").map((v) => [v.label, v.count])).toEqual([
      ["Ja", 1],
      ["Nein", 2],
    ]);
    const both = value(filtered, "Ärmel", "short");
    expect(both.href).toBe("/de/c/damen/?f-sleeve=long,short");
    const two = await page(both.href);
    expect(count(two)).toBe(4);
    // The shared URL, loaded again, is the same state.
    const again = await page("/de/c/damen/?f-sleeve=long,short");
    expect(count(again)).toBe(4);
    expect(facetValues(again, "Ärmel").map((v) => v.state)).toEqual(["selected", "selected"]);
    // Excluding a value, and the chip that undoes it.
    const without = await page(value(start, "Ärmel", "long").excludeHref);
    expect(productIds(without)).not.toContain(products[0]);
    expect(without.querySelector(".chip")?.getAttribute("href")).toBe("/de/c/damen/");
  });

  it("filter the English listing by a yes/no attribute, and the French one by its French facet", async () => {
    const start = await page(WOMEN.en as string);
    const yes = value(start, "Lined", "Yes");
    expect(yes.href).toBe("/en/c/women/?f-lined=Yes");
    const lined = await page(yes.href);
    expect(productIds(lined)).toEqual([products[0]]);
    expect(value(lined, "Lined", "Yes").state).toBe("selected");
    const fr = await page(WOMEN["fr-ch"] as string);
    expect(facetValues(fr, "Gefüttert").map((v) => v.label)).toEqual(["Oui", "Non"]);
    const short = await page(value(fr, "Manches", "short").href);
    expect(productIds(short)).toEqual([products[3]]);
  });

  it("show the product's attributes with their labels on its page, yes/no in the store's language", async () => {
    const response = await browser.fetch(`/en/p/${products[0]}/`);
    const location = response.headers.get("location") ?? `/en/p/${products[0]}/`;
    const doc = await page(location);
    const details = Object.fromEntries(
      [...doc.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(details).toMatchObject({ Sleeve: "long", Lined: "Yes", Lieferantencode: "S-1" });
  });
});

describe("labels of a text attribute's values, set in the back office", () => {
  it("lists the values products hold; a merchandiser labels one and every store shows, filters and finds it by its label", async () => {
    const { browser: staff } = await staffBrowser(shop, db, "merchandiser");
    const attributes = await staff.fetch("/admin/vocabulary/?kind=attributes");
    const list = new JSDOM(await attributes.text()).window.document;
    // Text attributes link to their values; yes/no ones have none to label.
    expect(list.querySelector('a[href^="/admin/vocabulary/?kind=attributes&attribute=sleeve"]')).not.toBeNull();
    expect(list.querySelector('a[href^="/admin/vocabulary/?kind=attributes&attribute=lined"]')).toBeNull();

    const screen = await staff.fetch("/admin/vocabulary/?kind=attributes&attribute=sleeve");
    expect(screen.status).toBe(200);
    const doc = new JSDOM(await screen.text()).window.document;
    expect(doc.querySelector("#attribute-values-heading")?.textContent).toBe("Werte von sleeve");
    const rows = [...doc.querySelectorAll("tr[data-attribute-value]")].map((tr) => [
      tr.getAttribute("data-attribute-value"),
      tr.querySelector("td")?.textContent,
    ]);
    expect(rows).toEqual([
      ["long", "3"],
      ["short", "1"],
    ]);

    const saved = await staff.submit("/admin/vocabulary/?kind=attributes&attribute=sleeve", {
      intent: "value-label",
      id: "sleeve",
      value: "long",
      label_de: "Langarm",
      label_fr: "Manches longues",
      label_en: "Long sleeve",
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Die Bezeichnungen von long sind gespeichert.");
    expect((await loadVocabulary({ db })).attribute("sleeve")?.valueLabels?.long?.fr).toBe("Manches longues");
    const audit = await listAudit({ db }, { subjectType: "vocabulary.attribute" });
    expect(audit.entries[0]).toMatchObject({
      action: "vocabulary.attribute.value",
      subjectId: "sleeve=long",
      after: { labels: { de: "Langarm", fr: "Manches longues", en: "Long sleeve" } },
    });

    // The shop rebuilds its index from the vocabulary event: the facet names the value in each store's language.
    await eventually(
      async () => value(await page(WOMEN.de as string), "Ärmel", "Langarm").count === 3 || undefined,
      60_000,
    ).catch(async () => {
      throw new Error(`facet values: ${JSON.stringify(facetValues(await page(WOMEN.de as string), "Ärmel"))}`);
    });
    const en = await page(WOMEN.en as string);
    expect(facetValues(en, "Sleeve").map((v) => v.label)).toEqual(["Long sleeve", "short"]);
    const filtered = await page(value(en, "Sleeve", "Long sleeve").href);
    expect(productIds(filtered).sort()).toEqual(products.slice(0, 3).sort());
    expect(facetValues(await page(WOMEN["fr-ch"] as string), "Manches").map((v) => v.label)).toEqual([
      "Manches longues",
      "short",
    ]);
    // The product page, and search in the German store by the German label.
    const response = await browser.fetch(`/de/p/${products[0]}/`);
    const product = await page(response.headers.get("location") ?? `/de/p/${products[0]}/`);
    const details = Object.fromEntries(
      [...product.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(details).toMatchObject({ Ärmel: "Langarm" });
    const found = await page("/de/search/?searchTerm=langarm");
    expect(productIds(found).sort()).toEqual(expect.arrayContaining(products.slice(0, 3)));

    // Yes/no values take no labels: refused with the reason.
    const refused = await staff.submit("/admin/vocabulary/?kind=attributes", {
      intent: "value-label",
      id: "lined",
      value: "true",
      label_de: "Mit Futter",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Nicht gespeichert: only the values of text attributes have labels");
  }, 90_000);
});
