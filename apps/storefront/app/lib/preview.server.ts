import { createHmac } from "node:crypto";
import { clientAddress, failureAnswer, hitRateLimit, type RateLimitRule } from "@vitrine/commerce";
import { isHttps, sameToken, serializeCookie } from "./security.server.ts";
import type { Services } from "./services.server.ts";
import { readCookie } from "./store.ts";

/**
 * Preview-editor mode (specification section 2: entered with the `editor-mode` query parameter) shows drafts,
 * so it needs the configured preview token as well: `?editor-mode&preview-token=…` once, after which an
 * HttpOnly cookie remembers it for `PREVIEW_COOKIE_MAX_AGE`. The cookie holds its expiry and a keyed hash of the
 * token and that expiry, never the token: it stops working when it expires or the token is changed, also when a
 * copy of it is replayed. Tries of a token are rate-limited per client address, so it cannot be guessed. Without
 * a configured token preview is off, except for staff: the back office's content editor (`staffPreviewCookie`) gives
 * a signed-in merchandiser or owner the same cookie, keyed by the server's secret alone when no token is set.
 */
export const PREVIEW_COOKIE = "vitrine_preview";
const PREVIEW_TOKEN_PARAM = "preview-token";
export const EDITOR_MODE_PARAM = "editor-mode";
/** An editor's working day. */
const PREVIEW_COOKIE_MAX_AGE = 8 * 60 * 60;
const PREVIEW_TOKEN_RATE_LIMIT: RateLimitRule = { name: "preview-token", limit: 10, windowMs: 15 * 60_000 };

function proof(secret: string, token: string, expiresAt: number): string {
  return createHmac("sha256", secret).update(`preview:${token}:${expiresAt}`).digest("base64url");
}

export type PreviewAccess =
  /** Whether drafts may be shown; `cookie` is the Set-Cookie value that remembers a token just given. */
  | { granted: boolean; cookie?: string; retryAfterSeconds?: undefined }
  /** Too many tries of a token from this address. */
  | { granted: false; cookie?: undefined; retryAfterSeconds: number };

type PreviewServices = Pick<Services, "db" | "clock" | "config" | "secret">;

export async function previewAccess(services: PreviewServices, request: Request, url: URL): Promise<PreviewAccess> {
  const { secret, clock, config } = services;
  const previewToken = config.PREVIEW_TOKEN;
  if (!url.searchParams.has(EDITOR_MODE_PARAM)) return { granted: false };
  const now = clock.now().getTime();
  const given = url.searchParams.get(PREVIEW_TOKEN_PARAM);
  if (given !== null && previewToken) {
    const verdict = await hitRateLimit(services, PREVIEW_TOKEN_RATE_LIMIT, {
      scope: "ip",
      value: clientAddress(request, config),
    });
    if (!verdict.allowed) return { granted: false, retryAfterSeconds: verdict.retryAfterSeconds };
    if (sameToken(given, previewToken)) {
      const expiresAt = Math.floor(now / 1000) + PREVIEW_COOKIE_MAX_AGE;
      const value = `${expiresAt}.${proof(secret, previewToken, expiresAt)}`;
      const cookie = serializeCookie(PREVIEW_COOKIE, value, {
        maxAge: PREVIEW_COOKIE_MAX_AGE,
        secure: isHttps(request, config),
        httpOnly: true,
        sameSite: "Lax",
      });
      return { granted: true, cookie };
    }
  }
  const remembered = readCookie(request.headers.get("cookie"), PREVIEW_COOKIE) ?? "";
  const dot = remembered.indexOf(".");
  const expiresAt = Number(remembered.slice(0, dot));
  const granted =
    dot > 0 &&
    Number.isInteger(expiresAt) &&
    expiresAt * 1000 > now &&
    sameToken(remembered.slice(dot + 1), proof(secret, previewToken ?? STAFF_ONLY_KEY, expiresAt));
  return { granted };
}

/** What the cookie's proof is keyed with when no preview token is configured: only staff can be given one then. */
const STAFF_ONLY_KEY = "staff-preview";

/**
 * The preview cookie for a signed-in staff member of the content area (the back office checks the role first):
 * the same cookie a right token earns, so the shop shows drafts to that browser for `PREVIEW_COOKIE_MAX_AGE`.
 */
export function staffPreviewCookie(services: PreviewServices, request: Request): string {
  const expiresAt = Math.floor(services.clock.now().getTime() / 1000) + PREVIEW_COOKIE_MAX_AGE;
  const value = `${expiresAt}.${proof(services.secret, services.config.PREVIEW_TOKEN ?? STAFF_ONLY_KEY, expiresAt)}`;
  return serializeCookie(PREVIEW_COOKIE, value, {
    maxAge: PREVIEW_COOKIE_MAX_AGE,
    secure: isHttps(request, services.config),
    httpOnly: true,
    sameSite: "Lax",
  });
}

/**
 * After the token was accepted from the address, the same page again without it: the token does not stay in
 * the browser's history or in shared links, the cookie carries it from now on.
 */
export function withoutPreviewToken(url: URL, setCookies: readonly string[]): Response {
  const clean = new URL(url);
  clean.searchParams.delete(PREVIEW_TOKEN_PARAM);
  const headers = new Headers({ location: `${clean.pathname}${clean.search}`, "cache-control": "no-store" });
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/** Too many preview tokens tried from one address. */
export function previewTokenRefused(retryAfterSeconds: number): Response {
  const { status } = failureAnswer({
    ok: false,
    error: "RateLimited",
    detail: "Too many preview tokens",
    retryAfterSeconds,
  });
  return new Response("Too many preview tokens were tried from this address. Try again later.", {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "retry-after": String(retryAfterSeconds),
      "cache-control": "no-store",
    },
  });
}
