import { createHmac, createSign, createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";

/**
 * Local fakes of the Stripe and PayPal endpoints the shop uses, on 127.0.0.1, answering with payloads shaped like
 * the providers' documented ones, so that the official SDKs run unchanged in tests and no test reaches the
 * internet. Each fake records the calls it got and can hang (a provider timeout).
 */

export interface FakeCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

abstract class Fake {
  calls: FakeCall[] = [];
  /** Answer nothing (the SDK's timeout fires). */
  hang = false;
  url = "";
  private server: Server | null = null;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.receive(req, res));
    await new Promise<void>((done) => this.server?.listen(0, "127.0.0.1", done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()));
  }

  private async receive(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    // PayPal's SDK connects here through its HTTPS agent: the request names PayPal's host, the path is ours.
    const url = new URL(req.url ?? "/", "http://fake");
    const body = this.parse(raw, req.headers["content-type"] ?? "");
    const call = {
      method: req.method ?? "GET",
      path: url.pathname,
      body,
      idempotencyKey: (req.headers["idempotency-key"] ?? req.headers["paypal-request-id"] ?? null) as string | null,
    };
    this.calls.push(call);
    if (this.hang) return; // never answered
    const [status, answer] = this.route(call, url);
    res.writeHead(status, {
      "content-type": "application/json",
      "request-id": `req_${randomBytes(6).toString("hex")}`,
    });
    res.end(answer === null ? "" : JSON.stringify(answer));
  }

  protected abstract parse(raw: string, type: string): Record<string, unknown>;
  protected abstract route(call: FakeCall, url: URL): [number, unknown];
}

// ---------------------------------------------------------------------------------------------------- Stripe

type Outcome = "authorize" | "decline" | "insufficient_funds" | "3ds_required" | "3ds_failed";

interface Intent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { code: string; decline_code?: string; message: string; type: string };
  latest_charge: null | Record<string, unknown>;
  multicapture: boolean;
  refunded: number;
  created: number;
  livemode: false;
}

/** Parses Stripe's form encoding (`a[b][c]=v`) into objects. */
function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out;
    for (const part of path.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[path.at(-1) as string] = value;
  }
  return out;
}

export class FakeStripe extends Fake {
  intents = new Map<string, Intent>();
  refunds: { id: string; payment_intent: string; amount: number }[] = [];

  protected parse(raw: string) {
    return parseForm(raw);
  }

  private error(status: number, code: string, message: string): [number, unknown] {
    return [status, { error: { type: "invalid_request_error", code, message } }];
  }

  private charge(intent: Intent) {
    return {
      id: `ch_${intent.id.slice(3)}`,
      object: "charge",
      amount: intent.amount,
      payment_intent: intent.id,
      payment_method_details: {
        type: "card",
        card: {
          brand: "visa",
          last4: "4242",
          multicapture: { status: intent.multicapture ? "available" : "unavailable" },
        },
      },
    };
  }

  private view(intent: Intent, expand: boolean) {
    const { multicapture: _m, refunded: _r, ...rest } = intent;
    const charge = intent.latest_charge
      ? {
          ...intent.latest_charge,
          amount_captured: intent.amount_received,
          amount_refunded: intent.refunded,
          refunded: intent.refunded > 0 && intent.refunded === intent.amount_received,
        }
      : null;
    return { ...rest, latest_charge: charge ? (expand ? charge : intent.latest_charge?.id) : null };
  }

  /** A refund made in Stripe's dashboard, not by the shop. */
  dashboardRefund(id: string, amount: number) {
    const intent = this.intents.get(id);
    if (!intent || amount > intent.amount_received - intent.refunded) throw new Error(`cannot refund ${id}`);
    intent.refunded += amount;
    this.refunds.push({ id: `re_dashboard_${this.refunds.length + 1}`, payment_intent: id, amount });
  }

  /** A hold cancelled in Stripe's dashboard. */
  dashboardCancel(id: string) {
    const intent = this.intents.get(id);
    if (intent?.status !== "requires_capture") throw new Error(`cannot cancel ${id}`);
    intent.status = "canceled";
    intent.amount_capturable = 0;
  }

