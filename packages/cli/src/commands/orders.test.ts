import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  coreJobs,
  createWorker,
  type Db,
  getOrderByNumber,
  getOrderOperatorView,
  listAudit,
  loadConfig,
  readOutbox,
  registerReturn,
  silentLogger,
  systemClock,
} from "@vitrine/commerce";
import { startSmtpSink } from "@vitrine/commerce/smtp-sink";
import { testCtx } from "@vitrine/commerce/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { osUser } from "../cli.ts";
import { cliHarness, placeOrder } from "./test-harness.ts";

/** `vitrine orders …` against its own database, with orders placed through the checkout service. */
const harness = cliHarness("orders", async (cli) => {
  expect((await cli("demo", "load", "--products", "60")).code).toBe(0);
});
const { cli, dir } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

const newOrder = () => placeOrder(db);

describe("vitrine orders", () => {
  it("lists, shows, ships, delivers and mails each change", async () => {
    const number = await newOrder();
    const list = await cli("orders", "list");
    expect(list.code, list.err.join("\n")).toBe(0);
    expect(list.out[0]).toContain(number);
    expect(list.out[0]).toContain("placed");
    expect((await cli("orders", "list", "--status", "shipped")).out).toEqual(["No orders"]);
    expect((await cli("orders", "list", "--status", "lost")).code).toBe(2);

    const shown = await cli("orders", "show", number);
    expect(shown.out[0]).toContain(`Order ${number} (de)`);
    expect(shown.out.some((l) => /line \d+: 1 ×/.test(l))).toBe(true);

    expect((await cli("orders", "ship", number, "--carrier", "dhl")).code).toBe(2);
    const shipped = await cli("orders", "ship", number, "--carrier", "dhl", "--tracking", "00340434161094015902");
    expect(shipped).toMatchObject({
      code: 0,
      out: [`Order ${number}: shipped (payment awaiting_payment); mail queued`],
    });
    expect((await cli("orders", "deliver", number)).out).toEqual([
      `Order ${number}: delivered (payment awaiting_payment); mail queued`,
    ]);
    expect((await cli("orders", "pay", number)).out).toEqual([
      `Order ${number}: delivered (payment paid); mail queued`,
    ]);
    const refused = await cli("orders", "cancel", number);
    expect(refused).toMatchObject({ code: 1, err: [`Order ${number} is delivered: not possible now`] });

    // Nothing is sent by the CLI itself: the worker's mail job sends what the changes queued.
    expect(await readOutbox({ VITRINE_DATA_DIR: dir })).toEqual([]);
    const sent = await cli("jobs", "run", "mail");
    expect(sent).toMatchObject({ code: 0, out: ["mail: ok (sent 4, failed 0)"] });
    const mails = (await readOutbox({ VITRINE_DATA_DIR: dir })).map((m) => m.kind);
    expect(mails).toEqual(["order-confirmation", "order-shipped", "order-delivered", "order-paid"]);
    const history = (await cli("orders", "show", number)).out.join("\n");
    expect(history).toMatch(/shipped \{"packageId":\d+,"carrier":"dhl","trackingNumber":"00340434161094015902"\}/);
  });

  it("cancels an order that has not shipped and refuses unknown orders", async () => {
    const number = await newOrder();
    const cancelled = await cli("orders", "cancel", number, "--reason", "asked by phone");
    expect(cancelled).toMatchObject({
      code: 0,
      out: [`Order ${number}: cancelled (payment awaiting_payment); mail queued`],
    });
    expect((await cli("orders", "show", number)).out.join("\n")).toContain('cancelled {"reason":"asked by phone"}');
    expect(await cli("orders", "deliver", "12345678")).toMatchObject({ code: 1, err: ["No order 12345678"] });
    expect((await cli("orders", "ship", number, "--carrier", "dhl", "--tracking", "123", "--lines", "x")).code).toBe(2);
  });

  it("receives a return's parcel once, putting its units back into stock", async () => {
    const number = await newOrder();
    expect((await cli("orders", "ship", number, "--carrier", "dhl", "--tracking", "00340434161094015903")).code).toBe(
      0,
    );
    const orders = testCtx(db, { config: { PUBLIC_URL: "https://shop.example" } });
    const order = await getOrderByNumber(orders, number);
    const line = order?.lines[0];
    if (!line) throw new Error("no line");
    const registered = await registerReturn(orders, number, {
      lines: [{ lineId: line.id, quantity: 1, reason: "too_big" }],
    });
    if (!registered.ok) throw new Error(JSON.stringify(registered));
    const stock = async () =>
      (
        await db
          .selectFrom("variant")
          .select("stock_quantity")
          .where("id", "=", line.variantId)
          .executeTakeFirstOrThrow()
      ).stock_quantity;
    const before = await stock();
    expect(await cli("orders", "receive-return", registered.returnNumber)).toMatchObject({
      code: 0,
      out: [`Return ${registered.returnNumber} of order ${number}: received, units back in stock`],
    });
    expect(await stock()).toBe(before + 1);
    expect(await cli("orders", "receive-return", registered.returnNumber)).toMatchObject({
      code: 1,
      err: [`Return ${registered.returnNumber} was received before`],
    });
    expect(await cli("orders", "receive-return", "R12345678-1")).toMatchObject({
      code: 1,
      err: ["No return R12345678-1"],
    });
    expect((await cli("orders", "show", number)).out.join("\n")).toContain(
      `return_received {"returnNumber":"${registered.returnNumber}"}`,
    );
  });

  it("leaves a shipment's mail to the shop's worker, which sends it through the shop's SMTP server", async () => {
    const number = await newOrder();
    // This shell has no SMTP_URL: the CLI only queues.
    expect(process.env.SMTP_URL).toBeUndefined();
    const shipped = await cli("orders", "ship", number, "--carrier", "dhl", "--tracking", "00340434161094015904");
    expect(shipped.code, shipped.err.join("\n")).toBe(0);
    const order = await getOrderByNumber(testCtx(db, {}), number);
    const sink = await startSmtpSink();
    const config = { ...loadConfig({}), SMTP_URL: sink.url };
    const shop = createWorker({ db, clock: systemClock, config, log: silentLogger, jobs: coreJobs(config) });
    shop.start();
    try {
      const mail = await sink.waitFor((m) => m.to.includes(order?.email ?? "?") && /order-shipped/.test(m.raw));
      expect(mail.raw).toContain("00340434161094015904");
    } finally {
      await shop.stop();
      await sink.close();
    }
  });

  it("searches, filters, pages and exports the list as CSV", async () => {
    const a = await placeOrder(db, { email: "ulla.ottersberg@example.com", lastName: "Ottersberg" });
    const b = await placeOrder(db, { lastName: "Ottersberg", payment: "prepayment" });
    const found = await cli("orders", "list", "--search", "ottersberg");
    expect(found.code, found.err.join("\n")).toBe(0);
    expect(found.out.map((l) => l.slice(0, 8)).sort()).toEqual([a, b].sort());
    expect((await cli("orders", "list", "--search", "ulla.otter")).out.map((l) => l.slice(0, 8))).toEqual([a]);
    expect((await cli("orders", "list", "--search", "ottersberg", "--payment", "prepayment")).out[0]).toContain(b);
    expect((await cli("orders", "list", "--search", "ottersberg", "--status", "shipped")).out).toEqual(["No orders"]);
    expect((await cli("orders", "list", "--from", "yesterday")).code).toBe(2);
    expect((await cli("orders", "list", "--payment", "bitcoin")).code).toBe(2);
    const first = await cli("orders", "list", "--limit", "1", "--sort", "oldest");
    const next = /^More: --after (\S+)$/.exec(first.out.at(-1) ?? "")?.[1];
    expect(next).toBeDefined();
    const second = await cli("orders", "list", "--limit", "1", "--sort", "oldest", "--after", next as string);
    expect(second.out[0]?.slice(0, 8)).not.toBe(first.out[0]?.slice(0, 8));

    const csv = await cli("orders", "export", "--search", "ottersberg");
    expect(csv.code).toBe(0);
    expect(csv.out[0]).toBe(
      "number,placed_at,store,status,payment_status,payment_method,currency,total,email,name,postcode",
    );
    expect(csv.out).toHaveLength(3);
    expect(csv.out.find((l) => l.startsWith(a))).toMatch(
      /,invoice,EUR,\d+\.\d{2},ulla\.ottersberg@example\.com,Lena Ottersberg,10115$/,
    );
    const file = join(dir, "orders.csv");
    expect((await cli("orders", "export", "--store", "de", "--out", file)).code).toBe(0);
    expect(readFileSync(file, "utf8").split("\n")[0]).toMatch(/^number,placed_at/);
  });

  it("refunds part of an order (never more than paid), adds notes, resends a mail; all audited as the OS user", async () => {
    const number = await placeOrder(db, { quantity: 2 });
    expect((await cli("orders", "pay", number)).code).toBe(0);
    const view = await getOrderOperatorView(testCtx(db, {}), number);
    const total = view?.order.totals.total ?? 0;
    expect((await cli("orders", "refund", number, "--amount", "5")).code).toBe(2);
    expect(await cli("orders", "refund", number, "--amount", "5", "--reason", "Kulanz", "--key", "r-1")).toMatchObject({
      code: 0,
    });
    expect((await cli("orders", "refund", number, "--amount", "5", "--reason", "Kulanz", "--key", "r-1")).code).toBe(0);
    const tooMuch = await cli("orders", "refund", number, "--amount", (total / 100).toFixed(2), "--reason", "alles");
    expect(tooMuch).toMatchObject({ code: 1 });
    expect(tooMuch.err[0]).toContain(`at most ${total - 500} cents of order ${number}`);
    expect(await cli("orders", "note", number, "Paket beschädigt angekommen")).toMatchObject({
      code: 0,
      out: [`Order ${number}: note added`],
    });
    const shown = (await cli("orders", "show", number)).out.join("\n");
    expect(shown).toMatch(/refund \d+: 5,00\s€ by bank_transfer \(Kulanz\)/);
    expect(shown).toContain(`note `);
    expect(shown).toContain(`cli:${osUser()}: Paket beschädigt angekommen`);
    const mailId = /mail (\d+): order-confirmation/.exec(shown)?.[1] as string;
    expect(mailId).toBeDefined();
    expect((await cli("jobs", "run", "mail")).code).toBe(0);
    expect((await cli("orders", "resend-mail", number, mailId)).code).toBe(0);
    expect((await cli("orders", "resend-mail", number, "999999")).code).toBe(1);
    const actions = (await listAudit({ db }, { subjectType: "order", subjectId: number })).entries.map((e) => [
      e.action,
      e.actor.label,
    ]);
    const me = `cli:${osUser()}`;
    expect(actions).toEqual([
      ["order.resend_mail", me],
      ["order.note", me],
      ["order.refund", me],
      ["order.pay", me],
    ]);
  });
  it("shows a card order's payment: provider, test mode, authorized and captured on shipment, history", async () => {
    const number = await placeOrder(db, { payment: "credit_card" });
    let shown = (await cli("orders", "show", number)).out.join("\n");
    expect(shown).toMatch(/Payment sandbox \(test mode\) -: authorized, authorized \S+\s€, captured 0,00\s€/);
    expect((await cli("orders", "ship", number, "--carrier", "dhl", "--tracking", "00340434161094042599")).code).toBe(
      0,
    );
    shown = (await cli("orders", "show", number)).out.join("\n");
    expect(shown).toMatch(/Payment sandbox \(test mode\) -: captured/);
    expect(shown).toMatch(/\s+\S+ captured \S+\s€/);
  });
});
