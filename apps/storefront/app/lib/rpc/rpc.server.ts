import { type DomainFailure, failureAnswer } from "@vitrine/commerce";
import type { Shop } from "@vitrine/commerce/shops";
import type { z } from "zod";
import type { CurrentCustomer } from "../auth.server.ts";
import type { Services } from "../services.server.ts";
import type { StoreRequest } from "../shop.server.ts";

/**
 * Types and helpers of the remote-procedure channel (`POST /api/rpc/{method}`, specification section 7).
 * The registry (`registry.server.ts`) collects the methods; the route (`routes/api.rpc.ts`) dispatches.
 */

/** What every method handler receives besides its validated payload. */
export interface RpcContext {
  request: Request;
  /** The store request of the `x-shop-id` store: services, shop, browser id, CSRF token, `setCookie`. */
  store: StoreRequest;
  shop: Shop;
  /** HttpOnly browser id: keys a guest's basket and wishlist. */
  browserId: string;
  services: Services;
  /** The signed-in customer (`getCustomer`), or null for a guest. */
  customer: CurrentCustomer | null;
}

export interface RpcMethod<S extends z.ZodType = z.ZodType> {
  /** Validates `body.payload`; a failure answers 400 and the handler never runs. */
  payload: S;
  /** Returns the JSON answer (200), an `RpcProblem` (4xx, `failureProblem` for a domain failure), or a `Response`. */
  handler(ctx: RpcContext, payload: z.output<S>): unknown | Promise<unknown>;
}

export type RpcMethods = Record<string, RpcMethod>;

/** Declares one method with its payload type inferred from the schema. */
export function rpcMethod<S extends z.ZodType>(method: {
  payload: S;
  handler(ctx: RpcContext, payload: z.output<S>): unknown | Promise<unknown>;
}): RpcMethod {
  return method as RpcMethod;
}

export interface FieldError {
  field: string;
  message: string;
}

/**
 * An expected failure answered as a problem response (RFC 9457: `application/problem+json` with type, title,
 * status, detail and extra fields). Handlers return it (or throw it) for business failures.
 */
export class RpcProblem {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, detail: string, extra: Record<string, unknown> = {}, title = statusTitle(status)) {
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.extra = extra;
  }

  toResponse(headers: HeadersInit = {}): Response {
    const h = new Headers(headers);
    const retryAfter = this.extra.retryAfterSeconds;
    if (typeof retryAfter === "number" && !h.has("retry-after")) h.set("retry-after", String(retryAfter));
    return problemResponse(this.status, this.title, this.detail, this.extra, h);
  }
}

/** The problem answering a domain failure: status and detail from the one error mapper, with its code and key. */
export function failureProblem(failure: DomainFailure, extra: Record<string, unknown> = {}): RpcProblem {
  const answer = failureAnswer(failure);
  return new RpcProblem(answer.status, answer.detail, {
    code: answer.code,
    messageKey: answer.messageKey,
    ...(answer.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: answer.retryAfterSeconds }),
    ...extra,
  });
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

function statusTitle(status: number): string {
  return TITLES[status] ?? "Error";
}

export function problemResponse(
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: HeadersInit = {},
): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/problem+json");
  h.set("cache-control", "no-store");
  return new Response(JSON.stringify({ type: "about:blank", title, status, detail, ...extra }), { status, headers: h });
}

/** The specification's schema-validation message (section 8), with every invalid field listed. */
const INVALID_PROPERTIES = "The following properties are invalid";

export function validationProblem(errors: FieldError[]): RpcProblem {
  const fields = errors.map((e) => `${e.field}: ${e.message}`).join("; ");
  return new RpcProblem(400, fields ? `${INVALID_PROPERTIES}: ${fields}` : INVALID_PROPERTIES, { errors });
}
