/**
 * Domain events: what other processes and background jobs care about, written to the `event` table in the
 * transaction of the change (publish.ts) and read in order, without gaps, by every follower (feed.ts).
 */
export const EVENT_TYPES = [
  /** Catalogue data changed; `entity` says which: product, category, promotion, merchandising, or catalog `*` (all). */
  "catalog.changed",
  /** Stock of a product's variants moved (an order, a cancellation, a received return); payload `variantIds`. */
  "stock.changed",
  "order.placed",
  "order.paid",
  "order.shipped",
  "order.delivered",
  "order.cancelled",
  "return.registered",
  "return.received",
  /** A received return was paid back (payload: amount, method). */
  "return.refunded",
  /** A return was refused (payload: reason). */
  "return.rejected",
  /** Money of an order was paid back (a partial refund or a return). */
  "order.refunded",
  /** A customer was erased on request (GDPR): followers drop what they keep about them. */
  "customer.erased",
  /** A customer account was created, or a guest customer became a full account. */
  "customer.registered",
  /** A password-reset link was asked for an existing account (the payload never carries the token). */
  "password_reset.requested",
  /**
   * A payment provider's webhook was received (entity `payment_webhook`, entity id `provider:event id`, unique:
   * a webhook delivered twice is applied once); payload: the event type and the payment.
   */
  "payment.webhook",
  /** A content page was saved with a published version. */
  "content.published",
  /** A content page was saved without one (a draft, or taken offline). */
  "content.changed",
  /** A redirect was added, changed or removed (entity id `store:source path`; payload `change`). */
  "redirect.changed",
  /**
   * A physical store was added, changed or removed (entity `physical_store`, entity id the store's id; payload
   * `change`): the store finder, the "available in store" facet and the pages that speak of stores follow it.
   */
  "physical_store.changed",
  /** A shop setting changed (entity id: its key, e.g. `maintenance_mode`). */
  "setting.changed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** An event as a change publishes it. */
export interface NewEvent {
  type: EventType;
  /** What it happened to: `product`, `category`, `promotion`, `merchandising`, `catalog`, `order`, `customer`, … */
  entity: string;
  entityId: string | number;
  /** Details a consumer needs without reading the entity again (JSON). */
  payload?: Record<string, unknown>;
}

/**
 * Where a reader stands in the feed: opaque text to store and hand back (`{xid}:{id}`: the writing transaction's
 * id on PostgreSQL, 0 on SQLite, and the event id). Start from `EVENT_FEED_START` or `currentEventCursor`.
 */
export type EventCursor = string;

/** An event as the feed gives it out. */
export interface StoredEvent {
  id: number;
  type: EventType;
  entity: string;
  entityId: string;
  payload: Record<string, unknown>;
  createdAt: string;
  /** The position right after this event: reading on from here gives the events after it. */
  cursor: EventCursor;
}
