import { describe, expect, it } from "vitest";
import { returnAccessToken, verifyReturnAccess } from "./returns.server.ts";

const secret = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const now = new Date("2026-06-01T10:00:00Z");

describe("returns portal access token", () => {
  it("grants the order it was made for, for 30 minutes", () => {
    const token = returnAccessToken(secret, "12345678", now);
    expect(verifyReturnAccess(secret, token, now)).toBe("12345678");
    expect(verifyReturnAccess(secret, token, new Date(now.getTime() + 29 * 60_000))).toBe("12345678");
    expect(verifyReturnAccess(secret, token, new Date(now.getTime() + 31 * 60_000))).toBeNull();
  });

  it("cannot be pointed at another order or signed with another secret", () => {
    const token = returnAccessToken(secret, "12345678", now);
    expect(verifyReturnAccess(secret, token.replace("12345678", "12345679"), now)).toBeNull();
    expect(verifyReturnAccess(`${secret}-other`, token, now)).toBeNull();
    expect(verifyReturnAccess(secret, "garbage", now)).toBeNull();
  });
});
