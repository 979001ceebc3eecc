/**
 * One layout for every shop mail: callers pass the (already translated) texts, `renderMail` builds the plain-text
 * and the HTML part. Every text is escaped; links are only taken as http(s) URLs.
 */
export interface MailTemplate {
  subject: string;
  /** The line mail clients show next to the subject. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  /** The one thing the mail asks the reader to do (a button in HTML, the bare URL in text). */
  action?: { label: string; url: string };
  /** Smaller lines after the action ("If you did not ask for this, ignore this mail."). */
  notes?: string[];
  /** Closing line under a rule (shop address, service hours). */
  footer?: string;
  /** `lang` of the HTML part. */
  language?: string;
  shopName?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function safeUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`Mail links must be absolute http(s) URLs: ${url.slice(0, 60)}`);
  return url;
}

/** Marks the shop's name in a mail's header, where `brandMail` puts the owner's name or logo. */
const SHOP_HEADER_START = "<!--shop-->";
const SHOP_HEADER_END = "<!--/shop-->";

export function renderMail(template: MailTemplate): RenderedMail {
  const shopName = template.shopName ?? "Vitrine";
  const action = template.action ? { label: template.action.label, url: safeUrl(template.action.url) } : undefined;
  const notes = template.notes ?? [];

  const text = [
    template.heading,
    "",
    ...template.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}:`, action.url, ""] : []),
    ...notes.flatMap((n) => [n, ""]),
    ...(template.footer ? ["--", template.footer] : [`-- ${shopName}`]),
  ]
    .join("\n")
    .trimEnd()
    .concat("\n");

  const p = (content: string, style: string) => `<p style="${style}">${escapeHtml(content)}</p>`;
  const body = [
    `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(template.heading)}</h1>`,
    ...template.paragraphs.map((para) => p(para, "margin:0 0 16px")),
    action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1b1b1b;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:4px;font-weight:bold">${escapeHtml(action.label)}</a></p>` +
        p(action.url, "margin:0 0 16px;font-size:12px;color:#5f6368;word-break:break-all")
      : "",
    ...notes.map((note) => p(note, "margin:0 0 12px;font-size:13px;color:#5f6368")),
  ].join("\n");

  const html = `<!doctype html>
<html lang="${escapeHtml(template.language ?? "en")}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(template.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f4f1;font-family:Helvetica,Arial,sans-serif;color:#1b1b1b">
${template.preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(template.preheader)}</div>` : ""}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:4px">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e2ded8;font-size:20px;font-weight:bold;letter-spacing:2px">${SHOP_HEADER_START}${escapeHtml(shopName.toUpperCase())}${SHOP_HEADER_END}</td></tr>
<tr><td style="padding:32px">
${body}
</td></tr>
${template.footer ? `<tr><td style="padding:16px 32px;border-top:1px solid #e2ded8;font-size:12px;color:#5f6368">${escapeHtml(template.footer)}</td></tr>` : ""}
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject: template.subject, text, html };
}

/**
 * A mail as the shop sends it (at delivery, so a mail says the name the shop has when it leaves): the texts name the
 * owner's shop name instead of the default one, and the header shows the shop's logo when there is one.
 */
export function brandMail<M extends { subject: string; text: string; html?: string | null | undefined }>(
  mail: M,
  brand: { name: string; defaultName: string; logo?: { url: string; width: number; height: number } | null },
): M {
  const { name, defaultName, logo } = brand;
  const rename = (text: string, replacement: string) =>
    name === defaultName ? text : text.replaceAll(defaultName, replacement);
  let html = mail.html;
  if (html) {
    html = rename(
      html.replaceAll(
        `${SHOP_HEADER_START}${escapeHtml(defaultName.toUpperCase())}`,
        `${SHOP_HEADER_START}${escapeHtml(name.toUpperCase())}`,
      ),
      escapeHtml(name),
    );
    if (logo) {
      const height = Math.min(48, logo.height);
      const width = Math.round((logo.width / logo.height) * height);
      html = html.replace(
        /<!--shop-->[^<]*<!--\/shop-->/,
        `${SHOP_HEADER_START}<img src="${escapeHtml(logo.url)}" width="${width}" height="${height}" alt="${escapeHtml(name)}" style="display:block;border:0">${SHOP_HEADER_END}`,
      );
    }
  }
  return { ...mail, subject: rename(mail.subject, name), text: rename(mail.text, name), ...(html ? { html } : {}) };
}
