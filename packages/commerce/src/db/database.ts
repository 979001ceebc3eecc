import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, type Dialect, Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import type { Logger } from "../log.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export interface DatabaseConfig {
  /** `postgres://…` selects PostgreSQL; `file:…`, a path or `:memory:` selects SQLite. */
  url?: string;
  /** PostgreSQL only: the schema to use (created when missing). Tests use one schema per run. */
  schema?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** SQLite without a URL: the folder of `vitrine.sqlite` (the VITRINE_DATA_DIR setting; default its variable or `data`). */
  dataDir?: string;
  /**
   * SQLite only: `full` (the default: every commit is on the disk before it returns, so a confirmed order survives
   * a power cut or a file system the kernel turned read-only) or `normal` (faster writes; the last commits may be
   * lost then, never on a mere crash of the process). Default: the SQLITE_SYNCHRONOUS setting, else `full`.
   */
  synchronous?: "full" | "normal";
  /** PostgreSQL only: `application_name` of the connections (default `vitrine`, or `vitrine:{schema}`). */
  applicationName?: string;
  /**
   * Where lost connections and failed rollbacks are reported: the process's logger in the server and the worker;
   * without one, a plain line on standard error (the CLI, whose standard output may be an export).
   */
  log?: Pick<Logger, "warn">;
}

const stderrWarnings: Pick<Logger, "warn"> = {
  warn: (fields: object, message?: string) => {
    const { reason } = fields as { reason?: string };
    process.stderr.write(`vitrine: ${message}${reason ? ` (${reason})` : ""}\n`);
  },
} as Pick<Logger, "warn">;

const dialectOf = new WeakMap<object, DialectName>();
/** How a PostgreSQL database connects: a listener (events/listen.ts) opens its own connection the same way. */
const clientConfigOf = new WeakMap<object, pg.ClientConfig>();

/** The default SQLite file: `data/vitrine.sqlite` under the working directory unless VITRINE_DATA_DIR says otherwise. */
export function defaultSqlitePath(dataDir = process.env.VITRINE_DATA_DIR ?? "data"): string {
  return resolve(dataDir, "vitrine.sqlite");
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function createDatabase(config: DatabaseConfig = {}): Db {
  const url = config.url ?? process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const clientConfig: pg.ClientConfig = {
      connectionString: url,
      application_name: config.applicationName ?? (config.schema ? `vitrine:${config.schema}` : "vitrine"),
      ...(config.schema ? { options: `-c search_path=${quoteIdent(config.schema)}` } : {}),
    };
    const pool = new pg.Pool({ ...clientConfig, max: config.poolSize ?? 10 });
    // A connection that breaks (PostgreSQL restarting, a terminated backend) emits 'error', idle in the pool or
    // held between two queries; unhandled, that event would end the process. The pool drops such a connection
    // and opens a new one on the next query; until the server is back, queries fail and requests get a 503.
    const log = config.log ?? stderrWarnings;
    const logConnectionError = (error: Error) =>
      log.warn({ reason: (error as { code?: string }).code ?? error.message }, "database connection lost");
    pool.on("error", logConnectionError);
    pool.on("connect", (client) => client.on("error", logConnectionError));
    const db = new Kysely<Database>({ dialect: keepingOriginalErrors(new PostgresDialect({ pool }), log) });
    dialectOf.set(db, "postgres");
    clientConfigOf.set(db, clientConfig);
    return db;
  }
  const file = sqlitePathFromUrl(url, config.dataDir);
  // `?mode=ro` opens the file read-only (a copy to look at, or a disk that went read-only): every write fails.
  const readonly = /[?&]mode=ro(&|$)/.test(url ?? "");
  const synchronous = config.synchronous ?? (process.env.SQLITE_SYNCHRONOUS === "normal" ? "normal" : "full");
  if (file !== ":memory:" && !readonly) mkdirSync(dirname(file), { recursive: true });
  const open = (mustExist: boolean) => {
    const sqlite = new SQLite(file, { readonly, fileMustExist: mustExist });
    if (!readonly) {
      try {
        sqlite.pragma("journal_mode = WAL");
      } catch (error) {
        // Reopened on a disk that is still read-only: the file is in WAL mode already, reads go on.
        if (!mustExist) throw error;
      }
      sqlite.pragma(`synchronous = ${synchronous === "normal" ? "NORMAL" : "FULL"}`);
    }
    sqlite.pragma("foreign_keys = ON");
    // Another process (the CLI) may write while the shop runs: wait for its lock instead of failing.
    sqlite.pragma("busy_timeout = 5000");
    return sqlite;
  };
  const sqliteDialect = new SqliteDialect({
    database: reusingStatements(open, readonly || file === ":memory:" ? undefined : (config.log ?? stderrWarnings)),
  });
  const db = new Kysely<Database>({
    dialect: keepingOriginalErrors(
      readonly ? sqliteDialect : writeLockingTransactions(sqliteDialect),
      config.log ?? stderrWarnings,
    ),
  });
  dialectOf.set(db, "sqlite");
  return db;
}

