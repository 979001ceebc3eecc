import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listAudit, listPhysicalStores, loadStoreStock, type ProductRecord } from "@vitrine/commerce";
import { generateDemoCatalog } from "@vitrine/demo-data";
import { describe, expect, it } from "vitest";
import { parseHours } from "./stores.ts";
import { cliHarness } from "./test-harness.ts";

/** `vitrine stores list|add|edit|remove|stock`: the back office's physical stores on the command line. */
const demo = generateDemoCatalog({ products: 3, seed: 7, today: new Date("2026-11-01T10:00:00Z") });
const product = demo.products[0] as ProductRecord;
const [first, second] = product.variants;

const harness = cliHarness("stores", async (cli) => {
  expect((await cli("db", "migrate")).code).toBe(0);
  const path = join(tmpdir(), `vitrine-stores-${process.pid}.jsonl`);
  await writeFile(path, `${[...demo.categories, ...demo.products].map((r) => JSON.stringify(r)).join("\n")}\n`);
  expect((await cli("catalog", "import", path)).code).toBe(0);
});
const { cli } = harness;

const HAMBURG = [
  "--name",
  "Hamburg Jungfernstieg",
  "--street",
  "Jungfernstieg 12",
  "--zip",
  "20354",
  "--city",
  "Hamburg",
  "--country",
  "DE",
  "--lat",
  "53.5526",
  "--lng",
  "9.9928",
  "--email",
  "hamburg@vitrine.example",
  "--hours",
  "10:00-20:00,10:00-20:00,10:00-20:00,10:00-20:00,10:00-20:00,10:00-18:00,closed",
];

describe("vitrine stores", () => {
  it("reads opening hours for seven days or one for all", () => {
    expect(parseHours("10:00-19:00")).toHaveLength(7);
    expect(parseHours("closed,-,10:00 – 18:00,,closed,closed,closed").slice(0, 3)).toEqual([
      null,
      null,
      ["10:00", "18:00"],
    ]);
  });

  it("adds, lists, edits and removes a store, audited; every wrong option named at once", async () => {
    expect((await cli("stores", "list")).out[0]).toMatch(/^No stores/);
    const wrong = await cli(
      "stores",
      "add",
      "--name",
      "Wien",
      "--country",
      "FR",
      "--lat",
      "x",
      "--hours",
      "20:00-10:00",
    );
    expect(wrong.code).toBe(1);
    expect(wrong.err).toEqual(
      expect.arrayContaining([
        "--street is required",
        "--zip is required",
        "--city is required",
        "--email is required",
        "--country must be DE, AT or CH",
        "--lat must be a number like 53.5526",
        "--lng is required",
        "--hours (Mon) closes before it opens",
      ]),
    );
    const badHours = await cli("stores", "add", ...HAMBURG, "--hours", "10-20,closed");
    expect(badHours.code).toBe(2);
    expect(badHours.err.join("\n")).toMatch(/--hours needs 7 entries/);

    expect((await cli("stores", "add", ...HAMBURG)).out).toEqual([
      "Added store hamburg-jungfernstieg: Hamburg Jungfernstieg, Hamburg",
    ]);
    const listed = (await cli("stores", "list")).out;
    expect(listed[0]).toMatch(
      /^hamburg-jungfernstieg\s+DE {2}Hamburg Jungfernstieg · Jungfernstieg 12, 20354 Hamburg$/,
    );
    expect(listed[1]).toContain("Sat 10:00-18:00, Sun closed");

    expect((await cli("stores", "edit", "hamburg-jungfernstieg", "--hours", "09:30-19:00")).out).toEqual([
      "Saved store hamburg-jungfernstieg",
    ]);
    const [saved] = await listPhysicalStores({ db: harness.db });
    expect(saved?.openingHours).toEqual(Array.from({ length: 7 }, () => ["09:30", "19:00"]));
    expect(saved?.street).toBe("Jungfernstieg 12");
    expect((await cli("stores", "edit", "hamburg-jungfernstieg", "--hours", "09:30-19:00")).out).toEqual([
      "Store hamburg-jungfernstieg is unchanged",
    ]);
    const badEmail = await cli("stores", "edit", "hamburg-jungfernstieg", "--email", "nobody");
    expect(badEmail.err).toEqual(["--email is not an e-mail address"]);
    expect((await cli("stores", "edit", "nowhere", "--city", "X")).err).toEqual(["No store nowhere"]);

    const audit = await listAudit({ db: harness.db }, { subjectType: "physical_store" });
    expect(audit.entries.map((e) => e.action)).toEqual(["physical_store.update", "physical_store.add"]);
    expect(audit.entries[0]?.actor.type).toBe("cli");
  });

  it("shows and sets a product's stock per store and size; a store with stock is removed only with --with-stock", async () => {
    const shown = (await cli("stores", "stock", String(product.id))).out;
    expect(shown[0]).toMatch(/^size\s+hamburg-jungfernstieg$/);
    expect(shown.slice(1).map((l) => l.trim().split(/\s+/))).toEqual(product.variants.map((v) => [v.size, "0"]));

    const set = await cli(
      "stores",
      "stock",
      String(product.id),
      `hamburg-jungfernstieg:${first?.size}=3`,
      `hamburg-jungfernstieg:${second?.size}=1`,
    );
    expect(set.out).toEqual([`Saved 2 quantities of product ${product.id}`]);
    expect((await loadStoreStock({ db: harness.db })).map((r) => [r.variantId, r.quantity])).toEqual(
      expect.arrayContaining([
        [first?.id, 3],
        [second?.id, 1],
      ]),
    );
    const wrong = await cli("stores", "stock", String(product.id), `hamburg-jungfernstieg:${first?.size}=-2`);
    expect(wrong.err).toEqual([`hamburg-jungfernstieg:${first?.size} must be a whole number from 0 to 99999`]);
    expect((await cli("stores", "stock", String(product.id), "hamburg-jungfernstieg:XXL9=1")).err[0]).toMatch(
      /has no size XXL9/,
    );
    expect((await cli("stores", "stock", "99999999")).err).toEqual(["No product 99999999"]);

    const refused = await cli("stores", "remove", "hamburg-jungfernstieg");
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/still holds 4 piece\(s\) in 2 size\(s\).*\(--with-stock\)$/);
    expect((await cli("stores", "remove", "hamburg-jungfernstieg", "--with-stock")).out).toEqual([
      "Removed store hamburg-jungfernstieg and its stock (4 piece(s) in 2 size(s))",
    ]);
    expect(await loadStoreStock({ db: harness.db })).toEqual([]);
    expect((await cli("stores", "remove", "hamburg-jungfernstieg")).err).toEqual(["No store hamburg-jungfernstieg"]);
    expect((await cli("stores", "stock", String(product.id))).out).toEqual(["No stores"]);
  });
});
