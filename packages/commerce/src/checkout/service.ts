import { getBasket, lockBasketForOrder, ownerOf } from "../basket/service.ts";
import type { Basket, Shopper } from "../basket/types.ts";
import { takeStock } from "../catalog/stock.ts";
import type { ShopCtx } from "../context.ts";
import { type Address, addAddress, getAddress, listAddresses, MAX_ADDRESSES } from "../customers/addresses.ts";
import type { AccountAuth } from "../customers/auth.ts";
import { type Customer, createGuestCustomer, loadCustomer, markCustomerOrdered } from "../customers/customers.ts";
import { creditLoyaltyPoints, loyaltyPointsFor } from "../customers/loyalty.ts";
import { ADDRESS_COUNTRIES } from "../customers/validation.ts";
import { confirmationMail } from "../orders/mails.ts";
import {
  getOrderById,
  getOrderByIdempotencyKey,
  type OrderDetails,
  orderIdByIdempotencyKey,
} from "../orders/orders.ts";
import { enqueueMail } from "../orders/outbox.ts";
import { insertOrder } from "../orders/place.ts";
import { findGiftCard, spendGiftCard } from "../payments/gift-cards.ts";
import {
  availablePaymentMethods,
  isPaymentMethodId,
  PAYMENT_PROVIDERS,
  type PaymentMethodId,
  paymentSettings,
  transferTerms,
} from "../payments/methods.ts";
import { ProviderError, syncPayment, voidPayment } from "../payments/money.ts";
import {
  attachPayment,
  createHostedPayment,
  getPayment,
  type HostedMethod,
  type Payment,
} from "../payments/payments.ts";
import { shippingCountriesOf } from "../settings/shipping-countries.ts";
import { narrowPaymentSettings, shippingRatesOf, shopSettings } from "../settings/shop-settings.ts";
import { type DeliveryMethodId, deliveryMethodsFor } from "../shop/delivery.ts";
import type { ShippingCountry } from "../shop/shipping-countries.ts";
import {
  type CheckoutAddress,
  type CheckoutIssue,
  deleteDraft,
  parseCheckoutAddress,
  parseContact,
  readDraft,
  writeDraft,
} from "./draft.ts";
import { type CheckoutQuote, type QuoteGiftCard, quoteCheckout } from "./quote.ts";

/**
 * Checkout: the steps (contact, addresses, delivery, payment) saved on the server, the view with totals recomputed
 * from the basket at every step, and order placement. Placing an order is one transaction: the basket is locked,
 * stock is taken, the gift card spent, a hosted payment captured, the order and its lines written, the basket
 * emptied, the customer's first order noted and the confirmation mail queued. It is idempotent per checkout
 * attempt (the idempotency key the review form carries), and any failure leaves no order and the basket as it was.
 */

export interface CheckoutContext extends ShopCtx {
  /** Guest checkouts create guest customers (accounts module). */
  auth: AccountAuth;
}

export const CHECKOUT_STEPS = ["contact", "address", "delivery", "payment"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface PaymentOption {
  id: PaymentMethodId;
  hosted: boolean;
  fee: number;
}

export interface CheckoutView {
  basket: Basket;
  /** The signed-in customer (null for a guest). */
  customer: Customer | null;
  email: string | null;
  phone: string | null;
  shippingCountries: readonly ShippingCountry[];
  /** Countries a billing address may be in. */
  billingCountries: readonly string[];
  shippingCountry: ShippingCountry;
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  billingSameAsShipping: boolean;
  savedAddresses: Address[];
  /**
   * A signed-in customer's shipping address goes into the address book when the order is placed (the checkout
   * offers it, ticked by default); an address already in the book is never added twice.
   */
  saveShippingAddress: boolean;
  /** A signed-in customer whose address book has room: the checkout offers to save a new address. */
  canSaveAddress: boolean;
  deliveryMethod: DeliveryMethodId;
  paymentMethod: PaymentMethodId | null;
  paymentOptions: PaymentOption[];
  giftCard: QuoteGiftCard | null;
  /** A gift card entered earlier that no longer pays (used up, expired). */
  giftCardProblem: GiftCardError | null;
  quote: CheckoutQuote;
  complete: Record<CheckoutStep, boolean>;
  /** The first step still to do, or the review. */
  nextStep: CheckoutStep | "review";
}

export type GiftCardError = "GiftCardNotFound" | "GiftCardExpired" | "GiftCardEmpty" | "GiftCardWrongCurrency";

const ADDRESS_KEYS = ["firstName", "lastName", "street", "zipCode", "city", "countryCode"] as const;

/** Two addresses are one when every field a label shows is the same (letter case and spaces aside). */
function sameAddress(a: CheckoutAddress, b: CheckoutAddress): boolean {
  const norm = (value: string) => value.trim().replace(/\s+/g, " ").toLocaleLowerCase();
  return ADDRESS_KEYS.every((key) => norm(a[key]) === norm(b[key]));
}

function toCheckoutAddress(address: Address): CheckoutAddress {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    street: address.street,
    addressLine2: address.addressLine2,
    zipCode: address.zipCode,
    city: address.city,
    countryCode: address.countryCode as CheckoutAddress["countryCode"],
  };
}

