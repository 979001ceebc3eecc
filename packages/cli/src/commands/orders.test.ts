import { randomUUID } from "node:crypto";
import {
  addItemToBasket,
  type CheckoutContext,
  coreJobs,
  createAccountAuth,
  createWorker,
  type Db,
  getOrderByNumber,
  loadConfig,
  readOutbox,
  registerReturn,
  type Shop,
  saveCheckoutAddresses,
  saveCheckoutContact,
  saveCheckoutDelivery,
  saveCheckoutPayment,
  shopByCode,
  silentLogger,
  submitOrder,
  systemClock,
} from "@vitrine/commerce";
import { startSmtpSink } from "@vitrine/commerce/smtp-sink";
import { testCtx } from "@vitrine/commerce/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { cliHarness } from "./test-harness.ts";

/** `vitrine orders …` against its own database, with orders placed through the checkout service. */
const harness = cliHarness("orders", async (cli) => {
  expect((await cli("demo", "load", "--products", "60")).code).toBe(0);
});
const { cli, dir } = harness;
let db: Db;
beforeAll(() => {
  db = harness.db;
});

/** A guest order in the German store, paid by invoice. */
async function placeOrder(): Promise<string> {
  const ctx: CheckoutContext = {
    ...testCtx(db, { shop: shopByCode("de") as Shop, config: { PUBLIC_URL: "https://shop.example" } }),
    auth: createAccountAuth({
      db,
      clock: systemClock,
      secret: "cli-orders-test-secret-0123456789abcdef",
      baseURL: "https://shop.example",
      secureCookies: false,
      passwordResetMail: (mail) => ({
        kind: "password-reset",
        to: mail.email,
        subject: "Reset",
        text: mail.token,
        html: "",
      }),
    }),
  };
  const variant = await db
    .selectFrom("variant")
    .select("id")
    .where("stock_quantity", ">", 5)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const shopper = { kind: "guest" as const, browserId: randomUUID() };
  const added = await addItemToBasket(ctx, shopper, { variantId: variant.id, quantity: 1 });
  expect(added.ok).toBe(true);
  await saveCheckoutContact(ctx, shopper, { email: `cli.${randomUUID().slice(0, 8)}@example.com` });
  await saveCheckoutAddresses(ctx, shopper, {
    shipping: {
      firstName: "Lena",
      lastName: "Berg",
      street: "Gartenstraße 5",
      zipCode: "10115",
      city: "Berlin",
      countryCode: "DE",
    },
    billingSameAsShipping: true,
  });
  await saveCheckoutDelivery(ctx, shopper, "standard");
  await saveCheckoutPayment(ctx, shopper, "invoice");
  const outcome = await submitOrder(ctx, shopper, { idempotencyKey: randomUUID() });
  if (!outcome.ok || outcome.kind !== "placed") throw new Error(JSON.stringify(outcome));
  return outcome.order.number;
}

describe("vitrine orders", () => {
  it("lists, shows, ships, delivers and mails each change", async () => {
    const number = await placeOrder();
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
    const number = await placeOrder();
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
    const number = await placeOrder();
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
    const number = await placeOrder();
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
});
