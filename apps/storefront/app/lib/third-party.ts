import type { ConsentChoices } from "./consent.ts";

/**
 * The seed's third-party hooks (specification sections 1 and 7) as the operator configured them: a tag manager, an
 * A/B-testing script and a recommendation script. Each is loaded in the browser only when the shopper gave the
 * matching consent (`loadConsentedScripts`); nothing is loaded for a hook that is not configured, and the
 * Content-Security-Policy names exactly the configured scripts' origins (security.server.ts).
 */

export type ThirdPartyKind = "tagManager" | "abTesting" | "recommendations";

export interface ThirdPartyScript {
  kind: ThirdPartyKind;
  src: string;
}

interface HookSettings {
  TAG_MANAGER_ID?: string | undefined;
  TAG_MANAGER_URL: string;
  AB_TEST_SCRIPT_ID?: string | undefined;
  AB_TEST_SCRIPT_URL?: string | undefined;
  RECOMMENDATION_SCRIPT_ID?: string | undefined;
  RECOMMENDATION_SCRIPT_URL?: string | undefined;
}

/** The consent category each hook needs: measuring (tag manager, A/B tests) or personalised marketing. */
export const HOOK_CONSENT: Record<ThirdPartyKind, keyof Omit<ConsentChoices, "necessary">> = {
  tagManager: "statistics",
  abTesting: "statistics",
  recommendations: "marketing",
};

const scriptUrl = (template: string, id: string) => template.replace("{id}", encodeURIComponent(id));

/** The configured hooks' script addresses (none when nothing is configured). */
export function thirdPartyScripts(config: HookSettings): ThirdPartyScript[] {
  const scripts: ThirdPartyScript[] = [];
  if (config.TAG_MANAGER_ID) {
    scripts.push({ kind: "tagManager", src: scriptUrl(config.TAG_MANAGER_URL, config.TAG_MANAGER_ID) });
  }
  if (config.AB_TEST_SCRIPT_ID && config.AB_TEST_SCRIPT_URL) {
    scripts.push({ kind: "abTesting", src: scriptUrl(config.AB_TEST_SCRIPT_URL, config.AB_TEST_SCRIPT_ID) });
  }
  if (config.RECOMMENDATION_SCRIPT_ID && config.RECOMMENDATION_SCRIPT_URL) {
    scripts.push({
      kind: "recommendations",
      src: scriptUrl(config.RECOMMENDATION_SCRIPT_URL, config.RECOMMENDATION_SCRIPT_ID),
    });
  }
  return scripts;
}

/**
 * Whether a hook may run: its consent category, and for the A/B tool also its legal consent in the consent store
 * (`ucData`, specification section 6), which the banner writes with the choices.
 */
export function hookAllowed(kind: ThirdPartyKind, choices: ConsentChoices, abLegalConsent: boolean): boolean {
  if (!choices[HOOK_CONSENT[kind]]) return false;
  return kind !== "abTesting" || abLegalConsent;
}
