import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { Ctx } from "../context.ts";
import type { RateLimitRule } from "../rate-limit/rate-limit.ts";
import type { Currency } from "../shop/shops.ts";

/**
 * Gift cards: a balance kept in the shop, in one currency. Checkout applies the balance first and another method
 * pays the rest (partial payment); the order's transaction spends it with a conditional update, so two orders
 * cannot spend the same money; a cancelled order gives it back.
 */

export interface GiftCard {
  code: string;
  currency: Currency;
  initialBalance: number;
  balance: number;
  expiresAt: string | null;
}

export interface GiftCardRecord {
  code: string;
  currency: Currency;
  balance: number;
  expiresAt?: string | null;
}

export type GiftCardLookup =
  | { ok: true; card: GiftCard }
  | { ok: false; error: "GiftCardNotFound" | "GiftCardExpired" | "GiftCardEmpty" | "GiftCardWrongCurrency" };

/** Guessing codes is slowed down per client address and per shopper. */
export const GIFT_CARD_RATE_LIMIT: RateLimitRule = { name: "gift-card", limit: 10, windowMs: 15 * 60_000 };

/** Codes are typed with spaces, dashes and in any case: compared upper case without them. */
export function normalizeGiftCardCode(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase();
}

/** `DEMO-GIFT-50EU`: groups of four for reading. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The last four characters only: enough to recognise a card on a confirmation or a mail. */
export function maskGiftCardCode(code: string): string {
  return `•••• ${code.slice(-4)}`;
}

const CODE = /^[A-Z0-9]{8,32}$/;

export async function findGiftCard(
  ctx: Pick<Ctx, "db">,
  input: string,
  currency: Currency,
  now: Date,
): Promise<GiftCardLookup> {
  const { db } = ctx;
  const code = normalizeGiftCardCode(input);
  if (!CODE.test(code)) return { ok: false, error: "GiftCardNotFound" };
  const row = await db.selectFrom("gift_card").selectAll().where("code", "=", code).executeTakeFirst();
  // A blocked card looks like no card at all to the shopper (it may be stolen).
  if (!row || row.blocked_at !== null) return { ok: false, error: "GiftCardNotFound" };
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) return { ok: false, error: "GiftCardExpired" };
  if (row.currency !== currency) return { ok: false, error: "GiftCardWrongCurrency" };
  if (row.balance <= 0) return { ok: false, error: "GiftCardEmpty" };
  return {
    ok: true,
    card: {
      code: row.code,
      currency: row.currency as Currency,
      initialBalance: row.initial_balance,
      balance: row.balance,
      expiresAt: row.expires_at,
    },
  };
}

/** Spends `amount` of the balance for an order; false when the balance is no longer there (nothing spent). */
export async function spendGiftCard(
  ctx: Pick<Ctx, "db">,
  code: string,
  amount: number,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const { db: trx } = ctx;
  if (amount <= 0) return true;
  const at = now.toISOString();
  const result = await trx
    .updateTable("gift_card")
    .set({ balance: sql<number>`balance - ${amount}`, updated_at: at })
    .where("code", "=", code)
    .where("balance", ">=", amount)
    .where("blocked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", at)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("gift_card_transaction")
    .values({ gift_card_code: code, order_id: orderId, amount: -amount, created_at: at })
    .execute();
  return true;
}

/** Gives an order's amount back to the card (a cancelled order). */
export async function refundGiftCard(ctx: Pick<Ctx, "db">, code: string, amount: number, orderId: number, now: Date) {
  const { db: trx } = ctx;
  if (amount <= 0) return;
  const at = now.toISOString();
  await trx
    .updateTable("gift_card")
    .set({ balance: sql<number>`balance + ${amount}`, updated_at: at })
    .where("code", "=", code)
    .execute();
  await trx
    .insertInto("gift_card_transaction")
    .values({ gift_card_code: code, order_id: orderId, amount, created_at: at })
    .execute();
}

