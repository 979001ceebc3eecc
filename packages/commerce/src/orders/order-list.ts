import { stringify } from "csv-stringify/sync";
import type { ExpressionBuilder } from "kysely";
import type { Ctx } from "../context.ts";
import type { Database } from "../db/schema.ts";
import type { PaymentMethodId } from "../payments/methods.ts";
import type { StoreCode } from "../shop/shops.ts";
import { isOrderNumber, ORDER_STATUSES, type OrderStatus } from "./orders.ts";

/**
 * The operator's order list (back office and `vitrine orders list|export`): search by order number, e-mail, name
 * or postcode, filters (store, status, payment method, placement date range), sorting, and keyset paging that
 * stays fast at 100,000 orders — every query is one index range on `shop_order` (migration 0014), never an
 * offset scan. The CSV export walks the same query page by page, so it streams in constant memory.
 */

/** The lower-cased search columns of an order (written at placement; migration 0014 filled the older ones). */
export function orderSearchColumns(
  email: string,
  shipping: { firstName?: string; lastName?: string; zipCode?: string },
  billing: { firstName?: string; lastName?: string },
) {
  const pick = (key: "firstName" | "lastName") =>
    String(billing[key] || shipping[key] || "")
      .trim()
      .toLowerCase();
  return {
    search_email: email.trim().toLowerCase(),
    search_first_name: pick("firstName"),
    search_last_name: pick("lastName"),
    search_postcode: String(shipping.zipCode ?? "")
      .replace(/\s+/g, "")
      .toLowerCase(),
  };
}

