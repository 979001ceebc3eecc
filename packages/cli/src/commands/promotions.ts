import { readFile } from "node:fs/promises";
import { endPromotion, loadPromotions, promotionStatus, savePromotion } from "@vitrine/commerce";
import type { Command } from "../cli.ts";

/** Promotions from the command line: the same audited services as the back office's promotions screen. */
export const promotionCommands: Command[] = [
  {
    path: ["promotions", "list"],
    summary: "List promotions with their status, priority, stores and period",
    usage: "vitrine promotions list",
    async run(ctx) {
      const shopCtx = await ctx.ctx();
      const promotions = await loadPromotions(shopCtx);
      if (promotions.length === 0) ctx.out("No promotions");
      const now = ctx.now();
      for (const p of promotions) {
        const kind = p.effect.type === "buy_x_get_y" ? "buy_x_get_y" : `${p.effect.kind}_discount`;
        ctx.out(
          `${p.id.padEnd(24)} ${promotionStatus(p, now).padEnd(9)} priority ${String(p.priority).padStart(3)}  ${kind.padEnd(19)} [${p.storeCodes.join(",")}] ${p.validFrom} – ${p.validTo}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["promotions", "add"],
    summary: "Add a promotion from a JSON file (or change one with --replace)",
    usage: "vitrine promotions add FILE [--replace]",
    details:
      'FILE holds one promotion as the catalogue files write it: {"id","priority","effect","conditions","colorHex","names","storeCodes","validFrom","validTo"}. It is checked against the promotion rules; an id in use is refused unless --replace. Running shops follow within two seconds. Audited.',
    args: [1, 1],
    options: { replace: { type: "boolean", description: "Replace the promotion with this id" } },
    async run(ctx) {
      const file = ctx.args[0] as string;
      let record: unknown;
      try {
        record = JSON.parse(await readFile(file, "utf8"));
      } catch (error) {
        ctx.err(`Cannot read ${file}: ${(error as Error).message}`);
        return 1;
      }
      const result = await savePromotion(
        await ctx.ctx(),
        ctx.actor(),
        record,
        ctx.options.replace ? "update" : "create",
      );
      if (!result.ok) {
        ctx.err(result.error === "Conflict" ? `${result.detail} (use --replace to change it)` : result.detail);
        return 1;
      }
      ctx.out(`${ctx.options.replace ? "Saved" : "Added"} promotion ${result.promotion.id}`);
      return 0;
    },
  },
  {
    path: ["promotions", "end"],
    summary: "End a promotion now",
    usage: "vitrine promotions end ID",
    details: "It stops applying to baskets and showing in the shop within two seconds. Audited.",
    args: [1, 1],
    async run(ctx) {
      const id = ctx.args[0] as string;
      const result = await endPromotion(await ctx.ctx(), ctx.actor(), id);
      if (!result.ok) {
        ctx.err(result.detail);
        return 1;
      }
      ctx.out(
        result.changed ? `Ended promotion ${id} at ${result.promotion.validTo}` : `Promotion ${id} had ended already`,
      );
      return 0;
    },
  },
];
