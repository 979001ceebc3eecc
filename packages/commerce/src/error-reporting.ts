import type { VitrineConfig } from "./config.ts";

/**
 * Error reporting (specification sections 8 and 9) through the Sentry SDK, which any Sentry-compatible service
 * (Sentry, GlitchTip, Bugsink) accepts. It starts only when `SENTRY_DSN` is set, under `SENTRY_ENVIRONMENT`
 * ('unknown' unless set); without a DSN the process warns 'Sentry DSN is not provided' once and sends nothing.
 * Server-side only: the browser bundle stays within its JavaScript budget.
 */

export const SENTRY_DSN_MISSING = "Sentry DSN is not provided";

export interface ErrorReporter {
  readonly enabled: boolean;
  /** Reports an error with what is known about the request (no personal data: ids and paths only). */
  capture(error: unknown, context?: Record<string, string | number | undefined>): void;
  /** Waits until reports in flight are sent (at shutdown). */
  flush(timeoutMs: number): Promise<boolean>;
}

const DISABLED: ErrorReporter = {
  enabled: false,
  capture: () => {},
  flush: async () => true,
};

/**
 * The process's reporter lives on `globalThis`: the server build bundles its own copy of this module, and the
 * request handler inside it must reach the reporter the server started.
 */
const REPORTER = Symbol.for("vitrine.errorReporter");
const holder = globalThis as { [REPORTER]?: ErrorReporter };

function setCurrent(reporter: ErrorReporter): ErrorReporter {
  holder[REPORTER] = reporter;
  return reporter;
}

/** The process's reporter (disabled until `startErrorReporting` enabled it). */
export function errorReporter(): ErrorReporter {
  return holder[REPORTER] ?? DISABLED;
}

export async function startErrorReporting(
  config: Pick<VitrineConfig, "SENTRY_DSN" | "SENTRY_ENVIRONMENT">,
  options: { release?: string; warn?: (message: string) => void } = {},
): Promise<ErrorReporter> {
  if (!config.SENTRY_DSN) {
    (options.warn ?? console.warn)(SENTRY_DSN_MISSING);
    return setCurrent(DISABLED);
  }
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT,
    ...(options.release ? { release: options.release } : {}),
    // Errors only: no performance tracing, and nothing of the shopper (user, cookies, headers, query, bodies).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
  });
  return setCurrent({
    enabled: true,
    capture: (error, context) => {
      Sentry.captureException(error, context ? { extra: context } : undefined);
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  });
}

/** Stops reporting (tests, and the end of a process). */
export async function stopErrorReporting(): Promise<void> {
  if (!errorReporter().enabled) return;
  const Sentry = await import("@sentry/node");
  await Sentry.close(2000);
  setCurrent(DISABLED);
}
