import {
  clientAddress,
  createLogger,
  jsonTextTooDeep,
  type Logger,
  MAX_JSON_DEPTH,
  shopForContext,
} from "@vitrine/commerce";
import {
  isUsageEventType,
  newVisitorId,
  parseBeaconForm,
  USAGE_ANALYTICS_VERSION,
  visitorIdOf,
} from "../events/usage-analytics.ts";
import type { SearchService } from "../service.ts";
import { type CredentialCheck, verifySearchCredential } from "./auth.ts";
import { isSearchApiError, SearchApiError } from "./errors.ts";
import {
  DEFAULT_EVENT_RATE_LIMIT,
  DEFAULT_RATE_LIMIT,
  localLimiter,
  RateLimiter,
  type RateLimitOptions,
  type RequestLimiter,
} from "./rate-limit.ts";
import type { ErrorBody } from "./types.ts";

export const SEARCH_API_BASE_PATH = "/api/search/commerce/v2";
export const SEARCH_EVENTS_PATH = "/api/search/events/v1";
/**
 * Usage analytics v15: a client's custom endpoint `{shop}/api/search/rest/ua` gives this base (the client appends
 * `/v15` and then `/analytics/{type}`).
 */
export const USAGE_ANALYTICS_PATH = `/api/search/rest/ua/${USAGE_ANALYTICS_VERSION}`;
/** The visitor cookie of the analytics protocol (section 9: prefix coveo_, SameSite=Lax, path /, one year). */
export const VISITOR_COOKIE = "coveo_visitorId";
const VISITOR_COOKIE_SECONDS = 31_556_952;
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

export interface SearchHttpOptions {
  /** Where the protocol's endpoints live (default `/api/search/commerce/v2`). */
  basePath?: string;
  /** Where events are posted (default `/api/search/events/v1`). */
  eventsPath?: string;
  /** Where usage analytics v15 lives (default `/api/search/rest/ua/v15`). */
  usageAnalyticsPath?: string;
  /**
   * Requests per client: an in-process token bucket, or a limiter shared by the shop's processes
   * (`SharedRateLimiter`, so the limit holds behind a load balancer); `false` turns limiting off.
   */
  rateLimit?: RateLimitOptions | RequestLimiter | false;
  /** Events per client and store (each event of a batch counts); `false` turns limiting off. */
  eventRateLimit?: RateLimitOptions | false;
  /** Origins allowed to call from a browser on another origin (a standalone search process); `*` for any. */
  allowedOrigins?: readonly string[] | "*";
  maxBodyBytes?: number;
  /** Reverse proxies in front that may be trusted for `X-Forwarded-For` (`TRUST_PROXY`, see `clientAddress`). */
  trustProxy?: number;
  /** The process's logger (JSON lines); by default one on standard output. */
  logger?: Pick<Logger, "error">;
}

export interface RequestInfo {
  /** The client's address, for rate limiting (the node server passes the socket address). */
  clientAddress?: string;
}

export type SearchHttpHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

type Endpoint = "listing" | "search" | "productSuggest" | "querySuggest" | "facet" | "recommendations";

const ENDPOINTS: Record<string, Endpoint> = {
  "/listing": "listing",
  "/search": "search",
  "/search/productSuggest": "productSuggest",
  "/search/querySuggest": "querySuggest",
  "/facet": "facet",
  "/recommendations": "recommendations",
};

function error(statusCode: number, type: string, message: string): SearchApiError {
  return new SearchApiError(statusCode, type, message);
}

/**
 * The search API over HTTP (Fetch API `Request` → `Response`): the Coveo Commerce API v2 routes under the base
 * path and the event endpoint, with bearer authorization (public API key or signed search token), a rate limit
 * per client, and errors as `{statusCode, message, type}`. Mounted in the storefront as a resource route and
 * served by `vitrine search serve`.
 */
/** The handlers' request limiter from their option: a bucket in this process by default. */
export function requestLimiter(
  option: RateLimitOptions | RequestLimiter | false | undefined,
): RequestLimiter | undefined {
  if (option === false) return undefined;
  if (option && "take" in option) return option;
  return localLimiter(option ?? DEFAULT_RATE_LIMIT);
}

