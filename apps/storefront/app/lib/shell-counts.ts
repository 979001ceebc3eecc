import { useSyncExternalStore } from "react";

/**
 * Header counters that follow basket and wishlist changes made without a page load (RPC calls). The server's
 * counts come with the store loader; a change published here wins until the loader brings newer counts.
 */
export interface ShellCounts {
  basket: number;
  wishlist: number;
}

let live: { base: ShellCounts; counts: ShellCounts } | undefined;
let lastServerCounts: ShellCounts | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Publishes new counts after a change in the browser (never on the server, where this state would be shared). */
export function publishShellCounts(update: Partial<ShellCounts>): void {
  if (typeof window === "undefined" || !lastServerCounts) return;
  const current = live?.base === lastServerCounts ? live.counts : lastServerCounts;
  live = { base: lastServerCounts, counts: { ...current, ...update } };
  for (const listener of listeners) listener();
}

/** The counts to show: the server's, or a newer published change based on them. */
export function useShellCounts(server: ShellCounts): ShellCounts {
  lastServerCounts = server;
  const published = useSyncExternalStore(
    subscribe,
    () => live,
    () => undefined,
  );
  return published && published.base === server ? published.counts : server;
}
