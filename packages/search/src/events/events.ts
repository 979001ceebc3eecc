import {
  type Db,
  isRowId,
  jsonValueTooDeep,
  MAX_JSON_DEPTH,
  SHOPS,
  type StoreCode,
  specErrorMap,
  text,
} from "@vitrine/commerce";
import { sql } from "kysely";
import { z } from "zod";
import { SearchValidationError } from "../api/errors.ts";
import { searchDb } from "../db/index.ts";

/**
 * Shopper events of the protocol (`ec.productView`, `ec.productClick`, `ec.cartAction`, `ec.purchase`, as the
 * event library sends them: payload fields plus `meta`), the searches and listings logged with `capture`, and
 * the shop's placed orders. They are stored in `search_event` and feed query suggestions (learned queries),
 * trending products and "bought together".
 *
 * Anyone holding the public API key can post events, so what is bought comes only from placed orders (rows of
 * type `order`, written by the shop itself): an `ec.purchase` event is kept for analytics and counts for nothing.
 */

export const COMMERCE_EVENT_TYPES = ["ec.productView", "ec.productClick", "ec.cartAction", "ec.purchase"] as const;
export type CommerceEventType = (typeof COMMERCE_EVENT_TYPES)[number];
/** Rows of a placed order (one per product): not a protocol type, so no posted event can make one. */
export const ORDER_EVENT = "order";
/** Events one request may carry (the event library sends one at a time). */
export const MAX_EVENTS_PER_REQUEST = 100;
const PAYLOAD_LIMIT = 4000;
const ANONYMOUS = "anonymous";

const product = z.object({
  productId: text().min(1).max(100),
  name: text().max(500).optional(),
  price: z.number().min(0).optional(),
});
const meta = z
  .object({
    type: text().min(1),
    clientId: text().max(200).optional().nullable(),
    config: z.object({ trackingId: text().optional() }).optional(),
    ts: z.number().optional(),
  })
  .loose();

const EVENT_SCHEMAS: Record<CommerceEventType, z.ZodType> = {
  "ec.productView": z.object({ currency: text().min(1), product }),
  "ec.productClick": z.object({
    currency: text().min(1),
    product,
    position: z.number().int().min(1),
    responseId: text().min(1).max(100),
  }),
  "ec.cartAction": z.object({
    currency: text().min(1),
    product,
    action: z.enum(["add", "remove"]),
    quantity: z.number().int().min(1),
  }),
  "ec.purchase": z.object({
    currency: text().min(1),
    products: z
      .array(z.object({ product, quantity: z.number().int().min(1) }))
      .min(1)
      .max(200),
    transaction: z.object({ id: text().min(1).max(100), revenue: z.number().min(0) }),
  }),
};

export interface EventRow {
  store_code: string;
  type: string;
  client_id: string | null;
  query: string | null;
  product_id: number | null;
  action: string | null;
  quantity: number | null;
  transaction_id: string | null;
  response_id: string | null;
  results: number | null;
  payload: string;
  created_at: string;
}

export interface ParsedEvents {
  rows: EventRow[];
  /** Events of the protocol's commerce types that were accepted. */
  accepted: number;
  /** Events of other types (ignored). */
  ignored: number;
  /** Product clicks with the response they came from, for click counts of learned queries. */
  clicks: { responseId: string; productId: string }[];
}

function storeOf(trackingId: string | undefined, currency: string | undefined): StoreCode | undefined {
  return SHOPS.find((s) => s.trackingId === trackingId && (!currency || s.currency === currency))?.code;
}

const productNumber = (id: string): number | null => {
  const n = Number(id);
  return isRowId(n) ? n : null;
};

/**
 * Validates a batch of events (an array, or one event) and turns it into rows. The store comes from the
 * caller (the access token's store) or else from the event's tracking id and currency.
 */
