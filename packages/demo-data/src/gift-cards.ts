import type { GiftCardRecord } from "@vitrine/commerce";

/**
 * Demo gift cards, to try gift card payment in checkout: small balances (partial payment with another method),
 * large ones (the card pays everything), one per currency, an expired one and a used-up one.
 */
export const DEMO_GIFT_CARDS: readonly GiftCardRecord[] = [
  { code: "DEMO-GIFT-20EU", currency: "EUR", balance: 2000 },
  { code: "DEMO-GIFT-50EU", currency: "EUR", balance: 5000 },
  { code: "DEMO-GIFT-500E", currency: "EUR", balance: 50_000 },
  { code: "DEMO-GIFT-50CH", currency: "CHF", balance: 5000 },
  { code: "DEMO-GIFT-500C", currency: "CHF", balance: 50_000 },
  { code: "DEMO-GIFT-EXPD", currency: "EUR", balance: 3000, expiresAt: "2024-12-31T23:59:59Z" },
  { code: "DEMO-GIFT-USED", currency: "EUR", balance: 0 },
];
