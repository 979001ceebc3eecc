import { Agent as HttpsAgent } from "node:https";
import { connect } from "node:net";
import {
  CheckoutPaymentIntent,
  OrdersController,
  PaymentsController,
  Client as PayPalClient,
  Environment as PayPalEnvironment,
} from "@paypal/paypal-server-sdk";
import Stripe from "stripe";
import type { VitrineConfig } from "../config.ts";
import type { HostedMethod, Payment } from "./payments.ts";

/**
 * The payment providers behind card and PayPal payments, one interface (like Saleor's payment gateways): start a
 * payment, read its state at the provider, capture part of an authorization, void it, refund captured money.
 * The payment row (payments.ts) is the shop's ledger of what was authorized, captured, released and refunded; a
 * gateway only talks to its provider. Without keys the built-in sandbox (sandbox.ts) is the gateway: the shop is
 * then in test mode and says so.
 */

export type ProviderId = "sandbox" | "stripe" | "paypal";

/** What the provider says about a payment that is not authorized yet (or is). */
export interface ProviderState {
  status: "pending" | "requires_action" | "authorized" | "declined" | "cancelled";
  /** What the authorization holds (cents). */
  authorized: number;
  declineCode?: string;
  card?: { brand: string; last4: string };
  /** PayPal: the authorization's id once authorized. */
  authorizationRef?: string;
}

/**
 * The money of a payment past its authorization as the provider has it (cents): changes made in the provider's
 * dashboard (a refund, a cancelled hold, a capture) show here and are brought into the shop's ledger
 * (money.ts `settleWithProvider`).
 */
export interface ProviderAmounts {
  captured: number;
  refunded: number;
  /** What the hold still lets the shop capture (0 once it ended: captured in full, final capture, cancelled). */
  capturable: number;
  /** The hold was cancelled at the provider. */
  voided: boolean;
}

export interface StartedPayment {
  providerRef: string | null;
  /** Stripe: the client secret Stripe.js confirms the PaymentIntent with (kept out of the database). */
  clientSecret?: string;
  /** PayPal: where the shopper approves. */
  approveUrl?: string;
}

export interface PaymentGateway {
  id: ProviderId;
  /** Payments go to a test sandbox: the shop says so on the payment page and in the back office. */
  testMode: boolean;
  /** Creates the payment at the provider for a new payment row. */
  start(payment: Payment, urls: { returnUrl: string; cancelUrl: string }): Promise<StartedPayment>;
  /** Stripe.js: the client secret of a started payment (the payment page asks again on every load). */
  clientSecret?(payment: Payment): Promise<string | null>;
  /** The provider's current state; PayPal authorizes an approved order here (authorize at placement). */
  sync(payment: Payment): Promise<ProviderState | null>;
  /** Captures `amount` (not more than the authorization holds); returns what was captured and whether more can. */
  capture(
    payment: Payment,
    amount: number,
    final: boolean,
    key: string,
  ): Promise<{ captured: number; ref: string; more: boolean }>;
  void(payment: Payment, key: string): Promise<void>;
  refund(payment: Payment, amount: number, key: string): Promise<{ ref: string }>;
  /** The provider's amounts of an authorized payment; null where the shop's ledger is the only record (sandbox). */
  amounts(payment: Payment): Promise<ProviderAmounts | null>;
  /** The payment in the provider's dashboard. */
  dashboardUrl(payment: Payment): string | null;
}

/** A provider call that failed (declined capture, timeout, network): the change that needed it does not happen. */
export class ProviderError extends Error {
  override name = "ProviderError";
  readonly provider: ProviderId;
  constructor(provider: ProviderId, message: string, options?: { cause?: unknown }) {
    super(`${provider}: ${message}`, options);
    this.provider = provider;
  }
}

async function call<T>(provider: ProviderId, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ProviderError(provider, `${what} failed: ${message}`, { cause: error });
  }
}