export const ORDER_SORTS = ["newest", "oldest", "total_desc", "total_asc"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderQuery {
  /** Order number, e-mail (or its start), name ("lena", "berg", "lena berg": starts of first and last name), postcode. */
  search?: string;
  storeCodes?: StoreCode[];
  statuses?: OrderStatus[];
  paymentMethods?: (PaymentMethodId | "gift_card")[];
  /** Placed on or after this day (yyyy-mm-dd, UTC). */
  from?: string;
  /** Placed on or before this day (yyyy-mm-dd, UTC). */
  to?: string;
  sort?: OrderSort;
  /** The `next` of the previous page. */
  cursor?: string;
  /** 1–200, default 50. */
  limit?: number;
}

export interface OrderListRow {
  id: number;
  number: string;
  storeCode: StoreCode;
  currency: string;
  status: OrderStatus;
  paymentStatus: string;
  paymentMethod: string | null;
  placedAt: string;
  total: number;
  email: string;
  name: string;
  postcode: string;
}

export interface OrderPage {
  rows: OrderListRow[];
  /** Cursor of the next page, when there is one. */
  next?: string;
}

type Eb = ExpressionBuilder<Database, "shop_order">;

const SORT_COLUMN: Record<OrderSort, { column: "placed_at" | "total"; dir: "asc" | "desc" }> = {
  newest: { column: "placed_at", dir: "desc" },
  oldest: { column: "placed_at", dir: "asc" },
  total_desc: { column: "total", dir: "desc" },
  total_asc: { column: "total", dir: "asc" },
};

/** `abc` → rows whose column starts with it (a plain index range on both dialects, no LIKE). */
function startsWith(eb: Eb, column: "search_email" | "search_first_name" | "search_last_name", prefix: string) {
  return eb.and([eb(column, ">=", prefix), eb(column, "<", `${prefix}\uffff`)]);
}

function searchCondition(eb: Eb, raw: string) {
  const text = raw.trim().toLowerCase();
  const words = text.split(/\s+/).filter((w) => w !== "");
  if (words.length === 0) return eb.lit(true);
  if (words.length === 1) {
    const word = words[0] as string;
    if (isOrderNumber(word)) return eb("number", "=", word);
    if (word.includes("@")) return startsWith(eb, "search_email", word);
    const any = [startsWith(eb, "search_last_name", word), startsWith(eb, "search_first_name", word)];
    if (/^[a-z0-9-]{3,10}$/.test(word) && /\d/.test(word)) any.push(eb("search_postcode", "=", word));
    if (word.length >= 3) any.push(startsWith(eb, "search_email", word));
    return eb.or(any);
  }
  // "lena berg": first name and last name (either order); one column may hold several words ("van der berg").
  const [first, ...rest] = words as [string, ...string[]];
  const last = rest.join(" ");
  return eb.or([
    eb.and([startsWith(eb, "search_first_name", first), startsWith(eb, "search_last_name", last)]),
    eb.and([startsWith(eb, "search_last_name", first), startsWith(eb, "search_first_name", last)]),
    startsWith(eb, "search_last_name", text),
  ]);
}

function encodeCursor(value: string | number, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString("base64url");
}

function decodeCursor(cursor: string, column: "placed_at" | "total"): [string | number, number] | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2 || !Number.isSafeInteger(parsed[1])) return null;
    if (column === "total" ? !Number.isSafeInteger(parsed[0]) : typeof parsed[0] !== "string") return null;
    return [parsed[0], parsed[1]];
  } catch {
    return null;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Checks a query from a form or the command line; the first problem as text. */
export function orderQueryProblem(query: OrderQuery): string | null {
  if (query.from !== undefined && !DAY.test(query.from)) return "from: a day as yyyy-mm-dd";
  if (query.to !== undefined && !DAY.test(query.to)) return "to: a day as yyyy-mm-dd";
  if (query.statuses?.some((s) => !(ORDER_STATUSES as readonly string[]).includes(s))) {
    return `status: one of ${ORDER_STATUSES.join(", ")}`;
  }
  if (query.sort !== undefined && !(ORDER_SORTS as readonly string[]).includes(query.sort)) {
    return `sort: one of ${ORDER_SORTS.join(", ")}`;
  }
  if (query.cursor !== undefined && !decodeCursor(query.cursor, SORT_COLUMN[query.sort ?? "newest"].column)) {
    return "cursor: not a cursor of this list";
  }
  return null;
}

/** One page of the filtered, sorted order list. */
export async function searchOrders(ctx: Pick<Ctx, "db">, query: OrderQuery = {}): Promise<OrderPage> {
  const limit = Math.min(200, Math.max(1, Math.trunc(query.limit ?? 50)));
  const { column, dir } = SORT_COLUMN[query.sort ?? "newest"];
  let q = ctx.db
    .selectFrom("shop_order")
    .select([
      "id",
      "number",
      "store_code",
      "currency",
      "status",
      "payment_status",
      "payment_method",
      "placed_at",
      "total",
      "email",
      "search_first_name",
      "search_last_name",
      "search_postcode",
      "billing_address",
    ]);
  if (query.search?.trim()) q = q.where((eb) => searchCondition(eb, query.search as string));
  if (query.storeCodes?.length) q = q.where("store_code", "in", query.storeCodes);
  if (query.statuses?.length) q = q.where("status", "in", query.statuses);
  if (query.paymentMethods?.length) {
    const methods = query.paymentMethods.filter((m) => m !== "gift_card");
    const giftCardOnly = query.paymentMethods.includes("gift_card");
    q = q.where((eb) =>
      eb.or([
        ...(methods.length ? [eb("payment_method", "in", methods)] : []),
        ...(giftCardOnly ? [eb("payment_method", "is", null)] : []),
      ]),
    );
  }
  if (query.from) q = q.where("placed_at", ">=", `${query.from}T00:00:00.000Z`);
  if (query.to) q = q.where("placed_at", "<=", `${query.to}T23:59:59.999Z`);
  const after = query.cursor ? decodeCursor(query.cursor, column) : null;
  if (after) {
    const [value, id] = after;
    const cmp = dir === "desc" ? "<" : ">";
    q = q.where((eb) => eb.or([eb(column, cmp, value), eb.and([eb(column, "=", value), eb("id", cmp, id)])]));
  }
  const rows = await q
    .orderBy(column, dir)
    .orderBy("id", dir)
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const result: OrderPage = {
    rows: page.map((r) => {
      let name = `${r.search_first_name} ${r.search_last_name}`.trim();
      try {
        const billing = JSON.parse(r.billing_address) as { firstName?: string; lastName?: string };
        name = `${billing.firstName ?? ""} ${billing.lastName ?? ""}`.trim() || name;
      } catch {}
      return {
        id: Number(r.id),
        number: r.number,
        storeCode: r.store_code as StoreCode,
        currency: r.currency,
        status: r.status as OrderStatus,
        paymentStatus: r.payment_status,
        paymentMethod: r.payment_method,
        placedAt: r.placed_at,
        total: r.total,
        email: r.email,
        name,
        postcode: r.search_postcode,
      };
    }),
  };
  if (rows.length > limit && last) result.next = encodeCursor(last[column], Number(last.id));
  return result;
}

const CSV_COLUMNS = [
  "number",
  "placed_at",
  "store",
  "status",
  "payment_status",
  "payment_method",
  "currency",
  "total",
  "email",
  "name",
  "postcode",
] as const;

/** Money as a decimal for spreadsheets (cents → `123.45`). */
const decimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * The filtered list as CSV (RFC 4180, header first), yielded in chunks of one page: a caller streams it to a
 * response or a file without holding the list. Cells starting with `=`, `+`, `-` or `@` are prefixed with `'` so
 * a spreadsheet never runs them as formulas.
 */
export async function* exportOrdersCsv(
  ctx: Pick<Ctx, "db">,
  query: Omit<OrderQuery, "cursor" | "limit"> = {},
): AsyncGenerator<string> {
  yield stringify([[...CSV_COLUMNS]]);
  let cursor: string | undefined;
  do {
    const page = await searchOrders(ctx, { ...query, limit: 500, ...(cursor ? { cursor } : {}) });
    if (page.rows.length > 0) {
      yield stringify(
        page.rows.map((r) =>
          [
            r.number,
            r.placedAt,
            r.storeCode,
            r.status,
            r.paymentStatus,
            r.paymentMethod ?? "gift_card",
            r.currency,
            decimal(r.total),
            r.email,
            r.name,
            r.postcode,
          ].map(safeCell),
        ),
      );
    }
    cursor = page.next;
  } while (cursor);
}

export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