export async function getCheckout(ctx: CheckoutContext, shopper: Shopper): Promise<CheckoutView> {
  const now = ctx.clock.now();
  const [basket, draft, customer] = await Promise.all([
    getBasket(ctx, shopper),
    readDraft(ctx, ctx.shop.code, shopper),
    shopper.kind === "customer" ? loadCustomer(ctx, shopper.customerId) : Promise.resolve(null),
  ]);
  const savedAddresses = customer ? await listAddresses(ctx, customer.id) : [];
  const [shippingCountries, settings] = await Promise.all([shippingCountriesOf(ctx, ctx.shop), shopSettings(ctx)]);
  const shippingRates = shippingRatesOf(settings, ctx.shop.code);
  const shippable = (a: { countryCode: string } | null | undefined) =>
    !!a && (shippingCountries as readonly string[]).includes(a.countryCode);

  // A returning customer starts with the default address (if the store delivers there).
  const defaultAddress = savedAddresses.find((a) => a.isDefault && shippable(a));
  const shippingAddress = shippable(draft.shippingAddress)
    ? (draft.shippingAddress as CheckoutAddress)
    : defaultAddress
      ? toCheckoutAddress(defaultAddress)
      : null;
  const shippingCountry: ShippingCountry = shippingAddress?.countryCode ?? shippingCountries[0] ?? ctx.shop.country;
  // Until the shopper chooses, totals and the form assume standard delivery.
  const chosenDelivery = deliveryMethodsFor(shippingCountry, ctx.shop.currency, shippingRates).find(
    (m) => m.id === draft.deliveryMethod,
  )?.id;
  const deliveryMethod = chosenDelivery ?? "standard";

  let giftCard: { code: string; balance: number } | null = null;
  let giftCardProblem: GiftCardError | null = null;
  if (draft.giftCardCode) {
    const found = await findGiftCard(ctx, draft.giftCardCode, ctx.shop.currency, now);
    if (found.ok) giftCard = { code: found.card.code, balance: found.card.balance };
    else giftCardProblem = found.error;
  }
  const providers = availablePaymentMethods({
    shop: ctx.shop,
    shippingCountry,
    settings: narrowPaymentSettings(paymentSettings(ctx.config), settings),
  });
  const paymentOptions = providers.map((p) => ({
    id: p.id,
    hosted: p.hosted,
    fee: p.fee({ shop: ctx.shop, shippingCountry }),
  }));
  const paymentMethod = paymentOptions.find((o) => o.id === draft.paymentMethod)?.id ?? null;
  const quote = quoteCheckout({
    basket,
    shop: ctx.shop,
    shippingCountry,
    deliveryMethod,
    paymentMethod,
    giftCard,
    today: now,
    shippingRates,
  });
  const canSaveAddress = customer !== null && savedAddresses.length < MAX_ADDRESSES;
  const complete: Record<CheckoutStep, boolean> = {
    contact: customer !== null || !!draft.email,
    address: shippingAddress !== null,
    delivery: chosenDelivery !== undefined,
    payment: quote.amountDue === 0 || paymentMethod !== null,
  };
  return {
    basket,
    customer,
    email: customer?.email ?? draft.email ?? null,
    phone: customer ? customer.phone : (draft.phone ?? null),
    shippingCountries,
    billingCountries: ADDRESS_COUNTRIES,
    shippingCountry,
    shippingAddress,
    billingAddress: draft.billingAddress ?? null,
    billingSameAsShipping: !draft.billingAddress,
    savedAddresses,
    saveShippingAddress:
      canSaveAddress &&
      shippingAddress !== null &&
      draft.saveShippingAddress !== false &&
      !savedAddresses.some((a) => sameAddress(toCheckoutAddress(a), shippingAddress)),
    canSaveAddress,
    deliveryMethod,
    paymentMethod,
    paymentOptions,
    giftCard: quote.giftCard,
    giftCardProblem,
    quote,
    complete,
    nextStep: CHECKOUT_STEPS.find((step) => !complete[step]) ?? "review",
  };
}