const sandboxGateway: PaymentGateway = {
  id: "sandbox",
  testMode: true,
  start: async () => ({ providerRef: null }),
  // The sandbox's page moves the payment row itself (sandbox.ts): the row is its state.
  sync: async () => null,
  capture: async (payment, amount) => ({ captured: amount, ref: `sandbox-capture-${payment.id}`, more: true }),
  void: async () => undefined,
  refund: async (payment) => ({ ref: `sandbox-refund-${payment.id}` }),
  amounts: async () => null,
  dashboardUrl: () => null,
};

// ---------------------------------------------------------------------------------------------------- Stripe

/** Stripe's decline codes the shop explains; others read as a general decline. */
function stripeDeclineCode(intent: Stripe.PaymentIntent): string {
  const error = intent.last_payment_error;
  if (!error) return "card_declined";
  if (error.code === "payment_intent_authentication_failure") return "authentication_failed";
  return error.decline_code ?? error.code ?? "card_declined";
}

export function stripeGateway(config: VitrineConfig): PaymentGateway {
  const api = new URL(config.STRIPE_API_URL);
  const stripe = new Stripe(config.STRIPE_SECRET_KEY as string, {
    host: api.hostname,
    port: api.port || (api.protocol === "http:" ? 80 : 443),
    protocol: api.protocol.replace(":", "") as "http" | "https",
    timeout: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    // Retries would outlast the timeout the shop promises; idempotency keys make a later retry safe.
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const live = (config.STRIPE_SECRET_KEY as string).startsWith("sk_live_");
  const retrieve = (payment: Payment) =>
    call("stripe", "retrieve", () =>
      stripe.paymentIntents.retrieve(payment.providerRef as string, { expand: ["latest_charge"] }),
    );
  return {
    id: "stripe",
    testMode: !live,
    start: (payment, urls) =>
      call("stripe", "create payment intent", async () => {
        void urls;
        const intent = await stripe.paymentIntents.create(
          {
            amount: payment.amount,
            currency: payment.currency.toLowerCase(),
            capture_method: "manual",
            // Cards (3-D Secure when the bank asks), wallets and TWINT as the account and browser offer them.
            automatic_payment_methods: { enabled: true },
            payment_method_options: { card: { request_multicapture: "if_available" } },
            metadata: { vitrine_payment_id: payment.id, store: payment.storeCode },
          },
          { idempotencyKey: `vitrine-start-${payment.id}` },
        );
        return { providerRef: intent.id, clientSecret: intent.client_secret ?? undefined };
      }),
    async clientSecret(payment) {
      if (!payment.providerRef) return null;
      return (await retrieve(payment)).client_secret;
    },
    async sync(payment) {
      if (!payment.providerRef) return null;
      const intent = await retrieve(payment);
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      const cardDetails = charge?.payment_method_details?.card;
      const card = cardDetails?.last4 ? { brand: cardDetails.brand ?? "card", last4: cardDetails.last4 } : undefined;
      switch (intent.status) {
        case "requires_capture":
          return { status: "authorized", authorized: intent.amount_capturable, card };
        case "succeeded":
          return { status: "authorized", authorized: intent.amount, card };
        case "requires_action":
          return { status: "requires_action", authorized: 0 };
        case "canceled":
          return { status: "cancelled", authorized: 0 };
        case "requires_payment_method":
          return intent.last_payment_error
            ? { status: "declined", authorized: 0, declineCode: stripeDeclineCode(intent), card }
            : { status: "pending", authorized: 0 };
        default:
          return { status: "pending", authorized: 0 };
      }
    },
    capture: (payment, amount, final, key) =>
      call("stripe", "capture", async () => {
        const intent = await retrieve(payment);
        const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
        // Several captures need Stripe's multicapture; without it the first shipment captures the whole hold.
        const multi = charge?.payment_method_details?.card?.multicapture?.status === "available";
        const toCapture = multi || final ? amount : intent.amount_capturable;
        const captured = await stripe.paymentIntents.capture(
          intent.id,
          multi && !final ? { amount_to_capture: toCapture, final_capture: false } : { amount_to_capture: toCapture },
          { idempotencyKey: key },
        );
        return { captured: toCapture, ref: captured.id, more: multi && !final };
      }),
    void: (payment, key) =>
      call("stripe", "cancel", async () => {
        if (!payment.providerRef) return;
        const intent = await retrieve(payment);
        if (intent.status === "canceled") return;
        await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: key });
      }),
    refund: (payment, amount, key) =>
      call("stripe", "refund", async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: payment.providerRef as string, amount },
          { idempotencyKey: key },
        );
        return { ref: refund.id };
      }),
    async amounts(payment) {
      if (!payment.providerRef) return null;
      const intent = await retrieve(payment);
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      return {
        captured: intent.amount_received,
        refunded: charge?.amount_refunded ?? 0,
        capturable: intent.status === "requires_capture" ? intent.amount_capturable : 0,
        voided: intent.status === "canceled",
      };
    },
    dashboardUrl: (payment) =>
      payment.providerRef ? `https://dashboard.stripe.com/${live ? "" : "test/"}payments/${payment.providerRef}` : null,
  };
}

