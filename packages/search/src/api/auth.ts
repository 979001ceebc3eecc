import { createHmac, timingSafeEqual } from "node:crypto";
import { isStoreCode, STORE_CODES, type StoreCode } from "@vitrine/commerce";

/**
 * Credentials of the search API. A public API key per store (`vtpk_{store}_{mac}`, derived from the shared
 * secret, so every process knows it without a table) for clients that live long, and a short-lived signed
 * search token (a JWT, HS256) the storefront issues; clients renew an expired token (419).
 */

export const PUBLIC_KEY_PREFIX = "vtpk_";
const TOKEN_AUDIENCE = "vitrine-search";
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

const base64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");

function mac(secret: string, data: string): Buffer {
  return createHmac("sha256", secret).update(data).digest();
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Keys already derived, by secret and store: every page and every API request asks for one. */
const publicKeys = new Map<string, Map<StoreCode, string>>();

/** The public API key of a store's search. */
export function publicApiKey(secret: string, storeCode: StoreCode): string {
  let bySecret = publicKeys.get(secret);
  if (!bySecret) {
    // A process has one secret; tests make many: the map stays small either way.
    if (publicKeys.size >= 16) publicKeys.clear();
    bySecret = new Map();
    publicKeys.set(secret, bySecret);
  }
  let key = bySecret.get(storeCode);
  if (key === undefined) {
    key = `${PUBLIC_KEY_PREFIX}${storeCode}_${mac(secret, `search-public-key:${storeCode}`).subarray(0, 20).toString("hex")}`;
    bySecret.set(storeCode, key);
  }
  return key;
}

export interface SearchTokenOptions {
  storeCode: StoreCode;
  /** Lifetime; default one hour. */
  ttlSeconds?: number;
  now?: Date;
}

/** A signed search token for one store (a JWT the storefront hands to the browser). */
export function issueSearchToken(secret: string, options: SearchTokenOptions): string {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({
      aud: TOKEN_AUDIENCE,
      store: options.storeCode,
      iat: issuedAt,
      exp: issuedAt + (options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS),
    }),
  );
  const signature = mac(secret, `${header}.${payload}`).toString("base64url");
  return `${header}.${payload}.${signature}`;
}

export type CredentialCheck =
  | { ok: true; storeCode: StoreCode; kind: "apiKey" | "token" }
  | { ok: false; statusCode: 401 | 419; type: string; message: string };

const INVALID: CredentialCheck = {
  ok: false,
  statusCode: 401,
  type: "InvalidToken",
  message: "The access token is not valid.",
};

/** Checks an API key or search token: 401 when it is not ours, 419 when it expired. */
export function verifySearchCredential(secret: string, credential: string | undefined, now: Date): CredentialCheck {
  if (!credential) {
    return { ok: false, statusCode: 401, type: "MissingToken", message: "An access token is required." };
  }
  if (credential.startsWith(PUBLIC_KEY_PREFIX)) {
    const rest = credential.slice(PUBLIC_KEY_PREFIX.length);
    const store = STORE_CODES.find((code) => rest.startsWith(`${code}_`));
    if (!store) return INVALID;
    return sameBytes(Buffer.from(credential), Buffer.from(publicApiKey(secret, store)))
      ? { ok: true, storeCode: store, kind: "apiKey" }
      : INVALID;
  }
  const parts = credential.split(".");
  if (parts.length !== 3) return INVALID;
  const [header, payload, signature] = parts as [string, string, string];
  if (!sameBytes(Buffer.from(signature, "base64url"), mac(secret, `${header}.${payload}`))) return INVALID;
  let claims: { aud?: unknown; store?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return INVALID;
  }
  if (claims.aud !== TOKEN_AUDIENCE || typeof claims.store !== "string" || !isStoreCode(claims.store)) return INVALID;
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= now.getTime()) {
    return { ok: false, statusCode: 419, type: "ExpiredToken", message: "The access token has expired." };
  }
  return { ok: true, storeCode: claims.store, kind: "token" };
}
