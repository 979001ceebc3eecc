import { execFile } from "node:child_process";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import {
  type Db,
  databaseTrouble,
  isPostgresUrl,
  maskUrlPassword,
  migrateToLatest,
  quoteIdent,
  sqlitePathFromUrl,
  type VitrineConfig,
} from "@vitrine/commerce";
import { searchMigrations } from "@vitrine/search";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Command, CommandContext } from "../cli.ts";

const run = promisify(execFile);

/** Tables every Vitrine database has; a file without them is not a backup of a shop. */
const REQUIRED_TABLES = ["kysely_migration", "product", "variant", "customer", "shop_order", "setting"];
/** What a backup and a restore report, and what makes a database "not empty". */
const COUNTED = ["shop_order", "customer", "product"] as const;
const COUNT_LABEL: Record<(typeof COUNTED)[number], string> = {
  shop_order: "orders",
  customer: "customers",
  product: "products",
};

/** Exit codes: 0 ok, 1 the operator's to fix, 75 try again later (the database busy or away). */
const TEMP_FAILURE = 75;

class OperatorError extends Error {
  readonly code: number;
  constructor(message: string, code = 1) {
    super(message);
    this.code = code;
  }
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function countsText(counts: Record<string, number>): string {
  return COUNTED.map((table) => `${counts[table] ?? 0} ${COUNT_LABEL[table]}`).join(", ");
}

/** A temporary file next to `target`, so the final rename stays on one file system. */
function tempNext(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? "";
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}

// ---------------------------------------------------------------- SQLite

function sqliteTables(file: string): { tables: Set<string>; migrations: string[]; counts: Record<string, number> } {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new OperatorError(`${file} is not readable: ${(error as Error).message}`);
  }
  try {
    const tables = new Set(
      (database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    const migrations = tables.has("kysely_migration")
      ? (database.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map(
          (row) => row.name,
        )
      : [];
    const counts: Record<string, number> = {};
    for (const table of COUNTED)
      if (tables.has(table))
        counts[table] = (database.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
    return { tables, migrations, counts };
  } catch (error) {
    if (/not a database|malformed/i.test((error as Error).message))
      throw new OperatorError(`${file} is not a Vitrine backup (not an SQLite database)`);
    throw error;
  } finally {
    database.close();
  }
}

async function backupSqlite(ctx: CommandContext, out: string): Promise<number> {
  const source = sqlitePathFromUrl(ctx.config.DATABASE_URL || undefined, ctx.config.VITRINE_DATA_DIR);
  if (source === ":memory:") throw new OperatorError("DATABASE_URL is an in-memory database: nothing to back up");
  if (!existsSync(source)) throw new OperatorError(`No shop database at ${source} (VITRINE_DATA_DIR, DATABASE_URL)`);
  const temp = tempNext(out);
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    // The online backup API copies a consistent state page by page while the shop keeps writing.
    await database.backup(temp);
  } catch (error) {
    rmSync(temp, { force: true });
    if (isBusy(error))
      throw new OperatorError(`The database is busy; try again (${(error as Error).message})`, TEMP_FAILURE);
    throw new OperatorError(`Cannot write ${out}: ${(error as Error).message}`);
  } finally {
    database.close();
  }
  const { migrations, counts } = sqliteTables(temp);
  renameSync(temp, out);
  ctx.out(
    `Wrote ${out} (${sizeText(statSync(out).size)}, SQLite, ${migrations.length} migrations up to ${migrations.at(-1) ?? "none"}): ${countsText(counts)}`,
  );
  return 0;
}

async function restoreSqlite(ctx: CommandContext, file: string): Promise<number> {
  const target = sqlitePathFromUrl(ctx.config.DATABASE_URL || undefined, ctx.config.VITRINE_DATA_DIR);
  if (target === ":memory:") throw new OperatorError("DATABASE_URL is an in-memory database: nothing to restore into");
  const backup = sqliteTables(file);
  const missing = REQUIRED_TABLES.filter((table) => !backup.tables.has(table));
  if (missing.length) throw new OperatorError(`${file} is not a Vitrine backup (no ${missing.join(", ")} table)`);
  if (existsSync(target) && !ctx.options.force) {
    const current = sqliteTables(target);
    const rows = COUNTED.reduce((sum, table) => sum + (current.counts[table] ?? 0), 0);
    if (rows > 0)
      throw new OperatorError(
        `${target} is not empty (${countsText(current.counts)}); restore replaces it: stop the shop and add --force`,
      );
  }
  const temp = tempNext(target);
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(temp);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new OperatorError(`Cannot write ${temp}: ${(error as Error).message}`);
  } finally {
    source.close();
  }
  // The old file's write-ahead log belongs to the old file: left beside the new one, SQLite would replay it.
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  renameSync(temp, target);
  return finishRestore(ctx, file, backup.migrations, backup.counts, `SQLite ${target}`);
}

/** Brings an older backup up to date and says what the shop now holds. */
async function finishRestore(
  ctx: CommandContext,
  file: string,
  migrations: string[],
  counts: Record<string, number>,
  where: string,
): Promise<number> {
  const db = await ctx.db({ migrate: false });
  const result = await migrateToLatest(db, [searchMigrations]);
  const applied = result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
  ctx.out(
    `Restored ${file} into ${where}: ${countsText(counts)}; the backup holds ${migrations.length} migrations up to ${migrations.at(-1) ?? "none"}${applied.length ? `, applied since: ${applied.join(", ")}` : ", up to date"}`,
  );
  return 0;
}

// ---------------------------------------------------------------- PostgreSQL

interface PgTarget {
  /** The URL without its password (safe on a command line), the password in the environment. */
  dbname: string;
  env: NodeJS.ProcessEnv;
  schema: string;
  shown: string;
}

function pgTarget(config: VitrineConfig): PgTarget {
  const url = new URL(config.DATABASE_URL as string);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = "";
  return {
    dbname: url.toString(),
    env,
    schema: config.DATABASE_SCHEMA || "public",
    shown: maskUrlPassword(config.DATABASE_URL as string),
  };
}

async function pgTool(tool: "pg_dump" | "pg_restore", args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { env, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as { code?: string | number; stderr?: string };
    if (failure.code === "ENOENT")
      throw new OperatorError(
        `${tool} not found: install the PostgreSQL client tools of your server's version (Debian/Ubuntu: apt install postgresql-client)`,
      );
    const reason = (failure.stderr ?? "").trim().split("\n")[0] || (error as Error).message;
    const away = /could not connect|connection to server|Connection refused|timeout/i.test(reason);
    throw new OperatorError(`${tool} failed: ${reason}`, away ? TEMP_FAILURE : 1);
  }
}

async function pgCounts(db: Db, schema: string): Promise<{ tables: Set<string>; counts: Record<string, number> }> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
  const tables = new Set(rows.map((row) => row.name));
  const counts: Record<string, number> = {};
  for (const table of COUNTED)
    if (tables.has(table)) {
      const result = await sql<{ n: string | number }>`select count(*) as n from ${sql.raw(
        `${quoteIdent(schema)}.${quoteIdent(table)}`,
      )}`.execute(db);
      counts[table] = Number(result.rows[0]?.n ?? 0);
    }
  return { tables, counts };
}

async function backupPostgres(ctx: CommandContext, out: string): Promise<number> {
  const target = pgTarget(ctx.config);
  const temp = tempNext(out);
  try {
    await pgTool(
      "pg_dump",
      ["--format=custom", `--schema=${target.schema}`, "--no-owner", `--file=${temp}`, `--dbname=${target.dbname}`],
      target.env,
    );
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  renameSync(temp, out);
  const db = await ctx.db({ migrate: false });
  const { counts } = await pgCounts(db, target.schema);
  ctx.out(
    `Wrote ${out} (${sizeText(statSync(out).size)}, pg_dump of schema ${target.schema} of ${target.shown}): ${countsText(counts)}`,
  );
  return 0;
}

/** The schema and tables a custom-format dump holds, and the migrations in its kysely_migration table. */
async function pgDumpContents(
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{ schema: string | undefined; tables: Set<string>; migrations: string[] }> {
  let listing: string;
  try {
    listing = await pgTool("pg_restore", ["--list", file], env);
  } catch (error) {
    if (error instanceof OperatorError && error.code === 1 && !/not found/.test(error.message))
      throw new OperatorError(`${file} is not a Vitrine backup (not a pg_dump custom-format file)`);
    throw error;
  }
  const tables = new Set<string>();
  let schema: string | undefined;
  for (const line of listing.split("\n")) {
    const match = /^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+) /.exec(line);
    if (match) {
      schema = match[1];
      tables.add(match[2] as string);
    }
  }
  const migrations: string[] = [];
  if (tables.has("kysely_migration")) {
    const data = await pgTool("pg_restore", ["--data-only", "--table=kysely_migration", "--file=-", file], env);
    let inCopy = false;
    for (const line of data.split("\n")) {
      if (line.startsWith("COPY ")) inCopy = true;
      else if (line === "\\.") inCopy = false;
      else if (inCopy && line) migrations.push(line.split("\t")[0] as string);
    }
  }
  return { schema, tables, migrations: migrations.sort() };
}

async function restorePostgres(ctx: CommandContext, file: string): Promise<number> {
  const target = pgTarget(ctx.config);
  if (!existsSync(file)) throw new OperatorError(`${file} is not readable: no such file`);
  const dump = await pgDumpContents(file, target.env);
  const missing = REQUIRED_TABLES.filter((table) => !dump.tables.has(table));
  if (missing.length) throw new OperatorError(`${file} is not a Vitrine backup (no ${missing.join(", ")} table)`);
  if (dump.schema !== target.schema)
    throw new OperatorError(
      `${file} holds schema ${dump.schema}, the shop uses ${target.schema}: set DATABASE_SCHEMA=${dump.schema} to restore it`,
    );
  const db = await ctx.db({ migrate: false });
  const current = await pgCounts(db, target.schema);
  const rows = COUNTED.reduce((sum, table) => sum + (current.counts[table] ?? 0), 0);
  if (rows > 0 && !ctx.options.force)
    throw new OperatorError(
      `Schema ${target.schema} is not empty (${countsText(current.counts)}); restore replaces it: stop the shop and add --force`,
    );
  // Empty the schema, then let pg_restore create everything. The schema itself stays (`public` belongs to the
  // database's owner, not necessarily to the shop's user): its tables go, and their sequences with them.
  const { rows: objects } = await sql<{ name: string; kind: string }>`
    select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${target.schema} and c.relkind in ('r', 'p', 'v', 'm', 'S')`.execute(db);
  const qualified = (name: string) => `${quoteIdent(target.schema)}.${quoteIdent(name)}`;
  const kinds = [
    ["v", "view"],
    ["m", "materialized view"],
    ["r", "table"],
    ["p", "table"],
    ["S", "sequence"],
  ] as const;
  for (const [kind, word] of kinds) {
    const names = objects.filter((o) => o.kind === kind).map((o) => qualified(o.name));
    if (names.length) await sql.raw(`drop ${word} if exists ${names.join(", ")} cascade`).execute(db);
  }
  await pgTool(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${target.dbname}`,
      file,
    ],
    target.env,
  );
  return finishRestore(
    ctx,
    file,
    dump.migrations,
    await pgCounts(db, target.schema).then((r) => r.counts),
    `schema ${target.schema} of ${target.shown}`,
  );
}

// ---------------------------------------------------------------- commands

async function guarded(ctx: CommandContext, action: () => Promise<number>): Promise<number> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof OperatorError) {
      ctx.err(`Error: ${error.message}`);
      return error.code;
    }
    const trouble = databaseTrouble(error);
    if (trouble?.kind !== "unreachable") throw error;
    const database = ctx.config.DATABASE_URL ? maskUrlPassword(ctx.config.DATABASE_URL) : "the SQLite file";
    ctx.err(`Error: cannot reach the database ${database} (${trouble.reason}); try again`);
    return TEMP_FAILURE;
  }
}

export const backupCommands: Command[] = [
  {
    path: ["backup"],
    summary: "Write a consistent copy of the shop's database to a file",
    usage: "vitrine backup --out FILE",
    details: [
      "SQLite: the online backup API copies the file while the shop runs. PostgreSQL: pg_dump --format=custom of the shop's schema (DATABASE_SCHEMA, default public); pg_dump must be installed.",
      "A backup holds everything, the generated VITRINE_SECRET and customers' data too: keep it private.",
      "Exit codes: 0 written, 1 to fix (path, tools), 75 the database is busy or away (try again).",
    ].join("\n"),
    options: { out: { type: "string", short: "o", description: "The backup file to write (required)" } },
    async run(ctx) {
      const out = ctx.options.out;
      if (typeof out !== "string" || !out) {
        ctx.err("Error: --out FILE is required");
        return 1;
      }
      const path = resolve(out);
      return guarded(ctx, () =>
        isPostgresUrl(ctx.config.DATABASE_URL) ? backupPostgres(ctx, path) : backupSqlite(ctx, path),
      );
    },
  },
  {
    path: ["restore"],
    summary: "Replace the shop's database with a backup, then migrate it",
    usage: "vitrine restore FILE [--force]",
    details: [
      "Checks that FILE is a Vitrine backup and says which migrations it holds; an older backup is migrated to the current version after restoring.",
      "Refuses a database that has orders, customers or products unless --force (stop the shop first: the restore replaces everything).",
      "SQLite: copied to a temporary file next to the database, then renamed over it. PostgreSQL: the schema is emptied and pg_restore fills it; the backup must come from a schema of the same name.",
    ].join("\n"),
    options: { force: { type: "boolean", description: "Replace a database that is not empty" } },
    args: [1, 1],
    async run(ctx) {
      const file = resolve(ctx.args[0] as string);
      return guarded(ctx, () =>
        isPostgresUrl(ctx.config.DATABASE_URL) ? restorePostgres(ctx, file) : restoreSqlite(ctx, file),
      );
    },
  },
];