export function parseEvents(
  input: unknown,
  options: { storeCode?: StoreCode; now: Date; anonymous?: boolean },
): ParsedEvents {
  const list = Array.isArray(input) ? input : [input];
  if (list.length > MAX_EVENTS_PER_REQUEST) {
    throw new SearchValidationError([
      { field: "(body)", message: `value contains more than ${MAX_EVENTS_PER_REQUEST}` },
    ]);
  }
  const issues: { field: string; message: string }[] = [];
  const parsed: ParsedEvents = { rows: [], accepted: 0, ignored: 0, clicks: [] };
  const createdAt = options.now.toISOString();
  list.forEach((raw, i) => {
    if (raw === null || typeof raw !== "object") {
      issues.push({ field: `${i}`, message: "value is not an object." });
      return;
    }
    // Storing an event serializes it whole, recursively: a deeply nested one is refused first.
    if (jsonValueTooDeep(raw)) {
      issues.push({ field: `${i}`, message: `value contains more than ${MAX_JSON_DEPTH} levels of nesting` });
      return;
    }
    const event = raw as Record<string, unknown>;
    const metaResult = meta.safeParse(event.meta, { error: specErrorMap });
    if (!metaResult.success) {
      for (const issue of metaResult.error.issues) {
        issues.push({ field: [i, "meta", ...issue.path].join("."), message: issue.message });
      }
      return;
    }
    const type = metaResult.data.type;
    const schema = EVENT_SCHEMAS[type as CommerceEventType];
    if (!schema) {
      parsed.ignored++;
      return;
    }
    const result = schema.safeParse(event, { error: specErrorMap });
    if (!result.success) {
      for (const issue of result.error.issues) {
        issues.push({ field: [i, ...issue.path].join("."), message: issue.message });
      }
      return;
    }
    const data = result.data as Record<string, unknown> & { currency: string };
    const storeCode = options.storeCode ?? storeOf(metaResult.data.config?.trackingId, data.currency) ?? "de";
    const base = {
      store_code: storeCode,
      type,
      // Events sent with a public API key and no client id count as one anonymous shopper.
      client_id: metaResult.data.clientId || (options.anonymous ? ANONYMOUS : null),
      query: null,
      action: null,
      quantity: null,
      transaction_id: null,
      response_id: null,
      results: null,
      payload: JSON.stringify(event).slice(0, PAYLOAD_LIMIT),
      created_at: createdAt,
    };
    parsed.accepted++;
    switch (type as CommerceEventType) {
      case "ec.productView": {
        const e = data as unknown as { product: { productId: string } };
        parsed.rows.push({ ...base, product_id: productNumber(e.product.productId) });
        break;
      }
      case "ec.productClick": {
        const e = data as unknown as { product: { productId: string }; responseId: string };
        parsed.rows.push({ ...base, product_id: productNumber(e.product.productId), response_id: e.responseId });
        parsed.clicks.push({ responseId: e.responseId, productId: e.product.productId });
        break;
      }
      case "ec.cartAction": {
        const e = data as unknown as { product: { productId: string }; action: string; quantity: number };
        parsed.rows.push({
          ...base,
          product_id: productNumber(e.product.productId),
          action: e.action,
          quantity: e.quantity,
        });
        break;
      }
      case "ec.purchase": {
        const e = data as unknown as {
          products: { product: { productId: string }; quantity: number }[];
          transaction: { id: string };
        };
        for (const line of e.products) {
          parsed.rows.push({
            ...base,
            product_id: productNumber(line.product.productId),
            quantity: line.quantity,
            transaction_id: e.transaction.id,
          });
        }
        break;
      }
    }
  });
  if (issues.length > 0) throw new SearchValidationError(issues);
  return parsed;
}

/** An order the shop placed, for "bought together" and popularity. */
export interface PlacedOrder {
  storeCode: StoreCode;
  /** The order number. */
  number: string;
  /** The products bought (free gifts left out), with their units. */
  lines: readonly { productId: number; quantity: number }[];
}

