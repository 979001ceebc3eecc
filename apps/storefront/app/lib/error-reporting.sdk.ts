import {
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  init,
  linkedErrorsIntegration,
} from "@sentry/browser";
import type { BrowserErrorReporting } from "./error-reporting.ts";

/**
 * The Sentry browser SDK, in a chunk of its own (imported only by `startBrowserErrorReporting` when a DSN is set).
 * Errors only: uncaught errors and rejected promises (global handlers) and what React caught; no tracing, no
 * session replay, no breadcrumbs (they would carry search terms and addresses typed), no personal data, and page
 * addresses without their query.
 */
export function initBrowserSdk(setting: BrowserErrorReporting, release: string): (error: unknown) => void {
  init({
    dsn: setting.dsn,
    environment: setting.environment,
    release,
    // Nothing of the shopper: no user, cookies, headers, bodies or query parameters.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    enhanceFetchErrorMessages: false,
    defaultIntegrations: false,
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    beforeSend(event) {
      if (event.request?.url) event.request.url = event.request.url.split(/[?#]/)[0];
      if (event.request) delete event.request.headers;
      return event;
    },
  });
  return (error) => {
    captureException(error);
  };
}
