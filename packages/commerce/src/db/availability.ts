import { setSetting } from "../settings/settings.ts";
import type { Db } from "./database.ts";

/**
 * When the database, not the request, is the problem: it cannot be reached (PostgreSQL restarting, network
 * gone) or it refuses writes (disk full, read-only file or server, I/O errors, a SQLite file another process
 * keeps locked for longer than busy_timeout). Such a request is answered 503
 * with Retry-After instead of 500, and readiness checks fail, so that a load balancer takes the process out
 * until the database is back; the pool reconnects by itself.
 */
export interface DatabaseTrouble {
  kind: "unreachable" | "refuses-writes";
  /** The driver's code (`57P01`, `ECONNREFUSED`, `SQLITE_READONLY`…) or the message when there is none. */
  reason: string;
}

const UNREACHABLE_PG_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
const REFUSING_PG_CODES = new Set(["25006", "53100", "58030"]);
const UNREACHABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);
/** node-postgres says these without a code. */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

export function databaseTrouble(error: unknown): DatabaseTrouble | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (UNREACHABLE_PG_CODES.has(code) || code.startsWith("08") || UNREACHABLE_SOCKET_CODES.has(code)) {
        return { kind: "unreachable", reason: `${code}: ${current.message}` };
      }
      if (REFUSING_PG_CODES.has(code) || /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|CORRUPT|NOTADB|BUSY)/.test(code)) {
        return { kind: "refuses-writes", reason: `${code}: ${current.message}` };
      }
    }
    if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(current.message))) {
      return { kind: "unreachable", reason: current.message };
    }
  }
  return undefined;
}

const PROBE_KEY = "readiness_probe";

/**
 * Whether the database takes a write now: a committed upsert of one row (a rolled-back write would not reach the
 * disk, so a full disk would go unnoticed). Undefined when it does; the trouble otherwise (rethrows other errors).
 */
export async function probeDatabase(db: Db, now: Date): Promise<DatabaseTrouble | undefined> {
  try {
    await setSetting({ db }, PROBE_KEY, now.toISOString(), now);
    return undefined;
  } catch (error) {
    const trouble = databaseTrouble(error);
    if (!trouble) throw error;
    return trouble;
  }
}
