/**
 * Shopper events, first-party and only with consent. Commerce events for the search service (Coveo event protocol,
 * "next" mode: `ec.productView`, `ec.productClick`, `ec.purchase`) go as a JSON array to `{endpoint}?access_token=…`;
 * page views go to the shop's usage analytics v15 (`…/analytics/view`) as a beacon form. All of them pass through
 * the tracking queue (tracking-queue.ts): nothing before the shopper allows statistics, nothing under Do-Not-Track
 * or Global Privacy Control, sent together after the flush delay, personal data hashed and masked.
 *
 * The first commerce batch of a browser session goes by `fetch` (keepalive) to learn whether the endpoint exists:
 * when it answers 404 (no search service behind the shop) those events are switched off for the session.
 */

import { CONSENT_EVENT, type ConsentChoices, privacySignal, storedConsent } from "./consent.ts";
import { afterTitleSettled, type PurchaseCustomer, TrackingQueue, trackedCustomer } from "./tracking-queue.ts";

export const SEARCH_EVENTS_ENDPOINT = "/api/search/events/v1";
/** The usage analytics v15 base of the shop's own server (packages/search, USAGE_ANALYTICS_PATH). */
export const USAGE_ANALYTICS_ENDPOINT = "/api/search/rest/ua/v15/analytics";
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

/** Statistics consent given, and neither Do-Not-Track nor Global Privacy Control (specification section 6). */
export function trackingAllowed(
  consent: ConsentChoices | undefined = storedConsent(),
  nav: Parameters<typeof privacySignal>[0] = navigator,
): boolean {
  return consent?.statistics === true && !privacySignal(nav);
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

async function sendCommerce(config: TrackingConfig, events: unknown[]): Promise<void> {
  const url = `${config.endpoint ?? SEARCH_EVENTS_ENDPOINT}?access_token=${encodeURIComponent(config.accessToken)}`;
  // A text body (not a Blob): a CORS-safelisted beacon, readable by every proxy and test tool on the way.
  const body = JSON.stringify(events);
  const state = readStorage("sessionStorage", ENDPOINT_STATE_KEY);
  if (state === "absent") return;
  if (state === "present" && typeof navigator.sendBeacon === "function") {
    navigator.sendBeacon(url, body);
    return;
  }
  try {
    const response = await fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      keepalive: true,
      credentials: "same-origin",
    });
    writeStorage("sessionStorage", ENDPOINT_STATE_KEY, response.status === 404 ? "absent" : "present");
    // Read the (tiny) answer to its end: an unread keepalive response stayed "pending" in the browser for
    // more than 30 s.
    await response.arrayBuffer();
  } catch {
    // A network failure is logged nowhere and swallowed, as the protocol's client does.
  }
}

/** A page view as the usage-analytics client sends it on unload: a form beacon, its answer discarded. */
function sendView(config: TrackingConfig, event: Record<string, unknown>): void {
  const query = `access_token=${encodeURIComponent(config.accessToken)}&visitorId=${clientId()}&discardVisitInfo=true`;
  const url = `${USAGE_ANALYTICS_ENDPOINT}/view?${query}`;
  const body = new URLSearchParams({ viewEvent: JSON.stringify(event) });
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, body)) return;
  fetch(url, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
}

interface Queued {
  config: TrackingConfig;
  channel: "commerce" | "view";
  event: Record<string, unknown>;
}

function sendQueued(items: Queued[]): void {
  const commerce = new Map<string, { config: TrackingConfig; events: unknown[] }>();
  for (const item of items) {
    if (item.channel === "view") {
      sendView(item.config, item.event);
      continue;
    }
    const key = `${item.config.endpoint ?? ""} ${item.config.accessToken}`;
    const batch = commerce.get(key) ?? { config: item.config, events: [] };
    batch.events.push(item.event);
    commerce.set(key, batch);
  }
  for (const { config, events } of commerce.values()) void sendCommerce(config, events);
}

let queue: TrackingQueue<Queued> | undefined;

/** The page's one queue: flushed when the page is hidden, emptied when statistics consent is withdrawn. */
function trackingQueue(): TrackingQueue<Queued> {
  if (queue) return queue;
  const created = new TrackingQueue<Queued>({ allowed: () => trackingAllowed(), send: sendQueued });
  addEventListener("pagehide", () => created.flush());
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") created.flush();
  });
  addEventListener(CONSENT_EVENT, (event) => {
    if (!(event as CustomEvent<ConsentChoices>).detail.statistics) created.clear();
  });
  queue = created;
  return created;
}

/** Sends what is queued now (tests, and a page about to go away). */
export function flushTracking(): void {
  queue?.flush();
}

function pushCommerce(config: TrackingConfig, type: string, payload: Record<string, unknown>): void {
  if (!trackingAllowed()) return;
  trackingQueue().push({ config, channel: "commerce", event: buildEvent(type, payload, config.trackingId) });
}

export function trackProductView(config: TrackingConfig, product: TrackedProduct): void {
  pushCommerce(config, "ec.productView", { currency: config.currency, product });
}

/** A click on a product in a listing: `position` is 1-based over pages, `responseId` the listing's answer. */
export function trackProductClick(
  config: TrackingConfig,
  click: { product: TrackedProduct; position: number; responseId: string },
): void {
  pushCommerce(config, "ec.productClick", {
    currency: config.currency,
    product: click.product,
    position: click.position,
    responseId: click.responseId,
  });
}

export interface TrackedPurchase {
  orderNumber: string;
  /** Decimal amount of the order's total. */
  revenue: number;
  lines: { product: TrackedProduct; quantity: number }[];
  customer: PurchaseCustomer;
}

/** A placed order: the customer only as hashes of e-mail and names and a masked postcode (section 9). */
export async function trackPurchase(config: TrackingConfig, purchase: TrackedPurchase): Promise<void> {
  if (!trackingAllowed()) return;
  const customer = await trackedCustomer(purchase.customer);
  pushCommerce(config, "ec.purchase", {
    currency: config.currency,
    products: purchase.lines,
    transaction: { id: purchase.orderNumber, revenue: purchase.revenue },
    customer,
  });
}

/**
 * A page view, read once the title has settled (`PAGE_TITLE_DELAY_MS`): address, referrer, title and language.
 * Returns a cancel function for a navigation that comes first.
 */
export function trackPageView(config: TrackingConfig, contentType: string): () => void {
  if (!trackingAllowed()) return () => {};
  return afterTitleSettled(() => {
    if (!trackingAllowed()) return;
    trackingQueue().push({
      config,
      channel: "view",
      event: {
        location: window.location.href.slice(0, 1024),
        referrer: document.referrer.slice(0, 2048),
        title: document.title,
        language: document.documentElement.lang || "en",
        contentType,
        clientId: clientId(),
      },
    });
  });
}
