import { loadConfig } from "@vitrine/commerce/config";
import { describe, expect, it } from "vitest";
import { abTestingLegalConsent, consentStoreRecord, parseConsent, serializeConsent } from "./consent.ts";
import { CONSENT_BOOT_SCRIPT_HASH, contentSecurityPolicy, thirdPartyScriptOrigins } from "./security.server.ts";
import { hookAllowed, thirdPartyScripts } from "./third-party.ts";

const ALL = { necessary: true, statistics: true, marketing: true } as const;
const STATISTICS = { necessary: true, statistics: true, marketing: false } as const;
const MARKETING = { necessary: true, statistics: false, marketing: true } as const;
const NONE = { necessary: true, statistics: false, marketing: false } as const;

const configured = loadConfig({
  TAG_MANAGER_ID: "GTM-AB12CD3",
  AB_TEST_SCRIPT_ID: "acc-42",
  AB_TEST_SCRIPT_URL: "https://try.abtasty.com/{id}.js",
  RECOMMENDATION_SCRIPT_ID: "merchant.7",
  RECOMMENDATION_SCRIPT_URL: "https://cdn.recs.example/{id}/loader.js",
});

describe("third-party hooks", () => {
  it("loads nothing when nothing is configured, and the policy allows scripts from the shop only", () => {
    const config = loadConfig({});
    expect(thirdPartyScripts(config)).toEqual([]);
    const policy = contentSecurityPolicy("n0nce", thirdPartyScriptOrigins(config));
    expect(policy).toContain(`script-src 'self' 'nonce-n0nce' ${CONSENT_BOOT_SCRIPT_HASH};`);
  });

  it("builds each configured script's address and allows exactly those origins", () => {
    expect(thirdPartyScripts(configured)).toEqual([
      { kind: "tagManager", src: "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3" },
      { kind: "abTesting", src: "https://try.abtasty.com/acc-42.js" },
      { kind: "recommendations", src: "https://cdn.recs.example/merchant.7/loader.js" },
    ]);
    const policy = contentSecurityPolicy("n0nce", thirdPartyScriptOrigins(configured));
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe(
      `script-src 'self' 'nonce-n0nce' ${CONSENT_BOOT_SCRIPT_HASH} https://www.googletagmanager.com https://try.abtasty.com https://cdn.recs.example`,
    );
    // Only the tag manager: only its origin (its own host when the operator serves it first-party).
    const own = loadConfig({ TAG_MANAGER_ID: "GTM-X1", TAG_MANAGER_URL: "https://tags.shop.example/gtm.js?id={id}" });
    expect(thirdPartyScriptOrigins(own)).toEqual(["https://tags.shop.example"]);
  });

  it("runs each hook only with its consent, and the A/B tool only with its legal consent too", () => {
    expect(hookAllowed("tagManager", NONE, true)).toBe(false);
    expect(hookAllowed("tagManager", STATISTICS, false)).toBe(true);
    expect(hookAllowed("tagManager", MARKETING, true)).toBe(false);
    expect(hookAllowed("recommendations", STATISTICS, true)).toBe(false);
    expect(hookAllowed("recommendations", MARKETING, false)).toBe(true);
    expect(hookAllowed("abTesting", ALL, false)).toBe(false);
    expect(hookAllowed("abTesting", STATISTICS, true)).toBe(true);
    expect(hookAllowed("abTesting", MARKETING, true)).toBe(false);
  });
});

describe("the consent store", () => {
  it("keeps the choices in a small cookie value and asks again for anything else", () => {
    expect(serializeConsent(STATISTICS)).toBe("1.s1.m0");
    expect(parseConsent("1.s1.m0")).toEqual(STATISTICS);
    expect(parseConsent("1.s0.m1")).toEqual(MARKETING);
    for (const bad of [undefined, "", "1.s1", "2.s1.m1", "1.s2.m0", "yes"]) expect(parseConsent(bad)).toBeUndefined();
  });

  it("writes the A/B tool's legal consent into ucData, which it reads back", () => {
    const storage = new Map<string, string>();
    const store = { getItem: (key: string) => storage.get(key) ?? null };
    expect(abTestingLegalConsent(store)).toBe(false);
    storage.set("ucData", JSON.stringify(consentStoreRecord(STATISTICS)));
    expect(abTestingLegalConsent(store)).toBe(true);
    expect(consentStoreRecord(STATISTICS).gcm).toEqual({ analyticsStorage: "granted", adStorage: "denied" });
    storage.set("ucData", JSON.stringify(consentStoreRecord(MARKETING)));
    expect(abTestingLegalConsent(store)).toBe(false);
    storage.set("ucData", "{broken");
    expect(abTestingLegalConsent(store)).toBe(false);
    expect(abTestingLegalConsent(undefined)).toBe(false);
  });
});
