import { randomInt } from "node:crypto";
import type { CheckoutAddress } from "../checkout/draft.ts";
import type { CheckoutQuote } from "../checkout/quote.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import { publishEvent } from "../events/publish.ts";
import type { EventType } from "../events/types.ts";
import type { OrderPaymentStatus, PaymentMethodId, TransferTerms } from "../payments/methods.ts";
import type { StoreCode } from "../shop/shops.ts";
import { orderSearchColumns } from "./order-list.ts";
import type { OrderStatus } from "./orders.ts";

/** Writes a placed order (order, lines, first history entries) inside the placement transaction. */

export interface NewOrder {
  storeCode: StoreCode;
  customerId: string;
  owner: { kind: string; id: string };
  email: string;
  phone: string | null;
  idempotencyKey: string;
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  quote: CheckoutQuote;
  paymentMethod: PaymentMethodId | null;
  paymentId: string | null;
  paymentStatus: OrderPaymentStatus;
  /** Invoice and prepayment: the shop's account and the due date, as the settings were at placement. */
  paymentTerms: TransferTerms | null;
}

export function newOrderNumber(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/**
 * Inserts the order. `null` when an order with the same idempotency key exists (the caller returns that one).
 * A random number that is taken is drawn again; ON CONFLICT DO NOTHING keeps the transaction usable on PostgreSQL.
 */
export async function insertOrder(
  ctx: Pick<Ctx, "db">,
  order: NewOrder,
  now: Date,
): Promise<{ id: number; number: string } | null> {
  const { db: trx } = ctx;
  const at = now.toISOString();
  const q = order.quote;
  const status: OrderStatus = order.paymentStatus === "paid" ? "paid" : "placed";
  for (let attempt = 0; attempt < 8; attempt++) {
    const number = newOrderNumber();
    const inserted = await trx
      .insertInto("shop_order")
      .values({
        number,
        store_code: order.storeCode,
        currency: q.currency,
        customer_id: order.customerId,
        owner_kind: order.owner.kind,
        owner_id: order.owner.id,
        email: order.email,
        phone: order.phone,
        status,
        payment_status: order.paymentStatus,
        idempotency_key: order.idempotencyKey,
        shipping_address: JSON.stringify(order.shippingAddress),
        billing_address: JSON.stringify(order.billingAddress),
        shipping_country: q.shippingCountry,
        delivery_method: q.delivery.id,
        delivery_min: q.deliveryDateRange.min,
        delivery_max: q.deliveryDateRange.max,
        payment_method: order.paymentMethod,
        payment_id: order.paymentId,
        items_list_total: q.itemsListTotal,
        items_total: q.itemsTotal,
        reductions: JSON.stringify(q.reductions),
        delivery_price: q.delivery.price,
        payment_fee: q.paymentFee,
        payment_terms: order.paymentTerms ? JSON.stringify(order.paymentTerms) : null,
        total: q.total,
        gift_card_code: q.giftCard && q.giftCard.amount > 0 ? q.giftCard.code : null,
        gift_card_amount: q.giftCard?.amount ?? 0,
        amount_due: q.amountDue,
        vat_rate_bp: Math.round(q.vatRate * 10_000),
        tax_total: q.tax,
        net_total: q.net,
        placed_at: at,
        updated_at: at,
        ...orderSearchColumns(order.email, order.shippingAddress, order.billingAddress),
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) {
      const id = Number(inserted.id);
      await trx
        .insertInto("order_line")
        .values(
          q.lines.map((l, i) => ({
            order_id: id,
            position: i + 1,
            product_id: l.productId,
            variant_id: l.variantId,
            name: l.name,
            brand: l.brand,
            color_label: l.colorLabel,
            size_label: l.sizeLabel,
            product_path: l.productPath,
            image_url: l.imageUrl,
            quantity: l.quantity,
            unit_price: l.unitPrice,
            unit_discounted: l.unitDiscounted,
            total: l.total,
            tax: l.tax,
            reductions: JSON.stringify(l.reductions),
            promotion_id: l.promotionId,
            is_gift: l.isGift ? 1 : 0,
            backorder: l.backorder ? 1 : 0,
          })),
        )
        .execute();
      await addOrderEvent(trx, id, "placed", {}, now);
      if (status === "paid") await addOrderEvent(trx, id, "paid", {}, now);
      return { id, number };
    }
    const existing = await trx
      .selectFrom("shop_order")
      .select("id")
      .where("idempotency_key", "=", order.idempotencyKey)
      .executeTakeFirst();
    if (existing) return null;
  }
  throw new Error("insertOrder: no free order number after 8 attempts");
}

/** The order history entries that are domain events for other processes and jobs (events/types.ts). */
const PUBLISHED_AS = {
  placed: "order.placed",
  paid: "order.paid",
  shipped: "order.shipped",
  delivered: "order.delivered",
  cancelled: "order.cancelled",
  return_registered: "return.registered",
  return_received: "return.received",
  return_refunded: "return.refunded",
  return_rejected: "return.rejected",
  refunded: "order.refunded",
} as const satisfies Record<string, EventType>;

export type OrderHistoryType = keyof typeof PUBLISHED_AS;

/**
 * Adds an entry to the order's history and publishes it as a domain event (`order.placed`, …), both in the
 * transaction of the change. The event's payload is the entry's data with the order's number, store and customer.
 */
export async function addOrderEvent(
  trx: Db,
  orderId: number,
  type: OrderHistoryType,
  data: Record<string, string | number | null>,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("order_event")
    .values({ order_id: orderId, type, data: JSON.stringify(data), created_at: now.toISOString() })
    .execute();
  const order = await trx
    .selectFrom("shop_order")
    .select(["number", "store_code", "customer_id"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  await publishEvent(
    trx,
    {
      type: PUBLISHED_AS[type],
      entity: "order",
      entityId: orderId,
      payload: { ...data, number: order.number, storeCode: order.store_code, customerId: order.customer_id },
    },
    now,
  );
}
