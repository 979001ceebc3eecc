import type { Ctx, OrderOperatorView, OrderQuery, PaymentMethodId, PaymentPanel } from "@vitrine/commerce";
import {
  addOrderNote,
  CARRIERS,
  cancelOrder,
  deliverOrder,
  exportOrdersCsv,
  failureAnswer,
  failureExitCode,
  formatMoney,
  getOrderOperatorView,
  markOrderPaid,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderChangeResult,
  type OrderSort,
  type OrderStatus,
  orderPaymentId,
  orderQueryProblem,
  PAYMENT_METHOD_IDS,
  paymentPanel,
  receiveReturn,
  refundOrder,
  resendOrderMail,
  STORE_CODES,
  type StoreCode,
  searchOrders,
  shipOrder,
  shopByCode,
  wakeJob,
} from "@vitrine/commerce";
import { type Command, type CommandContext, centsOption, numberOption, UsageError, writeOutput } from "../cli.ts";

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

function describePayment(panel: PaymentPanel, order: OrderOperatorView["order"]): string[] {
  return [
    `  Payment ${panel.provider}${panel.testMode ? " (test mode)" : ""} ${panel.authorizationRef ?? panel.providerRef ?? "-"}: ${panel.status}, authorized ${money(panel.authorized, order)}, captured ${money(panel.captured, order)}, refunded ${money(panel.refunded, order)}${panel.released ? `, released ${money(panel.released, order)}` : ""}`,
    ...(panel.dashboardUrl ? [`    ${panel.dashboardUrl}`] : []),
    ...panel.events.map(
      (e) =>
        `    ${e.createdAt} ${e.kind}${e.amount ? ` ${money(e.amount, order)}` : ""}${e.detail && !e.detail.startsWith("http") ? ` ${e.detail}` : ""}`,
    ),
  ];
}

