import { sql } from "kysely";
import type { Ctx } from "../context.ts";
import type { LoyaltyGroup } from "./customers.ts";
import { insertWithUniqueKey, loadCustomer, randomDigits } from "./customers.ts";

/**
 * The fashion card (loyalty card, specification section 3): a card number, a points balance and a tier that is
 * also the customer's loyalty group. Registered online, a card is a Temporary_Card until the first order, then a
 * Basic_Card; from VIP_CARD_LIFETIME_POINTS collected points it is a VIP_Card.
 */

/** Loyalty card data as the channel returns it. */
export interface FashionCard {
  referenceKey: string;
  loyalty: { points: { balance: number }; card: { number: string } };
  tier: LoyaltyGroup;
  registeredAt: string;
}

export const VIP_CARD_LIFETIME_POINTS = 5000;
/** One point per euro or franc paid (the card's promise on the fashion card page). */
export const LOYALTY_POINTS_PER_CURRENCY_UNIT = 1;

/** Points an order earns: whole currency units of what was paid (cents), never negative. */
export function loyaltyPointsFor(paidCents: number): number {
  return Math.max(0, Math.floor(paidCents / 100) * LOYALTY_POINTS_PER_CURRENCY_UNIT);
}
/** Card numbers: 13 digits, prefix 29 (in-house numbers), last digit an EAN-13 check digit. */
const CARD_PREFIX = "29";

export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidCardNumber(number: string): boolean {
  return /^\d{13}$/.test(number) && ean13CheckDigit(number.slice(0, 12)) === Number(number[12]);
}

function newCardNumber(): string {
  const first12 = randomDigits(12, CARD_PREFIX);
  return `${first12}${ean13CheckDigit(first12)}`;
}

export async function getFashionCard(ctx: Ctx, customerId: string): Promise<FashionCard | null> {
  const row = await ctx.db
    .selectFrom("loyalty_card")
    .innerJoin("customer", "customer.id", "loyalty_card.customer_id")
    .select([
      "loyalty_card.number",
      "loyalty_card.tier",
      "loyalty_card.points_balance",
      "loyalty_card.created_at",
      "customer.reference_key",
    ])
    .where("loyalty_card.customer_id", "=", customerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    referenceKey: row.reference_key,
    loyalty: { points: { balance: row.points_balance }, card: { number: row.number } },
    tier: row.tier as LoyaltyGroup,
    registeredAt: row.created_at,
  };
}

export type RegisterCardResult =
  | { ok: true; card: FashionCard; created: boolean }
  | { ok: false; error: "guest_customer" | "not_found" };

/** Registers the customer for the fashion card; registering again returns the card they have. */
export async function registerFashionCard(ctx: Ctx, customerId: string): Promise<RegisterCardResult> {
  const customer = await loadCustomer(ctx, customerId);
  if (!customer) return { ok: false, error: "not_found" };
  if (customer.status.isGuestCustomer) return { ok: false, error: "guest_customer" };
  const existing = await getFashionCard(ctx, customerId);
  if (existing) return { ok: true, card: existing, created: false };
  const now = ctx.clock.now().toISOString();
  const tier: LoyaltyGroup = customer.groups.includes("new") ? "Temporary_Card" : "Basic_Card";
  await insertWithUniqueKey(newCardNumber, (number) =>
    ctx.db
      .insertInto("loyalty_card")
      .values({
        number,
        customer_id: customerId,
        tier,
        points_balance: 0,
        lifetime_points: 0,
        created_at: now,
        updated_at: now,
      })
      // Two registrations at once: the second finds the first one's card.
      .onConflict((oc) => oc.column("customer_id").doNothing())
      .execute(),
  );
  const card = await getFashionCard(ctx, customerId);
  return card ? { ok: true, card, created: true } : { ok: false, error: "not_found" };
}

/**
 * Adds (or, negative, takes back) points; collecting VIP_CARD_LIFETIME_POINTS makes the card a VIP_Card.
 * Returns the card, or null when the customer has none. For the checkout (points per order) and service staff.
 */
export async function creditLoyaltyPoints(ctx: Ctx, customerId: string, points: number): Promise<FashionCard | null> {
  if (!Number.isSafeInteger(points)) throw new Error(`creditLoyaltyPoints: not an integer: ${points}`);
  const now = ctx.clock.now().toISOString();
  const earned = Math.max(0, points);
  const updated = await ctx.db
    .updateTable("loyalty_card")
    .set((eb) => ({
      // Never below zero (SQLite's max(a, b) is PostgreSQL's greatest: a case works on both).
      points_balance: sql<number>`case when points_balance + ${points} < 0 then 0 else points_balance + ${points} end`,
      lifetime_points: eb("lifetime_points", "+", earned),
      updated_at: now,
    }))
    .where("customer_id", "=", customerId)
    .returning(["lifetime_points", "tier"])
    .executeTakeFirst();
  if (!updated) return null;
  if (updated.lifetime_points >= VIP_CARD_LIFETIME_POINTS && updated.tier !== "VIP_Card") {
    await ctx.db
      .updateTable("loyalty_card")
      .set({ tier: "VIP_Card", updated_at: now })
      .where("customer_id", "=", customerId)
      .execute();
  }
  return getFashionCard(ctx, customerId);
}
