import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Clock } from "../clock.ts";
import type { VitrineConfig } from "../config.ts";

/**
 * The shop's mail transport: SMTP when `SMTP_URL` is set, otherwise a file outbox under the data folder
 * (`data/outbox/`), one `.eml` (the exact message SMTP would carry) and one `.json` (the same, readable) per mail.
 * The outbox is the embedded default: a fresh clone sends password-reset and order mails without a mail server,
 * and tests read them back.
 */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** The sender; the environment's MAIL_FROM without (the outbox passes the shop settings' sender). */
  from?: string;
  replyTo?: string;
  /** What the mail is for (`password-reset`, `order-confirmation`): kept in the outbox and in logs. */
  kind?: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

export interface MailContext {
  config: Pick<VitrineConfig, "SMTP_URL" | "MAIL_FROM" | "VITRINE_DATA_DIR">;
  clock: Clock;
}

export interface SentMail {
  messageId: string;
  transport: "smtp" | "outbox";
  /** The outbox `.json` file (outbox transport only). */
  file?: string;
}

/** A mail as the outbox keeps it (the `.json` file). */
export interface OutboxMail {
  messageId: string;
  kind: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  sentAt: string;
  /** File name of the raw message next to it. */
  eml: string;
}

const smtpTransports = new Map<string, Transporter>();
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

export function outboxDir(config: Pick<VitrineConfig, "VITRINE_DATA_DIR">): string {
  return resolve(config.VITRINE_DATA_DIR, "outbox");
}

export async function sendMail(ctx: MailContext, message: MailMessage): Promise<SentMail> {
  const to = Array.isArray(message.to) ? message.to : [message.to];
  if (to.length === 0) throw new Error("sendMail: no recipient");
  const from = message.from ?? ctx.config.MAIL_FROM;
  const mail = {
    from,
    to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.attachments ? { attachments: message.attachments } : {}),
    date: ctx.clock.now(),
    headers: message.kind ? { "X-Vitrine-Mail": message.kind } : {},
  };

  if (ctx.config.SMTP_URL) {
    let transport = smtpTransports.get(ctx.config.SMTP_URL);
    if (!transport) {
      transport = nodemailer.createTransport(ctx.config.SMTP_URL);
      smtpTransports.set(ctx.config.SMTP_URL, transport);
    }
    const info = await transport.sendMail(mail);
    return { messageId: String(info.messageId), transport: "smtp" };
  }

  const composed = await composer.sendMail(mail);
  const sentAt = ctx.clock.now().toISOString();
  const base = `${sentAt.replace(/[-:.]/g, "")}-${randomBytes(4).toString("hex")}`;
  const dir = outboxDir(ctx.config);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${base}.eml`), composed.message as Buffer);
  const record: OutboxMail = {
    messageId: composed.messageId,
    kind: message.kind ?? null,
    from,
    to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    sentAt,
    eml: `${base}.eml`,
  };
  // Written under a temporary name and renamed, so a reader never sees half a file.
  const file = join(dir, `${base}.json`);
  await writeFile(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
  return { messageId: composed.messageId, transport: "outbox", file };
}

/** The outbox, oldest first (tests and the CLI read mails back with it). */
export async function readOutbox(config: Pick<VitrineConfig, "VITRINE_DATA_DIR">): Promise<OutboxMail[]> {
  const dir = outboxDir(config);
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map(async (name) => JSON.parse(await readFile(join(dir, name), "utf8")) as OutboxMail),
  );
  return mails;
}
