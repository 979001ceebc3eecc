import {
  type CategoryChangeResult,
  createCategory,
  deleteCategory,
  failureAnswer,
  failureExitCode,
  listCategoryTree,
  moveCategoryStep,
  moveCategoryUnder,
  renameCategory,
  setCategoryHidden,
} from "@vitrine/commerce";
import { type Command, type CommandContext, UsageError } from "../cli.ts";

/**
 * `vitrine categories …`: the back office's category tree (/admin/categories/) on the command line — list, add,
 * rename, move (up, down or under another category), hide, show and delete. The same services: every change is
 * audited (as `cli:<user>`) and reaches every running shop process through the event feed.
 */

function idArg(value: string | undefined, what = "ID"): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new UsageError(`${what} must be a category id (a number)`);
  return Number(value);
}

const text = (value: string | boolean | undefined) => (typeof value === "string" ? value : undefined);

function report(ctx: CommandContext, result: CategoryChangeResult, done: string): number {
  if (!result.ok) {
    ctx.err(`Refused: ${result.detail}`);
    return failureExitCode(failureAnswer(result));
  }
  ctx.out(result.changed ? done : "Nothing changed");
  return 0;
}

const nameOptions = {
  de: { type: "string", description: "Name in German" },
  fr: { type: "string", description: "Name in French" },
  en: { type: "string", description: "Name in English" },
} as const;

function names(ctx: CommandContext) {
  return { de: text(ctx.options.de) ?? "", fr: text(ctx.options.fr) ?? "", en: text(ctx.options.en) ?? "" };
}

export const categoryCommands: Command[] = [
  {
    path: ["categories", "list"],
    summary: "Show the category tree: ids, names, products, hidden ones",
    usage: "vitrine categories list",
    args: [0, 0],
    async run(ctx) {
      const tree = await listCategoryTree(await ctx.ctx());
      if (tree.length === 0) ctx.out("No categories");
      for (const c of tree) {
        const flags = [c.hidden ? "hidden" : "", c.hiddenAbove ? "hidden above" : ""].filter(Boolean).join(", ");
        ctx.out(
          `${"  ".repeat(c.depth)}${String(c.id).padStart(5)}  ${c.names.de} / ${c.names.fr} / ${c.names.en}  (${c.products} products${flags ? `, ${flags}` : ""})`,
        );
      }
      return 0;
    },
  },
  {
    path: ["categories", "add"],
    summary: "Create a category, last under its parent (or at the top level)",
    usage: "vitrine categories add --de NAME [--fr NAME] [--en NAME] [--parent ID]",
    details: "A language without a name gets the first one given.",
    options: { ...nameOptions, parent: { type: "string", description: "The parent category's id" } },
    args: [0, 0],
    async run(ctx) {
      const parent = text(ctx.options.parent);
      const parentId = parent === undefined ? null : idArg(parent, "--parent");
      const given = names(ctx);
      if (!given.de && !given.fr && !given.en) throw new UsageError("give a name with --de, --fr or --en");
      const result = await createCategory(await ctx.ctx(), ctx.actor(), { parentId, names: given });
      return report(ctx, result, result.ok ? `Category #${result.id} created` : "");
    },
  },
  {
    path: ["categories", "rename"],
    summary: "Rename a category in one or more languages (its addresses stay)",
    usage: "vitrine categories rename ID [--de NAME] [--fr NAME] [--en NAME]",
    options: nameOptions,
    args: [1, 1],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const given = names(ctx);
      if (!given.de && !given.fr && !given.en) throw new UsageError("give a new name with --de, --fr or --en");
      return report(ctx, await renameCategory(await ctx.ctx(), ctx.actor(), id, given), `Category #${id} renamed`);
    },
  },
  {
    path: ["categories", "move"],
    summary: "Move a category one place up or down, or under another category",
    usage: "vitrine categories move ID up|down|under PARENT_ID|top",
    args: [2, 3],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const how = ctx.args[1];
      const c = await ctx.ctx();
      if (how === "up" || how === "down") {
        return report(ctx, await moveCategoryStep(c, ctx.actor(), id, how), `Category #${id} moved ${how}`);
      }
      if (how === "under") {
        const target = ctx.args[2];
        const parentId = target === "top" ? null : idArg(target, "PARENT_ID");
        return report(
          ctx,
          await moveCategoryUnder(c, ctx.actor(), id, parentId),
          `Category #${id} moved ${parentId === null ? "to the top level" : `under #${parentId}`}`,
        );
      }
      throw new UsageError("say up, down, or under PARENT_ID (top: the top level)");
    },
  },
  ...(
    [
      ["hide", true, "Hide a category (and everything below it) from the shop's menu and pages"],
      ["show", false, "Show a hidden category in the shop again"],
    ] as const
  ).map(
    ([verb, hidden, summary]): Command => ({
      path: ["categories", verb],
      summary,
      usage: `vitrine categories ${verb} ID`,
      args: [1, 1],
      async run(ctx) {
        const id = idArg(ctx.args[0]);
        const result = await setCategoryHidden(await ctx.ctx(), ctx.actor(), id, hidden);
        return report(ctx, result, `Category #${id} is now ${hidden ? "hidden" : "shown"}`);
      },
    }),
  ),
  {
    path: ["categories", "delete"],
    summary: "Delete an empty category (one with subcategories or products is refused)",
    usage: "vitrine categories delete ID",
    args: [1, 1],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      return report(ctx, await deleteCategory(await ctx.ctx(), ctx.actor(), id), `Category #${id} deleted`);
    },
  },
];
