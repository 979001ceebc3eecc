import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type Db, quoteIdent } from "@vitrine/commerce";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutUpToReview,
  freePort,
  placeReviewedOrder,
  type ServerProcess,
  startServer,
  stopServer,
} from "./server-process.ts";
import { type TestBrowser, testBrowser } from "./shop-client.ts";

/**
 * Issue 24, faults: the server is killed (`kill -9`, no drain, no shutdown hook) in the middle of 20 concurrent
 * checkouts, then started again on the same database. Every order a shopper was told about exists exactly once,
 * every other shopper still has the basket and can place it (the same idempotency key never makes a second
 * order), and the stock is what it was minus what the orders hold. On SQLite (a file in a temporary folder) and,
 * on the PostgreSQL run, on a fresh schema of DATABASE_URL.
 */

const isPostgres = /^postgres/.test(process.env.DATABASE_URL ?? "");
const dialect = isPostgres ? "PostgreSQL" : "SQLite";
const PORT = await freePort();
const SHOPPERS = 20;
const START_STOCK = 100;
const SECRET = randomBytes(24).toString("base64url");

const dataDir = mkdtempSync(join(tmpdir(), "vitrine-crash-"));
const schema = isPostgres ? `vt_crash_${process.pid}_${randomBytes(3).toString("hex")}` : undefined;
let server: ServerProcess | undefined;
let db: Db;

function env(): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    VITRINE_DATA_DIR: dataDir,
    DEMO_PRODUCTS: "40",
    VITRINE_SECRET: SECRET,
    LOG_LEVEL: "warn",
  };
  delete base.VITRINE_CONFIG;
  if (schema) base.DATABASE_SCHEMA = schema;
  else {
    base.DATABASE_URL = "";
    delete base.DATABASE_SCHEMA;
  }
  return base;
}

beforeAll(async () => {
  server = await startServer(PORT, env());
  db = isPostgres
    ? createDatabase({ url: process.env.DATABASE_URL, schema, poolSize: 2 })
    : createDatabase({ url: join(dataDir, "vitrine.sqlite") });
}, 90_000);

