import type { Clock } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { type MailContext, type MailMessage, sendMail } from "../mail/mail.ts";

/**
 * The mail outbox: a mail about an order is written in the transaction that changes the order, and sent after
 * commit by `deliverOutbox`. A sender claims a mail by moving its `available_at` forward with a conditional update,
 * so two processes never send one mail twice; a failure is retried with growing pauses.
 */

export interface OutboxMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function enqueueMail(trx: Db, message: OutboxMessage, now: Date): Promise<void> {
  const at = now.toISOString();
  await trx
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
    })
    .execute();
}

/** A claimed mail is someone's for this long; a sender that died meanwhile leaves it to the next run. */
const CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
const retryDelayMs = (attempts: number) => Math.min(6 * 60 * 60_000, 60_000 * 2 ** attempts);

export interface OutboxContext extends MailContext {
  db: Db;
  clock: Clock;
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
      await send({ to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html, kind: mail.kind });
      await ctx.db
        .updateTable("mail_outbox")
        .set({ status: "sent", sent_at: ctx.clock.now().toISOString(), last_error: null })
        .where("id", "=", mail.id)
        .execute();
      report.sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      await ctx.db
        .updateTable("mail_outbox")
        .set({
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
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

/** How often a running shop looks for mails left behind (a crash after commit, a failed send now due again). */
export const OUTBOX_FLUSH_INTERVAL_MS = 30_000;

export interface OutboxFlusher {
  /** The run at start: resolves when it is done. */
  started: Promise<void>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export interface OutboxFlusherOptions {
  intervalMs?: number;
  send?: (message: MailMessage) => Promise<unknown>;
  onError?: (error: unknown) => void;
  /** The timer: calls `run` every `ms`, returns its cancel (tests drive it by hand and await the run). */
  every?: (run: () => Promise<void>, ms: number) => () => void;
}

const everyInterval = (run: () => Promise<void>, ms: number) => {
  const timer = setInterval(run, ms);
  // The flusher never keeps a process alive that has nothing else to do.
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Sends the outbox at start and then on a timer, so mails survive a crash between commit and sending (a process
 * killed after an order) and failed ones go out once their pause is over. Runs never overlap within a process;
 * across processes the claim in `deliverOutbox` keeps every mail to one sender.
 */
export function startOutboxFlusher(ctx: OutboxContext, options: OutboxFlusherOptions = {}): OutboxFlusher {
  const limit = 50;
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = async () => {
    // A full batch means there may be more: go on until the due mails are all handled.
    for (;;) {
      const report = await deliverOutbox(ctx, { limit, ...(options.send ? { send: options.send } : {}) });
      if (stopped || report.sent + report.failed < limit) return;
    }
  };
  const flush = () => {
    running ??= runOnce()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const cancel = (options.every ?? everyInterval)(
    () => (stopped ? Promise.resolve() : flush()),
    options.intervalMs ?? OUTBOX_FLUSH_INTERVAL_MS,
  );
  return {
    started: flush(),
    async stop() {
      stopped = true;
      cancel();
      await running;
    },
  };
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
