import { handlePaymentWebhook } from "@vitrine/commerce";
import { requestContext } from "../lib/context.ts";
import type { Route } from "./+types/api.payments-webhook";

/**
 * `POST /api/payments/{stripe|paypal}/webhook`: a payment provider reports a change (payments/webhooks.ts). No
 * CSRF token: the provider's signature authenticates the call. The body is read raw, as the signature covers it.
 */

/** Provider events are a few kilobytes. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

export async function action({ request, params, context }: Route.ActionArgs): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
  const raw = await request.text();
  if (raw.length > MAX_WEBHOOK_BYTES) return Response.json({ error: "TooLarge" }, { status: 413 });
  const { ctx } = context.get(requestContext);
  const answer = await handlePaymentWebhook(ctx, params.provider ?? "", (name) => request.headers.get(name), raw);
  return Response.json(answer.body, { status: answer.status, headers: { "cache-control": "no-store" } });
}

export function loader(): Response {
  return new Response(null, { status: 405, headers: { allow: "POST" } });
}
