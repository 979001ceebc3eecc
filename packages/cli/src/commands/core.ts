import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import {
  type CsvMapping,
  catalogStats,
  csvItems,
  deleteRedirect,
  exportCatalogLines,
  formatImportIssue,
  type ImportProgress,
  importCatalogItems,
  importImageResolver,
  jsonLineItems,
  listRedirects,
  loadConfigWithSources,
  maintenanceState,
  maskSetting,
  migrateToLatest,
  normaliseRedirectPath,
  parseCsvMapping,
  SETTING_NAMES,
  saveRedirect,
  switchMaintenance,
  traceRedirect,
} from "@vitrine/commerce";
import { STORE_CODES } from "@vitrine/commerce/shops";
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, isCatalogEmpty, loadDemoCatalog } from "@vitrine/demo-data";
import { searchMigrations } from "@vitrine/search";
import { type Command, numberOption, UsageError } from "../cli.ts";

/** A file (or standard input for -) as a stream, with its size and how much of it was read so far. */
async function openInput(
  file: string,
): Promise<{ stream: Readable; size?: number; read: () => number } | { error: string }> {
  if (file === "-") return { stream: process.stdin, read: () => 0 };
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    return { error: (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message };
  }
  // No listener here: a stream flows from its first 'data' listener, and lines read before the import starts
  // iterating would be lost.
  const stream = createReadStream(file);
  return { stream, size, read: () => stream.bytesRead };
}

/** The lines of a stream, read from the moment the import asks for the first one. */
async function* linesOf(stream: Readable): AsyncGenerator<string> {
  yield* createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
}

/**
 * The import's progress on a terminal: one line on standard error, rewritten in place (percent of the file read,
 * then of the records written). Not on a pipe or in a log, where only the summary appears.
 */
function progressBar(size: number | undefined) {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  let shown = false;
  const draw = (label: string, fraction: number | undefined, detail: string) => {
    const width = 30;
    const filled = fraction === undefined ? 0 : Math.round(Math.min(1, fraction) * width);
    const bar =
      fraction === undefined
        ? ""
        : `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.floor(Math.min(1, fraction) * 100)}% `;
    process.stderr.write(`\r${label} ${bar}${detail}\u001b[K`);
    shown = true;
  };
  return {
    update(p: ImportProgress, bytes: number) {
      if (!tty) return;
      const now = Date.now();
      if (now - last < 100 && p.phase !== "checking") return;
      last = now;
      if (p.phase === "reading") draw("reading ", size ? bytes / size : undefined, `${p.done} lines`);
      if (p.phase === "checking") draw("checking", undefined, `${p.done} lines`);
      if (p.phase === "writing")
        draw("writing ", p.total ? p.done / p.total : undefined, `${p.done}/${p.total} records`);
    },
    done() {
      if (tty && shown) process.stderr.write("\r\u001b[K");
    },
  };
}

