import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import {
  type Actor,
  type Ctx,
  cliActor,
  createCtx,
  createDatabase,
  createLogger,
  type Db,
  databaseTrouble,
  ensureSchema,
  loadConfig,
  maskUrlPassword,
  migrateToLatest,
  setLanguageFallback,
  type VitrineConfig,
} from "@vitrine/commerce";
import { searchMigrations } from "@vitrine/search";

/** A tiny command framework: `vitrine <group> <command> [args] [--options]`, `--help` everywhere. */

export interface OptionSpec {
  type: "string" | "boolean";
  description: string;
  short?: string;
}

export interface CommandContext {
  args: string[];
  options: Record<string, string | boolean | undefined>;
  config: VitrineConfig;
  /** Opens the database on first use and migrates it, unless `migrate: false` (`db migrate` does it itself). */
  db(options?: { migrate?: boolean }): Promise<Db>;
  /** The commerce context of this command run (its database, clock, configuration, logger on stderr). */
  ctx(): Promise<Ctx>;
  out(line: string): void;
  err(line: string): void;
  now(): Date;
  /** Resolves when a long-running command (a server) should stop: Ctrl-C or SIGTERM. */
  untilStopped(): Promise<void>;
  /** Who runs this command, for the audit log: the operating-system user (`cli:<user>`). */
  actor(): Actor;
}

/** The operating-system user running the CLI (`USER` when the account database has no name for it). */
export function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "";
  }
}

export interface Command {
  /** Words after `vitrine`, e.g. `["catalog", "import"]`. */
  path: string[];
  summary: string;
  usage: string;
  details?: string;
  options?: Record<string, OptionSpec>;
  /** Least and most positional arguments. */
  args?: [min: number, max: number];
  run(ctx: CommandContext): Promise<number>;
}

export class UsageError extends Error {}

export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** Tests stop a server command themselves instead of with a signal. */
  untilStopped?(): Promise<void>;
}

const defaultIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
}

function helpFor(command: Command): string {
  const lines = [`Usage: ${command.usage}`, "", command.summary];
  if (command.details) lines.push("", command.details);
  const options = Object.entries(command.options ?? {});
  lines.push("", "Options:");
  for (const [name, spec] of options) {
    const flag = `${spec.short ? `-${spec.short}, ` : ""}--${name}${spec.type === "string" ? " <value>" : ""}`;
    lines.push(`  ${flag.padEnd(28)} ${spec.description}`);
  }
  lines.push(`  ${"-h, --help".padEnd(28)} Show this help`);
  return lines.join("\n");
}

function overview(commands: readonly Command[], prefix: string[]): string {
  const matching = commands.filter((c) => prefix.every((word, i) => c.path[i] === word));
  const title = prefix.length ? `vitrine ${prefix.join(" ")}` : "vitrine";
  const lines = [`Usage: ${title} <command> [options]`, "", "Commands:"];
  for (const c of matching) lines.push(`  ${c.path.join(" ").padEnd(26)} ${c.summary}`);
  lines.push("", `Run "${title} <command> --help" for the options of a command.`);
  return lines.join("\n");
}