  /** The shopper's browser confirms the PaymentIntent with Stripe.js (what the Payment Element does). */
  confirm(id: string, outcome: Outcome, options: { multicapture?: boolean } = {}): Intent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no payment intent ${id}`);
    intent.multicapture = options.multicapture ?? true;
    if (outcome === "authorize") {
      intent.status = "requires_capture";
      intent.amount_capturable = intent.amount;
      intent.latest_charge = this.charge(intent);
      intent.last_payment_error = null;
    } else if (outcome === "3ds_required") {
      intent.status = "requires_action";
    } else if (outcome === "3ds_failed") {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        type: "card_error",
        code: "payment_intent_authentication_failure",
        message: "The provided PaymentMethod has failed authentication.",
      };
    } else {
      intent.status = "requires_payment_method";
      intent.latest_charge = this.charge(intent);
      intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: outcome === "insufficient_funds" ? "insufficient_funds" : "generic_decline",
        message: "Your card was declined.",
      };
    }
    return intent;
  }

  protected route(call: FakeCall, url: URL): [number, unknown] {
    const m = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(capture|cancel))?$/.exec(call.path);
    const expand = [...url.searchParams.entries()].some(([k, v]) => k.startsWith("expand") && v === "latest_charge");
    if (m && call.method === "POST" && !m[1]) {
      const previous = [...this.intents.values()].find(
        (i) => call.idempotencyKey && i.metadata.idempotency_key === call.idempotencyKey,
      );
      if (previous) return [200, this.view(previous, false)];
      const id = `pi_${randomBytes(12).toString("hex")}`;
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount: Number(call.body.amount),
        amount_capturable: 0,
        amount_received: 0,
        currency: String(call.body.currency),
        status: "requires_payment_method",
        capture_method: String(call.body.capture_method ?? "automatic"),
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        metadata: { ...(call.body.metadata as Record<string, string>), idempotency_key: call.idempotencyKey ?? "" },
        last_payment_error: null,
        latest_charge: null,
        multicapture: false,
        refunded: 0,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.intents.set(id, intent);
      return [200, this.view(intent, false)];
    }
    if (m?.[1]) {
      const intent = this.intents.get(m[1]);
      if (!intent) return this.error(404, "resource_missing", `No such payment_intent: '${m[1]}'`);
      if (call.method === "GET") return [200, this.view(intent, expand)];
      if (m[2] === "capture") {
        if (intent.status !== "requires_capture")
          return this.error(400, "payment_intent_unexpected_state", "This PaymentIntent could not be captured.");
        const amount = Number(call.body.amount_to_capture ?? intent.amount_capturable);
        if (amount > intent.amount_capturable) return this.error(400, "amount_too_large", "Amount too large.");
        intent.amount_received += amount;
        const final = call.body.final_capture !== "false";
        intent.amount_capturable = final ? 0 : intent.amount_capturable - amount;
        intent.status = final ? "succeeded" : "requires_capture";
        return [200, this.view(intent, false)];
      }
      if (m[2] === "cancel") {
        if (intent.status === "succeeded")
          return this.error(400, "payment_intent_unexpected_state", "You cannot cancel this PaymentIntent.");
        intent.status = "canceled";
        intent.amount_capturable = 0;
        return [200, this.view(intent, false)];
      }
    }
    if (call.path === "/v1/refunds" && call.method === "POST") {
      const intent = this.intents.get(String(call.body.payment_intent));
      if (!intent) return this.error(404, "resource_missing", "No such payment_intent");
      const amount = Number(call.body.amount ?? intent.amount_received - intent.refunded);
      if (amount > intent.amount_received - intent.refunded)
        return this.error(400, "charge_already_refunded", "Refund amount is greater than unrefunded amount.");
      intent.refunded += amount;
      const refund = {
        id: `re_${randomBytes(10).toString("hex")}`,
        object: "refund",
        payment_intent: intent.id,
        amount,
        status: "succeeded",
      };
      this.refunds.push(refund);
      return [200, refund];
    }
    return this.error(404, "not_found", `Unrecognized request URL (${call.method}: ${call.path})`);
  }

  /** A webhook event as Stripe sends it, for a PaymentIntent as it is now. */
  event(type: string, intentId: string, id = `evt_${randomBytes(12).toString("hex")}`): string {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no payment intent ${intentId}`);
    return JSON.stringify({
      id,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // `charge.*` events carry the charge (it names its payment intent), the others the intent.
      data: { object: type.startsWith("charge.") ? this.view(intent, true).latest_charge : this.view(intent, false) },
    });
  }
}

