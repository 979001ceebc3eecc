import { type Actor, recordAudit } from "../audit/audit.ts";
import { type Ctx, withTransaction } from "../context.ts";
import {
  adjustLoyaltyPoints,
  type CustomerRecord,
  eraseCustomerProfile,
  erasedEmail,
  findCustomerId,
  getCustomerRecord,
  newsletterSubscribersCsv,
  type PointsAdjustment,
} from "../customers/operator.ts";
import { publishEvent } from "../events/publish.ts";
import { anonymiseCustomerOrders, type CustomerReturnRow, listCustomerReturns } from "../orders/operator.ts";
import { getOrderByNumber, listCustomerOrders, type OrderDetails, type OrderSummary } from "../orders/orders.ts";
import type { Language } from "../shop/shops.ts";

/**
 * A customer as the operator sees them (back office, `vitrine customers …`): the customers module's record with
 * the customer's orders and returns, the GDPR export and erasure, manual loyalty points. Every change and every
 * export of personal data is audited in its own transaction. This module owns no tables: it calls the modules'
 * services.
 */

export interface CustomerOperatorView extends CustomerRecord {
  orders: OrderSummary[];
  returns: CustomerReturnRow[];
}

export async function getCustomerOperatorView(ctx: Ctx, idOrNumber: string): Promise<CustomerOperatorView | null> {
  const id = await findCustomerId(ctx, idOrNumber);
  const record = id ? await getCustomerRecord(ctx, id) : null;
  if (!id || !record) return null;
  const [orders, returns] = await Promise.all([
    listCustomerOrders(ctx, id, { limit: 200 }),
    listCustomerReturns(ctx, id),
  ]);
  return { ...record, orders, returns };
}

export interface CustomerExport {
  exportedAt: string;
  customer: CustomerRecord["customer"] & { createdAt: string; erasedAt: string | null };
  addresses: CustomerRecord["addresses"];
  fashionCard: CustomerRecord["fashionCard"];
  newsletter: CustomerRecord["newsletter"];
  newsletterCancellations: CustomerRecord["cancellations"];
  orders: OrderDetails[];
}

/** Everything the shop holds about a customer, as JSON (GDPR art. 15 and 20); the export itself is audited. */
export async function exportCustomerData(ctx: Ctx, actor: Actor, idOrNumber: string): Promise<CustomerExport | null> {
  const view = await getCustomerOperatorView(ctx, idOrNumber);
  if (!view) return null;
  const orders: OrderDetails[] = [];
  for (const summary of view.orders) {
    const order = await getOrderByNumber(ctx, summary.number);
    if (order) orders.push(order);
  }
  await withTransaction(ctx, (tx) =>
    recordAudit(tx, actor, { action: "customer.export", subjectType: "customer", subjectId: view.customer.id }),
  );
  return {
    exportedAt: ctx.clock.now().toISOString(),
    customer: { ...view.customer, createdAt: view.createdAt, erasedAt: view.erasedAt },
    addresses: view.addresses,
    fashionCard: view.fashionCard,
    newsletter: view.newsletter,
    newsletterCancellations: view.cancellations,
    orders,
  };
}

export type EraseResult =
  | { ok: true; customerId: string; orders: number }
  | { ok: false; error: "NotFound"; detail: string }
  | { ok: false; error: "Conflict"; detail: string };

/**
 * Erases a customer on request (GDPR art. 17): personal data anonymised, orders kept for accounting (see
 * `anonymiseCustomerOrders`), sign-in impossible. One transaction with its audit entry and a `customer.erased`
 * event; erasing again is refused (nothing left to erase).
 */
export async function eraseCustomer(ctx: Ctx, actor: Actor, idOrNumber: string, reason = ""): Promise<EraseResult> {
  const id = await findCustomerId(ctx, idOrNumber);
  if (!id) return { ok: false, error: "NotFound", detail: `No customer ${idOrNumber}` };
  return withTransaction(ctx, async (tx): Promise<EraseResult> => {
    const email = await eraseCustomerProfile(tx, id);
    if (email === null) return { ok: false, error: "Conflict", detail: `Customer ${idOrNumber} was erased before` };
    const orders = await anonymiseCustomerOrders(tx, id, email, erasedEmail(id));
    await publishEvent(tx, { type: "customer.erased", entity: "customer", entityId: id });
    await recordAudit(tx, actor, {
      action: "customer.erase",
      subjectType: "customer",
      subjectId: id,
      before: { erased: false },
      after: { erased: true, ordersAnonymised: orders },
      note: reason.trim().slice(0, 200) || null,
    });
    return { ok: true, customerId: id, orders };
  });
}

/** Adds or takes back fashion card points by hand, with the reason in the audit log. */
export async function adjustCustomerPoints(
  ctx: Ctx,
  actor: Actor,
  idOrNumber: string,
  points: number,
  reason: string,
): Promise<PointsAdjustment> {
  const id = await findCustomerId(ctx, idOrNumber);
  if (!id) return { ok: false, error: "NotFound", detail: `No customer ${idOrNumber}` };
  const why = reason.trim().slice(0, 200);
  if (why === "") return { ok: false, error: "InvalidInput", detail: "A points adjustment needs a reason" };
  return withTransaction(ctx, async (tx) => {
    const result = await adjustLoyaltyPoints(tx, id, points);
    if (result.ok) {
      await recordAudit(tx, actor, {
        action: "customer.points",
        subjectType: "customer",
        subjectId: id,
        before: { points: result.before },
        after: { points: result.after },
        note: why,
      });
    }
    return result;
  });
}

/** The newsletter subscribers of a language as CSV; the export of personal data is audited first. */
export async function exportNewsletterSubscribers(
  ctx: Ctx,
  actor: Actor,
  language: Language,
): Promise<AsyncGenerator<string>> {
  await withTransaction(ctx, (tx) =>
    recordAudit(tx, actor, { action: "newsletter.export", subjectType: "newsletter", subjectId: language }),
  );
  return newsletterSubscribersCsv(ctx, language);
}
