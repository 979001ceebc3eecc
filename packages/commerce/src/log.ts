import { randomUUID } from "node:crypto";
import pino, { type Logger } from "pino";

/**
 * Structured logs: one JSON object per line on standard output (pino), with a level and, inside a request or a
 * job, its id. `LOG_LEVEL` picks the level (`info` by default; `silent` in tests that do not look at logs).
 */
export type { Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The logger of a process: create one at its start and hand it (or its children) down. `destination` is standard
 * output by default; 2 is standard error (the CLI prints its answers on stdout); tests pass a stream to read what
 * was logged.
 */
export function createLogger(
  options: { level?: LogLevel; name?: string; destination?: 1 | 2 | pino.DestinationStream } = {},
): Logger {
  const destination = options.destination ?? 1;
  return pino(
    {
      name: options.name ?? "vitrine",
      level: options.level ?? "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    typeof destination === "number" ? pino.destination({ dest: destination, sync: true }) : destination,
  );
}

/** A logger that writes nothing (unit tests, library callers that did not pass one). */
export const silentLogger: Logger = pino({ level: "silent" });

/** The header that carries a request's id from a proxy in front, and back to the client in every answer. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * A request's id: the one a proxy in front sent (`X-Request-Id`, so its logs and ours share it) when it is a
 * plausible id, else a new one. Anything else a client sends is not copied into logs and answers.
 */
export function requestIdFrom(incoming: string | null | undefined): string {
  if (incoming && /^[\w.:@/+=-]{1,128}$/.test(incoming)) return incoming;
  return randomUUID();
}
