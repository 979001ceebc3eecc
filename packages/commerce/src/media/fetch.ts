import type { Ctx } from "../context.ts";
import { storePicture } from "./service.ts";

/**
 * Pictures named by address in a catalogue import (`"path": "https://…"`), by the setting IMPORT_IMAGE_URLS:
 * `keep` leaves the address (the shop shows the picture from its server), `fetch` downloads it once at import
 * time into the media store, through the same checks and renditions as an upload, and the product gets
 * `media/{key}`. Only http(s), within MEDIA_MAX_BYTES and MEDIA_FETCH_TIMEOUT_MS.
 */

export type FetchedPicture = { ok: true; body: Uint8Array } | { ok: false; reason: string };

export const isPictureAddress = (path: string): boolean => /^https?:\/\//i.test(path);

/** Downloads a picture: http(s) only, refused beyond `maxBytes` (read no further) or `timeoutMs`. */
export async function fetchPicture(
  address: string,
  limits: { maxBytes: number; timeoutMs: number },
): Promise<FetchedPicture> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: "is not a valid address" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "is not an http(s) address" };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { signal, redirect: "follow", headers: { accept: "image/*" } });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `answered HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get("content-length"));
    if (declared > limits.maxBytes) {
      await response.body?.cancel();
      return { ok: false, reason: `is larger than ${limits.maxBytes} bytes` };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) {
        await response.body?.cancel().catch(() => {});
        return { ok: false, reason: `is larger than ${limits.maxBytes} bytes` };
      }
      chunks.push(chunk);
    }
    return { ok: true, body: Buffer.concat(chunks) };
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `did not answer within ${limits.timeoutMs} ms` };
    return { ok: false, reason: `could not be fetched (${(error as Error).message})` };
  }
}

/** Turns an import's picture address into the path the product gets, or why it cannot. */
export type ImportImageResolver = (
  address: string,
) => Promise<{ ok: true; path: string } | { ok: false; reason: string }>;

/**
 * The resolver a catalogue import uses under this configuration: undefined for `keep` (addresses stay as they
 * are), else one that fetches each address once into the media store.
 */
export function importImageResolver(ctx: Ctx): ImportImageResolver | undefined {
  if (ctx.config.IMPORT_IMAGE_URLS === "keep") return undefined;
  const limits = { maxBytes: ctx.config.MEDIA_MAX_BYTES, timeoutMs: ctx.config.MEDIA_FETCH_TIMEOUT_MS };
  const done = new Map<string, Awaited<ReturnType<ImportImageResolver>>>();
  return async (address) => {
    const known = done.get(address);
    if (known) return known;
    const fetched = await fetchPicture(address, limits);
    let result: Awaited<ReturnType<ImportImageResolver>>;
    if (!fetched.ok) result = { ok: false, reason: `${address} ${fetched.reason}` };
    else {
      const stored = await storePicture(ctx, fetched.body);
      result = stored.ok
        ? { ok: true, path: stored.value.path }
        : { ok: false, reason: `${address}: ${stored.detail}` };
    }
    done.set(address, result);
    return result;
  };
}
