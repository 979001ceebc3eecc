/**
 * The shopper's consent (first-party): necessary (always), statistics and marketing. Kept in a cookie so the
 * choice holds across stores and visits, mirrored into the consent store `ucData` in local storage, which the
 * A/B-testing tool reads for its legal consent (specification section 6). Changing it dispatches
 * `CONSENT_EVENT` on `window`, so the tracking queue and the third-party hooks follow at once.
 */

export interface ConsentChoices {
  necessary: true;
  statistics: boolean;
  marketing: boolean;
}

export const CONSENT_COOKIE = "vitrine_consent";
/** Asked again after a year (the locale cookie's lifetime, section 9). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The consent store the A/B tool reads (section 6). */
export const CONSENT_STORE_KEY = "ucData";
export const CONSENT_EVENT = "vitrine:consent";
/** Opens the banner again (the footer's "cookie settings"). */
export const CONSENT_OPEN_EVENT = "vitrine:consent-open";
const VERSION = "1";

export function serializeConsent(choices: ConsentChoices): string {
  return `${VERSION}.s${choices.statistics ? 1 : 0}.m${choices.marketing ? 1 : 0}`;
}

/** The choices in a cookie value; undefined when there is none (or an old or broken one: ask again). */
export function parseConsent(value: string | undefined): ConsentChoices | undefined {
  const match = value ? /^1\.s([01])\.m([01])$/.exec(value) : null;
  if (!match) return undefined;
  return { necessary: true, statistics: match[1] === "1", marketing: match[2] === "1" };
}

export function consentFromCookies(cookieHeader: string): ConsentChoices | undefined {
  const cookie = cookieHeader
    .split(/;\s*/)
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  return parseConsent(cookie);
}

/** The stored choices, undefined before the shopper chose (browser only). */
export function storedConsent(): ConsentChoices | undefined {
  return typeof document === "undefined" ? undefined : consentFromCookies(document.cookie);
}

/** The consent store's record: Google consent mode's two signals and the A/B tool's legal consent. */
export function consentStoreRecord(choices: ConsentChoices) {
  return {
    gcm: {
      analyticsStorage: choices.statistics ? "granted" : "denied",
      adStorage: choices.marketing ? "granted" : "denied",
    },
    consent: { services: { abTesting: { name: "A/B testing", consent: choices.statistics } } },
  };
}

/** The A/B tool's legal consent as the consent store holds it. */
export function abTestingLegalConsent(storage: Pick<Storage, "getItem"> | undefined): boolean {
  try {
    const record = JSON.parse(storage?.getItem(CONSENT_STORE_KEY) ?? "null");
    return record?.consent?.services?.abTesting?.consent === true;
  } catch {
    return false;
  }
}

export function saveConsent(choices: ConsentChoices, secure = location.protocol === "https:"): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves.
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choices)}; max-age=${CONSENT_MAX_AGE_SECONDS}; path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  try {
    localStorage.setItem(CONSENT_STORE_KEY, JSON.stringify(consentStoreRecord(choices)));
  } catch {
    // Storage blocked: the cookie still holds the choice; the A/B tool then has no legal consent.
  }
  window.dispatchEvent(new CustomEvent<ConsentChoices>(CONSENT_EVENT, { detail: choices }));
}

/** Do-Not-Track or Global Privacy Control: analytics and the consent-bound scripts stay off (section 6). */
export function privacySignal(
  nav: Partial<Pick<Navigator, "doNotTrack">> & { globalPrivacyControl?: boolean } = navigator,
): boolean {
  const dnt = nav.doNotTrack ?? (globalThis as { doNotTrack?: string }).doNotTrack;
  return dnt === "1" || dnt === "yes" || nav.globalPrivacyControl === true;
}

/** Statistics may be measured: the shopper allowed them and sends neither Do-Not-Track nor GPC. */
export function statisticsAllowed(): boolean {
  return storedConsent()?.statistics === true && !privacySignal();
}
