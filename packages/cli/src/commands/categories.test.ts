import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, listAudit, loadProductRecords, type ProductRecord } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { beforeAll, describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** `vitrine categories …` and the product editor's sizes and colours on the command line, on their own database. */
const now = new Date("2026-11-01T10:00:00Z");
const demo = generateDemoCatalog({ products: 12, seed: 23, today: now });

const harness = cliHarness("categories", async (cli) => {
  expect((await cli("db", "migrate")).code).toBe(0);
  const path = join(tmpdir(), `vitrine-categories-${process.pid}.jsonl`);
  await writeFile(path, `${[...demo.categories, ...demo.products].map((r) => JSON.stringify(r)).join("\n")}\n`);
  expect((await cli("catalog", "import", path)).code).toBe(0);
});
const { cli } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

const roots = () => demo.categories.filter((c) => c.parentId === null).sort((a, b) => a.position - b.position);

describe("vitrine categories", () => {
  it("lists the tree, adds, renames, moves, hides, shows and deletes; audited as the command-line user", async () => {
    const list = await cli("categories", "list");
    expect(list.code).toBe(0);
    expect(list.out).toHaveLength(demo.categories.length);
    const [first, second] = roots();
    expect(list.out[0]).toContain(`${first?.id}  ${first?.translations.de.name}`);

    const added = await cli("categories", "add", "--de", "Leinen", "--en", "Linen", "--parent", String(first?.id));
    expect(added.code).toBe(0);
    const id = Number(/#(\d+)/.exec(added.out[0] ?? "")?.[1]);
    expect(added.out).toEqual([`Category #${id} created`]);
    expect((await cli("categories", "list")).out.find((l) => l.includes("Leinen"))).toMatch(
      /^ {2}\s*\d+ {2}Leinen \/ Leinen \/ Linen {2}\(0 products\)$/,
    );
    expect((await cli("categories", "add", "--de", "Leinen", "--parent", String(first?.id))).code).toBe(1);
    expect((await cli("categories", "add")).code).toBe(2);
    expect((await cli("categories", "add", "--de", "X", "--parent", "abc")).code).toBe(2);

    expect((await cli("categories", "rename", String(id), "--fr", "Lin")).out).toEqual([`Category #${id} renamed`]);
    expect((await cli("categories", "rename", String(id), "--fr", "Lin")).out).toEqual(["Nothing changed"]);
    expect((await cli("categories", "rename", String(id))).code).toBe(2);

    expect((await cli("categories", "move", String(second?.id), "up")).code).toBe(0);
    expect((await cli("categories", "move", String(second?.id), "up")).code).toBe(1);
    expect((await cli("categories", "move", String(second?.id), "down")).code).toBe(0);
    expect((await cli("categories", "move", String(id), "under", String(second?.id))).out).toEqual([
      `Category #${id} moved under #${second?.id}`,
    ]);
    expect((await cli("categories", "move", String(id), "under", "top")).code).toBe(0);
    expect((await cli("categories", "move", String(first?.id), "under", String(first?.id))).code).toBe(1);
    expect((await cli("categories", "move", String(id), "sideways")).code).toBe(2);
    const row = await db.selectFrom("category").select(["parent_id", "hidden"]).where("id", "=", id).executeTakeFirst();
    expect(row).toEqual({ parent_id: null, hidden: 0 });

    expect((await cli("categories", "hide", String(id))).out).toEqual([`Category #${id} is now hidden`]);
    expect((await cli("categories", "list")).out.find((l) => l.includes("Leinen"))).toContain("hidden");
    expect((await cli("categories", "show", String(id))).out).toEqual([`Category #${id} is now shown`]);

    const busy = await cli("categories", "delete", String(first?.id));
    expect(busy.code).toBe(1);
    expect(busy.err[0]).toMatch(/^Refused: the category has \d+ subcategories and \d+ products/);
    expect((await cli("categories", "delete", String(id))).out).toEqual([`Category #${id} deleted`]);
    expect((await cli("categories", "delete", String(id))).code).toBe(1);

    const audit = await listAudit({ db }, { subjectType: "category" });
    expect(audit.entries.every((e) => e.actor.type === "cli")).toBe(true);
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        "category.create",
        "category.rename",
        "category.move",
        "category.hide",
        "category.delete",
      ]),
    );
  });
});

describe("vitrine products: colours and sizes", () => {
  it("links and unlinks colours, adds and removes a size", async () => {
    const byMaster = new Map<string, ProductRecord[]>();
    for (const p of demo.products) byMaster.set(p.masterKey, [...(byMaster.get(p.masterKey) ?? []), p]);
    const a = demo.products[0] as ProductRecord;
    const b = demo.products.find(
      (p) => p.masterKey !== a.masterKey && !(byMaster.get(a.masterKey) ?? []).some((x) => x.colorId === p.colorId),
    ) as ProductRecord;
    const linked = await cli("products", "link-colour", String(b.id), String(a.id));
    expect(linked.out).toEqual([`#${b.id} is now a colour of the model of ${a.id}`]);
    expect((await cli("products", "colours", String(b.id))).out.some((l) => l.includes(String(a.id)))).toBe(true);
    expect((await cli("products", "link-colour", String(b.id), String(b.id))).code).toBe(1);
    expect((await cli("products", "link-colour", String(b.id), "999999")).code).toBe(1);
    expect((await cli("products", "unlink-colour", String(b.id))).code).toBe(0);
    expect((await cli("products", "colours", String(b.id))).out.some((l) => l.includes(String(a.id)))).toBe(false);

    const added = await cli("products", "add-size", String(a.id), "4XL", "--ean", "4006381333931", "--stock", "3");
    expect(added.code).toBe(0);
    const variantId = Number(/variant #(\d+)/.exec(added.out[0] ?? "")?.[1]);
    const [after] = await loadProductRecords({ db }, [a.id]);
    expect(after?.variants.find((v) => v.id === variantId)).toMatchObject({ size: "4XL", stock: { quantity: 3 } });
    expect((await cli("products", "add-size", String(a.id), "4XL")).code).toBe(1);
    expect((await cli("products", "add-size", String(a.id), "5XL", "--ean", "12")).code).toBe(1);
    expect((await cli("products", "remove-size", String(a.id), String(variantId))).out).toEqual([
      `Size #${variantId} removed from #${a.id}`,
    ]);
    expect((await cli("products", "remove-size", String(a.id), String(variantId))).code).toBe(1);
    const audit = await listAudit({ db }, { subjectType: "product" });
    expect(audit.entries.map((e) => e.action).slice(0, 4)).toEqual([
      "product.size_remove",
      "product.size_add",
      "product.colour_unlink",
      "product.colour_link",
    ]);
  });
});
