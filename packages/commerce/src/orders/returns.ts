import { randomBytes } from "node:crypto";
import type { Actor } from "../audit/audit.ts";
import { putBackStock, takeStock } from "../catalog/stock.ts";
import { addDays } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { type Db, dialect } from "../db/database.ts";
import { shopSettings } from "../settings/shop-settings.ts";
import { RETURN_PERIOD_DAYS } from "../shop/delivery.ts";
import type { ShippingCountry } from "../shop/shipping-countries.ts";
import { returnMail } from "./mails.ts";
import {
  getOrderById,
  getOrderByNumber,
  type OrderDetails,
  type OrderLine,
  type OrderReturn,
  type ReturnCondition,
  type ReturnStatus,
} from "./orders.ts";
import { enqueueMail } from "./outbox.ts";
import { addOrderEvent } from "./place.ts";
import { applyRefund, refundableOf } from "./refunds.ts";
import { type Change, changeOrder, type OrderChangeFailure, RollbackChange } from "./status.ts";

/**
 * Returns: within RETURN_PERIOD_DAYS of delivery the shopper chooses items and reasons in the returns portal; the
 * return is registered with a number, appears in the order's history, and a mail links the printable label.
 */

export const RETURN_REASONS = [
  "too_small",
  "too_big",
  "not_as_pictured",
  "quality",
  "wrong_item",
  "changed_mind",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Where returns go, and with whom, by the country they are sent from. */
export const RETURN_CENTRES: Record<ShippingCountry, { carrier: string; address: string[] }> = {
  DE: { carrier: "dhl", address: ["Vitrine Retourenzentrum", "Lagerstraße 12", "36251 Bad Hersfeld", "Deutschland"] },
  AT: {
    carrier: "post-at",
    address: ["Vitrine Retourenzentrum", "Lagerstraße 12", "36251 Bad Hersfeld", "Deutschland"],
  },
  CH: { carrier: "post-ch", address: ["Vitrine Schweiz AG", "Retouren", "Industriestrasse 8", "4614 Hägendorf"] },
  // International returns from the United Kingdom go to the German centre.
  GB: { carrier: "dhl", address: ["Vitrine Returns Centre", "Lagerstraße 12", "36251 Bad Hersfeld", "Germany"] },
};

export type ReturnWindow =
  | { open: true; deadline: string }
  | { open: false; reason: "not_shipped" | "expired" | "cancelled"; deadline: string | null };

/** The return period runs from delivery (or, while a parcel is on its way, from shipping). */
export function returnWindow(order: OrderDetails, now: Date, days: number = RETURN_PERIOD_DAYS): ReturnWindow {
  if (order.status === "cancelled") return { open: false, reason: "cancelled", deadline: null };
  const dates = order.packages.map((p) => p.deliveredAt ?? p.shippedAt);
  if (dates.length === 0) return { open: false, reason: "not_shipped", deadline: null };
  const from = dates.sort().at(-1) as string;
  const deadline = addDays(new Date(from), days).toISOString();
  return deadline > now.toISOString() ? { open: true, deadline } : { open: false, reason: "expired", deadline };
}

/** Units of each line that can still be returned: shipped and not returned yet. */
export function returnableQuantity(line: OrderLine): number {
  return Math.max(0, line.shippedQuantity - line.returnedQuantity);
}

export interface ReturnLineInput {
  lineId: number;
  quantity: number;
  reason: string;
}

export type ReturnResult =
  | { ok: true; order: OrderDetails; returnNumber: string; labelToken: string }
  | { ok: false; error: "OrderNotFound" }
  | { ok: false; error: "ReturnClosed"; window: ReturnWindow }
  | { ok: false; error: "invalid"; issues: { lineId: number | null; code: "no_items" | "quantity" | "reason" }[] };

export async function registerReturn(
  ctx: Ctx,
  number: string,
  input: { lines: readonly ReturnLineInput[] },
): Promise<ReturnResult> {
  const found = await getOrderByNumber(ctx, number);
  if (!found) return { ok: false, error: "OrderNotFound" };
  const now = ctx.clock.now();
  const { returnDays } = await shopSettings(ctx);
  return ctx.db.transaction().execute(async (trx): Promise<ReturnResult> => {
    const lock = trx.selectFrom("shop_order").select("id").where("id", "=", found.id);
    await (dialect(trx) === "postgres" ? lock.forUpdate() : lock).executeTakeFirst();
    const order = (await getOrderById({ ...ctx, db: trx }, found.id)) as OrderDetails;
    const window = returnWindow(order, now, returnDays);
    if (!window.open) return { ok: false, error: "ReturnClosed", window };

    const chosen = input.lines.filter((l) => l.quantity > 0);
    const issues: Extract<ReturnResult, { error: "invalid" }>["issues"] = [];
    if (chosen.length === 0) issues.push({ lineId: null, code: "no_items" });
    for (const l of chosen) {
      const line = order.lines.find((x) => x.id === l.lineId);
      if (!line || !Number.isInteger(l.quantity) || l.quantity > returnableQuantity(line)) {
        issues.push({ lineId: l.lineId, code: "quantity" });
      }
      if (!(RETURN_REASONS as readonly string[]).includes(l.reason)) issues.push({ lineId: l.lineId, code: "reason" });
    }
    if (issues.length > 0) return { ok: false, error: "invalid", issues };

    const returnNumber = `R${order.number}-${order.returns.length + 1}`;
    const labelToken = randomBytes(18).toString("base64url");
    const inserted = await trx
      .insertInto("order_return")
      .values({
        number: returnNumber,
        order_id: order.id,
        label_token: labelToken,
        status: "registered",
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("order_return_line")
      .values(
        chosen.map((l) => ({
          return_id: Number(inserted.id),
          order_line_id: l.lineId,
          quantity: l.quantity,
          reason: l.reason,
        })),
      )
      .execute();
    await addOrderEvent(trx, order.id, "return_registered", { returnNumber }, now);
    const updated = (await getOrderById({ ...ctx, db: trx }, order.id)) as OrderDetails;
    const carrier = RETURN_CENTRES[order.shippingCountry].carrier;
    await enqueueMail(
      { db: trx },
      returnMail(updated, { number: returnNumber, labelToken, carrier, lines: chosen }, { publicUrl: ctx.publicUrl }),
      now,
    );
    return { ok: true, order: updated, returnNumber, labelToken };
  });
}

export type ReturnChangeResult =
  | { ok: true; order: OrderDetails; returnNumber: string }
  | { ok: false; error: "ReturnNotFound" }
  | { ok: false; error: "AlreadyReceived" }
  | { ok: false; error: "InvalidReturnTransition"; status: ReturnStatus }
  | OrderChangeFailure;

/** @deprecated name kept for callers of the first version. */
export type ReceiveReturnResult = ReturnChangeResult;

/** Runs a change of a return inside the change of its order (locked, audited as `return.<action>`). */
async function changeReturn(
  ctx: Ctx,
  actor: Actor,
  action: string,
  returnNumber: string,
  apply: (
    trx: Db,
    order: OrderDetails,
    ret: OrderReturn & { id: number },
    now: Date,
  ) => Promise<Change | ReturnChangeResult>,
): Promise<ReturnChangeResult> {
  const found = await ctx.db
    .selectFrom("order_return as r")
    .innerJoin("shop_order as o", "o.id", "r.order_id")
    .select(["r.id", "o.number"])
    .where("r.number", "=", returnNumber)
    .executeTakeFirst();
  if (!found) return { ok: false, error: "ReturnNotFound" };
  let refusal: ReturnChangeResult | null = null;
  const result = await changeOrder(ctx, actor, `return.${action}`, found.number, async (trx, order, now) => {
    const ret = order.returns.find((r) => r.number === returnNumber);
    if (!ret) throw new Error(`return ${returnNumber} vanished`);
    const change = await apply(trx, order, { ...ret, id: Number(found.id) }, now);
    if ("ok" in change) {
      refusal = change;
      return { failure: { ok: false, error: "NotFound", detail: "" } };
    }
    return change;
  });
  if (refusal) return refusal;
  return result.ok ? { ok: true, order: result.order, returnNumber } : result;
}

export interface ReceivedLine {
  lineId: number;
  condition: ReturnCondition;
}

/**
 * The parcel of a return has arrived: each line is received as resellable (back into stock: a sold-out size is on
 * sale again) or damaged (not restocked). Lines left out are resellable. A return is received once.
 */
export function receiveReturn(
  ctx: Ctx,
  actor: Actor,
  returnNumber: string,
  lines: readonly ReceivedLine[] = [],
): Promise<ReturnChangeResult> {
  return changeReturn(ctx, actor, "receive", returnNumber, async (trx, order, ret, now) => {
    if (ret.status !== "registered") return { ok: false, error: "AlreadyReceived" };
    for (const l of lines) {
      if (!ret.lines.some((x) => x.lineId === l.lineId) || !["resellable", "damaged"].includes(l.condition)) {
        return {
          failure: { ok: false, error: "InvalidInput", detail: `line ${l.lineId} is not part of ${returnNumber}` },
        };
      }
    }
    const conditionOf = (lineId: number) => lines.find((l) => l.lineId === lineId)?.condition ?? "resellable";
    for (const l of ret.lines) {
      await trx
        .updateTable("order_return_line")
        .set({ condition: conditionOf(l.lineId) })
        .where("return_id", "=", ret.id)
        .where("order_line_id", "=", l.lineId)
        .execute();
    }
    await trx
      .updateTable("order_return")
      .set({ status: "received", received_at: now.toISOString() })
      .where("id", "=", ret.id)
      .execute();
    const restock = ret.lines.flatMap((l) => {
      const line = order.lines.find((x) => x.id === l.lineId);
      return line && conditionOf(l.lineId) === "resellable"
        ? [{ variantId: line.variantId, quantity: l.quantity }]
        : [];
    });
    await putBackStock({ db: trx }, restock, now);
    await addOrderEvent(trx, order.id, "return_received", { returnNumber }, now);
    const conditions = Object.fromEntries(ret.lines.map((l) => [String(l.lineId), conditionOf(l.lineId)]));
    return { mail: null, audit: { after: { returnNumber, returnStatus: "received", conditions } } };
  });
}

/** What a return is worth: each line's paid price (after reductions) for the units sent back. */
export function returnValue(order: OrderDetails, ret: Pick<OrderReturn, "lines">): number {
  return ret.lines.reduce((sum, l) => {
    const line = order.lines.find((x) => x.id === l.lineId);
    return line && line.quantity > 0 ? sum + Math.round((line.total * l.quantity) / line.quantity) : sum;
  }, 0);
}

/**
 * Pays a received return back by the original payment method (orders/refunds.ts) and mails the customer. The
 * amount is the return's value, capped at what is left of the money paid.
 */
export function refundReturn(
  ctx: Ctx,
  actor: Actor,
  returnNumber: string,
  options: { amount?: number } = {},
): Promise<ReturnChangeResult> {
  return changeReturn(ctx, actor, "refund", returnNumber, async (trx, order, ret, now) => {
    if (ret.status !== "received") return { ok: false, error: "InvalidReturnTransition", status: ret.status };
    const value = returnValue(order, ret);
    const left = (await refundableOf(trx, order)).left;
    const amount = options.amount ?? Math.min(value, left);
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > value) {
      return {
        failure: { ok: false, error: "InvalidInput", detail: `The refund of ${returnNumber} is at most ${value}` },
      };
    }
    const done =
      amount > 0
        ? await applyRefund(
            ctx,
            trx,
            order,
            { amount, reason: `return ${returnNumber}`, returnId: ret.id, idempotencyKey: null, actor },
            now,
          )
        : null;
    await trx
      .updateTable("order_return")
      .set({ status: "refunded", refunded_at: now.toISOString() })
      .where("id", "=", ret.id)
      .execute();
    await addOrderEvent(trx, order.id, "return_refunded", { returnNumber, amount }, now);
    return {
      mail: { type: "return_refunded", returnNumber, amount },
      audit: { after: { returnNumber, returnStatus: "refunded", refund: { amount, method: done?.method ?? null } } },
    };
  });
}

/**
 * Refuses a return (never arrived, worn, not ours) with a reason the customer reads in a mail and on the order
 * page. After receipt, units put back into stock are taken out again (the items go back to the customer).
 */
export function rejectReturn(
  ctx: Ctx,
  actor: Actor,
  returnNumber: string,
  reason: string,
): Promise<ReturnChangeResult> {
  return changeReturn(ctx, actor, "reject", returnNumber, async (trx, order, ret, now) => {
    if (ret.status !== "registered" && ret.status !== "received") {
      return { ok: false, error: "InvalidReturnTransition", status: ret.status };
    }
    const why = reason.trim().slice(0, 200);
    if (why === "") return { failure: { ok: false, error: "InvalidInput", detail: "A rejection needs a reason" } };
    if (ret.status === "received") {
      const restocked = ret.lines.flatMap((l) => {
        const line = order.lines.find((x) => x.id === l.lineId);
        return line && l.condition === "resellable" ? [{ variantId: line.variantId, quantity: l.quantity }] : [];
      });
      const taken = await takeStock({ db: trx }, restocked, now);
      if (!taken.ok) {
        throw new RollbackChange({
          ok: false,
          error: "InvalidInput",
          detail: `The returned units were sold meanwhile (variants ${taken.variantIds.join(", ")})`,
        });
      }
    }
    await trx
      .updateTable("order_return")
      .set({ status: "rejected", rejected_at: now.toISOString(), reject_reason: why })
      .where("id", "=", ret.id)
      .execute();
    await addOrderEvent(trx, order.id, "return_rejected", { returnNumber, reason: why }, now);
    return {
      mail: { type: "return_rejected", returnNumber, reason: why },
      audit: { after: { returnNumber, returnStatus: "rejected" }, note: why },
    };
  });
}

/** "Lena Berg" from an order's address (JSON). */
function nameOf(addressJson: string): string {
  try {
    const a = JSON.parse(addressJson) as { firstName?: string; lastName?: string };
    return `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim();
  } catch {
    return "";
  }
}

export interface ReturnQueueEntry {
  number: string;
  orderNumber: string;
  storeCode: OrderDetails["storeCode"];
  status: ReturnStatus;
  createdAt: string;
  email: string;
  name: string;
  units: number;
}

/** The operator's queue: returns in a status (registered by default), oldest first, paged by id. */
export async function listReturns(
  ctx: Pick<Ctx, "db">,
  query: { status?: ReturnStatus; after?: number; limit?: number } = {},
): Promise<{ entries: ReturnQueueEntry[]; next?: number }> {
  const limit = Math.min(200, Math.max(1, query.limit ?? 50));
  let q = ctx.db
    .selectFrom("order_return as r")
    .innerJoin("shop_order as o", "o.id", "r.order_id")
    .select([
      "r.id",
      "r.number",
      "r.status",
      "r.created_at",
      "o.number as order_number",
      "o.store_code",
      "o.email",
      "o.billing_address",
      (eb) =>
        eb
          .selectFrom("order_return_line as l")
          .select((e) => e.fn.coalesce(e.fn.sum<number>("l.quantity"), e.lit(0)).as("u"))
          .whereRef("l.return_id", "=", "r.id")
          .as("units"),
    ])
    .where("r.status", "=", query.status ?? "registered")
    .orderBy("r.id")
    .limit(limit + 1);
  if (query.after !== undefined) q = q.where("r.id", ">", query.after);
  const rows = await q.execute();
  const page = rows.slice(0, limit);
  const entries = page.map((r) => ({
    number: r.number,
    orderNumber: r.order_number,
    storeCode: r.store_code as OrderDetails["storeCode"],
    status: r.status as ReturnStatus,
    createdAt: r.created_at,
    email: r.email,
    name: nameOf(r.billing_address),
    units: Number(r.units ?? 0),
  }));
  const last = page.at(-1);
  return rows.length > limit && last ? { entries, next: Number(last.id) } : { entries };
}

export interface ReturnLabel {
  returnNumber: string;
  orderNumber: string;
  storeCode: OrderDetails["storeCode"];
  createdAt: string;
  carrier: string;
  sender: OrderDetails["shippingAddress"];
  recipient: string[];
  items: { name: string; colorLabel: string; sizeLabel: string; quantity: number; reason: string }[];
}

/** The printable label of a return, by its token (the link in the return mail). */
export async function getReturnLabel(ctx: Pick<Ctx, "db">, token: string): Promise<ReturnLabel | null> {
  const { db } = ctx;
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const row = await db
    .selectFrom("order_return")
    .select(["order_id", "number", "created_at"])
    .where("label_token", "=", token)
    .executeTakeFirst();
  if (!row) return null;
  const order = await getOrderById(ctx, Number(row.order_id));
  const ret = order?.returns.find((r) => r.number === row.number);
  if (!order || !ret) return null;
  const centre = RETURN_CENTRES[order.shippingCountry];
  return {
    returnNumber: ret.number,
    orderNumber: order.number,
    storeCode: order.storeCode,
    createdAt: ret.createdAt,
    carrier: centre.carrier,
    sender: order.shippingAddress,
    recipient: centre.address,
    items: ret.lines.flatMap((l) => {
      const line = order.lines.find((x) => x.id === l.lineId);
      return line
        ? [
            {
              name: line.name,
              colorLabel: line.colorLabel,
              sizeLabel: line.sizeLabel,
              quantity: l.quantity,
              reason: l.reason,
            },
          ]
        : [];
    }),
  };
}
