import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * After a successful lookup (or for the signed-in customer's own order), the returns portal carries the order
 * number in a signed token with an expiry, so the next form needs no second lookup and cannot be pointed at
 * another order.
 */
const TOKEN_MINUTES = 30;

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`returns:${payload}`).digest("base64url").slice(0, 32);
}

export function returnAccessToken(secret: string, orderNumber: string, now: Date): string {
  const payload = `${orderNumber}.${now.getTime() + TOKEN_MINUTES * 60_000}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The order number the token grants, or null (forged, damaged or expired). */
export function verifyReturnAccess(secret: string, token: string, now: Date): string | null {
  const match = /^(\d{8})\.(\d{10,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, number, expires, given] = match as unknown as [string, string, string, string];
  const expected = signature(secret, `${number}.${expires}`);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  return Number(expires) > now.getTime() ? number : null;
}