function describeOrder(view: OrderOperatorView, panel: PaymentPanel | null = null): string[] {
  const { order } = view;
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
    ...order.returns.map(
      (r) =>
        `  return ${r.number}: ${r.status}${r.rejectReason ? ` (${r.rejectReason})` : ""}, ${r.lines.map((l) => `line ${l.lineId} × ${l.quantity} ${l.reason}${l.condition ? ` ${l.condition}` : ""}`).join("; ")}`,
    ),
    `  Paid ${money(view.refundable.paid, order)}, refunded ${money(view.refundable.refunded, order)}, refundable ${money(view.refundable.left, order)}`,
    ...(panel ? describePayment(panel, order) : []),
    ...view.refunds.map(
      (r) => `  refund ${r.id}: ${money(r.amount, order)} by ${r.method} (${r.reason}) ${r.at} by ${r.actor}`,
    ),
    ...order.history.map((h) => `  ${h.at} ${h.type}${Object.keys(h.data).length ? ` ${JSON.stringify(h.data)}` : ""}`),
    ...view.notes.map((n) => `  note ${n.at} ${n.actor}: ${n.text}`),
    ...view.mails.map(
      (m) =>
        `  mail ${m.id}: ${m.kind} to ${m.recipient}, ${m.status}${m.lastError ? ` (${m.lastError})` : ""} ${m.sentAt ?? m.createdAt}`,
    ),
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
    summary: "List orders: search, filter, sort, page",
    usage:
      "vitrine orders list [--search TEXT] [--status S,…] [--store CODE,…] [--payment METHOD,…] [--from DAY] [--to DAY] [--sort SORT] [--limit N] [--after CURSOR]",
    details: `Search finds an order number, an e-mail (or its start), a name ("berg", "lena berg") or a postcode. Sorts: ${ORDER_SORTS.join(", ")}. A full page ends with the cursor of the next one (--after).`,
    options: orderQueryOptions({
      limit: { type: "string", description: "At most N orders (default 50, at most 200)" },
      after: { type: "string", description: "The cursor printed at the end of the previous page" },
    }),
    async run(ctx) {
      const query: OrderQuery = {
        ...orderQuery(ctx),
        limit: numberOption(ctx.options.limit, "limit", 50),
        ...(typeof ctx.options.after === "string" ? { cursor: ctx.options.after } : {}),
      };
      const problem = orderQueryProblem(query);
      if (problem) throw new UsageError(`--${problem}`);
      const page = await searchOrders(await ctx.ctx(), query);
      if (page.rows.length === 0) {
        ctx.out("No orders");
        return 0;
      }
      for (const o of page.rows) {
        ctx.out(
          `${o.number}  ${o.placedAt.slice(0, 16).replace("T", " ")}  ${o.storeCode.padEnd(5)}  ${o.status.padEnd(9)}  ${money(o.total, o).padStart(12)}  ${(o.paymentMethod ?? "gift_card").padEnd(16)}  ${o.email}  ${o.name}`,
        );
      }
      if (page.next) ctx.out(`More: --after ${page.next}`);
      return 0;
    },
  },
  {
    path: ["orders", "export"],
    summary: "Export the filtered order list as CSV",
    usage:
      "vitrine orders export [--out FILE] [--search TEXT] [--status S,…] [--store CODE,…] [--payment METHOD,…] [--from DAY] [--to DAY] [--sort SORT]",
    details: "Streams every matching order (no paging) to FILE or standard output, header first.",
    options: orderQueryOptions({ out: { type: "string", description: "Write to this file instead of stdout" } }),
    async run(ctx) {
      const query = orderQuery(ctx);
      const problem = orderQueryProblem(query);
      if (problem) throw new UsageError(`--${problem}`);
      const orders = await ctx.ctx();
      await writeOutput(ctx, exportOrdersCsv(orders, query), ctx.options.out);
      if (typeof ctx.options.out === "string") ctx.err(`Orders written to ${ctx.options.out}`);
      return 0;
    },
  },
  {
    path: ["orders", "show"],
    summary: "Show an order: lines, packages, returns, refunds, history, notes and mails",
    usage: "vitrine orders show NUMBER",
    args: [1, 1],
    async run(ctx) {
      const shopCtx = await ctx.ctx();
      const view = await getOrderOperatorView(shopCtx, ctx.args[0] as string);
      if (!view) {
        ctx.err(`No order ${ctx.args[0]}`);
        return 1;
      }
      const panel = await paymentPanel(shopCtx, await orderPaymentId(shopCtx, view.order.id));
      for (const line of describeOrder(view, panel)) ctx.out(line);
      return 0;
    },
  },
  {
    path: ["orders", "pay"],
    summary: "Record that the money for an invoice or prepayment order has arrived",
    usage: "vitrine orders pay NUMBER",
    args: [1, 1],
    run: (ctx) =>
      change(ctx, ctx.args[0] as string, (orders) => markOrderPaid(orders, ctx.actor(), ctx.args[0] as string)),
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
        shipOrder(orders, ctx.actor(), number, { carrier, trackingNumber: tracking, ...(lines ? { lines } : {}) }),
      );
    },
  },
  {
    path: ["orders", "deliver"],
    summary: "Record that the parcels of an order have been delivered",
    usage: "vitrine orders deliver NUMBER",
    args: [1, 1],
    run: (ctx) =>
      change(ctx, ctx.args[0] as string, (orders) => deliverOrder(orders, ctx.actor(), ctx.args[0] as string)),
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
      return change(ctx, number, (orders) => cancelOrder(orders, ctx.actor(), number, reason));
    },
  },
  {
    path: ["orders", "refund"],
    summary: "Refund part of an order by its payment method (never more than was paid)",
    usage: "vitrine orders refund NUMBER --amount 12.50 --reason TEXT [--key KEY]",
    details:
      "The payment method's part goes back first (card/PayPal through the provider, an unpaid invoice as a credit, else by bank transfer), then a gift card's. --key makes a retried command refund once.",
    args: [1, 1],
    options: {
      amount: { type: "string", description: "How much, in the order's currency (e.g. 12.50)" },
      reason: { type: "string", description: "Why (audit log and order history)" },
      key: { type: "string", description: "A request key: the same key refunds once" },
    },
    async run(ctx) {
      const number = ctx.args[0] as string;
      const amount = centsOption(ctx.options.amount, "amount");
      if (typeof ctx.options.reason !== "string" || ctx.options.reason.trim() === "") {
        throw new UsageError("--reason is required");
      }
      const reason = ctx.options.reason;
      const key = typeof ctx.options.key === "string" ? ctx.options.key : undefined;
      return change(ctx, number, (orders) =>
        refundOrder(orders, ctx.actor(), number, { amount, reason, ...(key ? { idempotencyKey: key } : {}) }),
      );
    },
  },
  {
    path: ["orders", "note"],
    summary: "Add an internal note to an order (never shown to the customer)",
    usage: "vitrine orders note NUMBER TEXT",
    args: [2, 2],
    async run(ctx) {
      const [number, text] = ctx.args as [string, string];
      const orders = await ctx.ctx();
      const result = await addOrderNote(orders, ctx.actor(), number, text);
      if (!result.ok) {
        const answer = failureAnswer(result, number);
        ctx.err(answer.detail);
        return failureExitCode(answer);
      }
      ctx.out(`Order ${number}: note added`);
      return 0;
    },
  },
  {
    path: ["orders", "resend-mail"],
    summary: "Send one of an order's mails again (a failed one is retried now)",
    usage: "vitrine orders resend-mail NUMBER MAIL_ID",
    details: 'Mail ids are shown by "vitrine orders show".',
    args: [2, 2],
    async run(ctx) {
      const [number, id] = ctx.args as [string, string];
      if (!/^\d+$/.test(id)) throw new UsageError("MAIL_ID is a number");
      return change(ctx, number, (orders) => resendOrderMail(orders, ctx.actor(), number, Number(id)));
    },
  },
  {
    path: ["orders", "receive-return"],
    summary: 'Record that a return\'s parcel has arrived, all resellable (same as "vitrine returns receive")',
    usage: "vitrine orders receive-return RETURN_NUMBER",
    args: [1, 1],
    async run(ctx) {
      const returnNumber = ctx.args[0] as string;
      const result = await receiveReturn(await ctx.ctx(), ctx.actor(), returnNumber);
      if (!result.ok) {
        const answer = failureAnswer(result, returnNumber);
        ctx.err(answer.detail);
        return failureExitCode(answer);
      }
      ctx.out(`Return ${returnNumber} of order ${result.order.number}: received, units back in stock`);
      return 0;
    },
  },
];

