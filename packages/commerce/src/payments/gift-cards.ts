import { sql } from "kysely";
import type { Db } from "../db/database.ts";
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

export async function findGiftCard(db: Db, input: string, currency: Currency, now: Date): Promise<GiftCardLookup> {
  const code = normalizeGiftCardCode(input);
  if (!CODE.test(code)) return { ok: false, error: "GiftCardNotFound" };
  const row = await db.selectFrom("gift_card").selectAll().where("code", "=", code).executeTakeFirst();
  if (!row) return { ok: false, error: "GiftCardNotFound" };
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
  trx: Db,
  code: string,
  amount: number,
  orderId: number,
  now: Date,
): Promise<boolean> {
  if (amount <= 0) return true;
  const at = now.toISOString();
  const result = await trx
    .updateTable("gift_card")
    .set({ balance: sql<number>`balance - ${amount}`, updated_at: at })
    .where("code", "=", code)
    .where("balance", ">=", amount)
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
export async function refundGiftCard(trx: Db, code: string, amount: number, orderId: number, now: Date) {
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

/** Issues gift cards (demo data, tests, the shop's own sales); an existing code gets the new balance. */
export async function writeGiftCards(db: Db, cards: readonly GiftCardRecord[], now: Date): Promise<void> {
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
