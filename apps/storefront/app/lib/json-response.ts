/**
 * A JSON answer that says its length. The server compresses answers of 1 KB and more (compression's threshold),
 * but can only tell an answer's size when the answer says it: without the length, a few hundred bytes (the
 * personal data every page view asks for, an RPC call's result) went through Brotli, which cost more CPU than
 * anything else in that request and made the answer no smaller.
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  headers.set("content-length", String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}
