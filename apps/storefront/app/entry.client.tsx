import { hydrate, options } from "preact";
import { Suspense } from "react";
import { isRouteErrorResponse } from "react-router";
import { HydratedRouter } from "react-router/dom";
import { sliceHydration } from "./components/hydrate-later.tsx";
import type { Messages } from "./i18n/i18n.tsx";
import { setMessageSource } from "./i18n/registry.ts";
import { reportBrowserError } from "./lib/error-reporting.ts";

/**
 * The browser runs the pages with Preact (vite.config.ts gives it for `react` and `react-dom`); the server renders
 * them with React.
 *
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

/**
 * The document as the parent of `<html>`: the shop's root renders the whole document, and Preact renders into an
 * element's children (given the document it takes `<html>` itself as the parent).
 */
function documentRoot(): Element {
  const html = document.documentElement;
  const root = {
    nodeType: 1,
    namespaceURI: html.namespaceURI,
    get firstChild() {
      return document.documentElement;
    },
    get childNodes() {
      return [document.documentElement];
    },
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
    contains: (node: Node | null) => document.contains(node),
  };
  return root as unknown as Element;
}

/**
 * Preact hydrates the tree as written, taking for each element the next one of its tag and leaving its attributes
 * as they are, so the head must hold the tree's own links in the tree's order. React's server HTML adds two kinds:
 * the body's module preloads (React Router's `<Scripts>`), lifted into the head, go back before the router's
 * scripts where the tree has them; the image preloads React wrote for the first images (their fetches have
 * started) are taken out. Otherwise a stylesheet would take a preload's element and the page lose its styles.
 */
function matchServerHead(): void {
  const firstScript = document.body.querySelector(":scope > script");
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) {
    if (firstScript) document.body.insertBefore(link, firstScript);
  }
  for (const link of document.head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
}

/** Errors in loaders, actions and rendering go to error reporting (when configured); a 404 is none. */
function reportRouteError(error: unknown): void {
  if (isRouteErrorResponse(error)) return;
  console.error(error);
  reportBrowserError(error);
}

/**
 * Until the first hydration is done, a render that a change asks for (a state update, a suspended part that may
 * go on) runs in a task of its own, as React's scheduler runs it, instead of right after the code that asked for
 * it, in the same task (Preact's way). The router's start and the first render of the page then take two tasks:
 * the start decodes the page's data and suspends, and the render goes on in the next task. Afterwards Preact
 * renders as it does.
 */
function renderInTasks(): void {
  const own = options.debounceRendering;
  const channel = new MessageChannel();
  const queued: (() => void)[] = [];
  channel.port1.onmessage = () => queued.shift()?.();
  options.debounceRendering = (render) => {
    queued.push(render);
    channel.port2.postMessage(null);
  };
  // A render already queued keeps its task (its message is on its way).
  sliceHydration(() => {
    options.debounceRendering = own;
  });
}

loadMessages()
  .then((messages) => {
    matchServerHead();
    setMessageSource(() => messages);
    // The router decodes the page's data before its first render and suspends until then; the boundary keeps the
    // server's HTML meanwhile.
    renderInTasks();
    hydrate(
      <Suspense>
        <HydratedRouter onError={reportRouteError} />
      </Suspense>,
      documentRoot(),
    );
  })
  .catch((error: unknown) => console.error("vitrine: the page stays without JavaScript:", error));