/** Runs the CLI; returns the exit code (0 ok, 1 failure, 2 usage error). */
export async function runCli(commands: readonly Command[], argv: string[], io: Io = defaultIo): Promise<number> {
  const words = argv.filter((a) => !a.startsWith("-"));
  const wantsHelp = argv.includes("--help") || argv.includes("-h");
  const command = [...commands]
    .sort((a, b) => b.path.length - a.path.length)
    .find((c) => c.path.every((word, i) => words[i] === word));

  if (!command) {
    const prefix: string[] = [];
    for (const word of words) {
      if (commands.some((c) => [...prefix, word].every((w, i) => c.path[i] === w))) prefix.push(word);
      else break;
    }
    const unknown = words[prefix.length];
    if (unknown && !wantsHelp) {
      io.err(`Unknown command: vitrine ${[...prefix, unknown].join(" ")}`);
      io.err(overview(commands, prefix));
      return 2;
    }
    io.out(overview(commands, prefix));
    return wantsHelp || words.length > 0 ? 0 : 2;
  }
  if (wantsHelp) {
    io.out(helpFor(command));
    return 0;
  }

  const rest = argv.slice(argv.indexOf(command.path[command.path.length - 1] as string) + 1);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(
        Object.entries(command.options ?? {}).map(([name, spec]) => [
          name,
          { type: spec.type, ...(spec.short ? { short: spec.short } : {}) },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${helpFor(command)}`);
    return 2;
  }
  const [min, max] = command.args ?? [0, 0];
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    io.err(`Wrong number of arguments.\n\n${helpFor(command)}`);
    return 2;
  }

  let config: VitrineConfig;
  try {
    config = loadConfig();
    setLanguageFallback(config.LANGUAGE_FALLBACK);
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
  let db: Db | undefined;
  let commandCtx: Ctx | undefined;
  let migrated = false;
  const ctx: CommandContext = {
    args: parsed.positionals,
    options: parsed.values as Record<string, string | boolean | undefined>,
    config,
    async db(options = {}) {
      if (!db) {
        if (config.DATABASE_SCHEMA) {
          const admin = createDatabase({ url: config.DATABASE_URL, poolSize: 1 });
          await ensureSchema(admin, config.DATABASE_SCHEMA);
          await admin.destroy();
        }
        db = createDatabase({
          url: config.DATABASE_URL,
          dataDir: config.VITRINE_DATA_DIR,
          ...(config.DATABASE_SCHEMA ? { schema: config.DATABASE_SCHEMA } : {}),
        });
      }
      if (options.migrate !== false && !migrated) {
        await migrateToLatest(db, [searchMigrations]);
        migrated = true;
      }
      return db;
    },
    async ctx() {
      commandCtx ??= createCtx({
        db: await this.db(),
        clock: { now: () => this.now() },
        config,
        log: createLogger({ level: config.LOG_LEVEL, destination: 2, name: "vitrine-cli" }),
      });
      return commandCtx;
    },
    out: io.out,
    err: io.err,
    now: () => new Date(),
    untilStopped: io.untilStopped ?? untilSignal,
    actor: () => cliActor(osUser()),
  };
  try {
    return await command.run(ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${helpFor(command)}`);
      return 2;
    }
    io.err(failureLine(error, config));
    return 1;
  } finally {
    await db?.destroy();
  }
}

/** One line for a failed command; the database's being away is said as such (password masked). */
function failureLine(error: unknown, config: VitrineConfig): string {
  const trouble = databaseTrouble(error);
  const database = config.DATABASE_URL ? maskUrlPassword(config.DATABASE_URL) : "the SQLite file";
  if (trouble?.kind === "unreachable")
    return `Error: cannot reach the database ${database} (${trouble.reason}; DATABASE_URL)`;
  if (trouble) return `Error: the database ${database} refuses writes (${trouble.reason})`;
  return `Error: ${(error as Error).message}`;
}

/** `12`, `12.5` or `12.50` (a currency amount) as cents. */
export function centsOption(value: string | boolean | undefined, name: string): number {
  if (typeof value !== "string" || !/^\d{1,7}(\.\d{1,2})?$/.test(value)) {
    throw new UsageError(`--${name} must be an amount like 12 or 12.50`);
  }
  const cents = Math.round(Number(value) * 100);
  if (cents <= 0) throw new UsageError(`--${name} must be more than 0`);
  return cents;
}

/** Writes streamed text (CSV, JSON) to `--out FILE`, or line by line to standard output. */
export async function writeOutput(
  ctx: CommandContext,
  chunks: AsyncIterable<string> | Iterable<string>,
  file: string | boolean | undefined,
): Promise<void> {
  if (typeof file === "string" && file !== "") {
    const { createWriteStream } = await import("node:fs");
    const { Readable } = await import("node:stream");
    const { pipeline } = await import("node:stream/promises");
    await pipeline(Readable.from(chunks), createWriteStream(file));
    return;
  }
  let rest = "";
  for await (const chunk of chunks) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) ctx.out(line.replace(/\r$/, ""));
  }
  if (rest !== "") ctx.out(rest);
}

export function numberOption(value: string | boolean | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (typeof value !== "string" || !Number.isInteger(n) || n < 0)
    throw new UsageError(`--${name} must be a whole number`);
  return n;
}