afterAll(async () => {
  if (server) await stopServer(server, "SIGKILL");
  await db?.destroy();
  if (schema) {
    const admin = createDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
    await sql.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).execute(admin);
    await admin.destroy();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function stockOf(variantId: number): Promise<number> {
  const row = await db
    .selectFrom("variant")
    .select("stock_quantity")
    .where("id", "=", variantId)
    .executeTakeFirstOrThrow();
  return Number(row.stock_quantity);
}

/** The orders of a shopper's e-mail address, with the units of the variant in them. */
async function ordersOf(email: string, variantId: number) {
  const rows = await db
    .selectFrom("shop_order as o")
    .leftJoin("order_line as l", (j) => j.onRef("l.order_id", "=", "o.id").on("l.variant_id", "=", variantId))
    .select(["o.id", "o.number", "o.idempotency_key", "l.quantity"])
    .where("o.email", "=", email)
    .execute();
  return rows.map((r) => ({ number: r.number, key: r.idempotency_key, quantity: Number(r.quantity ?? 0) }));
}

describe(`kill -9 in the middle of ${SHOPPERS} concurrent checkouts (${dialect})`, () => {
  it("keeps every confirmed order once, every other basket, and the stock equal to start minus sold", async () => {
    const first = server as ServerProcess;
    // A variant sold only from stock, START_STOCK pieces: every shopper buys one of it.
    const variant = await db
      .selectFrom("variant")
      .select("id")
      .where("sellable_without_stock", "=", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const variantId = Number(variant.id);
    await db.updateTable("variant").set({ stock_quantity: START_STOCK }).where("id", "=", variantId).execute();

    // Twenty shoppers, each with the variant in the basket and the checkout filled in up to the review.
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const browser = testBrowser(fetch, { origin: first.base });
        const add = await browser.rpc("addItemToBasket", { variantId, quantity: 1 });
        expect(add.status).toBe(200);
        const email = `crash.${i}.${process.pid}@example.com`;
        const review = await checkoutUpToReview(browser, email);
        return { browser, email, review };
      }),
    );
    expect(await stockOf(variantId)).toBe(START_STOCK);

    // All place at once; the process is killed as soon as a quarter of the orders are confirmed.
    const answers: ({ status: number; number?: string } | "cut")[] = Array(SHOPPERS).fill(undefined);
    let confirmations = 0;
    let quarterConfirmed: () => void = () => {};
    const confirmed = new Promise<void>((resolve) => {
      quarterConfirmed = resolve;
    });
    const placing = shoppers.map(({ browser, review }, i) =>
      placeReviewedOrder(browser, review).then(
        (answer) => {
          answers[i] = answer;
          if (answer.number && ++confirmations >= SHOPPERS / 4) quarterConfirmed();
        },
        () => {
          answers[i] = "cut";
        },
      ),
    );
    await Promise.race([confirmed, Promise.all(placing)]);
    first.child.kill("SIGKILL");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    await Promise.all(placing);

    const told = answers.flatMap((a, i) => (a !== "cut" && a?.number ? [{ i, number: a.number }] : []));
    const cut = answers.flatMap((a, i) => (a === "cut" ? [i] : []));
    // Every answer is a confirmed order or a connection the kill cut: no refusal, no error page.
    expect(
      answers.every((a) => a === "cut" || (a.status === 302 && a.number)),
      JSON.stringify(answers),
    ).toBe(true);
    expect(told.length).toBeGreaterThan(0);
    // The kill came in the middle: some checkouts had not been answered.
    expect(cut.length, JSON.stringify(answers)).toBeGreaterThan(0);

    // Started again on the same database.
    server = await startServer(PORT, env());
    const again = server;
    const reopened = (browser: TestBrowser) => {
      // The same cookies (browser id, session, CSRF) against the new process.
      const next = testBrowser(fetch, { origin: again.base });
      for (const [name, value] of browser.cookies) next.cookies.set(name, value);
      return next;
    };

    // Each confirmed order exists exactly once, holding the one piece.
    for (const { i, number } of told) {
      const orders = await ordersOf(shoppers[i]?.email as string, variantId);
      expect(orders, shoppers[i]?.email).toEqual([{ number, key: shoppers[i]?.review.idempotencyKey, quantity: 1 }]);
    }
    // A cut checkout either committed its order before the kill (exactly once) or left the basket as it was.
    let committedUntold = 0;
    for (const i of cut) {
      const shopper = shoppers[i] as (typeof shoppers)[number];
      const orders = await ordersOf(shopper.email, variantId);
      expect(orders.length, shopper.email).toBeLessThanOrEqual(1);
      if (orders.length === 1) {
        committedUntold++;
        continue;
      }
      const basket = await reopened(shopper.browser).rpc("getBasket", null);
      expect(basket.status).toBe(200);
      const body = (await basket.json()) as { items: { variantId?: number; quantity: number }[] };
      expect(body.items.map((item) => item.quantity)).toEqual([1]);
    }
    const sold = told.length + committedUntold;
    if (process.env.FAULTS_VERBOSE) console.log({ told: told.length, cut: cut.length, committedUntold });
    expect(await stockOf(variantId)).toBe(START_STOCK - sold);

    // Every cut shopper places again with the same idempotency key: the order committed before the kill is
    // answered (not a second one), the others are placed now.
    for (const i of cut) {
      const shopper = shoppers[i] as (typeof shoppers)[number];
      const before = await ordersOf(shopper.email, variantId);
      const again = await placeReviewedOrder(reopened(shopper.browser), shopper.review);
      expect(again.status, shopper.email).toBe(302);
      const after = await ordersOf(shopper.email, variantId);
      expect(after).toHaveLength(1);
      expect(after[0]?.quantity).toBe(1);
      if (before.length === 1) expect(after[0]?.number).toBe(before[0]?.number);
      expect(again.number).toBe(after[0]?.number);
    }
    const all = await db
      .selectFrom("shop_order as o")
      .innerJoin("order_line as l", "l.order_id", "o.id")
      .select(["o.email", "o.number", "l.quantity"])
      .where("l.variant_id", "=", variantId)
      .execute();
    expect(all).toHaveLength(SHOPPERS);
    expect(new Set(all.map((o) => o.email)).size).toBe(SHOPPERS);
    expect(new Set(all.map((o) => o.number)).size).toBe(SHOPPERS);
    expect(await stockOf(variantId)).toBe(START_STOCK - SHOPPERS);
  }, 120_000);
});
