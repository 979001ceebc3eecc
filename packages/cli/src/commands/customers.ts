import {
  adjustCustomerPoints,
  eraseCustomer,
  exportCustomerData,
  exportNewsletterSubscribers,
  failureAnswer,
  failureExitCode,
  getCustomerOperatorView,
  LANGUAGES,
  type Language,
  STORE_CODES,
  type StoreCode,
  searchCustomers,
  shopByCode,
} from "@vitrine/commerce";
import { type Command, numberOption, UsageError, writeOutput } from "../cli.ts";

/**
 * `vitrine customers …` and `vitrine newsletter export`: find a customer (guests too), see what the shop holds
 * about them, export it (GDPR), erase them, adjust fashion card points. Changes and exports of personal data are
 * audited as the OS user.
 */

export const customerCommands: Command[] = [
  {
    path: ["customers", "find"],
    summary: "Find customers (and guests) by name, e-mail or customer number",
    usage: "vitrine customers find TEXT [--limit N]",
    args: [1, 1],
    options: { limit: { type: "string", description: "At most N customers (default 50)" } },
    async run(ctx) {
      const rows = await searchCustomers(await ctx.ctx(), ctx.args[0] as string, {
        limit: numberOption(ctx.options.limit, "limit", 50),
      });
      if (rows.length === 0) ctx.out("No customers");
      for (const c of rows) {
        const kind = c.erased ? "erased" : c.isGuest ? "guest" : "account";
        ctx.out(
          `${c.customerNumber}  ${kind.padEnd(7)}  ${`${c.firstName} ${c.lastName}`.trim().padEnd(28)}  ${c.email}`,
        );
      }
      return 0;
    },
  },
  {
    path: ["customers", "show"],
    summary: "Show a customer: profile, addresses, orders, returns, fashion card, newsletter",
    usage: "vitrine customers show CUSTOMER_NUMBER|ID",
    args: [1, 1],
    async run(ctx) {
      const view = await getCustomerOperatorView(await ctx.ctx(), ctx.args[0] as string);
      if (!view) {
        ctx.err(`No customer ${ctx.args[0]}`);
        return 1;
      }
      const c = view.customer;
      const kind = view.erasedAt ? `erased ${view.erasedAt}` : c.status.isGuestCustomer ? "guest" : "account";
      ctx.out(`Customer ${c.referenceKey} (${kind}): ${`${c.firstName} ${c.lastName}`.trim()} <${c.email}>`);
      ctx.out(
        `  id ${c.id}, since ${view.createdAt}${c.phone ? `, phone ${c.phone}` : ""}${c.birthDate ? `, born ${c.birthDate}` : ""}`,
      );
      for (const a of view.addresses) {
        ctx.out(
          `  address ${a.id}${a.isDefault ? " (default)" : ""}: ${a.firstName} ${a.lastName}, ${a.street}, ${a.zipCode} ${a.city}, ${a.countryCode}`,
        );
      }
      if (view.fashionCard) {
        ctx.out(
          `  fashion card ${view.fashionCard.loyalty.card.number} (${view.fashionCard.tier}): ${view.fashionCard.loyalty.points.balance} points`,
        );
      }
      ctx.out(`  newsletter: ${view.newsletter.map((n) => n.language).join(", ") || "none"}`);
      for (const o of view.orders)
        ctx.out(`  order ${o.number} ${o.placedAt.slice(0, 10)} ${o.storeCode} ${o.status} ${o.total}`);
      for (const r of view.returns) ctx.out(`  return ${r.number} (order ${r.orderNumber}): ${r.status}`);
      return 0;
    },
  },
  {
    path: ["customers", "export"],
    summary: "Export everything the shop holds about a customer as JSON (GDPR)",
    usage: "vitrine customers export CUSTOMER_NUMBER|ID [--out FILE]",
    args: [1, 1],
    options: { out: { type: "string", description: "Write to this file instead of stdout" } },
    async run(ctx) {
      const data = await exportCustomerData(await ctx.ctx(), ctx.actor(), ctx.args[0] as string);
      if (!data) {
        ctx.err(`No customer ${ctx.args[0]}`);
        return 1;
      }
      await writeOutput(ctx, [`${JSON.stringify(data, null, 2)}\n`], ctx.options.out);
      return 0;
    },
  },
  {
    path: ["customers", "erase"],
    summary: "Erase a customer (GDPR): personal data anonymised, orders kept for accounting",
    usage: "vitrine customers erase CUSTOMER_NUMBER|ID --yes [--reason TEXT]",
    details:
      "Name, phone, birth date, addresses, fashion card, newsletter and sign-in are removed; orders keep lines, totals and the billing address (statutory retention) but lose e-mail, phone and the shipping name and street. The customer can no longer sign in. This cannot be undone.",
    args: [1, 1],
    options: {
      yes: { type: "boolean", description: "Really erase (there is no undo)" },
      reason: { type: "string", description: "Why (the request, for the audit log)" },
    },
    async run(ctx) {
      if (ctx.options.yes !== true) throw new UsageError("erasing cannot be undone: add --yes");
      const reason = typeof ctx.options.reason === "string" ? ctx.options.reason : "";
      const result = await eraseCustomer(await ctx.ctx(), ctx.actor(), ctx.args[0] as string, reason);
      if (!result.ok) {
        const refused = failureAnswer(result);
        ctx.err(refused.detail);
        return failureExitCode(refused);
      }
      ctx.out(`Customer ${ctx.args[0]} erased; ${result.orders} orders kept anonymised`);
      return 0;
    },
  },
  {
    path: ["customers", "points"],
    summary: "Add (or, negative, take back) fashion card points with a reason",
    usage: "vitrine customers points CUSTOMER_NUMBER|ID POINTS --reason TEXT",
    args: [2, 2],
    options: { reason: { type: "string", description: "Why (audit log)" } },
    async run(ctx) {
      const [id, value] = ctx.args as [string, string];
      if (!/^[+-]?\d+$/.test(value)) throw new UsageError("POINTS is a whole number, e.g. 100 or -50");
      if (typeof ctx.options.reason !== "string" || ctx.options.reason.trim() === "") {
        throw new UsageError("--reason is required");
      }
      const result = await adjustCustomerPoints(await ctx.ctx(), ctx.actor(), id, Number(value), ctx.options.reason);
      if (!result.ok) {
        const refused = failureAnswer(result);
        ctx.err(refused.detail);
        return failureExitCode(refused);
      }
      ctx.out(`Customer ${id}: ${result.before} → ${result.after} points`);
      return 0;
    },
  },
  {
    path: ["newsletter", "export"],
    summary: "Export the newsletter subscribers of a store (its language) as CSV",
    usage: "vitrine newsletter export --store CODE | --language de|fr|en [--out FILE]",
    details:
      "Subscriptions are kept per language: de, at and ch share the German list, fr-ch has the French one, en the English one.",
    options: {
      store: { type: "string", description: `A store (${STORE_CODES.join(", ")})` },
      language: { type: "string", description: `A language (${LANGUAGES.join(", ")})` },
      out: { type: "string", description: "Write to this file instead of stdout" },
    },
    async run(ctx) {
      const { store, language } = ctx.options;
      let lang: Language | undefined;
      if (typeof store === "string") {
        if (!(STORE_CODES as readonly string[]).includes(store)) {
          throw new UsageError(`--store must be one of ${STORE_CODES.join(", ")}`);
        }
        lang = shopByCode(store as StoreCode)?.language;
      } else if (typeof language === "string") {
        if (!(LANGUAGES as readonly string[]).includes(language)) {
          throw new UsageError(`--language must be one of ${LANGUAGES.join(", ")}`);
        }
        lang = language as Language;
      }
      if (!lang) throw new UsageError("name a --store or a --language");
      const csv = await exportNewsletterSubscribers(await ctx.ctx(), ctx.actor(), lang);
      await writeOutput(ctx, csv, ctx.options.out);
      return 0;
    },
  },
];
