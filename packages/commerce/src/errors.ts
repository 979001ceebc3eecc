import type { BasketFailure } from "./basket/service.ts";
import type { CheckoutFailure } from "./checkout/service.ts";
import type { DatabaseTrouble } from "./db/availability.ts";
import type { ReturnChangeResult } from "./orders/returns.ts";
import type { OrderChangeFailure } from "./orders/status.ts";
import { WISHLIST_ITEM_NOT_FOUND, type WishlistFailure } from "./wishlist/service.ts";

/**
 * The one mapping of domain failures to what a caller answers (specification section 8): an HTTP status, the
 * specification's detail text, the message key a page shows, and a stable code. RPC methods, form actions,
 * loaders and the CLI all answer through `failureAnswer`.
 */

/** Failures any module may return where it has no more specific one. */
export type CommonFailure =
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "InvalidInput"; detail: string }
  /** No signed-in customer where one is needed. */
  | { ok: false; error: "Unauthorized"; detail: string }
  /** Signed in, but not allowed (a guest customer without an account, a refused registration). */
  | { ok: false; error: "Forbidden"; detail: string }
  | { ok: false; error: "Conflict"; detail: string }
  | { ok: false; error: "RateLimited"; detail: string; retryAfterSeconds: number }
  /** The database cannot be reached or takes no writes (`databaseTrouble`): try again later. */
  | { ok: false; error: "DatabaseUnavailable"; kind: DatabaseTrouble["kind"] };

export type { OrderChangeFailure };
export type ReturnChangeFailure = Exclude<ReturnChangeResult, { ok: true }>;

/**
 * Why a form of the account, order-tracking or returns pages was refused: the page shows the code as its
 * message (`account.error.{code}`, or field issues for `invalid`). Account services return these as they are.
 */
export type FormRefusal =
  | { ok: false; error: "rate_limited"; retryAfterSeconds: number }
  | { ok: false; error: "invalid"; issues: readonly { field: string; code: string }[] }
  | { ok: false; error: FormRefusalCode };

/** Status, detail and the storefront message a page shows for each refusal code. */
const FORM_REFUSALS = {
  missing: [400, "A required field is empty.", "orders.tracking.error.missing"],
  unknown_intent: [400, "The form asked for something this page does not do.", "account.error.unknown_intent"],
  limit: [400, "The limit is reached.", "account.error.address_limit"],
  wrong_password: [400, "The current password is wrong.", "account.error.wrong_password"],
  no_password: [400, "The account has no password yet.", "account.error.no_password"],
  invalid_token: [400, "The link is not valid (any more).", "account.reset.invalid_link"],
  invalid_credentials: [401, "E-mail address or password is wrong.", "account.error.invalid_credentials"],
  expired: [403, "The link has expired.", "returns.error.expired"],
  not_a_guest: [403, "Only a guest customer can do this.", "account.error.unknown_intent"],
  card_unavailable: [403, "The fashion card cannot be issued for this account.", "account.error.card_unavailable"],
  not_found: [404, "Not found.", "orders.tracking.error.not_found"],
  email_taken: [409, "An account uses this e-mail address.", "account.error.email_taken"],
  email_registered: [409, "An account uses this e-mail address: sign in.", "checkout.error.email_registered"],
  not_subscribed: [409, "There is no subscription to cancel.", "account.error.not_subscribed"],
  // The back office (staff/): its pages word these themselves (admin messages, keyed by the code).
  staff_unauthenticated: [401, "Sign in to the back office first.", "error.request_not_processed"],
  staff_forbidden: [403, "Your role in the back office does not allow this.", "error.request_not_processed"],
  wrong_code: [400, "The two-factor code is wrong or was used already.", "error.request_not_processed"],
  last_owner: [409, "The shop keeps at least one active owner.", "error.request_not_processed"],
  staff_inactive: [409, "This staff member is deactivated.", "error.request_not_processed"],
} as const satisfies Record<string, readonly [number, string, string]>;

export type FormRefusalCode = keyof typeof FORM_REFUSALS;