/** Stripe's webhook check (Stripe-Signature: `t=…,v1=…`, HMAC-SHA256 with the signing secret). */
export function verifyStripeWebhook(config: VitrineConfig, rawBody: string, signature: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET as string);
}

// ---------------------------------------------------------------------------------------------------- PayPal

/**
 * The PayPal SDK has no setting for its address: it knows PayPal's two environments only. With PAYPAL_API_URL
 * (tests: a fake on 127.0.0.1) its HTTPS agent connects there instead, speaking plain HTTP to a local `http:`
 * address; PayPal's host stays in the request, as a proxy would see it.
 */
function redirectingAgent(url: URL): HttpsAgent {
  const agent = new HttpsAgent({ keepAlive: false });
  const port = Number(url.port || 80);
  (agent as unknown as { createConnection: () => unknown }).createConnection = () => connect(port, url.hostname);
  return agent;
}

export interface PayPalApi {
  orders: OrdersController;
  payments: PaymentsController;
  client: PayPalClient;
}

export function paypalApi(config: VitrineConfig): PayPalApi {
  const override = config.PAYPAL_API_URL ? new URL(config.PAYPAL_API_URL) : null;
  const client = new PayPalClient({
    clientCredentialsAuthCredentials: {
      oAuthClientId: config.PAYPAL_CLIENT_ID as string,
      oAuthClientSecret: config.PAYPAL_CLIENT_SECRET as string,
    },
    timeout: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    environment: config.PAYPAL_ENVIRONMENT === "live" ? PayPalEnvironment.Production : PayPalEnvironment.Sandbox,
    httpClientOptions: {
      timeout: config.PAYMENT_PROVIDER_TIMEOUT_MS,
      retryConfig: { maxNumberOfRetries: 0 },
      ...(override && override.protocol === "http:" ? { httpsAgent: redirectingAgent(override) } : {}),
    },
  });
  return { client, orders: new OrdersController(client), payments: new PaymentsController(client) };
}

const money = (cents: number, currency: string) => ({ currencyCode: currency, value: (cents / 100).toFixed(2) });
const cents = (value: string | undefined) => Math.round(Number(value ?? "0") * 100);