/** Prepared statements a SQLite connection keeps for reuse, by SQL text. */
const STATEMENT_CACHE_SIZE = 2000;

/**
 * The connection as Kysely uses it, preparing each distinct SQL text once. Kysely prepares a statement for every
 * query it runs, and better-sqlite3 gives a statement's native memory back only when V8 collects its small wrapper,
 * which it has no reason to do: measured here, each dropped statement kept 3.5 KB (a short SELECT) to 72 KB (an
 * IN list of 400) for good, even after forced collections — a server grew without end with its traffic, and an
 * import of 20,000 products grew to 700 MB. Kysely binds values as parameters, so the texts are few (one per query
 * shape and list length) and a bounded cache holds them all. Queries run to completion synchronously, so a cached
 * statement is never in use twice at once; a streamed query (`iterate`), which stays open, prepares its own.
 */
function reusingStatements(
  open: (mustExist: boolean) => SQLite.Database,
  reopenLog?: Pick<Logger, "warn">,
): SqliteDatabase {
  let sqlite: SQLite.Database | undefined = open(false);
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  /** When a statement last failed because the file could not be written (a read-only or failing disk). */
  let storageFailedAt: number | undefined;
  let reopenTriedAt = 0;

  /**
   * A disk that went read-only (the kernel remounts a file system read-only after an error) keeps failing the open
   * files for good, and the operator can mount it writable again only once nothing holds its files. After such a
   * failure the connection is therefore closed and opened anew, at most once a second and never inside a
   * transaction: on the same read-only disk it reads on; while the file is away (unmounted) there is no connection
   * and requests get 503 (a new empty database is never created in its place); once it is back, writes go on,
   * without a restart.
   */
  function reopenAfterStorageFailure(): void {
    if (!reopenLog || storageFailedAt === undefined || sqlite?.inTransaction) return;
    const now = Date.now();
    if (now - reopenTriedAt < REOPEN_EVERY_MS) return;
    reopenTriedAt = now;
    statements.clear();
    try {
      sqlite?.close();
    } catch {
      // The old files may refuse even their closing writes: they are let go all the same.
    }
    sqlite = undefined;
    try {
      sqlite = open(true);
    } catch (error) {
      reopenLog.warn(
        { reason: (error as { code?: string }).code ?? (error as Error).message },
        "database: the file cannot be opened again yet",
      );
      return;
    }
    storageFailedAt = undefined;
    reopenLog.warn({}, "database: reopened after a storage failure");
  }

  const current = (): SQLite.Database => {
    if (sqlite) return sqlite;
    throw Object.assign(new Error("The database file cannot be opened (SQLITE_CANTOPEN)."), {
      code: "SQLITE_CANTOPEN",
    });
  };

  const watch =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return run(...args);
      } catch (error) {
        if (STORAGE_FAILURE.test((error as { code?: string }).code ?? "")) storageFailedAt = Date.now();
        throw error;
      }
    };

  return {
    close: () => {
      statements.clear();
      sqlite?.close();
      sqlite = undefined;
    },
    prepare(text: string) {
      reopenAfterStorageFailure();
      let statement = statements.get(text);
      if (!statement || statement.busy) {
        statement = current().prepare(text);
        statements.set(text, statement);
      }
      const prepared = statement;
      return {
        get reader() {
          return prepared.reader;
        },
        all: watch((parameters: ReadonlyArray<unknown>) => prepared.all(parameters)),
        run: watch((parameters: ReadonlyArray<unknown>) => prepared.run(parameters)),
        iterate: watch((parameters: ReadonlyArray<unknown>) => prepared.iterate(parameters)),
      };
    },
  };
}

