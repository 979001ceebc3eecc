import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, isDeletedProduct, listAudit, loadProductRecords, type ProductRecord } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { beforeAll, describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** `vitrine products …`: the back office's catalogue tasks on the command line, against its own database. */
const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 6, seed: 21, today: now });

const harness = cliHarness("products", async (cli) => {
  expect((await cli("db", "migrate")).code).toBe(0);
  const path = join(tmpdir(), `vitrine-products-${process.pid}.jsonl`);
  await writeFile(path, `${[...demo.categories, ...demo.products].map((r) => JSON.stringify(r)).join("\n")}\n`);
  expect((await cli("catalog", "import", path)).code).toBe(0);
});
const { cli } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

const product = (i: number) => demo.products[i] as ProductRecord;

describe("vitrine products", () => {
  it("lists and finds products, and shows one with its sizes", async () => {
    const all = await cli("products", "list");
    expect(all.code).toBe(0);
    expect(all.out[0]).toBe("6 products, page 1");
    const p = product(2);
    const found = await cli("products", "list", p.referenceKey);
    expect(found.out).toHaveLength(2);
    expect(found.out[1]).toContain(String(p.id));
    const shown = await cli("products", "show", String(p.id));
    expect(shown.code).toBe(0);
    expect(shown.out[0]).toBe(`#${p.id} ${p.referenceKey} (master ${p.masterKey})  active`);
    expect(shown.out.filter((l) => l.startsWith("  size "))).toHaveLength(p.variants.length);
    expect((await cli("products", "show", "999999")).code).toBe(1);
    expect((await cli("products", "list", "--stock", "plenty")).code).toBe(2);
  });

  it("sets a price in a zone and the stock, audited as the operating-system user", async () => {
    const p = product(3);
    const set = await cli("products", "set-price", String(p.id), "CH", "149.90", "--sale", "99.90");
    expect(set).toMatchObject({ code: 0 });
    const [after] = await loadProductRecords({ db }, [p.id]);
    for (const v of after?.variants ?? []) {
      expect(v.prices.CH).toMatchObject({ listPrice: 14_990, salePrice: 9990, currency: "CHF" });
    }
    const refused = await cli("products", "set-price", String(p.id), "CH", "10", "--sale", "20");
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/^Refused: .*sale_not_lower/);
    expect((await cli("products", "set-price", String(p.id), "US", "10")).code).toBe(2);

    expect((await cli("products", "set-stock", String(p.id), "7")).code).toBe(0);
    const v = p.variants[0] as ProductRecord["variants"][number];
    expect((await cli("products", "set-stock", String(p.id), "2", "--variant", String(v.id))).code).toBe(0);
    const [stocked] = await loadProductRecords({ db }, [p.id]);
    expect(stocked?.variants.map((x) => x.stock.quantity)).toEqual(p.variants.map((x) => (x.id === v.id ? 2 : 7)));
    const audit = await listAudit({ db }, { subjectType: "product" });
    expect(audit.entries.every((e) => e.actor.type === "cli")).toBe(true);
    expect(audit.entries.map((e) => e.action)).toEqual(["product.update", "product.bulk_stock", "product.update"]);
  });

  it("hides, puts back and deletes a product", async () => {
    const p = product(4);
    expect((await cli("products", "hide", String(p.id))).out).toEqual([`Product #${p.id} is now hidden`]);
    expect(await loadProductRecords({ db }, [p.id])).toEqual([]);
    expect((await cli("products", "show-again", String(p.id))).code).toBe(0);
    expect(await loadProductRecords({ db }, [p.id])).toHaveLength(1);
    expect((await cli("products", "archive", String(p.id))).out).toEqual([`Product #${p.id} is now archived`]);
    expect(await loadProductRecords({ db }, [p.id])).toEqual([]);
    expect((await cli("products", "show-again", String(p.id))).code).toBe(0);
    expect(await loadProductRecords({ db }, [p.id])).toHaveLength(1);
    expect((await cli("products", "delete", String(p.id))).code).toBe(2);
    expect((await cli("products", "delete", String(p.id), "--yes")).out).toEqual([`Product #${p.id} deleted`]);
    expect(await isDeletedProduct({ db }, p.id)).toBe(true);
    expect((await cli("products", "delete", String(p.id), "--yes")).code).toBe(1);
  });
});
