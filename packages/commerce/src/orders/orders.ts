import type { Selectable } from "kysely";
import type { AppliedReduction } from "../basket/types.ts";
import type { CheckoutAddress } from "../checkout/draft.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/database.ts";
import type { OrderLineTable, ShopOrderTable } from "../db/tables/orders.ts";
import { parseJson } from "../json.ts";
import { maskGiftCardCode } from "../payments/gift-cards.ts";
import {
  type OrderPaymentStatus,
  PAYMENT_PROVIDERS,
  type PaymentInstructions,
  type PaymentMethodId,
  type TransferTerms,
} from "../payments/methods.ts";
import { paymentCard } from "../payments/payments.ts";
import type { DeliveryMethodId } from "../shop/delivery.ts";
import type { ShippingCountry } from "../shop/shipping-countries.ts";
import type { Currency, StoreCode } from "../shop/shops.ts";
import { trackingUrl } from "./carriers.ts";

/** The orders module: what an order is once placed, and how it is read (account, confirmation, tracking, CLI). */

export const ORDER_STATUSES = ["placed", "paid", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderEventType =
  | OrderStatus
  | "return_registered"
  | "return_received"
  | "return_refunded"
  | "return_rejected"
  | "refunded";

export interface OrderLine {
  id: number;
  position: number;
  productId: number;
  variantId: number;
  name: string;
  brand: string;
  colorLabel: string;
  sizeLabel: string;
  productPath: string;
  imageUrl: string | null;
  quantity: number;
  unitPrice: number;
  unitDiscounted: number;
  total: number;
  tax: number;
  reductions: AppliedReduction[];
  promotionId: string | null;
  isGift: boolean;
  backorder: boolean;
  /** Units registered for return so far. */
  returnedQuantity: number;
  /** Units in packages so far. */
  shippedQuantity: number;
}

export interface OrderPackage {
  id: number;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { lineId: number; quantity: number }[];
  shippedAt: string;
  deliveredAt: string | null;
}

export interface OrderEvent {
  type: OrderEventType;
  at: string;
  data: Record<string, string | number | null>;
}

export const RETURN_STATUSES = ["registered", "received", "refunded", "rejected"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export type ReturnCondition = "resellable" | "damaged";

export interface OrderReturn {
  number: string;
  createdAt: string;
  labelToken: string;
  /** registered → received → refunded, or rejected (with `rejectReason`). */
  status: ReturnStatus;
  receivedAt: string | null;
  refundedAt: string | null;
  rejectedAt: string | null;
  rejectReason: string | null;
  lines: { lineId: number; quantity: number; reason: string; condition: ReturnCondition | null }[];
}

export interface OrderDetails {
  id: number;
  number: string;
  storeCode: StoreCode;
  currency: Currency;
  customerId: string;
  owner: { kind: string; id: string };
  email: string;
  phone: string | null;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  placedAt: string;
  updatedAt: string;
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  shippingCountry: ShippingCountry;
  delivery: { method: DeliveryMethodId; price: number; dateRange: { min: string; max: string } };
  payment: {
    method: PaymentMethodId | null;
    fee: number;
    amountDue: number;
    giftCard: { maskedCode: string; amount: number } | null;
    card: { brand: string; last4: string } | null;
    instructions: PaymentInstructions | null;
  };
  totals: {
    itemsListTotal: number;
    reductions: (AppliedReduction & { name?: string | null })[];
    itemsTotal: number;
    delivery: number;
    paymentFee: number;
    total: number;
    giftCard: number;
    amountDue: number;
    tax: number;
    net: number;
    /** 0.19 */
    vatRate: number;
  };
  lines: OrderLine[];
  packages: OrderPackage[];
  history: OrderEvent[];
  returns: OrderReturn[];
}

export interface OrderSummary {
  number: string;
  storeCode: StoreCode;
  currency: Currency;
  status: OrderStatus;
  placedAt: string;
  total: number;
  /** Units of the order's lines. */
  units: number;
  images: string[];
}

type OrderRow = Selectable<ShopOrderTable>;
type LineRow = Selectable<OrderLineTable>;

function toLine(row: LineRow, returned: number, shipped: number): OrderLine {
  return {
    id: Number(row.id),
    position: row.position,
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.name,
    brand: row.brand,
    colorLabel: row.color_label,
    sizeLabel: row.size_label,
    productPath: row.product_path,
    imageUrl: row.image_url,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    unitDiscounted: row.unit_discounted,
    total: row.total,
    tax: row.tax,
    reductions: parseJson(row.reductions, []),
    promotionId: row.promotion_id,
    isGift: row.is_gift === 1,
    backorder: row.backorder === 1,
    returnedQuantity: returned,
    shippedQuantity: shipped,
  };
}

async function detailsOf(db: Db, order: OrderRow): Promise<OrderDetails> {
  const orderId = Number(order.id);
  const [lines, events, packages, returns, card] = await Promise.all([
    db.selectFrom("order_line").selectAll().where("order_id", "=", orderId).orderBy("position").execute(),
    db.selectFrom("order_event").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),
    db.selectFrom("order_package").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),
    db
      .selectFrom("order_return as r")
      .leftJoin("order_return_line as l", "l.return_id", "r.id")
      .select([
        "r.id",
        "r.number",
        "r.label_token",
        "r.created_at",
        "r.status",
        "r.received_at",
        "r.refunded_at",
        "r.rejected_at",
        "r.reject_reason",
        "l.order_line_id",
        "l.quantity",
        "l.reason",
        "l.condition",
      ])
      .where("r.order_id", "=", orderId)
      .orderBy("r.id")
      .execute(),
    order.payment_id ? paymentCard({ db }, order.payment_id) : null,
  ]);

  const returnsByNumber = new Map<string, OrderReturn>();
  const returned = new Map<number, number>();
  for (const row of returns) {
    let entry = returnsByNumber.get(row.number);
    if (!entry) {
      entry = {
        number: row.number,
        createdAt: row.created_at,
        labelToken: row.label_token,
        status: row.status as ReturnStatus,
        receivedAt: row.received_at,
        refundedAt: row.refunded_at,
        rejectedAt: row.rejected_at,
        rejectReason: row.reject_reason,
        lines: [],
      };
      returnsByNumber.set(row.number, entry);
    }
    if (row.order_line_id !== null && row.quantity !== null) {
      const lineId = Number(row.order_line_id);
      entry.lines.push({
        lineId,
        quantity: row.quantity,
        reason: row.reason ?? "other",
        condition: (row.condition as ReturnCondition | null) ?? null,
      });
      // A rejected return's items went back to the customer: they can be returned again.
      if (row.status !== "rejected") returned.set(lineId, (returned.get(lineId) ?? 0) + row.quantity);
    }
  }
  const packageViews: OrderPackage[] = packages.map((p) => ({
    id: Number(p.id),
    carrier: p.carrier,
    trackingNumber: p.tracking_number,
    trackingUrl: trackingUrl(p.carrier, p.tracking_number),
    lines: parseJson(p.lines, []),
    shippedAt: p.shipped_at,
    deliveredAt: p.delivered_at,
  }));
  const shipped = new Map<number, number>();
  for (const p of packageViews)
    for (const l of p.lines) shipped.set(l.lineId, (shipped.get(l.lineId) ?? 0) + l.quantity);

  const method = order.payment_method as PaymentMethodId | null;
  const currency = order.currency as Currency;
  // Instructions while something is still to pay: bank details for invoice and prepayment, cash at the door.
  const instructions =
    method !== null && (order.payment_status === "awaiting_payment" || order.payment_status === "due_on_delivery")
      ? PAYMENT_PROVIDERS[method].instructions({
          terms: order.payment_terms ? (JSON.parse(order.payment_terms) as TransferTerms) : null,
          number: order.number,
          amountDue: order.amount_due,
          paymentFee: order.payment_fee,
          currency,
          placedAt: order.placed_at,
        })
      : null;
  return {
    id: orderId,
    number: order.number,
    storeCode: order.store_code as StoreCode,
    currency,
    customerId: order.customer_id,
    owner: { kind: order.owner_kind, id: order.owner_id },
    email: order.email,
    phone: order.phone,
    status: order.status as OrderStatus,
    paymentStatus: order.payment_status as OrderPaymentStatus,
    placedAt: order.placed_at,
    updatedAt: order.updated_at,
    shippingAddress: parseJson(order.shipping_address, {} as CheckoutAddress),
    billingAddress: parseJson(order.billing_address, {} as CheckoutAddress),
    shippingCountry: order.shipping_country as ShippingCountry,
    delivery: {
      method: order.delivery_method as DeliveryMethodId,
      price: order.delivery_price,
      dateRange: { min: order.delivery_min, max: order.delivery_max },
    },
    payment: {
      method,
      fee: order.payment_fee,
      amountDue: order.amount_due,
      giftCard:
        order.gift_card_code && order.gift_card_amount > 0
          ? { maskedCode: maskGiftCardCode(order.gift_card_code), amount: order.gift_card_amount }
          : null,
      card,
      instructions: order.status === "cancelled" ? null : instructions,
    },
    totals: {
      itemsListTotal: order.items_list_total,
      reductions: parseJson(order.reductions, []),
      itemsTotal: order.items_total,
      delivery: order.delivery_price,
      paymentFee: order.payment_fee,
      total: order.total,
      giftCard: order.gift_card_amount,
      amountDue: order.amount_due,
      tax: order.tax_total,
      net: order.net_total,
      vatRate: order.vat_rate_bp / 10_000,
    },
    lines: lines.map((l) => toLine(l, returned.get(Number(l.id)) ?? 0, shipped.get(Number(l.id)) ?? 0)),
    packages: packageViews,
    history: events.map((e) => ({
      type: e.type as OrderEventType,
      at: e.created_at,
      data: parseJson(e.data, {}),
    })),
    returns: [...returnsByNumber.values()],
  };
}

