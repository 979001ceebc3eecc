import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  createAccountAuth,
  type Db,
  getOrderByNumber,
  listAudit,
  registerFashionCard,
  registerReturn,
  signUp,
  subscribeNewsletter,
  systemClock,
} from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { osUser } from "../cli.ts";
import { cliHarness, placeOrder } from "./test-harness.ts";

/** `vitrine returns …`, `vitrine customers …` and `vitrine newsletter export` against their own database. */
const harness = cliHarness("operator", async (cli) => {
  expect((await cli("demo", "load", "--products", "40")).code).toBe(0);
});
const { cli, dir } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});
const me = () => `cli:${osUser()}`;

/** A shipped order with a registered return of `quantity` units of its first line. */
async function orderWithReturn(quantity: number) {
  const number = await placeOrder(db, { quantity: 2 });
  expect((await cli("orders", "pay", number)).code).toBe(0);
  expect((await cli("orders", "ship", number, "--carrier", "dhl", "--tracking", "00340434161094015111")).code).toBe(0);
  const ctx = testCtx(db, { config: { PUBLIC_URL: "https://shop.example" } });
  const line = (await getOrderByNumber(ctx, number))?.lines[0];
  if (!line) throw new Error("no line");
  const registered = await registerReturn(ctx, number, { lines: [{ lineId: line.id, quantity, reason: "too_big" }] });
  if (!registered.ok) throw new Error(JSON.stringify(registered));
  return { number, line, returnNumber: registered.returnNumber };
}

