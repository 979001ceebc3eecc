/**
 * Error reporting in the browser (specification sections 8 and 9), under the operator's `SENTRY_DSN` (the same
 * Sentry-compatible project as the server's; a browser DSN is public by design: it can only send events). The SDK
 * (`@sentry/browser`) is a chunk of its own, fetched only when a DSN is configured: a page without one loads nothing
 * of it, warns 'Sentry DSN is not provided' on the console once and sends nothing. The Content-Security-Policy's
 * connect-src allows exactly the DSN's origin (security.server.ts).
 */

export const SENTRY_DSN_MISSING = "Sentry DSN is not provided";

/** What the browser needs: the DSN and the environment ('unknown' unless set), or null when nothing is configured. */
export interface BrowserErrorReporting {
  dsn: string;
  environment: string;
}

export function browserErrorReporting(config: {
  SENTRY_DSN?: string | undefined;
  SENTRY_ENVIRONMENT: string;
}): BrowserErrorReporting | null {
  return config.SENTRY_DSN ? { dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT } : null;
}

/** The origin the SDK sends its envelopes to (the DSN's), for the policy's connect-src; none without a DSN. */
export function errorReportingOrigins(config: { SENTRY_DSN?: string | undefined }): string[] {
  if (!config.SENTRY_DSN) return [];
  try {
    return [new URL(config.SENTRY_DSN).origin];
  } catch {
    return [];
  }
}

type Reporter = (error: unknown) => void;
let reporter: Reporter | undefined;
let configured: boolean | undefined;
const waiting: unknown[] = [];

/**
 * Starts reporting for this page life with the store's setting (once): loads the SDK when configured, warns
 * otherwise. Errors React caught before (`reportBrowserError`) are sent once it is loaded.
 */
export function startBrowserErrorReporting(setting: BrowserErrorReporting | null, release: string): void {
  if (configured !== undefined) return;
  configured = setting !== null;
  if (!setting) {
    waiting.length = 0;
    console.warn(SENTRY_DSN_MISSING);
    return;
  }
  void import("./error-reporting.sdk.ts")
    .then(({ initBrowserSdk }) => {
      reporter = initBrowserSdk(setting, release);
      for (const error of waiting.splice(0)) reporter(error);
    })
    .catch((error: unknown) => console.warn("vitrine: error reporting could not start", error));
}

/** Reports an error React caught (an error boundary, a failed hydration); dropped when nothing is configured. */
export function reportBrowserError(error: unknown): void {
  if (reporter) reporter(error);
  else if (configured !== false && waiting.length < 20) waiting.push(error);
}