export async function getOrderById(ctx: Pick<Ctx, "db">, id: number): Promise<OrderDetails | null> {
  const { db } = ctx;
  const row = await db.selectFrom("shop_order").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? detailsOf(db, row) : null;
}

export async function getOrderByNumber(ctx: Pick<Ctx, "db">, number: string): Promise<OrderDetails | null> {
  const { db } = ctx;
  if (!isOrderNumber(number)) return null;
  const row = await db.selectFrom("shop_order").selectAll().where("number", "=", number).executeTakeFirst();
  return row ? detailsOf(db, row) : null;
}

/** The id of the order placed with this idempotency key, if any: placement's check for a twin request. */
export async function orderIdByIdempotencyKey(ctx: Pick<Ctx, "db">, key: string): Promise<number | undefined> {
  const row = await ctx.db.selectFrom("shop_order").select("id").where("idempotency_key", "=", key).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function getOrderByIdempotencyKey(ctx: Pick<Ctx, "db">, key: string): Promise<OrderDetails | null> {
  const { db } = ctx;
  const row = await db.selectFrom("shop_order").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
  return row ? detailsOf(db, row) : null;
}

/** One of the customer's orders; any other order (or none) is null, so the page answers 404 either way. */
export async function getCustomerOrder(
  ctx: Pick<Ctx, "db">,
  customerId: string,
  number: string,
): Promise<OrderDetails | null> {
  const { db } = ctx;
  if (!isOrderNumber(number)) return null;
  const row = await db
    .selectFrom("shop_order")
    .selectAll()
    .where("number", "=", number)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return row ? detailsOf(db, row) : null;
}

/** The customer's orders, newest first. */
export async function listCustomerOrders(
  ctx: Pick<Ctx, "db">,
  customerId: string,
  options: { limit?: number; offset?: number } = {},
): Promise<OrderSummary[]> {
  const { db } = ctx;
  const rows = await db
    .selectFrom("shop_order")
    .select(["id", "number", "store_code", "currency", "status", "placed_at", "total"])
    .where("customer_id", "=", customerId)
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 50)
    .offset(options.offset ?? 0)
    .execute();
  return summariesOf(db, rows);
}

