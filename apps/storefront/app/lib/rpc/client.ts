/**
 * Browser side of the remote-procedure channel: `POST {apiBase}/rpc/{method}` with `{ payload }`, the shop id
 * header and the CSRF header. Failures reject with an `RpcError` carrying status, statusText and the response
 * data (specification section 8, "Fetch failure"). Reads are retried once on a transient status; writes never.
 */
const RPC_API_BASE = "/api";
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const READ_METHOD = /^(get|fetch)[A-Z]/;

export class RpcError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;

  constructor(status: number, statusText: string, data: unknown) {
    const detail = typeof data === "object" && data && "detail" in data ? String(data.detail) : statusText;
    super(detail || `RPC failed with status ${status}`);
    this.name = "RpcError";
    this.status = status;
    this.statusText = statusText;
    this.data = data;
  }
}

export async function callRpc<T>(method: string, payload: unknown, shopId: number): Promise<T> {
  const retries = READ_METHOD.test(method) ? 1 : 0;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${RPC_API_BASE}/rpc/${method}`, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-shop-id": String(shopId),
        },
        body: JSON.stringify({ payload }),
      });
    } catch (error) {
      if (attempt < retries) continue;
      throw new RpcError(0, error instanceof Error ? error.message : "Network error", null);
    }
    const data = await response.json().catch(() => null);
    if (response.ok) return data as T;
    if (attempt < retries && RETRY_STATUSES.has(response.status)) continue;
    throw new RpcError(response.status, response.statusText, data);
  }
}
