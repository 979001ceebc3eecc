import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadConfigWithSources, maskSetting } from "./config.ts";

const dir = mkdtempSync(join(tmpdir(), "vitrine-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configFile(name: string, settings: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof settings === "string" ? settings : JSON.stringify(settings));
  return file;
}

describe("configuration", () => {
  it("loads demo data (and its gift cards of published codes) only when DEMO_PRODUCTS asks for it", () => {
    expect(loadConfig({}).DEMO_PRODUCTS).toBe(0);
    expect(loadConfig({ DEMO_PRODUCTS: "400" }).DEMO_PRODUCTS).toBe(400);
  });

  it("reads a config file under the environment, and says where each setting came from", () => {
    const file = configFile("shop.json", { PORT: 4301, LOG_LEVEL: "warn", TRUST_PROXY: true, SMTP_URL: null });
    const loaded = loadConfigWithSources({ VITRINE_CONFIG: file, LOG_LEVEL: "debug" });
    expect(loaded.file).toBe(file);
    expect(loaded.config.PORT).toBe(4301);
    expect(loaded.config.TRUST_PROXY).toBe(1);
    expect(loaded.config.LOG_LEVEL).toBe("debug");
    expect(loaded.config.SMTP_URL).toBeUndefined();
    expect(loaded.sources).toMatchObject({ PORT: "file", TRUST_PROXY: "file", LOG_LEVEL: "env", HOST: "default" });
  });

  it("refuses a bad setting with one line naming it and where it came from", () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfigWithSources(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(bad({ PORT: "eighty" })).toMatch(/^invalid setting PORT="eighty": .+$/);
    expect(bad({ LOG_LEVEL: "loud" })).not.toContain("\n");
    const file = configFile("bad.json", { SHUTDOWN_DRAIN_MS: -1 });
    expect(bad({ VITRINE_CONFIG: file })).toMatch(
      new RegExp(`^invalid setting SHUTDOWN_DRAIN_MS="-1" \\(in ${file}\\)`),
    );
    // A secret in a bad value is not shown.
    expect(bad({ VITRINE_SECRET: "short-secret" })).not.toContain("short-secret");
    expect(bad({ VITRINE_CONFIG: configFile("typo.json", { PROT: 1 }) })).toMatch(/unknown setting PROT$/);
    expect(bad({ VITRINE_CONFIG: configFile("broken.json", "{ PORT: 1") })).toMatch(/^config file .*broken\.json/);
    expect(bad({ VITRINE_CONFIG: join(dir, "missing.json") })).toMatch(
      /missing\.json \(VITRINE_CONFIG\): no such file/,
    );
  });

  it("takes the third-party hooks only in their documented shapes", () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ SENTRY_ENVIRONMENT: "unknown" });
    expect(defaults.TAG_MANAGER_ID).toBeUndefined();
    expect(defaults.AB_TEST_SCRIPT_ID).toBeUndefined();
    expect(defaults.RECOMMENDATION_SCRIPT_ID).toBeUndefined();
    expect(defaults.SENTRY_DSN).toBeUndefined();
    expect(loadConfig({ TAG_MANAGER_ID: "GTM-AB12CD3" }).TAG_MANAGER_ID).toBe("GTM-AB12CD3");
    const refused = (env: Record<string, string>) => {
      try {
        loadConfigWithSources(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    for (const id of ["GTM-ab12", "gtm-AB12", "GTM-", "UA-12345", "GTM-AB12<script>", "GTM-AB 12"]) {
      expect(refused({ TAG_MANAGER_ID: id })).toBe(
        `invalid setting TAG_MANAGER_ID=${JSON.stringify(id)}: must be GTM- followed by upper-case letters and digits, e.g. GTM-AB12CD3`,
      );
    }
    expect(refused({ AB_TEST_SCRIPT_ID: "acc1" })).toBe(
      "invalid setting AB_TEST_SCRIPT_URL: is required when AB_TEST_SCRIPT_ID is set",
    );
    expect(refused({ RECOMMENDATION_SCRIPT_ID: "m 1", RECOMMENDATION_SCRIPT_URL: "https://cdn.test/{id}.js" })).toMatch(
      /^invalid setting RECOMMENDATION_SCRIPT_ID="m 1": must be 1 to 64/,
    );
    expect(refused({ AB_TEST_SCRIPT_ID: "a", AB_TEST_SCRIPT_URL: "http://ab.example/{id}.js" })).toMatch(
      /AB_TEST_SCRIPT_URL=.*must be an https URL containing \{id\}/,
    );
    expect(refused({ AB_TEST_SCRIPT_ID: "a", AB_TEST_SCRIPT_URL: "https://ab.example/tag.js" })).toMatch(
      /must be an https URL containing \{id\}/,
    );
    expect(refused({ SENTRY_DSN: "not a url" })).toMatch(/^invalid setting SENTRY_DSN="\*\*\*\*\*"/);
    expect(maskSetting("SENTRY_DSN", "https://key@sentry.example/1")).toBe("*****");
  });

  it("masks secrets and passwords in URLs", () => {
    expect(maskSetting("VITRINE_SECRET", "x".repeat(40))).toBe("*****");
    expect(maskSetting("PREVIEW_TOKEN", "preview-token")).toBe("*****");
    expect(maskSetting("STRIPE_SECRET_KEY", "sk_live_1")).toBe("*****");
    expect(maskSetting("PAYPAL_CLIENT_SECRET", "abc")).toBe("*****");
    expect(maskSetting("DATABASE_URL", "postgres://shop:s3cr%40t@db.internal:5432/shop")).toBe(
      "postgres://shop:*****@db.internal:5432/shop",
    );
    expect(maskSetting("SMTP_URL", "smtps://mailer:pw@smtp.example:465")).toBe("smtps://mailer:*****@smtp.example:465");
    expect(maskSetting("DATABASE_URL", "postgres://db.internal/shop")).toBe("postgres://db.internal/shop");
    expect(maskSetting("PORT", 3000)).toBe("3000");
  });
});
