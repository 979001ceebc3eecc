import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { messagesForLocaleCode } from "./i18n/messages.server.ts";
import { setMessageSource } from "./i18n/registry.ts";
import { requestContext } from "./lib/context.ts";
import { noteFailure } from "./lib/middleware.server.ts";
import { getServices, stopServices } from "./lib/services.server.ts";

setMessageSource((locale) => messagesForLocaleCode(locale) ?? {});

export const streamTimeout = 5_000;

/** Called by the server before it listens: migrations, demo catalogue, indexes are ready before traffic. */
export async function initServices(): Promise<void> {
  await getServices();
}

export { stopServices };

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The root middleware made the nonce and sets the Content-Security-Policy (and the other security headers) that
  // names it; an error page rendered without the middleware has neither.
  const nonce = requestNonce(loadContext);
  // Pages show the shopper's basket and account: shared caches must not keep them.
  if (!responseHeaders.has("cache-control")) responseHeaders.set("cache-control", "private, no-cache");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

function requestNonce(loadContext: RouterContextProvider): string | undefined {
  try {
    return loadContext.get(requestContext).nonce;
  } catch {
    return undefined;
  }
}

/** Server-side errors are logged with their stack; the shopper only ever sees the error screen. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  noteFailure(request, error);
  console.error(`vitrine: error handling ${request.method} ${new URL(request.url).pathname}:`, error);
};

/** Anonymous page views answered from the page cache before React Router runs (server.ts). */
export { answerFromPageCache } from "./lib/page-cache.server.ts";