export type DomainFailure =
  | BasketFailure
  | WishlistFailure
  | CheckoutFailure
  | OrderChangeFailure
  | ReturnChangeFailure
  | CommonFailure
  | FormRefusal;

export interface FailureAnswer {
  status: number;
  detail: string;
  messageKey: string;
  code: DomainFailure["error"];
  /** For 429 and 503: when to ask again (the `Retry-After` header). */
  retryAfterSeconds?: number;
}

/** How soon to ask again while the database is away: a restart of PostgreSQL takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

const REQUEST_NOT_PROCESSED = "error.request_not_processed";

/** Placement failures: the order was not placed as reviewed, the checkout page shows why. */
function checkoutAnswer(failure: CheckoutFailure, code: string, detail: string): FailureAnswer {
  return {
    status: failure.error === "InvalidRequest" ? 400 : 409,
    detail,
    messageKey: `checkout.error.${code}`,
    code: failure.error,
  };
}

/**
 * `subject` names what the failure is about where the failure itself does not (an order number for the CLI's
 * order changes).
 */
export function failureAnswer(failure: DomainFailure, subject = ""): FailureAnswer {
  const code = failure.error;
  switch (failure.error) {
    case "OutOfStock":
      if ("variantIds" in failure) {
        return checkoutAnswer(failure, "out_of_stock", `Out of stock: variants ${failure.variantIds.join(", ")}`);
      }
      return {
        status: 412,
        detail: `Variant out of stock: ${failure.variantId}`,
        messageKey: "basket.error.variant_out_of_stock",
        code,
      };
    case "MaxBasketItems":
      return {
        status: 413,
        detail: `The basket is full: at most ${failure.limit} items, each at most the per-item maximum.`,
        messageKey: "basket.error.max_basket_items",
        code,
      };
    case "VariantNotFound":
      return {
        status: 404,
        detail: `Variant not found: ${failure.variantId}`,
        messageKey: "basket.error.add_generic",
        code,
      };
    case "ItemNotFound":
      return {
        status: 404,
        detail:
          failure.variantId !== undefined
            ? `Basket item not found for variant ${failure.variantId}`
            : `Basket item not found: ${failure.itemKey ?? ""}`,
        messageKey: "basket.error.item_not_found",
        code,
      };
    case "InvalidUpdate":
      return {
        status: 400,
        detail: `Could not update item: ${failure.itemKey}`,
        messageKey: "basket.error.update",
        code,
      };
    case "WishlistItemNotFound":
      return { status: 404, detail: WISHLIST_ITEM_NOT_FOUND, messageKey: "wishlist.error.not_found", code };
    case "ProductNotFound":
      return {
        status: 404,
        detail: `Product not found: ${failure.productId}`,
        messageKey: "wishlist.error.generic",
        code,
      };
    case "MaxWishlistItems":
      return {
        status: 413,
        detail: `The wishlist holds at most ${failure.limit} items.`,
        messageKey: "wishlist.error.full",
        code,
      };
    case "InvalidRequest":
      return checkoutAnswer(failure, "invalid_request", "The order request is not valid.");
    case "EmptyBasket":
      return checkoutAnswer(failure, "empty_basket", "The basket is empty.");
    case "Incomplete":
      return checkoutAnswer(failure, "incomplete", `The checkout step ${failure.step} is not complete.`);
    case "TotalChanged":
      return checkoutAnswer(failure, "total_changed", `The total changed to ${failure.total}: review the order again.`);
    case "BasketChanged":
      return checkoutAnswer(failure, "basket_changed", "The basket changed while the order was being placed.");
    case "EmailRegistered":
      return checkoutAnswer(failure, "email_registered", "An account uses this e-mail address: sign in to order.");
    case "GiftCardInsufficient":
      return checkoutAnswer(failure, "gift_card_insufficient", "The gift card no longer covers its amount.");
    case "PaymentNotFound":
      return checkoutAnswer(failure, "payment_not_found", "The payment was not found.");
    case "PaymentPending":
      return checkoutAnswer(failure, "payment_pending", `The payment ${failure.paymentId} is not finished yet.`);
    case "PaymentDeclined":
      return checkoutAnswer(
        failure,
        failure.declineCode === "authentication_failed" ? "payment_authentication_failed" : "payment_declined",
        `The payment was declined (${failure.declineCode}).`,
      );
    case "PaymentCancelled":
      return checkoutAnswer(failure, "payment_cancelled", "The payment was cancelled.");
    case "OrderNotFound":
      return { status: 404, detail: `No order ${subject}`.trimEnd(), messageKey: "error.page_not_found", code };
    case "InvalidTransition":
      return {
        status: 409,
        detail: `Order ${subject} is ${failure.status}: not possible now`,
        messageKey: REQUEST_NOT_PROCESSED,
        code,
      };
    case "AwaitingPayment":
      return {
        status: 409,
        detail: `Order ${subject} is paid in advance and the payment has not arrived`,
        messageKey: REQUEST_NOT_PROCESSED,
        code,
      };
    case "InvalidPackage":
      return { status: 400, detail: `Package refused: ${failure.reason}`, messageKey: REQUEST_NOT_PROCESSED, code };
    case "RefundExceedsPaid":
      return {
        status: 409,
        detail: `Refund refused: at most ${failure.refundable} cents of order ${subject} are left to refund`.replace(
          "order  are",
          "the order are",
        ),
        messageKey: REQUEST_NOT_PROCESSED,
        code,
      };
    case "ReturnNotFound":
      return { status: 404, detail: `No return ${subject}`.trimEnd(), messageKey: "error.page_not_found", code };
    case "AlreadyReceived":
      return { status: 409, detail: `Return ${subject} was received before`, messageKey: REQUEST_NOT_PROCESSED, code };
    case "InvalidReturnTransition":
      return {
        status: 409,
        detail: `Return ${subject} is ${failure.status}: not possible now`,
        messageKey: REQUEST_NOT_PROCESSED,
        code,
      };
    case "PaymentProviderFailed":
      return {
        status: 502,
        detail: `The payment provider did not carry this out (${failure.detail}); nothing was changed. Try again.`,
        messageKey: REQUEST_NOT_PROCESSED,
        code,
      };
    case "NotFound":
      return { status: 404, detail: failure.detail, messageKey: "error.page_not_found", code };
    case "InvalidInput":
      return { status: 400, detail: failure.detail, messageKey: REQUEST_NOT_PROCESSED, code };
    case "Unauthorized":
      return { status: 401, detail: failure.detail, messageKey: REQUEST_NOT_PROCESSED, code };
    case "Forbidden":
      return { status: 403, detail: failure.detail, messageKey: REQUEST_NOT_PROCESSED, code };
    case "Conflict":
      return { status: 409, detail: failure.detail, messageKey: REQUEST_NOT_PROCESSED, code };
    case "RateLimited":
      return {
        status: 429,
        detail: failure.detail,
        messageKey: REQUEST_NOT_PROCESSED,
        code,
        retryAfterSeconds: failure.retryAfterSeconds,
      };
    case "rate_limited":
      return {
        status: 429,
        detail: `Too many attempts: try again in ${failure.retryAfterSeconds} s.`,
        messageKey: "account.error.rate_limited",
        code,
        retryAfterSeconds: failure.retryAfterSeconds,
      };
    case "invalid":
      return {
        status: 400,
        detail: `Check these fields: ${failure.issues.map((i) => i.field).join(", ")}`,
        messageKey: "account.error.invalid",
        code,
      };
    case "DatabaseUnavailable":
      return {
        status: 503,
        detail:
          failure.kind === "unreachable"
            ? "The shop's database cannot be reached at the moment. Please try again in a minute."
            : "The shop's database cannot save changes at the moment. Please try again later.",
        messageKey: REQUEST_NOT_PROCESSED,
        code,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      };
    default: {
      const [status, detail, messageKey] = FORM_REFUSALS[failure.error];
      return { status, detail, messageKey, code };
    }
  }
}

/** The CLI's exit code for a failure: 1 for what the operator asked (4xx), 75 (EX_TEMPFAIL) to try again later. */
export function failureExitCode(answer: Pick<FailureAnswer, "status">): number {
  return answer.status === 429 || answer.status >= 500 ? 75 : 1;
}
