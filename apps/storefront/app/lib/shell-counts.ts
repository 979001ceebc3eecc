import { useSyncExternalStore } from "react";

/**
 * What is personal in the shop's header: the basket and wishlist counts and the signed-in customer. Pages every
 * shopper shares (lib/http-cache.ts) carry none of it: the browser asks `/{store}/personal.json` once per page
 * load and after every form sent (`refreshPersonalData`), and changes made without a page load (RPC calls)
 * publish new counts here. Personal pages (basket, checkout, account) bring it with the store loader too, so their
 * first render already shows it. Until the answer is there, the header shows no counts and no name: the counts are
 * bubbles over their icons and the account label keeps its width, so nothing moves when it arrives.
 */
export interface ShellCounts {
  basket: number;
  wishlist: number;
}

export interface PersonalData {
  counts: ShellCounts;
  customer: { firstName: string; isGuestCustomer: false; groups: string[] } | null;
}

const NOBODY: PersonalData = { counts: { basket: 0, wishlist: 0 }, customer: null };

/**
 * The browser's latest, with the store it belongs to (baskets are per store) and when it came (`seq`): newer data
 * from a personal page's loader (after a form on it) wins over older data of the browser, and the other way round.
 */
let current: { store: string; data: PersonalData; seq: number } | undefined;
let seq = 0;
let serverSeen: PersonalData | null = null;
let serverSeq = 0;
let shownStore = "";
let lastServer: PersonalData | null = null;
let asked = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(store: string, data: PersonalData): void {
  current = { store, data, seq: ++seq };
  for (const listener of listeners) listener();
}

/** Asks the server for the shopper's data (the latest request wins over earlier ones still on their way). */
export async function refreshPersonalData(storeCode: string): Promise<void> {
  if (typeof window === "undefined") return;
  const mine = ++asked;
  try {
    const response = await fetch(`/${storeCode}/personal.json`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
    if (!response.ok) return;
    const data = (await response.json()) as PersonalData;
    if (mine === asked) publish(storeCode, data);
  } catch {
    // Offline or the shop away: the header keeps what it shows.
  }
}

/** Publishes new counts after a change in the browser (never on the server, where this state would be shared). */
export function publishShellCounts(update: Partial<ShellCounts>): void {
  if (typeof window === "undefined") return;
  const base = (current?.store === shownStore ? current.data : undefined) ?? lastServer ?? NOBODY;
  // An answer still on its way was asked before this change: it must not undo it.
  asked++;
  publish(shownStore, { ...base, counts: { ...base.counts, ...update } });
}

/** The personal data to show: the browser's latest, else what a personal page's loader brought, else nobody's. */
export function usePersonalData(store: string, server: PersonalData | null): PersonalData {
  lastServer = server;
  shownStore = store;
  if (server !== serverSeen) {
    serverSeen = server;
    if (server) serverSeq = ++seq;
  }
  const live = useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
  const mine = live?.store === store ? live : undefined;
  if (server && (!mine || serverSeq > mine.seq)) return server;
  return mine?.data ?? server ?? NOBODY;
}