export type StepResult = { ok: true } | { ok: false; issues: CheckoutIssue[] };

const issue = (field: string, code: string, message: string): CheckoutIssue => ({ field, code, message });

/** Contact of a guest: e-mail (and an optional phone number). A signed-in customer's comes from the account. */
export async function saveCheckoutContact(
  ctx: CheckoutContext,
  shopper: Shopper,
  input: { email?: unknown; phone?: unknown },
): Promise<StepResult> {
  if (shopper.kind === "customer") return { ok: true };
  const parsed = parseContact(input);
  if (!parsed.ok) return parsed;
  await writeDraft(ctx, ctx.shop.code, shopper, parsed.value, ctx.clock.now());
  return { ok: true };
}

export interface AddressStepInput {
  /** A saved address of the signed-in customer, or the fields of a new one. */
  shippingAddressId?: number | null;
  shipping?: unknown;
  billingSameAsShipping: boolean;
  billingAddressId?: number | null;
  billing?: unknown;
  /** A signed-in customer's new shipping address is to be saved in the address book with the order. */
  saveAddress?: boolean;
}

/** Shipping and billing address (billing is the shipping address unless the shopper gives another). */
export async function saveCheckoutAddresses(
  ctx: CheckoutContext,
  shopper: Shopper,
  input: AddressStepInput,
): Promise<StepResult> {
  const resolve = async (id: number | null | undefined, fields: unknown, prefix: string) => {
    if (id !== undefined && id !== null && shopper.kind === "customer") {
      const saved = await getAddress(ctx, shopper.customerId, id);
      if (!saved)
        return { ok: false as const, issues: [issue(`${prefix}.addressId`, "not_found", "value is not in enum.")] };
      return { ok: true as const, value: toCheckoutAddress(saved) };
    }
    return parseCheckoutAddress(fields, prefix);
  };
  const issues: CheckoutIssue[] = [];
  const shipping = await resolve(input.shippingAddressId, input.shipping, "shipping");
  if (!shipping.ok) issues.push(...shipping.issues);
  else if (!(await shippingCountriesOf(ctx, ctx.shop)).includes(shipping.value.countryCode)) {
    issues.push(issue("shipping.countryCode", "country_not_shipped", "value is not in enum."));
  }
  let billing: CheckoutAddress | null = null;
  if (!input.billingSameAsShipping) {
    const parsed = await resolve(input.billingAddressId, input.billing, "billing");
    if (parsed.ok) billing = parsed.value;
    else issues.push(...parsed.issues);
  }
  if (issues.length > 0 || !shipping.ok) return { ok: false, issues };
  await writeDraft(
    ctx,
    ctx.shop.code,
    shopper,
    {
      shippingAddress: shipping.value,
      billingAddress: billing,
      // Only a new address typed in by a signed-in customer is offered for the address book.
      saveShippingAddress: shopper.kind === "customer" && !input.shippingAddressId && input.saveAddress === true,
    },
    ctx.clock.now(),
  );
  return { ok: true };
}

