// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientId, SEARCH_EVENTS_ENDPOINT, trackingAllowed, trackProductClick, trackProductView } from "./tracking.ts";

const config = { trackingId: "comma_de", accessToken: "tok en", currency: "EUR" };
const product = { productId: "1234", name: "Cotton T-shirt", price: 19.95 };

let beacon: ReturnType<typeof vi.fn>;
let fetcher: ReturnType<typeof vi.fn>;

function answer(status: number) {
  fetcher.mockResolvedValue(new Response(null, { status }));
}

/** The events of a fetch (url, init) or sendBeacon (url, blob) call. */
async function sentEvents(call: unknown[]): Promise<Record<string, unknown>[]> {
  const payload = call[1];
  const blob = payload instanceof Blob ? payload : ((payload as RequestInit).body as Blob);
  return JSON.parse(await blob.text());
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split("; ")) {
    const name = cookie.split("=")[0];
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  beacon = vi.fn(() => true);
  fetcher = vi.fn();
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
  Object.defineProperty(navigator, "doNotTrack", { value: null, configurable: true });
  Object.defineProperty(navigator, "globalPrivacyControl", { value: undefined, configurable: true });
  vi.stubGlobal("fetch", fetcher);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("commerce events", () => {
  it("sends ec.productView as a JSON array of one event with the protocol's meta", async () => {
    answer(200);
    await trackProductView(config, product);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${SEARCH_EVENTS_ENDPOINT}?access_token=tok%20en`);
    expect(init.method).toBe("POST");
    const [event, ...rest] = await sentEvents([url, init]);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      currency: "EUR",
      product,
      meta: { type: "ec.productView", config: { trackingId: "comma_de" }, clientId: clientId() },
    });
    expect(event?.meta).toMatchObject({ location: window.location.href });
  });

  it("uses sendBeacon once the endpoint is known to exist", async () => {
    answer(202);
    await trackProductView(config, product);
    await trackProductClick(config, { product, position: 11, responseId: "6f1c7d0e-7c0a-4a8a-9a9e-3f1b2c3d4e5f" });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [event] = await sentEvents(beacon.mock.calls[0] as unknown[]);
    expect(event).toMatchObject({
      position: 11,
      responseId: "6f1c7d0e-7c0a-4a8a-9a9e-3f1b2c3d4e5f",
      meta: { type: "ec.productClick" },
    });
  });

  it("sends nothing more in the session when the endpoint answers 404", async () => {
    answer(404);
    await trackProductView(config, product);
    await trackProductView(config, product);
    await trackProductClick(config, { product, position: 1, responseId: "x" });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(beacon).not.toHaveBeenCalled();
  });

  it("sends nothing under Do-Not-Track or Global Privacy Control", async () => {
    answer(200);
    Object.defineProperty(navigator, "doNotTrack", { value: "1", configurable: true });
    expect(trackingAllowed()).toBe(false);
    await trackProductView(config, product);
    Object.defineProperty(navigator, "doNotTrack", { value: null, configurable: true });
    Object.defineProperty(navigator, "globalPrivacyControl", { value: true, configurable: true });
    expect(trackingAllowed()).toBe(false);
    await trackProductView(config, product);
    expect(fetcher).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });

  it("keeps one visitor id (a UUID) across events", () => {
    const first = clientId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(clientId()).toBe(first);
    expect(localStorage.getItem("visitorId")).toBe(first);
  });
});
