import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Db } from "@vitrine/commerce";
import { type SmtpSink, startSmtpSink } from "@vitrine/commerce/smtp-sink";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutUpToReview, placeReviewedOrder, within } from "./server-process.ts";
import { startTestShop, type TestShop } from "./shop-client.ts";

/**
 * Issue 24, faults: the mail server is down while shoppers order. The orders are placed as usual, their mails
 * wait in the outbox (the database), the shop's embedded worker tries them and keeps them, and once the mail server
 * answers again each arrives exactly once. The worker's pause after a failure is two minutes (orders/outbox.ts):
 * the test stands for that wait by moving the waiting mails' `available_at` to now, and nothing else.
 */

let shop: TestShop;
let sink: SmtpSink;
let db: Db;

beforeAll(async () => {
  sink = await startSmtpSink();
  await sink.close();
  shop = await startTestShop({
    DEMO_PRODUCTS: "40",
    SMTP_URL: sink.url,
    MAIL_JOB_INTERVAL_S: "1",
    WORKER: "embedded",
  });
  const buildDir = resolve(import.meta.dirname, "..", process.env.VITRINE_BUILD_DIR ?? "build");
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as {
    entry: { module: { getServices(): Promise<{ db: Db }> } };
  };
  ({ db } = await build.entry.module.getServices());
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await sink?.close();
});

const outboxOf = (emails: string[]) =>
  db
    .selectFrom("mail_outbox")
    .select(["recipient", "status", "attempts", "last_error"])
    .where("recipient", "in", emails)
    .orderBy("id")
    .execute();

describe("the mail server is down", () => {
  it("keeps the mails of orders placed meanwhile in the outbox and delivers each once when it is back", async () => {
    const variant = await db
      .selectFrom("variant")
      .select("id")
      .where("sellable_without_stock", "=", 0)
      .where("stock_quantity", ">=", 5)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const emails = [1, 2, 3].map((i) => `smtp.down.${i}.${process.pid}@example.com`);
    for (const email of emails) {
      const browser = shop.browser();
      expect((await browser.rpc("addItemToBasket", { variantId: variant.id, quantity: 1 })).status).toBe(200);
      const placed = await placeReviewedOrder(browser, await checkoutUpToReview(browser, email));
      expect(placed.status).toBe(302);
      expect(placed.number).toMatch(/^\d{8}$/);
    }

    // The worker tried each (the mail server refused the connection) and keeps it for later. A claim counts the
    // attempt before the send; the failure is written after it.
    await within(
      async () =>
        (await outboxOf(emails)).filter((m) => m.attempts >= 1 && m.last_error !== null).length === emails.length,
      10_000,
      "the worker to try the mails",
      100,
    );
    const waiting = await outboxOf(emails);
    expect(waiting.map((m) => [m.recipient, m.status])).toEqual(emails.map((e) => [e, "pending"]));
    for (const mail of waiting) expect(mail.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(sink.received).toEqual([]);

    // The mail server is back; the worker's pause after the failure passes.
    await sink.listen();
    await db
      .updateTable("mail_outbox")
      .set({ available_at: new Date().toISOString() })
      .where("recipient", "in", emails)
      .where("status", "=", "pending")
      .execute();
    await within(
      async () => (await outboxOf(emails)).every((m) => m.status === "sent"),
      10_000,
      "the mails to be sent",
      100,
    );
    // Each arrived once, as the order confirmation.
    for (const email of emails) {
      const mails = sink.received.filter((m) => m.to.includes(email));
      expect(mails, email).toHaveLength(1);
      expect(mails[0]?.raw).toMatch(/^X-Vitrine-Mail: order-confirmation/m);
    }
    // And stays once: later runs of the worker send nothing again.
    await new Promise((r) => setTimeout(r, 2500));
    expect(sink.received.filter((m) => emails.some((e) => m.to.includes(e)))).toHaveLength(emails.length);
  });
});