export async function saveCheckoutDelivery(
  ctx: CheckoutContext,
  shopper: Shopper,
  method: unknown,
): Promise<StepResult> {
  const view = await readDraft(ctx, ctx.shop.code, shopper);
  const country = view.shippingAddress?.countryCode ?? ctx.shop.country;
  const rates = shippingRatesOf(await shopSettings(ctx), ctx.shop.code);
  const found = deliveryMethodsFor(country, ctx.shop.currency, rates).find((m) => m.id === method);
  if (!found) return { ok: false, issues: [issue("deliveryMethod", "invalid_choice", "value is not in enum.")] };
  await writeDraft(ctx, ctx.shop.code, shopper, { deliveryMethod: found.id }, ctx.clock.now());
  return { ok: true };
}

export async function saveCheckoutPayment(
  ctx: CheckoutContext,
  shopper: Shopper,
  method: unknown,
): Promise<StepResult> {
  const draft = await readDraft(ctx, ctx.shop.code, shopper);
  const country = draft.shippingAddress?.countryCode ?? ctx.shop.country;
  const available = availablePaymentMethods({
    shop: ctx.shop,
    shippingCountry: country,
    settings: narrowPaymentSettings(paymentSettings(ctx.config), await shopSettings(ctx)),
  });
  if (!isPaymentMethodId(method) || !available.some((p) => p.id === method)) {
    return { ok: false, issues: [issue("paymentMethod", "invalid_choice", "value is not in enum.")] };
  }
  await writeDraft(ctx, ctx.shop.code, shopper, { paymentMethod: method }, ctx.clock.now());
  return { ok: true };
}

export type GiftCardResult = { ok: true; balance: number } | { ok: false; error: GiftCardError };

/** Applies a gift card (its balance pays first). Callers limit how often a client may try codes. */
export async function applyCheckoutGiftCard(
  ctx: CheckoutContext,
  shopper: Shopper,
  code: string,
): Promise<GiftCardResult> {
  const found = await findGiftCard(ctx, code, ctx.shop.currency, ctx.clock.now());
  if (!found.ok) return found;
  await writeDraft(ctx, ctx.shop.code, shopper, { giftCardCode: found.card.code }, ctx.clock.now());
  return { ok: true, balance: found.card.balance };
}

export async function removeCheckoutGiftCard(ctx: CheckoutContext, shopper: Shopper): Promise<void> {
  await writeDraft(ctx, ctx.shop.code, shopper, { giftCardCode: undefined }, ctx.clock.now());
}

// --- placing the order ------------------------------------------------------------------------------------------

export type CheckoutFailure =
  | { ok: false; error: "InvalidRequest" }
  | { ok: false; error: "EmptyBasket" }
  | { ok: false; error: "Incomplete"; step: CheckoutStep }
  /** The total differs from what the shopper reviewed: show the review again. */
  | { ok: false; error: "TotalChanged"; total: number }
  /** The basket changed while the order was being placed. */
  | { ok: false; error: "BasketChanged" }
  | { ok: false; error: "OutOfStock"; variantIds: number[] }
  /** A guest checkout with the e-mail of an account: sign in instead. */
  | { ok: false; error: "EmailRegistered" }
  | { ok: false; error: "GiftCardInsufficient" }
  | { ok: false; error: "PaymentNotFound" }
  | { ok: false; error: "PaymentPending"; paymentId: string }
  | { ok: false; error: "PaymentDeclined"; declineCode: string }
  | { ok: false; error: "PaymentCancelled" };

export type CheckoutOutcome =
  | { ok: true; kind: "placed"; order: OrderDetails; replayed: boolean }
  /** The method pays on the provider's hosted page first: send the shopper there. */
  | { ok: true; kind: "payment"; payment: Payment }
  | CheckoutFailure;

