import { z } from "zod";
import type { Ctx } from "../context.ts";
import type { Language } from "../shop/shops.ts";
import { text } from "../validation.ts";
import { type AccountIssue, parseAccountInput } from "./validation.ts";

/**
 * Newsletter subscriptions of a customer, one per store language (de, fr, en), and the record of cancellations
 * with their reason (the subscription and subscription-cancellation pages).
 */
export const NEWSLETTER_LANGUAGES = ["de", "fr", "en"] as const satisfies readonly Language[];
export type NewsletterLanguage = (typeof NEWSLETTER_LANGUAGES)[number];

export const CANCELLATION_REASONS = ["too_many_emails", "not_relevant", "never_subscribed", "other"] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
const COMMENT_MAX = 500;

export interface NewsletterSubscription {
  language: NewsletterLanguage;
  subscribedAt: string;
}

export interface SubscriptionCancellation {
  id: number;
  language: NewsletterLanguage;
  reason: CancellationReason;
  comment: string;
  createdAt: string;
}

export function isNewsletterLanguage(value: unknown): value is NewsletterLanguage {
  return typeof value === "string" && (NEWSLETTER_LANGUAGES as readonly string[]).includes(value);
}

export async function listNewsletterSubscriptions(ctx: Ctx, customerId: string): Promise<NewsletterSubscription[]> {
  const rows = await ctx.db
    .selectFrom("newsletter_subscription")
    .select(["language", "subscribed_at"])
    .where("customer_id", "=", customerId)
    .execute();
  return rows
    .map((r) => ({ language: r.language as NewsletterLanguage, subscribedAt: r.subscribed_at }))
    .sort((a, b) => NEWSLETTER_LANGUAGES.indexOf(a.language) - NEWSLETTER_LANGUAGES.indexOf(b.language));
}

/** Subscribes to the newsletter in a language; subscribing again changes nothing. */
export async function subscribeNewsletter(ctx: Ctx, customerId: string, language: NewsletterLanguage): Promise<void> {
  await ctx.db
    .insertInto("newsletter_subscription")
    .values({ customer_id: customerId, language, subscribed_at: ctx.clock.now().toISOString() })
    .onConflict((oc) => oc.columns(["customer_id", "language"]).doNothing())
    .execute();
}

/** Ends a subscription; returns whether there was one. */
export async function unsubscribeNewsletter(
  ctx: Ctx,
  customerId: string,
  language: NewsletterLanguage,
): Promise<boolean> {
  const result = await ctx.db
    .deleteFrom("newsletter_subscription")
    .where("customer_id", "=", customerId)
    .where("language", "=", language)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const cancellationSchema = z.strictObject({
  language: z.enum(NEWSLETTER_LANGUAGES),
  reason: z.enum(CANCELLATION_REASONS),
  comment: text().trim().max(COMMENT_MAX).default(""),
});

export type CancellationResult =
  | { ok: true; cancellation: SubscriptionCancellation }
  | { ok: false; error: "invalid"; issues: AccountIssue[] }
  | { ok: false; error: "not_subscribed" };

/** Cancels a subscription with a reason: the subscription ends and the cancellation is recorded. */
export async function cancelSubscription(
  ctx: Ctx,
  customerId: string,
  input: { language: unknown; reason: unknown; comment?: unknown },
): Promise<CancellationResult> {
  const parsed = parseAccountInput(cancellationSchema, input);
  if (!parsed.ok) return { ok: false, error: "invalid", issues: parsed.issues };
  const { language, reason, comment } = parsed.value;
  const now = ctx.clock.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("newsletter_subscription")
      .where("customer_id", "=", customerId)
      .where("language", "=", language)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return null;
    const row = await trx
      .insertInto("subscription_cancellation")
      .values({ customer_id: customerId, language, reason, comment, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  if (id === null) return { ok: false, error: "not_subscribed" };
  return { ok: true, cancellation: { id, language, reason, comment, createdAt: now } };
}

export async function listSubscriptionCancellations(ctx: Ctx, customerId: string): Promise<SubscriptionCancellation[]> {
  const rows = await ctx.db
    .selectFrom("subscription_cancellation")
    .select(["id", "language", "reason", "comment", "created_at"])
    .where("customer_id", "=", customerId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    language: r.language as NewsletterLanguage,
    reason: r.reason as CancellationReason,
    comment: r.comment,
    createdAt: r.created_at,
  }));
}
