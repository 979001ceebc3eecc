import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server for tests (127.0.0.1, no auth, no TLS): keeps every message it accepts. `close()` and a later
 * `listen()` on the same port stand for a mail server that is down for a while.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  listen(): Promise<void>;
  close(): Promise<void>;
  /** Resolves with the first mail `match` accepts, or rejects after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;
  const sink: SmtpSink = {
    url: "",
    port: 0,
    received,
    async listen() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString("utf8"),
            });
            callback();
          });
        },
      });
      const current = server;
      await new Promise<void>((resolve, reject) => {
        current.once("error", reject);
        current.listen(boundPort, "127.0.0.1", () => resolve());
      });
      boundPort = (current.server.address() as AddressInfo).port;
      sink.port = boundPort;
      sink.url = `smtp://127.0.0.1:${boundPort}`;
    },
    async close() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async waitFor(match, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error("no such mail arrived at the SMTP sink");
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  await sink.listen();
  return sink;
}
