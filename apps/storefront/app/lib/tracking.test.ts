// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveConsent } from "./consent.ts";
import {
  clientId,
  flushTracking,
  SEARCH_EVENTS_ENDPOINT,
  trackingAllowed,
  trackPageView,
  trackProductClick,
  trackProductView,
  trackPurchase,
  USAGE_ANALYTICS_ENDPOINT,
} from "./tracking.ts";
import { FLUSH_DELAY_MS, hashIdentity, PAGE_TITLE_DELAY_MS } from "./tracking-queue.ts";

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
  return JSON.parse(typeof payload === "string" ? payload : ((payload as RequestInit).body as string));
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
  flushTracking();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const STATISTICS = { necessary: true, statistics: true, marketing: false } as const;
const NECESSARY_ONLY = { necessary: true, statistics: false, marketing: false } as const;

/** Lets the queue's timer run and the (async) first send settle. */
async function afterFlush() {
  await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
}

describe("commerce events", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    saveConsent(STATISTICS);
  });

  it("sends ec.productView after the flush delay as a JSON array with the protocol's meta", async () => {
    answer(200);
    trackProductView(config, product);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1);
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
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

  it("sends the events of one flush together, then by sendBeacon once the endpoint is known to exist", async () => {
    answer(202);
    trackProductView(config, product);
    trackProductClick(config, { product, position: 11, responseId: "6f1c7d0e-7c0a-4a8a-9a9e-3f1b2c3d4e5f" });
    await afterFlush();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(
      (await sentEvents(fetcher.mock.calls[0] as unknown[])).map((e) => (e.meta as { type: string }).type),
    ).toEqual(["ec.productView", "ec.productClick"]);
    trackProductClick(config, { product, position: 2, responseId: "r" });
    await afterFlush();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [event] = await sentEvents(beacon.mock.calls[0] as unknown[]);
    expect(event).toMatchObject({ position: 2, responseId: "r", meta: { type: "ec.productClick" } });
  });

  it("sends nothing more in the session when the endpoint answers 404", async () => {
    answer(404);
    trackProductView(config, product);
    await afterFlush();
    trackProductView(config, product);
    trackProductClick(config, { product, position: 1, responseId: "x" });
    await afterFlush();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(beacon).not.toHaveBeenCalled();
  });

  it("sends a purchase with the customer only hashed and the postcode masked", async () => {
    answer(202);
    await trackPurchase(config, {
      orderNumber: "100042",
      revenue: 59.9,
      lines: [{ product, quantity: 2 }],
      customer: { email: " Anna@Example.de", firstName: "Anna", lastName: "von Berg", postcode: "10115" },
    });
    await afterFlush();
    const [event] = await sentEvents(fetcher.mock.calls[0] as unknown[]);
    expect(event).toMatchObject({
      meta: { type: "ec.purchase" },
      transaction: { id: "100042", revenue: 59.9 },
      products: [{ product, quantity: 2 }],
      customer: {
        emailHash: await hashIdentity("anna@example.de"),
        lastNameHash: await hashIdentity("vonberg"),
        postcode: "1****",
      },
    });
    expect(JSON.stringify(event)).not.toMatch(/Anna|Berg|10115/);
  });

  it("sends a page view to usage analytics with the title read 500 ms after the navigation", async () => {
    document.title = "Loading";
    trackPageView(config, "product");
    await vi.advanceTimersByTimeAsync(PAGE_TITLE_DELAY_MS - 100);
    document.title = "Wollmantel | Vitrine";
    await vi.advanceTimersByTimeAsync(100 + FLUSH_DELAY_MS);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, form] = beacon.mock.calls[0] as [string, URLSearchParams];
    expect(url).toBe(
      `${USAGE_ANALYTICS_ENDPOINT}/view?access_token=tok%20en&visitorId=${clientId()}&discardVisitInfo=true`,
    );
    expect(JSON.parse(form.get("viewEvent") ?? "{}")).toMatchObject({
      title: "Wollmantel | Vitrine",
      location: window.location.href,
      contentType: "product",
    });
  });

  it("sends nothing before consent, after refusing statistics, or under Do-Not-Track or GPC", async () => {
    answer(200);
    for (const cookie of document.cookie.split("; ")) {
      const name = cookie.split("=")[0];
      // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    }
    expect(trackingAllowed()).toBe(false);
    trackProductView(config, product);
    trackPageView(config, "home");
    await afterFlush();
    saveConsent(NECESSARY_ONLY);
    expect(trackingAllowed()).toBe(false);
    trackProductView(config, product);
    await afterFlush();
    saveConsent(STATISTICS);
    Object.defineProperty(navigator, "doNotTrack", { value: "1", configurable: true });
    expect(trackingAllowed()).toBe(false);
    trackProductView(config, product);
    await afterFlush();
    Object.defineProperty(navigator, "doNotTrack", { value: null, configurable: true });
    Object.defineProperty(navigator, "globalPrivacyControl", { value: true, configurable: true });
    expect(trackingAllowed()).toBe(false);
    trackProductView(config, product);
    await afterFlush();
    expect(fetcher).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });

  it("drops queued events when statistics consent is withdrawn before the flush", async () => {
    answer(200);
    trackProductView(config, product);
    saveConsent(NECESSARY_ONLY);
    await afterFlush();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("keeps one visitor id (a UUID) across events", () => {
    const first = clientId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(clientId()).toBe(first);
    expect(localStorage.getItem("visitorId")).toBe(first);
  });
});
