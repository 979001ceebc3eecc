import { randomBytes } from "node:crypto";
import { putBackStock } from "../catalog/stock.ts";
import { addDays } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { dialect } from "../db/database.ts";
import { RETURN_PERIOD_DAYS } from "../shop/delivery.ts";
import type { ShippingCountry } from "../shop/shipping-countries.ts";
import { returnMail } from "./mails.ts";
import { getOrderById, getOrderByNumber, type OrderDetails, type OrderLine } from "./orders.ts";
import { enqueueMail } from "./outbox.ts";
import { addOrderEvent } from "./place.ts";

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
export function returnWindow(order: OrderDetails, now: Date): ReturnWindow {
  if (order.status === "cancelled") return { open: false, reason: "cancelled", deadline: null };
  const dates = order.packages.map((p) => p.deliveredAt ?? p.shippedAt);
  if (dates.length === 0) return { open: false, reason: "not_shipped", deadline: null };
  const from = dates.sort().at(-1) as string;
  const deadline = addDays(new Date(from), RETURN_PERIOD_DAYS).toISOString();
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
  return ctx.db.transaction().execute(async (trx): Promise<ReturnResult> => {
    const lock = trx.selectFrom("shop_order").select("id").where("id", "=", found.id);
    await (dialect(trx) === "postgres" ? lock.forUpdate() : lock).executeTakeFirst();
    const order = (await getOrderById({ ...ctx, db: trx }, found.id)) as OrderDetails;
    const window = returnWindow(order, now);
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

export type ReceiveReturnResult =
  | { ok: true; order: OrderDetails }
  | { ok: false; error: "ReturnNotFound" }
  | { ok: false; error: "AlreadyReceived" };

/**
 * The parcel of a return has arrived at the warehouse: its units go back into stock (a sold-out size is on sale
 * again) and the order's history says so, in one transaction. A return is received once.
 */
export async function receiveReturn(ctx: Ctx, returnNumber: string): Promise<ReceiveReturnResult> {
  const found = await ctx.db
    .selectFrom("order_return")
    .select(["id", "order_id"])
    .where("number", "=", returnNumber)
    .executeTakeFirst();
  if (!found) return { ok: false, error: "ReturnNotFound" };
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx): Promise<ReceiveReturnResult> => {
    const lock = trx.selectFrom("shop_order").select("id").where("id", "=", found.order_id);
    await (dialect(trx) === "postgres" ? lock.forUpdate() : lock).executeTakeFirst();
    const received = await trx
      .updateTable("order_return")
      .set({ status: "received" })
      .where("id", "=", found.id)
      .where("status", "=", "registered")
      .executeTakeFirst();
    if (Number(received.numUpdatedRows) === 0) return { ok: false, error: "AlreadyReceived" };
    const lines = await trx
      .selectFrom("order_return_line as r")
      .innerJoin("order_line as l", "l.id", "r.order_line_id")
      .select(["l.variant_id", "r.quantity"])
      .where("r.return_id", "=", found.id)
      .execute();
    await putBackStock(
      { db: trx },
      lines.map((l) => ({ variantId: l.variant_id, quantity: l.quantity })),
      now,
    );
    await addOrderEvent(trx, found.order_id, "return_received", { returnNumber }, now);
    return { ok: true, order: (await getOrderById({ db: trx }, found.order_id)) as OrderDetails };
  });
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
