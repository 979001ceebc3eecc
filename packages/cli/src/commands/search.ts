import { addDays, isoDay, isStoreCode, resolveSecret, SHOPS, STORE_CODES, type StoreCode } from "@vitrine/commerce";
import {
  addRule,
  addSynonym,
  createSearchService,
  issueSearchToken,
  listRules,
  listSynonyms,
  publicApiKey,
  type RuleInput,
  type RuleKind,
  removeRule,
  removeSynonym,
  searchAnalytics,
  searchQueryStats,
  serveSearch,
  updateRule,
  updateSynonym,
} from "@vitrine/search";
import { type Command, type CommandContext, numberOption, UsageError } from "../cli.ts";

/**
 * `vitrine search …`: the standalone search server, merchandising rules (redirects, query rewrites, notices,
 * pinned products), synonyms, and the store credentials of the search API.
 */

const TRIGGER_KINDS = ["redirect", "query", "notify"] as const;

function storeOption(ctx: CommandContext): string {
  const store = ctx.options.store;
  if (store === undefined) return "*";
  if (typeof store !== "string" || (store !== "*" && !isStoreCode(store))) {
    throw new UsageError(`--store must be one of ${STORE_CODES.join(", ")} or *`);
  }
  return store;
}

function printIssues(ctx: CommandContext, issues: readonly { field: string; message: string }[]): number {
  for (const issue of issues) ctx.err(`${issue.field}: ${issue.message}`);
  return 1;
}

/** Who the audit log names for a change made with the CLI. */
async function auditOf(ctx: CommandContext) {
  return { actor: ctx.actor(), requestId: (await ctx.ctx()).requestId };
}

function idArgument(ctx: CommandContext): number {
  const id = Number(ctx.args[0]);
  if (!Number.isInteger(id) || id <= 0) throw new UsageError("ID must be a positive whole number");
  return id;
}