export interface OrderListFilter {
  status?: OrderStatus;
  storeCode?: StoreCode;
  limit?: number;
}

/** Orders for the operator (CLI), newest first. */
export async function listOrders(
  ctx: Pick<Ctx, "db">,
  filter: OrderListFilter = {},
): Promise<(OrderSummary & { email: string })[]> {
  const { db } = ctx;
  let query = db
    .selectFrom("shop_order")
    .select(["id", "number", "store_code", "currency", "status", "placed_at", "total", "email"])
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit ?? 50);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.storeCode) query = query.where("store_code", "=", filter.storeCode);
  const rows = await query.execute();
  const summaries = await summariesOf(db, rows);
  return summaries.map((s, i) => ({ ...s, email: rows[i]?.email ?? "" }));
}

async function summariesOf(
  db: Db,
  rows: {
    id: number;
    number: string;
    store_code: string;
    currency: string;
    status: string;
    placed_at: string;
    total: number;
  }[],
): Promise<OrderSummary[]> {
  const ids = rows.map((r) => Number(r.id));
  const lines =
    ids.length > 0
      ? await db
          .selectFrom("order_line")
          .select(["order_id", "quantity", "image_url", "is_gift"])
          .where("order_id", "in", ids)
          .orderBy("position")
          .execute()
      : [];
  return rows.map((r) => {
    const own = lines.filter((l) => Number(l.order_id) === Number(r.id));
    return {
      number: r.number,
      storeCode: r.store_code as StoreCode,
      currency: r.currency as Currency,
      status: r.status as OrderStatus,
      placedAt: r.placed_at,
      total: r.total,
      units: own.reduce((sum, l) => sum + (l.is_gift === 1 ? 0 : l.quantity), 0),
      images: own.flatMap((l) => (l.image_url ? [l.image_url] : [])).slice(0, 4),
    };
  });
}

/** Order numbers are 8 digits. */
export function isOrderNumber(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/** The hosted payment that pays an order (card, PayPal), if any. */
export async function orderPaymentId(ctx: Pick<Ctx, "db">, orderId: number): Promise<string | null> {
  const row = await ctx.db.selectFrom("shop_order").select("payment_id").where("id", "=", orderId).executeTakeFirst();
  return row?.payment_id ?? null;
}
