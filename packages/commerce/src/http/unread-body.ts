import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A request answered before its body was read (a 403 for a missing CSRF token, a 413, a 401) leaves the rest of
 * the body in the connection. Unless someone reads it, a kept-alive connection stalls: the next request on it
 * waits behind bytes nobody takes until a timeout resets it. After the answer the rest is read and thrown away,
 * up to `UNREAD_BODY_DRAIN_BYTES` and `UNREAD_BODY_DRAIN_MS`; a client sending more or slower loses the
 * connection instead (and reconnects, as HTTP clients do).
 */
export const UNREAD_BODY_DRAIN_BYTES = 8 * 1024 * 1024;
export const UNREAD_BODY_DRAIN_MS = 10_000;

export function drainUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    let left = UNREAD_BODY_DRAIN_BYTES;
    const giveUp = setTimeout(() => req.socket.destroy(), UNREAD_BODY_DRAIN_MS);
    giveUp.unref();
    // Whoever was reading (a Fetch body stream) is gone with the answer, and would pause the request again.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) req.socket.destroy();
    });
    req.once("end", () => clearTimeout(giveUp));
    req.once("close", () => clearTimeout(giveUp));
    req.resume();
  });
}
