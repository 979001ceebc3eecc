import { randomUUID } from "node:crypto";
import {
  applyCheckoutGiftCard,
  CHECKOUT_STEPS,
  type CheckoutAddress,
  type CheckoutFailure,
  type CheckoutStep,
  clientAddress,
  completeCheckoutPayment,
  failureAnswer,
  formatGiftCardCode,
  GIFT_CARD_RATE_LIMIT,
  getCheckout,
  getPayment,
  hitRateLimits,
  maskGiftCardCode,
  removeCheckoutGiftCard,
  saveCheckoutAddresses,
  saveCheckoutContact,
  saveCheckoutDelivery,
  saveCheckoutPayment,
  submitOrder,
} from "@vitrine/commerce";
import type { RouterContextProvider } from "react-router";
import { data, redirect, redirectDocument } from "react-router";
import type { CheckoutActionData, CheckoutPageData } from "../components/checkout/types.ts";
import { formText } from "./account-forms.ts";
import { guardCheckout } from "./auth.server.ts";
import { afterOrderPlaced, checkoutContext, checkoutShopper } from "./orders.server.ts";
import { rateLimitedFor, refused, waitMinutes } from "./refusal.server.ts";
import { storeRequest } from "./shop.server.ts";
import { localizedPath } from "./store.ts";

/**
 * The checkout's loader and action, shared by `/checkout/` (shop layout) and `/app-checkout/` (clean layout).
 * Every step is a plain form posted here (it works without JavaScript); the page is rendered from the server's
 * view of the checkout, so totals are recomputed at every step.
 */

export type CheckoutPath = "/checkout/" | "/app-checkout/";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const ADDRESS_FIELDS = ["firstName", "lastName", "street", "addressLine2", "zipCode", "city", "countryCode"] as const;

function isStep(value: string | null): value is CheckoutStep | "review" {
  return value === "review" || (CHECKOUT_STEPS as readonly string[]).includes(value ?? "");
}

export async function checkoutLoader({ request, context }: Args, path: CheckoutPath): Promise<CheckoutPageData> {
  const store = storeRequest(context);
  await guardCheckout(store, request);
  const url = new URL(request.url);
  const base = localizedPath(store.shop, path);
  const { shopper } = await checkoutShopper(store, request);
  const ctx = checkoutContext(store, request);

  // Back from the hosted payment page.
  const paymentId = url.searchParams.get("payment");
  let paymentError: string | null = null;
  if (paymentId) {
    const outcome = await completeCheckoutPayment(ctx, shopper, paymentId);
    if (outcome.ok && outcome.kind === "placed") {
      await afterOrderPlaced(store, outcome.order, outcome.replayed);
      throw redirect(`${localizedPath(store.shop, "/success/")}?order=${outcome.order.number}`);
    }
    if (outcome.ok) throw toPaymentPage(store.shop.code, outcome.payment, path);
    if (outcome.error === "PaymentPending") {
      const pending = await getPayment(ctx, outcome.paymentId);
      if (pending) throw toPaymentPage(store.shop.code, pending, path);
    }
    paymentError = failureCode(outcome);
  }

  const view = await getCheckout(ctx, shopper);
  if (view.basket.isEmpty) throw redirect(localizedPath(store.shop, "/cart/"));
  const requested = url.searchParams.get("step");
  const reachable = (step: CheckoutStep | "review") =>
    step === view.nextStep || (step !== "review" && view.complete[step]);
  const active = isStep(requested) && reachable(requested) ? requested : view.nextStep;
  const shippable = new Set<string>(view.shippingCountries);
  return {
    base,
    path,
    active,
    complete: view.complete,
    signedIn: view.customer ? { email: view.customer.email, firstName: view.customer.firstName } : null,
    loginPath: `${localizedPath(store.shop, "/login/")}?redirectUrl=${encodeURIComponent(base)}`,
    contact: { email: view.email, phone: view.phone },
    shippingCountries: [...view.shippingCountries],
    billingCountries: [...view.billingCountries],
    shippingAddress: view.shippingAddress,
    billingAddress: view.billingAddress,
    billingSameAsShipping: view.billingSameAsShipping,
    savedAddresses: view.savedAddresses
      .filter((a) => shippable.has(a.countryCode))
      .map((a) => ({
        id: a.id,
        isDefault: a.isDefault,
        address: { ...a, countryCode: a.countryCode as CheckoutAddress["countryCode"] },
      })),
    saveShippingAddress: view.saveShippingAddress,
    canSaveAddress: view.canSaveAddress,
    deliveryMethod: view.deliveryMethod,
    paymentMethod: view.paymentMethod,
    paymentOptions: view.paymentOptions,
    giftCard: view.giftCard
      ? {
          maskedCode: maskGiftCardCode(view.giftCard.code),
          balance: view.giftCard.balance,
          amount: view.giftCard.amount,
        }
      : null,
    giftCardProblem: view.giftCardProblem,
    quote: view.quote,
    basketCount: view.basket.count,
    idempotencyKey: randomUUID(),
    paymentError,
  };
}

/**
 * To the payment page: the built-in sandbox's, or the real provider's step (Stripe's Payment Element, PayPal). The
 * provider's step is a whole document load, never a client-side navigation: its Content-Security-Policy, the only
 * one that lets Stripe.js and its frames in, holds for a document only (a navigation keeps the checkout's policy).
 */
function toPaymentPage(storeCode: string, payment: { id: string; provider: string }, path: CheckoutPath): Response {
  const from = path === "/app-checkout/" ? "?from=app" : "";
  if (payment.provider === "sandbox") return redirect(`/${storeCode}/payment/sandbox/${payment.id}/${from}`);
  return redirectDocument(`/${storeCode}/payment/provider/${payment.id}/${from}`);
}

