import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addItemToBasket,
  type CheckoutContext,
  completeCheckoutPayment,
  createAccountAuth,
  createDatabase,
  type Db,
  ensureSchema,
  type PaymentMethodId,
  quoteIdent,
  SANDBOX_TEST_CARDS,
  type Shop,
  sandboxPayWithCard,
  saveCheckoutAddresses,
  saveCheckoutContact,
  saveCheckoutDelivery,
  saveCheckoutPayment,
  shopByCode,
  submitOrder,
  systemClock,
} from "@vitrine/commerce";
import { testCtx } from "@vitrine/commerce/testing";
import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { runCli } from "../cli.ts";
import { commands } from "./index.ts";

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

export interface CliHarness {
  /** Runs `vitrine …argv` in this process, collecting what it prints. */
  cli(...argv: string[]): Promise<CliRun>;
  /** The temporary folder that is the CLI's data directory. */
  dir: string;
  /** A connection of the test's own to the CLI's database (opened on first use, closed after the file). */
  readonly db: Db;
}

/**
 * The CLI against its own database for one test file: a SQLite file in a temporary folder, or a fresh PostgreSQL
 * schema when DATABASE_URL points at PostgreSQL (CI runs both). `prepare` runs once before the file's tests
 * (load demo data, migrate); everything is removed after them.
 */
export function cliHarness(name: string, prepare?: (cli: CliHarness["cli"]) => Promise<void>): CliHarness {
  const dir = mkdtempSync(join(tmpdir(), `vitrine-cli-${name}-`));
  const schema = /^postgres/.test(process.env.DATABASE_URL ?? "")
    ? `vt_cli_${process.pid}_${randomBytes(3).toString("hex")}`
    : undefined;
  let db: Db | undefined;

  async function cli(...argv: string[]): Promise<CliRun> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(commands, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  beforeAll(async () => {
    process.env.VITRINE_DATA_DIR = dir;
    if (schema) {
      process.env.DATABASE_SCHEMA = schema;
      const admin = createDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
      await ensureSchema(admin, schema);
      await admin.destroy();
    } else {
      process.env.DATABASE_URL = "";
    }
    await prepare?.(cli);
  });

  afterAll(async () => {
    await db?.destroy();
    if (schema) {
      const admin = createDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
      await sql.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).execute(admin);
      await admin.destroy();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    cli,
    dir,
    get db() {
      db ??= createDatabase({
        url: process.env.DATABASE_URL || join(dir, "vitrine.sqlite"),
        ...(schema ? { schema } : {}),
      });
      return db;
    },
  };
}

export interface OrderOptions {
  /** Units of the first variant with stock (default 1). */
  quantity?: number;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** invoice (default), prepayment or cash_on_delivery: methods that need no payment page. */
  payment?: PaymentMethodId;
}

/** A guest order in the German store, placed through the checkout service (as a shopper would); its number. */
export async function placeOrder(db: Db, options: OrderOptions = {}): Promise<string> {
  const ctx: CheckoutContext = {
    ...testCtx(db, { shop: shopByCode("de") as Shop, config: { PUBLIC_URL: "https://shop.example" } }),
    auth: createAccountAuth({
      db,
      clock: systemClock,
      secret: "cli-test-secret-0123456789abcdef-0123",
      baseURL: "https://shop.example",
      secureCookies: false,
      passwordResetMail: (mail) => ({ kind: "password-reset", to: mail.email, subject: "Reset", text: "", html: "" }),
    }),
  };
  const variant = await db
    .selectFrom("variant")
    .select("id")
    .where("stock_quantity", ">", 5)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const shopper = { kind: "guest" as const, browserId: randomUUID() };
  const added = await addItemToBasket(ctx, shopper, { variantId: variant.id, quantity: options.quantity ?? 1 });
  if (!added.ok) throw new Error(JSON.stringify(added));
  const steps = [
    await saveCheckoutContact(ctx, shopper, { email: options.email ?? `cli.${randomUUID().slice(0, 8)}@example.com` }),
    await saveCheckoutAddresses(ctx, shopper, {
      shipping: {
        firstName: options.firstName ?? "Lena",
        lastName: options.lastName ?? "Berg",
        street: "Gartenstraße 5",
        zipCode: "10115",
        city: "Berlin",
        countryCode: "DE",
      },
      billingSameAsShipping: true,
    }),
    await saveCheckoutDelivery(ctx, shopper, "standard"),
    await saveCheckoutPayment(ctx, shopper, options.payment ?? "invoice"),
  ];
  const refused = steps.find((s) => !s.ok);
  if (refused) throw new Error(JSON.stringify(refused));
  let outcome = await submitOrder(ctx, shopper, { idempotencyKey: randomUUID() });
  if (outcome.ok && outcome.kind === "payment") {
    // Card: the sandbox's page with its test card, then the shopper's return.
    const card = { number: SANDBOX_TEST_CARDS.success, expiry: "12/39", cvc: "123", holder: "Lena Berg" };
    await sandboxPayWithCard(ctx, outcome.payment.id, card, new Date());
    outcome = await completeCheckoutPayment(ctx, shopper, outcome.payment.id);
  }
  if (!outcome.ok || outcome.kind !== "placed") throw new Error(JSON.stringify(outcome));
  return outcome.order.number;
}