export function createSearchHttpHandler(service: SearchService, options: SearchHttpOptions = {}): SearchHttpHandler {
  const basePath = (options.basePath ?? SEARCH_API_BASE_PATH).replace(/\/$/, "");
  const eventsPath = (options.eventsPath ?? SEARCH_EVENTS_PATH).replace(/\/$/, "");
  const usagePath = `${(options.usageAnalyticsPath ?? USAGE_ANALYTICS_PATH).replace(/\/$/, "")}/analytics`;
  const limiter = requestLimiter(options.rateLimit);
  const eventLimiter =
    options.eventRateLimit === false ? undefined : new RateLimiter(options.eventRateLimit ?? DEFAULT_EVENT_RATE_LIMIT);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const logger = options.logger ?? createLogger();

  function corsHeaders(request: Request): Record<string, string> {
    const origin = request.headers.get("origin");
    const allowed = options.allowedOrigins;
    if (!origin || !allowed) return {};
    if (allowed !== "*" && !allowed.includes(origin)) return {};
    return {
      "access-control-allow-origin": allowed === "*" ? "*" : origin,
      "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
      "access-control-allow-headers": "authorization, content-type",
      "access-control-max-age": "600",
      vary: "origin",
    };
  }

  function json(request: Request, status: number, body: unknown, extra: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        ...corsHeaders(request),
        ...extra,
      },
    });
  }

  async function readJson(request: Request): Promise<unknown> {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > maxBody) throw error(413, "PayloadTooLarge", `The request body exceeds ${maxBody} bytes.`);
    const text = await request.text();
    if (Buffer.byteLength(text) > maxBody)
      throw error(413, "PayloadTooLarge", `The request body exceeds ${maxBody} bytes.`);
    if (text.trim() === "") throw error(400, "InvalidRequest", "The request body is empty.");
    // Parsing and validating walk the document recursively: a deeply nested one is refused before either.
    if (jsonTextTooDeep(text)) {
      throw error(400, "InvalidRequest", `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw error(400, "InvalidRequest", "The request body is not valid JSON.");
    }
  }

  function authorize(credential: string | undefined): Extract<CredentialCheck, { ok: true }> {
    const check = verifySearchCredential(service.secret, credential, service.clock.now());
    if (!check.ok) throw error(check.statusCode, check.type, check.message);
    return check;
  }

  function clientOf(request: Request, info: RequestInfo | undefined): string {
    return clientAddress(request, { TRUST_PROXY: options.trustProxy ?? 0 }, info?.clientAddress ?? "local");
  }

  /** A token of one store may only query that store. */
  function checkStore(body: unknown, storeCode: string): void {
    if (body === null || typeof body !== "object") return;
    const { language, country, currency } = body as Record<string, unknown>;
    if (typeof language !== "string" || typeof country !== "string" || typeof currency !== "string") return;
    const shop = shopForContext(language, country, currency);
    if (shop && shop.code !== storeCode) {
      throw error(403, "Forbidden", `The access token is for the store "${storeCode}", not "${shop.code}".`);
    }
  }

  function takeEvent(request: Request, info: RequestInfo | undefined, storeCode: string): Response | undefined {
    if (!eventLimiter) return undefined;
    const key = `${clientOf(request, info)} ${storeCode}`;
    if (eventLimiter.take(key, Date.now(), 1)) return undefined;
    return json(
      request,
      429,
      { statusCode: 429, message: "Too many events; retry later.", type: "TooManyRequests" } satisfies ErrorBody,
      { "retry-after": String(eventLimiter.retryAfter(key, 1)) },
    );
  }

  function visitorCookie(visitorId: string, maxAge = VISITOR_COOKIE_SECONDS): Record<string, string> {
    return { "set-cookie": `${VISITOR_COOKIE}=${visitorId}; Max-Age=${maxAge}; Path=/; SameSite=Lax` };
  }

  function cookieVisitor(request: Request): string | undefined {
    const cookie = request.headers
      .get("cookie")
      ?.split(/;\s*/)
      .find((c) => c.startsWith(`${VISITOR_COOKIE}=`));
    return visitorIdOf(cookie?.slice(VISITOR_COOKIE.length + 1));
  }

  /**
   * Usage analytics v15: events as JSON (bearer token, `?visitor=`) or as a beacon's form body (`access_token` and
   * `visitorId` in the query or the form), the visit (GET answers it, DELETE forgets the visitor cookie) and the
   * health check. Answers `{visitId, visitorId}` for events, which the client keeps as its visitor id.
   */
  async function usageAnalytics(
    request: Request,
    url: URL,
    info: RequestInfo | undefined,
    action: string,
  ): Promise<Response> {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders(request) });
    if (action === "monitoring/health") {
      if (request.method !== "GET") throw error(405, "MethodNotAllowed", `Use GET for ${url.pathname}.`);
      return json(request, 200, { status: "UP" });
    }
    if (action === "visit") {
      if (request.method === "DELETE") return json(request, 200, {}, visitorCookie("", 0));
      if (request.method !== "GET") throw error(405, "MethodNotAllowed", `Use GET or DELETE for ${url.pathname}.`);
      const visitorId = cookieVisitor(request) ?? visitorIdOf(url.searchParams.get("visitor")) ?? newVisitorId();
      return json(request, 200, { id: visitorId, visitorId }, visitorCookie(visitorId));
    }
    if (!isUsageEventType(action)) throw error(404, "NotFound", `No usage analytics endpoint at ${url.pathname}.`);
    if (request.method !== "POST") throw error(405, "MethodNotAllowed", `Use POST for ${url.pathname}.`);
    const contentType = request.headers.get("content-type") ?? "";
    let event: unknown;
    let credential = bearer(request) ?? url.searchParams.get("access_token") ?? undefined;
    if (/^application\/json/i.test(contentType)) {
      event = await readJson(request);
    } else {
      // A beacon (application/x-www-form-urlencoded, or text/plain from an older client).
      const declared = Number(request.headers.get("content-length") ?? "0");
      if (declared > maxBody) throw error(413, "PayloadTooLarge", `The request body exceeds ${maxBody} bytes.`);
      const form = parseBeaconForm(action, await request.text());
      event = form.event;
      credential = credential ?? form.accessToken;
    }
    const check = authorize(credential);
    const limited = takeEvent(request, info, check.storeCode);
    if (limited) return limited;
    const visitorId =
      visitorIdOf(url.searchParams.get("visitor")) ??
      visitorIdOf(url.searchParams.get("visitorId")) ??
      cookieVisitor(request);
    await service.recordUsageEvent(action, event, {
      storeCode: check.storeCode,
      visitorId,
      anonymous: check.kind === "apiKey",
    });
    // discardVisitInfo: the beacon's answer is never read.
    if (url.searchParams.get("discardVisitInfo") === "true") return json(request, 200, {});
    const visitor = visitorId ?? newVisitorId();
    return json(request, 200, { visitId: visitor, visitorId: visitor }, visitorCookie(visitor));
  }

  async function route(request: Request, url: URL, info: RequestInfo | undefined): Promise<Response> {
    const path = url.pathname.replace(/\/+$/, "");
    if (path.startsWith(`${usagePath}/`)) {
      return usageAnalytics(request, url, info, path.slice(usagePath.length + 1));
    }
    const isEvents = path === eventsPath;
    const endpoint = path.startsWith(`${basePath}/`) ? ENDPOINTS[path.slice(basePath.length)] : undefined;
    if (!isEvents && !endpoint) throw error(404, "NotFound", `No search endpoint at ${url.pathname}.`);
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders(request) });
    if (request.method !== "POST") {
      throw error(405, "MethodNotAllowed", `Use POST for ${url.pathname}.`);
    }
    if (limiter) {
      const verdict = await limiter.take(clientOf(request, info));
      if (!verdict.allowed) {
        return json(
          request,
          429,
          { statusCode: 429, message: "Too many requests; retry later.", type: "TooManyRequests" } satisfies ErrorBody,
          { "retry-after": String(verdict.retryAfterSeconds) },
        );
      }
    }
    if (isEvents) {
      const credential = url.searchParams.get("access_token") ?? bearer(request);
      const check = authorize(credential);
      const body = await readJson(request);
      if (eventLimiter) {
        // Each event of a batch counts: a few posts of many events are as many as many posts of one.
        const key = `${clientOf(request, info)} ${check.storeCode}`;
        const events = Array.isArray(body) ? Math.max(1, body.length) : 1;
        if (!eventLimiter.take(key, Date.now(), events)) {
          return json(
            request,
            429,
            { statusCode: 429, message: "Too many events; retry later.", type: "TooManyRequests" } satisfies ErrorBody,
            { "retry-after": String(eventLimiter.retryAfter(key, events)) },
          );
        }
      }
      const result = await service.recordEvents(body, {
        storeCode: check.storeCode,
        anonymous: check.kind === "apiKey",
      });
      return json(request, 202, result);
    }
    const check = authorize(bearer(request));
    const body = await readJson(request);
    checkStore(body, check.storeCode);
    switch (endpoint) {
      case "listing":
        return json(request, 200, await service.listing(body as never));
      case "search":
        return json(request, 200, await service.search(body as never));
      case "productSuggest":
        return json(request, 200, await service.productSuggest(body as never));
      case "querySuggest":
        return json(request, 200, await service.querySuggest(body as never));
      case "facet": {
        const type = url.searchParams.get("type") ?? "SEARCH";
        if (type !== "LISTING" && type !== "SEARCH") {
          throw error(400, "InvalidRequest", "The following properties are invalid:\n\n\ttype: value is not in enum.");
        }
        return json(request, 200, await service.facetSearch(body as never, type));
      }
      default:
        return json(request, 200, await service.recommendations(body as never));
    }
  }

  return async (request, info) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return json(request, 400, { statusCode: 400, message: "Invalid URL.", type: "InvalidRequest" });
    }
    try {
      return await route(request, url, info);
    } catch (caught) {
      if (isSearchApiError(caught)) return json(request, caught.statusCode, caught.toJSON());
      logger.error({ err: caught }, "search: request failed");
      return json(request, 500, {
        statusCode: 500,
        message: "The request could not be processed.",
        type: "InternalError",
      });
    }
  };
}

function bearer(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
