import pino, { type Logger } from "pino";

/**
 * Structured logs: one JSON object per line on standard output (pino), with a level and, inside a request or a
 * job, its id. `LOG_LEVEL` picks the level (`info` by default; `silent` in tests that do not look at logs).
 */
export type { Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(options: { level?: LogLevel; name?: string; destination?: 1 | 2 } = {}): Logger {
  const options_ = {
    name: options.name ?? "vitrine",
    level: options.level ?? "info",
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  // The CLI prints its answers on stdout: its log lines go to stderr.
  return options.destination === 2 ? pino(options_, pino.destination(2)) : pino(options_);
}

/** A logger that writes nothing (unit tests, library callers that did not pass one). */
export const silentLogger: Logger = pino({ level: "silent" });
