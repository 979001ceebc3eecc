import { type Db, listStaff, resolveSecret, staffSetup } from "@vitrine/commerce";
import { beforeAll, describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** `vitrine staff …` and `vitrine audit` against their own database (SQLite file, or a PostgreSQL schema). */
const harness = cliHarness("staff", async (cli) => {
  expect((await cli("db", "migrate")).code).toBe(0);
});
const { cli } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

describe("vitrine staff", () => {
  it("adds the first owner with a one-time set-up link that the back office accepts", async () => {
    expect(await cli("staff", "list")).toMatchObject({
      code: 0,
      out: ["No staff yet: vitrine staff add EMAIL --role owner"],
    });
    const added = await cli("staff", "add", "Olga@Shop.test", "--role", "owner", "--name", "Olga");
    expect(added.code, added.err.join("\n")).toBe(0);
    expect(added.out[0]).toBe("Added olga@shop.test (owner). One-time set-up link, valid for three days:");
    const token = /\/admin\/setup\/\?token=([\w-]+)$/.exec(added.out[1] ?? "")?.[1];
    expect(token).toBeDefined();
    const secret = await resolveSecret({ db, config: { VITRINE_SECRET: process.env.VITRINE_SECRET } }, new Date());
    const setup = await staffSetup({ db, clock: { now: () => new Date() }, requestId: "t", secret }, token as string);
    expect(setup?.staff).toMatchObject({ email: "olga@shop.test", role: "owner", status: "invited" });
    expect((await cli("staff", "list")).out[0]).toMatch(/^olga@shop\.test\s+owner\s+invited\s+never signed in$/);
  });

  it("refuses an unknown role and usage errors", async () => {
    expect((await cli("staff", "add", "x@shop.test", "--role", "boss")).code).not.toBe(0);
    expect((await cli("staff", "add", "not-an-email", "--role", "warehouse")).code).toBe(1);
    expect((await cli("staff", "role", "nobody@shop.test", "warehouse")).code).toBe(1);
  });

  it("changes roles, deactivates, and shows every change in vitrine audit", async () => {
    expect((await cli("staff", "add", "wim@shop.test", "--role", "warehouse")).code).toBe(0);
    expect(await cli("staff", "role", "wim@shop.test", "customer_service")).toMatchObject({
      code: 0,
      out: ["wim@shop.test is now customer_service"],
    });
    expect(await cli("staff", "deactivate", "wim@shop.test")).toMatchObject({
      code: 0,
      out: ["wim@shop.test is deactivated"],
    });
    expect((await listStaff({ db })).find((m) => m.email === "wim@shop.test")?.status).toBe("deactivated");

    const audit = await cli("audit", "--subject", "staff", "--limit", "3");
    expect(audit.code).toBe(0);
    expect(audit.out[0]).toMatch(
      /^#\d+ \S+ cli:\S+ staff\.deactivate staff:[\w-]+ {2}status: "invited" → "deactivated" {2}\(wim@shop\.test\)$/,
    );
    expect(audit.out[1]).toMatch(/staff\.role .* role: "warehouse" → "customer_service"/);
    expect(audit.out[2]).toMatch(/staff\.invite .* email: – → "wim@shop\.test"/);
    expect(audit.out[3]).toMatch(/^More: --before \d+$/);
    const older = await cli("audit", "--before", (/\d+$/.exec(audit.out[3] ?? "") ?? [""])[0]);
    expect(older.out[0]).toMatch(/staff\.invite .*olga@shop\.test/);
    expect((await cli("audit", "--actor", "nobody@shop.test")).code).toBe(1);
    expect((await cli("audit", "--limit", "0")).code).not.toBe(0);
  });
});
