import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "./accounts.ts";
import { createGuestCustomer, loadCustomer, markCustomerOrdered } from "./customers.ts";
import {
  creditLoyaltyPoints,
  ean13CheckDigit,
  getFashionCard,
  isValidCardNumber,
  loyaltyPointsFor,
  registerFashionCard,
  VIP_CARD_LIFETIME_POINTS,
} from "./loyalty.ts";
import { type AccountTestContext, createAccountTestContext, uniqueEmail } from "./test-context.ts";

const dialectName = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
let ctx: AccountTestContext;

beforeAll(async () => {
  ctx = await createAccountTestContext();
});
afterAll(async () => {
  await ctx?.destroy();
});

async function newCustomer(): Promise<string> {
  const result = await signUp(
    ctx,
    { headers: new Headers(), clientAddress: "192.0.2.2" },
    { email: uniqueEmail(), password: "Sommer-2026!", firstName: "Lena", lastName: "Berg" },
  );
  if (!result.ok) throw new Error("sign-up failed");
  return result.customer.id;
}

describe("card numbers", () => {
  it("carry an EAN-13 check digit", () => {
    expect(ean13CheckDigit("400638133393")).toBe(1);
    expect(isValidCardNumber("4006381333931")).toBe(true);
    expect(isValidCardNumber("4006381333932")).toBe(false);
    expect(isValidCardNumber("123")).toBe(false);
  });

  it("earn one point per whole euro or franc paid", () => {
    expect(loyaltyPointsFor(12_999)).toBe(129);
    expect(loyaltyPointsFor(99)).toBe(0);
    expect(loyaltyPointsFor(-500)).toBe(0);
  });
});

describe(`fashion card (${dialectName})`, () => {
  it("registers a new customer with a temporary card that becomes basic with the first order", async () => {
    const customer = await newCustomer();
    expect(await getFashionCard(ctx, customer)).toBeNull();
    const registered = await registerFashionCard(ctx, customer);
    if (!registered.ok) throw new Error("registration failed");
    expect(registered.created).toBe(true);
    const { card } = registered;
    expect(isValidCardNumber(card.loyalty.card.number)).toBe(true);
    expect(card).toMatchObject({ tier: "Temporary_Card", loyalty: { points: { balance: 0 } } });
    const user = await loadCustomer(ctx, customer);
    expect(card.referenceKey).toBe(user?.referenceKey);
    expect(user?.groups).toEqual(["new", "Temporary_Card"]);
    expect(user?.loyaltyCards).toEqual([{ number: card.loyalty.card.number }]);

    const again = await registerFashionCard(ctx, customer);
    expect(again).toMatchObject({
      ok: true,
      created: false,
      card: { loyalty: { card: { number: card.loyalty.card.number } } },
    });

    await markCustomerOrdered(ctx, customer);
    expect((await loadCustomer(ctx, customer))?.groups).toEqual(["Basic_Card"]);
  });

  it("gives an existing customer a basic card and makes it VIP from enough points", async () => {
    const customer = await newCustomer();
    await markCustomerOrdered(ctx, customer);
    const registered = await registerFashionCard(ctx, customer);
    expect(registered).toMatchObject({ ok: true, card: { tier: "Basic_Card" } });
    expect(await creditLoyaltyPoints(ctx, customer, 1200)).toMatchObject({
      tier: "Basic_Card",
      loyalty: { points: { balance: 1200 } },
    });
    expect(await creditLoyaltyPoints(ctx, customer, -2000)).toMatchObject({ loyalty: { points: { balance: 0 } } });
    const vip = await creditLoyaltyPoints(ctx, customer, VIP_CARD_LIFETIME_POINTS);
    expect(vip).toMatchObject({ tier: "VIP_Card", loyalty: { points: { balance: VIP_CARD_LIFETIME_POINTS } } });
    expect((await loadCustomer(ctx, customer))?.groups).toEqual(["VIP_Card"]);
  });

  it("does not register guest customers, and credits nothing without a card", async () => {
    const guest = await createGuestCustomer(ctx, { email: uniqueEmail("gast"), firstName: "G", lastName: "Gast" });
    if (!guest.ok) throw new Error("guest");
    expect(await registerFashionCard(ctx, guest.customer.id)).toEqual({ ok: false, error: "guest_customer" });
    expect(await creditLoyaltyPoints(ctx, guest.customer.id, 10)).toBeNull();
  });

  it("gives one card to two registrations at once", async () => {
    const customer = await newCustomer();
    const [a, b] = await Promise.all([registerFashionCard(ctx, customer), registerFashionCard(ctx, customer)]);
    if (!a.ok || !b.ok) throw new Error("registration failed");
    expect(a.card.loyalty.card.number).toBe(b.card.loyalty.card.number);
  });
});
