import { CONSENT_COOKIE } from "./consent.ts";

/**
 * The consent banner is in the server's HTML, so a first visitor sees it with the page's first paint (it was the
 * largest element painted, after hydration, and so the page's LCP). A shopper who already chose must not see it
 * flash: this inline script, run in the head before anything paints, marks the document when the consent cookie
 * holds a choice (the same format `parseConsent` accepts), and the banner's stylesheet hides it then. It reads
 * only the cookie, so the page stays the same for every shopper. The Content-Security-Policy allows it by its
 * hash (security.server.ts), not by a nonce.
 */
export const CONSENTED_CLASS = "consented";

export const CONSENT_BOOT_SCRIPT = `/(?:^|;\\s*)${CONSENT_COOKIE}=1\\.s[01]\\.m[01](?:;|$)/.test(document.cookie)&&document.documentElement.classList.add("${CONSENTED_CLASS}")`;
