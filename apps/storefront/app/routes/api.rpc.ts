import { fieldIssues, specErrorMap } from "@vitrine/commerce";
import { shopById } from "@vitrine/commerce/shops";
import { getCustomer } from "../lib/auth.server.ts";
import { shopContext } from "../lib/context.ts";
import { jsonResponse } from "../lib/json-response.ts";
import { noteFailure } from "../lib/middleware.server.ts";
import { rpcMethodNamed } from "../lib/rpc/registry.server.ts";
import { problemResponse, RpcProblem, validationProblem } from "../lib/rpc/rpc.server.ts";
import { storeRequest } from "../lib/shop.server.ts";
import type { Route } from "./+types/api.rpc";

/**
 * The remote-procedure channel: `POST /api/rpc/{method}` with `{ "payload": … }` and the header `x-shop-id`
 * (specification section 7). Answers JSON, or a problem response for every failure: unknown method 404, wrong
 * HTTP method 405, missing or unknown shop id, malformed body or invalid payload 400. CSRF is checked by the
 * root middleware before this runs. No input leads to a 500; only a bug does.
 */

/** Payloads are small (a basket add is ~200 bytes); anything near this is not a shop client. */
export const MAX_RPC_BODY_BYTES = 64 * 1024;
const METHOD_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const NO_STORE = { "cache-control": "no-store" };

export async function action({ request, params, context }: Route.ActionArgs): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(params.method);
  const name = params.method ?? "";
  const method = METHOD_NAME.test(name) ? rpcMethodNamed(name) : undefined;
  if (!method) return unknownMethod(name);

  const shopHeader = request.headers.get("x-shop-id");
  if (!shopHeader) return new RpcProblem(400, "The header x-shop-id is required.").toResponse();
  const shop = shopById(shopHeader.trim());
  if (!shop) return new RpcProblem(400, `Unknown shop id: ${shopHeader.slice(0, 20)}`).toResponse();

  // Only JSON: a cross-site form or `text/plain` beacon cannot send it without a CORS preflight.
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    return problemResponse(415, "Unsupported Media Type", "Expected content-type to be application/json", {}, NO_STORE);
  }
  const body = await readBody(request);
  if (body instanceof RpcProblem) return body.toResponse();
  const parsed = method.payload.safeParse(body.payload, { error: specErrorMap });
  if (!parsed.success) return validationProblem(fieldIssues(parsed.error)).toResponse();

  context.set(shopContext, shop);
  const store = storeRequest(context);
  try {
    const customer = await getCustomer(store, request);
    const result = await method.handler(
      { request, store, shop, browserId: store.browserId, services: store.services, customer },
      parsed.data,
    );
    if (result instanceof Response) return result;
    if (result instanceof RpcProblem) return result.toResponse();
    return jsonResponse(result ?? null, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof RpcProblem) return error.toResponse();
    if (error instanceof Response) return error;
    store.ctx.log.error({ err: error, rpc: name }, "rpc failed");
    noteFailure(request, error);
    return problemResponse(500, "Internal Server Error", "The request could not be processed.");
  }
}

/** GET and HEAD: the channel only takes POST. */
export function loader({ params }: Route.LoaderArgs): Response {
  return methodNotAllowed(params.method);
}

function methodNotAllowed(name: string | undefined): Response {
  if (!name || !METHOD_NAME.test(name) || !rpcMethodNamed(name)) return unknownMethod(name ?? "");
  return problemResponse(405, "Method Not Allowed", "The channel only accepts POST.", {}, { allow: "POST" });
}

function unknownMethod(name: string): Response {
  return new RpcProblem(404, `Unknown method: ${name.slice(0, 64)}`).toResponse();
}

async function readBody(request: Request): Promise<{ payload: unknown } | RpcProblem> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_RPC_BODY_BYTES) return tooLarge();
  let text: string;
  try {
    text = await request.text();
  } catch {
    return new RpcProblem(400, "The request body could not be read.");
  }
  if (Buffer.byteLength(text) > MAX_RPC_BODY_BYTES) return tooLarge();
  if (text.trim() === "") return { payload: undefined };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new RpcProblem(400, "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return new RpcProblem(400, 'The request body must be a JSON object: { "payload": … }.');
  }
  return { payload: (body as { payload?: unknown }).payload };
}

function tooLarge(): RpcProblem {
  return new RpcProblem(413, `The request body is larger than ${MAX_RPC_BODY_BYTES} bytes.`, {
    code: "RequestTooLarge",
  });
}
