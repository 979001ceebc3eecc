import type { Ctx } from "../context.ts";
import { eventRecorded, publishEvent } from "../events/publish.ts";
import { ProviderError, verifyPayPalWebhook, verifyStripeWebhook } from "./gateways.ts";
import { settleWithProvider, syncPayment } from "./money.ts";
import { addPaymentEvent } from "./payments.ts";

/**
 * `POST /api/payments/{provider}/webhook`: the provider tells the shop a payment changed. The signature is checked
 * (Stripe: `Stripe-Signature`, HMAC-SHA256 with the signing secret; PayPal: its verify-webhook-signature API),
 * the event is recorded once by its id in the core's event table, and the payment is brought to the provider's
 * current state (money.ts `syncPayment`): reading the state instead of applying the event makes duplicates and
 * events out of order harmless. An authorized payment whose shopper never came back gets its order from the
 * reconciliation job (reconcile.ts).
 */

export type WebhookAnswer =
  | { status: 200; body: { received: true; duplicate?: boolean; paymentId?: string | null } }
  | { status: 400; body: { error: "InvalidSignature" | "InvalidPayload" } }
  | { status: 404; body: { error: "UnknownProvider" } }
  | { status: 503; body: { error: "ProviderUnavailable" } };

interface ParsedEvent {
  id: string;
  type: string;
  /** The provider's payment id the event names (PaymentIntent, PayPal order). */
  ref: string | null;
}

function stripeRef(object: Record<string, unknown>): string | null {
  if (typeof object.object === "string" && object.object === "payment_intent") return String(object.id);
  return typeof object.payment_intent === "string" ? object.payment_intent : null;
}

function paypalRef(resource: Record<string, unknown>, type: string): string | null {
  if (type.startsWith("CHECKOUT.ORDER.")) return typeof resource.id === "string" ? resource.id : null;
  const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids;
  return related?.order_id ?? null;
}

export async function handlePaymentWebhook(
  ctx: Ctx,
  provider: string,
  header: (name: string) => string | null,
  rawBody: string,
): Promise<WebhookAnswer> {
  const config = ctx.config;
  let event: ParsedEvent;
  if (provider === "stripe" && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    try {
      const parsed = verifyStripeWebhook(config, rawBody, header("stripe-signature") ?? "");
      event = {
        id: parsed.id,
        type: parsed.type,
        ref: stripeRef(parsed.data.object as unknown as Record<string, unknown>),
      };
    } catch {
      return { status: 400, body: { error: "InvalidSignature" } };
    }
  } else if (provider === "paypal" && config.PAYPAL_CLIENT_ID && config.PAYPAL_WEBHOOK_ID) {
    let body: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { status: 400, body: { error: "InvalidPayload" } };
    }
    if (typeof body.id !== "string" || typeof body.event_type !== "string" || typeof body.resource !== "object") {
      return { status: 400, body: { error: "InvalidPayload" } };
    }
    try {
      if (!(await verifyPayPalWebhook(config, header, rawBody)))
        return { status: 400, body: { error: "InvalidSignature" } };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // PayPal retries a webhook that was not answered with 2xx.
      return { status: 503, body: { error: "ProviderUnavailable" } };
    }
    event = { id: body.id, type: body.event_type, ref: paypalRef(body.resource ?? {}, body.event_type) };
  } else {
    return { status: 404, body: { error: "UnknownProvider" } };
  }

  const entityId = `${provider}:${event.id}`;
  if (await eventRecorded(ctx.db, "payment_webhook", entityId))
    return { status: 200, body: { received: true, duplicate: true } };

  const payment = event.ref
    ? await ctx.db
        .selectFrom("payment")
        .select(["id", "provider"])
        .where("provider", "=", provider)
        .where("provider_ref", "=", event.ref)
        .executeTakeFirst()
    : undefined;
  const now = ctx.clock.now();
  if (payment) {
    try {
      await syncPayment(ctx, payment.id, now);
      // A refund, capture or cancelled hold made in the provider's dashboard.
      await settleWithProvider(ctx, payment.id, now);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return { status: 503, body: { error: "ProviderUnavailable" } };
    }
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await publishEvent(
        trx,
        {
          type: "payment.webhook",
          entity: "payment_webhook",
          entityId,
          payload: { provider, type: event.type, paymentId: payment?.id ?? null },
        },
        now,
      );
      if (payment) {
        await addPaymentEvent(
          { db: trx },
          payment.id,
          { kind: "webhook", providerRef: event.id, detail: event.type },
          now,
        );
      }
    });
  } catch (error) {
    // The same event at the same moment: the other delivery recorded it (the unique index), nothing more to do.
    if (await eventRecorded(ctx.db, "payment_webhook", entityId))
      return { status: 200, body: { received: true, duplicate: true } };
    throw error;
  }
  return { status: 200, body: { received: true, paymentId: payment?.id ?? null } };
}
