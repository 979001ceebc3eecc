import {
  addProductSize,
  failureAnswer,
  failureExitCode,
  linkColourSibling,
  listColourSiblings,
  type ProductEditResult,
  removeProductSize,
  unlinkColourSibling,
} from "@vitrine/commerce";
import { type Command, type CommandContext, UsageError } from "../cli.ts";

/**
 * `vitrine products colours|link-colour|unlink-colour|add-size|remove-size`: the product editor's colour siblings
 * and sizes on the command line, through the same services (audited as `cli:<user>`, published to every shop
 * process).
 */

function idArg(value: string | undefined, what = "ID"): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new UsageError(`${what} must be a number`);
  return Number(value);
}

function report(ctx: CommandContext, result: ProductEditResult, done: string): number {
  if (!result.ok) {
    ctx.err(`Refused: ${result.detail}`);
    return failureExitCode(failureAnswer(result));
  }
  ctx.out(done);
  return 0;
}

export const productEditingCommands: Command[] = [
  {
    path: ["products", "colours"],
    summary: "List the other colours of a product's model (its colour siblings)",
    usage: "vitrine products colours ID",
    args: [1, 1],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const siblings = await listColourSiblings(await ctx.ctx(), id, "de");
      if (siblings.length === 0) ctx.out(`#${id} is the only colour of its model`);
      for (const s of siblings) {
        ctx.out(
          `${String(s.id).padStart(7)}  ${s.referenceKey.padEnd(12)} ${s.colorId.padEnd(12)} ${s.status.padEnd(8)} ${s.name}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["products", "link-colour"],
    summary: "Make a product one of the colours of another product's model",
    usage: "vitrine products link-colour ID OTHER",
    details: "OTHER is the id or product number of a product of the model to join.",
    args: [2, 2],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const other = ctx.args[1] as string;
      const result = await linkColourSibling(await ctx.ctx(), ctx.actor(), id, other);
      return report(ctx, result, `#${id} is now a colour of the model of ${other}`);
    },
  },
  {
    path: ["products", "unlink-colour"],
    summary: "Take a product out of its model's colours (a model of its own)",
    usage: "vitrine products unlink-colour ID",
    args: [1, 1],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      return report(ctx, await unlinkColourSibling(await ctx.ctx(), ctx.actor(), id), `#${id} is a model of its own`);
    },
  },
  {
    path: ["products", "add-size"],
    summary: "Add a size to a product (prices, delivery time and backorder setting of its first size)",
    usage: "vitrine products add-size ID SIZE [--ean EAN] [--stock N]",
    options: {
      ean: { type: "string", description: "The size's EAN (8 to 14 digits)" },
      stock: { type: "string", description: "Units in stock (default 0)" },
    },
    args: [2, 2],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const size = ctx.args[1] as string;
      const ean = typeof ctx.options.ean === "string" ? ctx.options.ean : "";
      const stock = typeof ctx.options.stock === "string" ? ctx.options.stock : "0";
      const result = await addProductSize(await ctx.ctx(), ctx.actor(), id, { size, ean, stock });
      return report(ctx, result, result.ok ? `Size ${size} added to #${id} as variant #${result.variantId}` : "");
    },
  },
  {
    path: ["products", "remove-size"],
    summary: "Remove a size from a product (no longer sold; orders and returns keep it)",
    usage: "vitrine products remove-size ID VARIANT_ID",
    args: [2, 2],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const variantId = idArg(ctx.args[1], "VARIANT_ID");
      const result = await removeProductSize(await ctx.ctx(), ctx.actor(), id, variantId);
      return report(ctx, result, `Size #${variantId} removed from #${id}`);
    },
  },
];
