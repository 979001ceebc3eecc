import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listAudit, loadPromotions } from "@vitrine/commerce";
import { afterAll, describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** `vitrine promotions list|add|end`: the audited promotion services from the command line. */
const harness = cliHarness("promotions", async (cli) => {
  await cli("db", "migrate");
});
const { cli } = harness;
const files = mkdtempSync(join(tmpdir(), "vitrine-cli-promotions-"));
afterAll(() => rmSync(files, { recursive: true, force: true }));

function file(name: string, value: unknown): string {
  const path = join(files, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

const day = 86_400_000;
const promotion = (overrides: Record<string, unknown> = {}) => ({
  id: "three-for-two",
  priority: 30,
  effect: { type: "buy_x_get_y", buyQuantity: 2, getQuantity: 1, variantIds: [] },
  conditions: { brands: ["Vitrine"] },
  colorHex: "#3c7a46",
  names: { de: "3 für 2", fr: "3 pour 2", en: "3 for 2" },
  storeCodes: ["de", "at"],
  validFrom: new Date(Date.now() - day).toISOString(),
  validTo: new Date(Date.now() + 10 * day).toISOString(),
  ...overrides,
});

describe("vitrine promotions", () => {
  it("adds, lists, replaces and ends a promotion, audited", async () => {
    expect((await cli("promotions", "list")).out).toEqual(["No promotions"]);
    expect((await cli("promotions", "add", file("a.json", promotion()))).out).toEqual([
      "Added promotion three-for-two",
    ]);
    const again = await cli("promotions", "add", file("a.json", promotion()));
    expect(again.code).toBe(1);
    expect(again.err[0]).toMatch(/exists already \(use --replace to change it\)$/);
    expect((await cli("promotions", "add", file("b.json", promotion({ priority: 5 })), "--replace")).out).toEqual([
      "Saved promotion three-for-two",
    ]);
    const listed = (await cli("promotions", "list")).out;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatch(/^three-for-two\s+running\s+priority {3}5 {2}buy_x_get_y\s+\[de,at\]/);

    const ended = await cli("promotions", "end", "three-for-two");
    expect(ended.out[0]).toMatch(/^Ended promotion three-for-two at \d{4}-/);
    expect((await cli("promotions", "list")).out[0]).toMatch(/ ended /);
    expect((await cli("promotions", "end", "three-for-two")).out).toEqual([
      "Promotion three-for-two had ended already",
    ]);
    expect((await cli("promotions", "end", "nothing")).code).toBe(1);

    const audit = await listAudit({ db: harness.db }, { subjectType: "promotion" });
    expect(audit.entries.map((e) => e.action)).toEqual(["promotion.end", "promotion.update", "promotion.create"]);
    expect(audit.entries[0]?.actor.type).toBe("cli");
  });

  it("refuses a file that breaks the promotion rules, naming the field, and stores nothing", async () => {
    const bad = await cli(
      "promotions",
      "add",
      file("bad.json", promotion({ id: "bad", effect: { type: "automatic_discount", kind: "percentage" } })),
    );
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toMatch(/^effect: /);
    const broken = await cli("promotions", "add", file("broken.json", "{ not json"));
    expect(broken.code).toBe(1);
    expect(broken.err[0]).toMatch(/^Cannot read /);
    expect((await loadPromotions({ db: harness.db })).map((p) => p.id)).toEqual(["three-for-two"]);
  });
});