export const coreCommands: Command[] = [
  {
    path: ["db", "migrate"],
    summary: "Create or update the database schema",
    usage: "vitrine db migrate",
    details:
      "Says which migrations it applied, or that the database was up to date. The server also migrates at start.",
    async run(ctx) {
      const db = await ctx.db({ migrate: false });
      const result = await migrateToLatest(db, [searchMigrations]);
      const applied = result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
      ctx.out(
        applied.length
          ? `Applied ${applied.length} migration(s): ${applied.join(", ")}`
          : "Database is up to date (no migration to apply)",
      );
      return 0;
    },
  },
  {
    path: ["config"],
    summary: "Show the effective settings, secrets masked, and where each came from",
    usage: "vitrine config",
    details: [
      "Settings come from the environment, else from the config file (VITRINE_CONFIG, or vitrine.config.json in the working directory), else their default. The server, the worker and this CLI read them the same way.",
      "Secrets (VITRINE_SECRET, PREVIEW_TOKEN, *_KEY, *_SECRET, passwords in URLs) are masked.",
    ].join("\n"),
    async run(ctx) {
      const { config, sources, file } = loadConfigWithSources();
      ctx.out(file ? `Config file: ${file}` : "Config file: none");
      const rows = SETTING_NAMES.map((name) => {
        const value = config[name];
        let shown = value === undefined ? "(not set)" : maskSetting(name, value);
        if (name === "VITRINE_SECRET" && value === undefined) shown = "(not set: generated once, kept in the database)";
        return [name, shown, sources[name]] as const;
      });
      const nameWidth = Math.max(...rows.map(([name]) => name.length));
      const valueWidth = Math.max(...rows.map(([, shown]) => shown.length));
      for (const [name, shown, source] of rows)
        ctx.out(`${name.padEnd(nameWidth)}  ${shown.padEnd(valueWidth)}  ${source}`);
      return 0;
    },
  },
  {
    path: ["demo", "load"],
    summary: "Load the deterministic demo catalogue",
    usage: "vitrine demo load [--products N] [--seed S] [--if-empty]",
    details:
      "Writes categories, products, promotions, outfits, stores, content, redirects and the demo gift cards (their codes are published: `vitrine gift-cards remove --demo` before going live). Existing products with the same ids are replaced.",
    options: {
      products: { type: "string", description: `Number of products (default ${DEFAULT_PRODUCT_COUNT})` },
      seed: { type: "string", description: `Random seed (default ${DEFAULT_SEED})` },
      "if-empty": { type: "boolean", description: "Only load when the catalogue has no products" },
    },
    async run(ctx) {
      const products = numberOption(ctx.options.products, "products", DEFAULT_PRODUCT_COUNT);
      const seed = numberOption(ctx.options.seed, "seed", DEFAULT_SEED);
      if (products < 1) throw new UsageError("--products must be at least 1");
      const db = await ctx.db();
      if (ctx.options["if-empty"] && !(await isCatalogEmpty(db))) {
        ctx.out("Catalogue already has products; nothing loaded");
        return 0;
      }
      const started = performance.now();
      const demo = await loadDemoCatalog(db, { products, seed }, ctx.now());
      ctx.out(
        `Loaded ${demo.products.length} products, ${demo.categories.length} categories, ${demo.promotions.length} promotions, ${demo.outfits.length} outfits, ${demo.stores.length} stores in ${Math.round(performance.now() - started)} ms`,
      );
      return 0;
    },
  },
  {
    path: ["catalog", "import"],
    summary: "Import categories and products from a JSON Lines or CSV file",
    usage:
      "vitrine catalog import FILE [--mapping MAPPING.json] [--stock keep|set] [--create-vocabulary|--strict-vocabulary]",
    details: [
      'JSON Lines: one JSON object per line, {"type":"category",…} or {"type":"product",…} (the format "catalog export" writes). CSV: with --mapping, a JSON file that says which column fills which field (see README, "Catalogue files"). The file is read line by line in constant memory and checked as a whole first; a file with any problem is rejected with line, field and reason, and nothing of it is imported. A valid file is written in one transaction. Use - for standard input.',
      "",
      "Vocabulary: product types, colours, materials, fits, patterns, care symbols and attribute keys the shop does not know (and the file does not define in vocabulary lines) refuse the file, each named by line and field (--strict-vocabulary, the default). --create-vocabulary adds them instead (the id made readable as English label, colours grey until given their hex) and lists them.",
      "",
      "Stock: an import sets catalogue data. Variants the shop has already keep their stock (units sold since the export stay sold); new variants get the file's stock. --stock set replaces the stock of existing variants with the file's, and refuses the file when a variant's stock moved (a sale, a cancellation) since the export it came from: export again and edit that.",
    ].join("\n"),
    options: {
      stock: { type: "string", description: "keep (default) or set: what the file's stock does to existing variants" },
      mapping: { type: "string", description: "A CSV file's column mapping (JSON); makes FILE a CSV file" },
      "create-vocabulary": { type: "boolean", description: "Add values the vocabulary does not know" },
      "strict-vocabulary": { type: "boolean", description: "Refuse values the vocabulary does not know (default)" },
    },
    args: [1, 1],
    async run(ctx) {
      const file = ctx.args[0] as string;
      const stock = ctx.options.stock ?? "keep";
      if (stock !== "keep" && stock !== "set") throw new UsageError("--stock must be keep or set");
      if (ctx.options["create-vocabulary"] && ctx.options["strict-vocabulary"]) {
        throw new UsageError("give --create-vocabulary or --strict-vocabulary, not both");
      }
      const vocabulary = ctx.options["create-vocabulary"] ? "create" : "strict";
      const mappingFile = typeof ctx.options.mapping === "string" ? ctx.options.mapping : undefined;
      if (!mappingFile && /\.csv$/i.test(file)) throw new UsageError("a CSV file needs --mapping MAPPING.json");
      let mapping: CsvMapping | undefined;
      if (mappingFile) {
        try {
          mapping = parseCsvMapping(JSON.parse(await readFile(mappingFile, "utf8")));
        } catch (error) {
          ctx.err(`Cannot use the mapping ${mappingFile}: ${(error as Error).message}`);
          return 1;
        }
      }
      const input = await openInput(file);
      if ("error" in input) {
        ctx.err(`Cannot read ${file}: ${input.error}`);
        return 1;
      }
      const db = await ctx.db();
      const bar = progressBar(input.size);
      const started = performance.now();
      const items = mapping ? csvItems(input.stream, mapping) : jsonLineItems(linesOf(input.stream));
      let result: Awaited<ReturnType<typeof importCatalogItems>>;
      try {
        const imageAddresses = importImageResolver(await ctx.ctx());
        result = await importCatalogItems({ db }, items, ctx.now(), {
          stock,
          vocabulary,
          ...(imageAddresses ? { imageAddresses } : {}),
          onProgress: (p) => bar.update(p, input.read()),
        });
      } catch (error) {
        bar.done();
        ctx.err(`Rejected ${file}: ${(error as Error).message}; nothing was imported`);
        return 1;
      }
      bar.done();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (!result.ok) {
        ctx.err(`Rejected ${file}: ${result.issues.length} problem(s) in ${result.lines} lines, nothing was imported`);
        for (const issue of result.issues) ctx.err(`  ${formatImportIssue(issue)}`);
        return 1;
      }
      ctx.out(
        `Imported ${result.categories} categories, ${result.products} products, ${result.variants} variants (${result.lines} lines in ${seconds} s)`,
      );
      if (result.vocabulary > 0) ctx.out(`Vocabulary lines written: ${result.vocabulary}`);
      if (result.created.length > 0) {
        const byKind = new Map<string, string[]>();
        for (const { kind, id } of result.created) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
        ctx.out(`Created ${result.created.length} vocabulary value(s):`);
        for (const [kind, ids] of byKind) ctx.out(`  ${kind} (${ids.length}): ${ids.join(", ")}`);
      }
      return 0;
    },
  },
  {
    path: ["catalog", "export"],
    summary: "Export the catalogue as JSON Lines",
    usage: "vitrine catalog export [--out FILE]",
    options: { out: { type: "string", short: "o", description: "Write to FILE instead of standard output" } },
    async run(ctx) {
      const db = await ctx.db();
      const target = typeof ctx.options.out === "string" ? createWriteStream(ctx.options.out) : process.stdout;
      let count = 0;
      for await (const line of exportCatalogLines(db)) {
        if (!target.write(`${line}\n`)) await once(target, "drain");
        count++;
      }
      if (target !== process.stdout) {
        await new Promise<void>((resolve, reject) =>
          (target as NodeJS.WritableStream).end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        ctx.err(`Exported ${count} records to ${ctx.options.out}`);
      }
      return 0;
    },
  },
  {
    path: ["maintenance"],
    summary: "Switch maintenance mode: on, off or status",
    usage: "vitrine maintenance on|off|status [--message TEXT]",
    details:
      "Takes effect in running shops within a second, without a restart. --message sets what the maintenance page says (an empty text removes it). Audited.",
    args: [1, 1],
    options: {
      message: { type: "string", description: "What the maintenance page says (at most 500 characters)" },
    },
    async run(ctx) {
      const mode = ctx.args[0];
      const shopCtx = await ctx.ctx();
      if (mode === "status") {
        const state = await maintenanceState(shopCtx);
        ctx.out(`Maintenance mode is ${state.on ? "on" : "off"}`);
        if (state.message) ctx.out(`Message: ${state.message}`);
        return 0;
      }
      if (mode !== "on" && mode !== "off") throw new UsageError(`Expected on, off or status, got "${mode}"`);
      const message = typeof ctx.options.message === "string" ? ctx.options.message : undefined;
      const result = await switchMaintenance(shopCtx, ctx.actor(), { on: mode === "on", message });
      if (!result.ok) {
        ctx.err(result.detail);
        return 1;
      }
      ctx.out(`Maintenance mode is ${mode}`);
      return 0;
    },
  },
  {
    path: ["redirects", "add"],
    summary: "Add (or replace) a redirect",
    usage: "vitrine redirects add SOURCE TARGET [--store CODE] [--status 301]",
    details:
      "SOURCE is a path inside a store (/old-sale/). TARGET is a path on this shop (/c/sale/) or, on purpose, an http(s):// address of another site (the back office takes shop paths only). A SOURCE that has a redirect in that store already gets the new target. Audited.",
    args: [2, 2],
    options: {
      store: { type: "string", description: "Store code (de, at, ch, fr-ch, en) or * for all (default *)" },
      status: { type: "string", description: "301, 302, 307 or 308 (default 301)" },
    },
    async run(ctx) {
      const input = {
        sourcePath: ctx.args[0] as string,
        target: ctx.args[1] as string,
        storeCode: typeof ctx.options.store === "string" ? ctx.options.store : "*",
        statusCode: ctx.options.status === undefined ? 301 : Number(ctx.options.status),
      };
      const shopCtx = await ctx.ctx();
      const existing = (await listRedirects(shopCtx)).find(
        (r) => r.sourcePath === normaliseRedirectPath(input.sourcePath) && r.storeCode === input.storeCode,
      );
      const result = await saveRedirect(shopCtx, ctx.actor(), input, existing?.id, { allowExternal: true });
      if (!result.ok) {
        ctx.err(result.detail);
        return 1;
      }
      const redirect = result.redirect;
      ctx.out(
        `Redirect ${redirect.id}: [${redirect.storeCode}] ${redirect.sourcePath} -> ${redirect.target} (${redirect.statusCode})`,
      );
      return 0;
    },
  },
  {
    path: ["redirects", "list"],
    summary: "List redirects",
    usage: "vitrine redirects list",
    async run(ctx) {
      const redirects = await listRedirects(await ctx.ctx());
      if (redirects.length === 0) ctx.out("No redirects");
      for (const r of redirects)
        ctx.out(`${String(r.id).padStart(4)}  [${r.storeCode}] ${r.sourcePath} -> ${r.target} (${r.statusCode})`);
      return 0;
    },
  },
  {
    path: ["redirects", "remove"],
    summary: "Remove a redirect by id, or a source path's redirects in every store",
    usage: "vitrine redirects remove ID|SOURCE",
    details: "Audited.",
    args: [1, 1],
    async run(ctx) {
      const target = ctx.args[0] as string;
      const shopCtx = await ctx.ctx();
      const ids = /^\d+$/.test(target)
        ? [Number(target)]
        : (await listRedirects(shopCtx)).filter((r) => r.sourcePath === normaliseRedirectPath(target)).map((r) => r.id);
      let removed = 0;
      for (const id of ids) if ((await deleteRedirect(shopCtx, ctx.actor(), id)).ok) removed++;
      if (removed === 0) {
        ctx.err(`No redirect ${target}`);
        return 1;
      }
      ctx.out(`Removed ${removed} redirect(s)`);
      return 0;
    },
  },
  {
    path: ["redirects", "test"],
    summary: "Show where a path of a store goes now",
    usage: "vitrine redirects test PATH [--store CODE]",
    details: "Follows the redirects one after another as a browser would, and says where it ends (or that they loop).",
    args: [1, 1],
    options: { store: { type: "string", description: "Store code (default de)" } },
    async run(ctx) {
      const store = typeof ctx.options.store === "string" ? ctx.options.store : "de";
      if (!(STORE_CODES as readonly string[]).includes(store)) throw new UsageError(`Unknown store "${store}"`);
      const trace = await traceRedirect(await ctx.ctx(), store, ctx.args[0] as string);
      if (trace.hops.length === 0) {
        ctx.out(`No redirect for ${trace.finalPath} in ${store}`);
        return 0;
      }
      for (const hop of trace.hops)
        ctx.out(`[${hop.storeCode}] ${hop.sourcePath} -> ${hop.target} (${hop.statusCode})`);
      if (trace.loop) {
        ctx.err("The redirects loop: a browser gives up");
        return 1;
      }
      ctx.out(`Ends at /${store}${trace.finalPath}`);
      return 0;
    },
  },
  {
    path: ["stats"],
    summary: "Show catalogue figures",
    usage: "vitrine stats",
    async run(ctx) {
      const stats = await catalogStats(await ctx.ctx());
      ctx.out(`categories ${stats.categories}`);
      ctx.out(`products   ${stats.products}`);
      ctx.out(`variants   ${stats.variants}`);
      ctx.out(`prices     ${stats.prices}`);
      return 0;
    },
  },
];
