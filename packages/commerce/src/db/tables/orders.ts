import type { Generated } from "kysely";

/**
 * Tables of the checkout, payments and orders modules (migration 0005_orders; see ../schema.ts for the
 * conventions: money in integer cents, timestamps ISO text, JSON as text, flags 0/1).
 */

/** What a shopper entered in checkout so far, one per shopper and store (cleared when the order is placed). */
export interface CheckoutSessionTable {
  id: Generated<number>;
  store_code: string;
  /** `browser` or `customer`, like the basket's owner. */
  owner_kind: string;
  owner_id: string;
  /** JSON: contact, addresses, delivery method, payment method, gift card code (checkout/draft.ts). */
  draft: string;
  created_at: string;
  updated_at: string;
}

export interface ShopOrderTable {
  id: Generated<number>;
  /** The order number the shopper sees (8 digits, random: it tells nothing about the shop's volume). */
  number: string;
  store_code: string;
  currency: string;
  customer_id: string;
  /** The checkout's shopper (browser or customer): a replayed request must come from the same one. */
  owner_kind: string;
  owner_id: string;
  email: string;
  phone: string | null;
  /** `placed`, `paid`, `shipped`, `delivered` or `cancelled`. */
  status: string;
  /** `awaiting_payment`, `paid`, `due_on_delivery`, `refunded`. */
  payment_status: string;
  /** One key per checkout attempt: the same request twice gives this order again. */
  idempotency_key: string;
  /** JSON addresses (firstName, lastName, street, zipCode, city, countryCode). */
  shipping_address: string;
  billing_address: string;
  shipping_country: string;
  delivery_method: string;
  /** Expected delivery, yyyy-mm-dd. */
  delivery_min: string;
  delivery_max: string;
  /** The method paying `amount_due`; null when a gift card pays everything. */
  payment_method: string | null;
  /** The hosted payment (card, PayPal) that paid the order. */
  payment_id: string | null;
  /** The items at their regular prices. */
  items_list_total: number;
  /** The items after every reduction. */
  items_total: number;
  /** JSON: reductions by category and promotion (negative cents). */
  reductions: string;
  delivery_price: number;
  /** Cash-on-delivery fee. */
  payment_fee: number;
  /** Invoice and prepayment: the account and due date (JSON) the order was placed with; null for other methods. */
  payment_terms: string | null;
  total: number;
  gift_card_code: string | null;
  gift_card_amount: number;
  /** What the payment method pays: total minus the gift card. */
  amount_due: number;
  /** VAT of the delivery country in hundredths of a percent (1900 = 19 %). */
  vat_rate_bp: number;
  tax_total: number;
  net_total: number;
  placed_at: string;
  updated_at: string;
  /** Lower-case search columns (migration 0014): e-mail, billing first and last name, shipping postcode. */
  search_email: Generated<string>;
  search_first_name: Generated<string>;
  search_last_name: Generated<string>;
  search_postcode: Generated<string>;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  product_id: number;
  variant_id: number;
  name: string;
  brand: string;
  color_label: string;
  size_label: string;
  /** Product path without store prefix. */
  product_path: string;
  image_url: string | null;
  quantity: number;
  /** One unit at the regular price (with tax). */
  unit_price: number;
  /** One unit after the catalogue's reduction. */
  unit_discounted: number;
  /** The line after every reduction (with tax). */
  total: number;
  tax: number;
  /** JSON: the line's reductions (negative cents). */
  reductions: string;
  promotion_id: string | null;
  /** A free gift of a buy-x-get-y promotion. */
  is_gift: number;
  /** More than the stock at placement: sold without stock, delivered later. */
  backorder: number;
}

/** The order's history: status changes, packages, returns. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  /** `placed`, `paid`, `shipped`, `delivered`, `cancelled`, `return_registered`, `return_received`. */
  type: string;
  /** JSON details: carrier and tracking number, return number, reason. */
  data: string;
  created_at: string;
}

export interface OrderPackageTable {
  id: Generated<number>;
  order_id: number;
  carrier: string;
  tracking_number: string;
  /** JSON: [{ lineId, quantity }] shipped in this package. */
  lines: string;
  shipped_at: string;
  delivered_at: string | null;
}