export function paypalGateway(config: VitrineConfig): PaymentGateway {
  const api = paypalApi(config);
  const live = config.PAYPAL_ENVIRONMENT === "live";
  const authorizationOf = async (payment: Payment) => {
    if (payment.authorizationRef) return payment.authorizationRef;
    const state = await gateway.sync(payment);
    if (!state?.authorizationRef) throw new ProviderError("paypal", "no authorization for this order");
    return state.authorizationRef;
  };
  const gateway: PaymentGateway = {
    id: "paypal",
    testMode: !live,
    start: (payment, urls) =>
      call("paypal", "create order", async () => {
        const { result } = await api.orders.createOrder({
          paypalRequestId: `vitrine-start-${payment.id}`,
          body: {
            intent: CheckoutPaymentIntent.Authorize,
            purchaseUnits: [
              { referenceId: payment.id, customId: payment.id, amount: money(payment.amount, payment.currency) },
            ],
            paymentSource: {
              paypal: { experienceContext: { returnUrl: urls.returnUrl, cancelUrl: urls.cancelUrl } },
            },
          },
        });
        const approve = result.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
        return { providerRef: result.id ?? null, approveUrl: approve?.href };
      }),
    async sync(payment) {
      if (!payment.providerRef) return null;
      const ref = payment.providerRef;
      let { result } = await call("paypal", "get order", () => api.orders.getOrder({ id: ref }));
      // Approved by the buyer: authorize now (the order is placed with the authorization).
      if (result.status === "APPROVED") {
        result = (
          await call("paypal", "authorize", () =>
            api.orders.authorizeOrder({
              id: ref,
              paypalRequestId: `vitrine-authorize-${payment.id}`,
              prefer: "return=representation",
            }),
          )
        ).result;
      }
      const authorization = result.purchaseUnits?.[0]?.payments?.authorizations?.[0];
      switch (result.status) {
        case "COMPLETED":
          if (
            authorization &&
            ["CREATED", "CAPTURED", "PARTIALLY_CAPTURED", "PENDING"].includes(authorization.status ?? "")
          ) {
            return {
              status: "authorized",
              authorized: cents(authorization.amount?.value),
              authorizationRef: authorization.id,
              card: { brand: "paypal", last4: "" },
            };
          }
          return { status: "declined", authorized: 0, declineCode: "paypal_declined" };
        case "VOIDED":
          return { status: "cancelled", authorized: 0 };
        case "PAYER_ACTION_REQUIRED":
          return { status: "requires_action", authorized: 0 };
        default:
          return { status: "pending", authorized: 0 };
      }
    },
    capture: (payment, amount, final, key) =>
      call("paypal", "capture", async () => {
        const authorizationId = await authorizationOf(payment);
        const { result } = await api.payments.captureAuthorizedPayment({
          authorizationId,
          paypalRequestId: key,
          body: { amount: money(amount, payment.currency), finalCapture: final },
        });
        return { captured: amount, ref: result.id ?? "", more: !final };
      }),
    void: (payment, key) =>
      call("paypal", "void", async () => {
        if (!payment.providerRef) return;
        const state = payment.authorizationRef ? null : await gateway.sync(payment);
        const authorizationId = payment.authorizationRef ?? state?.authorizationRef;
        if (!authorizationId) return;
        await api.payments.voidPayment({ authorizationId, paypalRequestId: key });
      }),
    refund: (payment, amount, key) =>
      call("paypal", "refund", async () => {
        const authorizationId = await authorizationOf(payment);
        const { result: authorization } = await api.payments.getAuthorizedPayment({ authorizationId });
        // The captures of the authorization, newest first: the refund comes from those with money left.
        const { result: order } = await api.orders.getOrder({ id: payment.providerRef as string });
        const captures = (order.purchaseUnits?.[0]?.payments?.captures ?? []).filter((c) => c.status !== "DECLINED");
        void authorization;
        let left = amount;
        let ref = "";
        for (const capture of captures.reverse()) {
          if (left <= 0) break;
          const refundedAlready = (order.purchaseUnits?.[0]?.payments?.refunds ?? [])
            .filter((r) => r.links?.some((l) => l.href.endsWith(`/captures/${capture.id}`)))
            .reduce((sum, r) => sum + cents(r.amount?.value), 0);
          const part = Math.min(left, cents(capture.amount?.value) - refundedAlready);
          if (part <= 0) continue;
          const { result } = await api.payments.refundCapturedPayment({
            captureId: capture.id as string,
            paypalRequestId: `${key}-${capture.id}`,
            body: { amount: money(part, payment.currency) },
          });
          ref = result.id ?? ref;
          left -= part;
        }
        if (left > 0) throw new ProviderError("paypal", "the captures do not hold the amount to refund");
        return { ref };
      }),
    async amounts(payment) {
      if (!payment.providerRef) return null;
      const ref = payment.providerRef;
      const { result } = await call("paypal", "get order", () => api.orders.getOrder({ id: ref }));
      const money = result.purchaseUnits?.[0]?.payments;
      const authorization = money?.authorizations?.[0];
      const captured = (money?.captures ?? [])
        .filter((c) => !["DECLINED", "FAILED"].includes(c.status ?? ""))
        .reduce((sum, c) => sum + cents(c.amount?.value), 0);
      const refunded = (money?.refunds ?? [])
        .filter((r) => r.status === "COMPLETED")
        .reduce((sum, r) => sum + cents(r.amount?.value), 0);
      const open = ["CREATED", "PARTIALLY_CAPTURED", "PENDING"].includes(authorization?.status ?? "");
      return {
        captured,
        refunded,
        capturable: open ? Math.max(0, cents(authorization?.amount?.value) - captured) : 0,
        voided: authorization?.status === "VOIDED",
      };
    },
    dashboardUrl: (payment) =>
      payment.providerRef
        ? `https://www.${live ? "" : "sandbox."}paypal.com/unifiedtransactions/details/payment/${payment.authorizationRef ?? payment.providerRef}`
        : null,
  };
  return gateway;
}