export interface SubmitOrderInput {
  /** One per checkout attempt (the review form carries it): the same key twice gives one order. */
  idempotencyKey: string;
  /** The total the shopper reviewed (cents); a different total on the server stops the order. */
  expectedTotal?: number;
  /**
   * What the shopper reviewed as left to pay after the gift card (cents). The total stays the same when another
   * order spent the card meanwhile, but the shopper would pay more: a different amount stops the order too.
   */
  expectedAmountDue?: number;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/** Whether an order belongs to the shopper who asks (the checkout's browser or customer, or its customer). */
export function orderBelongsTo(order: Pick<OrderDetails, "owner" | "customerId">, shopper: Shopper): boolean {
  const owner = ownerOf(shopper);
  if (order.owner.kind === owner.kind && order.owner.id === owner.id) return true;
  return shopper.kind === "customer" && order.customerId === shopper.customerId;
}

async function existingOrder(ctx: CheckoutContext, shopper: Shopper, key: string): Promise<CheckoutOutcome | null> {
  const order = await getOrderByIdempotencyKey(ctx, key);
  if (!order) return null;
  if (!orderBelongsTo(order, shopper)) return { ok: false, error: "InvalidRequest" };
  return { ok: true, kind: "placed", order, replayed: true };
}

/**
 * The review's "place order": places the order at once, or, for card and PayPal, starts the hosted payment (the
 * same one for a repeated submit) and the shopper comes back through `completeCheckoutPayment`.
 */
export async function submitOrder(
  ctx: CheckoutContext,
  shopper: Shopper,
  input: SubmitOrderInput,
): Promise<CheckoutOutcome> {
  if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) return { ok: false, error: "InvalidRequest" };
  const replay = await existingOrder(ctx, shopper, input.idempotencyKey);
  if (replay) return replay;
  const outcome = await submitOnce(ctx, shopper, input);
  // A failure caused by a twin request that placed the order meanwhile (emptied basket, cleared session).
  if (!outcome.ok) return (await existingOrder(ctx, shopper, input.idempotencyKey)) ?? outcome;
  return outcome;
}

async function submitOnce(ctx: CheckoutContext, shopper: Shopper, input: SubmitOrderInput): Promise<CheckoutOutcome> {
  const view = await getCheckout(ctx, shopper);
  const ready = readiness(view);
  if (ready) return ready;
  if (input.expectedTotal !== undefined && input.expectedTotal !== view.quote.total) {
    return { ok: false, error: "TotalChanged", total: view.quote.total };
  }
  // Same total, other amount due: only the gift card pays less than reviewed.
  if (input.expectedAmountDue !== undefined && input.expectedAmountDue !== view.quote.amountDue) {
    return { ok: false, error: "GiftCardInsufficient" };
  }
  const method = view.quote.amountDue > 0 ? view.paymentMethod : null;
  if (method && PAYMENT_PROVIDERS[method].hosted) {
    const payment = await createHostedPayment(
      ctx,
      {
        storeCode: ctx.shop.code,
        owner: ownerOf(shopper),
        method: method as HostedMethod,
        idempotencyKey: input.idempotencyKey,
        amount: view.quote.amountDue,
        currency: ctx.shop.currency,
        quoteFingerprint: view.quote.fingerprint,
      },
      ctx.clock.now(),
    );
    if (payment.status === "authorized") return completeWith(ctx, shopper, payment);
    if (payment.status === "pending" || payment.status === "requires_action")
      return { ok: true, kind: "payment", payment };
    return paymentFailure(payment);
  }
  return place(ctx, shopper, view, input.idempotencyKey, null);
}

function readiness(view: CheckoutView): CheckoutFailure | null {
  if (view.basket.isEmpty) return { ok: false, error: "EmptyBasket" };
  if (view.nextStep !== "review") return { ok: false, error: "Incomplete", step: view.nextStep };
  return null;
}

function paymentFailure(payment: Payment): CheckoutFailure {
  switch (payment.status) {
    case "declined":
      return { ok: false, error: "PaymentDeclined", declineCode: payment.declineCode ?? "card_declined" };
    case "pending":
    case "requires_action":
      return { ok: false, error: "PaymentPending", paymentId: payment.id };
    default:
      return { ok: false, error: "PaymentCancelled" };
  }
}

/**
 * The shopper is back from the hosted payment page: an authorized payment places the order (once, however often
 * the return is repeated); a declined or cancelled one leaves the basket and checkout as they were.
 */
