import { describe, expect, it } from "vitest";
import { issueSearchToken, publicApiKey, verifySearchCredential } from "./auth.ts";

const SECRET = "s".repeat(40);
const NOW = new Date("2026-11-22T12:00:00Z");

describe("search credentials", () => {
  it("accept a store's public API key", () => {
    const key = publicApiKey(SECRET, "fr-ch");
    expect(key.startsWith("vtpk_fr-ch_")).toBe(true);
    expect(verifySearchCredential(SECRET, key, NOW)).toEqual({ ok: true, storeCode: "fr-ch", kind: "apiKey" });
  });

  it("refuse a key made with another secret or for another store", () => {
    const other = publicApiKey("t".repeat(40), "de");
    expect(verifySearchCredential(SECRET, other, NOW)).toMatchObject({ ok: false, statusCode: 401 });
    const forged = publicApiKey(SECRET, "de").replace("vtpk_de_", "vtpk_at_");
    expect(verifySearchCredential(SECRET, forged, NOW)).toMatchObject({ ok: false, statusCode: 401 });
  });

  it("accept a signed token until it expires, then answer 419", () => {
    const token = issueSearchToken(SECRET, { storeCode: "de", ttlSeconds: 60, now: NOW });
    expect(token.split(".")).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString());
    expect(payload).toMatchObject({ store: "de", exp: NOW.getTime() / 1000 + 60 });
    expect(verifySearchCredential(SECRET, token, NOW)).toEqual({ ok: true, storeCode: "de", kind: "token" });
    expect(verifySearchCredential(SECRET, token, new Date(NOW.getTime() + 60_000))).toMatchObject({
      ok: false,
      statusCode: 419,
      type: "ExpiredToken",
    });
  });

  it("refuse tampered, foreign and missing tokens with 401", () => {
    const token = issueSearchToken(SECRET, { storeCode: "de", now: NOW });
    const [header, , signature] = token.split(".");
    const payload = Buffer.from(JSON.stringify({ aud: "vitrine-search", store: "at", exp: 2e9 })).toString("base64url");
    expect(verifySearchCredential(SECRET, `${header}.${payload}.${signature}`, NOW)).toMatchObject({ statusCode: 401 });
    expect(verifySearchCredential("t".repeat(40), token, NOW)).toMatchObject({ statusCode: 401 });
    expect(verifySearchCredential(SECRET, "nonsense", NOW)).toMatchObject({ statusCode: 401 });
    expect(verifySearchCredential(SECRET, undefined, NOW)).toMatchObject({ statusCode: 401, type: "MissingToken" });
  });
});
