import {
  blockGiftCardAs,
  type Currency,
  disableGiftCard,
  findGiftCardForOperator,
  formatGiftCardCode,
  type GiftCard,
  issueGiftCardAs,
  listGiftCards,
  normalizeGiftCardCode,
  removeGiftCard,
} from "@vitrine/commerce";
import { DEMO_GIFT_CARDS } from "@vitrine/demo-data";
import { type Command, type CommandContext, UsageError } from "../cli.ts";

/**
 * `vitrine gift-cards …`: the shop's gift cards. A code pays like cash, so lists show only its ends unless asked,
 * and a new card's code is printed once, when it is created.
 */

const CURRENCIES: readonly Currency[] = ["EUR", "CHF"];

function amountText(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/** `DEMO-••••-500E`: enough to tell cards apart, not enough to pay with (short codes show only their end). */
function maskedCode(code: string): string {
  return code.length >= 12 ? `${code.slice(0, 4)}-••••-${code.slice(-4)}` : `••••-${code.slice(-4)}`;
}

function stateOf(card: GiftCard, now: Date): string {
  if (card.expiresAt !== null && card.expiresAt <= now.toISOString()) return "expired";
  return card.balance <= 0 ? "used up" : "active";
}

/** `50`, `50.5` or `50.00` in the card's currency, as cents. */
function parseAmount(value: string | boolean | undefined): number {
  if (typeof value !== "string" || !/^\d{1,7}(\.\d{1,2})?$/.test(value)) {
    throw new UsageError("--amount must be an amount like 50 or 49.90");
  }
  const cents = Math.round(Number(value) * 100);
  if (cents <= 0) throw new UsageError("--amount must be more than 0");
  return cents;
}

/** A day (the card pays until its end, UTC) or an exact ISO time. */
function parseExpiry(value: string | boolean | undefined, now: Date): string | null {
  if (value === undefined) return null;
  const text = typeof value === "string" ? value : "";
  const at = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59.999Z` : text;
  const date = new Date(at);
  if (!/^\d{4}-\d{2}-\d{2}/.test(at) || Number.isNaN(date.getTime())) {
    throw new UsageError("--expires must be a day (2027-12-31) or a time (2027-12-31T12:00:00Z)");
  }
  if (date <= now) throw new UsageError("--expires must be in the future");
  return date.toISOString();
}

async function removeOne(ctx: CommandContext, code: string): Promise<boolean> {
  const db = await ctx.db();
  const removed = await removeGiftCard({ db }, code);
  if (removed.ok) {
    ctx.out(`Removed gift card ${maskedCode(normalizeGiftCardCode(code))}`);
    return true;
  }
  if (removed.error === "GiftCardUsed") {
    // It paid for orders: it stays for them, but pays no more.
    await disableGiftCard({ db }, code, ctx.now());
    ctx.out(`Disabled gift card ${maskedCode(normalizeGiftCardCode(code))} (it paid for orders, so it is kept)`);
    return true;
  }
  return false;
}

export const giftCardCommands: Command[] = [
  {
    path: ["gift-cards", "list"],
    summary: "List gift cards with their balances",
    usage: "vitrine gift-cards list [--full]",
    details: "Codes are shown by their first and last characters; --full prints them whole (they pay like cash).",
    options: { full: { type: "boolean", description: "Print the whole codes" } },
    async run(ctx) {
      const cards = await listGiftCards(await ctx.ctx());
      if (cards.length === 0) ctx.out("No gift cards");
      const now = ctx.now();
      for (const card of cards) {
        const code = ctx.options.full ? formatGiftCardCode(card.code) : maskedCode(card.code);
        const expires = card.expiresAt ? `  expires ${card.expiresAt.slice(0, 10)}` : "";
        ctx.out(
          `${code.padEnd(24)} ${amountText(card.balance, card.currency).padStart(14)} of ${amountText(
            card.initialBalance,
            card.currency,
          )}  ${stateOf(card, now)}${expires}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["gift-cards", "create"],
    summary: "Issue a gift card",
    usage: "vitrine gift-cards create --amount 50 [--currency EUR|CHF] [--code CODE] [--expires 2027-12-31]",
    details:
      "Without --code a random 16-character code is made. The code is printed once, here: hand it to the customer. An existing code is refused.",
    options: {
      amount: { type: "string", description: "Value of the card, e.g. 50 or 49.90" },
      currency: { type: "string", description: "EUR (Germany, Austria) or CHF (Switzerland); default EUR" },
      code: { type: "string", description: "The code (8–32 letters and digits; dashes and spaces are ignored)" },
      expires: { type: "string", description: "Last day the card pays (default: never expires)" },
    },
    async run(ctx) {
      const amount = parseAmount(ctx.options.amount);
      const currency = (ctx.options.currency ?? "EUR") as Currency;
      if (!CURRENCIES.includes(currency)) throw new UsageError("--currency must be EUR or CHF");
      const expiresAt = parseExpiry(ctx.options.expires, ctx.now());
      const result = await issueGiftCardAs(await ctx.ctx(), ctx.actor(), {
        ...(typeof ctx.options.code === "string" ? { code: ctx.options.code } : {}),
        currency,
        amount,
        expiresAt,
      });
      if (!result.ok) {
        const reason = {
          InvalidCode: "a code has 8 to 32 letters and digits",
          InvalidAmount: "the amount must be more than 0",
          CodeTaken: "a gift card with this code exists",
        }[result.error];
        ctx.err(`Gift card refused: ${reason}`);
        return 1;
      }
      const expires = result.card.expiresAt ? `, pays until ${result.card.expiresAt}` : "";
      ctx.out(
        `Gift card ${formatGiftCardCode(result.card.code)}: ${amountText(result.card.balance, currency)}${expires}`,
      );
      return 0;
    },
  },
  {
    path: ["gift-cards", "lookup"],
    summary: "Look up a gift card: balance, state and the orders it paid",
    usage: "vitrine gift-cards lookup CODE",
    args: [1, 1],
    async run(ctx) {
      const card = await findGiftCardForOperator(await ctx.ctx(), ctx.args[0] as string);
      if (!card) {
        ctx.err(`No gift card ${ctx.args[0]}`);
        return 1;
      }
      const state = card.blockedAt ? `blocked ${card.blockedAt} (${card.blockReason ?? ""})` : stateOf(card, ctx.now());
      ctx.out(
        `Gift card ${maskedCode(card.code)}: ${amountText(card.balance, card.currency)} of ${amountText(card.initialBalance, card.currency)}, ${state}${card.expiresAt ? `, expires ${card.expiresAt}` : ""}`,
      );
      for (const t of card.transactions) {
        ctx.out(
          `  ${t.at} ${amountText(t.amount, card.currency)}${t.orderId !== null ? ` order id ${t.orderId}` : ""}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["gift-cards", "block"],
    summary: "Block a gift card (lost, stolen, fraud): it pays nothing any more",
    usage: "vitrine gift-cards block CODE --reason TEXT",
    args: [1, 1],
    options: { reason: { type: "string", description: "Why (audit log)" } },
    async run(ctx) {
      const code = ctx.args[0] as string;
      if (typeof ctx.options.reason !== "string" || ctx.options.reason.trim() === "") {
        throw new UsageError("--reason is required");
      }
      const result = await blockGiftCardAs(await ctx.ctx(), ctx.actor(), code, ctx.options.reason);
      if (!result.ok) {
        ctx.err(result.error === "NotFound" ? `No gift card ${code}` : result.detail);
        return 1;
      }
      ctx.out(`Gift card ${maskedCode(result.card.code)} ${result.changed ? "blocked" : "was blocked before"}`);
      return 0;
    },
  },
  {
    path: ["gift-cards", "disable"],
    summary: "Stop a gift card from paying (it stays on record)",
    usage: "vitrine gift-cards disable CODE",
    args: [1, 1],
    async run(ctx) {
      const code = ctx.args[0] as string;
      if (!(await disableGiftCard(await ctx.ctx(), code, ctx.now()))) {
        ctx.err(`No gift card ${code}`);
        return 1;
      }
      ctx.out(`Disabled gift card ${maskedCode(normalizeGiftCardCode(code))}`);
      return 0;
    },
  },
  {
    path: ["gift-cards", "remove"],
    summary: "Delete gift cards (a card that paid for orders is disabled instead)",
    usage: "vitrine gift-cards remove CODE... | --demo",
    details:
      "--demo removes the demo cards (DEMO-GIFT-…), whose codes are published: do it before a shop that was started with demo data goes live.",
    options: { demo: { type: "boolean", description: "Remove the demo gift cards" } },
    args: [0, 50],
    async run(ctx) {
      const codes = ctx.options.demo ? DEMO_GIFT_CARDS.map((c) => c.code) : ctx.args;
      if (codes.length === 0) throw new UsageError("name the codes to remove, or --demo");
      let missing = 0;
      for (const code of codes) {
        if (await removeOne(ctx, code)) continue;
        if (!ctx.options.demo) {
          ctx.err(`No gift card ${code}`);
          missing++;
        }
      }
      return missing > 0 ? 1 : 0;
    },
  },
];