export function orderRows(order: PlacedOrder, now: Date): EventRow[] {
  const createdAt = now.toISOString();
  return order.lines.map((line) => ({
    store_code: order.storeCode,
    type: ORDER_EVENT,
    client_id: null,
    query: null,
    product_id: line.productId,
    action: null,
    quantity: line.quantity,
    transaction_id: order.number,
    response_id: null,
    results: null,
    payload: "{}",
    created_at: createdAt,
  }));
}

const ROWS_PER_INSERT = 200;

/**
 * Text for a log row without NUL characters: PostgreSQL text cannot hold them, and one such row would make the
 * whole batch insert fail, losing the other rows with it.
 */
function storableText<T extends string | null>(value: T): T {
  return (value === null ? value : value.replaceAll("\u0000", "")) as T;
}

function storableRow(row: EventRow): EventRow {
  return {
    ...row,
    client_id: storableText(row.client_id),
    query: storableText(row.query),
    action: storableText(row.action),
    transaction_id: storableText(row.transaction_id),
    response_id: storableText(row.response_id),
    payload: storableText(row.payload),
  };
}

export async function insertEventRows(shopDb: Db, rows: readonly EventRow[]): Promise<void> {
  const db = searchDb(shopDb);
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto("search_event")
      .values(rows.slice(i, i + ROWS_PER_INSERT).map(storableRow))
      .execute();
  }
}

export interface LearnedQueryUpdate {
  storeCode: string;
  query: string;
  searches: number;
  clicks: number;
  results: number;
}

/** Adds searches and clicks to learned queries (one upsert per query). */
export async function upsertLearnedQueries(
  shopDb: Db,
  updates: readonly LearnedQueryUpdate[],
  now: Date,
): Promise<void> {
  const db = searchDb(shopDb);
  const at = now.toISOString();
  for (const u of updates) {
    await db
      .insertInto("search_query")
      .values({
        store_code: u.storeCode,
        query: storableText(u.query),
        searches: u.searches,
        clicks: u.clicks,
        results: u.results,
        last_searched_at: at,
      })
      .onConflict((oc) =>
        oc.columns(["store_code", "query"]).doUpdateSet({
          searches: sql<number>`search_query.searches + ${u.searches}`,
          clicks: sql<number>`search_query.clicks + ${u.clicks}`,
          results: u.searches > 0 ? u.results : sql<number>`search_query.results`,
          last_searched_at: u.searches > 0 ? at : sql<string>`search_query.last_searched_at`,
        }),
      )
      .execute();
  }
}

/** Learned queries with results, the most searched first, per store. */
export async function loadLearnedQueries(
  shopDb: Db,
  limitPerStore = 5000,
): Promise<Map<string, { query: string; searches: number }[]>> {
  const db = searchDb(shopDb);
  const rows = await db
    .selectFrom("search_query")
    .select(["store_code", "query", "searches"])
    .where("results", ">", 0)
    .orderBy("searches", "desc")
    .orderBy("query")
    .execute();
  const out = new Map<string, { query: string; searches: number }[]>();
  for (const row of rows) {
    const list = out.get(row.store_code) ?? [];
    if (list.length < limitPerStore) list.push({ query: row.query, searches: Number(row.searches) });
    out.set(row.store_code, list);
  }
  return out;
}

/** Products bought in the same orders as the given ones, most often first. */
export async function loadBoughtTogether(shopDb: Db, productIds: readonly number[], limit = 50): Promise<number[]> {
  const db = searchDb(shopDb);
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom("search_event as bought")
    .innerJoin("search_event as other", "other.transaction_id", "bought.transaction_id")
    .select(["other.product_id as productId", (eb) => eb.fn.countAll<number>().as("times")])
    .where("bought.type", "=", ORDER_EVENT)
    .where("other.type", "=", ORDER_EVENT)
    .where("bought.product_id", "in", [...productIds])
    .where("other.product_id", "not in", [...productIds])
    .where("other.product_id", "is not", null)
    .groupBy("other.product_id")
    .orderBy("times", "desc")
    .orderBy("other.product_id")
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.productId));
}
