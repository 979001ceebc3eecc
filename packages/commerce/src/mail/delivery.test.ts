import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { requestPasswordReset, signUp } from "../customers/accounts.ts";
import { type AccountTestContext, createAccountTestContext, uniqueEmail } from "../customers/test-context.ts";
import { coreJobs } from "../jobs/core-jobs.ts";
import { createWorker } from "../jobs/runner.ts";
import { silentLogger } from "../log.ts";
import { enqueueMail } from "../orders/outbox.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

/**
 * Mails leave only through the worker's mail job, with the worker's SMTP settings, and survive what happens between
 * the change that queued them and their delivery: a mail server that is down, a process that stops.
 */
let t: AccountTestContext;
let sink: SmtpSink;
beforeAll(async () => {
  t = await createAccountTestContext();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await t?.destroy();
});

/** A worker process: its own clock and the shop's SMTP settings. */
function worker(now: () => Date) {
  const config = { ...loadConfig({}), SMTP_URL: sink.url, MAIL_FROM: "Vitrine <shop@vitrine.example>" };
  return createWorker({ db: t.db, clock: { now }, config, log: silentLogger, jobs: coreJobs(config) });
}

const kindOf = (raw: string) => /^X-Vitrine-Mail: (.+)$/m.exec(raw)?.[1]?.trim();

describe("mail delivery by the worker", () => {
  it("retries a mail the SMTP server refused and delivers it once the server answers", async () => {
    let now = new Date();
    const w = worker(() => now);
    await sink.close();
    await enqueueMail(
      t,
      { kind: "order-shipped", to: "retry@example.com", subject: "Unterwegs", text: "t", html: "<p>t</p>" },
      now,
    );
    expect(await w.runNow("mail")).toBe("ok");
    const failed = await t.db
      .selectFrom("mail_outbox")
      .select(["status", "attempts", "last_error"])
      .where("recipient", "=", "retry@example.com")
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    await sink.listen();
    // Within its pause nothing is tried again; after it (two minutes for a first failure) the mail goes out.
    expect(await w.runNow("mail")).toBe("ok");
    expect(sink.received.some((m) => m.to.includes("retry@example.com"))).toBe(false);
    now = new Date(now.getTime() + 3 * 60_000);
    expect(await w.runNow("mail")).toBe("ok");
    const mail = await sink.waitFor((m) => m.to.includes("retry@example.com"));
    expect(kindOf(mail.raw)).toBe("order-shipped");
    expect(mail.from).toBe("shop@vitrine.example");
    const sent = await t.db
      .selectFrom("mail_outbox")
      .select(["status", "attempts"])
      .where("recipient", "=", "retry@example.com")
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ status: "sent", attempts: 2 });
    await w.stop();
  });

  it("delivers a password-reset mail asked for before a restart, by the worker of the next process", async () => {
    const email = uniqueEmail("reset");
    const client = { headers: new Headers(), clientAddress: "198.51.100.77" };
    expect((await signUp(t, client, { email, password: "Sommer-2026!", firstName: "Ida", lastName: "Reset" })).ok).toBe(
      true,
    );
    // The first process answers the request and stops before any worker of it ran: the mail is in the database.
    await requestPasswordReset(t, client, { email, callbackPath: "/de/login/callback/" });
    await t.auth.settled();
    const queued = await t.db
      .selectFrom("mail_outbox")
      .select(["kind", "status"])
      .where("recipient", "=", email)
      .execute();
    expect(queued).toEqual([{ kind: "password-reset", status: "pending" }]);

    // The next process starts its worker: the mail is due at once (the reset woke the mail job).
    const next = worker(() => new Date());
    next.start();
    try {
      const mail = await sink.waitFor((m) => m.to.includes(email), 5000);
      expect(kindOf(mail.raw)).toBe("password-reset");
    } finally {
      await next.stop();
    }
  });
});
