import type { Actor } from "../audit/audit.ts";
import type { Ctx } from "../context.ts";
import { getOrderByNumber, type OrderDetails } from "./orders.ts";
import { listOrderRefunds, type OrderRefund, type Refundable, refundableOf } from "./refunds.ts";
import { type Change, changeOrder, type OrderChangeResult } from "./status.ts";

/**
 * The operator's view of one order (back office detail page, `vitrine orders show`) and the actions that are
 * not status changes: internal notes and resending a mail. Both run as order changes (locked, audited).
 */

export interface OrderNote {
  id: number;
  text: string;
  actor: string;
  at: string;
}

export type MailStatus = "pending" | "sent" | "failed";

export interface OrderMail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OrderOperatorView {
  order: OrderDetails;
  refunds: OrderRefund[];
  refundable: Refundable;
  notes: OrderNote[];
  mails: OrderMail[];
}

export async function getOrderOperatorView(ctx: Pick<Ctx, "db">, number: string): Promise<OrderOperatorView | null> {
  const order = await getOrderByNumber(ctx, number);
  if (!order) return null;
  const [refunds, refundable, notes, mails] = await Promise.all([
    listOrderRefunds(ctx, order.id),
    refundableOf(ctx.db, order),
    ctx.db.selectFrom("order_note").selectAll().where("order_id", "=", order.id).orderBy("id").execute(),
    ctx.db
      .selectFrom("mail_outbox")
      .select(["id", "kind", "recipient", "subject", "status", "attempts", "last_error", "created_at", "sent_at"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
  ]);
  return {
    order,
    refunds,
    refundable,
    notes: notes.map((n) => ({ id: Number(n.id), text: n.text, actor: n.actor_label, at: n.created_at })),
    mails: mails.map((m) => ({
      id: Number(m.id),
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      status: m.status as MailStatus,
      attempts: m.attempts,
      lastError: m.last_error,
      createdAt: m.created_at,
      sentAt: m.sent_at,
    })),
  };
}

export const NOTE_MAX = 2000;

/** An internal note on the order (never shown to the customer). */
export function addOrderNote(ctx: Ctx, actor: Actor, number: string, text: string): Promise<OrderChangeResult> {
  return changeOrder(ctx, actor, "note", number, async (trx, order, now): Promise<Change> => {
    const note = text.trim();
    if (note === "" || note.length > NOTE_MAX) {
      return { failure: { ok: false, error: "InvalidInput", detail: `A note has 1 to ${NOTE_MAX} characters` } };
    }
    await trx
      .insertInto("order_note")
      .values({ order_id: order.id, text: note, actor_label: actor.label, created_at: now.toISOString() })
      .execute();
    return { mail: null, audit: { note } };
  });
}

/**
 * Sends one of the order's mails again: a failed or waiting one is retried now (attempts start over); a sent one
 * is queued again as a copy. Asking again while it waits changes nothing.
 */
export function resendOrderMail(ctx: Ctx, actor: Actor, number: string, mailId: number): Promise<OrderChangeResult> {
  return changeOrder(ctx, actor, "resend_mail", number, async (trx, order, now): Promise<Change> => {
    const mail = await trx
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", mailId)
      .where("order_id", "=", order.id)
      .executeTakeFirst();
    if (!mail) return { failure: { ok: false, error: "NotFound", detail: `Order ${number} has no mail ${mailId}` } };
    const at = now.toISOString();
    if (mail.status === "pending" && mail.attempts === 0 && mail.available_at <= at) return { unchanged: true };
    if (mail.status === "sent") {
      await trx
        .insertInto("mail_outbox")
        .values({
          kind: mail.kind,
          recipient: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          status: "pending",
          attempts: 0,
          last_error: null,
          available_at: at,
          created_at: at,
          sent_at: null,
          order_id: order.id,
        })
        .execute();
    } else {
      await trx
        .updateTable("mail_outbox")
        .set({ status: "pending", attempts: 0, last_error: null, available_at: at })
        .where("id", "=", mail.id)
        .execute();
    }
    return { mail: null, audit: { after: { mail: { id: mail.id, kind: mail.kind, was: mail.status } } } };
  });
}

export interface CustomerReturnRow {
  number: string;
  orderNumber: string;
  status: string;
  createdAt: string;
}

/** The returns of a customer's orders, newest first (the customer's page in the back office). */
export async function listCustomerReturns(ctx: Pick<Ctx, "db">, customerId: string): Promise<CustomerReturnRow[]> {
  const rows = await ctx.db
    .selectFrom("order_return as r")
    .innerJoin("shop_order as o", "o.id", "r.order_id")
    .select(["r.number", "o.number as order_number", "r.status", "r.created_at"])
    .where("o.customer_id", "=", customerId)
    .orderBy("r.id", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    number: r.number,
    orderNumber: r.order_number,
    status: r.status,
    createdAt: r.created_at,
  }));
}

/**
 * The orders module's part of a GDPR erasure: the orders stay for accounting (lines, totals, VAT and the billing
 * address an invoice must keep for the statutory retention period), but the e-mail becomes `replacementEmail`,
 * the phone and the shipping address's name and street are removed, the search columns no longer find the person,
 * and every mail to them in the outbox (sent or not) is deleted. Returns how many orders were touched.
 */
export async function anonymiseCustomerOrders(
  ctx: Pick<Ctx, "db">,
  customerId: string,
  formerEmail: string,
  replacementEmail: string,
): Promise<number> {
  const orders = await ctx.db
    .selectFrom("shop_order")
    .select(["id", "shipping_address"])
    .where("customer_id", "=", customerId)
    .execute();
  for (const order of orders) {
    let shipping: Record<string, unknown> = {};
    try {
      shipping = JSON.parse(order.shipping_address);
    } catch {}
    const kept = {
      zipCode: shipping.zipCode ?? "",
      city: shipping.city ?? "",
      countryCode: shipping.countryCode ?? "",
    };
    await ctx.db
      .updateTable("shop_order")
      .set({
        email: replacementEmail,
        phone: null,
        shipping_address: JSON.stringify({ firstName: "", lastName: "", street: "", addressLine2: "", ...kept }),
        search_email: replacementEmail,
        search_first_name: "",
        search_last_name: "",
      })
      .where("id", "=", order.id)
      .execute();
  }
  await ctx.db
    .deleteFrom("mail_outbox")
    .where((eb) =>
      eb.or([
        eb("recipient", "=", formerEmail),
        ...(orders.length
          ? [
              eb(
                "order_id",
                "in",
                orders.map((o) => Number(o.id)),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  return orders.length;
}