describe("vitrine returns", () => {
  it("lists the queue, receives line by line, refunds and rejects; every step audited", async () => {
    const { number, line, returnNumber } = await orderWithReturn(2);
    const queue = await cli("returns", "list");
    expect(queue.code).toBe(0);
    expect(queue.out.some((l) => l.startsWith(returnNumber) && l.includes(`order ${number}`))).toBe(true);
    expect((await cli("returns", "list", "--status", "lost")).code).toBe(2);
    expect(await cli("returns", "refund", returnNumber)).toMatchObject({
      code: 1,
      err: [`Return ${returnNumber} is registered: not possible now`],
    });
    expect((await cli("returns", "receive", returnNumber, "--damaged", "x")).code).toBe(2);
    expect(await cli("returns", "receive", returnNumber, "--damaged", String(line.id))).toMatchObject({
      code: 0,
      out: [`Return ${returnNumber} of order ${number}: received (damaged: lines ${line.id})`],
    });
    expect((await cli("returns", "list", "--status", "received")).out.some((l) => l.startsWith(returnNumber))).toBe(
      true,
    );
    expect(await cli("returns", "refund", returnNumber)).toMatchObject({
      code: 0,
      out: [`Return ${returnNumber} of order ${number}: refunded; mail queued`],
    });
    const shown = (await cli("orders", "show", number)).out.join("\n");
    expect(shown).toContain(`return ${returnNumber}: refunded`);
    expect(shown).toContain("damaged");
    expect(shown).toMatch(/refund \d+: .* by bank_transfer \(return /);

    const second = await orderWithReturn(1);
    expect((await cli("returns", "reject", second.returnNumber)).code).toBe(2);
    expect(await cli("returns", "reject", second.returnNumber, "--reason", "Never arrived")).toMatchObject({
      code: 0,
      out: [`Return ${second.returnNumber} of order ${second.number}: rejected; mail queued`],
    });
    expect((await cli("returns", "receive", second.returnNumber)).code).toBe(1);
    expect(await cli("returns", "receive", "R12345678-1")).toMatchObject({ code: 1, err: ["No return R12345678-1"] });

    const actions = (await listAudit({ db }, { subjectType: "order", subjectId: number })).entries.map((e) => [
      e.action,
      e.actor.label,
    ]);
    expect(actions.slice(0, 2)).toEqual([
      ["order.return.refund", me()],
      ["order.return.receive", me()],
    ]);
  });
});

describe("vitrine customers and newsletter", () => {
  it("finds, shows, exports, adjusts points, exports the newsletter and erases a customer", async () => {
    const ctx = testCtx(db, { config: { PUBLIC_URL: "https://shop.example" } });
    const auth = createAccountAuth({
      db,
      clock: systemClock,
      secret: "cli-operator-test-secret-0123456789",
      baseURL: "https://shop.example",
      secureCookies: false,
      passwordResetMail: (m) => ({ kind: "password-reset", to: m.email, subject: "", text: "", html: "" }),
    });
    const email = "greta.quandtmeyer@example.com";
    const account = await signUp(
      { ...ctx, auth },
      { headers: new Headers(), clientAddress: "10.2.0.1" },
      { email, password: "Sommer-2026!", firstName: "Greta", lastName: "Quandtmeyer" },
    );
    if (!account.ok) throw new Error(JSON.stringify(account));
    const number = account.customer.referenceKey;
    await registerFashionCard(ctx, account.customer.id);
    await subscribeNewsletter(ctx, account.customer.id, "de");
    await placeOrder(db, { lastName: "Quandtmeyer", email: "gast.quandtmeyer@example.com" });

    const found = await cli("customers", "find", "quandt");
    expect(found.code).toBe(0);
    expect(found.out).toHaveLength(2);
    expect(found.out.find((l) => l.includes("account"))).toContain(`${number}  account  Greta Quandtmeyer`);
    expect(found.out.find((l) => l.includes("guest"))).toContain("gast.quandtmeyer@example.com");
    expect((await cli("customers", "find", number)).out).toHaveLength(1);
    expect((await cli("customers", "find", "nobody-like-this")).out).toEqual(["No customers"]);

    const shown = await cli("customers", "show", number);
    expect(shown.out[0]).toBe(`Customer ${number} (account): Greta Quandtmeyer <${email}>`);
    expect(shown.out.join("\n")).toContain("newsletter: de");
    expect((await cli("customers", "points", number, "150")).code).toBe(2);
    expect(await cli("customers", "points", number, "150", "--reason", "Bon nachgetragen")).toMatchObject({
      code: 0,
      out: [`Customer ${number}: 0 → 150 points`],
    });
    expect((await cli("customers", "points", number, "ten", "--reason", "x")).code).toBe(2);

    const newsletter = await cli("newsletter", "export", "--store", "at");
    expect(newsletter.out[0]).toBe("email,first_name,last_name,language,subscribed_at,customer_number");
    expect(newsletter.out.some((l) => l.startsWith(`${email},Greta,Quandtmeyer,de,`))).toBe(true);
    expect((await cli("newsletter", "export", "--language", "fr")).out).toHaveLength(1);
    expect((await cli("newsletter", "export")).code).toBe(2);

    const file = join(dir, "greta.json");
    expect((await cli("customers", "export", number, "--out", file)).code).toBe(0);
    const data = JSON.parse(readFileSync(file, "utf8"));
    expect(data.customer).toMatchObject({ email, lastName: "Quandtmeyer" });
    expect(data.fashionCard.loyalty.points.balance).toBe(150);

    expect((await cli("customers", "erase", number)).code).toBe(2);
    expect(await cli("customers", "erase", number, "--yes", "--reason", "Mail vom 26.11.")).toMatchObject({
      code: 0,
      out: [`Customer ${number} erased; 0 orders kept anonymised`],
    });
    expect((await cli("customers", "erase", number, "--yes")).code).toBe(1);
    expect((await cli("customers", "show", number)).out[0]).toMatch(
      /^Customer \d+ \(erased .*\): {2}<erased-.*@erased\.invalid>$/,
    );
    expect((await cli("customers", "find", "greta")).out).toEqual(["No customers"]);

    const audit = (await listAudit({ db }, { subjectType: "customer", subjectId: account.customer.id })).entries;
    expect(audit.map((e) => [e.action, e.actor.label])).toEqual([
      ["customer.erase", me()],
      ["customer.export", me()],
      ["customer.points", me()],
    ]);
    expect((await listAudit({ db }, { action: "newsletter.export" })).entries.length).toBeGreaterThanOrEqual(2);
  });
});
