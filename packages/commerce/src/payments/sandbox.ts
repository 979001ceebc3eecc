import type { Ctx } from "../context.ts";
import { getPayment, type Payment, transitionPayment } from "./payments.ts";

/**
 * The built-in sandbox provider behind card and PayPal payments: its hosted page takes test cards and a test
 * PayPal approval, so the whole flow (authorization, decline, 3-D Secure challenge) runs without an outside
 * service. A real provider replaces these functions and its page; checkout only sees the payment's status.
 */

/** Test cards (any future expiry date, any 3-digit CVC). */
export const SANDBOX_TEST_CARDS = {
  success: "4242 4242 4242 4242",
  successMastercard: "5555 5555 5555 4444",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  threeDSecure: "4000 0000 0000 3220",
} as const;

const digitsOf = (number: string) => number.replace(/[\s-]/g, "");
const BEHAVIOUR = new Map<string, { outcome: "authorize" | "decline" | "challenge"; declineCode?: string }>([
  [digitsOf(SANDBOX_TEST_CARDS.success), { outcome: "authorize" }],
  [digitsOf(SANDBOX_TEST_CARDS.successMastercard), { outcome: "authorize" }],
  [digitsOf(SANDBOX_TEST_CARDS.declined), { outcome: "decline", declineCode: "card_declined" }],
  [digitsOf(SANDBOX_TEST_CARDS.insufficientFunds), { outcome: "decline", declineCode: "insufficient_funds" }],
  [digitsOf(SANDBOX_TEST_CARDS.threeDSecure), { outcome: "challenge" }],
]);

export interface CardInput {
  number: string;
  /** `MM/YY`. */
  expiry: string;
  cvc: string;
  holder: string;
}

/** A field the provider's page marks: `required`, `invalid_card_number`, `expired`, `invalid_expiry`, `invalid_cvc`. */
export interface CardIssue {
  field: keyof CardInput;
  code: string;
}

export type SandboxResult =
  | { ok: true; payment: Payment }
  | { ok: false; error: "invalid"; issues: CardIssue[] }
  | { ok: false; error: "PaymentNotFound" }
  /** The payment is past this step (already authorized, declined or used): the page shows its state. */
  | { ok: false; error: "WrongState"; payment: Payment };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "card";
}

export function validateCard(input: CardInput, now: Date): CardIssue[] {
  const issues: CardIssue[] = [];
  const digits = digitsOf(input.number ?? "");
  if (digits === "") issues.push({ field: "number", code: "required" });
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    issues.push({ field: "number", code: "invalid_card_number" });
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry ?? "");
  if (!input.expiry?.trim()) issues.push({ field: "expiry", code: "required" });
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
    issues.push({ field: "expiry", code: "invalid_expiry" });
  else {
    const year = Number(expiry[2]) + ((expiry[2] as string).length === 2 ? 2000 : 0);
    const month = Number(expiry[1]);
    // A card is valid until the end of its expiry month.
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      issues.push({ field: "expiry", code: "expired" });
    }
  }
  if (!input.cvc?.trim()) issues.push({ field: "cvc", code: "required" });
  else if (!/^\d{3,4}$/.test(input.cvc.trim())) issues.push({ field: "cvc", code: "invalid_cvc" });
  if (!input.holder?.trim()) issues.push({ field: "holder", code: "required" });
  return issues;
}

async function reload(ctx: Pick<Ctx, "db">, id: string): Promise<Payment> {
  return (await getPayment(ctx, id)) as Payment;
}

async function stateError(ctx: Pick<Ctx, "db">, id: string): Promise<SandboxResult> {
  const payment = await getPayment(ctx, id);
  return payment ? { ok: false, error: "WrongState", payment } : { ok: false, error: "PaymentNotFound" };
}

/**
 * The card form of the hosted page: a test card authorizes, declines, or asks for the 3-D Secure challenge;
 * any other valid number is declined as the sandbox does not know it.
 */
export async function sandboxPayWithCard(
  ctx: Pick<Ctx, "db">,
  paymentId: string,
  input: CardInput,
  now: Date,
): Promise<SandboxResult> {
  const payment = await getPayment(ctx, paymentId);
  // A payment at a real provider is never decided by the sandbox's page.
  if (payment?.method !== "credit_card" || payment.provider !== "sandbox")
    return { ok: false, error: "PaymentNotFound" };
  if (payment.status !== "pending") return { ok: false, error: "WrongState", payment };
  const issues = validateCard(input, now);
  if (issues.length > 0) return { ok: false, error: "invalid", issues };
  const digits = digitsOf(input.number);
  const card = { card_brand: cardBrand(digits), card_last4: digits.slice(-4) };
  const behaviour = BEHAVIOUR.get(digits) ?? { outcome: "decline", declineCode: "card_not_supported" };
  const moved =
    behaviour.outcome === "authorize"
      ? await transitionPayment(ctx, paymentId, ["pending"], "authorized", now, card)
      : behaviour.outcome === "challenge"
        ? await transitionPayment(ctx, paymentId, ["pending"], "requires_action", now, card)
        : await transitionPayment(ctx, paymentId, ["pending"], "declined", now, {
            ...card,
            decline_code: behaviour.declineCode ?? "card_declined",
          });
  return moved ? { ok: true, payment: await reload(ctx, paymentId) } : stateError(ctx, paymentId);
}

/** The 3-D Secure challenge: the bank's page confirms (authorized) or fails (declined). */
export async function sandboxCompleteChallenge(
  ctx: Pick<Ctx, "db">,
  paymentId: string,
  passed: boolean,
  now: Date,
): Promise<SandboxResult> {
  if ((await getPayment(ctx, paymentId))?.provider !== "sandbox") return { ok: false, error: "PaymentNotFound" };
  const moved = passed
    ? await transitionPayment(ctx, paymentId, ["requires_action"], "authorized", now)
    : await transitionPayment(ctx, paymentId, ["requires_action"], "declined", now, {
        decline_code: "authentication_failed",
      });
  return moved ? { ok: true, payment: await reload(ctx, paymentId) } : stateError(ctx, paymentId);
}

/** The PayPal sandbox: the buyer approves (authorized) or cancels. */
export async function sandboxPayPal(
  ctx: Pick<Ctx, "db">,
  paymentId: string,
  approve: boolean,
  now: Date,
): Promise<SandboxResult> {
  const payment = await getPayment(ctx, paymentId);
  if (payment?.method !== "paypal" || payment.provider !== "sandbox") return { ok: false, error: "PaymentNotFound" };
  const moved = approve
    ? await transitionPayment(ctx, paymentId, ["pending"], "authorized", now, { card_brand: "paypal" })
    : await transitionPayment(ctx, paymentId, ["pending"], "cancelled", now);
  return moved ? { ok: true, payment: await reload(ctx, paymentId) } : stateError(ctx, paymentId);
}

/** "Cancel and return to the shop" on the hosted page. */
export async function sandboxCancel(ctx: Pick<Ctx, "db">, paymentId: string, now: Date): Promise<SandboxResult> {
  if ((await getPayment(ctx, paymentId))?.provider !== "sandbox") return { ok: false, error: "PaymentNotFound" };
  const moved = await transitionPayment(ctx, paymentId, ["pending", "requires_action"], "cancelled", now);
  return moved ? { ok: true, payment: await reload(ctx, paymentId) } : stateError(ctx, paymentId);
}
