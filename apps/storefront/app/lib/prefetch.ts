/**
 * Route prefetch (specification section 9): at most 4 route loads at once, none when the browser asks to save
 * data or the connection is 2g. Links ask for a prefetch on intent (pointer over, focus, touch); the
 * `PrefetchQueue` component turns the active entries into React Router's prefetch links.
 */

export const MAX_CONCURRENT_PREFETCHES = 4;
/** Hover shorter than this is a pointer passing by, not an intent. */
export const PREFETCH_INTENT_DELAY_MS = 80;
/** A prefetch that never reports back (nothing left to load, or a stalled request) frees its slot after this. */
export const PREFETCH_SLOT_TIMEOUT_MS = 5000;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether this browser's connection allows prefetching: not on data saver, not on 2g. */
export function prefetchAllowed(connection: NetworkInformationLike | undefined | null): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

export interface PrefetchQueue {
  /** Asks for a prefetch of a path (`/de/c/damen/`); repeated and already done paths are ignored. */
  request(path: string): void;
  /** A prefetch finished (loaded or failed): its slot goes to the next waiting path. */
  complete(path: string): void;
  /** Paths being prefetched now (never more than the limit). */
  active(): readonly string[];
  subscribe(listener: () => void): () => void;
}

export function createPrefetchQueue(limit = MAX_CONCURRENT_PREFETCHES): PrefetchQueue {
  const waiting: string[] = [];
  let running: readonly string[] = [];
  const seen = new Set<string>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const fill = () => {
    let changed = false;
    while (running.length < limit && waiting.length > 0) {
      running = [...running, waiting.shift() as string];
      changed = true;
    }
    return changed;
  };
  return {
    request(path) {
      if (seen.has(path)) return;
      seen.add(path);
      waiting.push(path);
      if (fill()) emit();
    },
    complete(path) {
      if (!running.includes(path)) return;
      running = running.filter((p) => p !== path);
      fill();
      emit();
    },
    active: () => running,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's queue (one per page load). */
export const prefetchQueue: PrefetchQueue = createPrefetchQueue();

/** Called by links on intent: queues the path unless the connection says not to. */
export function prefetchRoute(path: string): void {
  if (typeof navigator === "undefined") return;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!prefetchAllowed(connection)) return;
  prefetchQueue.request(path);
}