export async function completeCheckoutPayment(
  ctx: CheckoutContext,
  shopper: Shopper,
  paymentId: string,
): Promise<CheckoutOutcome> {
  const payment = await getPayment(ctx, paymentId);
  const owner = ownerOf(shopper);
  if (!payment || payment.storeCode !== ctx.shop.code) return { ok: false, error: "PaymentNotFound" };
  if (payment.orderId !== null) {
    const order = await getOrderById(ctx, payment.orderId);
    if (order && orderBelongsTo(order, shopper)) return { ok: true, kind: "placed", order, replayed: true };
    return { ok: false, error: "PaymentNotFound" };
  }
  if (payment.owner.kind !== owner.kind || payment.owner.id !== owner.id)
    return { ok: false, error: "PaymentNotFound" };
  let current = payment;
  if (payment.provider !== "sandbox" && (payment.status === "pending" || payment.status === "requires_action")) {
    // Back from Stripe or PayPal: the provider says how it went (PayPal authorizes the approved order here).
    try {
      current = await syncPayment(ctx, payment.id, ctx.clock.now());
    } catch (error) {
      // A provider that does not answer places nothing: the payment stays open, the shopper may come back.
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ paymentId: payment.id, error: error.message }, "payment provider unavailable at placement");
      return { ok: false, error: "PaymentPending", paymentId: payment.id };
    }
  }
  const outcome = await completeWith(ctx, shopper, current);
  if (!outcome.ok) return (await existingOrder(ctx, shopper, payment.idempotencyKey)) ?? outcome;
  return outcome;
}

async function completeWith(ctx: CheckoutContext, shopper: Shopper, payment: Payment): Promise<CheckoutOutcome> {
  if (payment.status !== "authorized") return paymentFailure(payment);
  const view = await getCheckout(ctx, shopper);
  const failure =
    readiness(view) ??
    (view.quote.fingerprint !== payment.quoteFingerprint || view.quote.amountDue !== payment.amount
      ? ({ ok: false, error: "TotalChanged", total: view.quote.total } as const)
      : null);
  if (failure) {
    await releasePayment(ctx, payment);
    return failure;
  }
  const outcome = await place(ctx, shopper, view, payment.idempotencyKey, payment);
  if (!outcome.ok) await releasePayment(ctx, payment);
  return outcome;
}

/** Voids an authorization no order uses; a provider that fails now leaves it to the reconciliation job. */
async function releasePayment(ctx: CheckoutContext, payment: Payment): Promise<void> {
  try {
    await voidPayment(ctx, payment.id, ctx.clock.now());
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ paymentId: payment.id, error: error.message }, "payment void failed, reconciliation retries");
  }
}

/** Raised inside the placement transaction to roll it back with a business failure. */
class PlacementAbort extends Error {
  readonly failure: CheckoutFailure;
  constructor(failure: CheckoutFailure) {
    super(failure.error);
    this.failure = failure;
  }
}

/** Raised when a twin request placed the order first: this attempt rolls back and answers with that order. */
class TwinOrder extends Error {
  readonly orderId: number;
  constructor(orderId: number) {
    super("twin order");
    this.orderId = orderId;
  }
}

async function guestCustomerId(ctx: CheckoutContext, view: CheckoutView): Promise<string | CheckoutFailure> {
  const names = view.billingAddress ?? view.shippingAddress;
  const input = {
    email: view.email ?? "",
    firstName: names?.firstName ?? "",
    lastName: names?.lastName ?? "",
    phone: view.phone,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await createGuestCustomer(ctx, input);
      if (result.ok) return result.customer.id;
      if (result.error === "email_registered") return { ok: false, error: "EmailRegistered" };
      return { ok: false, error: "Incomplete", step: "contact" };
    } catch (error) {
      // Two submits of one new guest race to create the user: the second finds it on the next try.
      if (attempt >= 1) throw error;
    }
  }
}

