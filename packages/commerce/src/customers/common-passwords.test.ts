import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";
import { parseAccountInput, passwordSchema } from "./validation.ts";

describe("common passwords", () => {
  it("knows the passwords attackers try first, in any case, and not ordinary ones", () => {
    for (const password of ["password", "12345678", "Password1", "QWERTYUIOP", "iloveyou", "baseball"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ["Sommer-2026!", "Ete-2026-Lausanne!", "correct horse battery"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("are refused by the password rule of sign-up, change, reset and guest conversion with their own code", () => {
    expect(parseAccountInput(passwordSchema, "Password1")).toMatchObject({
      ok: false,
      issues: [{ code: "common_password", message: "password is too common." }],
    });
    // A short one gets the length problem only.
    expect(parseAccountInput(passwordSchema, "123456")).toMatchObject({ ok: false, issues: [{ code: "too_short" }] });
    expect(parseAccountInput(passwordSchema, "Sommer-2026!")).toEqual({ ok: true, value: "Sommer-2026!" });
  });
});
