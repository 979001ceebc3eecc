import type { VitrineConfig } from "./config.ts";

/**
 * Who a request comes from, for per-client rate limits, and whether it came over HTTPS, with the reverse proxies
 * in front of the shop taken into account exactly as far as they are trusted: `TRUST_PROXY` is the number of
 * proxies between the internet and this process. Each appends the address it got the request from to
 * `X-Forwarded-For`, so the trusted part of that list is its last `TRUST_PROXY - 1` entries plus the socket peer;
 * everything to the left of it may have been written by the client and is never used.
 */

/** The socket address of a request, put there by the Node server; whatever a client sent under this name is overwritten. */
export const CLIENT_ADDRESS_HEADER = "x-vitrine-client-address";

interface HeaderSource {
  headers: { get(name: string): string | null };
}

type ProxyConfig = Pick<VitrineConfig, "TRUST_PROXY">;

/**
 * The client's address: the socket peer (`peer`, by default the `x-vitrine-client-address` header) with no trusted
 * proxy; behind `n` trusted proxies the address the outermost of them saw, the `n`-th `X-Forwarded-For` entry
 * from the right (or the leftmost when the list is shorter, as the chain was).
 */
export function clientAddress(
  request: HeaderSource,
  config: ProxyConfig,
  peer: string | null = request.headers.get(CLIENT_ADDRESS_HEADER),
): string {
  const socket = peer || "unknown";
  const hops = config.TRUST_PROXY;
  if (hops === 0) return socket;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (forwarded.length === 0) return socket;
  return forwarded[Math.max(0, forwarded.length - hops)] as string;
}

/** Whether the client reached the shop over HTTPS: TLS on this process, or a trusted proxy that says so. */
export function isForwardedHttps(request: HeaderSource & { url: string }, config: ProxyConfig): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  if (config.TRUST_PROXY === 0) return false;
  // Each proxy may append its own: the one nearest to the client is the first.
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return proto === "https";
}
