import { setTimeout as sleep } from "node:timers/promises";
import {
  clientAddress,
  createLogger,
  jsonTextTooDeep,
  type Logger,
  MAX_JSON_DEPTH,
  type StoreCode,
} from "@vitrine/commerce";
import { verifySearchCredential } from "../api/auth.ts";
import { isSearchApiError, SearchApiError } from "../api/errors.ts";
import { requestLimiter } from "../api/http-handler.ts";
import type { RateLimitOptions, RequestLimiter } from "../api/rate-limit.ts";
import { answerMessages, type HelpService } from "./help-service.ts";

/**
 * The help centre's search over HTTP, wire-compatible with the classic Search API v2 as `@coveo/headless`'s
 * search engine speaks it with a self-hosted base URL (`search.proxyBaseUrl` = `{origin}/api/help/rest/search/v2`):
 * `POST …/rest/search/v2` (search), `…/querySuggest`, `…/facet`, `…/plan`, `GET …/fields`, and the answer
 * stream `POST …/rest/organizations/{org}/answer/v1/configs/{answerConfigurationId}/generate`
 * (`text/event-stream`, header `x-answer-id`). Bearer authorization as the commerce API (a store's public key or
 * a search token); errors as `{statusCode, message, type}`.
 */

export const HELP_API_BASE_PATH = "/api/help";
const MAX_BODY = 256 * 1024;

export interface HelpHttpOptions {
  basePath?: string;
  /** As the search API's: an in-process bucket, a limiter shared by the shop's processes, or `false`. */
  rateLimit?: RateLimitOptions | RequestLimiter | false;
  trustProxy?: number;
  /** Pause between the answer's streamed pieces (default 25 ms: the answer visibly streams in). */
  answerChunkDelayMs?: number;
  logger?: Pick<Logger, "error">;
  /** The clock tokens are checked against (default now). */
  now?: () => Date;
}

export type HelpHttpHandler = (request: Request, info?: { clientAddress?: string }) => Promise<Response>;

const fail = (status: number, type: string, message: string) => new SearchApiError(status, type, message);

export function createHelpHttpHandler(
  service: HelpService,
  secret: string,
  options: HelpHttpOptions = {},
): HelpHttpHandler {
  const base = (options.basePath ?? HELP_API_BASE_PATH).replace(/\/$/, "");
  const limiter = requestLimiter(options.rateLimit);
  const logger = options.logger ?? createLogger();
  const delay = options.answerChunkDelayMs ?? 25;
  const now = options.now ?? (() => new Date());

  const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...extra },
    });

  async function readJson(request: Request): Promise<unknown> {
    const text = await request.text();
    if (Buffer.byteLength(text) > MAX_BODY)
      throw fail(413, "PayloadTooLarge", `The request body exceeds ${MAX_BODY} bytes.`);
    if (text.trim() === "") return {};
    if (jsonTextTooDeep(text))
      throw fail(400, "InvalidRequest", `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`);
    try {
      const body = JSON.parse(text) as unknown;
      if (body === null || typeof body !== "object" || Array.isArray(body)) {
        throw fail(400, "InvalidRequest", "The request body must be a JSON object.");
      }
      return body;
    } catch (caught) {
      if (isSearchApiError(caught)) throw caught;
      throw fail(400, "InvalidRequest", "The request body is not valid JSON.");
    }
  }

  function authorize(request: Request): StoreCode {
    const header = request.headers.get("authorization");
    const credential = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const check = verifySearchCredential(secret, credential, now());
    if (!check.ok) throw fail(check.statusCode, check.type, check.message);
    return check.storeCode;
  }

  function answerStream(messages: ReturnType<typeof answerMessages>, answerId: string): Response {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [i, message] of messages.entries()) {
          if (i > 0 && delay > 0) await sleep(delay);
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
        }
        controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-answer-id": answerId,
        "x-accel-buffering": "no",
      },
    });
  }

  async function route(request: Request, url: URL, info?: { clientAddress?: string }): Promise<Response> {
    const path = url.pathname.replace(/\/+$/, "");
    if (!path.startsWith(`${base}/rest/`)) throw fail(404, "NotFound", `No help endpoint at ${url.pathname}.`);
    const rest = path.slice(base.length);
    const answer = /^\/rest\/organizations\/([^/]+)\/answer\/v1\/configs\/([^/]+)\/generate$/.exec(rest);
    const searchPath = /^\/rest\/search\/v2(\/querySuggest|\/facet|\/plan|\/fields)?$/.exec(rest);
    if (!answer && !searchPath) throw fail(404, "NotFound", `No help endpoint at ${url.pathname}.`);
    const endpoint = searchPath ? (searchPath[1] ?? "") : "answer";
    const method = endpoint === "/fields" ? "GET" : "POST";
    if (request.method !== method) throw fail(405, "MethodNotAllowed", `Use ${method} for ${url.pathname}.`);
    if (limiter) {
      const client = clientAddress(request, { TRUST_PROXY: options.trustProxy ?? 0 }, info?.clientAddress ?? "local");
      const verdict = await limiter.take(client);
      if (!verdict.allowed) {
        return json(
          429,
          { statusCode: 429, message: "Too many requests; retry later.", type: "TooManyRequests" },
          {
            "retry-after": String(verdict.retryAfterSeconds),
          },
        );
      }
    }
    const storeCode = authorize(request);
    if (endpoint === "/fields") return json(200, service.fields());
    const body = await readJson(request);
    const origin = url.origin;
    switch (endpoint) {
      case "":
        return json(200, await service.search(storeCode, body, origin));
      case "/querySuggest":
        return json(200, await service.querySuggest(storeCode, body));
      case "/facet":
        return json(200, await service.facetSearch(storeCode, body));
      case "/plan":
        return json(200, await service.plan(storeCode, body));
      default: {
        const result = await service.answer(
          storeCode,
          decodeURIComponent((answer as RegExpExecArray)[2] as string),
          body,
          origin,
        );
        return answerStream(answerMessages(result), result.answerId);
      }
    }
  }

  return async (request, info) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return json(400, { statusCode: 400, message: "Invalid URL.", type: "InvalidRequest" });
    }
    try {
      return await route(request, url, info);
    } catch (caught) {
      if (isSearchApiError(caught)) return json(caught.statusCode, caught.toJSON());
      logger.error({ err: caught }, "help search: request failed");
      return json(500, { statusCode: 500, message: "The request could not be processed.", type: "InternalError" });
    }
  };
}
