import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock.ts";
import { outboxDir, readOutbox, sendMail } from "./mail.ts";
import { escapeHtml, renderMail } from "./templates.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function mailContext(smtpUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), "vitrine-mail-"));
  dirs.push(dir);
  return {
    config: { SMTP_URL: smtpUrl, MAIL_FROM: "Vitrine <shop@vitrine.example>", VITRINE_DATA_DIR: dir },
    clock: fixedClock("2026-05-04T08:15:00Z"),
  };
}

describe("mail templates", () => {
  it("renders text and HTML from the same texts and escapes them", () => {
    const mail = renderMail({
      subject: "Reset <your> password",
      heading: "Hello Lena & Co",
      paragraphs: ['Click "below".'],
      action: {
        label: "Set a new password",
        url: "https://shop.example/de/login/callback/?flow=reset-password&token=abc",
      },
      notes: ["If you did not ask for this, ignore this mail."],
      language: "de",
    });
    expect(mail.text).toContain("Hello Lena & Co");
    expect(mail.text).toContain("https://shop.example/de/login/callback/?flow=reset-password&token=abc");
    expect(mail.html).toContain("Hello Lena &amp; Co");
    expect(mail.html).toContain("<title>Reset &lt;your&gt; password</title>");
    expect(mail.html).toContain('href="https://shop.example/de/login/callback/?flow=reset-password&amp;token=abc"');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).not.toContain("<your>");
    expect(escapeHtml(`<a href='x'>`)).toBe("&lt;a href=&#39;x&#39;&gt;");
  });

  it("refuses links that are not absolute http(s) URLs", () => {
    expect(() =>
      renderMail({ subject: "s", heading: "h", paragraphs: [], action: { label: "x", url: "javascript:alert(1)" } }),
    ).toThrow(/absolute http/);
  });
});

describe("mail transport", () => {
  it("writes one .eml and one .json per mail to the outbox without SMTP_URL", async () => {
    const ctx = mailContext();
    const sent = await sendMail(ctx, {
      to: "lena@example.com",
      subject: "Grüße aus dem Shop",
      text: "Hallo Lena",
      html: "<p>Hallo Lena</p>",
      kind: "password-reset",
    });
    expect(sent.transport).toBe("outbox");
    const mails = await readOutbox(ctx.config);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "password-reset",
      to: ["lena@example.com"],
      subject: "Grüße aus dem Shop",
      text: "Hallo Lena",
      sentAt: "2026-05-04T08:15:00.000Z",
      messageId: sent.messageId,
    });
    const eml = readFileSync(join(outboxDir(ctx.config), mails[0]?.eml as string), "utf8");
    expect(eml).toContain("To: lena@example.com");
    expect(eml).toContain("From: Vitrine <shop@vitrine.example>");
    expect(eml).toContain("X-Vitrine-Mail: password-reset");
    expect(eml).toContain("Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_dem_Shop?=");
    expect(eml).toMatch(/multipart\/alternative/);
  });

  it("sends through SMTP when SMTP_URL is set", async () => {
    const received: string[] = [];
    const server = await fakeSmtpServer(received);
    try {
      const port = (server.address() as { port: number }).port;
      const ctx = mailContext(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
      const sent = await sendMail(ctx, {
        to: ["a@example.com", "b@example.com"],
        subject: "Order 1001",
        text: "Thanks",
      });
      expect(sent.transport).toBe("smtp");
      expect(received.join("\n")).toContain("RCPT TO:<a@example.com>");
      expect(received.join("\n")).toContain("RCPT TO:<b@example.com>");
      expect(received.join("\n")).toContain("Subject: Order 1001");
      expect(await readOutbox(ctx.config)).toEqual([]);
    } finally {
      server.close();
    }
  });
});

/** The smallest SMTP server nodemailer talks to: records the commands and the message. */
function fakeSmtpServer(received: string[]): Promise<Server> {
  const server = createServer((socket) => {
    let inData = false;
    let buffer = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let index = buffer.indexOf("\r\n");
      while (index !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        received.push(line);
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 queued\r\n");
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250-fake\r\n250 8BITMIME\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
        index = buffer.indexOf("\r\n");
      }
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
