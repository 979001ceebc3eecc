import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/i18n.tsx";
import { CONSENT_OPEN_EVENT, type ConsentChoices, saveConsent, storedConsent } from "../lib/consent.ts";
import { CONSENTED_CLASS } from "../lib/consent-boot.ts";
import "../styles/consent.css";

const NECESSARY_ONLY: ConsentChoices = { necessary: true, statistics: false, marketing: false };
const EVERYTHING: ConsentChoices = { necessary: true, statistics: true, marketing: true };

/**
 * The consent banner: in the server's HTML for everyone, so a first visitor sees it with the first paint; a
 * shopper who already chose never sees it (the boot script in the head hides it before paint, consent-boot.ts,
 * and hydration removes it). Shown again from the footer's "cookie settings". It is fixed to the bottom of the
 * viewport, so it shifts nothing on the page, and it sits first in the tab order after the skip link. Its buttons
 * say they are not ready (`aria-disabled`) until hydration, when they start to work. Without JavaScript it never
 * shows (a `noscript` style in the head): nothing that needs consent runs then either.
 */
export function ConsentBanner() {
  const t = useT();
  // Open in the server's HTML and at hydration (both must match); closed at once when a choice is stored.
  const [open, setOpen] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  const [details, setDetails] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(NECESSARY_ONLY);
  const heading = useRef<HTMLHeadingElement>(null);
  const reopened = useRef(false);

  useEffect(() => {
    setHydrated(true);
    if (storedConsent()) setOpen(false);
    const reopen = () => {
      document.documentElement.classList.remove(CONSENTED_CLASS);
      setChoices(storedConsent() ?? NECESSARY_ONLY);
      setDetails(true);
      reopened.current = true;
      setOpen(true);
    };
    addEventListener(CONSENT_OPEN_EVENT, reopen);
    return () => removeEventListener(CONSENT_OPEN_EVENT, reopen);
  }, []);

  useEffect(() => {
    // Opened from the footer: the shopper's focus moves into the banner (not on its own first showing).
    if (open && reopened.current) heading.current?.focus();
  }, [open]);

  if (!open) return null;
  const notReady = hydrated ? undefined : true;

  const choose = (chosen: ConsentChoices) => {
    saveConsent(chosen);
    setOpen(false);
    reopened.current = false;
  };

  return (
    <div
      className="consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      onKeyDown={(event) => {
        if (event.key === "Escape" && storedConsent()) setOpen(false);
      }}
    >
      <h2 id="consent-title" className="consent__title" tabIndex={-1} ref={heading}>
        {t("shell.consent.title")}
      </h2>
      <p id="consent-text" className="consent__text">
        {t("shell.consent.text")}
      </p>
      {details ? (
        <form
          className="consent__form"
          onSubmit={(event) => {
            event.preventDefault();
            choose(choices);
          }}
        >
          <fieldset className="consent__choices">
            <legend className="visually-hidden">{t("shell.consent.categories")}</legend>
            <label className="consent__choice">
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t("shell.consent.necessary")}</strong> {t("shell.consent.necessary_text")}
              </span>
            </label>
            {(["statistics", "marketing"] as const).map((category) => (
              <label className="consent__choice" key={category}>
                <input
                  type="checkbox"
                  name={category}
                  checked={choices[category]}
                  onChange={(event) => setChoices({ ...choices, [category]: event.currentTarget.checked })}
                />
                <span>
                  <strong>{t(`shell.consent.${category}`)}</strong> {t(`shell.consent.${category}_text`)}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="consent__actions">
            <button type="submit" className="button button--secondary">
              {t("shell.consent.save")}
            </button>
            <button type="button" className="button button--primary" onClick={() => choose(EVERYTHING)}>
              {t("shell.consent.accept_all")}
            </button>
          </div>
        </form>
      ) : (
        <div className="consent__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={notReady}
            onClick={() => setDetails(true)}
          >
            {t("shell.consent.customise")}
          </button>
          {/* Refusing is as easy and as prominent as accepting. */}
          <button
            type="button"
            className="button button--primary"
            aria-disabled={notReady}
            onClick={() => choose(NECESSARY_ONLY)}
          >
            {t("shell.consent.reject")}
          </button>
          <button
            type="button"
            className="button button--primary"
            aria-disabled={notReady}
            onClick={() => choose(EVERYTHING)}
          >
            {t("shell.consent.accept_all")}
          </button>
        </div>
      )}
    </div>
  );
}

/** The footer's "cookie settings": opens the banner again with the current choices. */
export function ConsentSettingsButton() {
  const t = useT();
  return (
    <button type="button" className="consent-settings" onClick={() => dispatchEvent(new Event(CONSENT_OPEN_EVENT))}>
      {t("shell.consent.settings_link")}
    </button>
  );
}