/** Stripe's webhook signature: `t=<unix time>,v1=<HMAC-SHA256 of "t.payload" with the signing secret>`. */
export function stripeSignature(payload: string, secret: string, time = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${time}.${payload}`).digest("hex");
  return `t=${time},v1=${v1}`;
}

// ---------------------------------------------------------------------------------------------------- PayPal

interface PayPalOrder {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  customId: string;
  authorization: null | { id: string; status: string; amount: { currency_code: string; value: string } };
  captures: { id: string; status: string; amount: { currency_code: string; value: string }; refunded: number }[];
}

export class FakePayPal extends Fake {
  orders = new Map<string, PayPalOrder>();
  /** The key PayPal signs webhooks with (its certificate at `cert_url`). */
  readonly keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  certUrl = "https://api.paypal.com/v1/notifications/certs/CERT-fake";
  webhookId = "";
  /** Authorization declined by PayPal at the authorize call. */
  declineAuthorize = false;

  protected parse(raw: string) {
    try {
      return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  /** A refund of the newest capture made in PayPal's dashboard, not by the shop. */
  dashboardRefund(id: string, cents: number) {
    const capture = this.orders.get(id)?.captures.at(-1);
    if (!capture || capture.refunded + cents > Math.round(Number(capture.amount.value) * 100))
      throw new Error(`cannot refund ${id}`);
    capture.refunded += cents;
  }

  /** An authorization voided in PayPal's dashboard. */
  dashboardVoid(id: string) {
    const authorization = this.orders.get(id)?.authorization;
    if (authorization?.status !== "CREATED") throw new Error(`cannot void ${id}`);
    authorization.status = "VOIDED";
  }

  /** The buyer approves the order on PayPal. */
  approve(id: string) {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no order ${id}`);
    order.status = "APPROVED";
  }

  private orderView(order: PayPalOrder) {
    const payments: Record<string, unknown> = {};
    if (order.authorization) payments.authorizations = [order.authorization];
    if (order.captures.length > 0) {
      payments.captures = order.captures.map(({ refunded: _r, ...c }) => c);
      payments.refunds = order.captures
        .filter((c) => c.refunded > 0)
        .map((c) => ({
          id: `REF-${c.id}`,
          status: "COMPLETED",
          amount: { currency_code: c.amount.currency_code, value: (c.refunded / 100).toFixed(2) },
          links: [{ rel: "up", href: `https://api.paypal.com/v2/payments/captures/${c.id}`, method: "GET" }],
        }));
    }
    return {
      id: order.id,
      intent: "AUTHORIZE",
      status: order.status,
      purchase_units: [
        {
          reference_id: order.customId,
          custom_id: order.customId,
          amount: order.amount,
          ...(Object.keys(payments).length > 0 ? { payments } : {}),
        },
      ],
      links: [
        { rel: "self", href: `https://api.paypal.com/v2/checkout/orders/${order.id}`, method: "GET" },
        { rel: "payer-action", href: `https://www.paypal.com/checkoutnow?token=${order.id}`, method: "GET" },
      ],
    };
  }

  private findAuthorization(id: string) {
    return [...this.orders.values()].find((o) => o.authorization?.id === id);
  }

  protected route(call: FakeCall): [number, unknown] {
    if (call.path === "/v1/oauth2/token") {
      return [200, { access_token: "A21-fake-token", token_type: "Bearer", expires_in: 32_400, scope: "openid" }];
    }
    if (call.path === "/v2/checkout/orders" && call.method === "POST") {
      const previous = [...this.orders.values()].find((o) => call.idempotencyKey && o.customId === call.idempotencyKey);
      if (previous) return [200, this.orderView(previous)];
      const unit = (call.body.purchase_units as { custom_id: string; amount: PayPalOrder["amount"] }[])[0];
      const id = randomBytes(8).toString("hex").toUpperCase();
      const order: PayPalOrder = {
        id,
        status: "PAYER_ACTION_REQUIRED",
        amount: unit?.amount ?? { currency_code: "EUR", value: "0.00" },
        customId: call.idempotencyKey ?? unit?.custom_id ?? "",
        authorization: null,
        captures: [],
      };
      this.orders.set(id, order);
      return [200, this.orderView(order)];
    }
    let m = /^\/v2\/checkout\/orders\/([^/]+)(\/authorize)?$/.exec(call.path);
    if (m) {
      const order = this.orders.get(m[1] as string);
      if (!order) return [404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." }];
      if (!m[2]) return [200, this.orderView(order)];
      if (order.status === "COMPLETED") return [200, this.orderView(order)];
      if (order.status !== "APPROVED")
        return [422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] }];
      if (this.declineAuthorize) {
        return [422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INSTRUMENT_DECLINED" }] }];
      }
      order.status = "COMPLETED";
      order.authorization = { id: `AUTH-${order.id}`, status: "CREATED", amount: order.amount };
      return [201, this.orderView(order)];
    }
    m = /^\/v2\/payments\/authorizations\/([^/]+)(?:\/(capture|void))?$/.exec(call.path);
    if (m) {
      const order = this.findAuthorization(m[1] as string);
      const authorization = order?.authorization;
      if (!order || !authorization) return [404, { name: "RESOURCE_NOT_FOUND" }];
      if (!m[2]) return [200, authorization];
      if (m[2] === "void") {
        if (authorization.status !== "CREATED")
          return [422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "PREVIOUSLY_CAPTURED" }] }];
        authorization.status = "VOIDED";
        return [204, null];
      }
      const amount = call.body.amount as { currency_code: string; value: string };
      const capturedSoFar = order.captures.reduce((s, c) => s + Math.round(Number(c.amount.value) * 100), 0);
      if (
        capturedSoFar + Math.round(Number(amount.value) * 100) >
        Math.round(Number(authorization.amount.value) * 100)
      ) {
        return [422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "MAX_CAPTURE_AMOUNT_EXCEEDED" }] }];
      }
      const capture = { id: `CAP-${order.captures.length + 1}-${order.id}`, status: "COMPLETED", amount, refunded: 0 };
      order.captures.push(capture);
      authorization.status = call.body.final_capture === false ? "PARTIALLY_CAPTURED" : "CAPTURED";
      const { refunded: _r, ...view } = capture;
      return [201, view];
    }
    m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(call.path);
    if (m) {
      const capture = [...this.orders.values()].flatMap((o) => o.captures).find((c) => c.id === m?.[1]);
      if (!capture) return [404, { name: "RESOURCE_NOT_FOUND" }];
      const cents = Math.round(Number((call.body.amount as { value: string }).value) * 100);
      if (capture.refunded + cents > Math.round(Number(capture.amount.value) * 100)) {
        return [422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "REFUND_AMOUNT_EXCEEDED" }] }];
      }
      capture.refunded += cents;
      return [201, { id: `REF-${capture.id}-${capture.refunded}`, status: "COMPLETED" }];
    }
    if (call.path === "/v1/notifications/verify-webhook-signature") {
      return [200, { verification_status: this.verify(call.body) ? "SUCCESS" : "FAILURE" }];
    }
    return [404, { name: "RESOURCE_NOT_FOUND", message: `${call.method} ${call.path}` }];
  }

  /** PayPal's check: RSA-SHA256 over `transmission id|time|webhook id|CRC32 of the body` with its certificate. */
  private verify(body: Record<string, unknown>): boolean {
    if (body.webhook_id !== this.webhookId || body.cert_url !== this.certUrl) return false;
    const raw = JSON.stringify(body.webhook_event);
    const message = `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(raw)}`;
    try {
      return createVerify("RSA-SHA256")
        .update(message)
        .verify(this.keys.publicKey, String(body.transmission_sig), "base64");
    } catch {
      return false;
    }
  }

  /** A webhook as PayPal sends it: the event and its transmission headers, signed with PayPal's key. */
  webhook(type: string, orderId: string, id = `WH-${randomBytes(8).toString("hex").toUpperCase()}`) {
    const order = this.orders.get(orderId);
    const resource = type.startsWith("CHECKOUT.ORDER.")
      ? { id: orderId, status: order?.status }
      : {
          id: order?.authorization?.id,
          status: order?.authorization?.status,
          supplementary_data: { related_ids: { order_id: orderId } },
        };
    const body = JSON.stringify({
      id,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: type.startsWith("CHECKOUT.ORDER.") ? "checkout-order" : "authorization",
      event_type: type,
      summary: type,
      resource,
    });
    const transmissionId = randomBytes(16).toString("hex");
    const time = new Date().toISOString();
    const signature = createSign("RSA-SHA256")
      .update(`${transmissionId}|${time}|${this.webhookId}|${crc32(JSON.stringify(JSON.parse(body)))}`)
      .sign(this.keys.privateKey, "base64");
    const headers: Record<string, string> = {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": this.certUrl,
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-sig": signature,
      "paypal-transmission-time": time,
    };
    return { body, header: (name: string) => headers[name.toLowerCase()] ?? null };
  }
}
