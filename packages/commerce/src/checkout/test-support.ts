import { randomUUID } from "node:crypto";
import { addItemToBasket } from "../basket/service.ts";
import { seedBasketFixtures } from "../basket/test-fixtures.ts";
import type { Shopper } from "../basket/types.ts";
import { type Clock, fixedClock } from "../clock.ts";
import { type AccountTestContext, createAccountTestContext, uniqueEmail } from "../customers/test-context.ts";
import type { Db } from "../db/database.ts";
import { testCtx } from "../db/testing.ts";
import { writeGiftCards } from "../payments/gift-cards.ts";
import type { PaymentMethodId } from "../payments/methods.ts";
import { type Shop, type StoreCode, shopByCode } from "../shop/shops.ts";
import type { CheckoutAddress } from "./draft.ts";
import {
  type CheckoutContext,
  type CheckoutOutcome,
  saveCheckoutAddresses,
  saveCheckoutContact,
  saveCheckoutDelivery,
  saveCheckoutPayment,
} from "./service.ts";

/**
 * Test support for checkout and orders: a migrated database (SQLite, or PostgreSQL with DATABASE_URL) with the
 * basket fixtures' catalogue and promotions, a few gift cards, and helpers that fill a checkout.
 */
export const NOW = new Date("2026-06-01T10:00:00Z");

export interface CheckoutTestContext {
  accounts: AccountTestContext;
  clock: Clock;
  ctx(store?: StoreCode): CheckoutContext;
  guest(): Shopper;
  destroy(): Promise<void>;
}

export const GIFT_CARDS = {
  eur20: "TEST-GIFT-20EU",
  eur500: "TEST-GIFT-500E",
  chf50: "TEST-GIFT-50CH",
  expired: "TEST-GIFT-EXPD",
  empty: "TEST-GIFT-USED",
} as const;

export async function createCheckoutTestContext(): Promise<CheckoutTestContext> {
  const accounts = await createAccountTestContext();
  await seedBasketFixtures(accounts.db, NOW);
  await writeGiftCards(
    accounts,
    [
      { code: GIFT_CARDS.eur20, currency: "EUR", balance: 2000 },
      { code: GIFT_CARDS.eur500, currency: "EUR", balance: 50_000 },
      { code: GIFT_CARDS.chf50, currency: "CHF", balance: 5000 },
      { code: GIFT_CARDS.expired, currency: "EUR", balance: 3000, expiresAt: "2026-01-01T00:00:00Z" },
      { code: GIFT_CARDS.empty, currency: "EUR", balance: 0 },
    ],
    NOW,
  );
  const clock = fixedClock(NOW);
  return {
    accounts,
    clock,
    ctx(store = "de") {
      const shop = shopByCode(store) as Shop;
      return {
        ...testCtx(accounts.db, { clock, shop, config: { PUBLIC_URL: "https://shop.example" } }),
        auth: accounts.auth,
      };
    },
    guest: () => ({ kind: "guest", browserId: `browser-${randomUUID()}` }),
    destroy: () => accounts.destroy(),
  };
}

export const ADDRESSES: Record<"DE" | "AT" | "CH", CheckoutAddress> = {
  DE: {
    firstName: "Lena",
    lastName: "Berg",
    street: "Gartenstraße 5",
    zipCode: "10115",
    city: "Berlin",
    countryCode: "DE",
  },
  AT: {
    firstName: "Anna",
    lastName: "Huber",
    street: "Ringstraße 1",
    zipCode: "1010",
    city: "Wien",
    countryCode: "AT",
  },
  CH: {
    firstName: "Léa",
    lastName: "Favre",
    street: "Rue du Lac 3",
    zipCode: "1003",
    city: "Lausanne",
    countryCode: "CH",
  },
};

export interface FillOptions {
  email?: string;
  address?: CheckoutAddress;
  delivery?: "standard" | "express";
  payment?: PaymentMethodId;
}

/** Fills every step of a checkout (contact, address, delivery, payment); throws on any refused step. */
export async function fillCheckout(ctx: CheckoutContext, shopper: Shopper, options: FillOptions = {}) {
  const steps = [
    await saveCheckoutContact(ctx, shopper, { email: options.email ?? uniqueEmail("gast") }),
    await saveCheckoutAddresses(ctx, shopper, {
      shipping: options.address ?? ADDRESSES[ctx.shop.country],
      billingSameAsShipping: true,
    }),
    await saveCheckoutDelivery(ctx, shopper, options.delivery ?? "standard"),
    ...(options.payment ? [await saveCheckoutPayment(ctx, shopper, options.payment)] : []),
  ];
  const refused = steps.find((s) => !s.ok);
  if (refused) throw new Error(`checkout step refused: ${JSON.stringify(refused)}`);
}

export async function addToBasket(ctx: CheckoutContext, shopper: Shopper, variantId: number, quantity = 1) {
  const result = await addItemToBasket(ctx, shopper, { variantId, quantity });
  if (!result.ok) throw new Error(`add failed: ${JSON.stringify(result)}`);
  return result.basket;
}

export const newKey = () => randomUUID();

/** The order of a placement that must have succeeded. */
export function placed(outcome: CheckoutOutcome) {
  if (!outcome.ok || outcome.kind !== "placed") throw new Error(`expected an order, got ${JSON.stringify(outcome)}`);
  return outcome.order;
}

/** Units of a variant in stock now. */
export async function stockOf(db: Db, variantId: number): Promise<number> {
  const row = await db
    .selectFrom("variant")
    .select("stock_quantity")
    .where("id", "=", variantId)
    .executeTakeFirstOrThrow();
  return row.stock_quantity;
}
