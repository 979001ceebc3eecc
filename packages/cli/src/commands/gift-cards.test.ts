import { type Db, findGiftCard, listAudit, spendGiftCard } from "@vitrine/commerce";
import { beforeAll, describe, expect, it } from "vitest";
import { osUser } from "../cli.ts";
import { cliHarness } from "./test-harness.ts";

/** `vitrine gift-cards …` against its own database (SQLite file, or a fresh PostgreSQL schema). */
const harness = cliHarness("gift-cards", async (cli) => {
  expect((await cli("db", "migrate")).code).toBe(0);
});
const { cli } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

const pays = async (code: string) => (await findGiftCard({ db }, code, "EUR", new Date())).ok;

describe("vitrine gift-cards", () => {
  it("creates cards with a chosen or a random code, lists them masked, refuses a taken code", async () => {
    expect(await cli("gift-cards", "list")).toMatchObject({ code: 0, out: ["No gift cards"] });
    const chosen = await cli(
      "gift-cards",
      "create",
      "--amount",
      "50",
      "--code",
      "shop-gift-0001",
      "--expires",
      "2099-12-31",
    );
    expect(chosen).toMatchObject({
      code: 0,
      out: ["Gift card SHOP-GIFT-0001: 50.00 EUR, pays until 2099-12-31T23:59:59.999Z"],
    });
    const random = await cli("gift-cards", "create", "--amount", "25.50", "--currency", "CHF");
    expect(random.code, random.err.join("\n")).toBe(0);
    const code = /^Gift card ([A-Z0-9-]{19}): 25\.50 CHF$/.exec(random.out[0] ?? "")?.[1] as string;
    expect(code).toBeDefined();
    expect((await findGiftCard({ db }, code, "CHF", new Date())).ok).toBe(true);

    const list = await cli("gift-cards", "list");
    expect(list.out).toHaveLength(2);
    const masked = list.out.find((l) => l.startsWith("SHOP-••••-0001")) as string;
    expect(masked).toMatch(/50\.00 EUR of 50\.00 EUR {2}active {2}expires 2099-12-31$/);
    expect(list.out.join("\n")).not.toContain(code);
    expect((await cli("gift-cards", "list", "--full")).out.join("\n")).toContain(code);

    expect(await cli("gift-cards", "create", "--amount", "10", "--code", "SHOPGIFT0001")).toMatchObject({
      code: 1,
      err: ["Gift card refused: a gift card with this code exists"],
    });
    expect((await findGiftCard({ db }, "SHOPGIFT0001", "EUR", new Date())).ok && "balance kept").toBe("balance kept");
    expect((await cli("gift-cards", "create", "--amount", "0")).code).toBe(2);
    expect((await cli("gift-cards", "create", "--amount", "5", "--currency", "USD")).code).toBe(2);
    expect((await cli("gift-cards", "create", "--amount", "5", "--expires", "2020-01-01")).code).toBe(2);
  });

  it("disables a card and removes one; a card that paid for an order is disabled, not deleted", async () => {
    await cli("gift-cards", "create", "--amount", "20", "--code", "OFF-CARD-0002");
    expect(await cli("gift-cards", "disable", "off card 0002")).toMatchObject({
      code: 0,
      out: ["Disabled gift card ••••-0002"],
    });
    expect(await pays("OFFCARD0002")).toBe(false);

    await cli("gift-cards", "create", "--amount", "20", "--code", "GONE-CARD-003");
    expect(await cli("gift-cards", "remove", "GONE-CARD-003")).toMatchObject({ code: 0 });
    expect(await db.selectFrom("gift_card").selectAll().where("code", "=", "GONECARD003").execute()).toEqual([]);
    expect(await cli("gift-cards", "remove", "GONE-CARD-003")).toMatchObject({
      code: 1,
      err: ["No gift card GONE-CARD-003"],
    });
    expect(await cli("gift-cards", "disable", "NOPE-NOPE-NOPE")).toMatchObject({ code: 1 });

    await cli("gift-cards", "create", "--amount", "20", "--code", "USED-CARD-004");
    expect(await spendGiftCard({ db }, "USEDCARD004", 500, 1, new Date())).toBe(true);
    expect(await cli("gift-cards", "remove", "USEDCARD004")).toMatchObject({
      code: 0,
      out: ["Disabled gift card ••••-D004 (it paid for orders, so it is kept)"],
    });
    expect(await pays("USEDCARD004")).toBe(false);
    expect(await cli("gift-cards", "remove")).toMatchObject({ code: 2 });
  });

  it("removes the demo cards with --demo after a demo load", async () => {
    expect((await cli("demo", "load", "--products", "20")).code).toBe(0);
    expect(await pays("DEMO-GIFT-500E")).toBe(true);
    const removed = await cli("gift-cards", "remove", "--demo");
    expect(removed.code, removed.err.join("\n")).toBe(0);
    expect(removed.out).toContain("Removed gift card DEMO-••••-500E");
    expect(await db.selectFrom("gift_card").select("code").where("code", "like", "DEMOGIFT%").execute()).toEqual([]);
  });
});

describe("vitrine gift-cards lookup and block", () => {
  it("looks a card up, blocks it with a reason (audited as the OS user), and a blocked card pays nothing", async () => {
    expect((await cli("gift-cards", "create", "--amount", "30", "--code", "BLOCK-ME-7319")).code).toBe(0);
    expect(await cli("gift-cards", "lookup", "block-me-7319")).toMatchObject({
      code: 0,
      out: ["Gift card ••••-7319: 30.00 EUR of 30.00 EUR, active"],
    });
    expect((await cli("gift-cards", "block", "BLOCK-ME-7319")).code).toBe(2);
    expect(await cli("gift-cards", "block", "BLOCK-ME-7319", "--reason", "stolen")).toMatchObject({
      code: 0,
      out: ["Gift card ••••-7319 blocked"],
    });
    expect((await cli("gift-cards", "block", "BLOCK-ME-7319", "--reason", "again")).out).toEqual([
      "Gift card ••••-7319 was blocked before",
    ]);
    expect(await pays("BLOCK-ME-7319")).toBe(false);
    expect((await cli("gift-cards", "lookup", "BLOCK-ME-7319")).out[0]).toMatch(/, blocked .* \(stolen\)$/);
    expect(await cli("gift-cards", "lookup", "NOPE-NOPE-0000")).toMatchObject({ code: 1 });
    const audit = await listAudit({ db }, { subjectType: "gift_card", subjectId: "•••• 7319" });
    expect(audit.entries.map((e) => [e.action, e.actor.label])).toEqual([
      ["gift_card.block", `cli:${osUser()}`],
      ["gift_card.issue", `cli:${osUser()}`],
    ]);
  });
});