/** Writes gift cards as given (demo data, tests); an existing code gets the new balance. */
export async function writeGiftCards(ctx: Pick<Ctx, "db">, cards: readonly GiftCardRecord[], now: Date): Promise<void> {
  const { db } = ctx;
  const at = now.toISOString();
  for (const card of cards) {
    const code = normalizeGiftCardCode(card.code);
    if (!CODE.test(code)) throw new Error(`Invalid gift card code: ${card.code}`);
    await db
      .insertInto("gift_card")
      .values({
        code,
        currency: card.currency,
        initial_balance: card.balance,
        balance: card.balance,
        expires_at: card.expiresAt ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.column("code").doUpdateSet({
          currency: card.currency,
          initial_balance: card.balance,
          balance: card.balance,
          expires_at: card.expiresAt ?? null,
          updated_at: at,
        }),
      )
      .execute();
  }
}

// --- the operator's management (`vitrine gift-cards …`) --------------------------------------------------------

/** Letters and digits that cannot be mistaken for one another when read aloud or typed from paper. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A fresh code of 16 characters (80 bits): too many to guess behind the per-address limit. */
function generateGiftCardCode(): string {
  return Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

export interface GiftCardIssue {
  code?: string;
  currency: Currency;
  /** Cents. */
  amount: number;
  expiresAt?: string | null;
}

export type IssueGiftCardResult =
  | { ok: true; card: GiftCard }
  | { ok: false; error: "InvalidCode" | "InvalidAmount" | "CodeTaken" };

/** Issues one new card; an existing code is refused (its balance is never overwritten). */
export async function issueGiftCard(
  ctx: Pick<Ctx, "db">,
  input: GiftCardIssue,
  now: Date,
): Promise<IssueGiftCardResult> {
  const { db } = ctx;
  const code = normalizeGiftCardCode(input.code ?? generateGiftCardCode());
  if (!CODE.test(code)) return { ok: false, error: "InvalidCode" };
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return { ok: false, error: "InvalidAmount" };
  const at = now.toISOString();
  const inserted = await db
    .insertInto("gift_card")
    .values({
      code,
      currency: input.currency,
      initial_balance: input.amount,
      balance: input.amount,
      expires_at: input.expiresAt ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("code").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { ok: false, error: "CodeTaken" };
  return {
    ok: true,
    card: {
      code,
      currency: input.currency,
      initialBalance: input.amount,
      balance: input.amount,
      expiresAt: input.expiresAt ?? null,
    },
  };
}

export async function listGiftCards(ctx: Pick<Ctx, "db">): Promise<GiftCard[]> {
  const { db } = ctx;
  const rows = await db.selectFrom("gift_card").selectAll().orderBy("created_at").orderBy("code").execute();
  return rows.map((row) => ({
    code: row.code,
    currency: row.currency as Currency,
    initialBalance: row.initial_balance,
    balance: row.balance,
    expiresAt: row.expires_at,
  }));
}

/** Ends a card now: it no longer pays, and the orders it paid keep their record. False for an unknown code. */
export async function disableGiftCard(ctx: Pick<Ctx, "db">, input: string, now: Date): Promise<boolean> {
  const { db } = ctx;
  const at = now.toISOString();
  const code = normalizeGiftCardCode(input);
  const result = await db
    .updateTable("gift_card")
    .set({ expires_at: at, updated_at: at })
    .where("code", "=", code)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", at)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  // Already expired: disabled all the same.
  return (await db.selectFrom("gift_card").select("code").where("code", "=", code).executeTakeFirst()) !== undefined;
}

export type RemoveGiftCardResult = { ok: true } | { ok: false; error: "GiftCardNotFound" | "GiftCardUsed" };

/**
 * Deletes a card that never paid for an order. A used one stays (a cancelled order gives its amount back to it):
 * disable it instead.
 */
export async function removeGiftCard(ctx: Pick<Ctx, "db">, input: string): Promise<RemoveGiftCardResult> {
  const { db } = ctx;
  const code = normalizeGiftCardCode(input);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .selectFrom("gift_card_transaction")
      .select("id")
      .where("gift_card_code", "=", code)
      .limit(1)
      .executeTakeFirst();
    if (used) return { ok: false, error: "GiftCardUsed" };
    const deleted = await trx.deleteFrom("gift_card").where("code", "=", code).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1 ? { ok: true } : { ok: false, error: "GiftCardNotFound" };
  });
}

// --- the back office: look up and block (audited by the callers in backoffice/) --------------------------------

export interface GiftCardDetails extends GiftCard {
  blockedAt: string | null;
  blockReason: string | null;
  createdAt: string;
  transactions: { orderId: number | null; amount: number; at: string }[];
}

/** A card with its history, as the operator looks it up (whatever its state). */
export async function lookupGiftCard(ctx: Pick<Ctx, "db">, input: string): Promise<GiftCardDetails | null> {
  const code = normalizeGiftCardCode(input);
  if (!CODE.test(code)) return null;
  const row = await ctx.db.selectFrom("gift_card").selectAll().where("code", "=", code).executeTakeFirst();
  if (!row) return null;
  const transactions = await ctx.db
    .selectFrom("gift_card_transaction")
    .select(["order_id", "amount", "created_at"])
    .where("gift_card_code", "=", code)
    .orderBy("id")
    .execute();
  return {
    code: row.code,
    currency: row.currency as Currency,
    initialBalance: row.initial_balance,
    balance: row.balance,
    expiresAt: row.expires_at,
    blockedAt: row.blocked_at,
    blockReason: row.block_reason,
    createdAt: row.created_at,
    transactions: transactions.map((t) => ({
      orderId: t.order_id === null ? null : Number(t.order_id),
      amount: t.amount,
      at: t.created_at,
    })),
  };
}

/** Blocks a card (lost, stolen, fraud): it pays nothing from now on. False when it was blocked already. */
export async function blockGiftCard(ctx: Pick<Ctx, "db">, code: string, reason: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await ctx.db
    .updateTable("gift_card")
    .set({ blocked_at: at, block_reason: reason.slice(0, 200), updated_at: at })
    .where("code", "=", normalizeGiftCardCode(code))
    .where("blocked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