/** Errors of a file that cannot be written any more (not a full disk: that passes once space is back). */
const STORAGE_FAILURE = /^SQLITE_(READONLY|IOERR|CANTOPEN)/;
const REOPEN_EVERY_MS = 1000;

/**
 * A failed rollback must not hide why the transaction failed. SQLite rolls a transaction back itself on
 * SQLITE_FULL or an I/O error, so Kysely's ROLLBACK then fails with "cannot rollback - no transaction is active",
 * and that error would replace SQLITE_FULL; a dead PostgreSQL connection fails both the statement and the
 * ROLLBACK. The rollback's error is logged and the original one thrown.
 */
function keepingOriginalErrors(dialect: Dialect, log: Pick<Logger, "warn">): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver() {
      const driver = dialect.createDriver();
      const rollback = driver.rollbackTransaction.bind(driver);
      driver.rollbackTransaction = async (connection) => {
        try {
          await rollback(connection);
        } catch (error) {
          log.warn({ reason: (error as Error).message }, "rollback after a failed transaction failed too");
        }
      };
      return driver;
    },
  };
}

/**
 * SQLite transactions begin with `BEGIN IMMEDIATE`: they take the file's write lock at once, waiting for it up to
 * busy_timeout while another process (a second web process, the CLI, a separate worker) writes. A plain (deferred)
 * `BEGIN` would read first and fail with SQLITE_BUSY_SNAPSHOT at its first write whenever another process
 * committed in between: busy_timeout cannot help there, and the request answered 500.
 */
function writeLockingTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver() {
      const driver = dialect.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      };
      return driver;
    },
  };
}

/** The connection settings of a PostgreSQL database made by `createDatabase` (undefined for SQLite). */
export function postgresClientConfig(db: Kysely<Database>): pg.ClientConfig | undefined {
  return clientConfigOf.get(db);
}

export function sqlitePathFromUrl(url: string | undefined, dataDir?: string): string {
  if (!url) return defaultSqlitePath(dataDir);
  if (url === ":memory:" || url === "file::memory:") return ":memory:";
  const path = url.replace(/^(file|sqlite):(\/\/)?/i, "").replace(/\?.*$/, "");
  return resolve(path);
}

/** The dialect of a Kysely instance (transactions inherit it from their database). */
export function dialect(db: Kysely<Database>): DialectName {
  const known = dialectOf.get(db);
  if (known) return known;
  // Transactions are new Kysely instances: recognise them by their adapter.
  const name = db.getExecutor().adapter.constructor.name;
  return name.toLowerCase().includes("postgres") ? "postgres" : "sqlite";
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Invalid identifier: ${name}`);
  return `"${name}"`;
}

/** Makes sure a PostgreSQL schema exists (no-op on SQLite). */
export async function ensureSchema(db: Db, schema: string): Promise<void> {
  if (dialect(db) !== "postgres") return;
  await sql.raw(`create schema if not exists ${quoteIdent(schema)}`).execute(db);
}