/** A payment through a hosted provider page (card, PayPal), before and after its order exists. */
export interface PaymentTable {
  /** Random, unguessable: it is part of the hosted page's address. */
  id: string;
  store_code: string;
  owner_kind: string;
  owner_id: string;
  /** `credit_card` or `paypal`. */
  method: string;
  provider: string;
  /** The checkout attempt it pays: one payment per attempt. */
  idempotency_key: string;
  amount: number;
  currency: string;
  /** `pending`, `requires_action`, `authorized`, `declined`, `cancelled`, `captured`, `voided`, `refunded`. */
  status: string;
  /** The checkout (lines and totals) the amount was computed for. */
  quote_fingerprint: string;
  order_id: number | null;
  card_brand: string | null;
  card_last4: string | null;
  decline_code: string | null;
  created_at: string;
  updated_at: string;
  /** What was paid back so far (partial refunds from the back office). */
  refunded_amount: Generated<number>;
  /** The provider's id of the payment (Stripe PaymentIntent, PayPal order); null for the sandbox. */
  provider_ref: string | null;
  /** PayPal's authorization id. */
  authorization_ref: string | null;
  /** What shipments captured so far. */
  captured_amount: Generated<number>;
  /** What of the authorization will never be captured (refunded before shipping, released at the last capture). */
  released_amount: Generated<number>;
  authorized_at: string | null;
  /** When the reconciliation last compared the amounts with the provider's (migration 0027). */
  provider_checked_at: Generated<string | null>;
}

/** A payment's history: what happened to it at the provider, for the back office. */
export interface PaymentEventTable {
  id: Generated<number>;
  payment_id: string;
  /** `authorized`, `declined`, `captured`, `voided`, `refunded`, `webhook`, `reconciled`, `failed`. */
  kind: string;
  amount: Generated<number>;
  provider_ref: string | null;
  detail: Generated<string>;
  created_at: string;
}

export interface GiftCardTable {
  /** Upper case, without spaces or dashes. */
  code: string;
  currency: string;
  initial_balance: number;
  balance: number;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** Blocked by the operator (lost, stolen, fraud): pays nothing any more. */
  blocked_at: Generated<string | null>;
  block_reason: Generated<string | null>;
}

export interface GiftCardTransactionTable {
  id: Generated<number>;
  gift_card_code: string;
  order_id: number | null;
  /** Negative: spent on an order; positive: given back (a cancelled order). */
  amount: number;
  created_at: string;
}

/**
 * Mails written in the same transaction as the change they report (an order, a status change, a return) and
 * sent after commit: a crash between the two loses nothing, the next delivery run sends it.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** `pending`, `sent` or `failed` (given up after repeated errors). */
  status: string;
  attempts: number;
  last_error: string | null;
  /** Not sent before this time (retry back-off; a claim by a sender). */
  available_at: string;
  created_at: string;
  sent_at: string | null;
  /** The order the mail is about, if any. */
  order_id: Generated<number | null>;
}

export interface OrderReturnTable {
  id: Generated<number>;
  /** The return number printed on the label. */
  number: string;
  order_id: number;
  /** Random token of the printable label page. */
  label_token: string;
  /** `registered`, `received` (the parcel is back), `refunded`, or `rejected` (with a reason). */
  status: string;
  created_at: string;
  received_at: Generated<string | null>;
  refunded_at: Generated<string | null>;
  rejected_at: Generated<string | null>;
  reject_reason: Generated<string | null>;
}

export interface OrderReturnLineTable {
  return_id: number;
  order_line_id: number;
  quantity: number;
  /** A return reason id (orders/returns.ts). */
  reason: string;
  /** When received: `resellable` (back into stock) or `damaged`. */
  condition: Generated<string | null>;
}

/** A refund of (part of) an order: a return, a goodwill refund, a cancellation. */
export interface OrderRefundTable {
  id: Generated<number>;
  order_id: number;
  return_id: number | null;
  /** payment_amount + gift_card_amount. */
  amount: number;
  /** Paid back through the order's payment method (hosted payment, invoice credit, bank transfer). */
  payment_amount: number;
  /** Given back to the gift card that paid. */
  gift_card_amount: number;
  /** `sandbox`, `invoice_credit`, `bank_transfer`, `gift_card`. */
  method: string;
  reason: string;
  /** The same request twice refunds once. */
  idempotency_key: string | null;
  actor_label: string;
  created_at: string;
}

/** The operator's internal notes on an order (never shown to the customer). */
export interface OrderNoteTable {
  id: Generated<number>;
  order_id: number;
  text: string;
  actor_label: string;
  created_at: string;
}

export interface OrdersTables {
  checkout_session: CheckoutSessionTable;
  shop_order: ShopOrderTable;
  order_line: OrderLineTable;
  order_event: OrderEventTable;
  order_package: OrderPackageTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  gift_card: GiftCardTable;
  gift_card_transaction: GiftCardTransactionTable;
  mail_outbox: MailOutboxTable;
  order_return: OrderReturnTable;
  order_return_line: OrderReturnLineTable;
  order_refund: OrderRefundTable;
  order_note: OrderNoteTable;
}