/** The message key suffix of a placement failure (`checkout.error.{code}`): the page builds the key from it. */
function failureCode(failure: CheckoutFailure): string {
  return failureAnswer(failure).messageKey.slice(CHECKOUT_ERROR_KEY.length);
}

const CHECKOUT_ERROR_KEY = "checkout.error.";

function addressInput(form: FormData, prefix: "shipping" | "billing") {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, formText(form, `${prefix}.${f}`)]));
}

function savedAddressId(form: FormData, name: string): number | null {
  const value = formText(form, name);
  return /^\d+$/.test(value) ? Number(value) : null;
}

export async function checkoutAction({ request, context }: Args, path: CheckoutPath) {
  const store = storeRequest(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { shopper } = await checkoutShopper(store, request);
  await guardCheckout(store, request);
  const base = localizedPath(store.shop, path);
  const ctx = checkoutContext(store, request);
  const fail = (body: CheckoutActionData, status = 400) => data(body, { status });
  const next = () => redirect(base);

  switch (intent) {
    case "contact": {
      const values = { email: formText(form, "email"), phone: formText(form, "phone") };
      const result = await saveCheckoutContact(ctx, shopper, values);
      return result.ok ? next() : fail({ intent, issues: result.issues, values });
    }
    case "address": {
      const values = Object.fromEntries(
        [...form.entries()].filter(([k, v]) => typeof v === "string" && /^(shipping|billing|saveAddress)/.test(k)),
      ) as Record<string, string>;
      const result = await saveCheckoutAddresses(ctx, shopper, {
        shippingAddressId: savedAddressId(form, "shippingAddressId"),
        shipping: addressInput(form, "shipping"),
        billingSameAsShipping: form.get("billingSame") === "on",
        billing: addressInput(form, "billing"),
        saveAddress: form.get("saveAddress") === "on",
      });
      return result.ok ? next() : fail({ intent, issues: result.issues, values });
    }
    case "delivery": {
      const result = await saveCheckoutDelivery(ctx, shopper, formText(form, "deliveryMethod"));
      return result.ok ? next() : fail({ intent, issues: result.issues });
    }
    case "payment": {
      const result = await saveCheckoutPayment(ctx, shopper, formText(form, "paymentMethod"));
      return result.ok ? next() : fail({ intent, issues: result.issues });
    }
    case "gift-card": {
      const code = formText(form, "giftCardCode").slice(0, 64);
      const shopperKey = shopper.kind === "customer" ? shopper.customerId : shopper.browserId;
      const verdict = await hitRateLimits(store.services, [
        { rule: GIFT_CARD_RATE_LIMIT, subject: { scope: "ip", value: clientAddress(request, store.services.config) } },
        { rule: GIFT_CARD_RATE_LIMIT, subject: { scope: "shopper", value: shopperKey } },
      ]);
      if (!verdict.allowed) {
        return refused<CheckoutActionData>(
          { intent, error: "rate_limited", errorValues: { minutes: waitMinutes(verdict.retryAfterSeconds) } },
          rateLimitedFor(verdict.retryAfterSeconds),
        );
      }
      const result = await applyCheckoutGiftCard(ctx, shopper, code);
      if (!result.ok) {
        return fail({ intent, error: result.error, values: { giftCardCode: formatGiftCardCode(code.toUpperCase()) } });
      }
      return redirect(`${base}?step=payment`);
    }
    case "remove-gift-card": {
      await removeCheckoutGiftCard(ctx, shopper);
      return redirect(`${base}?step=payment`);
    }
    case "place": {
      // What the review showed; a field the form did not send checks nothing.
      const reviewed = (name: string) => {
        const value = formText(form, name);
        return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
      };
      const expectedTotal = reviewed("expectedTotal");
      const expectedAmountDue = reviewed("expectedAmountDue");
      const outcome = await submitOrder(ctx, shopper, {
        idempotencyKey: formText(form, "idempotencyKey"),
        ...(expectedTotal === undefined ? {} : { expectedTotal }),
        ...(expectedAmountDue === undefined ? {} : { expectedAmountDue }),
      });
      if (outcome.ok && outcome.kind === "placed") {
        await afterOrderPlaced(store, outcome.order, outcome.replayed);
        return redirect(`${localizedPath(store.shop, "/success/")}?order=${outcome.order.number}`);
      }
      if (outcome.ok) return toPaymentPage(store.shop.code, outcome.payment, path);
      if (outcome.error === "EmptyBasket") return redirect(localizedPath(store.shop, "/cart/"));
      if (outcome.error === "Incomplete") return redirect(`${base}?step=${outcome.step}`);
      if (outcome.error === "PaymentPending") {
        const pending = await getPayment(ctx, outcome.paymentId);
        if (pending) return toPaymentPage(store.shop.code, pending, path);
      }
      const view = outcome.error === "OutOfStock" ? await getCheckout(ctx, shopper) : null;
      const soldOut = view
        ? view.quote.lines
            .filter((l) => outcome.error === "OutOfStock" && outcome.variantIds.includes(l.variantId))
            .map((l) => ({ name: l.name, size: l.sizeLabel }))
        : undefined;
      const answer = failureAnswer(outcome);
      return fail({ intent, error: failureCode(outcome), ...(soldOut ? { outOfStock: soldOut } : {}) }, answer.status);
    }
    default:
      return fail({ intent, error: "invalid_request" });
  }
}
