import type { Clock } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { type MailContext, type MailMessage, sendMail } from "../mail/mail.ts";
import { brandMail } from "../mail/templates.ts";
import { shopLogo } from "../settings/shop-logo.ts";
import { mailSender, shopSettings } from "../settings/shop-settings.ts";
import { DEFAULT_SHOP_NAME } from "../shop/shop-name.ts";

/**
 * The mail outbox: every mail (orders, returns, accounts, password resets) is written in the transaction of the
 * change it tells about, and sent after commit by `deliverOutbox`, which only the worker's mail job runs. A sender
 * claims a mail by moving its `available_at` forward with a conditional update, so two processes never send one
 * mail twice; a failure is retried with growing pauses (at most an hour), for a week while the mail server is
 * away, 8 times when it refuses the mail.
 */

export interface OutboxMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The order the mail is about (its page lists its mails). */
  orderId?: number | null;
}

/** Queues a mail for the worker's mail job: called inside the business transaction that decided to send it. */
export async function enqueueMail(ctx: Pick<Ctx, "db">, message: OutboxMessage, now: Date): Promise<void> {
  const at = now.toISOString();
  await ctx.db
    .insertInto("mail_outbox")
    .values({
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      status: "pending",
      attempts: 0,
      last_error: null,
      available_at: at,
      created_at: at,
      sent_at: null,
      order_id: message.orderId ?? null,
    })
    .execute();
}

/** A claimed mail is someone's for this long; a sender that died meanwhile leaves it to the next run. */
const CLAIM_MS = 5 * 60_000;
/** Attempts for a mail the mail server refuses (anything but being away): then it is marked failed. */
export const MAX_MAIL_ATTEMPTS = 8;
/**
 * How long a mail is kept trying while the mail server is away (cannot be reached, or answers "try later"): a
 * weekend's outage of the mail relay must not lose the order confirmations of that weekend.
 */
export const MAIL_KEPT_WHILE_SERVER_AWAY_MS = 7 * 24 * 60 * 60_000;
/** 2, 4, 8… minutes, at most an hour: a mail goes out within the hour after the mail server is back. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** attempts);

/** Nodemailer's codes for a mail server that is away or not usable now, not for a refusal of this mail. */
const SERVER_AWAY_CODES = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ETLS", "EAUTH"]);

/** Whether the failure says the mail server is away (down, unreachable, 4xx "try later"), not that it refused. */
function mailServerAway(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return typeof code === "string" && SERVER_AWAY_CODES.has(code);
}

export interface OutboxContext extends MailContext {
  db: Db;
  clock: Clock;
  /** With PUBLIC_URL, the mails' header shows the shop's logo (an image needs an absolute address). */
  config: MailContext["config"] & { PUBLIC_URL?: string | undefined };
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/** Sends the mails that are due (after an order, a status change, or any later run that finds some left). */
export async function deliverOutbox(
  ctx: OutboxContext,
  options: { limit?: number; send?: (message: MailMessage) => Promise<unknown> } = {},
): Promise<DeliveryReport> {
  const send = options.send ?? ((message: MailMessage) => sendMail(ctx, message));
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("status", "=", "pending")
    .where("available_at", "<=", now.toISOString())
    .orderBy("id")
    .limit(options.limit ?? 50)
    .execute();
  const report: DeliveryReport = { sent: 0, failed: 0 };
  // Sender, name and logo as the shop settings say when the mail leaves.
  const [settings, logo] = due.length > 0 ? await Promise.all([shopSettings(ctx), shopLogo(ctx)]) : [null, null];
  const from = settings ? mailSender(settings, ctx.config.MAIL_FROM) : ctx.config.MAIL_FROM;
  const brand = {
    name: settings?.name ?? DEFAULT_SHOP_NAME,
    defaultName: DEFAULT_SHOP_NAME,
    logo:
      logo && ctx.config.PUBLIC_URL
        ? { ...logo, url: `${ctx.config.PUBLIC_URL.replace(/\/$/, "")}${logo.path}` }
        : null,
  };
  for (const mail of due) {
    const claimed = await ctx.db
      .updateTable("mail_outbox")
      .set({ available_at: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: mail.attempts + 1 })
      .where("id", "=", mail.id)
      .where("status", "=", "pending")
      .where("available_at", "=", mail.available_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      const branded = brandMail({ subject: mail.subject, text: mail.text, html: mail.html }, brand);
      await send({ to: mail.recipient, ...branded, from, kind: mail.kind });
      await ctx.db
        .updateTable("mail_outbox")
        .set({ status: "sent", sent_at: ctx.clock.now().toISOString(), last_error: null })
        .where("id", "=", mail.id)
        .execute();
      report.sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const givenUp = mailServerAway(error)
        ? now.getTime() - new Date(mail.created_at).getTime() >= MAIL_KEPT_WHILE_SERVER_AWAY_MS
        : attempts >= MAX_MAIL_ATTEMPTS;
      await ctx.db
        .updateTable("mail_outbox")
        .set({
          status: givenUp ? "failed" : "pending",
          last_error: String((error as Error)?.message ?? error).slice(0, 500),
          available_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where("id", "=", mail.id)
        .execute();
      report.failed++;
    }
  }
  return report;
}

export async function pendingMailCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Retention: deletes mails sent before `before` (the outbox is a queue, not an archive). */
export async function pruneSentMails(ctx: Pick<Ctx, "db">, before: Date): Promise<number> {
  const result = await ctx.db
    .deleteFrom("mail_outbox")
    .where("status", "=", "sent")
    .where("sent_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
