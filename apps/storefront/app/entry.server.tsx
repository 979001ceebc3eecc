import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createLogger, isMaintenanceMode, type Logger } from "@vitrine/commerce";
import { errorReporter } from "@vitrine/commerce/error-reporting";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import type { ShellMarkup } from "./components/shell-markup.tsx";
import { ShellMarkupContext } from "./components/static-part.tsx";
import { messagesForLocaleCode } from "./i18n/messages.server.ts";
import { setMessageSource } from "./i18n/registry.ts";
import { type RequestState, requestContext, shopContext } from "./lib/context.ts";
import { decodeCacheNote, type PageCaching, setSharedCacheHeaders, viewCapture } from "./lib/http-cache.ts";
import { noteFailure } from "./lib/middleware.server.ts";
import { visitorClientId } from "./lib/search.server.ts";
import { getServices, type ServiceOptions, stopServices } from "./lib/services.server.ts";
import { markCurrentCategory, shellMarkup } from "./lib/shell-markup.server.ts";

setMessageSource((locale) => messagesForLocaleCode(locale) ?? {});

export const streamTimeout = 5_000;

/**
 * Called by the server at start, with its logger: migrations, demo catalogue, indexes are ready before requests
 * are answered.
 */
export async function initServices(options: ServiceOptions = {}): Promise<void> {
  await getServices(options);
}

/** The services, for the server and for tests that add to them (a readiness check). */
export { getServices, stopServices };

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
  // A page every shopper of the store shares (its loader said so, lib/http-cache.ts) may be kept by shared caches;
  // the others (basket, checkout, account, orders) are personal.
  const shared = sharedCaching(loadContext);
  if (shared && responseStatusCode === 200 && !responseHeaders.has("cache-control")) {
    setSharedCacheHeaders(responseHeaders, shared.store, shared.caching);
  }
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
      <ShellMarkupContext.Provider value={shellMarkupOf(loadContext, request)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ShellMarkupContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new CoalescedChunks(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
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
          if (shellRendered) requestLog(loadContext).then((log) => log.error({ err: error }, "rendering failed"));
        },
      },
    );
  });
}

/**
 * React writes a page in 4 KB pieces and says when a batch is complete (`flush`): each batch goes on as one chunk,
 * since every chunk costs a round through the streams, the HTTP cache's copy and the compression after it (a
 * listing was some 60 chunks). `onEnd` runs when React has written everything.
 */
class CoalescedChunks extends Transform {
  #parts: Buffer[] = [];
  readonly #onEnd: () => void;
  constructor(onEnd: () => void) {
    super();
    this.#onEnd = onEnd;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#parts.push(chunk);
    callback();
  }
  /** Called by React after each batch of writes. */
  flush(): void {
    if (this.#parts.length === 0) return;
    this.push(this.#parts.length === 1 ? this.#parts[0] : Buffer.concat(this.#parts));
    this.#parts = [];
  }
  override _flush(callback: TransformCallback): void {
    this.flush();
    this.#onEnd();
    callback();
  }
}

function sharedCaching(loadContext: RouterContextProvider): { store: string; caching: PageCaching } | undefined {
  try {
    const { caching, editorMode, personal } = loadContext.get(requestContext);
    return caching && !editorMode && !personal ? { store: loadContext.get(shopContext).code, caching } : undefined;
  } catch {
    return undefined;
  }
}

/** The store's static shell for this page, with the page's own top category marked. */
function shellMarkupOf(loadContext: RouterContextProvider, request: Request): ShellMarkup | null {
  let shell: RequestState["shell"];
  try {
    shell = loadContext.get(requestContext).shell;
  } catch {
    return null;
  }
  if (!shell) return null;
  return markCurrentCategory(shellMarkup(shell.input, shell.locale, shell.shopName), new URL(request.url).pathname);
}

function requestNonce(loadContext: RouterContextProvider): string | undefined {
  try {
    return loadContext.get(requestContext).nonce;
  } catch {
    return undefined;
  }
}

/** Server-side errors are logged with their stack; the shopper only ever sees the error screen. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  noteFailure(request, error);
  errorReporter().capture(error, { method: request.method, path: new URL(request.url).pathname });
  void requestLog(context).then((log) =>
    log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed"),
  );
};

/** The request's logger (with its id) when the root middleware ran, else the process's. */
async function requestLog(context: Readonly<RouterContextProvider>): Promise<Logger> {
  try {
    return context.get(requestContext).ctx.log;
  } catch {
    return (await getServices().catch(() => undefined))?.log ?? createLogger();
  }
}

/**
 * A form the shop's own client posted (a `.data` request) and the action refused (field errors, a wrong
 * password, out of stock: 4xx) is an answer to show, not a failed load: Chromium logs every 4xx fetch as
 * "Failed to load resource", which reads as a broken page in the console. Those answers go out as 200; the
 * action's data (with its errors) is unchanged. Without JavaScript the document keeps the action's 4xx status.
 * Unknown routes (404) and missing actions (405) stay failures.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  const refused = response.status >= 400 && response.status < 500 && response.status !== 404 && response.status !== 405;
  if (request.method === "GET" || !refused) return response;
  return new Response(response.body, { status: 200, headers: response.headers });
}

/** Whether the shop is in maintenance mode: the server's HTTP cache answers nothing then (every page redirects). */
export async function maintenanceMode(): Promise<boolean> {
  return isMaintenanceMode(await getServices()).catch(() => false);
}

/** Purges by tag following the event feed, for the server's in-process HTTP cache (server.ts). */
export async function onCachePurge(listener: (tags: readonly string[]) => void): Promise<() => void> {
  return (await getServices()).cachePurger.onPurge(listener);
}
/**
 * The server's HTTP cache answered a view of a page that logged a search or listing when it rendered (its cache
 * note, lib/http-cache.ts): logged for this view too, so the search log and learned queries count every visit.
 */
export async function onCachedView(note: string, headers: { get(name: string): string | null }): Promise<void> {
  const capture = decodeCacheNote(note);
  if (!capture) return;
  const { kind, input, answered } = viewCapture(
    capture,
    visitorClientId({ headers }),
    headers.get("user-agent") ?? undefined,
  );
  (await getServices()).search.recordCapture(kind, input, answered);
}
export { CACHE_NOTE_HEADER } from "./lib/http-cache.ts";
export { SHOP_MODULES } from "./lib/services.server.ts";
