import {
  createLogger,
  type DatabaseTrouble,
  databaseTrouble,
  failureAnswer,
  isMaintenanceMode,
  type Logger,
  probeDatabase,
  REQUEST_ID_HEADER,
  requestIdFrom,
  type VitrineConfig,
} from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";
import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";
import { requestContext, servicesContext } from "./context.ts";
import { errorReportingOrigins } from "./error-reporting.ts";
import { CACHE_TAG_HEADER, isSharedCacheable, SURROGATE_KEY_HEADER } from "./http-cache.ts";
import { pageUrl } from "./page-url.ts";
import { previewAccess, previewTokenRefused, withoutPreviewToken } from "./preview.server.ts";
import {
  isHttps,
  isSameOriginRequest,
  newNonce,
  paymentOriginsFor,
  serializeCookie,
  servesHttps,
  setSecurityHeaders,
  signedRandom,
  thirdPartyScriptOrigins,
  verifySigned,
} from "./security.server.ts";
import { getServices, processCtx } from "./services.server.ts";
import { detectStore, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, parseStorePath, readCookie } from "./store.ts";

export const BROWSER_COOKIE = "vitrine_sid";
const YEAR = 365 * 24 * 60 * 60;

/** Paths that are files or APIs, not pages: no trailing-slash redirect, no maintenance redirect. */
function isResourcePath(pathname: string): boolean {
  return (
    pathname.startsWith("/api/") ||
    pathname.startsWith("/images/") ||
    pathname.startsWith("/assets/") ||
    pathname.startsWith("/builds/") ||
    pathname === "/healthz" ||
    pathname === "/readyz" ||
    /\.[a-z0-9]+$/i.test(pathname)
  );
}

function isMutation(method: string): boolean {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

type MiddlewareArgs = Parameters<MiddlewareFunction<Response>>;

/**
 * Runs for every request: services, trailing slash, browser id cookie, cross-site protection (Origin),
 * maintenance mode, and a 503 instead of a 500 while the database is away or refuses writes. Route middleware
 * (the store layout) runs inside it.
 */
export const rootMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const nonce = newNonce();
  // The production server has already put a valid id into the header (server.ts); in-process callers may not.
  const requestId = requestIdFrom(args.request.headers.get(REQUEST_ID_HEADER));
  // The services are missing only when the database was away at start.
  const services = await getServices().catch(() => undefined);
  const log = (services?.log ?? fallbackLog()).child({ requestId });
  const response = await answerOrUnavailable(args, next, { nonce, requestId, log });
  // Every answer of ours, pages, JSON and refusals alike.
  setSecurityHeaders(response.headers, {
    nonce,
    https: !!services && servesHttps(args.request, services.config),
    scriptOrigins: services ? thirdPartyScriptOrigins(services.config) : [],
    connectOrigins: services ? errorReportingOrigins(services.config) : [],
    payment: services ? paymentOriginsFor(new URL(args.request.url).pathname, services.config) : null,
  });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
};

let lastResortLog: Logger | undefined;
/** The services' logger is the process's; before they exist (the database away at start) one of our own. */
function fallbackLog(): Logger {
  lastResortLog ??= createLogger();
  return lastResortLog;
}

interface Trace {
  nonce: string;
  requestId: string;
  log: Logger;
}

async function answerOrUnavailable(args: MiddlewareArgs[0], next: MiddlewareArgs[1], trace: Trace) {
  let response: Response;
  try {
    response = await handleRequest(args, next, trace);
  } catch (error) {
    // A redirect thrown here or further down (trailing slash, maintenance) is an answer like any other: it gets
    // the security headers too.
    if (error instanceof Response) return error;
    const trouble = databaseTrouble(error);
    if (!trouble) throw error;
    return databaseUnavailable(args.request, trouble, trace.log);
  }
  // Loaders' and actions' errors arrive here as the error page: what caused it was noted (`noteFailure`), and a
  // probe tells whether the database takes writes (a failed write may have left no error to note).
  // /readyz answers 503 itself, naming the failing check.
  if (response.status >= 500 && new URL(args.request.url).pathname !== "/readyz") {
    const services = await getServices();
    const trouble =
      failures.get(args.request) ?? (await probeDatabase(services.db, services.clock.now()).catch(() => undefined));
    if (trouble) return databaseUnavailable(args.request, trouble, trace.log);
  }
  return response;
}

