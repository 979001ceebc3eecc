import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { BUILD_ID } from "./build.ts";

/**
 * Build check (specification sections 7 and 9): on navigation the client asks `/builds/latest.json` for the
 * running build's id, at most once per 10 seconds; once a newer build is out, the next route change is a full
 * page load, so the shopper gets the new code instead of a client navigation with stale modules.
 */
export const BUILD_CHECK_INTERVAL_MS = 10_000;
export const LATEST_BUILD_URL = "/builds/latest.json";

const TIMESTAMP_ID = /^\d{14}$/;

/** Build ids are UTC timestamps (`20250101120000`): newer is later. Other ids (a commit) are newer when different. */
export function isNewerBuild(latest: string, running: string): boolean {
  if (!latest || latest === running) return false;
  if (TIMESTAMP_ID.test(latest) && TIMESTAMP_ID.test(running)) return latest > running;
  return true;
}

export interface BuildWatcher {
  /** Checks for a newer build unless one was checked less than the interval ago. */
  check(): Promise<void>;
  /** A newer build is out: the next route change must load the page fully. */
  readonly stale: boolean;
}

export function createBuildWatcher(options: {
  running: string;
  fetchLatest: () => Promise<string | undefined>;
  now?: () => number;
  intervalMs?: number;
}): BuildWatcher {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? BUILD_CHECK_INTERVAL_MS;
  let lastCheck = Number.NEGATIVE_INFINITY;
  let stale = false;
  return {
    get stale() {
      return stale;
    },
    async check() {
      if (stale || now() - lastCheck < interval) return;
      lastCheck = now();
      try {
        const latest = await options.fetchLatest();
        if (latest && isNewerBuild(latest, options.running)) stale = true;
      } catch {
        // Offline or the server is restarting: try again on a later navigation.
      }
    },
  };
}

async function fetchLatestBuildId(): Promise<string | undefined> {
  const response = await fetch(LATEST_BUILD_URL, { cache: "no-store", headers: { accept: "application/json" } });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { id?: unknown };
  return typeof body.id === "string" ? body.id : undefined;
}

/** Wires the build check to the router: check after each navigation, full load on the next one when stale. */
export function useBuildCheck(): void {
  const location = useLocation();
  const navigation = useNavigation();
  const watcher = useRef<BuildWatcher | null>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checks once per navigation.
  useEffect(() => {
    watcher.current ??= createBuildWatcher({ running: BUILD_ID, fetchLatest: fetchLatestBuildId });
    if (first.current) {
      first.current = false;
      return;
    }
    void watcher.current.check();
  }, [location.key]);

  useEffect(() => {
    const next = navigation.location;
    // Only a plain route change becomes a full load; a form post keeps its client-side flow.
    const plain = navigation.state === "loading" && (!navigation.formMethod || navigation.formMethod === "GET");
    if (!plain || !next || !watcher.current?.stale) return;
    window.location.assign(next.pathname + next.search + next.hash);
  }, [navigation.state, navigation.location, navigation.formMethod]);
}
