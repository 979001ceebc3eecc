/** Names shared by the server check and the browser: the form field and the header carrying the CSRF token. */
export const CSRF_FIELD_NAME = "csrf";
export const CSRF_HEADER_NAME = "x-csrf-token";
export const CSRF_COOKIE_NAME = "vitrine_csrf";

/** The token for fetch() calls, read from its cookie (double-submit pattern). */
export function csrfTokenFromDocument(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${CSRF_COOKIE_NAME}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE_NAME.length + 1)) : undefined;
}