const failures = new WeakMap<Request, DatabaseTrouble>();

/** Remembers that a request failed because of the database (React Router's handleError, the RPC channel). */
export function noteFailure(request: Request, error: unknown): void {
  const trouble = databaseTrouble(error);
  if (trouble) failures.set(request, trouble);
}

async function handleRequest(
  { request, context }: MiddlewareArgs[0],
  next: MiddlewareArgs[1],
  { nonce, requestId }: Trace,
): Promise<Response> {
  const services = await getServices();
  context.set(servicesContext, services);
  const url = new URL(request.url);
  const { pathname } = url;

  // Every page path gets a trailing slash by a permanent redirect that keeps the query (specification section 2).
  if ((request.method === "GET" || request.method === "HEAD") && !pathname.endsWith("/") && !isResourcePath(pathname)) {
    throw redirect(`${pathname}/${url.search}`, 301);
  }

  const cookieHeader = request.headers.get("cookie");
  const { browserId, setCookies } = visitorCookies(services.secret, cookieHeader, isHttps(request, services.config));
  // Preview-editor mode needs the editor-mode parameter and the preview token (lib/preview.server.ts).
  const preview = await previewAccess(services, request, url);
  if (preview.retryAfterSeconds !== undefined) return previewTokenRefused(preview.retryAfterSeconds);
  if (preview.cookie) {
    setCookies.push(preview.cookie);
    if (request.method === "GET" && !isResourcePath(pathname)) return withoutPreviewToken(url, setCookies);
  }
  context.set(requestContext, {
    ctx: processCtx(services, requestId),
    browserId,
    nonce,
    setCookies,
    editorMode: preview.granted,
  });

  // Cross-site request forgery: a change is accepted only from the shop's own pages, as the browser vouches for
  // with Origin (or Sec-Fetch-Site), with every cookie SameSite=Lax (the OWASP cheat sheet's defence in depth; no
  // token in the page, so pages are the same for every shopper). The search APIs (products and help centre)
  // authenticate with bearer tokens and no cookies, so cross-site calls are their normal case; payment providers'
  // webhooks carry the provider's signature instead.
  if (
    isMutation(request.method) &&
    !pathname.startsWith("/api/search/") &&
    !pathname.startsWith("/api/help/") &&
    !pathname.startsWith("/api/payments/")
  ) {
    if (!isSameOriginRequest(request, services.config)) return csrfRefused(pathname);
    // The pages' actions read a form: a body that is none (another media type, broken multipart) is refused here
    // once, instead of failing in whichever action reads it.
    if (!pathname.startsWith("/api/") && !(await isReadableForm(request))) return unreadableForm();
  }

  if (pathname.startsWith("/api/rpc/") && (await isMaintenanceMode(services))) {
    return Response.json(
      { type: "about:blank", title: "Service Unavailable", status: 503, detail: "The shop is in maintenance mode." },
      { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "300" } },
    );
  }
  // A client-side navigation's data request stands for its page: it is redirected like the page.
  const page = pageUrl(url).pathname;
  // The back office stays open in maintenance mode: staff are the ones working on the shop then.
  const backOffice = page === "/admin/" || page.startsWith("/admin/");
  if (!isResourcePath(page) && !backOffice && (await isMaintenanceMode(services))) {
    const inStore = parseStorePath(page);
    const shop = inStore?.shop ?? detectStore(cookieHeader, request.headers.get("accept-language"));
    if (inStore?.path !== "/maintenance/") throw redirect(`/${shop.code}/maintenance/`, 302);
  }

  const response = await next();
  const state = context.get(requestContext);
  // Drafts are never kept by a cache.
  if (preview.granted) response.headers.set("cache-control", "no-store");
  if (isSharedCacheable(response)) {
    // A page every shopper shares carries no cookie (lib/http-cache.ts): the store cookie waits for the personal
    // data request, the browser id for the first change. A cookie a loader set on purpose makes the page personal.
    const own = state.setCookies.filter(
      (cookie) => !VISITOR_COOKIE_NAMES.some((name) => cookie.startsWith(`${name}=`)),
    );
    if (own.length === 0) return response;
    response.headers.set("cache-control", "private, no-cache");
    response.headers.delete(SURROGATE_KEY_HEADER);
    response.headers.delete(CACHE_TAG_HEADER);
  }
  for (const cookie of state.setCookies) response.headers.append("set-cookie", cookie);
  return response;
}

