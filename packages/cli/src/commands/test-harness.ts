import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type Db, ensureSchema, quoteIdent } from "@vitrine/commerce";
import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { runCli } from "../cli.ts";
import { commands } from "./index.ts";

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

export interface CliHarness {
  /** Runs `vitrine …argv` in this process, collecting what it prints. */
  cli(...argv: string[]): Promise<CliRun>;
  /** The temporary folder that is the CLI's data directory. */
  dir: string;
  /** A connection of the test's own to the CLI's database (opened on first use, closed after the file). */
  readonly db: Db;
}

/**
 * The CLI against its own database for one test file: a SQLite file in a temporary folder, or a fresh PostgreSQL
 * schema when DATABASE_URL points at PostgreSQL (CI runs both). `prepare` runs once before the file's tests
 * (load demo data, migrate); everything is removed after them.
 */
export function cliHarness(name: string, prepare?: (cli: CliHarness["cli"]) => Promise<void>): CliHarness {
  const dir = mkdtempSync(join(tmpdir(), `vitrine-cli-${name}-`));
  const schema = /^postgres/.test(process.env.DATABASE_URL ?? "")
    ? `vt_cli_${process.pid}_${randomBytes(3).toString("hex")}`
    : undefined;
  let db: Db | undefined;

  async function cli(...argv: string[]): Promise<CliRun> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(commands, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  }

  beforeAll(async () => {
    process.env.VITRINE_DATA_DIR = dir;
    if (schema) {
      process.env.DATABASE_SCHEMA = schema;
      const admin = createDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
      await ensureSchema(admin, schema);
      await admin.destroy();
    } else {
      process.env.DATABASE_URL = "";
    }
    await prepare?.(cli);
  });

  afterAll(async () => {
    await db?.destroy();
    if (schema) {
      const admin = createDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
      await sql.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).execute(admin);
      await admin.destroy();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    cli,
    dir,
    get db() {
      db ??= createDatabase({
        url: process.env.DATABASE_URL || join(dir, "vitrine.sqlite"),
        ...(schema ? { schema } : {}),
      });
      return db;
    },
  };
}
