import {
  bulkChangeStock,
  type DomainFailure,
  deleteProduct,
  editInputOf,
  failureAnswer,
  failureExitCode,
  formatMoneyInput,
  isProductStatus,
  listProducts,
  loadEditableProduct,
  PRICE_ZONES,
  PRODUCT_STATUSES,
  type ProductStatus,
  parseMoney,
  STOCK_STATES,
  type StockState,
  saveProduct,
  setProductStatus,
} from "@vitrine/commerce";
import type { PriceZone } from "@vitrine/commerce/shops";
import { type Command, type CommandContext, UsageError } from "../cli.ts";

/**
 * `vitrine products …`: the back office's catalogue tasks on the command line — find products, show one, set a
 * price or the stock, hide, archive, put back or delete. The same services as /admin/products: every change is
 * audited (as `cli:<user>`) and reaches every running shop process through the event feed.
 */

function idArg(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new UsageError("ID must be a product id (a number)");
  return Number(value);
}

function text(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function refused(ctx: CommandContext, failure: DomainFailure, extra = ""): number {
  const answer = failureAnswer(failure);
  ctx.err(`Refused: ${answer.detail}${extra}`);
  return failureExitCode(answer);
}

/** The editor's input for a product as it is: a command changes only what it names. */
const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "–" : formatMoneyInput(cents);

export const productCommands: Command[] = [
  {
    path: ["products", "list"],
    summary: "Find products by name, number, id or EAN, with the back office's filters",
    usage: `vitrine products list [QUERY] [--brand B] [--category ID] [--stock ${STOCK_STATES.join("|")}] [--status ${PRODUCT_STATUSES.join("|")}] [--no-image] [--on-sale] [--page N]`,
    options: {
      brand: { type: "string", description: "Only this brand" },
      category: { type: "string", description: "A category id (and the categories below it)" },
      stock: { type: "string", description: `Stock state: ${STOCK_STATES.join(", ")}` },
      status: { type: "string", description: `Status: ${PRODUCT_STATUSES.join(", ")}` },
      "no-image": { type: "boolean", description: "Only products without a front image" },
      "on-sale": { type: "boolean", description: "Only products with a reduced price" },
      page: { type: "string", description: "Page (50 products each)" },
    },
    args: [0, 1],
    async run(ctx) {
      const stock = text(ctx.options.stock);
      if (stock !== undefined && !STOCK_STATES.includes(stock as StockState)) {
        throw new UsageError(`--stock must be one of ${STOCK_STATES.join(", ")}`);
      }
      const status = text(ctx.options.status);
      if (status !== undefined && !isProductStatus(status)) {
        throw new UsageError(`--status must be one of ${PRODUCT_STATUSES.join(", ")}`);
      }
      const category = text(ctx.options.category);
      const list = await listProducts(await ctx.ctx(), {
        language: "de",
        ...(ctx.args[0] ? { q: ctx.args[0] } : {}),
        ...(text(ctx.options.brand) ? { brand: text(ctx.options.brand) as string } : {}),
        ...(category ? { categoryId: idArg(category) } : {}),
        ...(stock ? { stock: stock as StockState } : {}),
        ...(status ? { status: status as ProductStatus } : {}),
        ...(ctx.options["no-image"] ? { noImage: true } : {}),
        ...(ctx.options["on-sale"] ? { onSale: true } : {}),
        page: Number(text(ctx.options.page) ?? 1) || 1,
      });
      ctx.out(`${list.totalCapped ? "more than " : ""}${list.total} products, page ${list.page}`);
      for (const row of list.rows) {
        const prices = PRICE_ZONES.map((z) => {
          const p = row.prices[z];
          return `${z} ${p ? (p.sale !== null ? `${money(p.sale)} (${money(p.list)})` : money(p.list)) : "–"}`;
        }).join("  ");
        ctx.out(
          `${String(row.id).padStart(7)}  ${row.referenceKey.padEnd(12)} ${row.status.padEnd(8)} stock ${String(row.stock).padStart(4)}  ${prices}  ${row.name}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["products", "show"],
    summary: "Show a product: texts, attributes, categories, and price and stock per size",
    usage: "vitrine products show ID",
    args: [1, 1],
    async run(ctx) {
      const product = await loadEditableProduct(await ctx.ctx(), idArg(ctx.args[0]));
      if (!product) return refused(ctx, { ok: false, error: "NotFound", detail: `No product ${ctx.args[0]}` });
      const { record } = product;
      ctx.out(`#${record.id} ${record.referenceKey} (master ${record.masterKey})  ${product.status}`);
      for (const [language, t] of Object.entries(record.translations)) ctx.out(`  ${language}: ${t.name}`);
      ctx.out(
        `  brand ${record.brand}, type ${record.productType}, colour ${record.colorId}, pattern ${record.pattern}`,
      );
      ctx.out(`  categories ${record.categoryIds.join(", ")}`);
      for (const v of record.variants) {
        const prices = PRICE_ZONES.map((z) => {
          const p = v.prices[z];
          return `${z} ${p ? `${money(p.listPrice)}${p.salePrice !== null ? `/${money(p.salePrice)}` : ""}` : "–"}`;
        }).join("  ");
        ctx.out(`  size ${v.size.padEnd(6)} #${v.id}  stock ${String(v.stock.quantity).padStart(4)}  ${prices}`);
      }
      return 0;
    },
  },
  {
    path: ["products", "set-price"],
    summary: "Set a product's price in a price zone (every size), with or without a reduction",
    usage: "vitrine products set-price ID DE|AT|CH PRICE [--sale PRICE] [--variant VARIANT_ID]",
    details:
      "Prices like 59.95 (EUR in DE and AT, CHF in CH). DE is the de and en stores, AT the at store, CH the ch and fr-ch stores. Without --sale a reduction ends.",
    options: {
      sale: { type: "string", description: "The reduced price (lower than PRICE)" },
      variant: { type: "string", description: "Only this size (variant id)" },
    },
    args: [3, 3],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const zone = ctx.args[1] as PriceZone;
      if (!PRICE_ZONES.includes(zone)) throw new UsageError("the zone must be DE, AT or CH");
      if (parseMoney(ctx.args[2] as string) === undefined) throw new UsageError("PRICE must be an amount like 59.95");
      const c = await ctx.ctx();
      const product = await loadEditableProduct(c, id);
      if (!product) return refused(ctx, { ok: false, error: "NotFound", detail: `No product ${id}` });
      const only = text(ctx.options.variant);
      const input = editInputOf(product.record, product.updatedAt);
      let touched = 0;
      for (const [variantId, variant] of Object.entries(input.variants)) {
        if (only !== undefined && variantId !== only) continue;
        variant.prices[zone] = { list: ctx.args[2] as string, sale: text(ctx.options.sale) ?? "", reduction: "" };
        touched++;
      }
      if (touched === 0)
        return refused(ctx, { ok: false, error: "NotFound", detail: `No size ${only} in product ${id}` });
      const result = await saveProduct(c, ctx.actor(), id, input);
      if (!result.ok) {
        const fields =
          "fields" in result
            ? ` (${Object.entries(result.fields)
                .map(([f, e]) => `${f}: ${e}`)
                .join(", ")})`
            : "";
        return refused(ctx, result, fields);
      }
      ctx.out(result.changed ? `Price of #${id} in ${zone} set for ${touched} sizes` : "Nothing changed");
      return 0;
    },
  },
  {
    path: ["products", "set-stock"],
    summary: "Set (or add to) the stock of every size of a product, or of one size",
    usage: "vitrine products set-stock ID QUANTITY [--add] [--variant VARIANT_ID]",
    options: {
      add: { type: "boolean", description: "Add QUANTITY (may be negative) instead of setting it" },
      variant: { type: "string", description: "Only this size (variant id)" },
    },
    args: [2, 2],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      const quantityText = ctx.args[1] as string;
      if (!/^-?\d{1,6}$/.test(quantityText)) throw new UsageError("QUANTITY must be a whole number");
      const quantity = Number(quantityText);
      const c = await ctx.ctx();
      const only = text(ctx.options.variant);
      if (only === undefined) {
        const result = await bulkChangeStock(c, ctx.actor(), [id], {
          kind: ctx.options.add ? "add" : "set",
          quantity,
        });
        if (!result.ok) return refused(ctx, result);
        ctx.out(result.changed.length > 0 ? `Stock of #${id} changed` : "Nothing changed");
        return 0;
      }
      const product = await loadEditableProduct(c, id);
      if (!product) return refused(ctx, { ok: false, error: "NotFound", detail: `No product ${id}` });
      const input = editInputOf(product.record, product.updatedAt);
      const variant = input.variants[Number(only)];
      if (!variant) return refused(ctx, { ok: false, error: "NotFound", detail: `No size ${only} in product ${id}` });
      variant.stock = String(ctx.options.add ? Math.max(0, variant.stockWas + quantity) : quantity);
      const result = await saveProduct(c, ctx.actor(), id, input);
      if (!result.ok) {
        const fields =
          "fields" in result
            ? ` (${Object.entries(result.fields)
                .map(([f, e]) => `${f}: ${e}`)
                .join(", ")})`
            : "";
        return refused(ctx, result, fields);
      }
      ctx.out(result.changed ? `Stock of size #${only} set to ${variant.stock}` : "Nothing changed");
      return 0;
    },
  },
  ...(
    [
      ["hide", "hidden", "Take a product out of the shop (kept; `products show-again` puts it back)"],
      ["archive", "archived", "Archive a product: out of the shop for good, kept for the records"],
      ["show-again", "active", "Put a hidden or archived product back into the shop"],
    ] as const
  ).map(
    ([verb, status, summary]): Command => ({
      path: ["products", verb],
      summary,
      usage: `vitrine products ${verb} ID`,
      args: [1, 1],
      async run(ctx) {
        const id = idArg(ctx.args[0]);
        const result = await setProductStatus(await ctx.ctx(), ctx.actor(), id, status);
        if (!result.ok) return refused(ctx, result);
        ctx.out(result.changed ? `Product #${id} is now ${status}` : `Product #${id} was ${status} already`);
        return 0;
      },
    }),
  ),
  {
    path: ["products", "delete"],
    summary: "Delete a product for good (its page answers 410 Gone)",
    usage: "vitrine products delete ID --yes",
    options: { yes: { type: "boolean", description: "Confirm the deletion" } },
    args: [1, 1],
    async run(ctx) {
      const id = idArg(ctx.args[0]);
      if (!ctx.options.yes) throw new UsageError("deleting cannot be undone: confirm with --yes");
      const result = await deleteProduct(await ctx.ctx(), ctx.actor(), id);
      if (!result.ok) return refused(ctx, result);
      ctx.out(`Product #${id} deleted`);
      return 0;
    },
  },
];
