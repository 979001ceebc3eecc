import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type AccountAuth,
  createAccountAuth,
  type Db,
  loadConfig,
  type OutboxMail,
  resolveSecret,
  systemClock,
} from "@vitrine/commerce";
import { expect } from "vitest";
import type { TestBrowser, TestShop } from "./shop-client.ts";

/** Helpers for the account HTTP tests: customers, sessions and the mail outbox of the running test shop. */

let counter = 0;
export function uniqueEmail(prefix = "kundin"): string {
  counter++;
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const PASSWORD = "Sommer-2026!";

/** Each call comes from its own client address, so rate limits of one test never touch another. */
let address = 0;
export function nextAddress(): string {
  address++;
  return `198.51.${Math.floor(address / 250)}.${address % 250}`;
}

/** A browser that signed up through the sign-up form (and is signed in). */
export async function signedUpBrowser(
  shop: TestShop,
  options: { email?: string; password?: string; store?: string } = {},
): Promise<{ browser: TestBrowser; email: string; password: string }> {
  const browser = shop.browser();
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const response = await browser.submit(`/${options.store ?? "de"}/login/?register=true`, {
    intent: "sign-up",
    firstName: "Lena",
    lastName: "Berg",
    email,
    password,
  });
  expect(response.status, (await response.clone().text()).slice(0, 200)).toBe(302);
  expect(sessionCookieName(browser)).toBeDefined();
  return { browser, email, password };
}

export function sessionCookieName(browser: TestBrowser): string | undefined {
  return [...browser.cookies.keys()].find((name) => name.endsWith("vitrine.session_token"));
}

export function sessionCookie(browser: TestBrowser): string | undefined {
  const name = sessionCookieName(browser);
  return name ? browser.cookies.get(name) : undefined;
}

/** Signs in through the form; answers the response. */
export function signIn(browser: TestBrowser, email: string, password: string, extra: Record<string, string> = {}) {
  return browser.submit("/de/login/", { intent: "sign-in", email, password, ...extra });
}

/** The better-auth instance of the test shop's database (same secret), for what no page does: guest customers. */
export async function shopAuth(db: Db): Promise<AccountAuth> {
  const config = loadConfig();
  const secret = await resolveSecret({ db, config }, new Date());
  return createAccountAuth({
    db,
    clock: systemClock,
    secret,
    baseURL: "http://127.0.0.1:4173",
    secureCookies: false,
    passwordResetMail: (mail) => ({
      kind: "password-reset",
      to: mail.email,
      subject: "Reset",
      text: mail.token,
      html: "",
    }),
  });
}

/** The mails in the test shop's outbox (VITRINE_DATA_DIR/outbox), oldest first. */
export async function outbox(): Promise<OutboxMail[]> {
  const dir = join(process.env.VITRINE_DATA_DIR as string, "outbox");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), "utf8")) as OutboxMail));
}

/** Waits for a mail to an address (the reset mail is sent after the answer, in the background). */
export async function waitForMail(to: string, kind: string, timeoutMs = 5000): Promise<OutboxMail> {
  const started = Date.now();
  for (;;) {
    const mail = (await outbox()).reverse().find((m) => m.to.includes(to) && m.kind === kind);
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) throw new Error(`no ${kind} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The shop path (with query) of the first shop link in a mail's text. */
export function linkPath(mail: OutboxMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error("no link in the mail");
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