async function place(
  ctx: CheckoutContext,
  shopper: Shopper,
  view: CheckoutView,
  idempotencyKey: string,
  payment: Payment | null,
): Promise<CheckoutOutcome> {
  const quote = view.quote;
  const shippingAddress = view.shippingAddress as CheckoutAddress;
  const customerId = view.customer ? view.customer.id : await guestCustomerId(ctx, view);
  if (typeof customerId !== "string") return customerId;
  const paymentMethod = quote.amountDue > 0 ? view.paymentMethod : null;
  const paymentStatus = paymentMethod ? PAYMENT_PROVIDERS[paymentMethod].statusAtPlacement : "paid";
  const now = ctx.clock.now();
  const stored = quote.lines.filter((l) => !l.isGift);

  let placed: { orderId: number; replayed: boolean };
  try {
    placed = await ctx.db.transaction().execute(async (trx) => {
      const basket = await lockBasketForOrder({ ...ctx, db: trx }, ctx.shop.code, shopper, now);
      // Checked again under the basket lock: a twin request may have placed the order while this one waited.
      const twin = await orderIdByIdempotencyKey({ db: trx }, idempotencyKey);
      if (twin !== undefined) return { orderId: twin, replayed: true };
      const unchanged = stored.every((line) =>
        basket.lines.some((b) => b.key === line.key && b.variantId === line.variantId && b.quantity === line.quantity),
      );
      if (!unchanged) throw new PlacementAbort({ ok: false, error: "BasketChanged" });

      const stock = await takeStock({ ...ctx, db: trx }, quote.lines, now);
      if (!stock.ok) throw new PlacementAbort({ ok: false, error: "OutOfStock", variantIds: stock.variantIds });

      const inserted = await insertOrder(
        { ...ctx, db: trx },
        {
          storeCode: ctx.shop.code,
          customerId,
          owner: ownerOf(shopper),
          email: view.email ?? "",
          phone: view.phone,
          idempotencyKey,
          shippingAddress,
          billingAddress: view.billingAddress ?? shippingAddress,
          quote,
          paymentMethod,
          paymentId: payment?.id ?? null,
          paymentStatus,
          paymentTerms: transferTerms(paymentSettings(ctx.config), paymentMethod, ctx.shop.currency, now.toISOString()),
        },
        now,
      );
      if (!inserted) {
        const again = await orderIdByIdempotencyKey({ db: trx }, idempotencyKey);
        if (again === undefined)
          throw new Error(`Order with idempotency key ${idempotencyKey} neither inserted nor found`);
        // Nothing of this attempt may stay: roll back the stock taken above, answer with the twin's order.
        throw new TwinOrder(again);
      }
      if (quote.giftCard && quote.giftCard.amount > 0) {
        const spent = await spendGiftCard(
          { ...ctx, db: trx },
          quote.giftCard.code,
          quote.giftCard.amount,
          inserted.id,
          now,
        );
        if (!spent) throw new PlacementAbort({ ok: false, error: "GiftCardInsufficient" });
      }
      if (payment && !(await attachPayment({ ...ctx, db: trx }, payment.id, inserted.id, now))) {
        throw new PlacementAbort({ ok: false, error: "PaymentNotFound" });
      }
      if (view.customer && view.saveShippingAddress) {
        // The address book's limit or rules never stop an order: the address is then simply not kept.
        await addAddress({ ...ctx, db: trx }, view.customer.id, shippingAddress);
      }
      await basket.clear();
      await deleteDraft({ ...ctx, db: trx }, ctx.shop.code, shopper);
      await markCustomerOrdered({ ...ctx, db: trx }, customerId);
      // Fashion card members collect points for what the order costs (taken back if it is cancelled).
      await creditLoyaltyPoints({ ...ctx, db: trx }, customerId, loyaltyPointsFor(quote.total));
      const order = (await getOrderById({ ...ctx, db: trx }, inserted.id)) as OrderDetails;
      const hasAccount = view.customer !== null && !view.customer.status.isGuestCustomer;
      await enqueueMail({ db: trx }, confirmationMail(order, { publicUrl: ctx.publicUrl, hasAccount }), now);
      return { orderId: inserted.id, replayed: false };
    });
  } catch (error) {
    if (error instanceof PlacementAbort) return error.failure;
    if (error instanceof TwinOrder) placed = { orderId: error.orderId, replayed: true };
    else throw error;
  }
  const order = (await getOrderById(ctx, placed.orderId)) as OrderDetails;
  return { ok: true, kind: "placed", order, replayed: placed.replayed };
}
