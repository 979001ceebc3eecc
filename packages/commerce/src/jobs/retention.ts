import { pruneGuestBaskets } from "../basket/service.ts";
import { pruneGuestDrafts } from "../checkout/draft.ts";
import { addDays } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { pruneEvents } from "../events/feed.ts";
import { pruneSentMails } from "../orders/outbox.ts";
import { pruneRateLimits } from "../rate-limit/rate-limit.ts";

/**
 * The retention job: what only grows unless someone deletes it. Each module prunes its own table; the periods are
 * settings (config.ts). Raw search events are the search-analytics job's: it deletes them once rolled up.
 */
export interface RetentionReport {
  sentMails: number;
  guestBaskets: number;
  guestDrafts: number;
  rateLimits: number;
  events: number;
}

export async function runRetention(ctx: Ctx): Promise<RetentionReport> {
  const now = ctx.clock.now();
  const { MAIL_RETENTION_DAYS, GUEST_BASKET_RETENTION_DAYS } = ctx.config;
  const guestsBefore = addDays(now, -GUEST_BASKET_RETENTION_DAYS);
  return {
    sentMails: await pruneSentMails(ctx, addDays(now, -MAIL_RETENTION_DAYS)),
    guestBaskets: await pruneGuestBaskets(ctx, guestsBefore),
    guestDrafts: await pruneGuestDrafts(ctx, guestsBefore),
    rateLimits: await pruneRateLimits(ctx),
    // Every process reads the feed within seconds; a week later nobody needs an event any more.
    events: await pruneEvents(ctx, addDays(now, -ctx.config.EVENT_RETENTION_DAYS)),
  };
}
