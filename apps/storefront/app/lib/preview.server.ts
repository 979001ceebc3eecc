import { createHmac, timingSafeEqual } from "node:crypto";
import { isHttps, serializeCookie } from "./security.server.ts";
import { readCookie } from "./store.ts";

/**
 * Preview-editor mode (specification section 2: entered with the `editor-mode` query parameter) shows drafts,
 * so it needs the configured preview token as well: `?editor-mode&preview-token=…` once, after which an
 * HttpOnly session cookie remembers it. The cookie holds a keyed hash of the token, never the token, and stops
 * working when the token is changed. Without a configured token preview is off.
 */
export const PREVIEW_COOKIE = "vitrine_preview";
export const PREVIEW_TOKEN_PARAM = "preview-token";
export const EDITOR_MODE_PARAM = "editor-mode";

function proof(secret: string, token: string): string {
  return createHmac("sha256", secret).update(`preview:${token}`).digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface PreviewAccess {
  /** Drafts may be shown (editor-mode parameter and a valid token). */
  granted: boolean;
  /** Set-Cookie value to remember the token for the session. */
  cookie?: string;
}

export function previewAccess(
  request: Request,
  url: URL,
  options: { previewToken: string | undefined; secret: string },
): PreviewAccess {
  const { previewToken, secret } = options;
  if (!url.searchParams.has(EDITOR_MODE_PARAM) || !previewToken) return { granted: false };
  const expected = proof(secret, previewToken);
  const given = url.searchParams.get(PREVIEW_TOKEN_PARAM);
  if (given !== null && sameText(given, previewToken)) {
    const remembered = readCookie(request.headers.get("cookie"), PREVIEW_COOKIE);
    if (remembered !== undefined && sameText(remembered, expected)) return { granted: true };
    return { granted: true, cookie: serializeCookie(PREVIEW_COOKIE, expected, { secure: isHttps(request) }) };
  }
  const remembered = readCookie(request.headers.get("cookie"), PREVIEW_COOKIE);
  return { granted: remembered !== undefined && sameText(remembered, expected) };
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
