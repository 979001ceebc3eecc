import { useEffect } from "react";
import { useLocation } from "react-router";
import {
  abTestingLegalConsent,
  CONSENT_EVENT,
  type ConsentChoices,
  privacySignal,
  storedConsent,
} from "../lib/consent.ts";
import { hookAllowed, type ThirdPartyScript } from "../lib/third-party.ts";
import { useStoreData } from "../lib/use-store.ts";

const loaded = new Set<string>();

function localStore(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** Adds each configured script the choices allow, once per page life. */
function loadAllowedScripts(scripts: readonly ThirdPartyScript[], choices: ConsentChoices | undefined): void {
  if (!choices || privacySignal()) return;
  const abLegalConsent = abTestingLegalConsent(localStore());
  for (const script of scripts) {
    if (loaded.has(script.src) || !hookAllowed(script.kind, choices, abLegalConsent)) continue;
    loaded.add(script.src);
    const element = document.createElement("script");
    element.src = script.src;
    element.async = true;
    element.dataset.hook = script.kind;
    document.head.append(element);
  }
}

/**
 * What runs only with consent: the page views of the tracking queue (the tracking code is fetched only once
 * statistics are allowed) and the operator's third-party scripts. A withdrawn consent cannot unload a script that
 * already ran, so the page reloads without it.
 */
export function ConsentedScripts({ pageType }: { pageType: string | undefined }) {
  const { tracking, thirdParty } = useStoreData();
  const { pathname, search } = useLocation();

  useEffect(() => {
    loadAllowedScripts(thirdParty, storedConsent());
    const changed = (event: Event) => {
      const choices = (event as CustomEvent<ConsentChoices>).detail;
      const abLegalConsent = abTestingLegalConsent(localStore());
      const withdrawn = thirdParty.some(
        (script) => loaded.has(script.src) && !hookAllowed(script.kind, choices, abLegalConsent),
      );
      if (withdrawn) location.reload();
      else loadAllowedScripts(thirdParty, choices);
    };
    addEventListener(CONSENT_EVENT, changed);
    return () => removeEventListener(CONSENT_EVENT, changed);
  }, [thirdParty]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path or query is a new page view.
  useEffect(() => {
    let cancel: (() => void) | undefined;
    let gone = false;
    let counted = false;
    const view = () => {
      if (counted || storedConsent()?.statistics !== true || privacySignal()) return;
      counted = true;
      void import("../lib/tracking.ts").then(({ trackPageView }) => {
        if (!gone) cancel = trackPageView(tracking, pageType ?? "page");
      });
    };
    view();
    // The page where statistics are allowed counts as viewed from then on.
    const changed = (event: Event) => {
      if ((event as CustomEvent<ConsentChoices>).detail.statistics) view();
    };
    addEventListener(CONSENT_EVENT, changed);
    return () => {
      gone = true;
      cancel?.();
      removeEventListener(CONSENT_EVENT, changed);
    };
  }, [tracking, pageType, pathname, search]);

  return null;
}
