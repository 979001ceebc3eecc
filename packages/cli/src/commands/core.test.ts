import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listAudit } from "@vitrine/commerce";
import { afterAll, describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** The core commands: schema, configuration, demo data, catalogue files, maintenance, redirects, figures. */
const harness = cliHarness("core");
const { cli, dir } = harness;
const files = mkdtempSync(join(tmpdir(), "vitrine-cli-core-files-"));
afterAll(() => rmSync(files, { recursive: true, force: true }));

describe("vitrine db migrate", () => {
  it("says which migrations it applied, then that the database is up to date", async () => {
    const first = await cli("db", "migrate");
    expect(first.code).toBe(0);
    expect(first.out).toHaveLength(1);
    expect(first.out[0]).toMatch(/^Applied \d+ migration\(s\): 0001_catalog, 0002_search, /);
    expect(await cli("db", "migrate")).toMatchObject({
      code: 0,
      out: ["Database is up to date (no migration to apply)"],
    });
  });
});

describe("vitrine config", () => {
  it("prints every setting with its source, secrets and passwords masked", async () => {
    const file = join(files, "vitrine.json");
    writeFileSync(file, JSON.stringify({ SMTP_URL: "smtp://mailer:mail-pass@127.0.0.1:2525", PORT: 4320 }));
    const saved = { ...process.env };
    Object.assign(process.env, {
      VITRINE_CONFIG: file,
      PORT: "4321",
      VITRINE_SECRET: "s".repeat(40),
      PREVIEW_TOKEN: "preview-secret-token",
    });
    try {
      const shown = await cli("config");
      expect(shown.code).toBe(0);
      const line = (name: string) => shown.out.find((l) => l.startsWith(`${name} `))?.split(/\s{2,}/);
      expect(shown.out[0]).toBe(`Config file: ${file}`);
      expect(line("PORT")).toEqual(["PORT", "4321", "env"]);
      expect(line("SMTP_URL")).toEqual(["SMTP_URL", "smtp://mailer:*****@127.0.0.1:2525", "file"]);
      expect(line("VITRINE_SECRET")).toEqual(["VITRINE_SECRET", "*****", "env"]);
      expect(line("PREVIEW_TOKEN")).toEqual(["PREVIEW_TOKEN", "*****", "env"]);
      expect(line("LOG_LEVEL")?.[2]).toMatch(/^(default|env)$/);
      expect(line("SHUTDOWN_DRAIN_MS")).toEqual(["SHUTDOWN_DRAIN_MS", "10000", "default"]);
      const text = shown.out.join("\n");
      expect(text).not.toContain("mail-pass");
      expect(text).not.toContain("preview-secret-token");
      expect(text).not.toContain("s".repeat(40));
    } finally {
      for (const name of ["VITRINE_CONFIG", "PORT", "VITRINE_SECRET", "PREVIEW_TOKEN"]) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it("refuses a bad setting with one line and a non-zero exit", async () => {
    process.env.TRUST_PROXY = "several";
    try {
      const refused = await cli("config");
      expect(refused.code).toBe(1);
      expect(refused.err).toEqual([expect.stringMatching(/^invalid setting TRUST_PROXY="several": /)]);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});

describe("catalogue commands", () => {
  it("loads the demo catalogue, shows its figures, exports it and imports the export again", async () => {
    const loaded = await cli("demo", "load", "--products", "30", "--seed", "3");
    expect(loaded.code).toBe(0);
    expect(loaded.out[0]).toMatch(/^Loaded 30 products, \d+ categories/);
    expect((await cli("demo", "load", "--products", "30", "--if-empty")).out).toEqual([
      "Catalogue already has products; nothing loaded",
    ]);
    const stats = await cli("stats");
    expect(stats.out).toContain("products   30");

    const file = join(files, "catalog.jsonl");
    const exported = await cli("catalog", "export", "--out", file);
    expect(exported.code).toBe(0);
    expect(exported.err[0]).toMatch(new RegExp(`^Exported \\d+ records to ${file}$`));
    const imported = await cli("catalog", "import", file);
    expect(imported.code).toBe(0);
    expect(imported.out[0]).toMatch(/^Imported \d+ categories, 30 products, \d+ variants \(\d+ lines in [\d.]+ s\)$/);

    const broken = join(files, "broken.jsonl");
    writeFileSync(broken, '{"type":"product","id":"not a number"}\n');
    const rejected = await cli("catalog", "import", broken);
    expect(rejected.code).toBe(1);
    expect(rejected.err[0]).toBe(
      `Rejected ${broken}: ${rejected.err.length - 1} problem(s) in 1 lines, nothing was imported`,
    );
    expect(rejected.err[1]).toBe("  line 1: id: value is not a number.");
    expect((await cli("catalog", "import", join(files, "missing.jsonl"))).err).toEqual([
      `Cannot read ${join(files, "missing.jsonl")}: no such file`,
    ]);
  });

  it("imports a CSV file through a column mapping, and refuses a CSV without one or with a bad one", async () => {
    const exported = join(files, "for-csv.jsonl");
    expect((await cli("catalog", "export", "--out", exported)).code).toBe(0);
    const first = readFileSync(exported, "utf8")
      .split("\n")
      .map((line) => (line ? JSON.parse(line) : undefined))
      .find((record) => record?.type === "product");
    const mappingFile = join(files, "mapping.json");
    writeFileSync(
      mappingFile,
      JSON.stringify({
        groupBy: "style",
        fields: {
          id: { column: "style", as: "integer" },
          masterKey: { value: "CSV-M" },
          referenceKey: { value: "CSV-R" },
          brand: { value: "Nordlicht" },
          productType: { value: first.productType },
          colorId: { value: first.colorId },
          seasonMonth: { value: 1 },
          seasonYear: { value: 2027 },
          arrivalDate: { value: "2027-01-15" },
          categoryIds: { value: first.categoryIds },
          "translations.de.name": { column: "name" },
          "translations.fr.name": { column: "name" },
          "translations.en.name": { column: "name" },
          "images.0.assetName": { value: "front" },
          "images.0.path": { value: first.images[0].path },
          "variants[].id": { column: "sku", as: "integer" },
          "variants[].size": { column: "size" },
          "variants[].stock.quantity": { value: 5 },
          "variants[].stock.isSellableWithoutStock": { value: false },
          "variants[].deliveryDays": { value: { min: 1, max: 3 } },
          "variants[].prices.DE.currency": { value: "EUR" },
          "variants[].prices.DE.listPrice": { column: "price", as: "cents" },
        },
      }),
    );
    const csvFile = join(files, "products.csv");
    writeFileSync(
      csvFile,
      "style,name,sku,size,price\n977001,Leinenhemd,97700101,S,59.90\n977001,Leinenhemd,97700102,M,59.90\n",
    );
    const imported = await cli("catalog", "import", csvFile, "--mapping", mappingFile);
    expect(imported.err).toEqual([]);
    expect(imported.out[0]).toMatch(/^Imported 0 categories, 1 products, 2 variants \(3 lines in [\d.]+ s\)$/);
    expect((await cli("stats")).out).toContain("products   31");

    const noMapping = await cli("catalog", "import", csvFile);
    expect(noMapping.code).toBe(2);
    expect(noMapping.err.join("\n")).toContain("a CSV file needs --mapping MAPPING.json");
    writeFileSync(join(files, "bad-mapping.json"), JSON.stringify({ fields: { id: {} } }));
    const badMapping = await cli("catalog", "import", csvFile, "--mapping", join(files, "bad-mapping.json"));
    expect(badMapping.code).toBe(1);
    expect(badMapping.err[0]).toMatch(/^Cannot use the mapping .*bad-mapping\.json: invalid mapping: fields\.id: /);
  });
});

describe("maintenance and redirects", () => {
  it("switches maintenance mode and reports it", async () => {
    expect((await cli("maintenance", "status")).out).toEqual(["Maintenance mode is off"]);
    expect((await cli("maintenance", "on")).out).toEqual(["Maintenance mode is on"]);
    expect((await cli("maintenance", "status")).out).toEqual(["Maintenance mode is on"]);
    expect((await cli("maintenance", "off")).code).toBe(0);
    expect((await cli("maintenance", "sideways")).code).toBe(2);
  });

  it("sets the maintenance page's message, refuses a too long one, and audits each switch", async () => {
    expect((await cli("maintenance", "on", "--message", "Back at 14:00")).out).toEqual(["Maintenance mode is on"]);
    expect((await cli("maintenance", "status")).out).toEqual(["Maintenance mode is on", "Message: Back at 14:00"]);
    const tooLong = await cli("maintenance", "off", "--message", "x".repeat(501));
    expect(tooLong.code).toBe(1);
    expect(tooLong.err[0]).toMatch(/at most 500 characters/);
    expect((await cli("maintenance", "status")).out[0]).toBe("Maintenance mode is on");
    expect((await cli("maintenance", "off")).code).toBe(0);
    const audit = await listAudit({ db: harness.db }, { subjectType: "setting" });
    expect(audit.entries.slice(0, 2).map((e) => [e.action, e.actor.label.startsWith("cli:")])).toEqual([
      ["maintenance.off", true],
      ["maintenance.on", true],
    ]);
  });

  it("tests where a path goes, through chains and loops, and refuses targets on other sites", async () => {
    expect((await cli("redirects", "add", "/winter/", "/c/sale/", "--store", "at")).code).toBe(0);
    expect((await cli("redirects", "add", "/schnee/", "/winter/")).code).toBe(0);
    expect((await cli("redirects", "test", "/schnee/", "--store", "at")).out).toEqual([
      "[*] /schnee/ -> /winter/ (301)",
      "[at] /winter/ -> /c/sale/ (301)",
      "Ends at /at/c/sale/",
    ]);
    expect((await cli("redirects", "test", "/schnee/", "--store", "de")).out).toEqual([
      "[*] /schnee/ -> /winter/ (301)",
      "Ends at /de/winter/",
    ]);
    expect((await cli("redirects", "test", "/nirgends/")).out).toEqual(["No redirect for /nirgends/ in de"]);
    expect((await cli("redirects", "add", "/winter/", "/schnee/")).code).toBe(0);
    const loop = await cli("redirects", "test", "/winter/");
    expect(loop.code).toBe(1);
    expect(loop.err).toEqual(["The redirects loop: a browser gives up"]);
    expect((await cli("redirects", "test", "/x/", "--store", "xx")).code).toBe(2);
    // A protocol-relative target would leave the shop unnoticed: refused (an explicit https:// address is allowed).
    const open = await cli("redirects", "add", "/out/", "//evil.example/");
    expect(open.code).toBe(1);
    expect(open.err[0]).toMatch(/^target: must be an internal path/);
    // Replacing keeps one redirect per source and store.
    expect((await cli("redirects", "add", "/winter/", "/c/new/", "--store", "at")).out[0]).toMatch(/-> \/c\/new\//);
    expect((await cli("redirects", "list")).out.filter((l) => l.includes("[at] /winter/"))).toHaveLength(1);
    expect((await cli("redirects", "remove", "/winter/")).out).toEqual(["Removed 2 redirect(s)"]);
    const audit = await listAudit({ db: harness.db }, { subjectType: "redirect" });
    expect(audit.entries[0]?.action).toBe("redirect.remove");
  });

  it("adds, lists and removes redirects", async () => {
    const added = await cli("redirects", "add", "/old-sale/", "/c/sale/", "--store", "de", "--status", "302");
    expect(added.code).toBe(0);
    expect(added.out[0]).toMatch(/^Redirect \d+: \[de\] \/old-sale\/ -> \/c\/sale\/ \(302\)$/);
    // The demo catalogue brought redirects of its own.
    const listed = (await cli("redirects", "list")).out;
    expect(listed).toContainEqual(expect.stringMatching(/^\s*\d+ {2}\[de\] \/old-sale\/ -> \/c\/sale\/ \(302\)$/));
    expect((await cli("redirects", "remove", "/old-sale/")).out).toEqual(["Removed 1 redirect(s)"]);
    expect((await cli("redirects", "list")).out).toEqual(listed.filter((line) => !line.includes("/old-sale/")));
    expect((await cli("redirects", "remove", "/old-sale/")).code).toBe(1);
  });
});

it("keeps its data in the harness folder", () => {
  expect(process.env.VITRINE_DATA_DIR).toBe(dir);
});
