import { loadConfig } from "@vitrine/commerce/config";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  browserErrorReporting,
  errorReportingOrigins,
  reportBrowserError,
  SENTRY_DSN_MISSING,
  startBrowserErrorReporting,
} from "./error-reporting.ts";
import { contentSecurityPolicy } from "./security.server.ts";

describe("browser error reporting settings (section 9)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is off without a DSN: nothing for the browser, connect-src only the shop", () => {
    const config = loadConfig({});
    expect(browserErrorReporting(config)).toBeNull();
    expect(errorReportingOrigins(config)).toEqual([]);
    expect(contentSecurityPolicy("n", [], errorReportingOrigins(config))).toContain("connect-src 'self';");
  });

  it("gives the browser the DSN under the environment 'unknown' by default, and allows exactly its origin", () => {
    const config = loadConfig({ SENTRY_DSN: "https://publickey@errors.example.com:8443/42" });
    expect(browserErrorReporting(config)).toEqual({
      dsn: "https://publickey@errors.example.com:8443/42",
      environment: "unknown",
    });
    expect(errorReportingOrigins(config)).toEqual(["https://errors.example.com:8443"]);
    expect(contentSecurityPolicy("n", [], errorReportingOrigins(config))).toContain(
      "connect-src 'self' https://errors.example.com:8443;",
    );
    const staging = loadConfig({ SENTRY_DSN: "https://k@errors.example.com/1", SENTRY_ENVIRONMENT: "staging" });
    expect(browserErrorReporting(staging)?.environment).toBe("staging");
  });

  it("warns 'Sentry DSN is not provided' once when unset, and drops what React reports", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    startBrowserErrorReporting(null, "build-1");
    startBrowserErrorReporting(null, "build-1");
    expect(warn.mock.calls).toEqual([[SENTRY_DSN_MISSING]]);
    expect(() => reportBrowserError(new Error("dropped"))).not.toThrow();
  });
});
