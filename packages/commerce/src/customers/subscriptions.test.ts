import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "./accounts.ts";
import {
  cancelSubscription,
  listNewsletterSubscriptions,
  listSubscriptionCancellations,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from "./subscriptions.ts";
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
    { headers: new Headers(), clientAddress: "192.0.2.3" },
    { email: uniqueEmail(), password: "Sommer-2026!", firstName: "Lena", lastName: "Berg" },
  );
  if (!result.ok) throw new Error("sign-up failed");
  return result.customer.id;
}

describe(`newsletter subscriptions (${dialectName})`, () => {
  it("subscribes and unsubscribes per store language", async () => {
    const customer = await newCustomer();
    await subscribeNewsletter(ctx, customer, "fr");
    await subscribeNewsletter(ctx, customer, "de");
    await subscribeNewsletter(ctx, customer, "de");
    expect((await listNewsletterSubscriptions(ctx, customer)).map((s) => s.language)).toEqual(["de", "fr"]);
    expect(await unsubscribeNewsletter(ctx, customer, "de")).toBe(true);
    expect(await unsubscribeNewsletter(ctx, customer, "de")).toBe(false);
    expect((await listNewsletterSubscriptions(ctx, customer)).map((s) => s.language)).toEqual(["fr"]);
  });

  it("records a cancellation with its reason and ends the subscription", async () => {
    const customer = await newCustomer();
    await subscribeNewsletter(ctx, customer, "en");
    const result = await cancelSubscription(ctx, customer, {
      language: "en",
      reason: "too_many_emails",
      comment: " weekly is enough ",
    });
    expect(result).toMatchObject({
      ok: true,
      cancellation: { language: "en", reason: "too_many_emails", comment: "weekly is enough" },
    });
    expect(await listNewsletterSubscriptions(ctx, customer)).toEqual([]);
    expect(await listSubscriptionCancellations(ctx, customer)).toMatchObject([
      { language: "en", reason: "too_many_emails" },
    ]);
    expect(await cancelSubscription(ctx, customer, { language: "en", reason: "other" })).toEqual({
      ok: false,
      error: "not_subscribed",
    });
    expect(await cancelSubscription(ctx, customer, { language: "xx", reason: "bored" })).toMatchObject({
      ok: false,
      error: "invalid",
      issues: [
        { field: "language", code: "invalid_choice" },
        { field: "reason", code: "invalid_choice" },
      ],
    });
  });

  it("keeps customers apart", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    await subscribeNewsletter(ctx, a, "de");
    expect(await listNewsletterSubscriptions(ctx, b)).toEqual([]);
    expect(await cancelSubscription(ctx, b, { language: "de", reason: "other" })).toEqual({
      ok: false,
      error: "not_subscribed",
    });
    expect(await listNewsletterSubscriptions(ctx, a)).toHaveLength(1);
  });
});
