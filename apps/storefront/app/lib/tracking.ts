/**
 * Commerce events for the search service (Coveo event protocol, "next" mode): `ec.productView` on the product
 * page and `ec.productClick` from listings, each sent by `navigator.sendBeacon` as a JSON array holding one
 * event to `{endpoint}?access_token=…`. Browser-only and small; nothing is sent when the browser asks not to be
 * tracked (Do-Not-Track, Global Privacy Control).
 *
 * The first event of a browser session goes by `fetch` (keepalive) to learn whether the endpoint exists: when it
 * answers 404 (no search service behind the shop) events are switched off for the session.
 */

export const SEARCH_EVENTS_ENDPOINT = "/api/search/events/v1";
/** The source this client names in every event (the protocol asks for library names and versions). */
const TRACKING_SOURCE = "vitrine-storefront@1";
/** Same storage key and cookie as the protocol's own client, so both share one visitor id. */
const CLIENT_ID_KEY = "visitorId";
const CLIENT_ID_COOKIE = "coveo_visitorId";
const CLIENT_ID_LIFETIME_SECONDS = 31_556_952;
const ENDPOINT_STATE_KEY = "vitrine_events_endpoint";

export interface TrackedProduct {
  productId: string;
  name: string;
  /** Decimal amount of the currency (prices are cents divided by 100). */
  price: number;
}

export interface TrackingConfig {
  trackingId: string;
  /** Search token (or public API key) for `access_token`. */
  accessToken: string;
  currency: string;
  endpoint?: string;
}

/** Do-Not-Track or Global Privacy Control switch analytics off (specification section 6). */
export function trackingAllowed(nav: Partial<Navigator> & { globalPrivacyControl?: boolean } = navigator): boolean {
  const dnt = nav.doNotTrack ?? (globalThis as { doNotTrack?: string }).doNotTrack;
  if (dnt === "1" || dnt === "yes") return false;
  return nav.globalPrivacyControl !== true;
}

function readStorage(storage: "localStorage" | "sessionStorage", key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(storage: "localStorage" | "sessionStorage", key: string, value: string): void {
  try {
    window[storage].setItem(key, value);
  } catch {
    // Storage can be full or blocked (private mode): a fresh id per page is the documented fallback.
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The persistent visitor id: a UUID kept in local storage and a first-party cookie. */
export function clientId(): string {
  const cookie = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${CLIENT_ID_COOKIE}=`))
    ?.slice(CLIENT_ID_COOKIE.length + 1);
  const stored = cookie ?? readStorage("localStorage", CLIENT_ID_KEY);
  const id = stored && UUID.test(stored) ? stored : crypto.randomUUID();
  if (id !== stored) {
    writeStorage("localStorage", CLIENT_ID_KEY, id);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves.
    document.cookie = `${CLIENT_ID_COOKIE}=${id}; max-age=${CLIENT_ID_LIFETIME_SECONDS}; path=/; SameSite=Lax`;
  }
  return id;
}

function buildEvent(type: string, payload: Record<string, unknown>, trackingId: string) {
  return {
    ...payload,
    meta: {
      type,
      config: { trackingId },
      ts: Date.now(),
      source: [TRACKING_SOURCE],
      clientId: clientId(),
      userAgent: navigator.userAgent || null,
      referrer: document.referrer || null,
      location: window.location.href,
    },
  };
}

async function send(config: TrackingConfig, event: unknown): Promise<void> {
  const url = `${config.endpoint ?? SEARCH_EVENTS_ENDPOINT}?access_token=${encodeURIComponent(config.accessToken)}`;
  const body = new Blob([JSON.stringify([event])], { type: "application/json" });
  const state = readStorage("sessionStorage", ENDPOINT_STATE_KEY);
  if (state === "absent") return;
  if (state === "present" && typeof navigator.sendBeacon === "function") {
    navigator.sendBeacon(url, body);
    return;
  }
  try {
    const response = await fetch(url, { method: "POST", body, keepalive: true, credentials: "same-origin" });
    writeStorage("sessionStorage", ENDPOINT_STATE_KEY, response.status === 404 ? "absent" : "present");
    // Read the (tiny) answer to its end: an unread keepalive response stayed "pending" in the browser for
    // more than 30 s.
    await response.arrayBuffer();
  } catch {
    // A network failure is logged nowhere and swallowed, as the protocol's client does.
  }
}

export function trackProductView(config: TrackingConfig, product: TrackedProduct): Promise<void> {
  if (!trackingAllowed()) return Promise.resolve();
  return send(config, buildEvent("ec.productView", { currency: config.currency, product }, config.trackingId));
}

/** A click on a product in a listing: `position` is 1-based over pages, `responseId` the listing's answer. */
export function trackProductClick(
  config: TrackingConfig,
  click: { product: TrackedProduct; position: number; responseId: string },
): Promise<void> {
  if (!trackingAllowed()) return Promise.resolve();
  return send(
    config,
    buildEvent(
      "ec.productClick",
      { currency: config.currency, product: click.product, position: click.position, responseId: click.responseId },
      config.trackingId,
    ),
  );
}
