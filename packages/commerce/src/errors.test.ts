import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type DomainFailure, failureAnswer, failureExitCode } from "./errors.ts";

/** One failure of every kind the mapper knows, with the status the specification (section 8) gives it. */
const CASES: [DomainFailure, number][] = [
  [{ ok: false, error: "OutOfStock", variantId: 7 }, 412],
  [{ ok: false, error: "MaxBasketItems", limit: 50 }, 413],
  [{ ok: false, error: "VariantNotFound", variantId: 7 }, 404],
  [{ ok: false, error: "ItemNotFound", itemKey: "k1" }, 404],
  [{ ok: false, error: "InvalidUpdate", itemKey: "k1", reason: "no data" }, 400],
  [{ ok: false, error: "WishlistItemNotFound", itemKey: "w1" }, 404],
  [{ ok: false, error: "ProductNotFound", productId: 3 }, 404],
  [{ ok: false, error: "MaxWishlistItems", limit: 100 }, 413],
  [{ ok: false, error: "InvalidRequest" }, 400],
  [{ ok: false, error: "EmptyBasket" }, 409],
  [{ ok: false, error: "Incomplete", step: "address" }, 409],
  [{ ok: false, error: "TotalChanged", total: 4990 }, 409],
  [{ ok: false, error: "BasketChanged" }, 409],
  [{ ok: false, error: "OutOfStock", variantIds: [1, 2] }, 409],
  [{ ok: false, error: "EmailRegistered" }, 409],
  [{ ok: false, error: "GiftCardInsufficient" }, 409],
  [{ ok: false, error: "PaymentNotFound" }, 409],
  [{ ok: false, error: "PaymentPending", paymentId: "pay_12345678" }, 409],
  [{ ok: false, error: "PaymentDeclined", declineCode: "insufficient_funds" }, 409],
  [{ ok: false, error: "PaymentCancelled" }, 409],
  [{ ok: false, error: "OrderNotFound" }, 404],
  [{ ok: false, error: "InvalidTransition", status: "delivered" }, 409],
  [{ ok: false, error: "AwaitingPayment" }, 409],
  [{ ok: false, error: "InvalidPackage", reason: "unknown carrier" }, 400],
  [{ ok: false, error: "NotFound", detail: "Category not found: 9" }, 404],
  [{ ok: false, error: "InvalidInput", detail: "bad" }, 400],
  [{ ok: false, error: "Unauthorized", detail: "Sign in to use this function." }, 401],
  [{ ok: false, error: "Forbidden", detail: "no" }, 403],
  [{ ok: false, error: "Conflict", detail: "The account has no password to change." }, 409],
  [{ ok: false, error: "RateLimited", detail: "Too many attempts. Try again later.", retryAfterSeconds: 60 }, 429],
  [{ ok: false, error: "DatabaseUnavailable", kind: "unreachable" }, 503],
  // The refusals of the account, order-tracking and returns forms.
  [{ ok: false, error: "rate_limited", retryAfterSeconds: 120 }, 429],
  [{ ok: false, error: "invalid", issues: [{ field: "email", code: "invalid_email" }] }, 400],
  [{ ok: false, error: "missing" }, 400],
  [{ ok: false, error: "unknown_intent" }, 400],
  [{ ok: false, error: "limit" }, 400],
  [{ ok: false, error: "wrong_password" }, 400],
  [{ ok: false, error: "no_password" }, 400],
  [{ ok: false, error: "invalid_token" }, 400],
  [{ ok: false, error: "invalid_credentials" }, 401],
  [{ ok: false, error: "expired" }, 403],
  [{ ok: false, error: "not_a_guest" }, 403],
  [{ ok: false, error: "card_unavailable" }, 403],
  [{ ok: false, error: "not_found" }, 404],
  [{ ok: false, error: "email_taken" }, 409],
  [{ ok: false, error: "email_registered" }, 409],
  [{ ok: false, error: "not_subscribed" }, 409],
  [{ ok: false, error: "staff_unauthenticated" }, 401],
  [{ ok: false, error: "staff_forbidden" }, 403],
  [{ ok: false, error: "wrong_code" }, 400],
  [{ ok: false, error: "last_owner" }, 409],
  [{ ok: false, error: "staff_inactive" }, 409],
];

/** Every message key of the storefront's English catalogue: a key the mapper names must exist there. */
function storefrontMessageKeys(): Set<string> {
  const dir = fileURLToPath(new URL("../../../apps/storefront/app/i18n/en/", import.meta.url));
  const keys = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => Object.keys(JSON.parse(readFileSync(`${dir}${name}`, "utf8")) as Record<string, string>));
  return new Set(keys);
}

describe("the error mapper", () => {
  it("gives every domain failure its status, code and a message key of the storefront", () => {
    const keys = storefrontMessageKeys();
    expect(keys.size).toBeGreaterThan(100);
    for (const [failure, status] of CASES) {
      const answer = failureAnswer(failure);
      expect(answer.status, failure.error).toBe(status);
      expect(answer.code).toBe(failure.error);
      expect(answer.detail.length, failure.error).toBeGreaterThan(0);
      expect(keys.has(answer.messageKey), `${failure.error}: ${answer.messageKey}`).toBe(true);
    }
  });

  it("keeps the specification's texts", () => {
    expect(failureAnswer({ ok: false, error: "OutOfStock", variantId: 7 })).toEqual({
      status: 412,
      detail: "Variant out of stock: 7",
      messageKey: "basket.error.variant_out_of_stock",
      code: "OutOfStock",
    });
    expect(failureAnswer({ ok: false, error: "InvalidUpdate", itemKey: "k1", reason: "x" }).detail).toBe(
      "Could not update item: k1",
    );
    expect(failureAnswer({ ok: false, error: "WishlistItemNotFound", itemKey: "w" }).detail).toBe(
      "Could not find wishlist item.",
    );
    expect(failureAnswer({ ok: false, error: "ItemNotFound", variantId: 5 }).detail).toBe(
      "Basket item not found for variant 5",
    );
  });

  it("tells checkout's stock failure from the basket's and names the page's key", () => {
    expect(failureAnswer({ ok: false, error: "OutOfStock", variantIds: [4] }).messageKey).toBe(
      "checkout.error.out_of_stock",
    );
    expect(
      failureAnswer({ ok: false, error: "PaymentDeclined", declineCode: "authentication_failed" }).messageKey,
    ).toBe("checkout.error.payment_authentication_failed");
  });

  it("names the order a CLI change is about", () => {
    expect(failureAnswer({ ok: false, error: "OrderNotFound" }, "12345678").detail).toBe("No order 12345678");
    expect(failureAnswer({ ok: false, error: "InvalidTransition", status: "delivered" }, "1").detail).toBe(
      "Order 1 is delivered: not possible now",
    );
  });

  it("says when to ask again, and the CLI exits 75 for what may pass", () => {
    const limited = failureAnswer({ ok: false, error: "RateLimited", detail: "slow down", retryAfterSeconds: 90 });
    expect(limited.retryAfterSeconds).toBe(90);
    const away = failureAnswer({ ok: false, error: "DatabaseUnavailable", kind: "refuses-writes" });
    expect(away).toMatchObject({ status: 503, retryAfterSeconds: 30 });
    expect(away.detail).toContain("cannot save changes");
    expect(failureExitCode(away)).toBe(75);
    expect(failureExitCode(limited)).toBe(75);
    expect(failureExitCode(failureAnswer({ ok: false, error: "OrderNotFound" }))).toBe(1);
  });
});