export const searchCommands: Command[] = [
  {
    path: ["search", "serve"],
    summary: "Serve the search API (Coveo Commerce API v2) as its own process",
    usage: "vitrine search serve [--port N] [--host H] [--origins URL,URL]",
    details:
      "Builds the search index of the five stores from the database, follows catalogue changes, and serves /api/search/commerce/v2 and /api/search/events/v1 until stopped (Ctrl-C). GET /healthz reports the index.",
    options: {
      port: { type: "string", description: "Port to listen on (default 3100)" },
      host: { type: "string", description: "Interface to listen on (default 127.0.0.1)" },
      origins: { type: "string", description: "Storefront origins allowed to call from browsers, comma-separated" },
    },
    async run(ctx) {
      const port = numberOption(ctx.options.port, "port", 3100);
      const host = typeof ctx.options.host === "string" ? ctx.options.host : "127.0.0.1";
      const origins = typeof ctx.options.origins === "string" ? ctx.options.origins.split(",").filter(Boolean) : [];
      const started = performance.now();
      const server = await serveSearch({
        db: await ctx.db(),
        port,
        host,
        ...(origins.length ? { allowedOrigins: origins } : {}),
      });
      const status = server.service.status();
      ctx.out(
        `Search API on ${server.url}/api/search/commerce/v2 (${status.products} products indexed in ${Math.round(
          performance.now() - started,
        )} ms)`,
      );
      try {
        await ctx.untilStopped();
      } finally {
        await server.close();
      }
      ctx.out("Search API stopped");
      return 0;
    },
  },
  {
    path: ["search", "try"],
    summary: "Run a search as a store would and print the first results",
    usage: "vitrine search try QUERY [--store de]",
    details: "Builds the index from the database (as the shop does) and shows triggers, corrections and results.",
    options: { store: { type: "string", description: "Store code (default de)" } },
    args: [1, 1],
    async run(ctx) {
      const code = (typeof ctx.options.store === "string" ? ctx.options.store : "de") as StoreCode;
      if (!isStoreCode(code)) throw new UsageError(`--store must be one of ${STORE_CODES.join(", ")}`);
      const db = await ctx.db();
      const service = createSearchService({ db, secret: await resolveSecret({ db, config: ctx.config }, ctx.now()) });
      await service.start();
      try {
        const shop = SHOPS.find((s) => s.code === code);
        if (!shop) throw new UsageError(`unknown store ${code}`);
        const response = await service.search({
          trackingId: shop.trackingId,
          language: shop.language,
          country: shop.country,
          currency: shop.currency,
          context: { view: { url: `http://localhost/${shop.pathPrefix}/search/` } },
          query: ctx.args[0] as string,
          perPage: 10,
        });
        for (const trigger of response.triggers) ctx.out(`trigger ${trigger.type}: ${JSON.stringify(trigger.content)}`);
        if (response.queryCorrection?.correctedQuery)
          ctx.out(`did you mean: ${response.queryCorrection.correctedQuery}`);
        ctx.out(`${response.pagination.totalEntries} results`);
        for (const p of response.products) {
          ctx.out(
            `  ${p.permanentid.padEnd(8)} ${p.ec_name} · ${p.ec_brand} · ${p.ec_color} · ${p.ec_promo_price ?? p.ec_price}`,
          );
        }
      } finally {
        await service.stop();
      }
      return 0;
    },
  },
  {
    path: ["search", "rules", "list"],
    summary: "List merchandising rules",
    usage: "vitrine search rules list [--store X] [--kind redirect|query|notify|pin]",
    options: {
      store: { type: "string", description: "Only rules of this store (and those of every store)" },
      kind: { type: "string", description: "Only rules of this kind" },
    },
    async run(ctx) {
      const kind = ctx.options.kind;
      if (kind !== undefined && !["redirect", "query", "notify", "pin"].includes(String(kind))) {
        throw new UsageError("--kind must be redirect, query, notify or pin");
      }
      const store = ctx.options.store === undefined ? undefined : storeOption(ctx);
      const rules = await listRules(await ctx.db(), {
        ...(store && store !== "*" ? { store } : {}),
        ...(kind ? { kind: kind as RuleKind } : {}),
      });
      if (rules.length === 0) ctx.out("No rules");
      for (const r of rules) {
        const what =
          r.kind === "pin"
            ? `category ${r.category}: products ${r.products.join(", ")}`
            : `"${r.query}" (${r.match}) → ${r.content}`;
        ctx.out(`${String(r.id).padStart(4)}  ${r.kind.padEnd(8)} ${r.store.padEnd(6)} ${what}`);
      }
      return 0;
    },
  },
  {
    path: ["search", "rules", "add"],
    summary: "Add a trigger: redirect a query, rewrite it, or show a notice",
    usage: "vitrine search rules add redirect|query|notify QUERY CONTENT [--store X] [--contains]",
    details:
      "redirect: CONTENT is a path (/de/c/sale/) or an https:// address. query: CONTENT is the query to search instead. notify: CONTENT is the notice shown with the results. --contains fires when all words of QUERY appear in a search, not only on the exact query.",
    options: {
      store: { type: "string", description: "Store code, or * for every store (default)" },
      contains: { type: "boolean", description: "Match searches containing the words of QUERY" },
    },
    args: [3, 3],
    async run(ctx) {
      const [kind, query, content] = ctx.args as [string, string, string];
      if (!(TRIGGER_KINDS as readonly string[]).includes(kind)) {
        throw new UsageError("the kind must be redirect, query or notify");
      }
      const input = {
        kind,
        store: storeOption(ctx),
        query,
        content,
        match: ctx.options.contains ? "contains" : "exact",
      } as RuleInput;
      const result = await addRule(await ctx.db(), input, ctx.now(), await auditOf(ctx));
      if (!result.ok) return printIssues(ctx, result.issues);
      ctx.out(`Added rule ${result.rule.id}: ${kind} "${result.rule.query}" → ${content}`);
      return 0;
    },
  },
  {
    path: ["search", "rules", "pin"],
    summary: "Pin products to the top of a category listing",
    usage: "vitrine search rules pin CATEGORY_KEY PRODUCT_ID... [--store X]",
    options: { store: { type: "string", description: "Store code, or * for every store (default)" } },
    args: [2, 48],
    async run(ctx) {
      const [category, ...ids] = ctx.args as [string, ...string[]];
      const products = ids.map(Number);
      if (products.some((id) => !Number.isInteger(id) || id <= 0)) {
        throw new UsageError("product ids must be positive whole numbers");
      }
      const result = await addRule(
        await ctx.db(),
        { kind: "pin", store: storeOption(ctx), category, products },
        ctx.now(),
        await auditOf(ctx),
      );
      if (!result.ok) return printIssues(ctx, result.issues);
      ctx.out(`Added rule ${result.rule.id}: pin ${products.join(", ")} on ${category}`);
      return 0;
    },
  },
  {
    path: ["search", "rules", "edit"],
    summary: "Change a trigger: its kind, query, content, store or match",
    usage: "vitrine search rules edit ID redirect|query|notify QUERY CONTENT [--store X] [--contains]",
    details: "Replaces the rule with this ID by the one given (as `rules add` takes it); a pin is changed with --pin.",
    options: {
      store: { type: "string", description: "Store code, or * for every store (default)" },
      contains: { type: "boolean", description: "Match searches containing the words of QUERY" },
      pin: {
        type: "boolean",
        description: "Make it a pin: QUERY is the category key, CONTENT the product ids (1,2,3)",
      },
    },
    args: [4, 4],
    async run(ctx) {
      const id = idArgument(ctx);
      const [, kind, query, content] = ctx.args as [string, string, string, string];
      let input: RuleInput;
      if (ctx.options.pin) {
        const products = content.split(",").map(Number);
        if (products.some((p) => !Number.isInteger(p) || p <= 0)) {
          throw new UsageError("product ids must be positive whole numbers");
        }
        input = { kind: "pin", store: storeOption(ctx), category: query, products };
      } else {
        if (!(TRIGGER_KINDS as readonly string[]).includes(kind)) {
          throw new UsageError("the kind must be redirect, query or notify");
        }
        input = {
          kind,
          store: storeOption(ctx),
          query,
          content,
          match: ctx.options.contains ? "contains" : "exact",
        } as RuleInput;
      }
      const result = await updateRule(await ctx.db(), id, input, ctx.now(), await auditOf(ctx));
      if (!result.ok) return printIssues(ctx, result.issues);
      ctx.out(`Changed rule ${id}`);
      return 0;
    },
  },
  {
    path: ["search", "rules", "remove"],
    summary: "Remove a merchandising rule",
    usage: "vitrine search rules remove ID",
    args: [1, 1],
    async run(ctx) {
      const id = idArgument(ctx);
      if (!(await removeRule(await ctx.db(), id, ctx.now(), await auditOf(ctx)))) {
        ctx.err(`No rule ${id}`);
        return 1;
      }
      ctx.out(`Removed rule ${id}`);
      return 0;
    },
  },
  {
    path: ["search", "synonyms", "list"],
    summary: "List synonyms",
    usage: "vitrine search synonyms list",
    async run(ctx) {
      const synonyms = await listSynonyms(await ctx.db());
      if (synonyms.length === 0) ctx.out("No synonyms");
      for (const s of synonyms) {
        ctx.out(`${String(s.id).padStart(4)}  ${s.language.padEnd(2)} ${s.terms.join(s.oneWay ? " → " : " = ")}`);
      }
      return 0;
    },
  },
  {
    path: ["search", "synonyms", "add"],
    summary: "Add words that mean the same in searches",
    usage: "vitrine search synonyms add WORD WORD... [--language de|fr|en] [--one-way]",
    details:
      'A WORD may be a phrase in quotes ("running shoes"). --one-way: only the first word also finds the others (pulli → pullover), not the reverse.',
    options: {
      language: { type: "string", description: "de, fr or en (default: every language)" },
      "one-way": { type: "boolean", description: "Only the first word expands to the others" },
    },
    args: [2, 20],
    async run(ctx) {
      const language = typeof ctx.options.language === "string" ? ctx.options.language : "*";
      const result = await addSynonym(
        await ctx.db(),
        { language: language as "*", terms: ctx.args, oneWay: ctx.options["one-way"] === true },
        ctx.now(),
        await auditOf(ctx),
      );
      if (!result.ok) return printIssues(ctx, result.issues);
      ctx.out(`Added synonyms ${result.synonym.id}: ${result.synonym.terms.join(", ")}`);
      return 0;
    },
  },
  {
    path: ["search", "synonyms", "edit"],
    summary: "Change synonyms: their words, language or direction",
    usage: "vitrine search synonyms edit ID WORD WORD... [--language de|fr|en] [--one-way]",
    options: {
      language: { type: "string", description: "de, fr or en (default: every language)" },
      "one-way": { type: "boolean", description: "Only the first word expands to the others" },
    },
    args: [3, 21],
    async run(ctx) {
      const id = idArgument(ctx);
      const language = typeof ctx.options.language === "string" ? ctx.options.language : "*";
      const result = await updateSynonym(
        await ctx.db(),
        id,
        { language: language as "*", terms: ctx.args.slice(1), oneWay: ctx.options["one-way"] === true },
        ctx.now(),
        await auditOf(ctx),
      );
      if (!result.ok) return printIssues(ctx, result.issues);
      ctx.out(`Changed synonyms ${id}: ${result.synonym.terms.join(", ")}`);
      return 0;
    },
  },
  {
    path: ["search", "synonyms", "remove"],
    summary: "Remove synonyms",
    usage: "vitrine search synonyms remove ID",
    args: [1, 1],
    async run(ctx) {
      const id = idArgument(ctx);
      if (!(await removeSynonym(await ctx.db(), id, ctx.now(), await auditOf(ctx)))) {
        ctx.err(`No synonyms ${id}`);
        return 1;
      }
      ctx.out(`Removed synonyms ${id}`);
      return 0;
    },
  },
  {
    path: ["search", "stats"],
    summary: "Show what shoppers searched: searches, searches without results and clicks per query",
    usage: "vitrine search stats [--days N] [--store CODE] [--limit N]",
    details:
      "Reads the daily roll-ups the search-analytics job writes for finished days (vitrine jobs), most searched first.",
    options: {
      days: { type: "string", description: "Finished days to sum up, counting back from yesterday (default 7)" },
      store: { type: "string", description: "One store (de, at, ch, fr-ch, en); all stores when left out" },
      limit: { type: "string", description: "Queries to show (default 20)" },
    },
    async run(ctx) {
      const days = numberOption(ctx.options.days, "days", 7);
      if (days < 1) throw new UsageError("--days must be at least 1");
      const limit = numberOption(ctx.options.limit, "limit", 20);
      const store = storeOption(ctx);
      const yesterday = addDays(ctx.now(), -1);
      const from = isoDay(addDays(yesterday, -(days - 1)));
      const to = isoDay(yesterday);
      const rows = await searchQueryStats(await ctx.db(), {
        from,
        to,
        limit,
        ...(store === "*" ? {} : { storeCode: store }),
      });
      if (rows.length === 0) {
        ctx.out(`No searches rolled up from ${from} to ${to}`);
        return 0;
      }
      ctx.out(`Searches from ${from} to ${to}`);
      ctx.out(["store", "query", "searches", "no results", "clicks"].join("\t"));
      for (const r of rows) {
        ctx.out([r.storeCode, r.query, r.searches, r.zeroResults, r.clicks].join("\t"));
      }
      return 0;
    },
  },
  {
    path: ["search", "analytics"],
    summary: "Sum up searches: totals, click-through rate, per store, and the queries that found nothing",
    usage: "vitrine search analytics [--days N] [--store CODE] [--limit N]",
    details:
      "Reads the daily roll-ups of the search-analytics job (as the back office's search analytics do), for the N days up to the last rolled-up one.",
    options: {
      days: { type: "string", description: "Days to sum up (default 30)" },
      store: { type: "string", description: "One store (de, at, ch, fr-ch, en); all stores when left out" },
      limit: { type: "string", description: "Queries without results to show (default 20)" },
    },
    async run(ctx) {
      const days = numberOption(ctx.options.days, "days", 30);
      if (days < 1) throw new UsageError("--days must be at least 1");
      const limit = numberOption(ctx.options.limit, "limit", 20);
      const store = storeOption(ctx);
      const report = await searchAnalytics(await ctx.db(), {
        days,
        limit,
        ...(store === "*" ? {} : { storeCode: store }),
      });
      if (!report.to) {
        ctx.out("No searches rolled up yet");
        return 0;
      }
      const { totals } = report;
      ctx.out(`Searches from ${report.from} to ${report.to}`);
      ctx.out(
        `${totals.searches} searches, ${totals.zeroResults} without results, ${totals.clicks} clicks, click-through rate ${(totals.clickThroughRate * 100).toFixed(1)} %`,
      );
      for (const s of report.perStore)
        ctx.out(`  ${s.storeCode.padEnd(6)} ${s.searches} searches, ${s.zeroResults} without results`);
      if (report.zeroResultQueries.length > 0) {
        ctx.out("Queries without results");
        ctx.out(["query", "without results", "searches"].join("\t"));
        for (const q of report.zeroResultQueries) ctx.out([q.query, q.zeroResults, q.searches].join("\t"));
      }
      return 0;
    },
  },
  {
    path: ["search", "keys"],
    summary: "Print the public search API keys of the stores, or a short-lived search token",
    usage: "vitrine search keys [--store X] [--token] [--ttl SECONDS]",
    options: {
      store: { type: "string", description: "Only this store" },
      token: { type: "boolean", description: "Issue a signed search token instead of the API key" },
      ttl: { type: "string", description: "Token lifetime in seconds (default 3600)" },
    },
    async run(ctx) {
      const db = await ctx.db();
      const secret = await resolveSecret({ db, config: ctx.config }, ctx.now());
      const store = ctx.options.store === undefined ? "*" : storeOption(ctx);
      const ttl = numberOption(ctx.options.ttl, "ttl", 3600);
      for (const code of STORE_CODES) {
        if (store !== "*" && code !== store) continue;
        const credential = ctx.options.token
          ? issueSearchToken(secret, { storeCode: code, ttlSeconds: ttl, now: ctx.now() })
          : publicApiKey(secret, code);
        ctx.out(`${code.padEnd(6)} ${credential}`);
      }
      return 0;
    },
  },
];