/** The filter options shared by `orders list` and `orders export`. */
function orderQueryOptions(extra: Command["options"]): Command["options"] {
  return {
    search: { type: "string", description: "Order number, e-mail, name or postcode" },
    status: { type: "string", description: `Statuses, comma-separated (${ORDER_STATUSES.join(", ")})` },
    store: { type: "string", description: `Stores, comma-separated (${STORE_CODES.join(", ")})` },
    payment: {
      type: "string",
      description: `Payment methods, comma-separated (${PAYMENT_METHOD_IDS.join(", ")}, gift_card)`,
    },
    from: { type: "string", description: "Placed on or after this day (yyyy-mm-dd)" },
    to: { type: "string", description: "Placed on or before this day (yyyy-mm-dd)" },
    sort: { type: "string", description: `${ORDER_SORTS.join(", ")} (default newest)` },
    ...extra,
  };
}

function listOption<T extends string>(ctx: CommandContext, name: string, allowed: readonly string[]): T[] | undefined {
  const value = ctx.options[name];
  if (value === undefined) return undefined;
  const items = String(value)
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  const wrong = items.find((v) => !allowed.includes(v));
  if (wrong !== undefined || items.length === 0)
    throw new UsageError(`--${name} must be some of ${allowed.join(", ")}`);
  return items as T[];
}

function orderQuery(ctx: CommandContext): OrderQuery {
  const text = (name: string) => (typeof ctx.options[name] === "string" ? (ctx.options[name] as string) : undefined);
  const statuses = listOption<OrderStatus>(ctx, "status", ORDER_STATUSES);
  const storeCodes = listOption<StoreCode>(ctx, "store", STORE_CODES);
  const paymentMethods = listOption<PaymentMethodId | "gift_card">(ctx, "payment", [
    ...PAYMENT_METHOD_IDS,
    "gift_card",
  ]);
  const search = text("search");
  const from = text("from");
  const to = text("to");
  const sort = text("sort");
  return {
    ...(search ? { search } : {}),
    ...(statuses ? { statuses } : {}),
    ...(storeCodes ? { storeCodes } : {}),
    ...(paymentMethods ? { paymentMethods } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(sort ? { sort: sort as OrderSort } : {}),
  };
}