/** Cookies every visitor gets (browser id, store): left off a page that shared caches keep. */
const VISITOR_COOKIE_NAMES = [BROWSER_COOKIE, LOCALE_COOKIE];

/**
 * The browser id (HttpOnly, SameSite=Lax, keys a guest's basket and wishlist) from its signed cookie, or a new
 * one, with the Set-Cookie header when the browser does not have it yet.
 */
export function visitorCookies(
  secret: string,
  cookieHeader: string | null,
  secure: boolean,
): { browserId: string; setCookies: string[] } {
  const setCookies: string[] = [];
  let browserId = readCookie(cookieHeader, BROWSER_COOKIE);
  if (!browserId || !verifySigned(secret, "browser", browserId)) {
    browserId = signedRandom(secret, "browser");
    setCookies.push(serializeCookie(BROWSER_COOKIE, browserId, { maxAge: YEAR, secure }));
  }
  return { browserId, setCookies };
}

/** The Set-Cookie header that remembers the shopper's store, unless the request's cookie names it already. */
export function storeCookie(
  request: { url: string; headers: { get(name: string): string | null } },
  shop: Shop,
  config: VitrineConfig,
): string | undefined {
  if (readCookie(request.headers.get("cookie"), LOCALE_COOKIE) === shop.code) return undefined;
  return serializeCookie(LOCALE_COOKIE, shop.code, {
    maxAge: LOCALE_COOKIE_MAX_AGE,
    secure: isHttps(request, config),
    httpOnly: false,
  });
}

/** Whether a page action's body is a form the action can read (URL-encoded or multipart, well-formed). */
async function isReadableForm(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  try {
    await request.clone().formData();
    return true;
  } catch {
    return false;
  }
}

function unreadableForm(): Response {
  const { status, detail } = failureAnswer({
    ok: false,
    error: "InvalidInput",
    detail: "The form could not be read: send it as application/x-www-form-urlencoded or multipart/form-data.",
  });
  return new Response(detail, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

function csrfRefused(pathname: string): Response {
  const detail =
    "The request did not come from this shop's pages (cross-site request refused). Reload the page and try again.";
  if (pathname.startsWith("/api/")) {
    return Response.json(
      { type: "about:blank", title: "Forbidden", status: 403, detail },
      { status: 403, headers: { "content-type": "application/problem+json" } },
    );
  }
  return new Response(detail, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** The answer while the database cannot be reached or takes no writes (`databaseTrouble`); the cause is logged. */
export function databaseUnavailable(request: Request, trouble: DatabaseTrouble, log: Logger): Response {
  log.error(
    { database: trouble.kind, reason: trouble.reason, method: request.method, path: new URL(request.url).pathname },
    `database ${trouble.kind} (${trouble.reason}): answering 503`,
  );
  const { status, detail, retryAfterSeconds } = failureAnswer({
    ok: false,
    error: "DatabaseUnavailable",
    kind: trouble.kind,
  });
  const headers = { "retry-after": String(retryAfterSeconds), "cache-control": "no-store" };
  if (new URL(request.url).pathname.startsWith("/api/")) {
    return Response.json(
      { type: "about:blank", title: "Service Unavailable", status, detail },
      { status, headers: { ...headers, "content-type": "application/problem+json" } },
    );
  }
  return new Response(detail, { status, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
}
