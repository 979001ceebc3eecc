import type { Ctx } from "@vitrine/commerce";
import {
  CARRIERS,
  cancelOrder,
  deliverOrder,
  failureAnswer,
  failureExitCode,
  formatMoney,
  getOrderByNumber,
  listOrders,
  markOrderPaid,
  ORDER_STATUSES,
  type OrderChangeResult,
  type OrderDetails,
  type OrderStatus,
  receiveReturn,
  STORE_CODES,
  type StoreCode,
  shipOrder,
  shopByCode,
  wakeJob,
} from "@vitrine/commerce";
import { type Command, type CommandContext, numberOption, UsageError } from "../cli.ts";

/**
 * `vitrine orders …`: the operator's view of orders and the status changes after placement. Every change is
 * recorded in the order's history and mailed to the customer (sent right after the change).
 */

function money(cents: number, order: { storeCode: StoreCode }): string {
  const shop = shopByCode(order.storeCode);
  return shop ? formatMoney(cents, shop) : String(cents);
}

/** Applies a change, sends its mail, prints the outcome. */
async function change(
  ctx: CommandContext,
  number: string,
  run: (orders: Ctx) => Promise<OrderChangeResult>,
): Promise<number> {
  const orders = await ctx.ctx();
  const result = await run(orders);
  if (!result.ok) {
    const answer = failureAnswer(result, number);
    // The operator's way out of a prepayment order that waits for its money.
    const hint = result.error === "AwaitingPayment" ? ` (vitrine orders pay ${number})` : "";
    ctx.err(`${answer.detail}${hint}`);
    return failureExitCode(answer);
  }
  // The mail waits in the outbox for the shop's worker, which sends it with the shop's settings (not this shell's).
  await wakeJob(orders, "mail");
  ctx.out(`Order ${number}: ${result.order.status} (payment ${result.order.paymentStatus}); mail queued`);
  return 0;
}

function describeOrder(order: OrderDetails): string[] {
  const a = order.shippingAddress;
  const lines = [
    `Order ${order.number} (${order.storeCode}) placed ${order.placedAt}: ${order.status}, payment ${order.paymentStatus}`,
    `  ${order.email} · ${[`${a.firstName} ${a.lastName}`, a.street, a.addressLine2, `${a.zipCode} ${a.city}`, a.countryCode].filter((p) => p).join(", ")}`,
    `  Total ${money(order.totals.total, order)} (${order.payment.method ?? "gift card"}${order.payment.giftCard ? ` + gift card ${money(order.payment.giftCard.amount, order)}` : ""}), delivery ${order.delivery.method} ${order.delivery.dateRange.min}–${order.delivery.dateRange.max}`,
    ...order.lines.map(
      (l) =>
        `  line ${l.id}: ${l.quantity} × ${l.name} (${l.colorLabel}, ${l.sizeLabel}) ${money(l.total, order)}${l.isGift ? " gift" : ""}${l.shippedQuantity ? `, ${l.shippedQuantity} shipped` : ""}${l.returnedQuantity ? `, ${l.returnedQuantity} returned` : ""}`,
    ),
    ...order.packages.map(
      (p) =>
        `  package ${p.id}: ${p.carrier} ${p.trackingNumber}, shipped ${p.shippedAt}${p.deliveredAt ? `, delivered ${p.deliveredAt}` : ""}`,
    ),
    ...order.history.map((h) => `  ${h.at} ${h.type}${Object.keys(h.data).length ? ` ${JSON.stringify(h.data)}` : ""}`),
  ];
  return lines;
}

/** `12:2,13:1` → package lines. */
function parseLines(value: string | boolean | undefined): { lineId: number; quantity: number }[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") throw new UsageError("--lines needs LINE:QUANTITY,…");
  return value.split(",").map((part) => {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(part);
    if (!match) throw new UsageError(`--lines: "${part}" is not LINE:QUANTITY`);
    return { lineId: Number(match[1]), quantity: Number(match[2]) };
  });
}

