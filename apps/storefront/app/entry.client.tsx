import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { Messages } from "./i18n/i18n.tsx";
import { setMessageSource } from "./i18n/registry.ts";
import { reportBrowserError } from "./lib/error-reporting.ts";

/**
 * The page's messages come as a cacheable JSON file (preloaded by the document head) instead of inside every
 * page's data; hydration waits for them. Without them the server-rendered page keeps working as plain HTML.
 */
async function loadMessages(): Promise<Messages> {
  const link = document.querySelector<HTMLLinkElement>("link[data-messages]");
  if (!link) return {};
  const response = await fetch(link.href, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`messages: ${response.status}`);
  return (await response.json()) as Messages;
}

loadMessages()
  .then((messages) => {
    setMessageSource(() => messages);
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
        {
          // Errors React catches (error boundaries) or cannot handle go to error reporting too (when configured).
          onCaughtError(error) {
            console.error(error);
            reportBrowserError(error);
          },
          onUncaughtError(error) {
            console.error(error);
            reportBrowserError(error);
          },
        },
      );
    });
  })
  .catch((error: unknown) => console.error("vitrine: the page stays without JavaScript:", error));
