import { type Db, listAudit } from "@vitrine/commerce";
import { rollUpSearchAnalytics, searchDb } from "@vitrine/search";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli.ts";
import { commands } from "./index.ts";
import { cliHarness } from "./test-harness.ts";

/** `vitrine search …` (documented in packages/search/README.md) against its own database with demo products. */
const harness = cliHarness("search", async (cli) => {
  expect((await cli("demo", "load", "--products", "60")).code).toBe(0);
});
const { cli } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

describe("vitrine search", () => {
  it("is listed in the help, every command with its own help", async () => {
    const help = await cli("--help");
    for (const command of [
      "search serve",
      "search try",
      "search rules list",
      "search rules add",
      "search rules pin",
      "search rules edit",
      "search rules remove",
      "search synonyms list",
      "search synonyms add",
      "search synonyms edit",
      "search synonyms remove",
      "search keys",
      "search stats",
      "search analytics",
    ]) {
      expect(help.out.join("\n")).toContain(command);
      const own = await cli(...command.split(" "), "--help");
      expect(own.code).toBe(0);
      expect(own.out[0]).toContain(`Usage: vitrine ${command}`);
    }
  });

  it("adds, lists and removes rules; a redirect rule fires in a search", async () => {
    expect(await cli("search", "rules", "list")).toMatchObject({ code: 0, out: ["No rules"] });
    const added = await cli("search", "rules", "add", "redirect", "gutschein", "/de/s/gutschein/", "--store", "de");
    expect(added.code, added.err.join("\n")).toBe(0);
    const id = /^Added rule (\d+): redirect "gutschein" → \/de\/s\/gutschein\/$/.exec(added.out[0] ?? "")?.[1];
    expect(id).toBeDefined();

    const tried = await cli("search", "try", "gutschein", "--store", "de");
    expect(tried.code, tried.err.join("\n")).toBe(0);
    expect(tried.out[0]).toBe('trigger redirect: "/de/s/gutschein/"');

    const category = await db
      .selectFrom("product_category as pc")
      .innerJoin("category as c", "c.id", "pc.category_id")
      .select(["c.key", "pc.product_id"])
      .orderBy("pc.product_id")
      .executeTakeFirstOrThrow();
    const pinned = await cli("search", "rules", "pin", category.key, String(category.product_id));
    expect(pinned.code, pinned.err.join("\n")).toBe(0);
    expect(pinned.out[0]).toMatch(new RegExp(`^Added rule \\d+: pin ${category.product_id} on ${category.key}$`));

    const listed = await cli("search", "rules", "list");
    expect(listed.out).toHaveLength(2);
    expect(listed.out.join("\n")).toContain('redirect de     "gutschein" (exact) → /de/s/gutschein/');
    expect((await cli("search", "rules", "list", "--kind", "pin")).out).toEqual([
      expect.stringContaining(`category ${category.key}: products ${category.product_id}`),
    ]);
    expect((await cli("search", "rules", "add", "sort", "a", "b")).code).toBe(2);

    expect(await cli("search", "rules", "remove", id as string)).toMatchObject({
      code: 0,
      out: [`Removed rule ${id}`],
    });
    expect(await cli("search", "rules", "remove", id as string)).toMatchObject({ code: 1, err: [`No rule ${id}`] });
    expect((await cli("search", "rules", "list")).out).toHaveLength(1);
  });

  it("finds products with search try", async () => {
    const name = await db
      .selectFrom("product_translation")
      .select("name")
      .where("language", "=", "de")
      .orderBy("product_id")
      .executeTakeFirstOrThrow();
    const word = name.name.split(" ").at(-1) as string;
    const tried = await cli("search", "try", word);
    expect(tried.code, tried.err.join("\n")).toBe(0);
    expect(Number(/^(\d+) results$/.exec(tried.out[0] ?? "")?.[1])).toBeGreaterThan(0);
    expect(tried.out[1]).toMatch(/^ {2}\S+/);
    expect((await cli("search", "try", word, "--store", "xx")).code).toBe(2);
  });

  it("adds, lists and removes synonyms", async () => {
    expect(await cli("search", "synonyms", "list")).toMatchObject({ code: 0, out: ["No synonyms"] });
    const added = await cli("search", "synonyms", "add", "pulli", "pullover", "--language", "de", "--one-way");
    expect(added.code, added.err.join("\n")).toBe(0);
    const id = /^Added synonyms (\d+): pulli, pullover$/.exec(added.out[0] ?? "")?.[1] as string;
    expect(id).toBeDefined();
    expect((await cli("search", "synonyms", "list")).out).toEqual([`${id.padStart(4)}  de pulli → pullover`]);
    expect(await cli("search", "synonyms", "remove", id)).toMatchObject({ code: 0, out: [`Removed synonyms ${id}`] });
    expect((await cli("search", "synonyms", "list")).out).toEqual(["No synonyms"]);
    // A phrase is one argument: the shell's quotes keep its words together.
    const phrase = await cli("search", "synonyms", "add", "trainers", "running shoes", "--language", "en");
    expect(phrase.out[0]).toMatch(/^Added synonyms \d+: trainers, running shoes$/);
  });

  it("prints the stores' API keys and search tokens", async () => {
    const keys = await cli("search", "keys");
    expect(keys.code).toBe(0);
    expect(keys.out.map((l) => l.split(/\s+/)[0])).toEqual(["de", "at", "ch", "fr-ch", "en"]);
    const token = await cli("search", "keys", "--store", "de", "--token", "--ttl", "60");
    expect(token.out).toHaveLength(1);
    expect(token.out[0]).toMatch(/^de\s+[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await cli("search", "keys", "--store", "it")).code).toBe(2);
  });

  it("serves the search API until stopped", async () => {
    const out: string[] = [];
    let health: unknown;
    const code = await runCli(commands, ["search", "serve", "--port", "0"], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      async untilStopped() {
        const url = /^Search API on (http:\/\/[^/]+)\//.exec(out[0] ?? "")?.[1];
        health = await (await fetch(`${url}/healthz`)).json();
      },
    });
    expect(code, out.join("\n")).toBe(0);
    expect(out.at(-1)).toBe("Search API stopped");
    expect(health).toMatchObject({ products: 60 });
  });

  it("shows the rolled-up searches of the last days", async () => {
    expect((await cli("search", "stats", "--days", "0")).code).toBe(2);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const search = (query: string, results: number, store = "de") => ({
      store_code: store,
      type: "search",
      client_id: "c",
      query,
      product_id: null,
      action: null,
      quantity: null,
      transaction_id: null,
      response_id: `stats-${Math.random()}`,
      results,
      payload: "{}",
      created_at: yesterday,
    });
    await searchDb(db)
      .insertInto("search_event")
      .values([search("Jeans", 4), search("jeans", 4), search("qqq", 0), search("robe", 2, "fr-ch")])
      .execute();
    await rollUpSearchAnalytics({ db, clock: { now: () => new Date() } });
    const stats = await cli("search", "stats", "--store", "de", "--days", "2");
    expect(stats.code, stats.err.join("\n")).toBe(0);
    expect(stats.out.slice(1)).toEqual([
      "store\tquery\tsearches\tno results\tclicks",
      "de\tjeans\t2\t0\t0",
      "de\tqqq\t1\t1\t0",
    ]);
    expect((await cli("search", "stats")).out.some((line) => line.startsWith("fr-ch\trobe\t1"))).toBe(true);
  });

  it("sums up the rolled-up searches with the queries that found nothing", async () => {
    expect((await cli("search", "analytics", "--days", "0")).code).toBe(2);
    const report = await cli("search", "analytics", "--store", "de", "--days", "2");
    expect(report.code, report.err.join("\n")).toBe(0);
    expect(report.out[1]).toBe("3 searches, 1 without results, 0 clicks, click-through rate 0.0 %");
    expect(report.out).toContain("  de     3 searches, 1 without results");
    expect(report.out.slice(-2)).toEqual(["query\twithout results\tsearches", "qqq\t1\t1"]);
    const all = await cli("search", "analytics");
    expect(all.out[1]).toMatch(/^4 searches, 1 without results/);
  });

  it("changes rules and synonyms, each change audited as the CLI's", async () => {
    const added = await cli("search", "rules", "add", "notify", "mantel", "Warm durch den Winter");
    const id = /^Added rule (\d+)/.exec(added.out[0] ?? "")?.[1] as string;
    const edited = await cli("search", "rules", "edit", id, "redirect", "mantel", "/de/c/damen/", "--store", "de");
    expect(edited).toMatchObject({ code: 0, out: [`Changed rule ${id}`] });
    expect((await cli("search", "rules", "list", "--kind", "redirect")).out.join("\n")).toContain(
      '"mantel" (exact) → /de/c/damen/',
    );
    expect(await cli("search", "rules", "edit", id, "redirect", "mantel", "ftp://x")).toMatchObject({
      code: 1,
      err: ["content: value is not a valid URL."],
    });
    expect((await cli("search", "rules", "edit", "999999", "notify", "a", "b")).err).toEqual([
      "id: no rule has the id 999999.",
    ]);
    expect((await cli("search", "rules", "edit", id, "sort", "a", "b")).code).toBe(2);

    const synonym = await cli("search", "synonyms", "add", "mantel", "jacke", "--language", "de");
    const synonymId = /^Added synonyms (\d+)/.exec(synonym.out[0] ?? "")?.[1] as string;
    const changed = await cli("search", "synonyms", "edit", synonymId, "mantel", "jacke", "parka", "--one-way");
    expect(changed).toMatchObject({ code: 0, out: [`Changed synonyms ${synonymId}: mantel, jacke, parka`] });
    expect((await cli("search", "synonyms", "list")).out).toContain(
      `${synonymId.padStart(4)}  *  mantel → jacke → parka`,
    );
    expect((await cli("search", "synonyms", "edit", synonymId, "nur")).code).toBe(2);

    const rules = await listAudit({ db }, { subjectType: "search.rule", subjectId: id });
    expect(rules.entries.map((e) => [e.action, e.actor.type])).toEqual([
      ["search.rule.update", "cli"],
      ["search.rule.add", "cli"],
    ]);
    const synonyms = await listAudit({ db }, { subjectType: "search.synonym", subjectId: synonymId });
    expect(synonyms.entries.map((e) => e.action)).toEqual(["search.synonym.update", "search.synonym.add"]);
  });
});
