/**
 * The shop's tracking queue (specification section 9): events wait `FLUSH_DELAY_MS` and leave together, a page
 * view reads the page title `PAGE_TITLE_DELAY_MS` after the navigation (when the new page has set it), e-mail
 * and names leave only as SHA-256 hashes (lower-cased, spaces removed) and a postcode only with its first digit.
 * Nothing is queued or sent without statistics consent, and nothing with Do-Not-Track or Global Privacy Control:
 * both are checked when an event is queued and again when the queue is flushed.
 */

export const FLUSH_DELAY_MS = 1000;
export const PAGE_TITLE_DELAY_MS = 500;

export interface TrackingQueueDeps<T> {
  /** Statistics consent given and no privacy signal. */
  allowed(): boolean;
  /** Sends one flush's events. */
  send(events: T[]): void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export class TrackingQueue<T> {
  private events: T[] = [];
  private timer: unknown;
  private readonly deps: Required<TrackingQueueDeps<T>>;

  constructor(deps: TrackingQueueDeps<T>) {
    this.deps = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...deps,
    };
  }

  /** Queues an event; the first one of a batch starts the flush timer. Dropped without consent. */
  push(event: T): void {
    if (!this.deps.allowed()) return;
    this.events.push(event);
    if (this.timer === undefined) this.timer = this.deps.setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  /** Sends what is queued now (the timer, or the page being hidden); drops it when consent is gone meanwhile. */
  flush(): void {
    if (this.timer !== undefined) this.deps.clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.events;
    this.events = [];
    if (events.length > 0 && this.deps.allowed()) this.deps.send(events);
  }

  /** Forgets what is queued (consent withdrawn). */
  clear(): void {
    if (this.timer !== undefined) this.deps.clearTimeout(this.timer);
    this.timer = undefined;
    this.events = [];
  }

  get size(): number {
    return this.events.length;
  }
}

/** Lower-cased with every space removed, as section 9 asks before hashing. */
export function normaliseIdentity(value: string): string {
  return value.toLowerCase().replace(/\s+/g, "");
}

/** SHA-256 (hex) of an e-mail address or name after `normaliseIdentity`. */
export async function hashIdentity(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normaliseIdentity(value)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The first character of a postcode, the rest masked: "10115" → "1****". */
export function maskPostcode(postcode: string): string {
  const trimmed = postcode.replace(/\s+/g, "");
  return trimmed.slice(0, 1) + "*".repeat(Math.max(0, trimmed.length - 1));
}

export interface PurchaseCustomer {
  email: string;
  firstName: string;
  lastName: string;
  postcode: string;
}

/** The customer of a purchase as tracking may carry it: hashes and a masked postcode only. */
export async function trackedCustomer(customer: PurchaseCustomer) {
  const [emailHash, firstNameHash, lastNameHash] = await Promise.all([
    hashIdentity(customer.email),
    hashIdentity(customer.firstName),
    hashIdentity(customer.lastName),
  ]);
  return { emailHash, firstNameHash, lastNameHash, postcode: maskPostcode(customer.postcode) };
}

/**
 * Runs `read` once the page title has settled: `PAGE_TITLE_DELAY_MS` after the navigation. Returns a cancel
 * function (a newer navigation replaces a pending one).
 */
export function afterTitleSettled(
  read: () => void,
  timers: Pick<TrackingQueueDeps<unknown>, "setTimeout" | "clearTimeout"> = {},
): () => void {
  const set = timers.setTimeout ?? ((fn: () => void, ms: number) => globalThis.setTimeout(fn, ms));
  const clear = timers.clearTimeout ?? ((h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  const handle = set(read, PAGE_TITLE_DELAY_MS);
  return () => clear(handle);
}