export const orderCommands: Command[] = [
  {
    path: ["orders", "list"],
    summary: "List orders, newest first",
    usage: "vitrine orders list [--status STATUS] [--store CODE] [--limit N]",
    options: {
      status: { type: "string", description: `Only orders in this status (${ORDER_STATUSES.join(", ")})` },
      store: { type: "string", description: `Only orders of this store (${STORE_CODES.join(", ")})` },
      limit: { type: "string", description: "At most N orders (default 50)" },
    },
    async run(ctx) {
      const status = ctx.options.status;
      if (status !== undefined && !(ORDER_STATUSES as readonly unknown[]).includes(status)) {
        throw new UsageError(`--status must be one of ${ORDER_STATUSES.join(", ")}`);
      }
      const store = ctx.options.store;
      if (store !== undefined && !(STORE_CODES as readonly unknown[]).includes(store)) {
        throw new UsageError(`--store must be one of ${STORE_CODES.join(", ")}`);
      }
      const db = await ctx.db();
      const orders = await listOrders(
        { db },
        {
          ...(status ? { status: status as OrderStatus } : {}),
          ...(store ? { storeCode: store as StoreCode } : {}),
          limit: numberOption(ctx.options.limit, "limit", 50),
        },
      );
      if (orders.length === 0) {
        ctx.out("No orders");
        return 0;
      }
      for (const o of orders) {
        ctx.out(
          `${o.number}  ${o.placedAt.slice(0, 16).replace("T", " ")}  ${o.storeCode.padEnd(5)}  ${o.status.padEnd(9)}  ${money(o.total, o).padStart(12)}  ${String(o.units).padStart(3)} items  ${o.email}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["orders", "show"],
    summary: "Show an order with its lines, packages and history",
    usage: "vitrine orders show NUMBER",
    args: [1, 1],
    async run(ctx) {
      const order = await getOrderByNumber(await ctx.ctx(), ctx.args[0] as string);
      if (!order) {
        ctx.err(`No order ${ctx.args[0]}`);
        return 1;
      }
      for (const line of describeOrder(order)) ctx.out(line);
      return 0;
    },
  },
  {
    path: ["orders", "pay"],
    summary: "Record that the money for an invoice or prepayment order has arrived",
    usage: "vitrine orders pay NUMBER",
    args: [1, 1],
    run: (ctx) => change(ctx, ctx.args[0] as string, (orders) => markOrderPaid(orders, ctx.args[0] as string)),
  },
  {
    path: ["orders", "ship"],
    summary: "Ship an order (or part of it) as a package with carrier and tracking number",
    usage: "vitrine orders ship NUMBER --carrier CARRIER --tracking NUMBER [--lines LINE:QTY,…]",
    details: `Carriers: ${CARRIERS.map((c) => c.id).join(", ")}. Without --lines the package holds everything not shipped yet; line ids are shown by "vitrine orders show".`,
    args: [1, 1],
    options: {
      carrier: { type: "string", description: "Carrier id (dhl, dpd, ups, hermes, post-at, post-ch)" },
      tracking: { type: "string", description: "The parcel's tracking number" },
      lines: { type: "string", description: "What the package holds: LINE:QUANTITY,…" },
    },
    async run(ctx) {
      const carrier = ctx.options.carrier;
      const tracking = ctx.options.tracking;
      if (typeof carrier !== "string" || typeof tracking !== "string") {
        throw new UsageError("--carrier and --tracking are required");
      }
      const lines = parseLines(ctx.options.lines);
      const number = ctx.args[0] as string;
      return change(ctx, number, (orders) =>
        shipOrder(orders, number, { carrier, trackingNumber: tracking, ...(lines ? { lines } : {}) }),
      );
    },
  },
  {
    path: ["orders", "deliver"],
    summary: "Record that the parcels of an order have been delivered",
    usage: "vitrine orders deliver NUMBER",
    args: [1, 1],
    run: (ctx) => change(ctx, ctx.args[0] as string, (orders) => deliverOrder(orders, ctx.args[0] as string)),
  },
  {
    path: ["orders", "cancel"],
    summary: "Cancel an order that has not shipped (stock back, payments refunded)",
    usage: "vitrine orders cancel NUMBER [--reason TEXT]",
    args: [1, 1],
    options: { reason: { type: "string", description: "Why (kept in the order's history)" } },
    async run(ctx) {
      const number = ctx.args[0] as string;
      const reason = typeof ctx.options.reason === "string" ? ctx.options.reason : "";
      return change(ctx, number, (orders) => cancelOrder(orders, number, reason));
    },
  },
  {
    path: ["orders", "receive-return"],
    summary: "Record that a return's parcel has arrived (its units go back into stock)",
    usage: "vitrine orders receive-return RETURN_NUMBER",
    args: [1, 1],
    async run(ctx) {
      const returnNumber = ctx.args[0] as string;
      const result = await receiveReturn(await ctx.ctx(), returnNumber);
      if (!result.ok) {
        ctx.err(
          result.error === "ReturnNotFound"
            ? `No return ${returnNumber}`
            : `Return ${returnNumber} was received before`,
        );
        return 1;
      }
      ctx.out(`Return ${returnNumber} of order ${result.order.number}: received, units back in stock`);
      return 0;
    },
  },
];