/** PayPal's webhook check: the verify-webhook-signature API with the transmission headers and the webhook id. */
export async function verifyPayPalWebhook(
  config: VitrineConfig,
  headers: (name: string) => string | null,
  rawBody: string,
): Promise<boolean> {
  const api = paypalApi(config);
  const base = config.PAYPAL_API_URL
    ? "https://api-m.paypal.com"
    : config.PAYPAL_ENVIRONMENT === "live"
      ? "https://api-m.paypal.com"
      : "https://api-m.sandbox.paypal.com";
  return call("paypal", "verify webhook", async () => {
    // The SDK has no webhooks controller: its OAuth token, and the documented endpoint called directly.
    const token = await api.client.clientCredentialsAuthManager.fetchToken();
    const body = JSON.stringify({
      auth_algo: headers("paypal-auth-algo"),
      cert_url: headers("paypal-cert-url"),
      transmission_id: headers("paypal-transmission-id"),
      transmission_sig: headers("paypal-transmission-sig"),
      transmission_time: headers("paypal-transmission-time"),
      webhook_id: config.PAYPAL_WEBHOOK_ID,
      webhook_event: JSON.parse(rawBody),
    });
    const url = config.PAYPAL_API_URL
      ? new URL("/v1/notifications/verify-webhook-signature", config.PAYPAL_API_URL)
      : new URL("/v1/notifications/verify-webhook-signature", base);
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token.accessToken}` },
      body,
      signal: AbortSignal.timeout(config.PAYMENT_PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new ProviderError("paypal", `verify webhook: HTTP ${response.status}`);
    const answer = (await response.json()) as { verification_status?: string };
    return answer.verification_status === "SUCCESS";
  });
}

// ---------------------------------------------------------------------------------------------------- choice

const cache = new WeakMap<VitrineConfig, Map<ProviderId, PaymentGateway>>();

/** The gateway that takes new payments of a method: the configured provider, or the sandbox without keys. */
export function providerFor(config: VitrineConfig, method: HostedMethod): ProviderId {
  if (method === "credit_card" && config.STRIPE_SECRET_KEY) return "stripe";
  if (method === "paypal" && config.PAYPAL_CLIENT_ID) return "paypal";
  return "sandbox";
}

/** The gateway of a provider (the one a payment was made with). */
export function gatewayOf(config: VitrineConfig, provider: string): PaymentGateway {
  let byId = cache.get(config);
  if (!byId) {
    byId = new Map();
    cache.set(config, byId);
  }
  const id: ProviderId = provider === "stripe" || provider === "paypal" ? provider : "sandbox";
  let gateway = byId.get(id);
  if (!gateway) {
    gateway =
      id === "stripe" && config.STRIPE_SECRET_KEY
        ? stripeGateway(config)
        : id === "paypal" && config.PAYPAL_CLIENT_ID
          ? paypalGateway(config)
          : sandboxGateway;
    byId.set(id, gateway);
  }
  return gateway;
}

/** Whether the shop takes no real money: a hosted method goes to the sandbox or to a provider's test mode. */
export function paymentsInTestMode(config: VitrineConfig): boolean {
  return (
    gatewayOf(config, providerFor(config, "credit_card")).testMode ||
    gatewayOf(config, providerFor(config, "paypal")).testMode
  );
}
