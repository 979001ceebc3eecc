import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isForwardedHttps, type VitrineConfig } from "@vitrine/commerce";
import { CONSENT_BOOT_SCRIPT } from "./consent-boot.ts";
import { thirdPartyScripts } from "./third-party.ts";

/** Signed random values for cookies: `{random}.{hmac}`, verified in constant time. */
export function signedRandom(secret: string, purpose: string): string {
  const value = randomBytes(18).toString("base64url");
  return `${value}.${sign(secret, purpose, value)}`;
}

export function verifySigned(secret: string, purpose: string, token: string | undefined | null): boolean {
  if (!token) return false;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return false;
  const expected = sign(secret, purpose, token.slice(0, dot));
  return sameToken(token.slice(dot + 1), expected);
}

/** Compares a given token with the expected one in constant time (by bytes: a client may send any characters). */
export function sameToken(given: string | undefined | null, expected: string): boolean {
  if (!given) return false;
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

function sign(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url").slice(0, 32);
}

export interface CookieOptions {
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict";
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? "/"}`,
    `SameSite=${options.sameSite ?? "Lax"}`,
  ];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The consent banner's boot script (consent-boot.ts), allowed by its hash: the same in every page. */
export const CONSENT_BOOT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(CONSENT_BOOT_SCRIPT).digest("base64")}'`;

/** A fresh Content-Security-Policy nonce: one per answer, so a script injected into a page cannot guess it. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Scripts only from the shop's origin, inline scripts carrying the answer's nonce (React Router's hydration
 * data and module loader get it through `<ServerRouter nonce>`), and the origins of exactly the third-party
 * scripts the operator configured (third-party.ts; none by default), and the consent banner's boot script by its
 * hash. Inline styles stay allowed: components set `style` attributes. Images may come from another host
 * (IMAGE_BASE_URL, a CDN). Connections go to the shop and to exactly the error-reporting origin when SENTRY_DSN is
 * set (lib/error-reporting.ts).
 */
export function contentSecurityPolicy(
  nonce: string,
  scriptOrigins: readonly string[] = [],
  connectOrigins: readonly string[] = [],
  payment: PaymentOrigins | null = null,
): string {
  return [
    "default-src 'self'",
    [
      "script-src 'self'",
      `'nonce-${nonce}'`,
      CONSENT_BOOT_SCRIPT_HASH,
      ...scriptOrigins,
      ...(payment?.script ?? []),
    ].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectOrigins, ...(payment?.connect ?? [])].join(" "),
    ...(payment ? [["frame-src 'self'", ...payment.frame].join(" ")] : []),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Origins a payment provider's browser script needs (Stripe.js and the Payment Element's frames). */
export interface PaymentOrigins {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
}

/** Stripe's documented origins for Stripe.js, the Payment Element and 3-D Secure. */
export const STRIPE_ORIGINS: PaymentOrigins = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * Stripe's origins are allowed on the payment step's page only (`/{store}/payment/provider/…`), and only when
 * Stripe is configured: every other page keeps the shop's own policy.
 */
export function paymentOriginsFor(
  pathname: string,
  config: Pick<VitrineConfig, "STRIPE_SECRET_KEY">,
): PaymentOrigins | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return /^\/[a-z-]+\/payment\/provider\//.test(pathname) ? STRIPE_ORIGINS : null;
}

/** The origins of the configured third-party scripts, each once, for the policy's script-src. */
export function thirdPartyScriptOrigins(config: Parameters<typeof thirdPartyScripts>[0]): string[] {
  return [...new Set(thirdPartyScripts(config).map((script) => new URL(script.src).origin))];
}

/** Features the shop uses (geolocation for the store finder, payment) stay with its own pages; others are off. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), usb=(), browsing-topics=(), geolocation=(self), payment=(self)";
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The security headers of every answer, unless the route set a stricter one itself (the sign-in link's
 * `Referrer-Policy: no-referrer`); HSTS only over HTTPS (a browser ignores it over HTTP anyway).
 */
export function setSecurityHeaders(
  headers: Headers,
  options: {
    nonce: string;
    https: boolean;
    scriptOrigins?: readonly string[];
    connectOrigins?: readonly string[];
    payment?: PaymentOrigins | null;
  },
): void {
  const defaults: [string, string][] = [
    [
      "content-security-policy",
      contentSecurityPolicy(options.nonce, options.scriptOrigins, options.connectOrigins, options.payment),
    ],
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "SAMEORIGIN"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["permissions-policy", PERMISSIONS_POLICY],
  ];
  if (options.https) defaults.push(["strict-transport-security", `max-age=${HSTS_MAX_AGE}`]);
  for (const [name, value] of defaults) if (!headers.has(name)) headers.set(name, value);
}

/** Cookies are Secure when the shop is served over HTTPS (directly or behind a trusted proxy that says so). */
export function isHttps(
  request: { url: string; headers: { get(name: string): string | null } },
  config: Pick<VitrineConfig, "TRUST_PROXY">,
): boolean {
  return isForwardedHttps(request, config);
}

/**
 * Whether answers carry HSTS: the request came over HTTPS (directly or from a trusted proxy that says so), or the
 * shop's public address is https (`PUBLIC_URL`), so a proxy that terminates TLS without being trusted for
 * `X-Forwarded-Proto` still gets browsers to stay on HTTPS. Over plain HTTP a browser ignores the header anyway.
 */
export function servesHttps(
  request: { url: string; headers: { get(name: string): string | null } },
  config: Pick<VitrineConfig, "TRUST_PROXY" | "PUBLIC_URL">,
): boolean {
  return isHttps(request, config) || (config.PUBLIC_URL?.toLowerCase().startsWith("https://") ?? false);
}

/**
 * Whether a state-changing request comes from our own pages: the Origin (or, without it, Sec-Fetch-Site)
 * must be this site. Browsers always send one of them on cross-site POSTs, so a forged form or fetch fails.
 * The host a proxy in front received (`X-Forwarded-Host`) counts only from a trusted proxy (`TRUST_PROXY`):
 * otherwise a client could name any origin there and make its own Origin look like ours.
 */
export function isSameOriginRequest(request: Request, config: Pick<VitrineConfig, "TRUST_PROXY">): boolean {
  const origin = request.headers.get("origin");
  const url = new URL(request.url);
  if (origin && origin !== "null") {
    // Each proxy may append its own: the one nearest to the client is the first.
    const forwardedHost =
      config.TRUST_PROXY > 0 ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    const host = forwardedHost || (request.headers.get("host") ?? url.host);
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  // Neither header: no browser of today sends a change that way, so nothing vouches for it (as SvelteKit's check).
  return false;
}

/** A redirect target we may follow: a path on our own site, never `//host` or an absolute URL. */
export function safeRedirectPath(target: string | null | undefined, fallback: string): string {
  if (!target) return fallback;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (decoded.startsWith("//") || decoded.startsWith("/\\") || hasControlCharacters(decoded)) return fallback;
  try {
    const parsed = new URL(target, "http://vitrine.invalid");
    if (parsed.host !== "vitrine.invalid") return fallback;
  } catch {
    return fallback;
  }
  return target;
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) === 0x7f) return true;
  return false;
}
