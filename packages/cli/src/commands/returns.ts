import {
  failureAnswer,
  failureExitCode,
  listReturns,
  RETURN_STATUSES,
  type ReturnChangeResult,
  type ReturnStatus,
  receiveReturn,
  refundReturn,
  rejectReturn,
  wakeJob,
} from "@vitrine/commerce";
import { type Command, type CommandContext, centsOption, numberOption, UsageError } from "../cli.ts";

/**
 * `vitrine returns …`: the returns queue and its work — receive a parcel line by line, refund it by the original
 * payment method, or reject it with a reason. Each change is audited as the OS user and mails the customer
 * through the worker's outbox.
 */

async function answer(ctx: CommandContext, returnNumber: string, result: ReturnChangeResult, done: string) {
  if (!result.ok) {
    const refused = failureAnswer(result, returnNumber);
    ctx.err(refused.detail);
    return failureExitCode(refused);
  }
  await wakeJob(await ctx.ctx(), "mail");
  ctx.out(`Return ${returnNumber} of order ${result.order.number}: ${done}`);
  return 0;
}

/** `12,13` → line ids. */
function lineIds(value: string | boolean | undefined, name: string): number[] {
  if (value === undefined) return [];
  if (typeof value !== "string" || !/^\s*\d+(\s*,\s*\d+)*\s*$/.test(value)) {
    throw new UsageError(`--${name} needs line ids: 12,13`);
  }
  return value.split(",").map((v) => Number(v.trim()));
}

export const returnCommands: Command[] = [
  {
    path: ["returns", "list"],
    summary: "The returns queue (registered returns, oldest first)",
    usage: "vitrine returns list [--status registered|received|refunded|rejected] [--limit N] [--after ID]",
    options: {
      status: { type: "string", description: `One of ${RETURN_STATUSES.join(", ")} (default registered)` },
      limit: { type: "string", description: "At most N returns (default 50)" },
      after: { type: "string", description: "The cursor printed at the end of the previous page" },
    },
    async run(ctx) {
      const status = ctx.options.status;
      if (status !== undefined && !(RETURN_STATUSES as readonly unknown[]).includes(status)) {
        throw new UsageError(`--status must be one of ${RETURN_STATUSES.join(", ")}`);
      }
      const page = await listReturns(await ctx.ctx(), {
        ...(status ? { status: status as ReturnStatus } : {}),
        limit: numberOption(ctx.options.limit, "limit", 50),
        ...(ctx.options.after !== undefined ? { after: numberOption(ctx.options.after, "after", 0) } : {}),
      });
      if (page.entries.length === 0) ctx.out("No returns");
      for (const r of page.entries) {
        ctx.out(
          `${r.number.padEnd(13)} order ${r.orderNumber}  ${r.storeCode.padEnd(5)}  ${r.status.padEnd(10)}  ${r.createdAt.slice(0, 10)}  ${String(r.units).padStart(2)} items  ${r.email}  ${r.name}`,
        );
      }
      if (page.next !== undefined) ctx.out(`More: --after ${page.next}`);
      return 0;
    },
  },
  {
    path: ["returns", "receive"],
    summary: "Receive a return's parcel: resellable lines go back into stock, damaged ones do not",
    usage: "vitrine returns receive RETURN_NUMBER [--damaged LINE,…]",
    details: 'Lines not named with --damaged are resellable. Line ids are shown by "vitrine orders show".',
    args: [1, 1],
    options: { damaged: { type: "string", description: "Order line ids received damaged" } },
    async run(ctx) {
      const returnNumber = ctx.args[0] as string;
      const damaged = lineIds(ctx.options.damaged, "damaged");
      const result = await receiveReturn(
        await ctx.ctx(),
        ctx.actor(),
        returnNumber,
        damaged.map((lineId) => ({ lineId, condition: "damaged" as const })),
      );
      return answer(
        ctx,
        returnNumber,
        result,
        damaged.length ? `received (damaged: lines ${damaged.join(", ")})` : "received, units back in stock",
      );
    },
  },
  {
    path: ["returns", "refund"],
    summary: "Refund a received return by the original payment method and mail the customer",
    usage: "vitrine returns refund RETURN_NUMBER [--amount 12.50]",
    details:
      "Without --amount the return's value (what its lines cost) is refunded, at most what is left of the money paid.",
    args: [1, 1],
    options: { amount: { type: "string", description: "Less than the return's value (a deduction)" } },
    async run(ctx) {
      const returnNumber = ctx.args[0] as string;
      const amount = ctx.options.amount === undefined ? undefined : centsOption(ctx.options.amount, "amount");
      const result = await refundReturn(await ctx.ctx(), ctx.actor(), returnNumber, amount ? { amount } : {});
      return answer(ctx, returnNumber, result, "refunded; mail queued");
    },
  },
  {
    path: ["returns", "reject"],
    summary: "Reject a return with a reason (the customer gets a mail)",
    usage: "vitrine returns reject RETURN_NUMBER --reason TEXT",
    args: [1, 1],
    options: { reason: { type: "string", description: "Why: the customer reads it" } },
    async run(ctx) {
      const returnNumber = ctx.args[0] as string;
      if (typeof ctx.options.reason !== "string" || ctx.options.reason.trim() === "") {
        throw new UsageError("--reason is required");
      }
      const result = await rejectReturn(await ctx.ctx(), ctx.actor(), returnNumber, ctx.options.reason);
      return answer(ctx, returnNumber, result, "rejected; mail queued");
    },
  },
];
